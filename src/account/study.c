/* study.c -- the records of `leakproof account`: the accountant's epsilon for
 * a run, and the least multiplier for a target.  Contracts in account.h. */
#include <math.h>
#include "account/account.h"

void
lp_account_record_conversion(lp_record *rec, const lp_account *acc, const lp_account *ref,
                             int balle, slong digits)
{
    long bi = balle ? acc->best_balle : acc->best_classic;
    const lp_result *best;
    lp_record_text(rec, "conversion", balle ? "Balle et al. 2020 (Opacus)" : "classic (Mironov 2017)");
    if (bi < 0) {
        lp_record_null(rec, "epsilon_upper_bound");
        lp_record_null(rec, "order");
        lp_record_text(rec, "status", lp_status_name(acc->order[0].eps_balle.status));
        lp_record_text(rec, "note", acc->order[0].eps_balle.note);
        return;
    }
    best = balle ? &acc->order[bi].eps_balle : &acc->order[bi].eps_classic;
    if (acc->method == LP_ARB) {
        char *up = lp_format_arf_directed(balle ? acc->eps_upper_balle : acc->eps_upper_classic,
                                          digits, 1);
        lp_record_text(rec, "epsilon_upper_bound", up);
        flint_free(up);
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
        lp_record_double(rec, "value", arf_get_d(arb_midref(best->value), ARF_RND_NEAR));
    }
    lp_record_bool(rec, "certified", best->certified);
    if (ref) {
        long ri = balle ? ref->best_balle : ref->best_classic;
        const lp_result *rb = ri >= 0 ? (balle ? &ref->order[ri].eps_balle : &ref->order[ri].eps_classic) : NULL;
        double rel = rb ? lp_rel_error(best, rb) : -1;
        if (rel >= 0)
            lp_record_double(rec, "rel_error", rel);
        else
            lp_record_null(rec, "rel_error");
    }
    lp_record_text(rec, "status", "ok");
}

static void
record_accountant(lp_record *rec, const lp_account_request *req, const lp_account *acc,
                  const lp_account *ref)
{
    lp_record_text(rec, "command", "account");
    lp_record_text(rec, "noise_multiplier", req->M);
    lp_record_text(rec, "sampling_rate", req->q);
    lp_record_int(rec, "steps", (int64_t) req->steps);
    lp_record_text(rec, "delta", req->delta);
    lp_record_text(rec, "method", lp_method_name(acc->method));
    lp_record_text(rec, "orders", req->orders->text);
    lp_record_int(rec, "norders", (int64_t) acc->norders);
    lp_record_int(rec, "orders_failed", (int64_t) acc->nfailed);
    if (acc->nfailed) {
        size_t f = 0;
        while (f < acc->norders && acc->order[f].eps_balle.status == LP_OK)
            f++;
        lp_record_textf(rec, "first_failure", "order %s: %s: %s", acc->order[f].alpha,
                        lp_status_name(acc->order[f].eps_balle.status), acc->order[f].eps_balle.note);
    } else {
        lp_record_null(rec, "first_failure");
    }
    lp_account_record_conversion(lp_record_object(rec, "balle2020"), acc, ref, 1, req->digits);
    lp_account_record_conversion(lp_record_object(rec, "classic"), acc, ref, 0, req->digits);
}

void
lp_account_study(lp_record *rec, const lp_account_request *req)
{
    lp_dpsgd run;
    lp_account acc, ref;
    lp_dpsgd_init(&run, req->M, req->q, req->steps, req->delta);
    lp_account_init(&acc, req->orders->order, req->orders->n);
    /* two guard digits: the printed decimal is rounded from a ball that has them */
    lp_account_eval(&acc, &run, req->method, req->digits + 2);
    if (req->compare) {
        lp_account_init(&ref, req->orders->order, req->orders->n);
        lp_account_eval(&ref, &run, LP_ARB, 17);
    }
    record_accountant(rec, req, &acc, req->compare ? &ref : NULL);
    if (req->compare)
        lp_account_clear(&ref);
    lp_account_clear(&acc);
    lp_dpsgd_clear(&run);
}

int
lp_account_least_multiplier_study(lp_record *rec, const char *epsilon,
                                  const lp_account_request *req, long resolution)
{
    lp_dpsgd run;
    arb_t target;
    arf_t eps_hi, eps_lo;
    char *M_hi = NULL, *M_lo = NULL;
    int below = 0, rc;
    lp_dpsgd_init(&run, "1", req->q, req->steps, req->delta);
    arb_init(target);
    arf_init(eps_hi);
    arf_init(eps_lo);
    lp_decimal_arb(target, epsilon, 256);
    rc = lp_account_least_multiplier(&M_hi, &M_lo, eps_hi, eps_lo, &below, &run, target,
                                     req->orders->order, req->orders->n, resolution);
    if (rc == 0) {
        char *up = lp_format_arf_directed(eps_hi, req->digits, 1);
        char *lo = lp_format_arf_directed(eps_lo, req->digits, 0);
        lp_record_text(rec, "command", "account least-multiplier");
        lp_record_text(rec, "epsilon", epsilon);
        lp_record_text(rec, "sampling_rate", req->q);
        lp_record_int(rec, "steps", (int64_t) req->steps);
        lp_record_text(rec, "delta", req->delta);
        lp_record_text(rec, "orders", req->orders->text);
        lp_record_int(rec, "resolution", resolution);
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
        lp_record_text(rec, "epsilon", epsilon);
        lp_record_text(rec, "sampling_rate", req->q);
        lp_record_int(rec, "steps", (int64_t) req->steps);
        lp_record_text(rec, "delta", req->delta);
        lp_record_text(rec, "orders", req->orders->text);
        lp_record_int(rec, "resolution", resolution);
        lp_record_null(rec, "noise_multiplier");
        lp_record_text(rec, "status", "not_found");
        lp_record_textf(rec, "note", "no noise multiplier up to 10^6 meets epsilon <= %s at these orders", epsilon);
    }
    flint_free(M_hi);
    flint_free(M_lo);
    arb_clear(target);
    arf_clear(eps_hi);
    arf_clear(eps_lo);
    lp_dpsgd_clear(&run);
    return rc;
}
