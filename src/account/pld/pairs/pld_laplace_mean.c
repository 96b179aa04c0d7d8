/* pld_laplace_mean.c -- the Laplace pair's clamped mean E[X~], certified:
 * the two atoms of the base loss in closed form and one rigorous integral
 * over (0, 1) (Arb's integrator), the clamp bounded by the support's width
 * times the cut mass.  The pair at the top of pld_mech_laplace.c; contract
 * in pld_laplace.h. */
#include "account/pld/pairs/pld_laplace.h"
#include "account/pld/pairs/pld_integrand.h"
#include "acb_calc.h"

typedef struct {
    acb_t q, q1, ib;            /* q, 1 - q, 1/b */
    int remove;
} lap_ctx;

/* the density on (0, 1) (times 2b) times g(L0(y)) */
static int
lap_integrand(acb_ptr res, const acb_t y, void *param, slong order, slong prec)
{
    lap_ctx *c = param;
    acb_t d, t, g;
    if (order > 1)
        flint_abort();          /* Arb's integrator asks for order 0 or 1 only */
    acb_init(d);
    acb_init(t);
    acb_init(g);
    acb_mul(d, y, c->ib, prec);
    acb_neg(d, d);
    acb_exp(d, d, prec);                        /* e^{-y/b} */
    if (c->remove) {
        acb_sub_ui(t, y, 1, prec);
        acb_mul(t, t, c->ib, prec);
        acb_exp(t, t, prec);                    /* e^{-(1-y)/b} */
        acb_mul(t, t, c->q, prec);
        acb_mul(d, d, c->q1, prec);
        acb_add(d, d, t, prec);
    }
    acb_mul_2exp_si(g, y, 1);
    acb_sub_ui(g, g, 1, prec);
    acb_mul(g, g, c->ib, prec);
    pld_acb_log_mixture(g, g, c->q, c->q1, order != 0, prec);
    acb_mul(res, d, g, prec);
    acb_clear(d);
    acb_clear(t);
    acb_clear(g);
    return 0;
}

/* E[X]: the atoms at y <= 0 and y >= 1 and the integral over (0, 1); the
 * grid holds the support, and anything beyond l_kmax (remove) or below
 * l_kmin (add) would move it by at most the support's width times tau */
void
pld_laplace_clamped_mean(arb_t ex_lo, arb_t ex_hi, const lp_pld_step *st, lp_pld_relation rel,
                 int64_t kmin, int64_t K, double h)
{
    lap_ctx c;
    acb_t a, bb, I;
    arb_t t, w, gl, gh, tau, l;
    mag_t tol;
    const slong prec = LAP_PREC;
    acb_init(c.q);
    acb_init(c.q1);
    acb_init(c.ib);
    acb_init(a);
    acb_init(bb);
    acb_init(I);
    arb_init(t);
    arb_init(w);
    arb_init(gl);
    arb_init(gh);
    arb_init(tau);
    arb_init(l);
    mag_init(tol);
    c.remove = rel == LP_PLD_REMOVE;
    acb_set_arb(c.q, st->run->q);
    acb_sub_ui(c.q1, c.q, 1, prec);
    acb_neg(c.q1, c.q1);
    arb_inv(acb_realref(c.ib), st->kappa, prec);
    acb_zero(a);
    acb_one(bb);
    mag_set_ui_2exp_si(tol, 1, -100);
    acb_calc_integrate(I, lap_integrand, &c, a, bb, 80, tol, NULL, prec);
    arb_mul_2exp_si(t, st->kappa, 1);
    arb_div(ex_lo, acb_realref(I), t, prec);    /* / (2b) */
    /* the atoms: g(-1/b) and g(1/b) */
    arb_neg(gl, acb_realref(c.ib));
    arb_exp(gl, gl, prec);
    arb_mul(gl, gl, acb_realref(c.q), prec);
    arb_add(gl, gl, acb_realref(c.q1), prec);
    arb_log(gl, gl, prec);
    arb_exp(gh, acb_realref(c.ib), prec);
    arb_mul(gh, gh, acb_realref(c.q), prec);
    arb_add(gh, gh, acb_realref(c.q1), prec);
    arb_log(gh, gh, prec);
    arb_neg(w, acb_realref(c.ib));
    arb_exp(w, w, prec);                        /* e^{-1/b} */
    if (c.remove) {
        /* P(y <= 0) = ((1-q) + q e^{-1/b})/2, P(y >= 1) = ((1-q) e^{-1/b} + q)/2 */
        arb_mul(t, w, acb_realref(c.q), prec);
        arb_add(t, t, acb_realref(c.q1), prec);
        arb_mul_2exp_si(t, t, -1);
        arb_addmul(ex_lo, t, gl, prec);
        arb_mul(t, w, acb_realref(c.q1), prec);
        arb_add(t, t, acb_realref(c.q), prec);
        arb_mul_2exp_si(t, t, -1);
        arb_addmul(ex_lo, t, gh, prec);
    } else {
        /* under Q0: P(y <= 0) = 1/2, P(y >= 1) = e^{-1/b}/2; X = -g */
        arb_mul_2exp_si(t, gl, -1);
        arb_add(ex_lo, ex_lo, t, prec);
        arb_mul(t, w, gh, prec);
        arb_mul_2exp_si(t, t, -1);
        arb_add(ex_lo, ex_lo, t, prec);
        arb_neg(ex_lo, ex_lo);
    }
    arb_set(ex_hi, ex_lo);
    /* the clamp: |X - X~| <= |g(1/b)| + |g(-1/b)| where cut, times tau */
    pld_grid_point(l, rel == LP_PLD_REMOVE ? kmin + K - 1 : kmin, h);
    pld_laplace_prob(tau, st, rel, l, rel == LP_PLD_REMOVE, prec);
    arb_abs(gh, gh);
    arb_abs(gl, gl);
    arb_add(t, gh, gl, prec);
    arb_abs(l, l);
    arb_add(t, t, l, prec);
    arb_mul(t, t, tau, prec);
    if (rel == LP_PLD_REMOVE)
        arb_sub(ex_lo, ex_lo, t, prec);
    else
        arb_add(ex_hi, ex_hi, t, prec);
    acb_clear(c.q);
    acb_clear(c.q1);
    acb_clear(c.ib);
    acb_clear(a);
    acb_clear(bb);
    acb_clear(I);
    arb_clear(t);
    arb_clear(w);
    arb_clear(gl);
    arb_clear(gh);
    arb_clear(tau);
    arb_clear(l);
    mag_clear(tol);
}
