/* pld_integrand.h -- the pieces that the PLD accountant's Arb integrands
 * share (pld_kl.c, pld_replace_kl.c, pld_laplace_mean.c, pld_vmf_arb.c),
 * written once.  Internal to src/account/pld/. */
#ifndef LP_PLD_INTEGRAND_H
#define LP_PLD_INTEGRAND_H

#include "acb.h"
#include "acb_calc.h"

/* res = log(omq + q e^x), omq = 1 - q: the subsampled loss g at the base
 * loss x; analytic as acb_log_analytic's (nonzero where the integrator asks
 * for holomorphy: then a ball crossing the branch cut is indeterminate) */
void pld_acb_log_mixture(acb_t res, const acb_t x, const acb_t q, const acb_t omq, int analytic,
                         slong prec);

/* res = e^{-x^2/2}: the normal density times sqrt(2 pi) */
void pld_acb_gauss_kernel(acb_t res, const acb_t x, slong prec);

/* I = (1/sqrt(2 pi)) int_a^b f: Arb's integrator (acb_calc_integrate) on f,
 * an integrand written with pld_acb_gauss_kernel's densities, to the
 * relative goal prec (tolerance 2^-prec) at working precision wp; the ball
 * contains the integral whatever the goal reached */
void pld_acb_integrate_normal(acb_t I, acb_calc_func_t f, void *param, const acb_t a,
                              const acb_t b, slong prec, slong wp);

#endif
