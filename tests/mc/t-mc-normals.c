/* t-mc-normals.c -- the standard normals of the Monte Carlo kernel
 * (src/mc/gauss_ball_kernel.c) and the arithmetic under them (src/mc/vmath.h):
 *  - every kernel build the CPU runs gives the same bits, for the normals and
 *    for the whole batch (random cases in Arb's style: the inputs printed on
 *    failure; ragged batches, counters near 2^32, blocks past 2^32);
 *  - each normal is the documented function of its two Philox words,
 *    recomputed here by another route (Random123's scalar philox4x32, libm's
 *    log, cos and sin);
 *  - vmath.h's exp, log, cos and sin within their stated bounds of MPFR's;
 *  - the law: 2^24 normals (argument: log2 of another count) against N(0, 1),
 *    chi-square on 1024 equiprobable bins, pairs on a 32 x 32 grid of
 *    equiprobable cells, the mass beyond 4 and 5, the moments. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include <mpfr.h>
#include <Random123/philox.h>
#include "tap.h"
#include "mc/mc.h"
#include "mc/vmath.h"

static const char *const isas[] = { "generic", "avx2", "avx512" };

/* 1 and the kernel builds named isa when the CPU runs it */
static int
builds(const char *isa, lp_gauss_ball_batch_fn **batch, lp_gauss_normals_batch_fn **normals)
{
    const char *got;
    setenv("LEAKPROOF_MC_ISA", isa, 1);
    *batch = lp_gauss_ball_batch_select(&got);
    *normals = lp_gauss_normals_batch_select(&got);
    unsetenv("LEAKPROOF_MC_ISA");
    return strcmp(got, isa) == 0;
}

static double
uniform(double lo, double hi)
{
    return lo + (hi - lo) * (rand() / (RAND_MAX + 1.0));
}

static void
test_builds_agree(void)
{
    static double y[3][LP_MC_P_MAX * LP_MC_BATCH];
    lp_gauss_ball_sums sums[3], alone;
    lp_gauss_ball_batch_fn *batch[3];
    lp_gauss_normals_batch_fn *normals[3];
    int have[3], cases = 0, differ = 0, nbuilds = 0, apart = 0;
    for (int k = 0; k < 3; k++)
        nbuilds += have[k] = builds(isas[k], &batch[k], &normals[k]);
    srand(20261126);
    for (int t = 0; t < 3000 && differ < 3; t++) {
        int p = 1 + rand() % LP_MC_P_MAX, n = 1 + rand() % LP_MC_BATCH;
        double sigma = exp(uniform(-4, 4)), radius = rand() % 4 == 0 ? 0.0 : exp(uniform(-4, 4));
        uint32_t first = t % 5 == 0 ? (uint32_t) (UINT32_MAX - (uint32_t) n + 1 - (uint32_t) (rand() % 9))
                                    : (uint32_t) (rand() % LP_MC_BLOCK);
        uint64_t seed = (uint64_t) rand() << 33 ^ (uint64_t) rand(),
                 block = t % 7 == 0 ? (uint64_t) rand() << 29 : (uint64_t) (rand() % 5000);
        lp_mechanism m;
        if (lp_mechanism_gauss(&m, p, sigma, radius) != 0)
            continue;
        cases++;
        for (int k = 0; k < 3; k++)
            if (have[k]) {
                memset(y[k], 0, sizeof y[k]);
                memset(&sums[k], 0, sizeof sums[k]);
                sums[k].max_abs_log_w = t % 3 ? 0.0 : 1.0;      /* a bound from earlier batches */
                batch[k](&sums[k], y[k], &m.kernel, seed, block, first, n);
            }
        /* the weights alone (no y): the same sums */
        memset(&alone, 0, sizeof alone);
        alone.max_abs_log_w = t % 3 ? 0.0 : 1.0;
        batch[0](&alone, NULL, &m.kernel, seed, block, first, n);
        if (memcmp(&alone, &sums[0], sizeof alone) != 0 && ++apart <= 3)
            tap_diag("the weights alone differ from the batch with y: p=%d sigma=%.17g R=%.17g seed=%llu "
                     "block=%llu first=%u n=%d", p, sigma, radius, (unsigned long long) seed,
                     (unsigned long long) block, first, n);
        for (int k = 1; k < 3; k++) {
            int same;
            if (!have[k])
                continue;
            same = memcmp(&sums[0], &sums[k], sizeof sums[0]) == 0;
            for (int i = 0; i < p; i++)
                same = same && memcmp(y[0] + i * LP_MC_BATCH, y[k] + i * LP_MC_BATCH, n * sizeof(double)) == 0;
            if (!same && ++differ <= 3)
                tap_diag("batch differs: %s vs generic at p=%d sigma=%.17g R=%.17g seed=%llu "
                         "block=%llu first=%u n=%d", isas[k], p, sigma, radius,
                         (unsigned long long) seed, (unsigned long long) block, first, n);
        }
        for (int k = 0; k < 3; k++)             /* the normals alone */
            if (have[k]) {
                memset(y[k], 0, sizeof y[k]);
                normals[k](y[k], p, seed, block, first, n);
            }
        for (int k = 1; k < 3; k++) {
            int same = 1;
            if (!have[k])
                continue;
            for (int i = 0; i < p; i++)
                same = same && memcmp(y[0] + i * LP_MC_BATCH, y[k] + i * LP_MC_BATCH, n * sizeof(double)) == 0;
            if (!same && ++differ <= 3)
                tap_diag("normals differ: %s vs generic at p=%d seed=%llu block=%llu first=%u n=%d",
                         isas[k], p, (unsigned long long) seed, (unsigned long long) block, first, n);
        }
    }
    tap_ok(differ == 0 && cases > 2000,
           "kernel builds (%d of 3 on this CPU): the same bits for the batch (its sums and y) and the normals "
           "in %d random cases (%d differ)", nbuilds, cases, differ);
    tap_ok(apart == 0, "the weights alone (y not asked for: no normals drawn) are the batch's with y, bit for bit, "
           "in the same %d cases (%d differ)", cases, apart);
}

/* word s mod 4 of Philox(row, s / 4, block) in the kernel's domain */
static uint32_t
word(uint64_t seed, uint64_t block, uint32_t row, uint32_t s)
{
    philox4x32_key_t k = { { (uint32_t) seed, (uint32_t) (seed >> 32) } };
    philox4x32_ctr_t c = { { row, s >> 2, (uint32_t) block, LP_STREAM_CTR_HI(block, LP_STREAM_KERNEL) } };
    return philox4x32(c, k).v[s & 3];
}

static void
test_contract(void)
{
    static double z[LP_MC_P_MAX * LP_MC_BATCH];
    const char *isa;
    lp_gauss_normals_batch_fn *normals = lp_gauss_normals_batch_select(&isa);
    double worst = 0;
    int checked = 0;
    srand(7);
    for (int t = 0; t < 400; t++) {
        int p = 1 + rand() % 16, n = 1 + rand() % LP_MC_BATCH;
        uint32_t first = (uint32_t) (rand() % 100000);
        uint64_t seed = (uint64_t) rand() << 31 ^ (uint64_t) rand(), block = (uint64_t) rand();
        normals(z, p, seed, block, first, n);
        for (int j = 0; j < n; j++)
            for (int i = 0; i < p; i++) {
                /* pair i / 2: rows i + 1 - i % 2 and the next; u = 1 - (42
                 * bits) 2^-42, angle (q + (20 bits + 1/2) 2^-20 - 1/2) pi/2 */
                uint32_t ra = (uint32_t) (i - i % 2 + 1), s = first + (uint32_t) j;
                uint32_t a = word(seed, block, ra, s), b = word(seed, block, ra + 1, s);
                double u = 1.0 - ldexp((double) ((uint64_t) a << 10 | b >> 22), -42);
                double angle = ((b >> 20 & 3) + ldexp((b & 0xfffff) + 0.5, -20) - 0.5) * M_PI / 2;
                double rad = sqrt(-2 * log(u)), want = rad * (i % 2 ? sin(angle) : cos(angle));
                double err = fabs(z[i * LP_MC_BATCH + j] - want) / (rad > 1e-300 ? rad : 1.0);
                worst = err > worst ? err : worst;
                checked++;
            }
    }
    tap_ok(worst <= 1e-13 && checked > 50000,
           "kernel %s: %d normals are sqrt(-2 log u) cos/sin(angle) of their words by libm "
           "within 1e-13 of the radius (worst %.3g)", isa, checked, worst);
}

/* |f - F| / |F| with F in MPFR at 128 bits */
static double
rel_err(double got, mpfr_t want)
{
    mpfr_t d;
    double r;
    mpfr_init2(d, 128);
    mpfr_sub_d(d, want, got, MPFR_RNDN);
    mpfr_div(d, d, want, MPFR_RNDN);
    r = fabs(mpfr_get_d(d, MPFR_RNDN));
    mpfr_clear(d);
    return r;
}

static void
test_vmath(void)
{
    mpfr_t x, f;
    double e_exp = 0, e_log = 0, e_cos = 0, e_sin = 0;
    const int N = 200000;
    mpfr_init2(x, 128);
    mpfr_init2(f, 128);
    srand(11);
    for (int t = 0; t < N; t++) {
        double v = t < N / 2 ? uniform(-708.39, 709.78) : uniform(-1, 1), c, s;
        mpfr_set_d(x, v, MPFR_RNDN);
        mpfr_exp(f, x, MPFR_RNDN);
        e_exp = fmax(e_exp, rel_err(lp_vexp(v), f));
        v = t % 2 ? ldexp(uniform(1, 2), rand() % 2001 - 1000) : uniform(0.5, 2.0);
        if (v != 1.0) {
            mpfr_set_d(x, v, MPFR_RNDN);
            mpfr_log(f, x, MPFR_RNDN);
            e_log = fmax(e_log, rel_err(lp_vlog(v), f));
        }
        v = uniform(-M_PI / 4, M_PI / 4);
        lp_vsincos_small(&c, &s, v);
        mpfr_set_d(x, v, MPFR_RNDN);
        mpfr_cos(f, x, MPFR_RNDN);
        e_cos = fmax(e_cos, rel_err(c, f));
        if (v != 0) {
            mpfr_sin(f, x, MPFR_RNDN);
            e_sin = fmax(e_sin, rel_err(s, f));
        }
    }
    mpfr_clear(x);
    mpfr_clear(f);
    /* the stated series remainders plus 8 ulps of rounding */
    tap_ok(e_exp <= 8.9e-15 + 8 * DBL_EPSILON, "lp_vexp on [-708.39, 709.78] (the normal results): relative error "
           "%.3g <= 8.9e-15 + 8 ulps", e_exp);
    {
        /* beyond: subnormal results near the libm's, 0 and infinity past the doubles, any x */
        const double below[] = { -709.0, -720.0, -740.0 };
        int edges = 1;
        for (int i = 0; i < 3; i++)
            edges = edges && fabs(lp_vexp(below[i]) - exp(below[i])) <= 0x1p-1070;
        edges = edges && lp_vexp(-746.0) == 0.0 && lp_vexp(-1e300) == 0.0 && lp_vexp(710.0) == INFINITY
                && lp_vexp(1e300) == INFINITY && lp_vexp(709.7) < INFINITY;
        tap_ok(edges, "lp_vexp beyond the normal results: subnormal within 16 subnormal ulps of libm's at "
               "-709, -720, -740; 0 at -746 and -1e300, infinite at 710 and 1e300 (e^709.7 = %.6g)",
               lp_vexp(709.7));
    }
    tap_ok(e_log <= 3.4e-14 + 8 * DBL_EPSILON,
           "lp_vlog on [2^-1000, 2^1001]: relative error %.3g <= 3.4e-14 + 8 ulps", e_log);
    tap_ok(e_cos <= 1.5e-15 + 8 * DBL_EPSILON && e_sin <= 3.0e-14 + 8 * DBL_EPSILON,
           "lp_vsincos_small on [-pi/4, pi/4]: relative errors %.3g (cos) <= 1.5e-15 and %.3g (sin) "
           "<= 3.0e-14, + 8 ulps", e_cos, e_sin);
}

/* bin of z among the k equiprobable bins of N(0, 1) (edges[0 .. k-2]) */
static int
bin(const double *edges, int k, double z)
{
    int lo = 0, hi = k - 1;         /* the bin is in [lo, hi] */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (z < edges[mid])
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* (X - df) / sqrt(2 df) of the chi-square of counts against equal expected */
static double
chi2_z(const uint64_t *count, int cells, double total)
{
    double e = total / cells, x = 0;
    for (int i = 0; i < cells; i++)
        x += (count[i] - e) * (count[i] - e) / e;
    return (x - (cells - 1)) / sqrt(2.0 * (cells - 1));
}

static void
test_law(int log2n)
{
    enum { K = 1024, G = 32, P = 8 };
    static double z[P * LP_MC_BATCH], edges[K], gedges[G];
    static uint64_t count[K], pairs[G * G];
    const char *isa;
    lp_gauss_normals_batch_fn *normals = lp_gauss_normals_batch_select(&isa);
    const uint64_t n = (uint64_t) 1 << log2n, batches = n / (P * LP_MC_BATCH);
    uint64_t beyond4 = 0, beyond5 = 0;
    double s1 = 0, s2 = 0, s4 = 0, e4, e5, dn, m, v, k4;
    for (int i = 0; i < K - 1; i++)
        edges[i] = gsl_cdf_ugaussian_Pinv((i + 1.0) / K);
    for (int i = 0; i < G - 1; i++)
        gedges[i] = gsl_cdf_ugaussian_Pinv((i + 1.0) / G);
    for (uint64_t b = 0; b < batches; b++) {
        const uint64_t block = b / (LP_MC_BLOCK / LP_MC_BATCH);
        const uint32_t first = (uint32_t) (b % (LP_MC_BLOCK / LP_MC_BATCH)) * LP_MC_BATCH;
        double t1 = 0, t2 = 0, t4 = 0;
        normals(z, P, 2026, block, first, LP_MC_BATCH);
        for (int i = 0; i < P; i++)
            for (int j = 0; j < LP_MC_BATCH; j++) {
                double x = z[i * LP_MC_BATCH + j], a = fabs(x);
                count[bin(edges, K, x)]++;
                beyond4 += a > 4;
                beyond5 += a > 5;
                t1 += x;
                t2 += x * x;
                t4 += x * x * x * x;
            }
        for (int i = 0; i < P; i += 2)
            for (int j = 0; j < LP_MC_BATCH; j++)
                pairs[bin(gedges, G, z[i * LP_MC_BATCH + j]) * G
                      + bin(gedges, G, z[(i + 1) * LP_MC_BATCH + j])]++;
        s1 += t1;
        s2 += t2;
        s4 += t4;
    }
    dn = (double) (batches * P * LP_MC_BATCH);
    {
        double zc = chi2_z(count, K, dn), zp = chi2_z(pairs, G * G, dn / 2);
        tap_ok(fabs(zc) < 5, "kernel %s, %.4g normals: chi-square on %d equiprobable bins of N(0, 1): "
               "(X - df)/sqrt(2 df) = %.3f", isa, dn, K, zc);
        tap_ok(fabs(zp) < 5, "kernel %s, %.4g pairs (z_2k, z_2k+1): chi-square on %d x %d equiprobable "
               "cells: (X - df)/sqrt(2 df) = %.3f", isa, dn / 2, G, G, zp);
    }
    e4 = dn * 2 * gsl_cdf_ugaussian_Q(4.0);
    e5 = dn * 2 * gsl_cdf_ugaussian_Q(5.0);
    tap_ok(fabs(beyond4 - e4) < 5 * sqrt(e4) && fabs(beyond5 - e5) < 5 * sqrt(e5) + 1,
           "kernel %s: |z| > 4: %llu (expected %.1f), |z| > 5: %llu (expected %.1f)", isa,
           (unsigned long long) beyond4, e4, (unsigned long long) beyond5, e5);
    m = s1 / dn;
    v = s2 / dn;
    k4 = s4 / dn;
    /* standard errors of the mean, of E z^2 and of E z^4: 1, sqrt 2, sqrt 96 over sqrt n */
    tap_ok(fabs(m) < 5 / sqrt(dn) && fabs(v - 1) < 5 * sqrt(2 / dn) && fabs(k4 - 3) < 5 * sqrt(96 / dn),
           "kernel %s: mean %.3g, E z^2 - 1 = %.3g, E z^4 - 3 = %.3g (5 standard errors: %.2g, %.2g, %.2g)",
           isa, m, v - 1, k4 - 3, 5 / sqrt(dn), 5 * sqrt(2 / dn), 5 * sqrt(96 / dn));
}

int
main(int argc, char **argv)
{
    int log2n = argc > 1 ? atoi(argv[1]) : 24;
    test_builds_agree();
    test_contract();
    test_vmath();
    test_law(log2n >= 14 && log2n <= 40 ? log2n : 24);
    return tap_done();
}
