/* vmf_chordal_window.c -- the integrand of the chordal VMF profile
 * (vmf_chordal_arb.c, where the derivation is): its parameters at distance d,
 * its window [th_a, th_b] outside which it is certified monotone, and the
 * shift that scales it (log g at a point, so that the integrator's absolute
 * tolerance is a relative one).
 *
 * Tails.  On [0, pi/2] sin^2 th increases, so the factor 0F1 (positive
 * coefficients) does; e^{k cos th} sin^n th increases on [0, th_a] when
 * n cos th_a - k sin^2 th_a >= 0 (vmf_theta_arb.c), so g does, if th_a <= pi/2.
 * On [pi/2, pi] both factors decrease.  Hence the window [th_a, th_b] with
 * th_a <= pi/2 checked as there (else th_a = 0) and th_b >= pi/2 (moved up
 * to 1.5708 > pi/2 where the heuristic puts it lower) has the box bounds
 * th_a g(th_a), (pi - th_b) g(th_b) for its tails, for Z and (the factors
 * lie in [0, 1] on [0, th_tau]) for N and the slope.  The mode, the width
 * and the window's reach are double heuristics (log 0F1 by its uniform
 * Debye-type approximation): they move the cost, never the enclosure. */
#include <math.h>
#include "privacy/privacy.h"
#include "privacy/vmf_theta.h"
#include "numeric/numeric.h"

/* log 0F1(; b; x) roughly (heuristics only): with m = b - 1/2, z = 2 sqrt x,
 * R = sqrt(m^2 + z^2): R - m - m log((m + R) / (2m)) */
static double
log0f1_d(double b, double x)
{
    double m = b - 0.5, z = 2.0 * sqrt(x > 0 ? x : 0), R = sqrt(m * m + z * z);
    return m > 0 ? R - m - m * log((m + R) / (2.0 * m)) : z;
}

/* log g(th) in doubles (heuristics only) */
static double
phi_d(double th, const lp_vmf_chordal_par *f)
{
    double s = sin(th);
    return f->k * cos(th) + (f->n > 0 ? f->n * log(s > 0 ? s : 1e-300) : 0.0) + log0f1_d(f->b, f->q * s * s);
}

double
lp_vmf_chordal_phi_d(double th, const lp_vmf_chordal_par *f)
{
    return phi_d(th, f);
}

/* The window for g (see above), certified monotone outside. */
void
lp_vmf_chordal_window_init(window *W, const lp_vmf_chordal_par *f, const arb_t kw, uint64_t n,
                           slong prec)
{
    double lo = 0, hi = M_PI / 2, best = -INFINITY, m = M_PI / 2, h0, h, c2, L, Llo, target, pk;
    int i, ib = 0;
    arb_t x, y;
    arb_init(W->a); arb_init(W->b); arb_init(W->pi);
    arb_init(x); arb_init(y);
    arb_const_pi(W->pi, prec);
    /* the mode lies in [0, pi/2] (g decreases on [pi/2, pi]): a scan, then golden section */
    for (i = 0; i <= 400; i++) {
        double th = (M_PI / 2) * i / 400.0, v = phi_d(th > 0 ? th : 1e-300, f);
        if (v > best) {
            best = v;
            ib = i;
        }
    }
    lo = (M_PI / 2) * (ib > 0 ? ib - 1 : 0) / 400.0;
    hi = (M_PI / 2) * (ib < 400 ? ib + 1 : 400) / 400.0;
    for (i = 0; i < 100 && hi - lo > 1e-15; i++) {
        double a = hi - 0.6180339887498949 * (hi - lo), b = lo + 0.6180339887498949 * (hi - lo);
        if (phi_d(a > 0 ? a : 1e-300, f) < phi_d(b, f))
            lo = a;
        else
            hi = b;
    }
    m = 0.5 * (lo + hi);
    h0 = 1.0 / sqrt(f->n + f->k + 2.0 * sqrt(f->q) + 1.0);
    h = 0.01 * h0;
    c2 = -(phi_d(m + h, f) - 2.0 * phi_d(m, f) + phi_d(m - h > 0 ? m - h : 1e-300, f)) / (h * h);
    W->mode = m;
    W->w = c2 > 0 && isfinite(c2) ? 1.0 / sqrt(c2) : h0;
    if (W->w > M_PI)
        W->w = M_PI;
    target = (prec + 24) * log(2.0) + log(M_PI / W->w + 1.0);
    pk = phi_d(m > 0 ? m : 1e-300, f);
    L = sqrt(2.0 * target) + 1.0;
    for (i = 0; i < 200 && m + L * W->w < M_PI && pk - phi_d(m + L * W->w, f) < target; i++)
        L *= 1.25;
    Llo = sqrt(2.0 * target) + 1.0;
    for (i = 0; i < 200 && m - Llo * W->w > 0 && pk - phi_d(m - Llo * W->w, f) < target; i++)
        Llo *= 1.25;

    arb_zero(W->a);
    if (m - Llo * W->w > 0) {
        arb_set_d(W->a, m - Llo * W->w);
        /* th_a <= pi/2 and n cos a - kw sin^2 a >= 0 ? */
        arb_mul_2exp_si(x, W->pi, -1);
        if (!arb_le(W->a, x)) {
            arb_zero(W->a);
        } else {
            lp_vmf_slope_factor(y, W->a, n, kw, prec);
            if (!arb_is_nonnegative(y))
                arb_zero(W->a);
        }
    }
    arb_set(W->b, W->pi);
    if (m + L * W->w < 3.14159) {
        arb_set_d(W->b, m + L * W->w > 1.5708 ? m + L * W->w : 1.5708);
        arb_mul_2exp_si(x, W->pi, -1);
        if (!arb_ge(W->b, x))
            arb_set(W->b, W->pi);
    }
    arb_clear(x); arb_clear(y);
}

/* c->shift = mid of log g at th (0 where not finite) */
void
lp_vmf_chordal_set_shift(vmf_theta *c, double th, slong prec)
{
    acb_t v;
    vmf_theta plain;
    acb_init(v);
    plain.n = c->n;
    plain.kappa = c->kappa;
    plain.eps = NULL;
    plain.factor = 0;
    plain.hq = c->hq;
    plain.hb = c->hb;
    arb_init(plain.shift);              /* 0: g itself */
    acb_set_d(v, th > 0 ? th : 1e-300);
    lp_vmf_eval_g(v, v, &plain, prec);
    if (arb_is_positive(acb_realref(v))) {
        arb_log(acb_realref(v), acb_realref(v), prec);
        arb_set_arf(c->shift, arb_midref(acb_realref(v)));
    } else {
        arb_zero(c->shift);
    }
    if (!arb_is_finite(c->shift))
        arb_zero(c->shift);
    arb_clear(plain.shift);
    acb_clear(v);
}

/* The integrand's parameters at chordal distance d: kw = kappa d / 2 (the
 * weight's coefficient), q = kappa^2 (4 - d^2) / 16 (the 0F1's argument per
 * sin^2 th; >= 0 as d <= 2), hb = (p - 1) / 2; c the certified integrand, f its
 * doubles for the heuristics. */
void
lp_vmf_chordal_setup(vmf_theta *c, lp_vmf_chordal_par *f, arb_t kw, arb_t q, arb_t hb, uint64_t p,
                     const arb_t kappa, const arb_t dist, slong wprec)
{
    arb_mul(kw, kappa, dist, wprec);
    arb_mul_2exp_si(kw, kw, -1);
    arb_sqr(q, dist, wprec);
    arb_sub_ui(q, q, 4, wprec);
    arb_neg(q, q);
    arb_mul(q, q, kappa, wprec);
    arb_mul(q, q, kappa, wprec);
    arb_mul_2exp_si(q, q, -4);
    arb_nonnegative_part(q, q);
    arb_set_ui(hb, p - 1);
    arb_mul_2exp_si(hb, hb, -1);
    c->n = p - 2;
    c->kappa = kw;
    c->eps = NULL;
    c->factor = 0;
    c->hq = q;
    c->hb = hb;
    f->n = (double) c->n;
    f->k = lp_arb_mid_d(kw);
    f->b = 0.5 * ((double) p - 1.0);
    f->q = lp_arb_mid_d(q);
}
