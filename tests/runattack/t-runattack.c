/* t-runattack.c -- the exact attacker on a whole run against its closed forms
 * and against reconstruct's one-release attacker (an independent route: its
 * own sampler, its own posterior over explicit vectors), at random
 * parameters (each line prints its inputs):
 *   - q = 1, two antipodal candidates at the clip norm, T steps of the
 *     Gaussian of multiplier M: success Phi(sqrt(T)/M);
 *   - T = 1, q < 1, the same pair: 1/2 + q (Phi(1/M) - 1/2) (the mixtures'
 *     total variation: the uncovered step is the same under both);
 *   - q < 1, the same pair nearly noiseless (M = 0.02): 1 - (1 - q)^T / 2;
 *     and at q = 0.9, M = 0.25, T = 200 success 1, information log 2 (the
 *     likelihoods' running products past 2^600);
 *   - q = 1, Gaussian, T steps = one release at sigma/sqrt(T) (the mean is
 *     sufficient): reconstruct's attacker on the same points;
 *   - vmf, T = 1, q = 1: reconstruct's vmf attacker on the same points;
 *   - vmf, q = 1, two antipodal candidates on S^2: P(sum of T draws of t =
 *     mu.y > 0), t of density kappa e^{kappa t} / (2 sinh kappa), by a
 *     convolution on a grid;
 *   - the same bits at 1 and 3 threads.
 * LP_TEST_SCALE multiplies the random repetitions. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "reconstruct/reconstruct.h"
#include "runattack/runattack.h"
#include "tap.h"

static double
Phi(double x)
{
    return 0.5 * erfc(-x / sqrt(2.0));
}

static double
urand(lp_stream *r, double lo, double hi)
{
    return lo + (hi - lo) * lp_stream_uniform(r);
}

static lp_runattack_setup
gauss_setup(const double *gram, int n, double sigma, double q, uint64_t T, uint64_t samples, uint64_t seed)
{
    lp_runattack_setup s = { 0 };
    s.noise = LP_RECON_GAUSS;
    s.d = 1000;
    s.n = n;
    s.gram = gram;
    s.sigma = sigma;
    s.q = q;
    s.steps = T;
    s.samples = samples;
    s.seed = seed;
    s.threads = 2;
    return s;
}

static int
close4(double a, double sa, double b, double sb)
{
    return fabs(a - b) <= 4 * sqrt(sa * sa + sb * sb);
}

/* P(t_1 + ... + t_T > 0), t of density kappa e^{kappa t} / (2 sinh kappa) on
   [-1, 1] (the VMF's mu.y on S^2): the density convolved T times on a grid
   of width h (midpoint masses, each convolution exact on the grid) */
static double
vmf_s2_sum_positive(double kappa, int T)
{
    const int m = 2000;
    const double h = 2.0 / m;
    double *f = calloc((size_t) m, sizeof *f), *g = calloc((size_t) m * T + 1, sizeof *g), *tmp = calloc((size_t) m * T + 1, sizeof *tmp);
    int len = m;
    double pos = 0, tot = 0;
    for (int i = 0; i < m; i++) {   /* exact cell masses of e^{kappa t} on [-1 + ih, -1 + (i+1)h] */
        const double a = -1 + i * h;
        f[i] = (exp(kappa * (a + h - 1)) - exp(kappa * (a - 1))) / (1 - exp(-2 * kappa));
        g[i] = f[i];
    }
    for (int k = 1; k < T; k++) {
        memset(tmp, 0, sizeof *tmp * ((size_t) m * T + 1));
        for (int i = 0; i < len; i++)
            for (int j = 0; j < m; j++)
                tmp[i + j] += g[i] * f[j];
        len += m - 1;
        memcpy(g, tmp, sizeof *g * (size_t) len);
    }
    /* cell i of the sum covers about -T + i h .. : its centre sum of the cells' centres */
    for (int i = 0; i < len; i++) {
        const double centre = -T + (i + 0.5 * T) * h;
        tot += g[i];
        if (centre > 0)
            pos += g[i];
        else if (fabs(centre) < 1e-12)
            pos += 0.5 * g[i];
    }
    free(f);
    free(g);
    free(tmp);
    return pos / tot;
}

int
main(void)
{
    const char *env = getenv("LP_TEST_SCALE");
    const int reps = env ? atoi(env) > 0 ? atoi(env) : 1 : 1;
    lp_stream r;
    lp_stream_init(&r, 20250101, 0, 0);

    /* two antipodal candidates at the clip norm, full batch: Phi(sqrt(T)/M) */
    for (int k = 0; k < 3 * reps; k++) {
        double gram[4];
        const double C = urand(&r, 0.5, 3), M = urand(&r, 0.5, 4);
        const uint64_t T = 1 + lp_stream_below(&r, 50);
        lp_runattack_gram_simplex(gram, 2, C, 0);
        lp_runattack_setup s = gauss_setup(gram, 2, M * C, 1, T, 4000, 10 + k);
        lp_runattack_result res;
        const double exact = Phi(sqrt((double) T) / M);
        const int rc = lp_runattack_estimate(&res, &s);
        tap_ok(rc == 0 && fabs(res.success - exact) <= 4 * res.success_se,
               "q = 1, two antipodal candidates at the clip C = %.4f, M = %.4f, T = %llu: "
               "success %.5f +- %.5f vs Phi(sqrt(T)/M) = %.5f (z = %.2f)", C, M, (unsigned long long) T,
               res.success, res.success_se, exact, (res.success - exact) / res.success_se);
    }

    /* one step, Poisson q < 1: 1/2 + q (Phi(1/M) - 1/2) */
    for (int k = 0; k < 2 * reps; k++) {
        double gram[4];
        const double M = urand(&r, 0.3, 2), q = urand(&r, 0.05, 0.95);
        lp_runattack_gram_simplex(gram, 2, 1, 0);
        lp_runattack_setup s = gauss_setup(gram, 2, M, q, 1, 20000, 20 + k);
        lp_runattack_result res;
        const double exact = 0.5 + q * (Phi(1 / M) - 0.5);
        const int rc = lp_runattack_estimate(&res, &s);
        tap_ok(rc == 0 && fabs(res.success - exact) <= 4 * res.success_se,
               "one step at q = %.4f, M = %.4f, two antipodal candidates: success %.5f +- %.5f vs 1/2 + q (Phi(1/M) "
               "- 1/2) = %.5f (z = %.2f)", q, M, res.success, res.success_se, exact,
               (res.success - exact) / res.success_se);
    }

    /* T steps, q < 1, nearly noiseless (M = 0.02: an included step's factor c e^l overflows a double
       and goes to the log at once, an excluded one rounds to 1): the attacker knows the record when a
       step included it, else guesses, so success 1 - (1 - q)^T / 2 */
    for (int k = 0; k < reps; k++) {
        double gram[4];
        const double q = urand(&r, 0.05, 0.5);
        const uint64_t T = 2 + lp_stream_below(&r, 19);
        lp_runattack_gram_simplex(gram, 2, 1, 0);
        lp_runattack_setup s = gauss_setup(gram, 2, 0.02, q, T, 4000, 30 + k);
        lp_runattack_result res;
        const double exact = 1 - 0.5 * pow(1 - q, (double) T);
        const int rc = lp_runattack_estimate(&res, &s);
        tap_ok(rc == 0 && fabs(res.success - exact) <= 4 * res.success_se,
               "T = %llu at q = %.4f, M = 0.02 (every included step's likelihood ratio beyond a double), two "
               "antipodal candidates: success %.5f +- %.5f vs 1 - (1 - q)^T / 2 = %.5f", (unsigned long long) T, q,
               res.success, res.success_se, exact);
    }
    /* q = 0.9, M = 0.25, T = 200: each candidate's product of factors passes 2^600 several times a run
       (folded into its log): the record is known, success 1 and the information log 2 to rounding */
    {
        double gram[4];
        lp_runattack_gram_simplex(gram, 2, 1, 0);
        lp_runattack_setup s = gauss_setup(gram, 2, 0.25, 0.9, 200, 500, 40);
        lp_runattack_result res;
        const int rc = lp_runattack_estimate(&res, &s);
        tap_ok(rc == 0 && fabs(res.success - 1) <= 1e-9 && fabs(res.information - log(2.0)) <= 1e-9,
               "q = 0.9, M = 0.25, T = 200 (the likelihoods' products folded into their logs): success %.12f, "
               "information %.12f vs log 2", res.success, res.information);
    }

    /* full batch, T steps = one release at sigma/sqrt(T): reconstruct's attacker on the same points */
    for (int k = 0; k < 2 * reps; k++) {
        const int p = 2 + (int) lp_stream_below(&r, 4), n = 2 + (int) lp_stream_below(&r, 12);
        const uint64_t T = 1 + lp_stream_below(&r, 20);
        const double sigma = urand(&r, 0.5, 3);
        lp_recon_setup one = { 0 };
        double points[16 * 8], gram[16 * 16];
        one.noise = LP_RECON_GAUSS;
        one.p = p;
        one.scale = sigma / sqrt((double) T);
        one.radius = 1;
        one.prior = LP_PRIOR_SPHERE_POINTS;
        one.n = n;
        one.samples = 20000;
        one.seed = 30 + k;
        one.threads = 2;
        lp_recon_points(points, &one);
        lp_runattack_gram_points(gram, points, n, p, NULL);
        lp_runattack_setup s = gauss_setup(gram, n, sigma, 1, T, 6000, 40 + k);
        s.d = (uint64_t) p;
        lp_recon_result a;
        lp_runattack_result b;
        const int rc = lp_recon_estimate(&a, &one) | lp_runattack_estimate(&b, &s);
        tap_ok(rc == 0 && close4(a.success, a.success_se, b.success, b.success_se)
               && close4(a.mse, a.mse_se, b.mse, b.mse_se),
               "q = 1, %d sphere points in p = %d, sigma = %.4f, T = %llu: the run's attacker %.5f +- %.5f (mse %.5f "
               "+- %.5f) vs reconstruct's at sigma/sqrt(T) %.5f +- %.5f (mse %.5f +- %.5f)", n, p, sigma,
               (unsigned long long) T, b.success, b.success_se, b.mse, b.mse_se, a.success, a.success_se, a.mse,
               a.mse_se);
    }

    /* vmf, one release: reconstruct's vmf attacker on the same points */
    for (int k = 0; k < 2 * reps; k++) {
        const int p = 3 + (int) lp_stream_below(&r, 5), n = 2 + (int) lp_stream_below(&r, 10);
        lp_recon_setup one = { 0 };
        double points[16 * 8], gram[16 * 16];
        one.noise = LP_RECON_VMF;
        one.p = p;
        one.scale = urand(&r, 0.5, 20);
        one.radius = 1;
        one.prior = LP_PRIOR_SPHERE_POINTS;
        one.n = n;
        one.samples = 20000;
        one.seed = 50 + k;
        one.threads = 2;
        lp_recon_points(points, &one);
        lp_runattack_gram_points(gram, points, n, p, NULL);
        lp_runattack_setup s = gauss_setup(gram, n, 1, 1, 1, 10000, 60 + k);
        s.noise = LP_RECON_VMF;
        s.kappa = one.scale;
        s.d = (uint64_t) p;
        lp_recon_result a;
        lp_runattack_result b;
        const int rc = lp_recon_estimate(&a, &one) | lp_runattack_estimate(&b, &s);
        tap_ok(rc == 0 && close4(a.success, a.success_se, b.success, b.success_se),
               "vmf kappa = %.4f, %d sphere points in p = %d, one release: the run's attacker %.5f +- %.5f vs "
               "reconstruct's %.5f +- %.5f", s.kappa, n, p, b.success, b.success_se, a.success, a.success_se);
    }

    /* vmf on S^2, T steps, two antipodal candidates: P(sum t > 0) by convolution */
    for (int k = 0; k < reps; k++) {
        double gram[4];
        const double kappa = urand(&r, 0.1, 1.5);
        const int T = 2 + (int) lp_stream_below(&r, 4);
        lp_runattack_gram_simplex(gram, 2, 1, 0);
        lp_runattack_setup s = gauss_setup(gram, 2, 1, 1, (uint64_t) T, 20000, 70 + k);
        lp_runattack_result res;
        s.noise = LP_RECON_VMF;
        s.kappa = kappa;
        s.d = 3;
        const double exact = vmf_s2_sum_positive(kappa, T);
        const int rc = lp_runattack_estimate(&res, &s);
        tap_ok(rc == 0 && fabs(res.success - exact) <= 4 * res.success_se + 2e-3,
               "vmf kappa = %.4f on S^2, T = %d, two antipodal candidates: success %.5f +- %.5f vs P(sum of T t's > 0) "
               "= %.5f by convolution (grid error below 2e-3)", kappa, T, res.success, res.success_se, exact);
    }

    /* the seed alone decides */
    {
        double gram[36];
        lp_runattack_gram_simplex(gram, 5, 1, 1);
        lp_runattack_setup s = gauss_setup(gram, 5, 1, 0.3, 40, 500, 5);
        lp_runattack_result a, b;
        s.noise = LP_RECON_VMF;
        s.kappa = 3;
        s.d = 50;
        s.threads = 1;
        int rc = lp_runattack_estimate(&a, &s);
        s.threads = 3;
        rc |= lp_runattack_estimate(&b, &s);
        tap_ok(rc == 0 && memcmp(&a.success, &b.success, sizeof a.success) == 0
               && memcmp(&a.mse, &b.mse, sizeof a.mse) == 0,
               "the seed alone decides (vmf, q = 0.3, 5 simplex candidates and m0 in d = 50): success %.17g / %.17g "
               "at 1 / 3 threads", a.success, b.success);
    }
    return tap_done();
}
