/* pld_mech_laplace.c -- Laplace noise of scale b per coordinate (l1
 * sensitivity 1) as a row of the PLD accountant's table (pld_mech.h).
 *
 * The pair: P0 = Lap(1, b), Q0 = Lap(0, b) in the one coordinate that
 * carries the whole l1 distance.  That one coordinate is the worst split of
 * the distance for delta(eps) is checked (Monte Carlo over splits,
 * tests/privacy/t-privacy.c; privacy.h), not proved: the bracket is
 * "checked" for a vector query, exact for a scalar one.  Subsampling and
 * composition as for the VMF (pld_mech_vmf.c: Zhu, Dong and Wang 2022, cited).
 *
 * The base loss L0(y) = (|y| - |y - 1|)/b is -1/b for y <= 0, (2y - 1)/b on
 * (0, 1) and 1/b for y >= 1 (two atoms and a linear part); the step's loss is
 * X = g(L0) (remove, y ~ (1-q) Q0 + q P0) or -g(L0) (add, y ~ Q0), g(s) =
 * log(1 - q + q e^s), increasing.  So X <= l is y <= y(s) or y >= y(s) with
 * y(s) = (b s + 1)/2 and s from l in closed form, and every mass and tail is
 * a closed form in Laplace's CDF, certified in Arb (no integral); the mean
 * E[X] is the atoms' plus one rigorous integral over (0, 1).  The loss is
 * bounded and the grid holds all of it: nothing is cut. */
#include <math.h>
#include <stdlib.h>
#include "account/pld/pld_mech.h"
#include "core/host.h"

#define LAP_PREC 128

/* res = P(Y <= y) (upper = 0) or P(Y > y) (upper = 1) for Y ~ Lap(0, b):
 * (1/2) e^{y/b} below 0, 1 - (1/2) e^{-y/b} above; a ball y across 0 by
 * monotonicity (its ends' values) */
static void
lap_cdf(arb_t res, const arb_t y, const arb_t b, int upper, slong prec)
{
    arb_t t;
    arb_init(t);
    if (arb_is_negative(y) || arb_is_nonnegative(y)) {
        int neg = arb_is_negative(y);
        arb_div(t, y, b, prec);
        if (!neg)
            arb_neg(t, t);
        arb_exp(t, t, prec);
        arb_mul_2exp_si(t, t, -1);              /* (1/2) e^{-|y|/b} */
        /* below 0: cdf = t, tail = 1 - t; above: cdf = 1 - t, tail = t */
        if (neg != (upper != 0))
            arb_set(res, t);
        else {
            arb_sub_ui(res, t, 1, prec);
            arb_neg(res, res);
        }
    } else {
        arb_t a, c;
        arf_t e;
        arb_init(a);
        arb_init(c);
        arf_init(e);
        arb_get_lbound_arf(e, y, prec);
        arb_set_arf(t, e);
        lap_cdf(a, t, b, upper, prec);
        arb_get_ubound_arf(e, y, prec);
        arb_set_arf(t, e);
        lap_cdf(c, t, b, upper, prec);
        arb_union(res, a, c, prec);
        arb_clear(a);
        arb_clear(c);
        arf_clear(e);
    }
    arb_clear(t);
}

/* res = P(X <= l) (upper = 0) or P(X > l) (upper = 1) under rel */
static void
loss_prob(arb_t res, const lp_pld_step *st, lp_pld_relation rel, const arb_t l, int upper,
          slong prec)
{
    const arb_struct *b = st->kappa, *q = st->run->q;
    arb_t x, s, y, t, one_b;
    int region;                 /* -1: s below -1/b, +1: s at or above 1/b, 0: between, 2: undecided */
    arb_init(x);
    arb_init(s);
    arb_init(y);
    arb_init(t);
    arb_init(one_b);
    arb_inv(one_b, b, prec);
    /* remove: X <= l iff L0 <= s = log((e^l - 1 + q)/q); add: X <= l iff L0 >= s
     * = log((e^-l - 1 + q)/q) */
    if (rel == LP_PLD_REMOVE)
        arb_exp(x, l, prec);
    else {
        arb_neg(x, l);
        arb_exp(x, x, prec);
    }
    arb_sub_ui(x, x, 1, prec);
    arb_add(x, x, q, prec);
    if (arb_is_nonpositive(x)) {
        region = -2;            /* s = -infinity */
    } else if (arb_is_positive(x)) {
        arb_div(x, x, q, prec);
        arb_log(s, x, prec);
        arb_neg(t, one_b);
        if (arb_lt(s, t))
            region = -1;
        else if (rel == LP_PLD_REMOVE ? arb_ge(s, one_b) : arb_gt(s, one_b))
            region = 1;
        else if (arb_ge(s, t) && (rel == LP_PLD_REMOVE ? arb_lt(s, one_b) : arb_le(s, one_b)))
            region = 0;
        else
            region = 2;
    } else {
        region = 2;
    }
    if (region == 2) {
        arb_zero_pm_one(res);                   /* [0, 1]: undecided, still valid */
        arb_mul_2exp_si(res, res, -1);
        arb_set_d(t, 0.5);
        arb_add(res, res, t, prec);
    } else if (rel == LP_PLD_REMOVE) {
        /* P(L0 <= s): none (s < -1/b), all (s >= 1/b), else P(y <= y(s)) */
        if (region < 0 || region == 1) {
            if ((region == 1) != (upper != 0))
                arb_one(res);
            else
                arb_zero(res);
        } else {
            arb_mul(y, b, s, prec);
            arb_add_ui(y, y, 1, prec);
            arb_mul_2exp_si(y, y, -1);          /* y(s) */
            lap_cdf(res, y, b, upper, prec);    /* (1-q) F(y) + q F(y - 1) */
            arb_sub_ui(t, q, 1, prec);
            arb_neg(t, t);
            arb_mul(res, res, t, prec);
            arb_sub_ui(y, y, 1, prec);
            lap_cdf(x, y, b, upper, prec);
            arb_addmul(res, x, q, prec);
        }
    } else {
        /* P(X <= l) = P(L0 >= s): all (s < -1/b or -infinity), none (s > 1/b),
         * else P(y >= y(s)) under Q0 */
        if (region != 0) {
            if ((region < 0) != (upper != 0))
                arb_one(res);
            else
                arb_zero(res);
        } else {
            arb_mul(y, b, s, prec);
            arb_add_ui(y, y, 1, prec);
            arb_mul_2exp_si(y, y, -1);
            lap_cdf(res, y, b, !upper, prec);   /* P(y > y(s)) = P(y >= y(s)): continuous */
        }
    }
    arb_clear(x);
    arb_clear(s);
    arb_clear(y);
    arb_clear(t);
    arb_clear(one_b);
}

static double
loss_d(double s, double q, lp_pld_relation rel)
{
    double g = s > 0 ? s + log(q + (1 - q) * exp(-s)) : log1p(q * expm1(s));
    return rel == LP_PLD_REMOVE ? g : -g;
}

static int
lap_sketch(loss_sketch *sk, const lp_pld_step *st, lp_pld_relation rel)
{
    const double b = st->kappa_d, q = st->run->q_d, lo = -30 * b, hi = 1 + 30 * b;
    const size_t n = 40001;
    const double dy = (hi - lo) / (double) n;
    double sw = 0, s1 = 0, s2 = 0, mx = -INFINITY;
    sk->n = n;
    sk->w = NULL;
    sk->l = malloc(n * sizeof *sk->l);
    sk->lw = malloc(n * sizeof *sk->lw);
    if (sk->l == NULL || sk->lw == NULL) {
        free(sk->l);
        free(sk->lw);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        double y = lo + ((double) i + 0.5) * dy, l0 = (fabs(y) - fabs(y - 1)) / b;
        double lq = -fabs(y) / b, lp = -fabs(y - 1) / b, top = fmax(lq, lp);
        sk->lw[i] = rel == LP_PLD_REMOVE ? top + log((1 - q) * exp(lq - top) + q * exp(lp - top)) : lq;
        sk->l[i] = loss_d(l0, q, rel);
        mx = fmax(mx, sk->lw[i]);
    }
    for (size_t i = 0; i < n; i++)
        sw += exp(sk->lw[i] - mx);
    for (size_t i = 0; i < n; i++) {
        double w;
        sk->lw[i] -= mx + log(sw);
        w = exp(sk->lw[i]);
        s1 += w * sk->l[i];
        s2 += w * sk->l[i] * sk->l[i];
    }
    sk->mean = s1;
    sk->var = fmax(s2 - s1 * s1, 1e-300);
    return 0;
}

/* the whole support (bounded), with a margin against the doubles' rounding */
static void
lap_cuts(double *lo_cut, double *hi_cut, const lp_pld_step *st, lp_pld_relation rel, double dref)
{
    const double b = st->kappa_d, q = st->run->q_d;
    double a = loss_d(-1 / b, q, rel), c = loss_d(1 / b, q, rel);
    (void) dref;
    *lo_cut = fmin(a, c);
    *hi_cut = fmax(a, c);
    *lo_cut -= 1e-9 * fabs(*lo_cut) + 1e-12;
    *hi_cut += 1e-9 * fabs(*hi_cut) + 1e-12;
}

static arb_ptr
lap_masses(const lp_pld_step *st, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
           arb_ptr *tails, arb_ptr *lower)
{
    const int64_t nb = K > 1 ? K - 1 : 0;
    arb_ptr mass = _arb_vec_init(K), G = _arb_vec_init(K > 1 ? K - 1 : 1);
    arb_ptr F = _arb_vec_init(K > 1 ? K - 1 : 1);
    arb_t l;
    arb_init(l);
    for (int64_t i = 0; i < nb && !lp_cancelled(); i++) {
        pld_grid_point(l, kmin + i, h);
        loss_prob(G + i, st, rel, l, 1, LAP_PREC);
        loss_prob(F + i, st, rel, l, 0, LAP_PREC);
    }
    if (K > 1) {
        /* m_0 = F_0, m_i = F_i - F_{i-1} where F is small, else G_{i-1} - G_i;
         * m_{K-1} = G_{K-2} */
        arb_set(mass + 0, F + 0);
        for (int64_t i = 1; i < K - 1; i++) {
            if (arf_cmp_2exp_si(arb_midref(F + i), -1) < 0)
                arb_sub(mass + i, F + i, F + i - 1, MASS_PREC);
            else
                arb_sub(mass + i, G + i - 1, G + i, MASS_PREC);
        }
        arb_set(mass + K - 1, G + K - 2);
    } else {
        arb_one(mass + 0);
    }
    arb_clear(l);
    if (lower && rel == LP_PLD_ADD)
        *lower = F;
    else {
        if (lower)
            *lower = NULL;
        _arb_vec_clear(F, K > 1 ? K - 1 : 1);
    }
    if (tails)
        *tails = G;
    else
        _arb_vec_clear(G, K > 1 ? K - 1 : 1);
    return mass;
}

static void
lap_cut_tails(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, int64_t kmin, int64_t kmax,
              double h)
{
    arb_t l;
    arb_init(l);
    if (rel == LP_PLD_REMOVE) {
        pld_grid_point(l, kmax, h);
        loss_prob(pld->tau_hi, st, rel, l, 1, LAP_PREC);
        arb_zero(pld->tau_lo);
    } else {
        pld_grid_point(l, kmin, h);
        loss_prob(pld->tau_lo, st, rel, l, 0, LAP_PREC);
        arb_zero(pld->tau_hi);
    }
    arb_clear(l);
}

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
    acb_exp(g, g, prec);
    acb_mul(g, g, c->q, prec);
    acb_add(g, g, c->q1, prec);
    acb_log_analytic(g, g, order != 0, prec);
    acb_mul(res, d, g, prec);
    acb_clear(d);
    acb_clear(t);
    acb_clear(g);
    return 0;
}

/* E[X]: the atoms at y <= 0 and y >= 1 and the integral over (0, 1); the
 * grid holds the support, and anything beyond l_kmax (remove) or below
 * l_kmin (add) would move it by at most the support's width times tau */
static void
lap_clamped_mean(arb_t ex_lo, arb_t ex_hi, const lp_pld_step *st, lp_pld_relation rel,
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
    loss_prob(tau, st, rel, l, rel == LP_PLD_REMOVE, prec);
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

const lp_pld_mech pld_mech_laplace = {
    "laplace", lap_sketch, lap_cuts, lap_masses, lap_cut_tails, lap_clamped_mean, NULL,
};
