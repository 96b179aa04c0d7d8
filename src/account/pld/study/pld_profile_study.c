/* pld_profile_study.c -- the record of `account --accountant pld` with lists
 * of --delta and --delta-for-epsilon: one composition per relation
 * (pld_profile.c), a certified bracket per value.  Contract in
 * pld_profile.h. */
#include <math.h>
#include "core/host.h"
#include "account/pld/study/pld_profile.h"

static void
record_arf_directed(lp_record *row, const char *key, const arf_t x, slong digits, int up)
{
    char *t = lp_format_arf_directed(x, digits, up);
    lp_record_text(row, key, t);
    flint_free(t);
}

int
lp_pld_lists_study(lp_record *rec, const lp_pld_request *req, const char *const *deltas,
                   size_t nd, const char *const *epsilons, size_t ne)
{
    lp_pld_profile p;
    arb_t x;
    arf_t lo, hi;
    int ok = 1, status;

    lp_record_text(rec, "command", "account");
    lp_record_text(rec, "accountant", "pld");
    if (req->nphases) {
        lp_record_null(rec, "noise_multiplier");
        lp_pld_record_phases(rec, req->phases, req->nphases);
    } else if (req->mech == LP_PLD_VMF) {      /* the single query's keys (pld_study.c) */
        lp_record_text(rec, "mechanism", "vmf");
        lp_record_null(rec, "noise_multiplier");
        lp_record_text(rec, "kappa", req->kappa);
        lp_record_int(rec, "p", (int64_t) req->p);
        lp_record_text(rec, "dominance", pld_vmf_dominance);
        lp_record_text(rec, "sampling_rate", req->q);
        lp_record_int(rec, "steps", (int64_t) req->steps);
    } else {
        lp_record_text(rec, "noise_multiplier", req->M);
        lp_record_text(rec, "sampling_rate", req->q);
        lp_record_int(rec, "steps", (int64_t) req->steps);
    }
    lp_record_text(rec, "relation", req->relation == 0 ? "remove" : req->relation == 1 ? "add"
                   : req->relation == 3 ? "replace" : "both");
    if (req->relation == 3) {   /* replace-one: the pair's status (pld_study_replace.c) */
        lp_record_text(rec, "sampling", req->fixed_batch ? "fixed-batch" : "poisson");
        lp_record_text(rec, "dominance_status", req->fixed_batch ? "cited" : "checked");
        lp_record_text(rec, "dominance", req->fixed_batch ? pld_fixed_batch_dominance
                       : pld_replace_dominance);
    }
    lp_record_double(rec, "width", req->width);
    lp_record_text(rec, "grid_delta", req->delta ? req->delta : "1e-12");
    if (lp_pld_profile_init(&p, req) != 0) {
        int oom = p.out_of_memory;
        lp_record_bool(rec, "certified", 0);
        lp_record_text(rec, "why", p.why);
        lp_pld_profile_clear(&p);
        return oom ? LP_PLD_OUT_OF_MEMORY : lp_cancelled() ? LP_PLD_INTERRUPTED : LP_PLD_UNCERTIFIED;
    }
    lp_record_int(rec, "compositions", p.nrel);
    lp_record_text(rec, "route", p.full_batch ? "sampling rate 1: T Gaussian steps compose to one "
                   "Gaussian of ratio sqrt(T)/M, delta(epsilon) in closed form (Balle and Wang 2018), "
                   "certified; epsilon by bisection on it"
                   : "one composed PLD per relation (grid sized for grid_delta), every query a "
                   "certified bracket from it; the worse relation: the larger of each end");
    for (int i = 0; i < p.nrel; i++) {
        lp_record *obj = lp_record_object(rec, p.replace ? "replace"
                                          : p.pld[i].relation == LP_PLD_REMOVE ? "remove" : "add");
        lp_record_double(obj, "grid_width", p.pld[i].h);
        lp_record_int(obj, "grid_size", (int64_t) p.pld[i].n);
    }
    arb_init(x);
    arf_init(lo);
    arf_init(hi);
    for (size_t i = 0; i < nd && !lp_cancelled(); i++) {
        lp_record *row = lp_record_append(rec, "epsilons");
        double elo, ehi;
        lp_record_text(row, "delta", deltas[i]);
        lp_decimal_arb(x, deltas[i], 128);
        lp_pld_profile_epsilon(&elo, &ehi, &p, x);
        pld_record_eps(row, "epsilon_lower_bound", elo, req->digits, 0);
        pld_record_eps(row, "epsilon_upper_bound", ehi, req->digits, 1);
        lp_record_bool(row, "certified", isfinite(ehi));
        if (!isfinite(ehi)) {
            ok = 0;
            lp_record_text(row, "why", "the upper end is not reached: this delta is below the "
                           "composition's error bounds at the grid sized for grid_delta (a smaller "
                           "delta in the list, or one --delta, sizes the grid for it)");
        }
    }
    for (size_t i = 0; i < ne && !lp_cancelled(); i++) {
        lp_record *row = lp_record_append(rec, "deltas");
        lp_record_text(row, "epsilon", epsilons[i]);
        lp_decimal_arb(x, epsilons[i], 128);
        lp_pld_profile_delta(lo, hi, &p, x);
        record_arf_directed(row, "delta_lower_bound", lo, req->digits, 0);
        record_arf_directed(row, "delta_upper_bound", hi, req->digits, 1);
        lp_record_bool(row, "certified", 1);
    }
    lp_record_bool(rec, "certified", ok);
    status = p.out_of_memory ? LP_PLD_OUT_OF_MEMORY : lp_cancelled() ? LP_PLD_INTERRUPTED
        : ok ? LP_PLD_OK : LP_PLD_UNCERTIFIED;
    arb_clear(x);
    arf_clear(lo);
    arf_clear(hi);
    lp_pld_profile_clear(&p);
    return status;
}
