/* helpers.h -- evaluating registry rows from the tests. */
#ifndef LP_TEST_HELPERS_H
#define LP_TEST_HELPERS_H

#include <stdlib.h>
#include "leakproof.h"

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
