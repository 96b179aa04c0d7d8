/* pld_study_phases.c -- the record of `leakproof account --accountant pld
 * --phase ...`: phases of different mechanisms, parameters, sampling rates
 * and steps composed in one certified bracket (pld_phases.c).  Contract in
 * pld_request.h (lp_pld_phases_study). */
#include <math.h>
#include <stdlib.h>
#include "core/host.h"
#include "account/pld/study/pld_request.h"

void
lp_pld_record_phases(lp_record *rec, const lp_pld_phase *phases, size_t nphases)
{
    int cited = 0, checked = 0;
    uint64_t total = 0;
    for (size_t i = 0; i < nphases; i++) {
        const lp_pld_phase *ph = phases + i;
        lp_record *o = lp_record_append(rec, "phases");
        lp_record_text(o, "mechanism", lp_pld_mech_name(ph->mech));
        /* every phase has every key (null where it has no such parameter) */
        lp_record_text(o, "noise_multiplier", ph->mech == LP_PLD_GAUSS ? ph->M : NULL);
        lp_record_text(o, "kappa", ph->mech == LP_PLD_VMF ? ph->kappa : NULL);
        if (ph->mech == LP_PLD_VMF)
            lp_record_int(o, "p", (int64_t) ph->p);
        else
            lp_record_null(o, "p");
        lp_record_text(o, "laplace_scale", ph->mech == LP_PLD_LAPLACE ? ph->kappa : NULL);
        lp_record_text(o, "step_epsilon", ph->mech == LP_PLD_RR || ph->mech == LP_PLD_EPSDELTA ? ph->e : NULL);
        lp_record_text(o, "step_delta", ph->mech == LP_PLD_EPSDELTA ? ph->d : NULL);
        lp_record_text(o, "sampling_rate", ph->q);
        lp_record_int(o, "steps", (int64_t) ph->steps);
        total += ph->steps;
        cited |= ph->mech != LP_PLD_GAUSS;
        checked |= ph->mech == LP_PLD_LAPLACE;
    }
    lp_record_int(rec, "steps", (int64_t) total);
    if (cited)       /* the weakest of the phases' pairs: checked (Laplace) or cited */
        lp_record_text(rec, "dominance_status", checked ? "checked" : "cited");
    if (cited)
        lp_record_text(rec, "dominance", "each phase's pair dominates its step (the Gaussian's and the "
                       "VMF's antipodal pair: proved; randomized response and the (epsilon, delta) "
                       "pair: Kairouz, Oh and Viswanath 2015, cited; Laplace's one-coordinate pair: checked, "
                       "not proved); their Poisson-subsampled pairs and "
                       "the product over the steps dominate the run (Zhu, Dong and Wang 2022's "
                       "theorems for dominating pairs: cited, not proved here)");
}

int
lp_pld_phases_study(lp_record *rec, const lp_pld_request *req)
{
    lp_pld_phase_set ps;
    double elo = 0, ehi = 0;
    arb_t eps, dlo, dhi, lo, hi;
    int ok = 1, oom = 0, first = 1;
    const char *why = NULL;

    lp_record_text(rec, "command", "account");
    lp_record_text(rec, "accountant", "pld");
    lp_record_null(rec, "noise_multiplier");
    lp_pld_record_phases(rec, req->phases, req->nphases);
    if (req->eps)
        lp_record_text(rec, "epsilon", req->eps);
    else
        lp_record_text(rec, "delta", req->delta);
    lp_record_text(rec, "relation", req->relation == 0 ? "remove" : req->relation == 1 ? "add" : "both");
    lp_record_double(rec, "width", req->width);
    lp_record_text(rec, "composition", "the phases' steps on one grid: the product of their spectra, "
                   "each to its own power, every bound re-proved for the sum (pld_phases.c)");
    if (lp_pld_phase_set_init(&ps, req->phases, req->nphases, req->delta) != 0)
        return LP_PLD_OUT_OF_MEMORY;
    arb_init(eps);
    arb_init(dlo);
    arb_init(dhi);
    arb_init(lo);
    arb_init(hi);
    if (req->eps)
        lp_decimal_arb(eps, req->eps, 128);
    for (int rel = 0; rel < 2 && !oom && !lp_cancelled(); rel++) {
        lp_record *obj;
        lp_pld pld;
        if (req->relation != 2 && req->relation != rel)
            continue;
        obj = lp_record_object(rec, rel == LP_PLD_REMOVE ? "remove" : "add");
        lp_record_text(obj, "relation", rel == LP_PLD_REMOVE ? "remove" : "add");
        if (lp_pld_init_phases(&pld, ps.st, ps.n, (lp_pld_relation) rel, req->width, req->max_n,
                               req->eps ? lp_strtod(req->eps, NULL) : -1) != 0) {
            oom |= pld.out_of_memory;
            why = pld.why;
            lp_record_text(obj, "why", pld.why ? pld.why : "failed");
            lp_pld_clear(&pld);
            ok = 0;
            continue;
        }
        lp_record_double(obj, "grid_width", pld.h);
        lp_record_int(obj, "grid_size", (int64_t) pld.n);
        lp_record_int(obj, "step_support", (int64_t) pld.support);
        pld_record_arb_directed(obj, "fft_error_bound", pld.err_fft, 3, 1);
        pld_record_arb_directed(obj, "window_tail_bound", pld.tail, 3, 1);
        if (req->eps) {
            lp_pld_delta(dlo, dhi, &pld, eps);
            pld_record_arb_directed(obj, "delta_lower_bound", dlo, req->digits, 0);
            pld_record_arb_directed(obj, "delta_upper_bound", dhi, req->digits, 1);
            /* the worse relation: the maximum of each bound */
            if (first || arf_cmp(arb_midref(dlo), arb_midref(lo)) > 0)
                arb_set(lo, dlo);
            if (first || arf_cmp(arb_midref(dhi), arb_midref(hi)) > 0)
                arb_set(hi, dhi);
        } else {
            double l, u;
            lp_pld_epsilon(&l, &u, &pld, ps.run[0].delta);
            pld_record_eps(obj, "epsilon_lower_bound", l, req->digits, 0);
            pld_record_eps(obj, "epsilon_upper_bound", u, req->digits, 1);
            elo = first ? l : fmax(elo, l);
            ehi = first ? u : fmax(ehi, u);
        }
        first = 0;
        lp_pld_clear(&pld);
    }
    if (req->eps) {
        pld_record_arb_directed(rec, "delta_lower_bound", lo, req->digits, 0);
        pld_record_arb_directed(rec, "delta_upper_bound", hi, req->digits, 1);
    } else {
        if (ok && !(isfinite(ehi) && ehi >= elo)) {
            ok = 0;
            why = "the upper end is not reached: delta is below the composition's error bounds "
                  "(fft_error_bound + window_tail_bound)";
        }
        pld_record_eps(rec, "epsilon_lower_bound", ok || isfinite(elo) ? elo : NAN, req->digits, 0);
        pld_record_eps(rec, "epsilon_upper_bound", ok ? ehi : NAN, req->digits, 1);
    }
    lp_record_bool(rec, "certified", ok);
    if (!ok && why)
        lp_record_text(rec, "why", why);
    arb_clear(eps);
    arb_clear(dlo);
    arb_clear(dhi);
    arb_clear(lo);
    arb_clear(hi);
    lp_pld_phase_set_clear(&ps);
    return oom ? LP_PLD_OUT_OF_MEMORY : lp_cancelled() ? LP_PLD_INTERRUPTED
        : ok ? LP_PLD_OK : LP_PLD_UNCERTIFIED;
}
