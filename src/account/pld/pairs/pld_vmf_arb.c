/* pld_vmf_arb.c -- the certified integrals of the VMF's step for the PLD
 * accountant (pld_mech_vmf.c has the mechanism and its dominating pair).
 *
 * On S^{p-1} the coordinate t = mu.y of y ~ VMF(+-mu, kappa) has the density
 *   f_+-(t) = g_+-(t) / Z,  g_+-(t) = e^{+-kappa t} (1 - t^2)^a,  a = (p-3)/2,
 * on [-1, 1], with the same Z = int g_+ = int g_- (t -> -t), so f_+ = e^{2
 * kappa t} f_-.  Every integral here is of the scaled g_+- e^{-shift} (shift
 * the double log of g_+'s maximum, a choice that only keeps the numbers near
 * 1) over an interval with exact ends, by Arb's rigorous Gauss-Legendre
 * integration (acb_calc_integrate: the result is a ball containing the
 * integral whatever the tolerance; p >= 3, so the integrand is analytic on a
 * neighbourhood of any [c, d] inside (-1, 1) and continuous up to the ends). */
#include <math.h>
#include "account/pld/pairs/pld_vmf.h"
#include "account/pld/pairs/pld_integrand.h"

typedef struct {
    acb_t k;                    /* +-kappa */
    acb_t shift;
    ulong a_int;                /* a = a_int + a_half / 2 */
    int a_half;
    int with_loss;              /* times L(t) = log(1 - q + q e^{2 kappa t}) */
    acb_t q1, q, k2;            /* 1 - q, q, 2 kappa */
} vmf_ctx;

static int
g_integrand(acb_ptr res, const acb_t t, void *param, slong order, slong prec)
{
    vmf_ctx *c = param;
    acb_t w, v;
    if (order > 1)
        flint_abort();          /* Arb's integrator asks for order 0 or 1 only */
    acb_init(w);
    acb_init(v);
    acb_sqr(w, t, prec);
    acb_sub_ui(w, w, 1, prec);
    acb_neg(w, w);                              /* 1 - t^2 */
    /* (1 - t^2)^a, a = (p-3)/2: a polynomial for odd p (entire), times one
     * square root for even p (its branch cut flagged to the integrator; a
     * ball touching 0 in a crude bound is fine: Arb's sqrt encloses it) */
    acb_set(v, w);
    acb_pow_ui(w, w, c->a_int, prec);
    if (c->a_half) {
        acb_sqrt_analytic(v, v, order != 0, prec);
        acb_mul(w, w, v, prec);
    }
    acb_mul(v, t, c->k, prec);
    acb_sub(v, v, c->shift, prec);
    acb_exp(v, v, prec);
    acb_mul(res, w, v, prec);
    if (c->with_loss) {
        acb_mul(v, t, c->k2, prec);
        pld_acb_log_mixture(v, v, c->q, c->q1, order != 0, prec);
        acb_mul(res, res, v, prec);
    }
    acb_clear(w);
    acb_clear(v);
    return 0;
}

void
pld_vmf_shift(double *shift, double kappa, uint64_t p)
{
    const double a = ((double) p - 3) / 2;
    /* the maximum of kappa t + a log(1 - t^2): t* = (sqrt(a^2 + kappa^2) - a) / kappa */
    double ts = (sqrt(a * a + kappa * kappa) - a) / kappa;
    if (!(ts < 1))
        ts = 1;
    *shift = kappa * ts + (a > 0 && ts < 1 ? a * log1p(-ts * ts) : 0);
}

void
pld_vmf_g_integral(arb_t res, const lp_pld_step *st, int sign, int with_loss, const arf_t lo,
                   const arf_t hi, slong goal, slong prec)
{
    vmf_ctx c;
    acb_t a, b, I;
    mag_t tol;
    double shift;
    if (arf_cmp(lo, hi) >= 0) {
        arb_zero(res);
        return;
    }
    acb_init(c.k);
    acb_init(c.shift);
    acb_init(c.q1);
    acb_init(c.q);
    acb_init(c.k2);
    c.with_loss = with_loss;
    acb_set_arb(c.q, st->run->q);
    acb_sub_ui(c.q1, c.q, 1, prec);
    acb_neg(c.q1, c.q1);
    acb_set_arb(c.k2, st->kappa);
    acb_mul_2exp_si(c.k2, c.k2, 1);
    acb_init(a);
    acb_init(b);
    acb_init(I);
    mag_init(tol);
    arb_set(acb_realref(c.k), st->kappa);
    if (sign < 0)
        acb_neg(c.k, c.k);
    c.a_int = (ulong) ((st->p - 3) / 2);
    c.a_half = (int) ((st->p - 3) % 2);
    pld_vmf_shift(&shift, st->kappa_d, st->p);
    arb_set_d(acb_realref(c.shift), shift);
    arb_set_arf(acb_realref(a), lo);
    arb_set_arf(acb_realref(b), hi);
    mag_set_ui_2exp_si(tol, 1, -4000);
    acb_calc_integrate(I, g_integrand, &c, a, b, goal, tol, NULL, prec);
    arb_set(res, acb_realref(I));
    if (!arb_is_finite(res))
        arb_indeterminate(res);
    else if (!with_loss && arb_contains_negative(res))
        arb_nonnegative_part(res, res);        /* a positive integrand */
    acb_clear(c.q1);
    acb_clear(c.q);
    acb_clear(c.k2);
    acb_clear(c.k);
    acb_clear(c.shift);
    acb_clear(a);
    acb_clear(b);
    acb_clear(I);
    mag_clear(tol);
}

/* res >= g_+-(t) e^{-shift} for every t in the ball x (clipped to [-1, 1]) */
void
pld_vmf_g_bound(arb_t res, const lp_pld_step *st, int sign, const arb_t x, slong prec)
{
    arb_t t, w, a;
    double shift;
    arf_t u;
    arb_init(t);
    arb_init(w);
    arb_init(a);
    arf_init(u);
    arb_set(t, x);
    arb_sqr(w, t, prec);
    arb_sub_ui(w, w, 1, prec);
    arb_neg(w, w);
    /* 1 - t^2 in [0, 1] on [-1, 1]: clip below at 0 */
    arb_get_ubound_arf(u, w, prec);
    if (arf_cmp_si(u, 0) <= 0)
        arf_zero(u);
    if (arf_cmp_si(u, 1) > 0)
        arf_one(u);
    arb_set_arf(w, u);                          /* an upper end of 1 - t^2 */
    arb_set_ui(a, st->p - 3);
    arb_mul_2exp_si(a, a, -1);
    if (arf_is_zero(u) && st->p > 3) {
        arb_zero(res);
    } else {
        arb_pow(w, w, a, prec);                 /* (1 - t^2)^a, a >= 0: increasing */
        arb_mul(t, t, st->kappa, prec);
        if (sign < 0)
            arb_neg(t, t);
        pld_vmf_shift(&shift, st->kappa_d, st->p);
        arb_set_d(a, shift);
        arb_sub(t, t, a, prec);
        arb_exp(t, t, prec);
        arb_mul(res, w, t, prec);
        arb_get_ubound_arf(u, res, prec);
        arb_set_arf(res, u);
    }
    arb_clear(t);
    arb_clear(w);
    arb_clear(a);
    arf_clear(u);
}
