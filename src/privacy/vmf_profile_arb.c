/* vmf_profile_arb.c -- the VMF mechanism's privacy profile for (mu, -mu):
 *   N = int_0^{th_tau} g(th) (1 - e^{eps - 2 kappa cos th}) dth,  th_tau = arccos(eps/(2 kappa)),
 *   delta(eps) = N / Z,
 * with the per-thread cache of Z; the integrals, the window and the tail
 * bounds (and why they hold for N too) are in vmf_theta_arb.c. */
#include <math.h>
#include "privacy/privacy.h"
#include "privacy/vmf_theta.h"
#include "numeric/numeric.h"

static void
clamp_unit(arb_t x, slong prec)
{
    arb_t unit;
    arb_init(unit);
    arb_unit_interval(unit);
    if (!arb_intersection(x, x, unit, prec))
        arb_indeterminate(x);
    arb_clear(unit);
}

/* The window, shift and Z of the last (p, kappa, precision) of this thread:
 * the inverse (lp_dp_epsilon) asks delta at many eps of one mechanism, and Z
 * is a third of each evaluation.  Keyed on p, the exact kappa ball and the
 * precision, so a hit is the same enclosure recomputed. */
typedef struct {
    int valid;
    uint64_t p;
    slong prec;
    arb_t kappa, shift, z, a, b, pi;
    double mode, w;
} z_cache;

static __thread z_cache cache;

void
lp_vmf_profile_cache_release(void)
{
    if (cache.valid) {
        arb_clear(cache.kappa); arb_clear(cache.shift); arb_clear(cache.z);
        arb_clear(cache.a); arb_clear(cache.b); arb_clear(cache.pi);
        cache.valid = 0;
    }
}

static void
normaliser_cached(window *W, arb_t shift, arb_t z, uint64_t p, const arb_t kappa, slong wprec)
{
    vmf_theta c;
    if (cache.valid && cache.p == p && cache.prec == wprec && arb_equal(cache.kappa, kappa)) {
        arb_set(W->a, cache.a);
        arb_set(W->b, cache.b);
        arb_set(W->pi, cache.pi);
        W->mode = cache.mode;
        W->w = cache.w;
        arb_set(shift, cache.shift);
        arb_set(z, cache.z);
        return;
    }
    c.n = p - 2;
    c.kappa = kappa;
    c.eps = NULL;
    c.factor = 0;
    c.hq = NULL;
    c.hb = NULL;
    arb_init(c.shift);
    lp_vmf_window_clear(W);
    lp_vmf_window_init(W, c.n, kappa, wprec);
    lp_vmf_set_shift(&c, kappa, c.n, W->mode, wprec);
    lp_vmf_normaliser_scaled(z, &c, W, wprec);
    arb_set(shift, c.shift);
    arb_clear(c.shift);
    if (!cache.valid) {
        arb_init(cache.kappa); arb_init(cache.shift); arb_init(cache.z);
        arb_init(cache.a); arb_init(cache.b); arb_init(cache.pi);
        cache.valid = 1;
    }
    cache.p = p;
    cache.prec = wprec;
    arb_set(cache.kappa, kappa);
    arb_set(cache.shift, shift);
    arb_set(cache.z, z);
    arb_set(cache.a, W->a);
    arb_set(cache.b, W->b);
    arb_set(cache.pi, W->pi);
    cache.mode = W->mode;
    cache.w = W->w;
}

void
lp_vmf_profile_parts_arb(arb_t delta, arb_t slope, const arb_t eps, uint64_t p, const arb_t kappa,
                         slong prec)
{
    vmf_theta c, cn;
    window W;
    arb_t tau, thtau, z, nn, U, len, one;
    slong wprec = prec + 2 * FLINT_BIT_COUNT(p) + 16;
    double u, wn;

    if (arb_is_zero(kappa)) {                    /* L = 0: delta(eps) = (1 - e^eps)_+ = 0 */
        arb_zero(delta);
        if (slope != NULL)
            arb_zero(slope);
        return;
    }
    arb_init(tau); arb_init(thtau); arb_init(z); arb_init(nn);
    arb_init(U); arb_init(len); arb_init(one);
    arb_init(c.shift); arb_init(cn.shift);

    arb_div(tau, eps, kappa, wprec);
    arb_mul_2exp_si(tau, tau, -1);               /* eps / (2 kappa) */
    arb_one(one);
    if (arb_ge(tau, one)) {                      /* eps >= pure eps = 2 kappa */
        arb_zero(delta);
        if (slope != NULL)
            arb_zero(slope);
        goto done;
    }
    if (!arb_lt(tau, one)) {
        arb_indeterminate(delta);
        if (slope != NULL)
            arb_indeterminate(slope);
        goto done;
    }
    arb_acos(thtau, tau, wprec);

    c.n = p - 2;
    c.kappa = kappa;
    c.eps = NULL;
    c.factor = 0;
    c.hq = NULL;
    c.hb = NULL;
    arb_init(W.a); arb_init(W.b); arb_init(W.pi);
    normaliser_cached(&W, c.shift, z, p, kappa, wprec);

    /* N, scaled at its own peak: g peaks at min(mode, th_tau) on [0, th_tau] */
    cn.n = c.n;
    cn.kappa = kappa;
    cn.eps = eps;
    cn.factor = 1;
    cn.hq = NULL;
    cn.hb = NULL;
    arb_set_arf(U, arb_midref(thtau));
    u = lp_arb_mid_d(U);
    wn = W.w;
    if (u < W.mode) {
        /* the slope of log g at u bounds the scale of the integrand below it */
        double sl = (c.n * cos(u) - lp_arb_mid_d(kappa) * sin(u) * sin(u)) / sin(u);
        if (sl > 0 && 1.0 / sl < wn)
            wn = 1.0 / sl;
    }
    lp_vmf_set_shift(&cn, kappa, cn.n, u < W.mode ? u : W.mode, wprec);
    arb_sub(len, cn.shift, c.shift, wprec);
    arb_exp(len, len, wprec);
    arb_div(len, len, z, wprec);                 /* e^{shift_N - shift} / Z_scaled */

    lp_vmf_upper_integral(nn, &cn, &W, thtau, U, wn, wprec);
    arb_mul(delta, nn, len, prec);
    clamp_unit(delta, prec);
    if (slope != NULL) {
        /* -delta'(eps) = e^eps P_{-mu}[L > eps] = int_0^{th_tau} g e^{eps - 2 kappa cos th} / Z */
        cn.factor = 2;
        lp_vmf_upper_integral(nn, &cn, &W, thtau, U, wn, wprec);
        arb_mul(slope, nn, len, prec);
    }
    lp_vmf_window_clear(&W);
done:
    arb_clear(tau); arb_clear(thtau); arb_clear(z); arb_clear(nn);
    arb_clear(U); arb_clear(len); arb_clear(one);
    arb_clear(c.shift); arb_clear(cn.shift);
}

void
lp_vmf_profile_arb(arb_t delta, const arb_t eps, uint64_t p, const arb_t kappa, slong prec)
{
    lp_vmf_profile_parts_arb(delta, NULL, eps, p, kappa, prec);
}
