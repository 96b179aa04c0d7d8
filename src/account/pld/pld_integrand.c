/* pld_integrand.c -- the PLD integrands' shared pieces.  Contract in
 * pld_integrand.h. */
#include "account/pld/pld_integrand.h"

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
