/* gauss-density.h -- log N(g; m, s^2 I_k) for the Balunovic tests, evaluated
 * from the definition: the product of the k coordinate densities (exp of the
 * exponent over the normaliser), then the log -- a route other than the closed
 * form C - |g - m|^2 / (2 s^2) that the library's attacks use. */
#ifndef LP_TEST_GAUSS_DENSITY_H
#define LP_TEST_GAUSS_DENSITY_H

#include "arb.h"

static inline void
log_gauss_product(arb_t r, arb_srcptr g, arb_srcptr m, slong k, const arb_t s, slong prec)
{
    arb_t p, t, norm;
    arb_init(p); arb_init(t); arb_init(norm);
    arb_const_pi(norm, prec);
    arb_mul_2exp_si(norm, norm, 1);
    arb_sqrt(norm, norm, prec);
    arb_mul(norm, norm, s, prec);           /* sqrt(2 pi) s */
    arb_one(p);
    for (slong i = 0; i < k; i++) {
        arb_sub(t, g + i, m + i, prec);
        arb_div(t, t, s, prec);
        arb_sqr(t, t, prec);
        arb_mul_2exp_si(t, t, -1);
        arb_neg(t, t);
        arb_exp(t, t, prec);
        arb_div(t, t, norm, prec);
        arb_mul(p, p, t, prec);
    }
    arb_log(r, p, prec);
    arb_clear(p); arb_clear(t); arb_clear(norm);
}

#endif
