/* pld_integrand.c -- the PLD integrands' shared pieces.  Contract in
 * pld_integrand.h. */
#include "account/pld/pairs/pld_integrand.h"

void
pld_acb_log_mixture(acb_t res, const acb_t x, const acb_t q, const acb_t omq, int analytic,
                    slong prec)
{
    acb_exp(res, x, prec);
    acb_mul(res, res, q, prec);
    acb_add(res, res, omq, prec);
    acb_log_analytic(res, res, analytic, prec);
}

void
pld_acb_gauss_kernel(acb_t res, const acb_t x, slong prec)
{
    acb_sqr(res, x, prec);
    acb_mul_2exp_si(res, res, -1);
    acb_neg(res, res);
    acb_exp(res, res, prec);
}

void
pld_acb_integrate_normal(acb_t I, acb_calc_func_t f, void *param, const acb_t a, const acb_t b,
                         slong prec, slong wp)
{
    mag_t tol;
    arb_t t;
    mag_init(tol);
    arb_init(t);
    mag_set_ui_2exp_si(tol, 1, -prec);
    acb_calc_integrate(I, f, param, a, b, prec, tol, NULL, wp);
    arb_const_pi(t, wp);
    arb_mul_2exp_si(t, t, 1);
    arb_rsqrt(t, t, wp);
    arb_mul(acb_realref(I), acb_realref(I), t, wp);     /* times 1/sqrt(2 pi) */
    mag_clear(tol);
    arb_clear(t);
}
