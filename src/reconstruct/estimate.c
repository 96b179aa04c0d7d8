/* estimate.c -- the Bayes-optimal attacker's success and error, by Monte
 * Carlo over (x, y).  Contract in reconstruct.h.
 *
 * Block b draws the counters of (seed, LP_STREAM_RECON_DRAWS, b) only; its
 * sums are kept apart and added in block order, so the result is the same
 * bits for any number of threads and MPI ranks (each rank runs its share of a
 * chunk of blocks, parallel.c hands every rank all of them).  The cancel flag
 * is read before every block and the progress line is written between chunks
 * of blocks, by rank 0. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "core/host.h"
#include "mc/parallel.h"
#include "reconstruct/reconstruct.h"

#define CHUNK_BLOCKS 64

typedef struct {
    double success, success2;   /* max_x P(x|y) */
    double err, err2;           /* posterior variance (finite) or |x - xhat|^2 */
    double info, info2;         /* log f(y|x) - log f(y) (finite) */
    double ess;                 /* inner ESS (continuous) */
    double dball, dball2;       /* max_k P(B(x_k, delta) | y) */
    double dup, dup2;           /* max_k P(B(x_k, 2 delta) | y) */
} block_sums;

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec;
}

/* One sample: the posterior over the candidates (the n points, or `inner`
 * prior draws), with log-weights in lw (scratch of the candidates' count). */
static void
one_sample(block_sums *b, const lp_recon_setup *s, const double *points, const lp_recon_balls *balls,
           double *cand, double *lw, lp_stream *r)
{
    const int p = s->p, finite = lp_recon_prior_finite(s);
    const int m = finite ? s->n : s->inner;
    double x[LP_RECON_P_MAX], y[LP_RECON_P_MAX], xhat[LP_RECON_P_MAX] = { 0 };
    double top = -INFINITY, z = 0, z2 = 0;
    const int truth = lp_recon_prior_draw(x, s, points, r);
    const double *c = finite ? points : cand;

    lp_recon_release(y, s, x, r);
    if (!finite)
        for (int k = 0; k < m; k++)
            lp_recon_prior_draw(cand + (size_t) k * p, s, NULL, r);
    for (int k = 0; k < m; k++) {
        lw[k] = lp_recon_loglik(s, c + (size_t) k * p, y);
        top = fmax(top, lw[k]);
    }
    for (int k = 0; k < m; k++) {
        const double w = exp(lw[k] - top);
        lw[k] = w;
        z += w;
        z2 += w * w;
        for (int i = 0; i < p; i++)
            xhat[i] += w * c[(size_t) k * p + i];
    }
    for (int i = 0; i < p; i++)
        xhat[i] /= z;
    if (finite) {
        /* the MAP guess's success given y is the largest posterior; the
           posterior mean's expected error given y is the posterior variance */
        double var = 0;
        for (int k = 0; k < m; k++) {
            double d2 = 0;
            for (int i = 0; i < p; i++) {
                const double d = c[(size_t) k * p + i] - xhat[i];
                d2 += d * d;
            }
            var += lw[k] / z * d2;
        }
        const double succ = 1.0 / z;    /* the largest weight is exp(0) = 1 */
        /* log f(y|x) - log (1/n) sum_k f(y|x_k) */
        const double info = (lp_recon_loglik(s, x, y) - top) - log(z / m);
        b->success += succ;
        b->success2 += succ * succ;
        b->err += var;
        b->err2 += var * var;
        b->info += info;
        b->info2 += info * info;
        if (balls != NULL) {
            /* lw holds the unnormalised posterior weights here */
            double lo, hi;
            lp_recon_balls_mass(&lo, &hi, balls, lw);
            lo /= z;
            hi /= z;
            b->dball += lo;
            b->dball2 += lo * lo;
            b->dup += hi;
            b->dup2 += hi * hi;
        }
        (void) truth;
    } else {
        double d2 = 0;
        for (int i = 0; i < p; i++)
            d2 += (x[i] - xhat[i]) * (x[i] - xhat[i]);
        b->err += d2;
        b->err2 += d2 * d2;
        b->ess += z * z / z2;
    }
}

static void
run_block(block_sums *b, const lp_recon_setup *s, const double *points, const lp_recon_balls *balls,
          double *cand, double *lw, uint64_t len, uint64_t block)
{
    lp_stream r;
    memset(b, 0, sizeof *b);
    lp_stream_init(&r, s->seed, LP_STREAM_RECON_DRAWS, block);
    const int *cancel = lp_cancel_flag();
    for (uint64_t j = 0; j < len && !lp_flag_set(cancel); j++)     /* a block may take seconds */
        one_sample(b, s, points, balls, cand, lw, &r);
}

/* mean and standard error of N values from their sum and sum of squares */
static void
mean_se(double *mean, double *se, double sum, double sum2, uint64_t n)
{
    const double dn = (double) n, mu = sum / dn;
    const double var = fmax(0, (sum2 - dn * mu * mu) / (dn - 1));
    *mean = mu;
    *se = sqrt(var / dn);
}

int
lp_recon_estimate(lp_recon_result *res, const lp_recon_setup *s)
{
    const uint64_t n = s->samples, nblocks = (n + LP_RECON_BLOCK - 1) / LP_RECON_BLOCK;
    const int finite = lp_recon_prior_finite(s), m = finite ? s->n : s->inner;
    const int nthreads = lp_threads_start(s->threads);    /* 1 where the host refuses them */
    const int *cancel = lp_cancel_flag();
    const int show = (s->progress == 2 || (s->progress == 1 && isatty(2))) && lp_mc_rank() == 0;
    const int with_balls = finite && s->ball_radius > 0;
    double *points = NULL, t0 = now(), last = t0;
    block_sums *blocks, total;
    lp_recon_balls balls = { 0 };
    int failed = 0;

    if (n < 2)
        return -1;
    blocks = malloc(CHUNK_BLOCKS * sizeof *blocks);
    if (finite)
        points = malloc((size_t) s->n * s->p * sizeof *points);
    if (blocks == NULL || (finite && points == NULL)) {
        free(blocks);
        free(points);
        return -1;
    }
    if (finite)
        lp_recon_points(points, s);
    if (with_balls && lp_recon_balls_init(&balls, points, s->n, s->p, s->ball_radius) != 0) {
        free(blocks);
        free(points);
        return -1;
    }
    memset(&total, 0, sizeof total);
    for (uint64_t chunk = 0; chunk < nblocks && !failed; chunk += CHUNK_BLOCKS) {
        const uint64_t count = nblocks - chunk < CHUNK_BLOCKS ? nblocks - chunk : CHUNK_BLOCKS;
        uint64_t lo, hi;
        int oom = 0;
        lp_recon_share(&lo, &hi, count);        /* this rank's blocks of the chunk */
#pragma omp parallel num_threads(nthreads) reduction(|:oom)
        {
            /* each thread's scratch: the candidates and their weights */
            double *cand = finite ? NULL : malloc((size_t) m * s->p * sizeof *cand);
            double *lw = malloc((size_t) m * sizeof *lw);
            const int *was = lp_cancel_flag();
            lp_cancel_watch(cancel);    /* every thread sees the caller's flag, inside a block too */
            if (lw == NULL || (!finite && cand == NULL))
                oom = 1;
#pragma omp for schedule(dynamic, 1)
            for (uint64_t i = lo; i < hi; i++) {
                if (oom || lp_flag_set(cancel))
                    continue;
                const uint64_t b = chunk + i;
                const uint64_t len = b + 1 < nblocks ? LP_RECON_BLOCK : n - b * LP_RECON_BLOCK;
                run_block(&blocks[i], s, points, with_balls ? &balls : NULL, cand, lw, len, b);
            }
            lp_cancel_watch(was);
            free(cand);
            free(lw);
        }
        /* every rank stops together, or none does (one rank alone would wait in the exchange) */
        if (lp_recon_any_rank(oom || lp_flag_set(cancel)) || lp_recon_gather(blocks, sizeof *blocks, count) != 0) {
            failed = 1;
            break;
        }
        for (uint64_t i = 0; i < count; i++) {          /* in block order: reproducible */
            total.success += blocks[i].success;
            total.success2 += blocks[i].success2;
            total.err += blocks[i].err;
            total.err2 += blocks[i].err2;
            total.info += blocks[i].info;
            total.info2 += blocks[i].info2;
            total.ess += blocks[i].ess;
            total.dball += blocks[i].dball;
            total.dball2 += blocks[i].dball2;
            total.dup += blocks[i].dup;
            total.dup2 += blocks[i].dup2;
        }
        if (show && now() - t0 > 1.0 && now() - last > 0.5) {
            fprintf(stderr, "\rreconstruct: %3.0f%% of %llu samples",
                    100.0 * (double) (chunk + count) / (double) nblocks, (unsigned long long) n);
            last = now();
        }
    }
    if (show && last > t0)
        fprintf(stderr, "\r%60s\r", "");
    if (failed) {
        lp_recon_balls_clear(&balls);
        free(blocks);
        free(points);
        return -1;
    }
    memset(res, 0, sizeof *res);
    res->finite = finite;
    res->samples = n;
    res->seed = s->seed;
    res->threads = nthreads;
    res->ranks = lp_mc_ranks();
    res->prior_mse = lp_recon_prior_mse(s, points);
    mean_se(&res->mse, &res->mse_se, total.err, total.err2, n);
    if (finite) {
        mean_se(&res->success, &res->success_se, total.success, total.success2, n);
        mean_se(&res->information, &res->information_se, total.info, total.info2, n);
        res->ess_mean = NAN;
    } else {
        res->success = res->success_se = NAN;
        res->information = res->information_se = NAN;
        res->ess_mean = total.ess / (double) n;
    }
    res->ball_success = res->ball_success_se = res->ball_upper = res->ball_upper_se = NAN;
    res->ball_prior = res->ball_prior_upper = NAN;
    if (with_balls) {
        mean_se(&res->ball_success, &res->ball_success_se, total.dball, total.dball2, n);
        mean_se(&res->ball_upper, &res->ball_upper_se, total.dup, total.dup2, n);
        lp_recon_balls_prior(&res->ball_prior, &res->ball_prior_upper, &balls);
        lp_recon_balls_clear(&balls);
    }
    free(blocks);
    free(points);
    return 0;
}

double
lp_recon_work_seconds(const lp_recon_setup *s, int threads)
{
    /* about 12 ns per candidate and coordinate (a log-likelihood and a
       weighted sum), 30 ns per candidate for exp; measured on this machine's
       core within a factor of two, times 1.5 for a slower one */
    const double m = lp_recon_prior_finite(s) ? s->n : s->inner;
    const double per_sample = m * (12e-9 * s->p + 30e-9) + (s->noise == LP_RECON_VMF ? 1e-6 : 0);
    const double draws = lp_recon_prior_finite(s) ? 0 : m * s->p * 15e-9;
    /* the delta-ball gain: at most n^2 neighbours summed per sample (1 ns
       each), and their lists built once (n^2 p distances, 2 ns each) */
    const double balls = lp_recon_prior_finite(s) && s->ball_radius > 0 ? m * m * 1e-9 : 0;
    const double setup = lp_recon_prior_finite(s) && s->ball_radius > 0 ? m * m * s->p * 2e-9 : 0;
    return 1.5 * ((double) s->samples * (per_sample + draws + balls) / (double) (threads > 0 ? threads : 1)
                  + setup);
}

double
lp_recon_gauss_gauss_mmse(int p, double s, double sigma)
{
    return p * s * s * sigma * sigma / (s * s + sigma * sigma);
}

double
lp_recon_tan_bound(const lp_recon_setup *s)
{
    /* D ~ N(0, s^2 I): h(D)/d = 1/2 ln(2 pi e s^2), I/d = 1/2 ln(1 + s^2/sigma^2);
       e^{2h/d}/(2 pi e) e^{-2I/d} = s^2 sigma^2 / (s^2 + sigma^2) */
    if (s->noise != LP_RECON_GAUSS || s->prior != LP_PRIOR_GAUSS)
        return NAN;
    const double h = 0.5 * log(2 * M_PI * M_E * s->prior_scale * s->prior_scale);
    const double info = 0.5 * log1p(s->prior_scale * s->prior_scale / (s->scale * s->scale));
    return s->p * exp(2 * h) / (2 * M_PI * M_E) * exp(-2 * info);
}
