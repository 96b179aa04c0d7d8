/* Pieces the Gaussian evaluators share.  Contracts in forms.h. */
#include <math.h>
#include "forms/forms.h"

slong
lp_dimension_extra_bits(uint64_t p)
{
    /* |log term| <= p (log p + c): bits(p) + bits(log p) + margin */
    return 2 * FLINT_BIT_COUNT(p) + 24;
}

void
lp_gauss_proof_factors_arb(arb_t v, arb_t a, arb_t norm, uint64_t p,
                           const arb_t sigma, const arb_t radius, slong prec)
{
    arb_t half_p, pi_half_p, g, t;
    arb_init(half_p);
    arb_init(pi_half_p);
    arb_init(g);
    arb_init(t);

    arb_set_ui(half_p, p);
    arb_mul_2exp_si(half_p, half_p, -1);            /* p/2, exact */
    arb_const_pi(t, prec);
    arb_pow(pi_half_p, t, half_p, prec);            /* pi^{p/2} */

    arb_gamma(g, half_p, prec);                     /* G(p/2) */
    arb_div(a, pi_half_p, g, prec);
    arb_mul_2exp_si(a, a, 1);                       /* A = 2 pi^{p/2} / G(p/2) */

    arb_mul(g, g, half_p, prec);                    /* G(p/2 + 1) */
    arb_pow_ui(t, radius, p, prec);
    arb_mul(v, pi_half_p, t, prec);
    arb_div(v, v, g, prec);                         /* V = pi^{p/2} R^p / G(p/2+1) */

    arb_const_pi(t, prec);
    arb_mul_2exp_si(t, t, 1);
    arb_mul(t, t, sigma, prec);
    arb_mul(t, t, sigma, prec);
    arb_pow(norm, t, half_p, prec);                 /* (2 pi sigma^2)^{p/2} */

    arb_clear(half_p);
    arb_clear(pi_half_p);
    arb_clear(g);
    arb_clear(t);
}

void
lp_gauss_radial_peak(double *t_peak, double *width, uint64_t n, double a)
{
    /* phi(t) = n log(t+a) - t^2/2: phi' = 0 at t^2 + a t - n = 0 */
    double dn = (double) n, tp, c;
    if (!(a >= 0) || !isfinite(a))
        a = 0;
    tp = n == 0 ? 0.0 : 2.0 * dn / (a + sqrt(a * a + 4.0 * dn));  /* the root, without cancellation */
    c = 1.0 + (tp + a > 0 ? dn / ((tp + a) * (tp + a)) : 0.0);
    *t_peak = tp;
    *width = 1.0 / sqrt(c);
}

void
lp_gauss_chain_step(arb_t out, const arb_t t, uint64_t i, int dir, void *vctx, slong prec)
{
    const lp_gauss_chain *z = vctx;
    /* q = 1 (R = sigma, the papers' configuration) is exact: no product */
    if (dir > 0) {              /* T_{i+2} = T_i (p-1-i) q / ((i+1)(i+2)) */
        arb_mul_ui(out, t, z->p - 1 - i, prec);
        if (!arb_is_one(z->q))
            arb_mul(out, out, z->q, prec);
        arb_div_ui(out, out, (i + 1) * (i + 2), prec);
    } else {                    /* T_{i-2} = T_i (i-1) i / ((p-i+1) q) */
        arb_mul_ui(out, t, (i - 1) * i, prec);
        if (!arb_is_one(z->q))
            arb_div(out, out, z->q, prec);
        arb_div_ui(out, out, z->p - i + 1, prec);
    }
}

void
lp_gauss_chain_exact(lp_gauss_chain *z)
{
    fmpz_t m, e;
    fmpz_init(m);
    fmpz_init(e);
    z->qm = 0;
    z->qe = 0;
    if (arb_is_exact(z->q) && arf_sgn(arb_midref(z->q)) > 0) {
        arf_get_fmpz_2exp(m, e, arb_midref(z->q));
        if (fmpz_bits(m) <= 32 && fmpz_fits_si(e) && FLINT_ABS(fmpz_get_si(e)) < (1 << 20)) {
            z->qm = fmpz_get_ui(m);
            z->qe = fmpz_get_si(e);
        }
    }
    fmpz_clear(m);
    fmpz_clear(e);
}

int
lp_gauss_chain_ratio(ulong *a, ulong *b, slong *e, uint64_t i, int dir, void *vctx)
{
    const lp_gauss_chain *z = vctx;
    if (z->qm == 0 || i >= (UWORD(1) << 31) + 2 || z->p > (UWORD(1) << 31))
        return 0;               /* below: products of two numbers < 2^32 */
    if (dir > 0) {              /* T_{i+2}/T_i = (p-1-i) q / ((i+1)(i+2)) */
        if (i + 1 >= z->p)
            return 0;
        *a = (z->p - 1 - i) * z->qm;
        *b = (i + 1) * (i + 2);
        *e = z->qe;
    } else {                    /* T_{i-2}/T_i = (i-1) i / ((p-i+1) q) */
        if (i < 2)
            return 0;
        *a = (i - 1) * i;
        *b = (z->p - i + 1) * z->qm;
        *e = -z->qe;
    }
    return 1;
}
