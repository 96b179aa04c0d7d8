/* normal_arb.c -- the standard normal distribution function and its upper
 * tail in ball arithmetic, through Arb's erfc (which keeps relative accuracy
 * deep in the tail, where 1 - Phi would cancel).  Contracts in numeric.h. */
#include "numeric/numeric.h"

void
lp_normal_tail_arb(arb_t res, const arb_t x, slong prec)
{
    arb_t s;
    arb_init(s);
    arb_sqrt_ui(s, 2, prec);
    arb_div(res, x, s, prec);
    arb_hypgeom_erfc(res, res, prec);
    arb_mul_2exp_si(res, res, -1);
    arb_clear(s);
}

void
lp_normal_cdf_arb(arb_t res, const arb_t x, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_neg(t, x);
    lp_normal_tail_arb(res, t, prec);
    arb_clear(t);
}
