/* pld_study_replace.c -- the record of `leakproof account --accountant pld
 * --relation replace`: the Poisson-subsampled Gaussian under replace-one
 * neighbours, one composition of the pair of pld_mech_replace.c (symmetric:
 * one direction serves both), certified as lp_pld_init_step's bracket; at q
 * = 1 the pair is N(s) against N(-s), one Gaussian of sensitivity 2 s, the
 * full-batch closed form at multiplier M/2.  With req->fixed_batch the same
 * for fixed-size batches drawn without replacement, the symmetrised pair of
 * pld_mech_fixed_batch.c (dominance cited).  Contract in pld_request.h. */
#include <math.h>
#include <string.h>
#include "core/host.h"
#include "account/pld/study/pld_full_batch.h"

const char pld_replace_dominance[] =
    "the pair P = (1-q) N(0, sigma^2) + q N(C, sigma^2) against Q = (1-q) N(0, sigma^2) + "
    "q N(-C, sigma^2) (the sampled example's clipped gradient and its substitute's antipodal; "
    "dp_accounting's REPLACE adjacency under sampling), symmetric, composed over the steps: "
    "attained by antipodal gradients (so the lower end bounds the run's epsilon from below); "
    "that no other pair of inputs does worse: the other examples' sum drops out by joint "
    "convexity and the rest lies in the plane of 0 and the two gradients (proved), the pair's "
    "symmetry covers the orders below 1 (proved), the antipodal gradients the worst in that "
    "plane checked, not proved (make check: random angles and norms, one step's delta below the "
    "pair's at every epsilon tried); composition of dominating pairs: Zhu, Dong and Wang 2022, "
    "cited";

const char pld_fixed_batch_dominance[] =
    "fixed-size batches of m of the n examples drawn without replacement, gamma = m/n: the "
    "Gaussian N(0, sigma^2) against N(2C, sigma^2) dominates one unsampled step (replace-one "
    "moves the clipped sum by at most 2C), and subsampling without replacement turns its "
    "tradeoff f into min{f_gamma, f_gamma^-1}** with f_gamma = gamma f + (1-gamma) Id (Dong, "
    "Roth and Su 2022, Theorem 4.2), whose pair dominates the adaptive composition (Zhu, Dong "
    "and Wang 2022): cited; its privacy loss is the remove pair's ((1-gamma) N(0) + gamma "
    "N(2C) against N(0)) above 0, the add pair's below 0 and an atom at 0, symmetric, composed "
    "over the steps; each direction is attained by a dataset, so one step's delta is exact, "
    "while over T steps the lower end bounds the pair's delta, not necessarily the run's";

int
lp_pld_replace_study(lp_record *rec, const lp_pld_request *req)
{
    lp_dpsgd run;
    lp_pld pld;
    lp_pld_step st;
    arb_t eps, dlo, dhi;
    int status = LP_PLD_OK, ok = 1;
    double elo = 0, ehi = INFINITY;

    if (req->mech != LP_PLD_GAUSS || req->M == NULL || req->nphases > 0) {
        lp_record_text(rec, "command", "account");
        lp_record_text(rec, "relation", "replace");
        lp_record_bool(rec, "certified", 0);
        lp_record_text(rec, "why", req->fixed_batch ? "fixed-size batches under the PLD accountant: "
                       "the Gaussian of one multiplier only" : "replace-one under the PLD "
                       "accountant: the Gaussian of one multiplier only");
        return LP_PLD_UNCERTIFIED;
    }
    lp_dpsgd_init(&run, req->M, req->q, req->steps, req->delta ? req->delta : "1e-12");
    arb_init(eps);
    arb_init(dlo);
    arb_init(dhi);
    if (req->eps)
        lp_decimal_arb(eps, req->eps, 128);
    lp_record_text(rec, "command", "account");
    lp_record_text(rec, "accountant", "pld");
    lp_record_text(rec, "mechanism", "gauss");
    lp_record_text(rec, "noise_multiplier", req->M);
    lp_record_text(rec, "sampling_rate", req->q);
    lp_record_text(rec, "sampling", req->fixed_batch ? "fixed-batch" : "poisson");
    lp_record_int(rec, "steps", (int64_t) req->steps);
    if (req->eps)
        lp_record_text(rec, "epsilon", req->eps);
    else
        lp_record_text(rec, "delta", req->delta);
    lp_record_text(rec, "relation", "replace");
    lp_record_text(rec, "dominance_status", req->fixed_batch ? "cited" : "checked");
    lp_record_text(rec, "dominance", req->fixed_batch ? pld_fixed_batch_dominance
                   : pld_replace_dominance);
    lp_record_double(rec, "width", req->width);
    if (run.q_is_one) {
        /* N(C) against N(-C): sensitivity 2 C, the multiplier halved (fixed
           batches, m = n: N(2C) against N(0), the same) */
        lp_dpsgd half = run;
        arb_init(half.M);
        arb_mul_2exp_si(half.M, run.M, -1);
        half.M_d = run.M_d / 2;
        status = lp_pld_full_batch(rec, &half, req, req->eps ? eps : NULL);
        arb_clear(half.M);
        goto done;
    }
    memset(&st, 0, sizeof st);
    lp_pld_step_init_gauss(&st, &run);
    st.mech = req->fixed_batch ? LP_PLD_GAUSS_FIXED_BATCH : LP_PLD_GAUSS_REPLACE;
    if (lp_pld_init_step(&pld, &st, LP_PLD_REMOVE, req->width, req->max_n,
                         req->eps ? lp_strtod(req->eps, NULL) : -1) != 0) {
        lp_record *obj = lp_record_object(rec, "replace");
        lp_record_text(obj, "why", pld.why ? pld.why : "failed");
        status = pld.out_of_memory ? LP_PLD_OUT_OF_MEMORY : lp_cancelled() ? LP_PLD_INTERRUPTED
            : LP_PLD_UNCERTIFIED;
        lp_record_bool(rec, "certified", 0);
        lp_record_text(rec, "why", pld.why ? pld.why : "failed");
        lp_pld_clear(&pld);
        lp_pld_step_clear(&st);
        goto done;
    }
    lp_pld_step_clear(&st);
    {
        lp_record *obj = lp_record_object(rec, "replace");
        lp_record_text(obj, "relation", "replace");
        lp_record_double(obj, "grid_width", pld.h);
        lp_record_int(obj, "grid_size", (int64_t) pld.n);
        lp_record_int(obj, "step_support", (int64_t) pld.support);
        pld_record_arb_directed(obj, "fft_error_bound", pld.err_fft, 3, 1);
        pld_record_arb_directed(obj, "window_tail_bound", pld.tail, 3, 1);
    }
    if (req->eps) {
        lp_pld_delta(dlo, dhi, &pld, eps);
        pld_record_arb_directed(rec, "delta_lower_bound", dlo, req->digits, 0);
        pld_record_arb_directed(rec, "delta_upper_bound", dhi, req->digits, 1);
    } else {
        lp_pld_epsilon(&elo, &ehi, &pld, run.delta);
        if (!(isfinite(ehi) && ehi >= elo))
            ok = 0;
        pld_record_eps(rec, "epsilon_lower_bound", elo, req->digits, 0);
        pld_record_eps(rec, "epsilon_upper_bound", ok ? ehi : NAN, req->digits, 1);
    }
    lp_pld_clear(&pld);
    lp_record_bool(rec, "certified", ok);
    if (!ok) {
        lp_record_text(rec, "why", "the upper end is not reached: delta is below the composition's "
                       "error bounds (fft_error_bound + window_tail_bound); a larger delta or the "
                       "RDP accountant's --relation replace bounds it");
        status = LP_PLD_UNCERTIFIED;
    }
    if (lp_cancelled())
        status = LP_PLD_INTERRUPTED;
done:
    arb_clear(eps);
    arb_clear(dlo);
    arb_clear(dhi);
    lp_dpsgd_clear(&run);
    return status;
}
