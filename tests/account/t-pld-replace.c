/* t-pld-replace.c -- the certified PLD accountant of the Poisson-subsampled
 * Gaussian under replace-one neighbours (src/account/pld/pairs/pld_mech_replace.c):
 * its bracket of delta(eps) at T = 1 and T = 2 against the exact delta of the
 * pair P = (1-q) N(0,1) + q N(s,1), Q = (1-q) N(0,1) + q N(-s,1), s = 1/M,
 * computed here independently in MPFR (the loss's inverse by bisection, not
 * the closed form the accountant uses; T = 2 by composite Simpson over the
 * first step's output, its error estimated from the half grid), and its
 * epsilon's lower end against the RDP accountant's certified replace-one
 * bound (remove-then-add; no PLD lower end above it); at T = 20 against
 * Monte Carlo of the summed loss (draws from P, in doubles, with its
 * standard error).  Random inputs in
 * Arb's style (LEAKPROOF_TEST_SEED), printed on failure.  TAP. */
#include <math.h>
#include <stdio.h>
#include <mpfr.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include "account/pld/pld.h"
#include "tap.h"
#include "helpers.h"

#define P 128

/* L(y) = log(1-q + q e^{s y - s^2/2}) - log(1-q + q e^{-s y - s^2/2}) */
static void
loss(mpfr_t l, const mpfr_t y, const mpfr_t q, const mpfr_t s)
{
    mpfr_t a, b, h;
    mpfr_inits2(P, a, b, h, (mpfr_ptr) 0);
    mpfr_sqr(h, s, MPFR_RNDN);
    mpfr_div_2ui(h, h, 1, MPFR_RNDN);
    for (int sg = 0; sg < 2; sg++) {
        mpfr_mul(a, s, y, MPFR_RNDN);
        if (sg)
            mpfr_neg(a, a, MPFR_RNDN);
        mpfr_sub(a, a, h, MPFR_RNDN);
        mpfr_exp(a, a, MPFR_RNDN);
        mpfr_ui_sub(b, 1, q, MPFR_RNDN);
        mpfr_fma(a, a, q, b, MPFR_RNDN);
        mpfr_log(a, a, MPFR_RNDN);
        if (sg)
            mpfr_sub(l, l, a, MPFR_RNDN);
        else
            mpfr_set(l, a, MPFR_RNDN);
    }
    mpfr_clears(a, b, h, (mpfr_ptr) 0);
}

/* Phi(-x) */
static void
phic(mpfr_t r, const mpfr_t x)
{
    mpfr_t t;
    mpfr_init2(t, P);
    mpfr_sqrt_ui(t, 2, MPFR_RNDN);
    mpfr_div(t, x, t, MPFR_RNDN);
    mpfr_erfc(r, t, MPFR_RNDN);
    mpfr_div_2ui(r, r, 1, MPFR_RNDN);
    mpfr_clear(t);
}

/* one step: E_P[(1 - e^{e - L})_+] = P(y > y*) - e^e Q(y > y*), L(y*) = e,
 * y* by bisection on [-64, 64] */
static void
delta1(mpfr_t d, const mpfr_t e, const mpfr_t q, const mpfr_t s)
{
    mpfr_t a, b, m, l, t, u;
    mpfr_inits2(P, a, b, m, l, t, u, (mpfr_ptr) 0);
    mpfr_set_si(a, -64, MPFR_RNDN);
    mpfr_set_si(b, 64, MPFR_RNDN);
    for (int i = 0; i < 72; i++) {      /* to 2^-65 */
        mpfr_add(m, a, b, MPFR_RNDN);
        mpfr_div_2ui(m, m, 1, MPFR_RNDN);
        loss(l, m, q, s);
        if (mpfr_cmp(l, e) > 0)
            mpfr_set(b, m, MPFR_RNDN);
        else
            mpfr_set(a, m, MPFR_RNDN);
    }
    /* P(y > m) = (1-q) Phi(-m) + q Phi(-(m - s)); Q: m + s */
    phic(t, m);
    mpfr_ui_sub(u, 1, q, MPFR_RNDN);
    mpfr_mul(t, t, u, MPFR_RNDN);           /* (1-q) Phi(-m), both laws */
    mpfr_sub(a, m, s, MPFR_RNDN);
    phic(a, a);
    mpfr_fma(a, a, q, t, MPFR_RNDN);        /* P's */
    mpfr_add(b, m, s, MPFR_RNDN);
    phic(b, b);
    mpfr_fma(b, b, q, t, MPFR_RNDN);        /* Q's */
    mpfr_exp(u, e, MPFR_RNDN);
    mpfr_mul(b, b, u, MPFR_RNDN);
    mpfr_sub(d, a, b, MPFR_RNDN);
    mpfr_clears(a, b, m, l, t, u, (mpfr_ptr) 0);
}

/* two steps: int P(y) delta1(e - L(y)) dy on [-R, R + s], Simpson with n
 * panels (even) */
static double
delta2(double eps, double qd, double M, int n)
{
    const double R = 13.0, s = 1.0 / M, lo = -R, hi = R + s, hh = (hi - lo) / n;
    mpfr_t q, sm, y, l, e, d, w, acc, t;
    double r;
    mpfr_inits2(P, q, sm, y, l, e, d, w, acc, t, (mpfr_ptr) 0);
    mpfr_set_d(q, qd, MPFR_RNDN);
    mpfr_set_d(sm, s, MPFR_RNDN);
    mpfr_set_zero(acc, 1);
    for (int i = 0; i <= n; i++) {
        mpfr_set_d(y, lo + i * hh, MPFR_RNDN);
        loss(l, y, q, sm);
        mpfr_set_d(e, eps, MPFR_RNDN);
        mpfr_sub(e, e, l, MPFR_RNDN);
        delta1(d, e, q, sm);
        /* density (1-q) phi(y) + q phi(y - s) */
        mpfr_sqr(w, y, MPFR_RNDN);
        mpfr_div_2ui(w, w, 1, MPFR_RNDN);
        mpfr_neg(w, w, MPFR_RNDN);
        mpfr_exp(w, w, MPFR_RNDN);
        mpfr_ui_sub(t, 1, q, MPFR_RNDN);
        mpfr_mul(w, w, t, MPFR_RNDN);
        mpfr_sub(t, y, sm, MPFR_RNDN);
        mpfr_sqr(t, t, MPFR_RNDN);
        mpfr_div_2ui(t, t, 1, MPFR_RNDN);
        mpfr_neg(t, t, MPFR_RNDN);
        mpfr_exp(t, t, MPFR_RNDN);
        mpfr_fma(w, t, q, w, MPFR_RNDN);
        mpfr_mul(w, w, d, MPFR_RNDN);
        mpfr_mul_ui(w, w, i == 0 || i == n ? 1 : i % 2 ? 4 : 2, MPFR_RNDN);
        mpfr_add(acc, acc, w, MPFR_RNDN);
    }
    r = mpfr_get_d(acc, MPFR_RNDN) * hh / 3 / sqrt(2 * M_PI);
    mpfr_clears(q, sm, y, l, e, d, w, acc, t, (mpfr_ptr) 0);
    return r;
}

static double
exact1(double eps, double qd, double M)
{
    mpfr_t q, s, e, d;
    double r;
    mpfr_inits2(P, q, s, e, d, (mpfr_ptr) 0);
    mpfr_set_d(q, qd, MPFR_RNDN);
    mpfr_set_d(s, 1.0 / M, MPFR_RNDN);
    mpfr_set_d(e, eps, MPFR_RNDN);
    delta1(d, e, q, s);
    r = mpfr_get_d(d, MPFR_RNDN);
    mpfr_clears(q, s, e, d, (mpfr_ptr) 0);
    return r;
}

/* delta(eps) of (1-q) N(0, I) + q N(m1, I) against (1-q) N(0, I) + q N(m2, I)
 * in the plane of 0, m1, m2 (the other coordinates' Gaussians cancel), by
 * the midpoint rule on [-9, 9]^2 with n^2 cells, in doubles (a check) */
static double
delta_plane(double m1x, double m1y, double m2x, double m2y, double q, double eps, int n)
{
    const double R = 9.0, h = 2 * R / n, ee = exp(eps);
    double acc = 0;
    for (int i = 0; i < n; i++) {
        double x = -R + (i + 0.5) * h;
        for (int j = 0; j < n; j++) {
            double y = -R + (j + 0.5) * h, g0 = exp(-0.5 * (x * x + y * y));
            double g1 = exp(-0.5 * ((x - m1x) * (x - m1x) + (y - m1y) * (y - m1y)));
            double g2 = exp(-0.5 * ((x - m2x) * (x - m2x) + (y - m2y) * (y - m2y)));
            double d = (1 - q) * g0 + q * g1 - ee * ((1 - q) * g0 + q * g2);
            if (d > 0)
                acc += d;
        }
    }
    return acc * h * h / (2 * M_PI);
}

/* the accountant's bracket of delta(eps) (0), or -1 */
static int
bracket(double *lo, double *hi, const char *M, const char *q, uint64_t T, double eps)
{
    lp_dpsgd run;
    lp_pld_step st;
    lp_pld pld;
    arb_t e, l, h;
    int r;
    lp_dpsgd_init(&run, M, q, T, "1e-6");
    lp_pld_step_init_gauss(&st, &run);
    st.mech = LP_PLD_GAUSS_REPLACE;
    arb_init(e);
    arb_init(l);
    arb_init(h);
    r = lp_pld_init_step(&pld, &st, LP_PLD_REMOVE, 0.01, (size_t) 1 << 20, eps);
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

int
main(void)
{
    flint_rand_t state;
    long iters = test_iterations(4);
    int all1 = 1, rdp_ok = 1;
    char Mt[32], qt[32];
    test_rand_init(state);

    /* T = 1: random M in [0.6, 3], q in [1e-3, 0.3], eps in [0.05, 2] */
    for (long it = 0; it < iters; it++) {
        double M = 0.6 + 2.4 * n_randint(state, 1000) / 1000.0;
        double q = pow(10.0, -3 + 2.5 * n_randint(state, 1000) / 1000.0);
        double eps = 0.05 + 1.95 * n_randint(state, 1000) / 1000.0, lo = NAN, hi = NAN, x;
        snprintf(Mt, sizeof Mt, "%.3f", M);
        snprintf(qt, sizeof qt, "%.4g", q);
        M = atof(Mt);
        q = atof(qt);
        x = exact1(eps, q, M);
        if (bracket(&lo, &hi, Mt, qt, 1, eps) != 0 || !(lo <= x && x <= hi) || !(hi - lo <= 0.15 * x + 1e-9)) {
            all1 = 0;
            printf("# T 1: M %s q %s eps %.4g: bracket [%.10g, %.10g], exact %.10g\n", Mt, qt, eps,
                   lo, hi, x);
        }
    }
    tap_ok(all1, "replace-one PLD, T = 1: the certified bracket of delta(eps) holds the exact delta "
           "(MPFR, the loss inverted by bisection) and is within 15 %% of it (+ 1e-9; %ld random runs)", iters);

    /* T = 2 at one random run (M in [0.7, 1.3], q in [0.02, 0.2], eps in [0.1, 0.8]: delta
     * not tiny): Simpson at 1000 and 500 panels */
    {
        double M = 0.7 + 0.6 * n_randint(state, 1000) / 1000.0;
        double q = pow(10.0, -1.7 + 1.0 * n_randint(state, 1000) / 1000.0);
        double eps = 0.1 + 0.7 * n_randint(state, 1000) / 1000.0, lo = NAN, hi = NAN, x, x2, err;
        snprintf(Mt, sizeof Mt, "%.3f", M);
        snprintf(qt, sizeof qt, "%.4g", q);
        M = atof(Mt);
        q = atof(qt);
        int r = bracket(&lo, &hi, Mt, qt, 2, eps);
        x = delta2(eps, q, M, 1000);
        x2 = delta2(eps, q, M, 500);
        err = 16 * fabs(x - x2) + 1e-14;
        if (!tap_ok(r == 0 && lo <= x + err && x - err <= hi && err < 0.02 * x
                    && hi - lo <= 0.15 * x + 1e-9,
                    "replace-one PLD, T = 2: the bracket [%.8g, %.8g] holds the exact delta %.8g "
                    "(+- %.1g, MPFR Simpson over the first step) and is within 15 %% of it (+ 1e-9)",
                    lo, hi, x, err))
            printf("# T 2: M %s q %s eps %.4g\n", Mt, qt, eps);
    }

    /* the pair's dominance, checked (not proved): for two clipped gradients
     * m1 (norm r1 s) and m2 (norm r s, at angle th from m1) delta(eps) is at most
     * the antipodal pair's, on the same plane grid, at every eps tried
     * (negative ones too: the whole profile, which with Blackwell's theorem
     * makes the pair dominate under composition) */
    {
        int dom_ok = 1;
        double worst = 0;
        for (long it = 0; it < 3 * iters; it++) {
            double M = 0.6 + 1.6 * n_randint(state, 1000) / 1000.0, s = 1 / M;
            double q = pow(10.0, -2 + 2.0 * n_randint(state, 1000) / 1000.0);
            double eps = -0.5 + 2.0 * n_randint(state, 1000) / 1000.0;
            double th = M_PI * n_randint(state, 1000) / 1000.0;
            double r = 0.2 + 0.8 * n_randint(state, 1000) / 1000.0;
            double r1 = it % 2 ? 1.0 : 0.5 + 0.5 * n_randint(state, 1000) / 1000.0;
            double ref = delta_plane(s, 0, -s, 0, q, eps, 360);
            double d = delta_plane(r1 * s, 0, r * s * cos(th), r * s * sin(th), q, eps, 360);
            worst = fmax(worst, ref > 1e-12 ? d / ref : 0);
            if (!(d <= ref * (1 + 1e-9) + 1e-13)) {
                dom_ok = 0;
                printf("# dominance: M %.4g q %.4g eps %.4g th %.4g r %.4g: delta %.10g above "
                       "the antipodal pair's %.10g\n", M, q, eps, th, r, d, ref);
            }
        }
        tap_ok(dom_ok, "replace-one pair checked: no pair of clipped gradients (random angle and "
               "norms, T = 1, eps in [-0.5, 1.5]) has delta above the antipodal pair's "
               "(%ld random runs, plane quadrature; largest ratio %.6f)", 3 * iters, worst);
    }

    /* T = 20: Monte Carlo of delta(1) = E_P[(1 - e^{1 - S})_+], S the summed
     * loss (M 1, q 0.1; 2e5 runs), against the bracket within 5 standard
     * errors */
    {
        const double M = 1.0, q = 0.1, s = 1.0, eps = 1.0;
        const long n = 200000;
        double lo = NAN, hi = NAN, sum = 0, sum2 = 0, mean, se;
        gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
        gsl_rng_set(r, n_randint(state, 1u << 30) + 1);
        for (long i = 0; i < n; i++) {
            double S = 0, v;
            for (int t = 0; t < 20; t++) {
                double y = gsl_ran_gaussian(r, 1.0) + (gsl_rng_uniform(r) < q ? s : 0.0);
                S += log1p(q * expm1(s * y - 0.5 * s * s)) - log1p(q * expm1(-s * y - 0.5 * s * s));
            }
            v = S > eps ? -expm1(eps - S) : 0.0;
            sum += v;
            sum2 += v * v;
        }
        gsl_rng_free(r);
        mean = sum / n;
        se = sqrt(fmax(sum2 / n - mean * mean, 0.0) / n);
        {
            int rb = bracket(&lo, &hi, "1", "0.1", 20, eps);
            tap_ok(rb == 0 && se > 0 && lo - 5 * se <= mean && mean <= hi + 5 * se,
                   "replace-one PLD, T = 20 (M %g, q %g): delta(%g)'s bracket [%.6g, %.6g] meets "
                   "Monte Carlo's %.6g +- %.2g (5 standard errors, %ld runs of the summed loss)",
                   M, q, eps, lo, hi, mean, se, n);
        }
    }

    /* the RDP accountant's replace-one bound: an independent upper bound */
    for (int c = 0; c < 2; c++) {
        const char *M = c ? "1.1" : "0.8", *q = c ? "0.01" : "0.05";
        const uint64_t T = c ? 100 : 10;
        lp_dpsgd run;
        lp_pld_step st;
        lp_pld pld;
        double elo = NAN, ehi = NAN, rdp;
        lp_dpsgd_init(&run, M, q, T, "1e-5");
        lp_pld_step_init_gauss(&st, &run);
        st.mech = LP_PLD_GAUSS_REPLACE;
        if (lp_pld_init_step(&pld, &st, LP_PLD_REMOVE, 0.01, (size_t) 1 << 20, -1) == 0)
            lp_pld_epsilon(&elo, &ehi, &pld, run.delta);
        lp_pld_clear(&pld);
        lp_pld_step_clear(&st);
        run.replace = 1;
        rdp = lp_pld_rdp_upper(&run);
        lp_dpsgd_clear(&run);
        if (!(elo > 0 && elo <= ehi && ehi <= 1.02 * elo && isfinite(rdp) && elo <= rdp)) {
            rdp_ok = 0;
            printf("# M %s q %s T %llu delta 1e-5: PLD [%.6g, %.6g], RDP replace %.6g\n", M, q,
                   (unsigned long long) T, elo, ehi, rdp);
        } else {
            printf("# M %s q %s T %llu delta 1e-5: PLD [%.6g, %.6g], RDP replace %.6g (%.2fx)\n",
                   M, q, (unsigned long long) T, elo, ehi, rdp, rdp / ehi);
        }
    }
    tap_ok(rdp_ok, "replace-one PLD: epsilon's bracket within 2 %% and its lower end at most the "
           "RDP accountant's certified replace-one bound (M 0.8, q 0.05, T 10; M 1.1, q 0.01, T 100)");
    flint_randclear(state);
    flint_cleanup();
    return tap_done();
}
