/* delta_at_epsilon.c -- what the peers' users expect of the RDP accountant (issue 20,
 * part 6): delta at a given epsilon, a run in phases, and the edges of the
 * parameters as the mathematics says (q = 0, delta = 0, epsilon = 0).
 *
 * Delta at epsilon E.  Each order alpha turns the run's RDP R = RDP_T(alpha)
 * into (E, delta)-DP by inverting the conversion the epsilon path uses:
 *   classic (Mironov 2017, Prop. 3):  E = R + log(1/delta)/(alpha-1)
 *       =>  log delta = (alpha-1)(R - E)
 *   Balle et al. 2020, Thm 21:  E = R + log((alpha-1)/alpha) - (log delta + log alpha)/(alpha-1)
 *       =>  log delta = (alpha-1)(R - E) + (alpha-1) log(1 - 1/alpha) - log alpha
 * Both are increasing in R, so the upper end of R's ball gives a certified
 * upper bound on the delta at that order; the accountant's delta is the least
 * of these over the orders (any one order's guarantee holds), clamped at 1.
 * The orders: the default's grid (the 161 orders of best_order.c; no search
 * between them, the record says so) or the list given.
 *
 * Edges.  q = 0: the example is never sampled, the output's distribution does
 * not depend on it: (0, 0)-DP, epsilon = 0 exactly (a phase with q = 0 adds
 * nothing).  delta = 0 with q > 0: the Gaussian's privacy loss is unbounded
 * (a normal variable), so no finite epsilon gives (epsilon, 0)-DP: epsilon =
 * +infinity, reported as status "infinite" with the bound null (JSON has no
 * infinity and a record never prints inf).  Given epsilon = 0 (or delta = 0)
 * to the least-multiplier inverse with q > 0, only infinite noise meets it. */
#include <stdio.h>
#include <string.h>
#include "core/host.h"
#include "account/study.h"
#include "core/decimal_ops.h"
#include "account/rdp/phases.h"
#include "account/rdp/delta_at_epsilon.h"

#define DIGITS_MORE 36     /* guard digits tried beyond the asked ones */

int
lp_account_all_rates_zero(const lp_account_request *req)
{
    char buf[256], err[200];
    const char *M, *q, *T;
    uint64_t steps;
    if (req->nphases == 0)
        return lp_rate_is_zero(req->q);
    for (size_t i = 0; i < req->nphases; i++) {
        if (lp_phase_split(buf, sizeof buf, req->phase[i], &M, &q, &T, &steps, err, sizeof err) != 0
            || !lp_rate_is_zero(q))
            return 0;
    }
    return 1;
}

void
lp_account_record_run(lp_record *rec, const lp_account_request *req)
{
    char buf[256], err[200];
    const char *M, *q, *T;
    uint64_t steps, total = 0;
    if (req->nphases == 0) {
        lp_record_text(rec, "noise_multiplier", req->M);
        lp_record_text(rec, "sampling_rate", req->q);
        lp_record_int(rec, "steps", (int64_t) req->steps);
        lp_account_record_relation(rec, req);
        return;
    }
    /* the phases: each its own multiplier, rate and steps; steps the total */
    lp_record_null(rec, "noise_multiplier");
    lp_record_null(rec, "sampling_rate");
    for (size_t i = 0; i < req->nphases; i++) {
        lp_phase_split(buf, sizeof buf, req->phase[i], &M, &q, &T, &steps, err, sizeof err);
        total += steps;
    }
    lp_record_int(rec, "steps", (int64_t) total);
    for (size_t i = 0; i < req->nphases; i++) {
        lp_record *row = lp_record_append(rec, "phases");
        lp_phase_split(buf, sizeof buf, req->phase[i], &M, &q, &T, &steps, err, sizeof err);
        lp_record_text(row, "noise_multiplier", M);
        lp_record_text(row, "sampling_rate", q);
        lp_record_int(row, "steps", (int64_t) steps);
    }
    lp_account_record_relation(rec, req);
}

void
lp_account_record_relation(lp_record *rec, const lp_account_request *req)
{
    if (req->fixed_batch) {     /* the scheme and the relation its bound holds for */
        lp_record_text(rec, "sampling", "fixed-batch");
        lp_record_text(rec, "relation", "replace");
        lp_record_text(rec, "relation_bound", "fixed-size batches drawn without replacement "
                       "(q = batch/dataset size), replace-one neighbours, sensitivity 2C: each "
                       "step's RDP(a) <= min(Wang, Balle, Kasiviswanathan 2019 Thm 9 with the "
                       "Gaussian's 2a/M^2, joint convexity); fractional orders by the chord of "
                       "(a-1) RDP(a) (their Cor. 10); certified, not tight");
        return;
    }
    if (!req->replace)
        return;                 /* add/remove: the records as they were */
    lp_record_text(rec, "relation", "replace");
    lp_record_text(rec, "relation_bound", "replace-one as remove then add: each step's "
                   "RDP(a) <= (a - 1/2)/(a - 1) RDP(2a) + RDP(2a - 1) (Mironov 2017, Prop. 11, "
                   "p = 2), RDP the sampled Gaussian's add/remove curve; certified, not tight");
}

/* the run the accountant sees: one phase, or the phases' sum */
static void
run_init(lp_dpsgd *run, struct lp_phases *ph, const lp_account_request *req, const char *delta)
{
    if (req->nphases)
        lp_phases_init(ph, run, req->phase, req->nphases, delta);
    else
        lp_dpsgd_init(run, req->M, req->q, req->steps, delta);
    run->replace = req->replace;
    run->fixed_batch = req->fixed_batch;
}

static void
run_clear(lp_dpsgd *run, struct lp_phases *ph, const lp_account_request *req)
{
    if (req->nphases)
        lp_phases_clear(ph, run);
    lp_dpsgd_clear(run);
}

/* the header every edge record shares with the accountant's record */
static void
edge_header(lp_record *rec, const lp_account_request *req)
{
    lp_record_text(rec, "command", "account");
    lp_account_record_run(rec, req);
    lp_record_text(rec, "delta", req->delta);
    lp_record_text(rec, "method", "arb");
    lp_record_null(rec, "algorithm");
    lp_record_null(rec, "peer_conversion");
    lp_record_text(rec, "orders", req->orders->text);
    lp_record_int(rec, "norders", 0);
    lp_record_null(rec, "order_search");
    lp_record_int(rec, "orders_failed", 0);
    lp_record_int(rec, "orders_inaccurate", 0);
    lp_record_null(rec, "first_failure");
}

static void
edge_conversion(lp_record *obj, int balle, int infinite, const char *note)
{
    lp_record_text(obj, "conversion", balle ? "Balle et al. 2020 (Opacus)" : "classic (Mironov 2017)");
    if (infinite) {
        lp_record_null(obj, "epsilon_upper_bound");
        lp_record_null(obj, "order");
        lp_record_null(obj, "value");
    } else {
        lp_record_text(obj, "epsilon_upper_bound", "0");
        lp_record_null(obj, "order");
        lp_record_text(obj, "value", "0");
    }
    lp_record_bool(obj, "certified", 1);
    lp_record_bool(obj, "clamped_at_zero", 0);
    lp_record_text(obj, "status", infinite ? "infinite" : "ok");
    lp_record_text(obj, "note", note);
}

static const char note_q0[] = "sampling rate 0: the example is never used and the output does "
    "not depend on it, so epsilon = 0 exactly ((0, 0)-DP)";
static const char note_d0[] = "delta = 0: the Gaussian's privacy loss is unbounded, so no finite "
    "epsilon holds; epsilon = +infinity (null: JSON has no infinity)";

int
lp_account_edge_study(lp_record *rec, const lp_account_request *req)
{
    int q0 = lp_account_all_rates_zero(req);
    if (req->delta_for_eps) {
        lp_account_delta_study(rec, req);
        return 1;
    }
    if (!q0 && !(req->delta && lp_decimal_sign(req->delta) == 0))
        return 0;
    edge_header(rec, req);
    edge_conversion(lp_record_object(rec, "balle2020"), 1, !q0, q0 ? note_q0 : note_d0);
    edge_conversion(lp_record_object(rec, "classic"), 0, !q0, q0 ? note_q0 : note_d0);
    return 1;
}

int
lp_account_least_multiplier_edge(lp_record *rec, const char *epsilon,
                                 const lp_account_request *req, long resolution)
{
    int q0 = lp_rate_is_zero(req->q);
    int e0 = lp_decimal_sign(epsilon) == 0, d0 = lp_decimal_sign(req->delta) == 0;
    if (!q0 && !e0 && !d0)
        return 0;
    lp_record_text(rec, "command", "account least-multiplier");
    lp_record_text(rec, "epsilon", epsilon);
    lp_record_text(rec, "sampling_rate", req->q);
    lp_record_int(rec, "steps", (int64_t) req->steps);
    lp_record_text(rec, "delta", req->delta);
    lp_record_text(rec, "orders", req->orders->text);
    lp_record_int(rec, "resolution", resolution);
    if (q0) {
        /* no noise is needed: the example is never used */
        lp_record_text(rec, "noise_multiplier", "0");
        lp_record_text(rec, "epsilon_upper_bound", "0");
        lp_record_text(rec, "status", "ok");
        lp_record_text(rec, "note", "sampling rate 0: the example is never used, epsilon = 0 "
                       "at any multiplier, so none is needed");
    } else {
        lp_record_null(rec, "noise_multiplier");
        lp_record_null(rec, "epsilon_upper_bound");
        lp_record_text(rec, "status", "infinite");
        lp_record_text(rec, "note", e0 ? "epsilon = 0 with sampling rate > 0: the Gaussian's "
                       "privacy loss is not identically 0 at any finite multiplier; only "
                       "infinite noise meets it (null: JSON has no infinity)"
                       : "delta = 0: the Gaussian's privacy loss is unbounded at every finite "
                       "multiplier; only infinite noise meets a finite epsilon (null: JSON has "
                       "no infinity)");
    }
    return 1;
}

/* log delta at one order for the target epsilon: both conversions inverted */
void
lp_account_log_delta(arb_t classic, arb_t balle, const arb_t rdp_T, const arb_t alpha, const arb_t eps,
          slong prec)
{
    arb_t am1, t;
    arb_init(am1);
    arb_init(t);
    arb_sub_ui(am1, alpha, 1, prec);
    arb_sub(classic, rdp_T, eps, prec);
    arb_mul(classic, classic, am1, prec);           /* (alpha-1)(R - E) */
    arb_div(t, am1, alpha, prec);
    arb_log(t, t, prec);
    arb_mul(t, t, am1, prec);                       /* (alpha-1) log(1 - 1/alpha) */
    arb_add(balle, classic, t, prec);
    arb_log(t, alpha, prec);
    arb_sub(balle, balle, t, prec);
    arb_clear(am1);
    arb_clear(t);
}

typedef struct {
    arf_t up;                   /* the least upper end of log delta so far */
    arb_t best;                 /* log delta's ball at that order */
    long at;                    /* its index, -1 none */
} best_delta;

static void
fold_delta(best_delta *b, const arb_t logd, long i)
{
    arf_t u;
    arf_init(u);
    arb_get_ubound_arf(u, logd, ARF_PREC_EXACT);
    if (b->at < 0 || arf_cmp(u, b->up) < 0) {
        arf_set(b->up, u);
        arb_set(b->best, logd);
        b->at = i;
    }
    arf_clear(u);
}

/* delta = min(1, exp(log delta)) rounded up, as text, and its ball */
static void
record_delta(lp_record *obj, const best_delta *b, const char *const *order, int balle,
             slong digits)
{
    lp_record_text(obj, "conversion", balle ? "Balle et al. 2020 (Opacus)" : "classic (Mironov 2017)");
    if (b->at < 0) {
        lp_record_null(obj, "delta_upper_bound");
        lp_record_null(obj, "order");
        lp_record_null(obj, "value");
        lp_record_bool(obj, "certified", 0);
        lp_record_text(obj, "status", "failed");
        lp_record_text(obj, "note", "no order gave a certified delta");
        return;
    }
    {
        arb_t d;
        arf_t u;
        int trivial;
        arb_init(d);
        arf_init(u);
        arb_exp(d, b->best, 128 + 4 * digits);
        arb_get_ubound_arf(u, d, ARF_PREC_EXACT);
        trivial = arf_cmp_si(u, 1) >= 0;
        if (trivial) {
            lp_record_text(obj, "delta_upper_bound", "1");
        } else {
            char *t = lp_format_arf_directed(u, digits, 1);
            lp_record_text(obj, "delta_upper_bound", t);
            flint_free(t);
        }
        lp_record_text(obj, "order", order[b->at]);
        lp_record_ball(obj, "value", d, digits);
        lp_record_bool(obj, "certified", 1);
        lp_record_text(obj, "status", "ok");
        if (trivial)
            lp_record_text(obj, "note", "the conversion gives delta >= 1 at every order: only "
                           "the trivial bound 1");
        arb_clear(d);
        arf_clear(u);
    }
}

void
lp_account_delta_study(lp_record *rec, const lp_account_request *req)
{
    const int search = req->orders->search;
    const char *const *order = search ? lp_orders_search_grid() : req->orders->order;
    const size_t n = search ? LP_NORDERS_SEARCH_GRID : req->orders->n;
    const slong bits = (slong) ((req->digits + 1) * 3.33) + 4;
    lp_dpsgd run;
    struct lp_phases ph;
    best_delta b[2];            /* 0 classic, 1 balle */
    arb_t eps, alpha, lc, lb;
    size_t failed = 0;
    int q0 = lp_account_all_rates_zero(req);

    run_init(&run, &ph, req, "0.5");       /* delta unused: epsilon is given */
    arb_init(eps);
    arb_init(alpha);
    arb_init(lc);
    arb_init(lb);
    lp_decimal_arb(eps, req->delta_for_eps, 256);
    for (int k = 0; k < 2; k++) {
        arf_init(b[k].up);
        arb_init(b[k].best);
        b[k].at = -1;
    }
    for (size_t i = 0; i < n && !q0; i++) {
        lp_account_order o;
        lp_status st = LP_FAILED;
        uint64_t integer;
        if (lp_cancelled())
            break;
        if (lp_order_parse(&integer, order[i]) != 0) {
            failed++;
            continue;
        }
        for (slong d = req->digits + 2; d <= req->digits + 2 + DIGITS_MORE; d += 12) {
            lp_account_order_init(&o, order[i]);
            st = lp_account_order_eval(&o, &run, NULL, d);
            if (st == LP_OK) {
                slong prec = o.rdp_T.prec + 64;
                lp_decimal_arb(alpha, order[i], prec);
                lp_account_log_delta(lc, lb, o.rdp_T.value, alpha, eps, prec);
            }
            lp_account_order_clear(&o);
            if (st != LP_OK)
                break;
            /* delta's relative accuracy is log delta's absolute radius */
            if (mag_cmp_2exp_si(arb_radref(lb), -bits) <= 0
                && mag_cmp_2exp_si(arb_radref(lc), -bits) <= 0)
                break;
        }
        if (st != LP_OK) {
            failed++;
            continue;
        }
        fold_delta(&b[0], lc, (long) i);
        fold_delta(&b[1], lb, (long) i);
    }
    lp_record_text(rec, "command", "account");
    lp_record_text(rec, "accountant", "rdp");
    lp_account_record_run(rec, req);
    lp_record_text(rec, "epsilon", req->delta_for_eps);
    lp_record_text(rec, "method", "arb");
    lp_record_text(rec, "orders", req->orders->text);
    lp_record_int(rec, "norders", (int64_t) (q0 ? 0 : n));
    lp_record_text(rec, "order_search", search ? "none: the least delta over the default's grid "
                   "of orders (no search between them)" : NULL);
    lp_record_int(rec, "orders_failed", (int64_t) failed);
    if (q0) {
        lp_record *obj[2] = { lp_record_object(rec, "balle2020"), lp_record_object(rec, "classic") };
        for (int k = 0; k < 2; k++) {
            lp_record_text(obj[k], "conversion", k == 0 ? "Balle et al. 2020 (Opacus)"
                           : "classic (Mironov 2017)");
            lp_record_text(obj[k], "delta_upper_bound", "0");
            lp_record_null(obj[k], "order");
            lp_record_text(obj[k], "value", "0");
            lp_record_bool(obj[k], "certified", 1);
            lp_record_text(obj[k], "status", "ok");
            lp_record_text(obj[k], "note", note_q0);
        }
    } else {
        record_delta(lp_record_object(rec, "balle2020"), &b[1], order, 1, req->digits);
        record_delta(lp_record_object(rec, "classic"), &b[0], order, 0, req->digits);
    }
    for (int k = 0; k < 2; k++) {
        arf_clear(b[k].up);
        arb_clear(b[k].best);
    }
    arb_clear(eps);
    arb_clear(alpha);
    arb_clear(lc);
    arb_clear(lb);
    run_clear(&run, &ph, req);
}

/* the accountant's run for lp_account_study: one phase or the phases */
void
lp_account_run_init(lp_dpsgd *run, struct lp_phases *ph, const lp_account_request *req)
{
    run_init(run, ph, req, req->delta);
}

void
lp_account_run_clear(lp_dpsgd *run, struct lp_phases *ph, const lp_account_request *req)
{
    run_clear(run, ph, req);
}
