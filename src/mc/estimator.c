/* The importance-sampling estimator of C = int sup_x f(x)(y) dy, parallel over
 * blocks of samples, each block with a stream of its own and its sums kept
 * apart, added in block order at the end: the same seed gives the same bits
 * for any number of threads.  Contract in mc.h. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <gsl/gsl_randist.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "mc/mc.h"

#define BLOCK 4096              /* samples per block */
#define ASCENT_STARTS 4
#define ASCENT_STEPS 200

typedef struct {
    double sum_w, sum_w2;       /* importance weights */
    double max_gap;
    double max_abs_log_w;
    uint64_t checked;
    double sum_c, sum_c2;       /* vmf: e^{kappa (y_1 - 1)} */
} block_sums;

static uint64_t
splitmix64(uint64_t x)
{
    x += UINT64_C(0x9E3779B97F4A7C15);
    x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
    return x ^ (x >> 31);
}

void
lp_mc_seed_block(gsl_rng *r, uint64_t seed, uint64_t block)
{
    gsl_rng_set(r, (unsigned long) (splitmix64(splitmix64(seed) ^ block) & 0xffffffffUL));
}

/* max over projected gradient ascents from random inputs of log f(x)(y); an
 * assumption-free check of the proofs' maximiser */
static double
numerical_sup(const lp_mechanism *m, const double *y, gsl_rng *r)
{
    double x[LP_MC_P_MAX], g[LP_MC_P_MAX], best = -INFINITY;
    for (int s = 0; s < ASCENT_STARTS; s++) {
        m->sample_input(m, x, r);
        for (int k = 0; k < ASCENT_STEPS; k++) {
            m->grad_log_density(m, g, x, y);
            for (int i = 0; i < m->p; i++)
                x[i] += m->step * g[i];
            m->project(m, x);
        }
        best = fmax(best, m->log_density(m, x, y));
    }
    return best;
}

/* Sums in locals, stored once at the end: blocks that neighbour in memory run
 * on different threads at the same time, and per-sample stores into them would
 * share cache lines. */
static void
run_block(block_sums *out, const lp_mechanism *m, uint64_t n, uint64_t checks,
          uint64_t seed, uint64_t index, gsl_rng *r)
{
    double x[LP_MC_P_MAX], y[LP_MC_P_MAX];
    const int vmf = strcmp(m->name, "vmf") == 0;
    block_sums b;
    memset(&b, 0, sizeof b);
    b.max_gap = -INFINITY;
    lp_mc_seed_block(r, seed, index);
    for (uint64_t i = 0; i < n; i++) {
        double log_q = m->sample_output(m, y, r);
        double log_f, log_w, w;
        m->proof_argmax(m, x, y);
        log_f = m->log_density(m, x, y);
        log_w = log_f - log_q;
        w = exp(log_w);
        if (fabs(log_w) > b.max_abs_log_w)
            b.max_abs_log_w = fabs(log_w);
        b.sum_w += w;
        b.sum_w2 += w * w;
        if (vmf) {
            double c = exp(m->kappa * (y[0] - 1.0));
            b.sum_c += c;
            b.sum_c2 += c * c;
        }
        if (i < checks) {
            double gap = expm1(numerical_sup(m, y, r) - log_f);
            b.max_gap = fmax(b.max_gap, gap);
            b.checked++;
        }
    }
    *out = b;
}

static double
now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int
lp_mc_estimate(lp_mc_result *res, const lp_mechanism *m, const lp_mc_options *opt)
{
    const uint64_t n = opt->samples, nblocks = (n + BLOCK - 1) / BLOCK;
    const uint64_t checks = opt->sup_checks ? (opt->sup_checks + nblocks - 1) / nblocks : 0;
    block_sums *blocks;
    uint64_t done = 0;
    double t0 = now(), last = t0, sw = 0, sw2 = 0, sc = 0, sc2 = 0, max_log_w = 0;
    int show = opt->progress && isatty(2);

    if (n == 0)
        return -1;
    blocks = calloc(nblocks, sizeof *blocks);
    if (blocks == NULL)
        return -1;

#ifdef _OPENMP
    if (opt->threads > 0)
        omp_set_num_threads(opt->threads);
#endif
#pragma omp parallel
    {
        gsl_rng *r = gsl_rng_alloc(gsl_rng_taus2);
#pragma omp for schedule(dynamic, 1)
        for (uint64_t b = 0; b < nblocks; b++) {
            uint64_t len = b + 1 < nblocks ? BLOCK : n - b * BLOCK;
            run_block(&blocks[b], m, len, checks, opt->seed, b, r);
#pragma omp atomic
            done++;
            if (show) {
#ifdef _OPENMP
                if (omp_get_thread_num() == 0)
#endif
                {
                    double t = now();
                    if (t - t0 > 1.0 && t - last > 0.5) {
                        uint64_t d;
#pragma omp atomic read
                        d = done;
                        fprintf(stderr, "\rmc %s: %3.0f%% of %llu samples", m->name,
                                100.0 * d / nblocks, (unsigned long long) n);
                        last = t;
                    }
                }
            }
        }
        gsl_rng_free(r);
    }
    if (show && last > t0)
        fprintf(stderr, "\r%60s\r", "");

    memset(res, 0, sizeof *res);
    res->sup_gap = -INFINITY;
    for (uint64_t b = 0; b < nblocks; b++) {        /* in block order: reproducible */
        sw += blocks[b].sum_w;
        sw2 += blocks[b].sum_w2;
        sc += blocks[b].sum_c;
        sc2 += blocks[b].sum_c2;
        res->sup_gap = fmax(res->sup_gap, blocks[b].max_gap);
        max_log_w = fmax(max_log_w, blocks[b].max_abs_log_w);
        res->sup_checked += blocks[b].checked;
    }
    free(blocks);
    res->samples = n;
    res->seed = opt->seed;
    res->estimate = sw / n;
    res->std_error = n > 1 ? sqrt(fmax(sw2 / n - res->estimate * res->estimate, 0.0) / (n - 1)) : INFINITY;
    res->ci_lo = res->estimate - 3.2905267314919 * res->std_error;
    res->ci_hi = res->estimate + 3.2905267314919 * res->std_error;
    res->ess = sw2 > 0 ? sw * sw / sw2 : 0;
    /* each weight is exp of a log of size max_log_w (relative error ~ that many
     * ulps), and a sum of n positive terms loses at most n ulps */
    res->rounding_error = res->estimate * DBL_EPSILON * ((double) n + 8.0 + max_log_w);
    if (res->sup_checked == 0)
        res->sup_gap = NAN;
    if (strcmp(m->name, "vmf") == 0) {
        /* C = A(S^{p-1}) e^kappa E[e^{kappa (y_1 - 1)}], y uniform */
        const double p = m->p;
        double log_a = log(2.0) + 0.5 * p * log(M_PI) - lgamma(0.5 * p);
        double mean = sc / n, se = n > 1 ? sqrt(fmax(sc2 / n - mean * mean, 0.0) / (n - 1)) : INFINITY;
        res->norm_mc = exp(log_a + m->kappa) * mean;
        res->norm_mc_se = exp(log_a + m->kappa) * se;
        res->norm_quad = exp(m->log_norm);
        res->norm_quad_err = res->norm_quad * m->log_norm_err;
    }
    return 0;
}
