/* helpers.h -- evaluating registry rows from the tests, and the pieces of the
 * randomized tests (iteration counts, random states). */
#ifndef LP_TEST_HELPERS_H
#define LP_TEST_HELPERS_H

#include <stdio.h>
#include <stdlib.h>
#include "leakproof.h"

/* Iterations of a randomized test: `base` times the environment's
 * LEAKPROOF_TEST_MULTIPLIER (a positive integer, default 1), so that make
 * check stays quick and a long run is one variable away. */
static inline long
test_iterations(long base)
{
    const char *m = getenv("LEAKPROOF_TEST_MULTIPLIER");
    long k = m && *m ? strtol(m, NULL, 10) : 1;
    return base * (k > 0 ? k : 1);
}

/* A random state seeded from LEAKPROOF_TEST_SEED (default 1), printed as a
 * TAP comment so that a failing run can be repeated. */
static inline void
test_rand_init(flint_rand_t state)
{
    const char *s = getenv("LEAKPROOF_TEST_SEED");
    ulong seed = s && *s ? strtoul(s, NULL, 10) : 1;
    flint_randinit(state);
    flint_randseed(state, seed, seed ^ UWORD(0x9e3779b97f4a7c15));
    printf("# LEAKPROOF_TEST_SEED=%lu LEAKPROOF_TEST_MULTIPLIER=%s\n", seed,
           getenv("LEAKPROOF_TEST_MULTIPLIER") ? getenv("LEAKPROOF_TEST_MULTIPLIER") : "1");
}

static inline lp_params
gauss_params(uint64_t p, const char *sigma, const char *radius)
{
    lp_params par = { 0 };
    par.p = p;
    par.sigma = sigma;
    par.radius = radius;
    par.sigma_d = strtod(sigma, NULL);
    par.radius_d = strtod(radius, NULL);
    return par;
}

static inline lp_params
vmf_params(uint64_t p, const char *kappa)
{
    lp_params par = { 0 };
    par.p = p;
    par.kappa = kappa;
    par.kappa_d = strtod(kappa, NULL);
    return par;
}

static inline lp_params
laplace_params(uint64_t p, const char *b, const char *r)
{
    lp_params par = { 0 };
    par.p = p;
    par.b = b;
    par.radius = r;
    par.b_d = strtod(b, NULL);
    par.radius_d = strtod(r, NULL);
    return par;
}

/* res = the form evaluated by the method (arb: `digits` certified digits). */
static inline lp_status
eval_form(lp_result *res, const char *formula, const char *form, lp_method m,
          const lp_params *par, slong digits)
{
    return lp_evaluate(res, lp_form_find(formula, form), m, par, digits, 0);
}

/* The middle of a ball as a double, for diagnostics only. */
static inline double
mid_d(const arb_t x)
{
    return arf_get_d(arb_midref(x), ARF_RND_NEAR);
}

#endif
