/* t-pld-vmf.c -- the certified PLD accountant over the VMF's step
 * (src/account/pld/pairs/pld_mech_vmf.c), each check by a route that shares none
 * of its code:
 *   T = 1, certified: the subsampled pair's delta from the VMF's own
 *     antipodal profile (src/privacy/vmf_profile_arb.c, integrals in theta):
 *     remove  H_{e^eps}((1-q) Q + q P || Q) = q H_{1 + (e^eps - 1)/q}(P || Q);
 *     add     H_{e^eps}(Q || (1-q) Q + q P) = (1 - e^eps (1-q)) H_{1/g}(Q || P),
 *             g = (1 - e^eps (1-q)) / (e^eps q), with H_x(Q || P) = H_x(P || Q)
 *             (the antipodal pair is symmetric) and, for x < 1, H_x = 1 - x +
 *             x H_{1/x};
 *   T = 2: delta_2(eps) = E[delta_1(eps - L)] by nested Simpson quadrature in
 *     theta (t = cos theta, doubles), its error estimated from halving;
 *   T = 20: Monte Carlo of the summed loss, t drawn by Wood's (1994)
 *     rejection sampler, with its standard error.
 * Random inputs in Arb's style (LEAKPROOF_TEST_SEED), printed on failure. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include "account/pld/pld.h"
#include "privacy/privacy.h"
#include "tap.h"
#include "helpers.h"

typedef struct {
    double kappa, q;
    uint64_t p;
    int rel;
    char kappa_text[32], q_text[32];
} vcase;

static void
vcase_set(vcase *c, double kappa, uint64_t p, double q, int rel)
{
    snprintf(c->kappa_text, sizeof c->kappa_text, "%.4g", kappa);
    snprintf(c->q_text, sizeof c->q_text, "%.4g", q);
    c->kappa = strtod(c->kappa_text, NULL);
    c->q = strtod(c->q_text, NULL);
    c->p = p;
    c->rel = rel;
}

static const char *
rel_name(int rel)
{
    return rel == LP_PLD_REMOVE ? "remove" : "add";
}

/* the PLD bracket of delta(eps) after T steps; 0 or -1 */
static int
bracket(double *lo, double *hi, const vcase *c, uint64_t T, double eps, double width)
{
    lp_dpsgd run;
    lp_pld_step st;
    lp_pld pld;
    arb_t e, l, h;
    int r;
    lp_dpsgd_init(&run, "1", c->q_text, T, "1e-6");
    lp_pld_step_init_vmf(&st, &run, c->kappa_text, c->p);
    arb_init(e);
    arb_init(l);
    arb_init(h);
    r = lp_pld_init_step(&pld, &st, (lp_pld_relation) c->rel, width, (size_t) 1 << 20, eps);
    if (r == 0) {
        arb_set_d(e, eps);
        lp_pld_delta(l, h, &pld, e);
        *lo = arf_get_d(arb_midref(l), ARF_RND_DOWN) - mag_get_d(arb_radref(l));
        *hi = arf_get_d(arb_midref(h), ARF_RND_UP) + mag_get_d(arb_radref(h));
    }
    lp_pld_clear(&pld);
    lp_pld_step_clear(&st);
    lp_dpsgd_clear(&run);
    arb_clear(e);
    arb_clear(l);
    arb_clear(h);
    return r;
}

/* ---- T = 1: the VMF's own profile, certified ------------------------------------- */

/* d = H_g(P || Q) of the antipodal pair for g > 0 (either order: symmetric) */
static void
hockey(arb_t d, const arb_t g, const vcase *c, slong prec)
{
    arb_t k, e, t;
    arb_init(k);
    arb_init(e);
    arb_init(t);
    arb_set_str(k, c->kappa_text, prec);
    if (arf_cmp_si(arb_midref(g), 1) >= 0) {
        arb_log(e, g, prec);
        lp_vmf_profile_arb(d, e, c->p, k, prec);
    } else {                                    /* 1 - g + g H_{1/g} */
        arb_log(e, g, prec);
        arb_neg(e, e);
        lp_vmf_profile_arb(t, e, c->p, k, prec);
        arb_mul(t, t, g, prec);
        arb_sub_ui(d, g, 1, prec);
        arb_sub(d, t, d, prec);
    }
    arb_clear(k);
    arb_clear(e);
    arb_clear(t);
}

static void
exact_t1(arb_t d, const vcase *c, double eps, slong prec)
{
    arb_t q, ee, g, t;
    arb_init(q);
    arb_init(ee);
    arb_init(g);
    arb_init(t);
    arb_set_str(q, c->q_text, prec);
    arb_set_d(ee, eps);
    arb_exp(ee, ee, prec);
    if (c->rel == LP_PLD_REMOVE) {
        arb_sub_ui(g, ee, 1, prec);
        arb_div(g, g, q, prec);
        arb_add_ui(g, g, 1, prec);
        hockey(d, g, c, prec);
        arb_mul(d, d, q, prec);
    } else {
        /* (g Q - P)_+ = g (Q - P/g)_+: delta = (1 - e^eps (1-q)) H_{1/g}(Q || P) */
        arb_sub_ui(t, q, 1, prec);
        arb_mul(t, t, ee, prec);
        arb_add_ui(t, t, 1, prec);              /* 1 - e^eps (1-q) */
        if (arb_is_nonpositive(t)) {
            arb_zero(d);
        } else {
            arb_mul(g, ee, q, prec);
            arb_div(g, g, t, prec);             /* 1/g */
            hockey(d, g, c, prec);
            arb_mul(d, d, t, prec);
        }
    }
    arb_clear(q);
    arb_clear(ee);
    arb_clear(g);
    arb_clear(t);
}

static void
check_t1(const vcase *c, double eps)
{
    double lo = NAN, hi = NAN, xl, xh;
    arb_t d;
    int ok;
    arb_init(d);
    exact_t1(d, c, eps, 128);
    xl = arf_get_d(arb_midref(d), ARF_RND_DOWN) - mag_get_d(arb_radref(d));
    xh = arf_get_d(arb_midref(d), ARF_RND_UP) + mag_get_d(arb_radref(d));
    ok = bracket(&lo, &hi, c, 1, eps, 0.05) == 0 && arb_is_finite(d) && lo <= xh && xl <= hi
        && hi - lo <= 0.2 * xh + 1e-9;
    tap_ok(ok, "T = 1, %s, kappa %s, p %llu, q %s, eps %g: PLD delta in [%.9g, %.9g] holds the "
           "VMF profile's %.9g (certified, theta integrals)", rel_name(c->rel), c->kappa_text,
           (unsigned long long) c->p, c->q_text, eps, lo, hi, 0.5 * (xl + xh));
    arb_clear(d);
}

/* ---- T = 2: nested quadrature in theta (doubles) ---------------------------------- */

static double
loss(double t, const vcase *c)
{
    double s = 2 * c->kappa * t, g = s > 0 ? s + log(c->q + (1 - c->q) * exp(-s)) : log1p(c->q * expm1(s));
    return c->rel == LP_PLD_REMOVE ? g : -g;
}

/* the law of t at cos(th), times sin(th) (dt = sin th dth), unnormalised:
 * remove (1-q) g_- + q g_+, add g_- */
static double
law(double th, const vcase *c, double shift)
{
    double t = cos(th), s = sin(th), b = (double) (c->p - 2) * log(fmax(s, 1e-300)) - shift;
    double m = exp(-c->kappa * t + b);
    return c->rel == LP_PLD_REMOVE ? (1 - c->q) * m + c->q * exp(c->kappa * t + b) : m;
}

/* Simpson on [a, b] with n (even) intervals of f(th) */
#define SIMPSON(res, a, b, n, expr) do { \
        double h_ = ((b) - (a)) / (n), s_ = 0; \
        for (int i_ = 0; i_ <= (n); i_++) { \
            double th = (a) + i_ * h_; \
            double w_ = i_ == 0 || i_ == (n) ? 1 : i_ % 2 ? 4 : 2; \
            s_ += w_ * (expr); \
        } \
        (res) = s_ * h_ / 3; \
    } while (0)

/* delta_1(e) = E[(1 - e^{e - L})_+], the region L > e an interval of theta */
static double
delta1(double e, const vcase *c, double shift, double z, int n)
{
    double x, te, a, b, r;
    /* remove: L > e iff t > te; add: L > e iff t < te */
    x = c->rel == LP_PLD_REMOVE ? exp(e) - 1 + c->q : exp(-e) - 1 + c->q;
    te = x > 0 ? log(x / c->q) / (2 * c->kappa) : -1.0;
    te = fmin(fmax(te, -1.0), 1.0);
    if (c->rel == LP_PLD_REMOVE) {
        a = 0;
        b = acos(te);
    } else {
        a = acos(te);
        b = M_PI;
    }
    if (b <= a)
        return 0;
    SIMPSON(r, a, b, n, law(th, c, shift) * -expm1(e - loss(cos(th), c)));
    return r / z;
}

static double
delta2(const vcase *c, double eps, int n)
{
    double shift = c->kappa, z, r;
    SIMPSON(z, 0.0, M_PI, n, law(th, c, shift));
    SIMPSON(r, 0.0, M_PI, n, law(th, c, shift) * delta1(eps - loss(cos(th), c), c, shift, z, n));
    return r / z;
}

static void
check_t2(const vcase *c, double eps)
{
    double lo = NAN, hi = NAN, q1 = delta2(c, eps, 400), q2 = delta2(c, eps, 800);
    double err = 3 * fabs(q2 - q1) + 1e-12;
    int ok = bracket(&lo, &hi, c, 2, eps, 0.05) == 0 && lo <= q2 + err && q2 - err <= hi
        && hi - lo <= 0.2 * q2 + 1e-9;
    tap_ok(ok, "T = 2, %s, kappa %s, p %llu, q %s, eps %g: PLD delta in [%.9g, %.9g] holds the "
           "nested quadrature's %.9g +- %.2g", rel_name(c->rel), c->kappa_text,
           (unsigned long long) c->p, c->q_text, eps, lo, hi, q2, err);
}

/* ---- T = 20: Monte Carlo, Wood's sampler ----------------------------------------- */

/* t = mu.y for y ~ VMF(mu, kappa) on S^{p-1} (Wood 1994) */
static double
wood(const vcase *c, gsl_rng *r)
{
    const double k = c->kappa, m = (double) c->p - 1;
    const double b = (-2 * k + sqrt(4 * k * k + m * m)) / m, x0 = (1 - b) / (1 + b);
    const double cc = k * x0 + m * log(1 - x0 * x0);
    for (;;) {
        double z = gsl_ran_beta(r, m / 2, m / 2);
        double w = (1 - (1 + b) * z) / (1 - (1 - b) * z);
        if (k * w + m * log(1 - x0 * w) - cc >= log(gsl_rng_uniform_pos(r)))
            return w;
    }
}

static void
check_mc(const vcase *c, int T, double eps, long n, gsl_rng *r)
{
    double lo = NAN, hi = NAN, s1 = 0, s2 = 0, mean, se;
    int ok;
    for (long i = 0; i < n; i++) {
        double S = 0, v;
        for (int k = 0; k < T; k++) {
            /* remove: t ~ (1-q) f_- + q f_+; add: t ~ f_- (f_- of t is f_+ of -t) */
            double w = wood(c, r);
            int plus = c->rel == LP_PLD_REMOVE && gsl_rng_uniform(r) < c->q;
            S += loss(plus ? w : -w, c);
        }
        v = S > eps ? -expm1(eps - S) : 0.0;
        s1 += v;
        s2 += v * v;
    }
    mean = s1 / n;
    se = sqrt(fmax(s2 / n - mean * mean, 0) / n);
    ok = bracket(&lo, &hi, c, (uint64_t) T, eps, 0.05) == 0 && se > 0 && mean + 4 * se >= lo
        && mean - 4 * se <= hi;
    tap_ok(ok, "T = %d, %s, kappa %s, p %llu, q %s, eps %g: PLD delta in [%.6g, %.6g], Monte Carlo "
           "%.6g +- %.2g (%ld samples)", T, rel_name(c->rel), c->kappa_text,
           (unsigned long long) c->p, c->q_text, eps, lo, hi, mean, se, n);
}

int
main(void)
{
    flint_rand_t state;
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    vcase c;
    test_rand_init(state);
    gsl_rng_set(r, n_randint(state, 1u << 30) + 1);
    /* T = 1: the papers' run's step (remove; its add side needs eps below
     * -log(1 - q) = 0.01, a grid too fine for make check), then random ones;
     * the add side's eps half its largest loss -log(1 - q) */
    vcase_set(&c, 173, 13700, 0.01, LP_PLD_REMOVE);
    check_t1(&c, 2.0);
    for (int i = 0; i < 4; i++) {
        double kappa = 1 + 29 * (double) n_randint(state, 1000) / 1000;
        double q = 0.05 + 0.45 * (double) n_randint(state, 1000) / 1000;
        uint64_t p = 3 + n_randint(state, 60);
        vcase_set(&c, kappa, p, q, i % 2);
        check_t1(&c, i % 2 ? -0.5 * log1p(-c.q) : 0.3 + (double) n_randint(state, 100) / 50);
    }
    /* T = 2 */
    for (int i = 0; i < 4; i++) {
        double kappa = 1 + 9 * (double) n_randint(state, 1000) / 1000;
        double q = 0.05 + 0.45 * (double) n_randint(state, 1000) / 1000;
        uint64_t p = 3 + n_randint(state, 30);
        vcase_set(&c, kappa, p, q, i % 2);
        check_t2(&c, i % 2 ? -0.5 * log1p(-c.q) : 0.2 + (double) n_randint(state, 100) / 100);
    }
    /* T = 20 */
    vcase_set(&c, 5, 10, 0.2, LP_PLD_REMOVE);
    check_mc(&c, 20, 8.0, test_iterations(50000), r);
    vcase_set(&c, 5, 10, 0.2, LP_PLD_ADD);
    check_mc(&c, 20, 2.5, test_iterations(50000), r);
    gsl_rng_free(r);
    flint_randclear(state);
    flint_cleanup();
    return tap_done();
}
