/* t-pld-refit.c -- the window sized again from the step's masses
 * (init/pld_window_refit.c): where it shortens the circle, the bracket it
 * gives is still certified.  Each run at width 1 (where step 1's window is
 * widest for its grid: the refit's case) is checked against the same run
 * at width 0.05 (a finer grid, another window; both certified, so their
 * brackets must meet), under both relations, and its window's tail bound
 * is at most 1e-3 delta (pld_init.c keeps step 1's window above it).  The
 * circle step 1 chose (lp_pld_plan_step, the choices only) against the
 * run's: the two fixed runs known to shorten it under remove must (else
 * the refit is dead code and this test checks nothing), and no run's circle
 * grows.  Two fixed runs (measured, remove: 64 -> 32 and 8192 -> 4096 points),
 * then random M, q, T, delta (LEAKPROOF_TEST_SEED; 2 - 3 of 6 shortened
 * at seeds 1 - 3).
 * TAP. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "account/pld/pld.h"
#include "tap.h"
#include "helpers.h"

/* 1 where the circle shortened */
static int
check(const char *M, const char *q, uint64_t T, const char *delta, lp_pld_relation rel)
{
    lp_dpsgd run;
    lp_pld_step st;
    lp_pld plan, coarse, fine;
    arb_t d;
    double lo1 = NAN, hi1 = NAN, lo2 = NAN, hi2 = NAN;
    int built, shortened = 0, tail_ok = 0;
    lp_dpsgd_init(&run, M, q, T, delta);
    lp_pld_step_init_gauss(&st, &run);
    arb_init(d);
    arb_set_d(d, run.delta_d);
    built = lp_pld_plan_step(&plan, &st, rel, 1.0, (size_t) 1 << 20, 0) == 0
        && lp_pld_init_step(&coarse, &st, rel, 1.0, (size_t) 1 << 20, 0) == 0
        && lp_pld_init_step(&fine, &st, rel, 0.05, (size_t) 1 << 20, 0) == 0;
    if (built) {
        arf_t u;
        arf_init(u);
        arb_get_ubound_arf(u, coarse.tail, 64);
        tail_ok = arb_is_finite(coarse.tail) && arf_cmp_d(u, 1e-3 * run.delta_d) <= 0;
        arf_clear(u);
        lp_pld_epsilon(&lo1, &hi1, &coarse, d);
        lp_pld_epsilon(&lo2, &hi2, &fine, d);
        shortened = coarse.n < plan.n;
    }
    tap_ok(built && tail_ok && coarse.n <= plan.n && lo1 <= hi2 && lo2 <= hi1,
           "M %s, q %s, T %llu, delta %s, %s: width 1 on %zu points (step 1's %zu) [%.6g, %.6g] "
           "meets width 0.05's [%.6g, %.6g]; its window's tail at most 1e-3 delta",
           M, q, (unsigned long long) T, delta, rel == LP_PLD_REMOVE ? "remove" : "add",
           built ? coarse.n : 0, built ? plan.n : 0, lo1, hi1, lo2, hi2);
    lp_pld_clear(&plan);
    lp_pld_clear(&coarse);
    lp_pld_clear(&fine);
    arb_clear(d);
    lp_pld_step_clear(&st);
    lp_dpsgd_clear(&run);
    return shortened;
}

int
main(void)
{
    flint_rand_t state;
    int fixed = 0, shortened = 0, runs = 0;
    test_rand_init(state);
    for (int rel = 0; rel < 2; rel++) {
        const int one = check("3.38", "0.00191", 4, "6.03e-7", (lp_pld_relation) rel);
        const int two = check("3.07", "9.21e-5", 7999, "1.92e-6", (lp_pld_relation) rel);
        fixed += rel == LP_PLD_REMOVE ? one + two : 0;
    }
    tap_ok(fixed == 2, "the two fixed runs' circles shortened under remove (%d of 2)", fixed);
    for (int k = 0; k < 6; k++) {
        char M[32], q[32], delta[32];
        const uint64_t T = (uint64_t) floor(pow(10, (double) n_randint(state, 4001) / 1000));
        snprintf(M, sizeof M, "%.3g", 0.8 + (double) n_randint(state, 300) / 100);
        snprintf(q, sizeof q, "%.3g", pow(10, -5 + (double) n_randint(state, 4500) / 1000));
        snprintf(delta, sizeof delta, "%.3g", pow(10, -8 + (double) n_randint(state, 5000) / 1000));
        shortened += check(M, q, T, delta, (lp_pld_relation) n_randint(state, 2));
        runs++;
    }
    printf("# %d of %d random runs shortened\n", shortened, runs);
    flint_randclear(state);
    flint_cleanup();
    return tap_done();
}
