/* The Gaussian mechanism's privacy profile and Renyi curve (contracts in
 * privacy.h).  The profile is the analytic Gaussian mechanism's delta
 * (Balle and Wang 2018, Theorem 8), computed once in the library by
 * lp_analytic_gaussian_delta (src/channel/calibrate.c), not a second copy. */
#include "privacy/privacy.h"
#include "channel/channel.h"

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
