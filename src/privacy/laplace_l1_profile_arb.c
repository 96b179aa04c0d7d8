/* Laplace noise of scale b per coordinate, pairs at l1 distance Delta: the
 * one-coordinate pair's profile and its inverse, in closed form (contracts
 * in privacy.h).  With x = 0, x' = Delta e_1, s = Delta/b, the loss
 * L = (|y_1 - Delta| - |y_1|)/b is s for y_1 <= 0, s - 2 y_1/b between and
 * -s beyond Delta; L > eps (0 <= eps < s) exactly when y_1 < c = b(s - eps)/2,
 * so delta(eps) = P_0(y_1 < c) - e^eps P_Delta(y_1 < c)
 *               = 1 - e^{-c/b}/2 - e^eps e^{c/b - s}/2 = 1 - e^{(eps - s)/2}. */
#include "privacy/privacy.h"

void
lp_laplace_l1_profile_arb(arb_t delta, const arb_t eps, const arb_t b, const arb_t dist, slong prec)
{
    arb_t s;
    arb_init(s);
    arb_div(s, dist, b, prec);
    arb_sub(s, eps, s, prec);
    arb_mul_2exp_si(s, s, -1);
    arb_expm1(s, s, prec);
    arb_neg(s, s);
    arb_nonnegative_part(delta, s);      /* max(0, .): 0 from eps = s on */
    arb_clear(s);
}

void
lp_laplace_l1_epsilon_arb(arb_t eps, const arb_t delta, const arb_t b, const arb_t dist, slong prec)
{
    arb_t s, t;
    arb_init(s);
    arb_init(t);
    arb_div(s, dist, b, prec);
    arb_neg(t, delta);
    arb_log1p(t, t, prec);
    arb_mul_2exp_si(t, t, 1);
    arb_add(t, s, t, prec);
    arb_nonnegative_part(eps, t);
    arb_clear(s);
    arb_clear(t);
}
