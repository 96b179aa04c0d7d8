/* study.c -- the records of `leakproof account`: the accountant's epsilon for
 * a run, and the least multiplier for a target.  Contracts in study.h. */
#include <math.h>
#include <stdio.h>
#include "account/study.h"
#include "account/peers/peers.h"
#include "core/decimal_ops.h"
#include "account/rdp/delta_at_epsilon.h"

/* The conversion's status, for a non-certified method: what the method itself
 * saw (an inaccurate best order, orders lost), then, with a reference, the
 * measured error against the tolerance (the status follows the measurement). */
static const char *
conversion_status(char *note, size_t nl, const lp_account *acc, const char *alpha,
                  const lp_result *best, double rel, int measured)
{
    size_t lost = 0, f = 0;
    note[0] = '\0';
    for (size_t i = 0; i < acc->norders; i++) {
        lp_status st = acc->order[i].eps_balle.status;
        if (st != LP_OK && st != LP_INACCURATE && lost++ == 0)
            f = i;
    }
    if (measured) {
        snprintf(note, nl, "measured against arb: %.3g relative, %s the tolerance %g", rel,
                 rel > LP_INACCURATE_TOL ? "above" : "within", LP_INACCURATE_TOL);
        return rel > LP_INACCURATE_TOL ? "inaccurate" : "ok";
    }
    if (best->status == LP_INACCURATE) {
        snprintf(note, nl, "the best order %s: %s", alpha, best->note);
        return "inaccurate";
    }
    if (lost) {
        snprintf(note, nl, "%zu of %zu orders gave no value (first: order %s: %s): the minimum "
                 "is over the others, which may miss the best", lost, acc->norders,
                 acc->order[f].alpha, lp_status_name(acc->order[f].eps_balle.status));
        return "inaccurate";
    }
    return "ok";
}

const char *
lp_account_status(char *note, size_t nl, const lp_account *acc, int balle)
{
    long bi = balle ? acc->best_balle : acc->best_classic;
    if (bi < 0) {
        snprintf(note, nl, "%s", acc->order[0].eps_balle.note);
        return lp_status_name(acc->order[0].eps_balle.status);
    }
    if (acc->peer == NULL) {
        note[0] = '\0';
        return "ok";
    }
    return conversion_status(note, nl, acc, acc->order[bi].alpha,
                             balle ? &acc->order[bi].eps_balle : &acc->order[bi].eps_classic,
                             -1, 0);
}

void
lp_account_record_conversion(lp_record *rec, const lp_account *acc, const lp_account *ref,
                             int balle, slong digits)
{
    long bi = balle ? acc->best_balle : acc->best_classic;
    const lp_result *best;
    int clamped = 0;
    double rel = -1;
    lp_record_text(rec, "conversion", balle ? "Balle et al. 2020 (Opacus)" : "classic (Mironov 2017)");
    if (bi < 0) {
        lp_record_null(rec, "epsilon_upper_bound");
        lp_record_null(rec, "order");
        lp_record_text(rec, "status", lp_status_name(acc->order[0].eps_balle.status));
        lp_record_text(rec, "note", acc->order[0].eps_balle.note);
        return;
    }
    best = balle ? &acc->order[bi].eps_balle : &acc->order[bi].eps_classic;
    if (acc->peer == NULL) {
        const arf_struct *u = balle ? acc->eps_upper_balle : acc->eps_upper_classic;
        if (arf_sgn(u) < 0) {
            /* the formula's value is negative; epsilon >= 0 always, so 0 holds */
            lp_record_text(rec, "epsilon_upper_bound", "0");
            clamped = 1;
        } else {
            char *up = lp_format_arf_directed(u, digits, 1);
            lp_record_text(rec, "epsilon_upper_bound", up);
            flint_free(up);
        }
    } else {
        lp_record_null(rec, "epsilon_upper_bound");
    }
    lp_record_text(rec, "order", acc->order[bi].alpha);
    if (best->certified) {
        /* GCC 12 misjudges the size of a ball reached through the order
         * table here (a false -Wstringop-overread; valgrind is clean) */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overread"
        lp_record_ball(rec, "value", best->value, digits);
#pragma GCC diagnostic pop
    } else {
        double v = arf_get_d(arb_midref(best->value), ARF_RND_NEAR);
        lp_record_double(rec, "value", v);
        clamped = v < 0;
    }
    lp_record_bool(rec, "certified", best->certified);
    /* epsilon is >= 0: a negative value of the formula is reported as 0 */
    lp_record_bool(rec, "clamped_at_zero", clamped);
    if (ref) {
        long ri = balle ? ref->best_balle : ref->best_classic;
        const lp_result *rb = ri >= 0 ? (balle ? &ref->order[ri].eps_balle : &ref->order[ri].eps_classic) : NULL;
        const arf_struct *lower = balle ? ref->eps_lower_balle : ref->eps_lower_classic;
        rel = rb ? lp_rel_error(best, rb) : -1;
        if (rb && arb_is_zero(rb->value))   /* against 0: the absolute error */
            rel = fabs(arf_get_d(arb_midref(best->value), ARF_RND_NEAR));
        if (rel >= 0)
            lp_record_double(rec, "rel_error", rel);
        else
            lp_record_null(rec, "rel_error");
        /* below the certified minimum over the same orders: an unsound epsilon */
        if (rb && arf_is_finite(lower)) {
            arf_t v;
            arf_init(v);
            arf_set(v, arb_midref(best->value));
            lp_record_bool(rec, "below_certified", arf_cmp(v, lower) < 0);
            arf_clear(v);
        } else {
            lp_record_null(rec, "below_certified");
        }
    }
    if (acc->peer == NULL) {
        lp_record_text(rec, "status", "ok");
        if (clamped)
            lp_record_text(rec, "note", "the conversion's formula is negative here; epsilon >= 0, "
                           "so the bound is 0");
    } else {
        char note[300];
        lp_record_text(rec, "status", conversion_status(note, sizeof note, acc, acc->order[bi].alpha, best,
                                                           rel, rel >= 0));
        if (ref)
            lp_record_double(rec, "tolerance", LP_INACCURATE_TOL);
        lp_record_text(rec, "note", note[0] ? note : (clamped ? "the formula's value is negative "
                                                     "(the peer returns it; epsilon >= 0)" : NULL));
    }
}

static void
record_accountant(lp_record *rec, const lp_account_request *req, const lp_account *acc,
                  const lp_account *ref)
{
    lp_record_text(rec, "command", "account");
    lp_account_record_run(rec, req);    /* M, q, T (or the phases: request.c) */
    lp_record_text(rec, "delta", req->delta->text);
    lp_record_text(rec, "method", lp_account_method_name(acc->peer));
    lp_record_text(rec, "algorithm", lp_account_method_algorithm(acc->peer));
    if (acc->peer == NULL)
        lp_record_null(rec, "peer_conversion");
    else    /* the object holding the peer's own epsilon */
        lp_record_text(rec, "peer_conversion",
                       lp_account_method_balle(acc->peer) ? "balle2020" : "classic");
    lp_record_text(rec, "orders", req->orders->text);
    lp_record_int(rec, "norders", (int64_t) acc->norders);
    if (acc->searched)
        lp_record_text(rec, "order_search", "golden section over real orders between the best "
                       "grid order's neighbours; epsilon certified at the order found, not a "
                       "certified minimum");
    else
        lp_record_null(rec, "order_search");
    lp_record_int(rec, "orders_failed", (int64_t) acc->nfailed);
    {
        int64_t ni = 0;     /* orders whose value the method saw lose accuracy */
        for (size_t i = 0; i < acc->norders; i++)
            ni += acc->order[i].eps_balle.status == LP_INACCURATE;
        lp_record_int(rec, "orders_inaccurate", ni);
    }
    if (acc->nfailed) {
        size_t f = 0;
        while (f < acc->norders && (acc->order[f].eps_balle.status == LP_OK
                                    || acc->order[f].eps_balle.status == LP_INACCURATE))
            f++;
        lp_record_textf(rec, "first_failure", "order %s: %s: %s", acc->order[f].alpha,
                        lp_status_name(acc->order[f].eps_balle.status), acc->order[f].eps_balle.note);
    } else {
        lp_record_null(rec, "first_failure");
    }
    lp_account_record_conversion(lp_record_object(rec, "balle2020"), acc, ref, 1, req->digits);
    lp_account_record_conversion(lp_record_object(rec, "classic"), acc, ref, 0, req->digits);
    if (req->per_order)
        for (size_t i = 0; i < acc->norders; i++) {
            lp_record *row = lp_record_append(rec, "per_order");
            lp_account_record_order(row, &acc->order[i], req->digits);
            lp_record_text(row, "status", lp_status_name(acc->order[i].eps_balle.status));
        }
}

void
lp_account_record_order(lp_record *row, const lp_account_order *o, slong digits)
{
    const lp_result *r[3] = { &o->rdp_T, &o->eps_balle, &o->eps_classic };
    static const char *const key[3] = { "rdp", "epsilon_balle2020", "epsilon_classic" };
    lp_record_text(row, "order", o->alpha);
    for (int k = 0; k < 3; k++) {
        if (r[k]->status != LP_OK)
            lp_record_null(row, key[k]);
        else if (r[k]->certified) {
            /* the same false -Wstringop-overread as above */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overread"
            lp_record_ball(row, key[k], r[k]->value, digits);
#pragma GCC diagnostic pop
        }
        else
            lp_record_double(row, key[k], arf_get_d(arb_midref(r[k]->value), ARF_RND_NEAR));
    }
}

void
lp_account_study(lp_record *rec, const lp_account_request *req)
{
    lp_dpsgd run;
    struct lp_phases ph;
    lp_account acc, ref;
    if (req->delta_for_eps) {
        lp_account_delta_study(rec, req);   /* delta at epsilon (rdp/delta_at_epsilon.c) */
        return;
    }
    if (lp_account_edge_study(rec, req))
        return;                 /* q = 0, delta = 0 (rdp/zero_edges.c) */
    lp_account_run_init(&run, &ph, req);
    if (req->orders->search)
        lp_account_init_search(&acc);
    else
        lp_account_init(&acc, req->orders->order, req->orders->n);
    /* two guard digits: the printed decimal is rounded from a ball that has them */
    lp_account_eval_orders(&acc, &run, req->peer, req->digits + 2, req->orders->search);
    if (req->compare) {
        /* arb over the same orders as the double method (the grid, no search) */
        lp_account_init(&ref, req->orders->order, req->orders->n);
        lp_account_eval(&ref, &run, NULL, 17);
        if (req->peer && req->peer->kl_zero)
            lp_account_kl_zero(&ref, run.delta);    /* its conversion, certified */
    }
    record_accountant(rec, req, &acc, req->compare ? &ref : NULL);
    if (req->compare)
        lp_account_clear(&ref);
    lp_account_clear(&acc);
    lp_account_run_clear(&run, &ph, req);
}

double
lp_account_least_multiplier_guess(const lp_account_request *req, const lp_exact *epsilon,
                                  long resolution)
{
    lp_dpsgd run;
    lp_exact one;
    double M;
    if (lp_exact_sign(req->q) <= 0 || lp_exact_sign(epsilon) <= 0 || lp_exact_sign(req->delta) <= 0
        || req->nphases || req->replace || req->fixed_batch)
        return NAN;             /* the edges answer at once; the rest have no port in doubles */
    lp_exact_init_ui(&one, 1);
    lp_dpsgd_init_exact(&run, &one, req->q, req->steps, req->delta);
    lp_exact_clear(&one);
    M = lp_account_guess_multiplier(&run, epsilon->d, req->orders->order, req->orders->n,
                                    req->orders->search, resolution);
    lp_dpsgd_clear(&run);
    return M;
}

int
lp_account_least_multiplier_study(lp_record *rec, const lp_exact *epsilon,
                                  const lp_account_request *req, long resolution)
{
    lp_dpsgd run;
    arb_t target;
    arf_t eps_hi, eps_lo;
    char *M_hi = NULL, *M_lo = NULL;
    int below = 0, rc;
    if (lp_account_least_multiplier_edge(rec, epsilon, req, resolution))
        return 0;               /* q = 0, epsilon = 0, delta = 0 (rdp/zero_edges.c) */
    lp_exact one;
    lp_exact_init_ui(&one, 1);          /* the search sets M */
    lp_dpsgd_init_exact(&run, &one, req->q, req->steps, req->delta);
    lp_exact_clear(&one);
    run.replace = req->replace;
    run.fixed_batch = req->fixed_batch;
    arb_init(target);
    arf_init(eps_hi);
    arf_init(eps_lo);
    lp_exact_arb(target, epsilon, 256);
    rc = lp_account_least_multiplier(&M_hi, &M_lo, eps_hi, eps_lo, &below, &run, target,
                                     req->orders->order, req->orders->n, req->orders->search,
                                     resolution);
    if (rc == 0) {
        char *up = lp_format_arf_directed(eps_hi, req->digits, 1);
        char *lo = lp_format_arf_directed(eps_lo, req->digits, 0);
        lp_record_text(rec, "command", "account least-multiplier");
        lp_record_text(rec, "epsilon", epsilon->text);
        lp_record_text(rec, "sampling_rate", req->q->text);
        lp_record_int(rec, "steps", (int64_t) req->steps);
        lp_record_text(rec, "delta", req->delta->text);
        lp_record_text(rec, "orders", req->orders->text);
        lp_record_int(rec, "resolution", resolution);
        lp_account_record_relation(rec, req);
        lp_record_text(rec, "noise_multiplier", M_hi);
        lp_record_text(rec, "epsilon_upper_bound", up);
        lp_record_text(rec, "below", M_lo);
        if (arf_is_finite(eps_lo))
            lp_record_text(rec, "epsilon_below_lower_bound", lo);
        else    /* below = 0: no noise, epsilon unbounded (no number to print) */
            lp_record_null(rec, "epsilon_below_lower_bound");
        lp_record_bool(rec, "below_certainly_exceeds", below);
        flint_free(up);
        flint_free(lo);
    } else {
        /* no multiplier in the search's range meets the target: a record
           that says so (the caller exits 1), not silence */
        lp_record_text(rec, "command", "account least-multiplier");
        lp_record_text(rec, "epsilon", epsilon->text);
        lp_record_text(rec, "sampling_rate", req->q->text);
        lp_record_int(rec, "steps", (int64_t) req->steps);
        lp_record_text(rec, "delta", req->delta->text);
        lp_record_text(rec, "orders", req->orders->text);
        lp_record_int(rec, "resolution", resolution);
        lp_record_null(rec, "noise_multiplier");
        lp_record_text(rec, "status", "not_found");
        lp_record_textf(rec, "note", "no noise multiplier up to 10^6 meets epsilon <= %s at these orders", epsilon->text);
    }
    flint_free(M_hi);
    flint_free(M_lo);
    arb_clear(target);
    arf_clear(eps_hi);
    arf_clear(eps_lo);
    lp_dpsgd_clear(&run);
    return rc;
}
