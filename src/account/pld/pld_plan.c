/* pld_plan.c -- the work estimate of the PLD accountant.  Contract in
 * pld_plan.h.
 *
 * The grid is chosen by lp_pld_init in doubles before any certified work
 * (pld.c, step 1); in plan-only mode it stops there, so the estimate sees
 * the very n (circular grid, a power of 2) and K (one step's support) the
 * run will use.  The cost model (doubles: it decides whether to start, never
 * a bound), measured on the development machine (2 cores, OpenMP default,
 * shared with other jobs), per relation:
 *   the K certified masses (Arb, pld_grid.c) and the bounds over them, and
 *   the FFT composition over n points:
 *     t = 5e-6 K + 0.6e-6 n log2(n) / 20   seconds, plus 0.05 s to start.
 * Measured (both relations unless said):
 *   M 2, q 0.1, T 10, remove:        K 3119, n 4096:            0.11 s;
 *   M 1, q 0.01, T 1000:             K 52k + 42k, n 2 x 131072: 0.49 s;
 *   same, --width 1e-3:              K 524k + 421k, n 2 x 2^20: 2.7 s;
 *   same, --width 3e-4, remove:      K 1.75M, n 2^22:           7.3 s;
 *   M 0.8, q 1e-5, T 1e6, delta 1e-8: K 7.1M + 3.1M, n 2 x 2^23: 72 - 82 s
 *     (the model says 62 s: the K term is set high to cover it).
 * Memory (peak resident, one relation at a time): 48 bytes per grid point
 * (the composition's complex vector, twiddles and three suffix sums) and
 * about 180 bytes per support point (the Arb masses, their tails and each
 * thread's arguments); measured 500 MB at K 1.75M, n 2^22 (model 0.52 GB),
 * 2.0 GB at K 7.1M, n 2^23 (model 1.7 GB). */
#include <math.h>
#include "core/host.h"
#include "account/pld/pld_plan.h"

double
lp_pld_work_seconds(const lp_pld_request *req, double *bytes, size_t *n_max, size_t *K_max,
                    const char **why)
{
    lp_dpsgd run;
    double total = 0.05, peak = 0;
    double eps_hint = req->eps ? lp_strtod(req->eps, NULL) : -1;
    *n_max = *K_max = 0;
    *why = NULL;
    if (req->nphases > 0) {
        /* phases: each phase's grid alone, summed (an estimate: the phases'
         * common grid is the finest of theirs, over the summed window) */
        double b = 0;
        total = 0;
        for (size_t i = 0; i < req->nphases && *why == NULL; i++) {
            lp_pld_request one = *req;
            size_t n1, K1;
            one.M = req->phases[i].M;
            one.q = req->phases[i].q;
            one.steps = req->phases[i].steps;
            one.mech = req->phases[i].mech;
            one.kappa = req->phases[i].kappa;
            one.p = req->phases[i].p;
            one.e = req->phases[i].e;
            one.d = req->phases[i].d;
            one.phases = NULL;
            one.nphases = 0;
            total += lp_pld_work_seconds(&one, &b, &n1, &K1, why);
            peak += b;
            *n_max = n1 > *n_max ? n1 : *n_max;
            *K_max += K1;
        }
        *bytes = peak;
        return total;
    }
    /* as lp_pld_study: with --delta-for-epsilon the grid is chosen for deltas down to 1e-12 */
    lp_dpsgd_init(&run, req->M && req->mech == LP_PLD_GAUSS ? req->M : "1", req->q, req->steps, req->delta ? req->delta : "1e-12");
    for (int rel = 0; rel < 2 && !run.q_is_one; rel++) {   /* q = 1: closed form, no grid */
        lp_pld pld;
        lp_pld_step st;
        double n, K;
        int failed;
        if (req->relation != 2 && req->relation != rel)
            continue;
        lp_pld_request_step(&st, req, &run);
        failed = lp_pld_plan_step(&pld, &st, (lp_pld_relation) rel, req->width, req->max_n, eps_hint);
        lp_pld_step_clear(&st);
        if (failed) {
            *why = pld.why;     /* the run would fail the same way: declined before it */
            lp_pld_clear(&pld);
            continue;
        }
        n = (double) pld.n;
        K = (double) pld.support;
        /* the VMF's masses are two rigorous integrals per cell: measured
         * 1.2e-4 s per support point (pld_mech_vmf.c) */
        total += (req->mech == LP_PLD_VMF ? 1.2e-4 : 5e-6) * K + 0.6e-6 * n * log2(fmax(n, 2)) / 20;
        peak = fmax(peak, 48 * n + 180 * K);
        if (pld.n > *n_max)
            *n_max = pld.n;
        if (pld.support > *K_max)
            *K_max = pld.support;
        lp_pld_clear(&pld);
    }
    lp_dpsgd_clear(&run);
    *bytes = peak;
    return total;
}
