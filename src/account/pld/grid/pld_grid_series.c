/* pld_grid_series.c -- the Taylor coefficients of the Poisson-subsampled
 * Gaussian's loss cdf H(l) = P(X <= l) at a point or a ball, in Arb (exp, log
 * and erfc as power series): the anchors of the Taylor blocks of
 * pld_grid_taylor.c.  Contract in pld_grid.h. */
#include <math.h>
#include "account/pld/grid/pld_grid.h"
#include "arb_hypgeom.h"
#include "arb_poly.h"

#define CONST_PREC 384          /* the constants' precision (the series' is lower) */

void
pld_gauss_series_init(pld_gauss_series_ctx *x, const lp_dpsgd *run, lp_pld_relation rel,
                      int64_t kmin, double h)
{
    arb_t s2;
    x->rel = rel;
    x->h = h;
    x->kmin = kmin;
    x->q_d = run->q_d;
    x->M_d = run->M_d;
    arb_init(x->q);
    arb_init(x->one_minus_q);
    arb_init(x->a);
    arb_init(x->b0);
    arb_init(x->b1);
    arb_init(s2);
    arb_set(x->q, run->q);
    arb_sub_ui(x->one_minus_q, run->q, 1, CONST_PREC);
    arb_neg(x->one_minus_q, x->one_minus_q);
    arb_sqrt_ui(s2, 2, CONST_PREC);
    arb_div(x->a, run->M, s2, CONST_PREC);              /* M/sqrt2 */
    arb_mul(x->b1, run->M, s2, CONST_PREC);
    arb_inv(x->b1, x->b1, CONST_PREC);                  /* 1/(M sqrt2) */
    arb_mul_2exp_si(x->b0, x->b1, -1);                  /* 1/(2 M sqrt2) */
    arb_clear(s2);
}

void
pld_gauss_series_clear(pld_gauss_series_ctx *x)
{
    arb_clear(x->q);
    arb_clear(x->one_minus_q);
    arb_clear(x->a);
    arb_clear(x->b0);
    arb_clear(x->b1);
}

/* g_1 .. g_{n-1}: the Taylor coefficients of erfc(w(l)) at l0, w's w_0 ..
 * w_{n-1} given; g_0 = erfc(w_0) is not evaluated (indeterminate): the masses
 * are H's differences and use c_1 .. only, and Arb's erfc at a point was a
 * fifth of a small run (issue 42: M 1.1, q 1e-5, T 1e5, width 1, each
 * block's two series).  erfc(w)' = -(2/sqrt(pi)) e^{-w^2} w': its series,
 * integrated term by term (the same operations as
 * _arb_hypgeom_erfc_series's, so the same balls: tests/account/t-pld-masses.c). */
void
pld_erfc_series_sans_constant(arb_ptr g, arb_srcptr w, slong n, slong prec)
{
    arb_ptr t = _arb_vec_init(n), u = _arb_vec_init(n);
    if (n > 1) {
        _arb_poly_mullow(u, w, n, w, n, n, prec);
        _arb_vec_neg(u, u, n);
        _arb_poly_exp_series(u, u, n, n, prec);         /* e^{-w^2} */
        _arb_poly_derivative(t, w, n, prec);            /* w' */
        _arb_poly_mullow(g, u, n, t, n - 1, n, prec);
        _arb_poly_integral(g, g, n, prec);
        arb_const_sqrt_pi(t, prec);
        arb_inv(t, t, prec);
        arb_mul_2exp_si(t, t, 1);                       /* 2/sqrt(pi) */
        _arb_vec_scalar_mul(g, g, n, t, prec);
        _arb_vec_neg(g, g, n);
    }
    arb_indeterminate(g + 0);
    _arb_vec_clear(t, n);
    _arb_vec_clear(u, n);
}

/* c_0 .. c_{n-1}: the Taylor coefficients at l0 (a ball: then each holds
 * H^(k)(xi)/k! for every xi in it) of H = P(X <= l), with the notation of
 * pld.h's top:
 *   remove: X <= l iff u <= U = M log(E(l)/q) + 1/(2M), E(l) = e^l - 1 + q,
 *           H = (1-q) Phi(U) + q Phi(U - 1/M);
 *   add:    X <= l iff u >= V = M log(E(-l)/q) + 1/(2M), H = Phi(-V);
 * Phi(z) = erfc(-z/sqrt2)/2: with w = s (M L + 1/(2M))/sqrt2, L = log(E/q),
 * s = -1 (remove) or +1 (add), the first term is erfc(w)/2 and remove's
 * second erfc(w + 1/(M sqrt2))/2.  Only c_1 .. are computed (the masses
 * are H's differences; c_0 is indeterminate), whose relative accuracy does
 * not depend on H's size.
 * Returns 0, or -1 when E is not certainly positive on l0 (at or beyond the
 * loss's end). */
int
pld_gauss_cdf_series(arb_ptr c, const arb_t l0, slong n, const pld_gauss_series_ctx *x, slong prec)
{
    const int sigma = x->rel == LP_PLD_REMOVE ? 1 : -1;
    const int s = x->rel == LP_PLD_REMOVE ? -1 : 1;
    arb_ptr E = _arb_vec_init(n), w = _arb_vec_init(n), g = _arb_vec_init(n);
    arb_t x0, ex;
    int ok;
    arb_init(x0);
    arb_init(ex);
    arb_mul_si(x0, l0, sigma, prec);
    arb_exp(ex, x0, prec);
    arb_expm1(E + 0, x0, prec);
    arb_add(E + 0, E + 0, x->q, prec);                  /* e^x - 1 + q, no cancellation */
    ok = arb_is_positive(E + 0);
    if (ok) {
        /* E(s') = e^{x0} e^{sigma s'} - 1 + q: coefficient k >= 1 is e^{x0} sigma^k / k! */
        for (slong k = 1; k < n; k++) {
            arb_div_si(E + k, k == 1 ? ex : E + k - 1, sigma * k, prec);
        }
        _arb_vec_scalar_div(E, E, n, x->q, prec);
        _arb_poly_log_series(w, E, n, n, prec);         /* L */
        _arb_vec_scalar_mul(w, w, n, x->a, prec);
        arb_add(w + 0, w + 0, x->b0, prec);             /* (M L + 1/(2M))/sqrt2 */
        if (s < 0)
            _arb_vec_neg(w, w, n);
        pld_erfc_series_sans_constant(c, w, n, prec);
        if (x->rel == LP_PLD_REMOVE) {
            arb_add(w + 0, w + 0, x->b1, prec);
            pld_erfc_series_sans_constant(g, w, n, prec);
            _arb_vec_scalar_mul(c, c, n, x->one_minus_q, prec);
            _arb_vec_scalar_addmul(c, g, n, x->q, prec);
        }
        _arb_vec_scalar_mul_2exp_si(c, c, n, -1);
    }
    _arb_vec_clear(E, n);
    _arb_vec_clear(w, n);
    _arb_vec_clear(g, n);
    arb_clear(x0);
    arb_clear(ex);
    return ok ? 0 : -1;
}
