/* pld_plan.c -- the work estimate of the PLD accountant.  Contract in
 * pld_plan.h.
 *
 * The grid is chosen by lp_pld_init in doubles before any certified work
 * (pld_init.c, step 1); in plan-only mode it stops there, so the estimate sees
 * the very K (one step's support) the run will use and its n (circular grid,
 * 2^k or 3 2^k) at most: the run may shorten the circle once the masses
 * are in (init/pld_window_refit.c; q 1e-5, T 1e7, M 1.1: 2^18 -> 3 2^15).  The cost model (doubles: it decides whether to start, never
 * a bound), measured on the development machine (2 cores, OpenMP default,
 * shared with other jobs), per relation, fitted to the CPU seconds (user +
 * sys) of both relations running at once:
 *   the K masses (Taylor blocks, pld_grid_taylor.c), the bounds over them
 *   and the composition's per-point work (its conversions, the direct sums
 *   of 10 - 18 coefficients): 5e-7 K; its two real transforms of n points:
 *   3e-9 n log2(n); again in x87 extended precision where the double bound
 *   would exceed a fifth of delta (pld_init.c; predicted as 1e-13 T > 0.2 delta,
 *   the double bound being 3e-14 - 2.6e-13 T at q 1e-4 - 1e-5): 1.5e-8
 *   n log2(n) more; plus 0.05 s to start.
 * Measured after the Taylor masses (issue 31's third round; load average
 * 3.5 - 5; both relations' CPU seconds, the model in parentheses, K and n
 * of one; within a factor of 1.4 either way):
 *   M 1.1, q 0.5, T 10:               K 1168, n 4096:      0.07 s (0.05);
 *   M 1.1, q 0.01, T 10:              K 15039, n 16384:    0.07 s (0.07);
 *   M 1.1, q 0.01, T 1000:            K 35473, n 131072:   0.08 s (0.10);
 *   same, --width 1e-3:               K 354725, n 2^20:    0.47 s (0.52);
 *   same, M 1, --width 3e-4:          K 1.3M, n 2^22:      1.64 s (1.85);
 *   M 1.1, q 1e-4, T 1e6:             K 249988, n 2^22:    1.15 s (0.85);
 *   M 1.1, q 0.01, T 1e6:             K 22201, n 2^20:     0.24 s (0.20);
 *   M 1.1, q 0.01, T 1e7:             K 11033, n 2^21:     0.41 s (0.32);
 *   M 1.1, q 1e-5, T 10:              K 37505, n 65536:    0.08 s (0.09);
 *   M 1.1, q 1e-3, T 1000:            K 95429, n 131072:   0.13 s (0.16);
 *   M 1.1, q 1e-5, T 1e6:             K 269421, n 2^22:    1.05 s (0.87);
 *   M 1.1, q 1e-3, T 1e7:             K 138175, n 2^23:    1.77 s (1.34);
 *   M 1.1, q 1e-4, T 1e4:             K 157267, n 2^18:    0.18 s (0.23);
 *   M 1.1, q 0.1, T 1000:             K 5804, n 65536:     0.06 s (0.06);
 *   M 0.8, q 1e-5, T 1e6, delta 1e-8: K 4.2M, n 2^23:    10.4 s (11.1, the
 *     extended composition's 5.8 included; before the Taylor masses 22 s).
 * (Before them the masses cost 2.5e-6 K: the model 2.5e-6 K + 4e-9 n log2(n)
 * was up to 4.6 times these runs.)
 * Memory (peak resident, both relations at once): per relation 48 bytes
 * per grid point (the composition's real vector, its twiddles and three
 * suffix sums) and at most 180 bytes per support point (the Arb masses and
 * their tails, 96 - 144 bytes, and the composition's copies). */
#include <math.h>
#include "core/host.h"
#include "account/pld/study/pld_plan.h"
#include "account/pld/compose/pld_fft.h"

/* one relation's choices (lp_pld_plan_step), for lp_run_two */
typedef struct {
    lp_pld *pld;
    const lp_pld_request *req;
    const lp_dpsgd *run;
    lp_pld_relation rel;
    double eps_floor, eps_hint;
    int *st;
} plan_job;

static void
plan_one(void *p)
{
    const plan_job *j = p;
    lp_pld_step step;
    lp_pld_phase_step(&step, j->req->run, j->run);
    step.width_eps_floor = j->eps_floor;
    *j->st = lp_pld_plan_step(j->pld, &step, j->rel, j->req->width, j->req->max_n, j->eps_hint);
    lp_pld_step_clear(&step);
}

double
lp_pld_work_seconds(const lp_pld_request *req, double *bytes, size_t *n_max, size_t *K_max,
                    const char **why)
{
    lp_dpsgd run;
    double total = 0.05, peak = 0;
    double eps_hint = req->eps ? req->eps->d : -1;
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
            one.run = &req->phases[i];
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
    lp_pld_phase_run(&run, req->run, req->delta);
    /* the two relations' choices at once, one a thread, as the run builds
     * them (pld_study.c); summed in order after */
    {
        lp_pld pld[2];
        int st[2] = { -1, -1 }, want[2];
        double eps_floor[2];    /* the smaller relation sized as the run sizes it (pld_pair.c) */
        plan_job job[2];
        lp_pld_pair_floors(req, &run, eps_floor);
        for (int rel = 0; rel < 2; rel++) {  /* q = 1: the Gaussian's closed form, no grid */
            want[rel] = !(run.q_is_one && req->run->mech == LP_PLD_GAUSS) && (req->relation == 2 || req->relation == rel);
            job[rel] = (plan_job) { &pld[rel], req, &run, (lp_pld_relation) rel, eps_floor[rel], eps_hint,
                                    &st[rel] };
        }
        if (want[0] && want[1] && lp_threads_effective(0) >= 2)
            lp_run_two(plan_one, &job[0], &job[1]);
        else
            for (int rel = 0; rel < 2; rel++)
                if (want[rel])
                    plan_one(&job[rel]);
        for (int rel = 0; rel < 2; rel++) {
            double n, K;
            if (!want[rel])
                continue;
            if (st[rel] != 0) {
                *why = pld[rel].why;    /* the run would fail the same way: declined before it */
                lp_pld_clear(&pld[rel]);
                continue;
            }
            n = (double) pld[rel].n;
            K = (double) pld[rel].support;
            /* the masses per support point, each mechanism's (its row) */
            total += pld_mech_of(req->run->mech)->mass_seconds * K + 3e-9 * n * log2(fmax(n, 2));
            if (1e-13 * (double) run.steps > 0.2 * fmax(run.delta_d, 1e-300) && pld_fft_ld_available())
                total += 1.5e-8 * n * log2(fmax(n, 2));     /* the extended composition too */
            peak += 48 * n + 180 * K;   /* the relations run at once (pld_study.c) */
            if (pld[rel].n > *n_max)
                *n_max = pld[rel].n;
            if (pld[rel].support > *K_max)
                *K_max = pld[rel].support;
            lp_pld_clear(&pld[rel]);
        }
    }
    lp_dpsgd_clear(&run);
    *bytes = peak;
    return total;
}
