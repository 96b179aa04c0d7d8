/* The Gaussian mechanism's privacy profile and Renyi curve (contracts in
 * privacy.h).  The profile is the analytic Gaussian mechanism's delta
 * (Balle and Wang 2018, Theorem 8), computed once in the library by
 * lp_analytic_gaussian_delta (gauss_calibrate.c), not a second copy. */
#include "privacy/privacy.h"

void
lp_gauss_profile_arb(arb_t delta, const arb_t eps, const arb_t sigma, const arb_t dist, slong prec)
{
    lp_analytic_gaussian_delta(delta, sigma, eps, dist, prec);
    /* delta is in [0, 1]: keep the enclosure there (both ends are facts) */
    {
        arb_t u;
        arb_init(u);
        arb_unit_interval(u);
        if (!arb_intersection(delta, delta, u, prec))
            arb_indeterminate(delta);
        arb_clear(u);
    }
}

void
lp_gauss_renyi_arb(arb_t d, const arb_t alpha, const arb_t sigma, const arb_t dist, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_div(t, dist, sigma, prec);
    arb_sqr(t, t, prec);
    arb_mul(t, t, alpha, prec);
    arb_mul_2exp_si(d, t, -1);
    arb_clear(t);
}

void
lp_gauss_profile_slope_arb(arb_t slope, const arb_t eps, const arb_t sigma, const arb_t dist, slong prec)
{
    /* -delta'(eps) = e^eps Phi(-Delta/(2 sigma) - eps sigma/Delta), Phi(x) = erfc(-x/sqrt 2)/2 */
    arb_t a, b, t;
    arb_init(a); arb_init(b); arb_init(t);
    arb_div(a, dist, sigma, prec);
    arb_mul_2exp_si(a, a, -1);
    arb_mul(b, eps, sigma, prec);
    arb_div(b, b, dist, prec);
    arb_add(a, a, b, prec);                 /* -x */
    arb_sqrt_ui(t, 2, prec);
    arb_div(a, a, t, prec);
    arb_hypgeom_erfc(a, a, prec);
    arb_mul_2exp_si(a, a, -1);
    arb_exp(t, eps, prec);
    arb_mul(slope, a, t, prec);
    arb_clear(a); arb_clear(b); arb_clear(t);
}
