/* t-pld-fixed-batch.c -- the certified PLD accountant of the Gaussian with
 * fixed-size batches drawn without replacement under replace-one neighbours
 * (src/account/pld/pairs/pld_mech_fixed_batch.c), against routes of its own:
 *  - T = 1: the bracket of delta(eps) holds the pair's exact delta computed
 *    here from the definition, the larger of the two mixture pairs' hockey-
 *    stick divergences (R = (1-g) N(0,1) + g N(2s,1) against A = N(0,1) and
 *    A against R: the profile of min{f_g, f_g^-1}**), each in MPFR with the
 *    loss inverted by bisection (not the accountant's closed form);
 *  - T = 2: E over the first step's loss of that delta at eps - X, the
 *    first step's law written out here (remove's above 0, add's below, the
 *    atom at 0) and integrated by composite Simpson in MPFR, split at the
 *    kinks, its error estimated from the half grid;
 *  - T = 30: Monte Carlo of the summed loss (draws from the law, in
 *    doubles, GSL), within 5 standard errors.
 * Random inputs in Arb's style (LEAKPROOF_TEST_SEED), printed on failure.
 * TAP.  (q = 1 and the RDP comparison: t-pld-fixed-batch.sh.) */
#include <math.h>
#include <stdio.h>
#include <mpfr.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include "account/pld/pld.h"
#include "tap.h"
#include "helpers.h"

#define P 128

typedef struct {
    mpfr_t g, s;                /* the rate and s = 1/M */
} pair_t;

/* L(u) = log(1-g + g e^{2su - 2s^2}) */
static void
loss(mpfr_t l, const mpfr_t u, const pair_t *pr)
{
    mpfr_t a, b;
    mpfr_inits2(P, a, b, (mpfr_ptr) 0);
    mpfr_sub(a, u, pr->s, MPFR_RNDN);
    mpfr_mul(a, a, pr->s, MPFR_RNDN);
    mpfr_mul_2ui(a, a, 1, MPFR_RNDN);
    mpfr_exp(a, a, MPFR_RNDN);
    mpfr_ui_sub(b, 1, pr->g, MPFR_RNDN);
    mpfr_fma(a, a, pr->g, b, MPFR_RNDN);
    mpfr_log(l, a, MPFR_RNDN);
    mpfr_clears(a, b, (mpfr_ptr) 0);
}

/* u with L(u) = c by bisection; 0 when c <= log(1-g) (no such u: the set
 * {L > c} is everything) */
static int
thresh(mpfr_t u, const mpfr_t c, const pair_t *pr)
{
    mpfr_t a, b, m, l;
    int found = 1;
    mpfr_inits2(P, a, b, m, l, (mpfr_ptr) 0);
    mpfr_ui_sub(l, 1, pr->g, MPFR_RNDN);
    mpfr_log(l, l, MPFR_RNDN);
    if (mpfr_cmp(c, l) <= 0) {
        found = 0;
        goto done;
    }
    mpfr_set(a, pr->s, MPFR_RNDN);
    mpfr_set(b, pr->s, MPFR_RNDN);
    for (int i = 0;; i++) {             /* a: L(a) <= c < L(b) */
        loss(l, a, pr);
        if (mpfr_cmp(l, c) <= 0)
            break;
        mpfr_sub_ui(a, a, 1u << (i < 20 ? i : 20), MPFR_RNDN);
    }
    for (int i = 0;; i++) {
        loss(l, b, pr);
        if (mpfr_cmp(l, c) > 0)
            break;
        mpfr_add_ui(b, b, 1u << (i < 20 ? i : 20), MPFR_RNDN);
    }
    for (int i = 0; i < 90; i++) {
        mpfr_add(m, a, b, MPFR_RNDN);
        mpfr_div_2ui(m, m, 1, MPFR_RNDN);
        loss(l, m, pr);
        if (mpfr_cmp(l, c) > 0)
            mpfr_set(b, m, MPFR_RNDN);
        else
            mpfr_set(a, m, MPFR_RNDN);
    }
    mpfr_set(u, a, MPFR_RNDN);
done:
    mpfr_clears(a, b, m, l, (mpfr_ptr) 0);
    return found;
}

/* Phi(x) */
static void
Phi(mpfr_t r, const mpfr_t x)
{
    mpfr_t t;
    mpfr_init2(t, P);
    mpfr_sqrt_ui(t, 2, MPFR_RNDN);
    mpfr_div(t, x, t, MPFR_RNDN);
    mpfr_neg(t, t, MPFR_RNDN);
    mpfr_erfc(r, t, MPFR_RNDN);
    mpfr_div_2ui(r, r, 1, MPFR_RNDN);
    mpfr_clear(t);
}

/* R(u > t) (upper) or R(u < t), and A's, into r and a */
static void
laws(mpfr_t r, mpfr_t a, const mpfr_t t, int upper, const pair_t *pr)
{
    mpfr_t x, y, w;
    mpfr_inits2(P, x, y, w, (mpfr_ptr) 0);
    mpfr_set(x, t, MPFR_RNDN);
    mpfr_mul_2ui(w, pr->s, 1, MPFR_RNDN);
    mpfr_sub(y, t, w, MPFR_RNDN);
    if (upper) {
        mpfr_neg(x, x, MPFR_RNDN);
        mpfr_neg(y, y, MPFR_RNDN);
    }
    Phi(a, x);
    Phi(y, y);
    mpfr_ui_sub(w, 1, pr->g, MPFR_RNDN);
    mpfr_mul(r, a, w, MPFR_RNDN);
    mpfr_fma(r, y, pr->g, r, MPFR_RNDN);
    mpfr_clears(x, y, w, (mpfr_ptr) 0);
}

/* delta(e) of the pair, any real e: max(H_{e^e}(R||A), H_{e^e}(A||R)),
 * H(R||A) = R(L > e) - e^e A(L > e), H(A||R) = A(L < -e) - e^e R(L < -e) */
static void
delta1(mpfr_t d, const mpfr_t e, const pair_t *pr)
{
    mpfr_t t, r, a, ee, h1, c;
    mpfr_inits2(P, t, r, a, ee, h1, c, (mpfr_ptr) 0);
    mpfr_exp(ee, e, MPFR_RNDN);
    if (thresh(t, e, pr)) {
        laws(r, a, t, 1, pr);
        mpfr_mul(a, a, ee, MPFR_RNDN);
        mpfr_sub(h1, r, a, MPFR_RNDN);
    } else {
        mpfr_ui_sub(h1, 1, ee, MPFR_RNDN);
    }
    mpfr_neg(c, e, MPFR_RNDN);
    if (thresh(t, c, pr)) {
        laws(r, a, t, 0, pr);
        mpfr_mul(r, r, ee, MPFR_RNDN);
        mpfr_sub(a, a, r, MPFR_RNDN);
    } else {
        mpfr_set_zero(a, 1);    /* {L < -e} is empty */
    }
    mpfr_max(d, h1, a, MPFR_RNDN);
    if (mpfr_sgn(d) < 0)
        mpfr_set_zero(d, 1);
    mpfr_clears(t, r, a, ee, h1, c, (mpfr_ptr) 0);
}

static double
exact1(double eps, double g, double M)
{
    pair_t pr;
    mpfr_t e, d;
    double r;
    mpfr_inits2(P, pr.g, pr.s, e, d, (mpfr_ptr) 0);
    mpfr_set_d(pr.g, g, MPFR_RNDN);
    mpfr_set_d(pr.s, 1.0 / M, MPFR_RNDN);
    mpfr_set_d(e, eps, MPFR_RNDN);
    delta1(d, e, &pr);
    r = mpfr_get_d(d, MPFR_RNDN);
    mpfr_clears(pr.g, pr.s, e, d, (mpfr_ptr) 0);
    return r;
}

/* Simpson (n even panels) of f(u) on [lo, hi], f = dens(u) delta1(e + sg L(u)),
 * dens R's (sg = -1) or A's (sg = +1), times sqrt(2 pi) */
static double
simpson(double lo, double hi, int n, double eps, int sg, const pair_t *pr)
{
    const double hh = (hi - lo) / n;
    mpfr_t u, l, e, d, w, t, acc;
    double r;
    mpfr_inits2(P, u, l, e, d, w, t, acc, (mpfr_ptr) 0);
    mpfr_set_zero(acc, 1);
    for (int i = 0; i <= n; i++) {
        mpfr_set_d(u, lo + i * hh, MPFR_RNDN);
        loss(l, u, pr);
        mpfr_set_d(e, eps, MPFR_RNDN);
        if (sg < 0)
            mpfr_sub(e, e, l, MPFR_RNDN);
        else
            mpfr_add(e, e, l, MPFR_RNDN);
        delta1(d, e, pr);
        mpfr_sqr(w, u, MPFR_RNDN);
        mpfr_div_2ui(w, w, 1, MPFR_RNDN);
        mpfr_neg(w, w, MPFR_RNDN);
        mpfr_exp(w, w, MPFR_RNDN);
        if (sg < 0) {           /* (1-g) phi(u) + g phi(u - 2s) */
            mpfr_ui_sub(t, 1, pr->g, MPFR_RNDN);
            mpfr_mul(w, w, t, MPFR_RNDN);
            mpfr_mul_2ui(t, pr->s, 1, MPFR_RNDN);
            mpfr_sub(t, u, t, MPFR_RNDN);
            mpfr_sqr(t, t, MPFR_RNDN);
            mpfr_div_2ui(t, t, 1, MPFR_RNDN);
            mpfr_neg(t, t, MPFR_RNDN);
            mpfr_exp(t, t, MPFR_RNDN);
            mpfr_fma(w, t, pr->g, w, MPFR_RNDN);
        }
        mpfr_mul(w, w, d, MPFR_RNDN);
        mpfr_mul_ui(w, w, i == 0 || i == n ? 1 : i % 2 ? 4 : 2, MPFR_RNDN);
        mpfr_add(acc, acc, w, MPFR_RNDN);
    }
    r = mpfr_get_d(acc, MPFR_RNDN) * hh / 3;
    mpfr_clears(u, l, e, d, w, t, acc, (mpfr_ptr) 0);
    return r;
}

/* two steps: atom delta1(e) + int_s^inf R(u) delta1(e - L(u)) du + int_s^inf
 * A(u) delta1(e + L(u)) du, the first split where L(u) = e (delta1's kink at
 * 0), each Simpson with n panels */
static double
delta2(double eps, double g, double M, int n)
{
    const double s = 1.0 / M, hi = 2 * s + 16;
    pair_t pr;
    mpfr_t e, d, k;
    double r, kink, atom;
    mpfr_inits2(P, pr.g, pr.s, e, d, k, (mpfr_ptr) 0);
    mpfr_set_d(pr.g, g, MPFR_RNDN);
    mpfr_set_d(pr.s, s, MPFR_RNDN);
    mpfr_set_d(e, eps, MPFR_RNDN);
    delta1(d, e, &pr);
    atom = (1 - g) * (0.5 * erfc(-s / M_SQRT2) - 0.5 * erfc(s / M_SQRT2));
    r = atom * mpfr_get_d(d, MPFR_RNDN);
    thresh(k, e, &pr);
    kink = mpfr_get_d(k, MPFR_RNDN);
    r += (simpson(s, kink, n, eps, -1, &pr) + simpson(kink, hi, n, eps, -1, &pr)
          + simpson(s, hi, n, eps, +1, &pr)) / sqrt(2 * M_PI);
    mpfr_clears(pr.g, pr.s, e, d, k, (mpfr_ptr) 0);
    return r;
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
    st.mech = LP_PLD_GAUSS_FIXED_BATCH;
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

/* one draw of the step's loss: remove's law above 0 (u ~ R given u > s, L),
 * add's below (u ~ A given u > s, -L), else the atom 0 */
static double
draw_loss(gsl_rng *r, double g, double M)
{
    const double s = 1.0 / M;
    const double pa = 0.5 * erfc(s / M_SQRT2);                     /* A(u > s) */
    const double pr0 = (1 - g) * pa, pr1 = g * 0.5 * erfc(-s / M_SQRT2);   /* R(u > s) */
    double v = gsl_rng_uniform(r), u;
    if (v < pr0 + pr1) {
        if (v < pr0) {
            u = gsl_ran_gaussian_tail(r, s, 1.0);  /* N(0,1) given > s */
        } else {
            do
                u = 2 * s + gsl_ran_gaussian(r, 1.0);
            while (u <= s);
        }
        return log1p(g * expm1(2 * s * u - 2 * s * s));
    }
    if (v < pr0 + pr1 + pa) {
        u = gsl_ran_gaussian_tail(r, s, 1.0);
        return -log1p(g * expm1(2 * s * u - 2 * s * s));
    }
    return 0.0;
}

int
main(void)
{
    flint_rand_t state;
    long iters = test_iterations(4);
    int all1 = 1;
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
        if (bracket(&lo, &hi, Mt, qt, 1, eps) != 0 || !(lo <= x && x <= hi)
            || !(hi - lo <= 0.15 * x + 1e-9)) {
            all1 = 0;
            printf("# T 1: M %s q %s eps %.4g: bracket [%.10g, %.10g], exact %.10g\n", Mt, qt, eps,
                   lo, hi, x);
        }
    }
    tap_ok(all1, "fixed-batch PLD, T = 1: the certified bracket of delta(eps) holds the exact delta "
           "(MPFR: the larger of the remove and add pairs' hockey-stick divergences, the loss "
           "inverted by bisection) and is within 15 %% of it (+ 1e-9; %ld random runs)", iters);

    /* T = 2 at one random run (M in [0.7, 1.3], q in [0.02, 0.2], eps in [0.1, 0.8]) */
    {
        double M = 0.7 + 0.6 * n_randint(state, 1000) / 1000.0;
        double q = pow(10.0, -1.7 + 1.0 * n_randint(state, 1000) / 1000.0);
        double eps = 0.1 + 0.7 * n_randint(state, 1000) / 1000.0, lo = NAN, hi = NAN, x, x2, err;
        snprintf(Mt, sizeof Mt, "%.3f", M);
        snprintf(qt, sizeof qt, "%.4g", q);
        M = atof(Mt);
        q = atof(qt);
        int r = bracket(&lo, &hi, Mt, qt, 2, eps);
        x = delta2(eps, q, M, 400);
        x2 = delta2(eps, q, M, 200);
        err = 16 * fabs(x - x2) + 1e-14;
        if (!tap_ok(r == 0 && lo <= x + err && x - err <= hi && err < 0.02 * x
                    && hi - lo <= 0.15 * x + 1e-9,
                    "fixed-batch PLD, T = 2: the bracket [%.8g, %.8g] holds the exact delta %.8g "
                    "(+- %.1g, MPFR Simpson over the first step's loss) and is within 15 %% of it",
                    lo, hi, x, err))
            printf("# T 2: M %s q %s eps %.4g\n", Mt, qt, eps);
    }

    /* T = 30: Monte Carlo of delta(1) = E[(1 - e^{1 - S})_+] (M 1, q 0.05) */
    {
        const double M = 1.0, q = 0.05, eps = 1.0;
        const int T = 30;
        const long n = 100000;
        double lo = NAN, hi = NAN, sum = 0, sum2 = 0, mean, se;
        gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
        gsl_rng_set(r, n_randint(state, 1u << 30) + 1);
        for (long i = 0; i < n; i++) {
            double S = 0, v;
            for (int t = 0; t < T; t++)
                S += draw_loss(r, q, M);
            v = S > eps ? -expm1(eps - S) : 0.0;
            sum += v;
            sum2 += v * v;
        }
        gsl_rng_free(r);
        mean = sum / n;
        se = sqrt(fmax(sum2 / n - mean * mean, 0.0) / n);
        {
            int rb = bracket(&lo, &hi, "1", "0.05", T, eps);
            tap_ok(rb == 0 && se > 0 && lo - 5 * se <= mean && mean <= hi + 5 * se,
                   "fixed-batch PLD, T = %d (M %g, q %g): delta(%g)'s bracket [%.6g, %.6g] meets "
                   "Monte Carlo's %.6g +- %.2g (5 standard errors, %ld runs of the summed loss)",
                   T, M, q, eps, lo, hi, mean, se, n);
        }
    }
    flint_randclear(state);
    flint_cleanup();
    return tap_done();
}
