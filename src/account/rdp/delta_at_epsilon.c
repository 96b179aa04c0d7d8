/* delta_at_epsilon.c -- the RDP accountant's delta at a given epsilon E.
 * Each order alpha turns the run's RDP R = RDP_T(alpha) into (E, delta)-DP
 * by inverting the conversion the epsilon path uses:
 *   classic (Mironov 2017, Prop. 3):  E = R + log(1/delta)/(alpha-1)
 *       =>  log delta = (alpha-1)(R - E)
 *   Balle et al. 2020, Thm 21:  E = R + log((alpha-1)/alpha) - (log delta + log alpha)/(alpha-1)
 *       =>  log delta = (alpha-1)(R - E) + (alpha-1) log(1 - 1/alpha) - log alpha
 * Both are increasing in R, so the upper end of R's ball gives a certified
 * upper bound on the delta at that order; the accountant's delta is the least
 * of these over the orders (any one order's guarantee holds), clamped at 1.
 * The orders: the default's grid (the 161 orders of best_order.c; no search
 * between them, the record says so) or the list given.  The run may be in
 * phases (phases.c); at q = 0 delta is 0 (zero_edges.c). */
#include <stdio.h>
#include <string.h>
#include "core/host.h"
#include "account/study.h"
#include "core/decimal_ops.h"
#include "account/rdp/phases.h"
#include "account/rdp/delta_at_epsilon.h"

#define DIGITS_MORE 36     /* guard digits tried beyond the asked ones */

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
    lp_account_request r = *req;
    lp_exact half;

    lp_exact_init(&half, "0.5");
    r.delta = &half;                        /* delta unused: epsilon is given */
    lp_account_run_init(&run, &ph, &r);
    lp_exact_clear(&half);
    arb_init(eps);
    arb_init(alpha);
    arb_init(lc);
    arb_init(lb);
    lp_exact_arb(eps, req->delta_for_eps, 256);
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
    lp_record_text(rec, "epsilon", req->delta_for_eps->text);
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
            lp_record_text(obj[k], "note", lp_account_note_q0);
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
    lp_account_run_clear(&run, &ph, &r);
}
