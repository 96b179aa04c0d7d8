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
    double err, err2;           /* posterior variance (finite), |x - xhat|^2 (continuous: with
                                   the inner draws, Richardson's 2 e_m - e_{m/2}) */
    double err_half;            /* 2 e_{m/2} - e_{m/4}: the remaining bias's estimate */
    double info, info2;         /* log n - H(posterior | y) (finite) */
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

/* |x - xhat|^2 for the self-normalised posterior mean over the first m
   candidates c (log-weights lw): its own largest weight shifts it, so that a
   prefix whose weights would all underflow at the whole set's largest is kept */
static double
snis_error(const double *x, const double *c, const double *lw, int m, int p, double *ess)
{
    double top = -INFINITY, z = 0, z2 = 0, xhat[LP_RECON_P_MAX] = { 0 }, d2 = 0;
    for (int k = 0; k < m; k++)
        top = fmax(top, lw[k]);
    for (int k = 0; k < m; k++) {
        const double w = exp(lw[k] - top);
        z += w;
        z2 += w * w;
        for (int i = 0; i < p; i++)
            xhat[i] += w * c[(size_t) k * p + i];
    }
    for (int i = 0; i < p; i++) {
        const double d = x[i] - xhat[i] / z;
        d2 += d * d;
    }
    if (ess)
        *ess = z * z / z2;
    return d2;
}

/* A continuous prior's sample: the posterior mean in closed form where the
 * prior and the noise are Gaussian (E[x|y] = s^2/(s^2 + sigma^2) y, no inner
 * draws, no bias); else self-normalised importance sampling over `inner`
 * prior draws, whose error e_m = MMSE + c1/m + c2/m^2 + ... (the SNIS
 * variance of xhat; the cross term vanishes given y): Richardson's 2 e_m -
 * e_{m/2} removes c1/m, and (R(m) - R(m/2))/3, R(m/2) = 2 e_{m/2} - e_{m/4},
 * estimates what remains (err_half carries R(m/2)). */
static void
continuous_sample(block_sums *b, const lp_recon_setup *s, const double *x, const double *y, double *cand,
                  double *lw, lp_stream *r)
{
    const int p = s->p, m = s->inner;
    if (lp_recon_posterior_closed(s)) {
        const double s2 = s->prior_scale * s->prior_scale, shrink = s2 / (s2 + s->scale * s->scale);
        double d2 = 0;
        for (int i = 0; i < p; i++)
            d2 += (x[i] - shrink * y[i]) * (x[i] - shrink * y[i]);
        b->err += d2;
        b->err2 += d2 * d2;
        b->err_half += d2;
        return;
    }
    for (int k = 0; k < m; k++) {
        lp_recon_prior_draw(cand + (size_t) k * p, s, NULL, r);
        lw[k] = lp_recon_loglik(s, cand + (size_t) k * p, y);
    }
    double ess;
    const double e1 = snis_error(x, cand, lw, m, p, &ess);
    double rich = e1, half = e1;
    if (m >= 4) {
        const double e2 = snis_error(x, cand, lw, m / 2, p, NULL), e4 = snis_error(x, cand, lw, m / 4, p, NULL);
        rich = 2 * e1 - e2;
        half = 2 * e2 - e4;
    }
    b->err += rich;
    b->err2 += rich * rich;
    b->err_half += half;
    b->ess += ess;
}

/* One sample: the posterior over the candidates (the n points; a continuous
 * prior: continuous_sample), with log-weights in lw (scratch of the
 * candidates' count). */
static void
one_sample(block_sums *b, const lp_recon_setup *s, const double *points, const lp_recon_balls *balls,
           double *cand, double *lw, lp_stream *r)
{
    const int p = s->p, m = s->n;
    double x[LP_RECON_P_MAX], y[LP_RECON_P_MAX], xhat[LP_RECON_P_MAX] = { 0 };
    double top = -INFINITY, z = 0, zl = 0;

    lp_recon_prior_draw(x, s, points, r);
    lp_recon_release(y, s, x, r);
    if (!lp_recon_prior_finite(s)) {
        continuous_sample(b, s, x, y, cand, lw, r);
        return;
    }
    for (int k = 0; k < m; k++) {
        lw[k] = lp_recon_loglik(s, points + (size_t) k * p, y);
        top = fmax(top, lw[k]);
    }
    for (int k = 0; k < m; k++) {
        const double w = exp(lw[k] - top);
        zl += w * (lw[k] - top);
        lw[k] = w;
        z += w;
        for (int i = 0; i < p; i++)
            xhat[i] += w * points[(size_t) k * p + i];
    }
    for (int i = 0; i < p; i++)
        xhat[i] /= z;
    /* the MAP guess's success given y is the largest posterior; the posterior
       mean's expected error given y is the posterior variance; the
       information given y is log n - H(posterior), E over y is I(X; Y) */
    double var = 0;
    for (int k = 0; k < m; k++) {
        double d2 = 0;
        for (int i = 0; i < p; i++) {
            const double d = points[(size_t) k * p + i] - xhat[i];
            d2 += d * d;
        }
        var += lw[k] / z * d2;
    }
    const double succ = 1.0 / z;    /* the largest weight is exp(0) = 1 */
    const double info = log((double) m) + zl / z - log(z);
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

int
lp_recon_estimate(lp_recon_result *res, const lp_recon_setup *s)
{
    const uint64_t n = s->samples, nblocks = (n + LP_RECON_BLOCK - 1) / LP_RECON_BLOCK;
    const int finite = lp_recon_prior_finite(s), m = finite ? s->n : s->inner;
    const int nthreads = lp_threads(s->threads);
    const int *cancel = lp_cancel_flag();
    const int show = (s->progress == 2 || (s->progress == 1 && isatty(2))) && lp_mc_rank() == 0;
    const int with_balls = finite && s->ball_radius > 0;
    const int draws = !finite && !lp_recon_posterior_closed(s);     /* inner prior draws */
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
            double *cand = draws ? malloc((size_t) m * s->p * sizeof *cand) : NULL;
            double *lw = malloc((size_t) m * sizeof *lw);
            if (lw == NULL || (draws && cand == NULL))
                oom = 1;
#pragma omp for schedule(dynamic, 1)
            for (uint64_t i = lo; i < hi; i++) {
                if (oom || lp_flag_set(cancel))
                    continue;
                const uint64_t b = chunk + i;
                const uint64_t len = b + 1 < nblocks ? LP_RECON_BLOCK : n - b * LP_RECON_BLOCK;
                run_block(&blocks[i], s, points, with_balls ? &balls : NULL, cand, lw, len, b);
            }
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
            total.err_half += blocks[i].err_half;
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
    /* every mean's error covers what a sample never seen could add (each
       value's range over n: reconstruct.h), the continuous prior's its
       remaining bias too */
    if (finite) {
        const double dn = (double) s->n;
        lp_recon_mean_se(&res->success, &res->success_se, total.success, total.success2, n, 1 - 1 / dn);
        lp_recon_mean_se(&res->mse, &res->mse_se, total.err, total.err2, n, lp_recon_spread(points, s->n, s->p));
        lp_recon_mean_se(&res->information, &res->information_se, total.info, total.info2, n, log(dn));
        res->ess_mean = NAN;
        res->mse_bias = 0;
    } else {
        lp_recon_mean_se(&res->mse, &res->mse_se, total.err, total.err2, n, 0);
        res->success = res->success_se = NAN;
        res->information = res->information_se = NAN;
        res->ess_mean = draws ? total.ess / (double) n : NAN;
        res->mse_bias = draws && s->inner >= 4 ? fabs(res->mse - total.err_half / (double) n) / 3
                        : draws ? NAN : 0;
        if (isfinite(res->mse_bias))
            res->mse_se = hypot(res->mse_se, res->mse_bias);
    }
    res->ball_success = res->ball_success_se = res->ball_upper = res->ball_upper_se = NAN;
    res->ball_prior = res->ball_prior_upper = NAN;
    if (with_balls) {
        lp_recon_mean_se(&res->ball_success, &res->ball_success_se, total.dball, total.dball2, n, 1);
        lp_recon_mean_se(&res->ball_upper, &res->ball_upper_se, total.dup, total.dup2, n, 1);
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
       core within a factor of two, times 1.5 for a slower one; a continuous
       prior's posterior mean is taken over m, m/2 and m/4 draws (1.75 m) */
    const double m = lp_recon_prior_finite(s) ? s->n : s->inner;
    const double passes = lp_recon_prior_finite(s) ? 1 : 1.75;
    const double per_sample = passes * m * (12e-9 * s->p + 30e-9) + (s->noise == LP_RECON_VMF ? 1e-6 : 0);
    const double draws = lp_recon_prior_finite(s) ? 0 : m * s->p * 15e-9;
    if (!lp_recon_prior_finite(s) && lp_recon_posterior_closed(s))     /* no inner draws */
        return 1.5 * (double) s->samples * 50e-9 * s->p / (double) (threads > 0 ? threads : 1);
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
