/* RDP of one step of the subsampled Gaussian at any real order alpha > 1,
 * certified, by the privacy-loss moment as an integral (Mironov, Talwar and
 * Zhang 2019, eq. (3) with mu_0 = N(0, M^2), mu_1 = N(1, M^2)), substituted
 * z = M u.  Contract in rdp.h. */
#include <math.h>
#include "account/rdp/rdp.h"
#include "numeric/numeric.h"
#include "core/host.h"

typedef struct {
    acb_t one_minus_q, q, inv_M, h, alpha;   /* h = 1/(2M^2) */
} integrand_ctx;

/* phi(u) ((1-q) + q exp(u/M - h))^alpha, without the 1/sqrt(2 pi), as
 * exp(alpha log(base) - u^2/2): one exponential fewer than the power times
 * phi; holomorphic except where the base crosses the negative reals (|Im u|
 * >= pi M), where acb_log_analytic gives no value. */
static int
integrand(acb_ptr res, const acb_t u, void *param, slong order, slong prec)
{
    integrand_ctx *c = param;
    acb_t w, base;
    if (order > 1)
        flint_abort();
    if (lp_cancelled()) {       /* SIGINT/SIGTERM: an exact 0 drains the integrator at once;
                                   the result is discarded below */
        acb_zero(res);
        return 0;
    }
    acb_init(w);
    acb_init(base);
    acb_mul(w, u, c->inv_M, prec);
    acb_sub(w, w, c->h, prec);
    acb_exp(w, w, prec);
    acb_mul(base, w, c->q, prec);
    acb_add(base, base, c->one_minus_q, prec);
    acb_log_analytic(base, base, order != 0, prec);
    acb_mul(base, base, c->alpha, prec);
    acb_sqr(w, u, prec);
    acb_mul_2exp_si(w, w, -1);
    acb_sub(base, base, w, prec);
    acb_exp(res, base, prec);
    acb_clear(w);
    acb_clear(base);
    return 0;
}

int
lp_rdp_integral_arb(arb_t rdp, const lp_dpsgd *run, const arb_t alpha, slong prec)
{
    const slong wp = prec + 20;
    integrand_ctx c;
    acb_t a, b, I;
    arb_t t, tail, s;
    mag_t tol;
    double Md = run->M_d, ad = arf_get_d(arb_midref(alpha), ARF_RND_NEAR);
    double hd = 1.0 / (2.0 * Md * Md), L, lo, hi;
    int ok;

    if (run->q_is_one) {                /* alpha/(2M^2) */
        arb_init(t);
        arb_sqr(t, run->M, wp);
        arb_mul_2exp_si(t, t, 1);
        arb_div(rdp, alpha, t, prec);
        arb_clear(t);
        return 0;
    }
    acb_init(c.one_minus_q);
    acb_init(c.q);
    acb_init(c.inv_M);
    acb_init(c.h);
    acb_init(c.alpha);
    acb_init(a);
    acb_init(b);
    acb_init(I);
    arb_init(t);
    arb_init(tail);
    arb_init(s);
    mag_init(tol);

    acb_set_arb(c.q, run->q);
    acb_sub_ui(c.one_minus_q, c.q, 1, wp);
    acb_neg(c.one_minus_q, c.one_minus_q);
    arb_inv(acb_realref(c.inv_M), run->M, wp);
    arb_sqr(acb_realref(c.h), acb_realref(c.inv_M), wp);
    arb_mul_2exp_si(acb_realref(c.h), acb_realref(c.h), -1);
    acb_set_arb(c.alpha, alpha);

    /* The window (a double heuristic: it moves the cost, never the bound).
     * a <= 0 < 1/(2M) <= b keeps both tail bounds valid; the margin L makes
     * each tail about 2^-prec of A >= 1. */
    L = sqrt(2.0 * (prec * log(2.0) + fmax(0.0, (ad * ad - ad) * hd))) + 2.0;
    lo = -L;
    hi = fmax(ad / Md + L, 1.0 / (2.0 * Md) + 1.0);
    arb_set_d(acb_realref(a), lo);
    arb_set_d(acb_realref(b), hi);

    mag_set_ui_2exp_si(tol, 1, -prec);
    acb_calc_integrate(I, integrand, &c, a, b, prec, tol, NULL, wp);

    /* left tail: the base is <= 1 for u <= 1/(2M), so <= Phi(a) (times sqrt(2 pi)) */
    arb_neg(t, acb_realref(a));
    lp_normal_tail_arb(tail, t, wp);
    /* right tail: base <= exp(u/M - h) for u >= 1/(2M), so the integrand is
     * <= phi(u - alpha/M) exp((alpha^2 - alpha) h) */
    arb_mul(t, alpha, acb_realref(c.inv_M), wp);
    arb_sub(t, acb_realref(b), t, wp);
    lp_normal_tail_arb(s, t, wp);
    arb_sqr(t, alpha, wp);
    arb_sub(t, t, alpha, wp);
    arb_mul(t, t, acb_realref(c.h), wp);
    arb_exp(t, t, wp);
    arb_mul(s, s, t, wp);
    arb_add(tail, tail, s, wp);
    /* the tails were computed for phi itself: scale back by sqrt(2 pi) */
    arb_const_pi(t, wp);
    arb_mul_2exp_si(t, t, 1);
    arb_sqrt(t, t, wp);
    arb_mul(tail, tail, t, wp);
    arb_add_error(acb_realref(I), tail);
    arb_div(t, acb_realref(I), t, wp);          /* A */

    ok = arb_is_finite(t) && arb_is_positive(t) && !lp_cancelled();
    if (ok) {
        arb_log(t, t, wp);
        arb_sub_ui(s, alpha, 1, wp);
        arb_div(rdp, t, s, prec);
    } else {
        arb_indeterminate(rdp);
    }

    acb_clear(c.one_minus_q);
    acb_clear(c.q);
    acb_clear(c.inv_M);
    acb_clear(c.h);
    acb_clear(c.alpha);
    acb_clear(a);
    acb_clear(b);
    acb_clear(I);
    arb_clear(t);
    arb_clear(tail);
    arb_clear(s);
    mag_clear(tol);
    return ok ? 0 : -1;
}
