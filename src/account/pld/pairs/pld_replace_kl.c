/* pld_replace_kl.c -- the mean of the replace-one pair's privacy loss, KL(P
 * || Q) = E_P[L], certified (Arb quadrature on a window, the tails bounded),
 * for pld_mech_replace.c's bound on the clamped mean.  Notation and the pair
 * there; contract in pld_mech.h. */
#include <math.h>
#include "account/pld/pairs/pld_replace.h"
#include "account/pld/pairs/pld_integrand.h"
#include "acb_calc.h"

typedef struct {
    acb_t omq, q, s, hs;        /* 1 - q, q, s, s^2/2 */
} kl_ctx;

static int
kl_integrand(acb_ptr res, const acb_t y, void *param, slong order, slong prec)
{
    kl_ctx *c = param;
    acb_t w, g, d, a;
    if (order > 1)
        flint_abort();
    acb_init(w);
    acb_init(g);
    acb_init(d);
    acb_init(a);
    /* L = log(1-q + q e^{s y - s^2/2}) - log(1-q + q e^{-s y - s^2/2}) */
    acb_mul(w, y, c->s, prec);
    acb_sub(a, w, c->hs, prec);
    pld_acb_log_mixture(g, a, c->q, c->omq, order != 0, prec);
    acb_neg(w, w);
    acb_sub(a, w, c->hs, prec);
    pld_acb_log_mixture(a, a, c->q, c->omq, order != 0, prec);
    acb_sub(g, g, a, prec);
    /* P's density times sqrt(2 pi) */
    pld_acb_gauss_kernel(w, y, prec);
    acb_mul(w, w, c->omq, prec);
    acb_sub(d, y, c->s, prec);
    pld_acb_gauss_kernel(d, d, prec);
    acb_addmul(w, d, c->q, prec);
    acb_mul(res, w, g, prec);
    acb_clear(w);
    acb_clear(g);
    acb_clear(d);
    acb_clear(a);
    return 0;
}

/* kl = E_P[L] on [a, b] = [-R, R + s], the rest bounded by |L(y)| <= 2 s |y|:
 * int_b^inf y phi(y - c) dy = phi(b - c) + c Phi(c - b) (b >= c >= 0) and
 * int_-inf^a |y| phi(y - c) dy <= phi(a) (a <= 0 <= c), so the tails are at
 * most 2 s (phi(a) + phi(b) + phi(b - s) + s Phi(s - b)). */
int
pld_replace_kl(arb_t kl, const lp_dpsgd *run, slong prec)
{
    const slong wp = prec + 20;
    const double R = sqrt(2.0 * (prec + 10) * log(2.0)) + 2.0;
    kl_ctx c;
    acb_t a, b, I;
    arb_t t, u, tail;
    int ok;
    acb_init(c.omq);
    acb_init(c.q);
    acb_init(c.s);
    acb_init(c.hs);
    acb_init(a);
    acb_init(b);
    acb_init(I);
    arb_init(t);
    arb_init(u);
    arb_init(tail);
    acb_set_arb(c.q, run->q);
    acb_sub_ui(c.omq, c.q, 1, wp);
    acb_neg(c.omq, c.omq);
    arb_inv(acb_realref(c.s), run->M, wp);
    arb_sqr(acb_realref(c.hs), acb_realref(c.s), wp);
    arb_mul_2exp_si(acb_realref(c.hs), acb_realref(c.hs), -1);
    arb_set_d(acb_realref(a), -R);
    arb_set_d(acb_realref(b), R);
    arb_add(acb_realref(b), acb_realref(b), acb_realref(c.s), wp);
    pld_acb_integrate_normal(I, kl_integrand, &c, a, b, prec, wp);
    pld_normal_density(tail, acb_realref(a), wp);
    pld_normal_density(t, acb_realref(b), wp);
    arb_add(tail, tail, t, wp);
    arb_sub(u, acb_realref(b), acb_realref(c.s), wp);
    pld_normal_density(t, u, wp);
    arb_add(tail, tail, t, wp);
    pld_phi_upper(t, u, wp);                    /* Phi(s - b) */
    arb_addmul(tail, t, acb_realref(c.s), wp);
    arb_mul(tail, tail, acb_realref(c.s), wp);
    arb_mul_2exp_si(tail, tail, 1);
    arb_add_error(acb_realref(I), tail);
    arb_set_round(kl, acb_realref(I), prec);
    ok = arb_is_finite(kl);
    acb_clear(c.omq);
    acb_clear(c.q);
    acb_clear(c.s);
    acb_clear(c.hs);
    acb_clear(a);
    acb_clear(b);
    acb_clear(I);
    arb_clear(t);
    arb_clear(u);
    arb_clear(tail);
    return ok ? 0 : -1;
}
