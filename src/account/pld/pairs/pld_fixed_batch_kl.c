/* pld_fixed_batch_kl.c -- the mean of the fixed-batch pair's privacy loss,
 * E[X] (the symmetrised pair of pld_mech_fixed_batch.c), certified: Arb
 * quadrature on a window, the tail bounded.  Remove's law above 0 and add's
 * below 0 share the point u of the output, so
 *   E[X] = int_s^inf g (phi(u - 2s) - phi(u)) L(u) du,
 * L(u) = log(1-g + g e^{2su - 2s^2}) (the atom at 0 adds nothing).
 * Contract in pld_mech.h. */
#include <math.h>
#include "account/pld/pairs/pld_mech.h"
#include "arb_hypgeom.h"
#include "acb_calc.h"

typedef struct {
    acb_t omq, q, s2, hs;       /* 1 - g, g, 2s, 2s^2 */
} kl_ctx;

static int
kl_integrand(acb_ptr res, const acb_t u, void *param, slong order, slong prec)
{
    kl_ctx *c = param;
    acb_t a, b, w;
    if (order > 1)
        flint_abort();
    acb_init(a);
    acb_init(b);
    acb_init(w);
    acb_mul(a, u, c->s2, prec);
    acb_sub(a, a, c->hs, prec);
    acb_exp(a, a, prec);
    acb_mul(a, a, c->q, prec);
    acb_add(a, a, c->omq, prec);
    acb_log_analytic(a, a, order != 0, prec);       /* L(u) */
    acb_sub(b, u, c->s2, prec);
    acb_sqr(b, b, prec);
    acb_mul_2exp_si(b, b, -1);
    acb_neg(b, b);
    acb_exp(b, b, prec);
    acb_sqr(w, u, prec);
    acb_mul_2exp_si(w, w, -1);
    acb_neg(w, w);
    acb_exp(w, w, prec);
    acb_sub(b, b, w, prec);
    acb_mul(b, b, c->q, prec);                      /* g (phi(u-2s) - phi(u)) sqrt(2 pi) */
    acb_mul(res, a, b, prec);
    acb_clear(a);
    acb_clear(b);
    acb_clear(w);
    return 0;
}

/* on [s, R] by acb_calc_integrate; beyond R, 0 <= L(u) <= 2s u and the
 * integrand lies in [0, 2 s g u phi(u - 2s)], whose integral is 2 s g
 * (phi(R - 2s) + 2s Phi(2s - R)) */
int
pld_fixed_batch_kl(arb_t kl, const lp_dpsgd *run, slong prec)
{
    const slong wp = prec + 20;
    const double R0 = sqrt(2.0 * (prec + 10) * log(2.0)) + 2.0;
    kl_ctx c;
    acb_t a, b, I;
    arb_t t, v, tail;
    mag_t tol;
    int ok;
    acb_init(c.omq);
    acb_init(c.q);
    acb_init(c.s2);
    acb_init(c.hs);
    acb_init(a);
    acb_init(b);
    acb_init(I);
    arb_init(t);
    arb_init(v);
    arb_init(tail);
    mag_init(tol);
    acb_set_arb(c.q, run->q);
    acb_sub_ui(c.omq, c.q, 1, wp);
    acb_neg(c.omq, c.omq);
    arb_inv(acb_realref(c.s2), run->M, wp);
    arb_mul_2exp_si(acb_realref(c.s2), acb_realref(c.s2), 1);          /* 2s */
    arb_sqr(acb_realref(c.hs), acb_realref(c.s2), wp);
    arb_mul_2exp_si(acb_realref(c.hs), acb_realref(c.hs), -1);         /* 2s^2 */
    arb_mul_2exp_si(acb_realref(a), acb_realref(c.s2), -1);            /* s */
    arb_set_d(acb_realref(b), R0);
    arb_add(acb_realref(b), acb_realref(b), acb_realref(c.s2), wp);
    mag_set_ui_2exp_si(tol, 1, -prec);
    acb_calc_integrate(I, kl_integrand, &c, a, b, prec, tol, NULL, wp);
    arb_const_pi(t, wp);
    arb_mul_2exp_si(t, t, 1);
    arb_rsqrt(t, t, wp);
    arb_mul(acb_realref(I), acb_realref(I), t, wp);
    arb_sub(v, acb_realref(b), acb_realref(c.s2), wp);                 /* R - 2s */
    pld_normal_density(tail, v, wp);
    arb_sqrt_ui(t, 2, wp);
    arb_div(t, v, t, wp);
    arb_hypgeom_erfc(t, t, wp);
    arb_mul_2exp_si(t, t, -1);                                          /* Phi(2s - R) */
    arb_addmul(tail, t, acb_realref(c.s2), wp);
    arb_mul(tail, tail, acb_realref(c.s2), wp);
    arb_mul(tail, tail, run->q, wp);
    arb_mul_2exp_si(tail, tail, -1);                                    /* half of it ... */
    arb_add(acb_realref(I), acb_realref(I), tail, wp);                  /* ... as midpoint */
    arb_add_error(acb_realref(I), tail);                                /* and radius */
    arb_set_round(kl, acb_realref(I), prec);
    ok = arb_is_finite(kl);
    acb_clear(c.omq);
    acb_clear(c.q);
    acb_clear(c.s2);
    acb_clear(c.hs);
    acb_clear(a);
    acb_clear(b);
    acb_clear(I);
    arb_clear(t);
    arb_clear(v);
    arb_clear(tail);
    mag_clear(tol);
    return ok ? 0 : -1;
}
