/* vmf_chordal_arb.c -- the VMF mechanism's privacy profile for a pair at
 * chordal distance d = |mu - mu'| in (0, 2), certified, as ONE integral.
 *
 * Derivation.  mu.mu' = 1 - d^2/2.  With e = (mu - mu')/d (a unit vector),
 * the privacy loss is L(y) = kappa (mu - mu').y = kappa d u, u = e.y, and
 * mu.e = (1 - mu.mu')/d = d/2, so mu = (d/2) e + c f with c = sqrt(1 - d^2/4)
 * and f a unit vector orthogonal to e.  (Written from mu instead, y = t mu +
 * sqrt(1-t^2) v gives L = kappa d ((d/2) t + c sqrt(1-t^2) s), s = w.v, a 2-D
 * integral in (t, s); the variables below make the inner one closed.)  Write
 * y = u e + sqrt(1 - u^2) v', v' uniform on the unit sphere of e's orthogonal
 * complement (dimension p - 2), r = f.v' with density prop. to
 * (1 - r^2)^{(p-4)/2} on [-1, 1].  The surface measure is prop. to
 * (1 - u^2)^{(p-3)/2} du dsigma(v'), and
 *   mu.y = (d/2) u + c sqrt(1 - u^2) r,
 * so under f_mu (density prop. to e^{kappa mu.y}) u has density prop. to
 *   (1 - u^2)^{(p-3)/2} e^{(kappa d/2) u} int_{-1}^{1} (1 - r^2)^{(p-4)/2} e^{kappa c sqrt(1-u^2) r} dr,
 * and int_{-1}^{1} (1 - r^2)^{b - 3/2} e^{z r} dr = B(1/2, b - 1/2) 0F1(; b; z^2/4)
 * (term by term: the odd moments vanish, the even ones are Beta functions),
 * b = (p - 1)/2.  With u = cos th (th in [0, pi]),
 *   delta_d(eps) = N / Z,
 *   g(th) = e^{(kappa d/2) cos th} sin^{p-2} th 0F1(; (p-1)/2; q sin^2 th),  q = kappa^2 (1 - d^2/4) / 4,
 *   Z = int_0^pi g,   N = int_0^{th_tau} g (1 - e^{eps - kappa d cos th}),  th_tau = arccos(eps/(kappa d)),
 * and delta_d = 0 for eps >= kappa d (the pure eps).  This is the antipodal
 * integral (vmf_theta_arb.c) with kappa -> kappa d/2 (the loss's coefficient
 * kappa d is again twice the weight's) times the entire factor 0F1, and it
 * holds at every p >= 2: p = 2 (r = +-1) gives 0F1(; 1/2; z^2/4) = cosh z,
 * p = 3 (r arcsine) gives 0F1(; 1; z^2/4) = I_0(z).  At d = 2, q = 0 and the
 * factor is 1: the antipodal integral.  Z does not depend on d (it is the
 * normaliser up to d-free constants): a check in tests/privacy/t-vmf-chordal.c.
 *
 * Which pair is worst: proved (its steps tested in tests/privacy/t-vmf-chordal.c;
 * the records say "proved").  All pairs at one distance d are alike (a rotation
 * carries one onto another and preserves the VMF family and the measure).
 * delta_d(eps) = E_mu[h(kappa d, e_d.y)] with h(a, u) = (1 - e^{eps - a u})_+
 * and mu.e_d = d/2.  For eps >= 0 and a >= 0, h is nondecreasing in u, and
 * nondecreasing in a (for u > 0 the exponent falls; for u <= 0, a u <= 0 <=
 * eps and h = 0 for every a).  Step 1 (reflection): if mu.e1 > mu.e2 then
 * P_mu[e1.y > c] >= P_mu[e2.y > c] for every c.  The reflection R across the
 * hyperplane orthogonal to n = (e1 - e2)/|e1 - e2| swaps the caps C1, C2
 * (R e2 = e1), preserves the surface measure, and maps C2 \ C1 onto C1 \ C2;
 * for y in C2 \ C1, y.n < 0 (y.e1 <= c < y.e2) and mu.n > 0, so
 * mu.(R y) - mu.y = -2 (y.n)(mu.n) > 0: the density there is larger.  So
 * u_d = e_d.y is stochastically nondecreasing in d.  Step 2: for d1 < d2,
 * E h(kappa d2, u_d2) >= E h(kappa d1, u_d2) >= E h(kappa d1, u_d1) (h
 * monotone in a pointwise, then in u under the stochastic order).  Hence
 * delta_d(eps) is nondecreasing in d: the pair at distance S is worst among
 * those at distance <= S, and the antipodal pair is worst of all.
 * The integrand's window and its tail bounds: vmf_chordal_window.c. */
#include <math.h>
#include "privacy/privacy.h"
#include "privacy/vmf_theta.h"
#include "numeric/numeric.h"

/* The window, shift and Z of the last (p, kappa, d, precision) of this
 * thread, as vmf_profile_arb.c keeps the antipodal one: the inverse asks
 * delta at many eps of one pair.  Keyed on the exact balls, so a hit is the
 * same enclosure recomputed. */
typedef struct {
    int valid;
    uint64_t p;
    slong prec;
    arb_t kappa, dist, shift, z, a, b, pi;
    double mode, w;
} z_cache;

static __thread z_cache cache;

void
lp_vmf_chordal_cache_release(void)
{
    if (cache.valid) {
        arb_clear(cache.kappa); arb_clear(cache.dist); arb_clear(cache.shift); arb_clear(cache.z);
        arb_clear(cache.a); arb_clear(cache.b); arb_clear(cache.pi);
        cache.valid = 0;
    }
}

/* Z = int_0^pi e^{kappa cos th} sin^{p-2} th dth = sqrt(pi) G((p-1)/2) / G(p/2)
 * 0F1(; p/2; kappa^2/4) (DLMF 10.32.2 with I_nu(k) = (k/2)^nu 0F1(; nu+1; k^2/4)
 * / G(nu+1), nu = p/2 - 1), the series summed directly (positive terms);
 * returns 0 where kappa is too large for it or the ball is not accurate to
 * prec - 16 bits (the caller integrates instead). */
static int
normaliser_closed(arb_t z, uint64_t p, const arb_t kappa, slong prec)
{
    acb_t a, x;
    arb_t t;
    int ok;
    if (arf_cmpabs_2exp_si(arb_midref(kappa), 16) > 0)
        return 0;
    acb_init(a); acb_init(x); arb_init(t);
    acb_set_ui(a, p);
    acb_mul_2exp_si(a, a, -1);
    acb_set_arb(x, kappa);
    acb_sqr(x, x, prec);
    acb_mul_2exp_si(x, x, -2);
    acb_hypgeom_0f1_direct(x, a, x, 0, prec);
    {
        /* G of p/2 ~ 2^30 loses the bits of its exponent's size */
        slong gprec = prec + 2 * FLINT_BIT_COUNT(p) + 8;
        arb_t g;
        arb_init(g);
        arb_gamma(g, acb_realref(a), gprec);
        arb_set_ui(t, p - 1);
        arb_mul_2exp_si(t, t, -1);
        arb_gamma(t, t, gprec);
        arb_div(t, t, g, gprec);
        arb_clear(g);
    }
    arb_mul(z, acb_realref(x), t, prec);
    arb_const_sqrt_pi(t, prec);
    arb_mul(z, z, t, prec);
    ok = arb_is_finite(z) && arb_rel_accuracy_bits(z) >= prec - 16;
    acb_clear(a); acb_clear(x); arb_clear(t);
    return ok;
}

/* W (initialised here), c->shift and z for c (kappa, hq, hb set) */
static void
normaliser_cached(window *W, vmf_theta *c, arb_t z, const lp_vmf_chordal_par *f, uint64_t p,
                  const arb_t kappa, const arb_t dist, slong wprec)
{
    if (cache.valid && cache.p == p && cache.prec == wprec && arb_equal(cache.kappa, kappa)
        && arb_equal(cache.dist, dist)) {
        arb_init(W->a); arb_init(W->b); arb_init(W->pi);
        arb_set(W->a, cache.a);
        arb_set(W->b, cache.b);
        arb_set(W->pi, cache.pi);
        W->mode = cache.mode;
        W->w = cache.w;
        arb_set(c->shift, cache.shift);
        arb_set(z, cache.z);
        return;
    }
    lp_vmf_chordal_window_init(W, f, c->kappa, c->n, wprec);
    lp_vmf_chordal_set_shift(c, W->mode, wprec);
    /* Z does not depend on d (see above; tests/privacy/t-vmf-chordal.c holds the
     * 0F1-weighted integral against it): in closed form, else the antipodal
     * theta integral (no 0F1 in its integrand), scaled by e^{-shift} */
    if (!normaliser_closed(z, p, kappa, wprec))
        lp_vmf_theta_normaliser_arb(z, p, kappa, wprec - 2 * FLINT_BIT_COUNT(p) - 16);
    {
        arb_t e;
        arb_init(e);
        arb_neg(e, c->shift);
        arb_exp(e, e, wprec);
        arb_mul(z, z, e, wprec);
        arb_clear(e);
    }
    if (!cache.valid) {
        arb_init(cache.kappa); arb_init(cache.dist); arb_init(cache.shift); arb_init(cache.z);
        arb_init(cache.a); arb_init(cache.b); arb_init(cache.pi);
        cache.valid = 1;
    }
    cache.p = p;
    cache.prec = wprec;
    arb_set(cache.kappa, kappa);
    arb_set(cache.dist, dist);
    arb_set(cache.shift, c->shift);
    arb_set(cache.z, z);
    arb_set(cache.a, W->a);
    arb_set(cache.b, W->b);
    arb_set(cache.pi, W->pi);
    cache.mode = W->mode;
    cache.w = W->w;
}
void
lp_vmf_chordal_parts_arb(arb_t delta, arb_t slope, const arb_t eps, uint64_t p, const arb_t kappa,
                         const arb_t dist, slong prec)
{
    vmf_theta c, cn;
    window W;
    lp_vmf_chordal_par f;
    arb_t kw, kd, q, hb, tau, thtau, z, nn, U, len, one;
    slong wprec = prec + 2 * FLINT_BIT_COUNT(p) + 16;
    double u, wn;

    if (arb_is_zero(kappa)) {                    /* L = 0: delta(eps) = 0 */
        arb_zero(delta);
        if (slope != NULL)
            arb_zero(slope);
        return;
    }
    arb_init(kw); arb_init(kd); arb_init(q); arb_init(hb);
    arb_init(tau); arb_init(thtau); arb_init(z); arb_init(nn);
    arb_init(U); arb_init(len); arb_init(one);
    arb_init(c.shift); arb_init(cn.shift);

    arb_mul(kd, kappa, dist, wprec);             /* kappa d: the loss's coefficient */
    lp_vmf_chordal_setup(&c, &f, kw, q, hb, p, kappa, dist, wprec);

    arb_div(tau, eps, kd, wprec);                /* eps / (kappa d) */
    arb_one(one);
    if (arb_ge(tau, one)) {                      /* eps >= pure eps = kappa d */
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
    normaliser_cached(&W, &c, z, &f, p, kappa, dist, wprec);

    /* N, scaled at its own peak: g peaks at min(mode, th_tau) on [0, th_tau] */
    cn.n = c.n;
    cn.kappa = c.kappa;
    cn.hq = c.hq;
    cn.hb = c.hb;
    cn.eps = eps;
    cn.factor = 1;
    arb_set_arf(U, arb_midref(thtau));
    u = lp_arb_mid_d(U);
    wn = W.w;
    if (u < W.mode) {
        /* the slope of log g at u bounds the scale of the integrand below it */
        double h = 1e-6 * (W.w < 1 ? W.w : 1);
        double sl = lp_vmf_chordal_phi_d(u + h, &f) - lp_vmf_chordal_phi_d(u - h > 0 ? u - h : 1e-300, &f);
        sl /= 2 * h;
        if (sl > 0 && 1.0 / sl < wn)
            wn = 1.0 / sl;
    }
    lp_vmf_chordal_set_shift(&cn, u < W.mode ? u : W.mode, wprec);
    arb_sub(len, cn.shift, c.shift, wprec);
    arb_exp(len, len, wprec);
    arb_div(len, len, z, wprec);                 /* e^{shift_N - shift} / Z_scaled */

    lp_vmf_upper_integral(nn, &cn, &W, thtau, U, wn, wprec);
    arb_mul(delta, nn, len, prec);
    {
        arb_t unit;
        arb_init(unit);
        arb_unit_interval(unit);
        if (!arb_intersection(delta, delta, unit, prec))
            arb_indeterminate(delta);
        arb_clear(unit);
    }
    if (slope != NULL) {
        /* -delta'(eps) = e^eps P_{mu'}[L > eps] = int_0^{th_tau} g e^{eps - kappa d cos th} / Z */
        cn.factor = 2;
        lp_vmf_upper_integral(nn, &cn, &W, thtau, U, wn, wprec);
        arb_mul(slope, nn, len, prec);
    }
    lp_vmf_window_clear(&W);
done:
    arb_clear(kw); arb_clear(kd); arb_clear(q); arb_clear(hb);
    arb_clear(tau); arb_clear(thtau); arb_clear(z); arb_clear(nn);
    arb_clear(U); arb_clear(len); arb_clear(one);
    arb_clear(c.shift); arb_clear(cn.shift);
}

void
lp_vmf_chordal_profile_arb(arb_t delta, const arb_t eps, uint64_t p, const arb_t kappa, const arb_t dist,
                           slong prec)
{
    lp_vmf_chordal_parts_arb(delta, NULL, eps, p, kappa, dist, prec);
}

void
lp_vmf_chordal_normaliser_arb(arb_t z, uint64_t p, const arb_t kappa, const arb_t dist, slong prec)
{
    vmf_theta c;
    window W;
    lp_vmf_chordal_par f;
    arb_t kw, q, hb;
    slong wprec = prec + 2 * FLINT_BIT_COUNT(p) + 16;
    arb_init(kw); arb_init(q); arb_init(hb); arb_init(c.shift);
    lp_vmf_chordal_setup(&c, &f, kw, q, hb, p, kappa, dist, wprec);
    lp_vmf_chordal_window_init(&W, &f, kw, c.n, wprec);
    lp_vmf_chordal_set_shift(&c, W.mode, wprec);
    lp_vmf_normaliser_scaled(z, &c, &W, wprec);
    arb_exp(W.pi, c.shift, wprec);               /* (W.pi reused: the scale) */
    arb_mul(z, z, W.pi, prec);
    lp_vmf_window_clear(&W);
    arb_clear(kw); arb_clear(q); arb_clear(hb); arb_clear(c.shift);
}

void
lp_vmf_chordal_tail_arb(arb_t res, const arb_t c, uint64_t p, const arb_t kappa, const arb_t dist, slong prec)
{
    vmf_theta g;
    window W;
    lp_vmf_chordal_par f;
    arb_t kw, q, hb, thc, z, nn, U, len;
    slong wprec = prec + 2 * FLINT_BIT_COUNT(p) + 16;
    arb_init(kw); arb_init(q); arb_init(hb); arb_init(thc); arb_init(z); arb_init(nn);
    arb_init(U); arb_init(len); arb_init(g.shift);
    lp_vmf_chordal_setup(&g, &f, kw, q, hb, p, kappa, dist, wprec);
    lp_vmf_chordal_window_init(&W, &f, kw, g.n, wprec);
    lp_vmf_chordal_set_shift(&g, W.mode, wprec);
    lp_vmf_normaliser_scaled(z, &g, &W, wprec);
    arb_acos(thc, c, wprec);                     /* u > c  <=>  th < arccos c */
    arb_set_arf(U, arb_midref(thc));
    lp_vmf_upper_integral(nn, &g, &W, thc, U, W.w, wprec);
    arb_div(res, nn, z, prec);
    lp_vmf_window_clear(&W);
    arb_clear(kw); arb_clear(q); arb_clear(hb); arb_clear(thc); arb_clear(z); arb_clear(nn);
    arb_clear(U); arb_clear(len); arb_clear(g.shift);
}
