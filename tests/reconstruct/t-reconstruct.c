/* t-reconstruct.c -- the Bayes-optimal reconstruction study against closed
 * forms, at random parameters (each line prints its inputs):
 *   - Gaussian prior N(0, s^2 I_p) through N(x, sigma^2 I_p): the MMSE is
 *     p s^2 sigma^2 / (s^2 + sigma^2) (within 4 standard errors, the posterior
 *     mean closed), and Tan et al.'s Theorem 1 bound equals it;
 *   - two points at distance d: MAP succeeds with Phi(d / (2 sigma)) (Gaussian),
 *     1 - e^{-d/(2b)}/2 (Laplace, p = 1);
 *   - the von Mises-Fisher release: E[mu.y] = coth kappa - 1/kappa at p = 3;
 *   - the capacity bound: MAP's success never above min(1, C/n) beyond 4
 *     standard errors (gauss, vmf, laplace);
 *   - the delta-ball gain: below half the least distance between the points it
 *     is MAP's success (the same bits), from the diameter on it is 1; two points
 *     at distance d with d/2 <= delta < d: the best guess among the points
 *     succeeds with Phi(d/(2 sigma)), and no guess does better than 1, which the
 *     midpoint attains; and the capacity times each gain's prior vulnerability
 *     bounds it (every mechanism);
 *   - the same bits at 1 and 3 threads.
 * LP_TEST_SCALE multiplies the random repetitions. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "leakproof.h"
#include "reconstruct/reconstruct.h"
#include "reconstruct/study.h"
#include "tap.h"

static double
urand(lp_stream *r, double lo, double hi)
{
    return lo + (hi - lo) * lp_stream_uniform(r);
}

static lp_recon_setup
setup(lp_recon_noise noise, int p, double scale, lp_recon_prior prior, int n, uint64_t samples, uint64_t seed)
{
    lp_recon_setup s = { 0 };
    s.noise = noise;
    s.p = p;
    s.scale = scale;
    s.radius = 1;
    s.prior = prior;
    s.n = n;
    s.prior_scale = 1;
    s.inner = 2000;
    s.samples = samples;
    s.seed = seed;
    s.threads = 2;
    return s;
}

int
main(void)
{
    const char *env = getenv("LP_TEST_SCALE");
    const int reps = env ? atoi(env) > 0 ? atoi(env) : 1 : 1;
    lp_stream r;
    lp_stream_init(&r, 20240529, 0, 0);

    /* the Gaussian channel's MMSE: the posterior mean in closed form, no bias */
    for (int k = 0; k < 3 * reps; k++) {
        lp_recon_setup s = setup(LP_RECON_GAUSS, 1 + (int) lp_stream_below(&r, 3), urand(&r, 0.4, 2.0),
                                 LP_PRIOR_GAUSS, 0, 3000, 100 + k);
        lp_recon_result res;
        s.prior_scale = urand(&r, 0.5, 2.0);
        const double exact = lp_recon_gauss_gauss_mmse(s.p, s.prior_scale, s.scale);
        const double tan = lp_recon_tan_bound(&s);
        if (lp_recon_estimate(&res, &s) != 0) {
            tap_ok(0, "gauss prior through gauss: the study failed (p=%d s=%.17g sigma=%.17g)", s.p,
                   s.prior_scale, s.scale);
            continue;
        }
        const double z = (res.mse - exact) / res.mse_se;
        tap_ok(fabs(res.mse - exact) <= 4 * res.mse_se && res.mse_bias == 0,
               "MMSE, Gaussian prior s=%.17g through Gaussian sigma=%.17g, p=%d: %.5f +- %.5f vs "
               "p s^2 sigma^2/(s^2+sigma^2) = %.5f (z = %.2f, the posterior mean closed, seed %llu)",
               s.prior_scale, s.scale, s.p, res.mse, res.mse_se, exact, z, (unsigned long long) s.seed);
        tap_ok(fabs(tan - exact) <= 1e-12 * exact,
               "Tan et al.'s Theorem 1's bound from h(D) and I(D;W) = %.15g equals the MMSE %.15g for the "
               "Gaussian prior (p=%d s=%.17g sigma=%.17g): tight there", tan, exact, s.p, s.prior_scale, s.scale);
    }

    /* two points: MAP's success Phi(d/(2 sigma)); Laplace in one dimension
       1 - e^{-d/(2b)}/2 */
    for (int k = 0; k < 3 * reps; k++) {
        const int laplace = k % 3 == 2;
        lp_recon_setup s = setup(laplace ? LP_RECON_LAPLACE : LP_RECON_GAUSS,
                                 laplace ? 1 : 1 + (int) lp_stream_below(&r, 4), urand(&r, 0.1, 1.5),
                                 LP_PRIOR_POINTS, 2, 10000, 200 + k);
        double x[2 * LP_RECON_P_MAX], d = 0, exact;
        lp_recon_result res;
        lp_recon_points(x, &s);
        for (int i = 0; i < s.p; i++)
            d += (x[i] - x[s.p + i]) * (x[i] - x[s.p + i]);
        d = laplace ? fabs(x[0] - x[1]) : sqrt(d);
        exact = laplace ? 1 - 0.5 * exp(-d / (2 * s.scale)) : 0.5 * erfc(-d / (2 * s.scale) / sqrt(2.0));
        if (lp_recon_estimate(&res, &s) != 0) {
            tap_ok(0, "two points: the study failed");
            continue;
        }
        tap_ok(fabs(res.success - exact) <= 4 * res.success_se,
               "MAP between two points at distance %.6f, %s %s=%.17g p=%d: success %.5f +- %.5f vs %s = %.5f "
               "(z = %.2f)", d, laplace ? "laplace" : "gauss", laplace ? "b" : "sigma", s.scale, s.p,
               res.success, res.success_se, laplace ? "1 - e^{-d/2b}/2" : "Phi(d/(2 sigma))", exact,
               (res.success - exact) / res.success_se);
    }

    /* the von Mises-Fisher sampler: E[mu.y] = coth kappa - 1/kappa at p = 3 */
    for (int k = 0; k < 2 * reps; k++) {
        lp_recon_setup s = setup(LP_RECON_VMF, 3, urand(&r, 0.3, 30), LP_PRIOR_SPHERE, 0, 0, 0);
        const double mu[3] = { 0, 0.6, 0.8 }, kappa = s.scale;
        const double exact = cosh(kappa) / sinh(kappa) - 1 / kappa;
        double y[3], sum = 0, sum2 = 0;
        const int n = 20000;
        lp_stream vs;
        lp_stream_init(&vs, 300 + k, LP_STREAM_RECON_DRAWS, 0);
        for (int j = 0; j < n; j++) {
            lp_recon_release(y, &s, mu, &vs);
            const double t = mu[0] * y[0] + mu[1] * y[1] + mu[2] * y[2];
            sum += t;
            sum2 += t * t;
        }
        const double mean = sum / n, se = sqrt((sum2 / n - mean * mean) / (n - 1));
        tap_ok(fabs(mean - exact) <= 4 * se + 1e-12,
               "vmf release p=3 kappa=%.17g: E[mu.y] = %.5f +- %.5f vs coth kappa - 1/kappa = %.5f", kappa,
               mean, se, exact);
    }

    /* the capacity bound: success <= min(1, C/n) + 4 se, every mechanism */
    for (int k = 0; k < 6 * reps; k++) {
        const lp_recon_noise noise = (lp_recon_noise) (k % 3);
        const int p = noise == LP_RECON_VMF ? 2 + (int) lp_stream_below(&r, 3) : 1 + (int) lp_stream_below(&r, 3);
        const double scale = noise == LP_RECON_VMF ? urand(&r, 0.5, 40) : urand(&r, 0.1, 1.5);
        const int n = 2 + (int) lp_stream_below(&r, 60);
        lp_recon_setup s = setup(noise, p, scale, k % 2 ? LP_PRIOR_SPHERE_POINTS : LP_PRIOR_POINTS, n, 2000,
                                 400 + k);
        lp_recon_result res;
        arb_t c;
        arb_init(c);
        if (lp_recon_capacity(c, noise, p, scale, 1, 8) != 0 || lp_recon_estimate(&res, &s) != 0) {
            tap_ok(0, "capacity bound: %s p=%d scale=%.17g: the study or the capacity failed",
                   lp_recon_noise_name(noise), p, scale);
            arb_clear(c);
            continue;
        }
        const double cap = arf_get_d(arb_midref(c), ARF_RND_UP), bound = fmin(1, cap / n);
        tap_ok(res.success <= bound + 4 * res.success_se,
               "[biswas/remark2] %s p=%d %s=%.17g, %d %s: MAP success %.5f +- %.5f <= min(1, C/n) = %.5f "
               "(C = %.6g)", lp_recon_noise_name(noise), p, lp_recon_scale_name(noise), scale, n,
               lp_recon_prior_name(s.prior), res.success, res.success_se, bound, cap);
        arb_clear(c);
    }

    /* the delta-ball gain at its two ends: delta below half the least distance
       (MAP, the same bits) and from the diameter 2R on (1) */
    for (int k = 0; k < 3 * reps; k++) {
        const lp_recon_noise noise = (lp_recon_noise) (k % 3);
        const int p = noise == LP_RECON_VMF ? 2 + (int) lp_stream_below(&r, 3) : 1 + (int) lp_stream_below(&r, 3);
        const double scale = noise == LP_RECON_VMF ? urand(&r, 0.5, 40) : urand(&r, 0.1, 1.5);
        const int n = 2 + (int) lp_stream_below(&r, 30);
        lp_recon_setup s = setup(noise, p, scale, LP_PRIOR_POINTS, n, 1000, 500 + k);
        double x[32 * 4], least = INFINITY;
        lp_recon_result small, big;
        lp_recon_points(x, &s);
        for (int a = 0; a < n; a++)
            for (int b = 0; b < a; b++) {
                double d2 = 0;
                for (int i = 0; i < p; i++)
                    d2 += (x[a * p + i] - x[b * p + i]) * (x[a * p + i] - x[b * p + i]);
                least = fmin(least, sqrt(d2));
            }
        const double tiny = s.ball_radius = 0.49 * least;
        int rc = lp_recon_estimate(&small, &s);
        s.ball_radius = 2.0;        /* the diameter of the input set (radius 1) */
        rc |= lp_recon_estimate(&big, &s);
        tap_ok(rc == 0 && small.ball_success == small.success && small.ball_upper == small.success
               && small.ball_prior == 1.0 / n,
               "[balunovic/sec4/delta-to-exact] %s p=%d %s=%.17g, %d points, delta = %.6g below half the least "
               "distance: the delta-ball attacker's success %.17g and its upper bound %.17g are MAP's %.17g",
               lp_recon_noise_name(noise), p, lp_recon_scale_name(noise), scale, n, tiny,
               small.ball_success, small.ball_upper, small.success);
        tap_ok(rc == 0 && big.ball_success == 1 && big.ball_upper == 1 && big.ball_prior == 1,
               "%s p=%d %s=%.17g, %d points, delta = 2 (the diameter): the delta-ball success %.17g, its prior "
               "vulnerability %.17g, both 1", lp_recon_noise_name(noise), p, lp_recon_scale_name(noise), scale, n,
               big.ball_success, big.ball_prior);
    }

    /* two points at distance d, d/2 <= delta < d: a guess at a point covers
       only it (MAP: Phi(d/(2 sigma))); the midpoint covers both (1) */
    for (int k = 0; k < 2 * reps; k++) {
        lp_recon_setup s = setup(LP_RECON_GAUSS, 1 + (int) lp_stream_below(&r, 4), urand(&r, 0.1, 1.5),
                                 LP_PRIOR_POINTS, 2, 4000, 600 + k);
        double x[2 * 4], d = 0;
        lp_recon_result res;
        lp_recon_points(x, &s);
        for (int i = 0; i < s.p; i++)
            d += (x[i] - x[s.p + i]) * (x[i] - x[s.p + i]);
        d = sqrt(d);
        s.ball_radius = d * urand(&r, 0.5, 0.99);
        const double exact = 0.5 * erfc(-d / (2 * s.scale) / sqrt(2.0));
        if (lp_recon_estimate(&res, &s) != 0) {
            tap_ok(0, "two points, the delta-ball gain: the study failed");
            continue;
        }
        tap_ok(fabs(res.ball_success - exact) <= 4 * res.ball_success_se && res.ball_upper == 1
               && res.ball_prior == 0.5 && res.ball_prior_upper == 1,
               "[balunovic/sec4/bayes-adversary] two points at distance %.6f, gauss sigma=%.17g p=%d, delta = %.6f: "
               "the best guess at a point %.5f +- %.5f vs Phi(d/(2 sigma)) = %.5f (z = %.2f); the midpoint, within "
               "delta of both, attains the upper bound %.17g: the maximiser is not a point of the prior", d,
               s.scale, s.p, s.ball_radius, res.ball_success, res.ball_success_se, exact,
               (res.ball_success - exact) / res.ball_success_se, res.ball_upper);
    }

    /* the capacity bounds the delta-ball gains: success <= min(1, C V_g(pi)) + 4 se */
    for (int k = 0; k < 6 * reps; k++) {
        const lp_recon_noise noise = (lp_recon_noise) (k % 3);
        const int p = noise == LP_RECON_VMF ? 2 + (int) lp_stream_below(&r, 2) : 1 + (int) lp_stream_below(&r, 2);
        const double scale = noise == LP_RECON_VMF ? urand(&r, 0.5, 10) : urand(&r, 0.3, 2);
        const int n = 20 + (int) lp_stream_below(&r, 60);
        lp_recon_setup s = setup(noise, p, scale, LP_PRIOR_POINTS, n, 2000, 700 + k);
        lp_recon_result res;
        arb_t c;
        s.ball_radius = urand(&r, 0.05, 0.4);
        arb_init(c);
        if (lp_recon_capacity(c, noise, p, scale, 1, 8) != 0 || lp_recon_estimate(&res, &s) != 0) {
            tap_ok(0, "delta-ball capacity bound: %s p=%d scale=%.17g: the study or the capacity failed",
                   lp_recon_noise_name(noise), p, scale);
            arb_clear(c);
            continue;
        }
        const double cap = arf_get_d(arb_midref(c), ARF_RND_UP);
        const double b1 = fmin(1, cap * res.ball_prior), b2 = fmin(1, cap * res.ball_prior_upper);
        tap_ok(res.ball_success <= b1 + 4 * res.ball_success_se && res.ball_upper <= b2 + 4 * res.ball_upper_se
               && res.ball_success <= res.ball_upper && res.success <= res.ball_success,
               "[biswas/sec-II-B/gains] %s p=%d %s=%.17g, %d points, delta = %.4f: the delta-ball success %.5f +- "
               "%.5f <= min(1, C V) = %.5f, above any guess %.5f +- %.5f <= %.5f (C = %.5g, V = %.4f, %.4f; MAP "
               "%.5f)", lp_recon_noise_name(noise), p, lp_recon_scale_name(noise), scale, n, s.ball_radius,
               res.ball_success, res.ball_success_se, b1, res.ball_upper, res.ball_upper_se, b2, cap,
               res.ball_prior, res.ball_prior_upper, res.success);
        arb_clear(c);
    }

    /* the same bits at 1 and 3 threads (the delta-ball gain too) */
    {
        lp_recon_setup s = setup(LP_RECON_VMF, 3, 4, LP_PRIOR_POINTS, 20, 3000, 7);
        s.ball_radius = 0.5;
        lp_recon_result a, b;
        s.threads = 1;
        int rc = lp_recon_estimate(&a, &s);
        s.threads = 3;
        rc |= lp_recon_estimate(&b, &s);
        tap_ok(rc == 0 && memcmp(&a.success, &b.success, sizeof a.success) == 0
               && memcmp(&a.mse, &b.mse, sizeof a.mse) == 0 && memcmp(&a.information, &b.information, sizeof a.information) == 0
               && memcmp(&a.ball_success, &b.ball_success, sizeof a.ball_success) == 0
               && memcmp(&a.ball_upper, &b.ball_upper, sizeof a.ball_upper) == 0,
               "the seed alone decides: success %.17g / %.17g, mse %.17g / %.17g at 1 / 3 threads",
               a.success, b.success, a.mse, b.mse);
    }
    return tap_done();
}
