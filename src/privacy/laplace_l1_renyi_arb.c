/* The Renyi divergence of Laplace noise, one coordinate carrying the whole
 * l1 distance (worst: see privacy.h), at a real order alpha > 1 (Mironov
 * 2017, Table II), with s = Delta/b:
 *   D_alpha = 1/(alpha-1) log[ alpha/(2alpha-1) e^{(alpha-1)s}
 *                              + (alpha-1)/(2alpha-1) e^{-alpha s} ].
 * Written as (alpha-1)s plus the log of a factor in (0, 1] so that the sum
 * never leaves the exponent range: log[alpha + (alpha-1) e^{-(2alpha-1)s}]
 * - log(2alpha-1) over (alpha-1), plus s. */
#include "privacy/privacy.h"

void
lp_laplace_l1_renyi_arb(arb_t d, const arb_t alpha, const arb_t b, const arb_t dist, slong prec)
{
    arb_t s, a1, a2, t, u;
    arb_init(s); arb_init(a1); arb_init(a2); arb_init(t); arb_init(u);
    arb_div(s, dist, b, prec);
    arb_sub_ui(a1, alpha, 1, prec);               /* alpha - 1 */
    arb_mul_2exp_si(a2, alpha, 1);
    arb_sub_ui(a2, a2, 1, prec);                  /* 2 alpha - 1 */
    arb_mul(t, a2, s, prec);
    arb_neg(t, t);
    arb_exp(t, t, prec);
    arb_mul(t, t, a1, prec);
    arb_add(t, t, alpha, prec);
    arb_log(t, t, prec);
    arb_log(u, a2, prec);
    arb_sub(t, t, u, prec);
    arb_div(t, t, a1, prec);
    arb_add(d, t, s, prec);
    arb_clear(s); arb_clear(a1); arb_clear(a2); arb_clear(t); arb_clear(u);
}
