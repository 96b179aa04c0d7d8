/* vmf_theta_arb.c -- the theta integrals behind the VMF profile: the
 * integrand, the window and its tail bounds, and the normaliser Z.
 *
 * The VMF mechanism's privacy profile for the antipodal pair (mu, -mu), as
 * one-dimensional integrals in theta = angle(mu, y) (contracts and the
 * derivation in privacy.h):
 *   Z = int_0^pi g(th) dth,   g(th) = e^{kappa cos th} sin^{n} th,  n = p - 2,
 *   N = int_0^{th_tau} g(th) (1 - e^{eps - 2 kappa cos th}) dth,  th_tau = arccos(eps/(2 kappa)),
 *   delta(eps) = N / Z.
 * In theta the integrand is entire for every integer p >= 2 (no branch point
 * at t = +-1 as in (1 - t^2)^{(p-3)/2}), so Arb's Gauss-Legendre integrator
 * (acb_calc_integrate) takes it on any subinterval of [0, pi].
 *
 * Huge p.  g peaks at th* = arccos t*, t* = 2 kappa / (n + sqrt(n^2 + 4 kappa^2))
 * (the root of kappa (1 - t^2) = n t), with width w = (kappa t* + n/(1-t*^2))^{-1/2}
 * ~ p^{-1/2}: at p = 2^31 the mass lies within 10^-4 of pi/2.  Only a window
 * [th_a, th_b] = th* -+ L w is integrated; outside it g is monotone -- log g
 * has derivative (n cos th - kappa sin^2 th) / sin th, decreasing on (0, pi/2)
 * and negative on [pi/2, pi) -- so
 *   int_0^{th_a} g <= th_a g(th_a)   when n cos th_a - kappa sin^2 th_a >= 0,
 *   int_{th_b}^{pi} g <= (pi - th_b) g(th_b)   when th_b >= pi/2 or
 *                                               n cos th_b - kappa sin^2 th_b <= 0,
 * both conditions checked in ball arithmetic (where one is not certain, the
 * window grows to the end of [0, pi]).  The factor (1 - e^{...}) of N lies in
 * [0, 1] on [0, th_tau], so the same bounds hold for N.  The window's L and
 * the mode are double heuristics: they move the cost, never the enclosure.
 * The integrand is scaled by e^{-shift}, shift = log g at the peak, so that
 * the integrator's absolute tolerance is a relative one. */
#include "core/host.h"
#include <math.h>
#include "privacy/privacy.h"
#include "privacy/vmf_theta.h"
#include "numeric/numeric.h"

/* e^{kappa cos th - shift} sin^n th [factor] [0F1]: real arithmetic at the
 * real nodes (most calls), complex on the integrator's ellipses.  0F1(; b; x)
 * by its direct series where b >= 8 (vmf_0f1_arb.c's, Arb's
 * acb_hypgeom_0f1_direct where that declines; its terms fall from the first at the
 * papers' sizes, x <= kappa^2/4 ~ b; Arb's automatic choice returned
 * [+/- 1e+392622] at b = 6849.5, x = 7000, 64 bits), by Arb's choice below. */
void
lp_vmf_eval_g(acb_t res, const acb_t th, const vmf_theta *c, slong prec)
{
    if (acb_is_real(th)) {
        arb_t s, co, e, f;
        arb_init(s); arb_init(co); arb_init(e); arb_init(f);
        arb_sin_cos(s, co, acb_realref(th), prec);
        arb_pow_ui(s, s, c->n, prec);
        arb_mul(e, co, c->kappa, prec);
        if (c->eps != NULL) {
            arb_mul_2exp_si(f, e, 1);
            arb_sub(f, c->eps, f, prec);
            if (c->factor == 1) {
                arb_expm1(f, f, prec);
                arb_neg(f, f);
            } else {
                arb_exp(f, f, prec);
            }
            arb_mul(s, s, f, prec);
        }
        if (c->hq != NULL) {
            arb_sin(f, acb_realref(th), prec);
            arb_sqr(f, f, prec);
            arb_mul(f, f, c->hq, prec);
            if (arf_cmp_si(arb_midref(c->hb), 8) >= 0) {
                acb_t F, B;
                acb_init(F); acb_init(B);
                acb_set_arb(F, f);
                acb_set_arb(B, c->hb);
                if (!lp_vmf_0f1_half(F, c->n + 2, F, prec))
                    acb_hypgeom_0f1_direct(F, B, F, 0, prec);
                arb_set(f, acb_realref(F));
                acb_clear(F); acb_clear(B);
            } else {
                arb_hypgeom_0f1(f, c->hb, f, 0, prec);
            }
            arb_mul(s, s, f, prec);
        }
        arb_sub(e, e, c->shift, prec);
        arb_exp(e, e, prec);
        arb_mul(acb_realref(res), s, e, prec);
        arb_zero(acb_imagref(res));
        arb_clear(s); arb_clear(co); arb_clear(e); arb_clear(f);
        return;
    }
    {
        acb_t s, co, e;
        acb_init(s); acb_init(co); acb_init(e);
        acb_sin_cos(s, co, th, prec);
        acb_pow_ui(s, s, c->n, prec);
        acb_mul_arb(e, co, c->kappa, prec);
        if (c->eps != NULL) {
            acb_t f;
            acb_init(f);
            acb_mul_2exp_si(f, e, 1);
            acb_neg(f, f);
            acb_add_arb(f, f, c->eps, prec);
            if (c->factor == 1) {
                acb_expm1(f, f, prec);
                acb_neg(f, f);
            } else {
                acb_exp(f, f, prec);
            }
            acb_mul(s, s, f, prec);
            acb_clear(f);
        }
        if (c->hq != NULL) {
            acb_t f, b;
            acb_init(f); acb_init(b);
            acb_sin(f, th, prec);
            acb_sqr(f, f, prec);
            acb_mul_arb(f, f, c->hq, prec);
            acb_set_arb(b, c->hb);
            if (arf_cmp_si(arb_midref(c->hb), 8) >= 0) {
                if (!lp_vmf_0f1_half(f, c->n + 2, f, prec))
                    acb_hypgeom_0f1_direct(f, b, f, 0, prec);
            } else
                acb_hypgeom_0f1(f, b, f, 0, prec);
            acb_mul(s, s, f, prec);
            acb_clear(f); acb_clear(b);
        }
        acb_sub_arb(e, e, c->shift, prec);
        acb_exp(e, e, prec);
        acb_mul(res, s, e, prec);
        acb_clear(s); acb_clear(co); acb_clear(e);
    }
}

static int
integrand(acb_ptr res, const acb_t th, void *param, slong order, slong prec)
{
    (void) order;               /* entire: holomorphic wherever evaluated */
    if (lp_cancelled()) {       /* SIGINT/SIGTERM: an exact 0 drains the integrator at once;
                                   the result is discarded (no record) */
        acb_zero(res);
        return 0;
    }
    lp_vmf_eval_g(res, th, (const vmf_theta *) param, prec);
    return 0;
}

/* log g(th) in doubles (heuristics only) */
static double
phi_d(double th, double n, double k)
{
    double s = sin(th);
    return k * cos(th) + (n > 0 ? n * log(s > 0 ? s : 1e-300) : 0.0);
}

void
lp_vmf_slope_factor(arb_t y, const arb_t th, uint64_t n, const arb_t kappa, slong prec)
{
    arb_t s;
    arb_init(s);
    arb_sin_cos(s, y, th, prec);
    arb_sqr(s, s, prec);
    arb_mul(s, s, kappa, prec);
    arb_mul_ui(y, y, n, prec);
    arb_sub(y, y, s, prec);
    arb_clear(s);
}

/* The window (vmf_theta.h), certified monotone outside (see above). */
void
lp_vmf_window_init(window *W, uint64_t n, const arb_t kappa, slong prec)
{
    double k = lp_arb_mid_d(kappa), nd = (double) n, t, c2, L, Llo;
    arb_t x, y;
    arb_init(W->a); arb_init(W->b); arb_init(W->pi);
    arb_init(x); arb_init(y);
    arb_const_pi(W->pi, prec);
    if (k <= 0 && n == 0) {
        t = 0.0;
        c2 = 0.0;
    } else {
        t = 2.0 * k / (nd + sqrt(nd * nd + 4.0 * k * k));
        c2 = k * t + (t < 1.0 ? nd / (1.0 - t * t) : 0.0);
    }
    W->mode = acos(t);
    W->w = c2 > 0 ? 1.0 / sqrt(c2) : M_PI;
    if (W->w > M_PI)
        W->w = M_PI;
    L = sqrt(2.0 * ((prec + 24) * log(2.0) + log(M_PI / W->w + 1.0))) + 1.0;
    {
        /* the Gaussian width is a guess: log g may fall more slowly away from
         * the mode (e^{kappa cos th} flattens); go out until it has fallen by
         * the target in doubles, on each side */
        double target = (prec + 24) * log(2.0) + log(M_PI / W->w + 1.0), pk = phi_d(W->mode, nd, k);
        for (int i = 0; i < 200 && W->mode + L * W->w < M_PI
                        && pk - phi_d(W->mode + L * W->w, nd, k) < target; i++)
            L *= 1.25;
        Llo = sqrt(2.0 * target) + 1.0;
        for (int i = 0; i < 200 && W->mode - Llo * W->w > 0
                        && pk - phi_d(W->mode - Llo * W->w, nd, k) < target; i++)
            Llo *= 1.25;
    }

    arb_zero(W->a);
    if (W->mode - Llo * W->w > 0) {
        arb_set_d(W->a, W->mode - Llo * W->w);
        /* n cos a - kappa sin^2 a >= 0 ? */
        lp_vmf_slope_factor(y, W->a, n, kappa, prec);
        if (!arb_is_nonnegative(y))
            arb_zero(W->a);
    }
    arb_set(W->b, W->pi);
    if (W->mode + L * W->w < 3.14159) {
        arb_set_d(W->b, W->mode + L * W->w);
        arb_mul_2exp_si(x, W->pi, -1);
        if (!arb_ge(W->b, x)) {
            lp_vmf_slope_factor(y, W->b, n, kappa, prec);
            if (!arb_is_nonpositive(y))
                arb_set(W->b, W->pi);
        }
    }
    arb_clear(x); arb_clear(y);
}

void
lp_vmf_window_clear(window *W)
{
    arb_clear(W->a); arb_clear(W->b); arb_clear(W->pi);
}

/* log g(th) at a real th in (0, pi) (or th = 0 with n = 0), as a ball */
static void
log_g(arb_t r, const arb_t th, uint64_t n, const arb_t kappa, slong prec)
{
    arb_t s, c;
    arb_init(s); arb_init(c);
    arb_sin_cos(s, c, th, prec);
    arb_mul(r, c, kappa, prec);
    if (n > 0) {
        arb_log(s, s, prec);
        arb_mul_ui(s, s, n, prec);
        arb_add(r, r, s, prec);
    }
    arb_clear(s); arb_clear(c);
}

/* res = int_a^b of the scaled integrand (a, b exact, a <= b) */
void
lp_vmf_integrate(arb_t res, vmf_theta *c, const arb_t a, const arb_t b, double w, slong prec)
{
    acb_t A, B, I;
    mag_t tol;
    acb_calc_integrate_opt_t opt;
    acb_init(A); acb_init(B); acb_init(I);
    mag_init(tol);
    if (arb_ge(a, b)) {
        arb_zero(res);
        goto done;
    }
    acb_set_arb(A, a);
    acb_set_arb(B, b);
    mag_set_d(tol, w > 0 && isfinite(w) ? w : 1.0);
    mag_mul_2exp_si(tol, tol, -prec - 8);
    acb_calc_integrate_opt_init(opt);
    opt->eval_limit = 2000000;
    acb_calc_integrate(I, integrand, c, A, B, prec, tol, opt, prec + 16);
    arb_set(res, acb_realref(I));
done:
    acb_clear(A); acb_clear(B); acb_clear(I);
    mag_clear(tol);
}

/* adds the box bound [0, len g(at)] (scaled, factor <= 1) as an error */
void
lp_vmf_add_box(arb_t sum, const vmf_theta *c, const arb_t len, const arb_t at, slong prec)
{
    acb_t v;
    arb_t m;
    mag_t e;
    vmf_theta plain = *c;
    acb_init(v); arb_init(m); mag_init(e);
    plain.eps = NULL;
    acb_set_arb(v, at);
    lp_vmf_eval_g(v, v, &plain, prec);
    arb_mul(m, acb_realref(v), len, prec);
    arb_get_mag(e, m);
    arb_add_error_mag(sum, e);
    acb_clear(v); arb_clear(m); mag_clear(e);
}

/* The integral over [0, th_tau] of the scaled integrand of c (mode 1 or 2):
 * the window's part, the box bounds outside it, and the gap between the
 * exact U = mid(th_tau) and th_tau. */
void
lp_vmf_upper_integral(arb_t nn, vmf_theta *cn, const window *W, const arb_t thtau, const arb_t U,
                      double wn, slong wprec)
{
    arb_t len;
    arb_init(len);
    if (arb_le(U, W->a)) {
        arb_zero(len);
        lp_vmf_integrate(nn, cn, len, U, wn, wprec);
    } else {
        arb_t hi;
        arb_init(hi);
        if (arb_lt(U, W->b))
            arb_set(hi, U);
        else
            arb_set(hi, W->b);
        lp_vmf_integrate(nn, cn, W->a, hi, wn, wprec);
        if (!arb_is_zero(W->a))
            lp_vmf_add_box(nn, cn, W->a, W->a, wprec);
        if (arb_gt(U, W->b)) {
            arb_sub(len, U, W->b, wprec);
            lp_vmf_add_box(nn, cn, len, W->b, wprec);
        }
        arb_clear(hi);
    }
    if (!mag_is_zero(arb_radref(thtau))) {
        acb_t v;
        mag_t e;
        acb_init(v); mag_init(e);
        acb_set_arb(v, thtau);
        lp_vmf_eval_g(v, v, cn, wprec);
        acb_get_mag(e, v);
        mag_mul(e, e, arb_radref(thtau));
        arb_add_error_mag(nn, e);
        acb_clear(v); mag_clear(e);
    }
    arb_clear(len);
}

/* Z e^{-shift} with the window W */
void
lp_vmf_normaliser_scaled(arb_t z, vmf_theta *c, const window *W, slong prec)
{
    arb_t len;
    arb_init(len);
    lp_vmf_integrate(z, c, W->a, W->b, W->w, prec);
    if (!arb_is_zero(W->a))
        lp_vmf_add_box(z, c, W->a, W->a, prec);
    if (!arb_equal(W->b, W->pi)) {
        arb_sub(len, W->pi, W->b, prec);
        lp_vmf_add_box(z, c, len, W->b, prec);
    }
    arb_clear(len);
}

void
lp_vmf_set_shift(vmf_theta *c, const arb_t kappa, uint64_t n, double th, slong prec)
{
    arb_t t;
    arb_init(t);
    if (th <= 0 && n > 0)
        th = 1e-300;
    arb_set_d(t, th);
    log_g(t, t, n, kappa, prec);
    arb_set_arf(c->shift, arb_midref(t));
    if (!arb_is_finite(c->shift))
        arb_zero(c->shift);
    arb_clear(t);
}

void
lp_vmf_theta_normaliser_arb(arb_t z, uint64_t p, const arb_t kappa, slong prec)
{
    vmf_theta c;
    window W;
    slong wprec = prec + 2 * FLINT_BIT_COUNT(p) + 16;
    c.n = p - 2;
    c.kappa = kappa;
    c.eps = NULL;
    c.factor = 0;
    c.hq = NULL;
    c.hb = NULL;
    arb_init(c.shift);
    lp_vmf_window_init(&W, c.n, kappa, wprec);
    lp_vmf_set_shift(&c, kappa, c.n, W.mode, wprec);
    lp_vmf_normaliser_scaled(z, &c, &W, wprec);
    arb_exp(W.pi, c.shift, wprec);          /* (W.pi reused: the scale) */
    arb_mul(z, z, W.pi, prec);
    lp_vmf_window_clear(&W);
    arb_clear(c.shift);
}
