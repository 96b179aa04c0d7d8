/* The importance-sampling estimator of C = int sup_x f(x)(y) dy.  Work is cut
 * into blocks of LP_MC_BLOCK samples; block b draws only the counters of
 * (seed, b) and keeps its sums apart; the sums are added in block order.  So
 * the same seed gives the same bits for any number of threads, MPI ranks and
 * any kernel build (contract in mc.h; the partition over ranks in
 * parallel.h). */
/* -O3 whatever the user's CFLAGS say: the batch's sums and largest |log w|
 * vectorised, 1 ns a sample of 13 at p = 4 (the same operations in the same
 * order: the same bits; no option that changes a result) */
#pragma GCC optimize("O3")
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "core/host.h"
#include "mc/mc.h"
#include "mc/parallel.h"

#define CHUNK_BLOCKS 2048       /* blocks run in parallel between two in-order folds */
#define ASCENT_STARTS 4
#define ASCENT_STEPS 200

/* max over projected gradient ascents from random inputs of log f(x)(y): an
 * assumption-free check of the proofs' maximiser.  An ascent stops early once
 * a projected step moves x by less than 1e-15 of its scale (a fixed point of
 * the projected gradient step: where the gradient is normal to the input set
 * at its boundary, the step itself stays large). */
static double
numerical_sup(const lp_mechanism *m, const double *y, lp_stream *r)
{
    double x[LP_MC_P_MAX], g[LP_MC_P_MAX], best = -INFINITY;
    for (int s = 0; s < ASCENT_STARTS; s++) {
        m->sample_input(m, x, r);
        for (int k = 0; k < ASCENT_STEPS; k++) {
            double moved = 0, size = 0, before[LP_MC_P_MAX];
            m->grad_log_density(m, g, x, y);
            for (int i = 0; i < m->p; i++) {
                before[i] = x[i];
                x[i] += m->step * g[i];
            }
            m->project(m, x);
            for (int i = 0; i < m->p; i++) {     /* what the projected step moved */
                moved += fabs(x[i] - before[i]);
                size += fabs(x[i]);
            }
            if (moved <= 1e-15 * (1.0 + size))
                break;
        }
        best = fmax(best, m->log_density(m, x, y));
    }
    return best;
}

/* f(x*(y))(y) with the proofs' maximiser x*, and the numerical gap over it */
static double
sup_gap(const lp_mechanism *m, const double *y, lp_stream *checks)
{
    double x[LP_MC_P_MAX];
    m->proof_argmax(m, x, y);
    return expm1(numerical_sup(m, y, checks) - m->log_density(m, x, y));
}

typedef struct {
    double w[4], w2[4];
    uint64_t n;
} partial_sums;

/* four interleaved sums in a fixed order: the same bits whatever the caller */
static inline void
add_weight(partial_sums *s, double w)
{
    s->w[s->n & 3] += w;
    s->w2[s->n & 3] += w * w;
    s->n++;
}

static void
finish_sums(lp_mc_block_sums *b, const partial_sums *s)
{
    b->sum_w = (s->w[0] + s->w[1]) + (s->w[2] + s->w[3]);
    b->sum_w2 = (s->w2[0] + s->w2[1]) + (s->w2[2] + s->w2[3]);
}

/* The Gaussian kernel's samples of a block: the kernel adds their weights to
 * its interleaved sums (kernel.h), added up here pairwise in a fixed order;
 * the outputs y only for the batches a sup check looks at (the weights alone
 * need no normals: the same bits either way). */
static void
kernel_block(lp_mc_block_sums *b, const lp_mechanism *m, lp_gauss_ball_batch_fn *kernel, uint64_t len,
             uint64_t checks, uint64_t seed, uint64_t index, lp_stream *check_stream)
{
    static _Thread_local double y[LP_MC_P_MAX * LP_MC_BATCH];
    lp_gauss_ball_sums sums;
    memset(&sums, 0, sizeof sums);
    for (uint64_t first = 0; first < len; first += LP_MC_BATCH) {
        int n = (int) (len - first < LP_MC_BATCH ? len - first : LP_MC_BATCH);
        kernel(&sums, first < checks ? y : NULL, &m->kernel, seed, index, (uint32_t) first, n);
        for (int j = 0; j < n && first + j < checks; j++) {
            double yj[LP_MC_P_MAX];
            for (int i = 0; i < m->p; i++)
                yj[i] = y[i * LP_MC_BATCH + j];
            b->max_gap = fmax(b->max_gap, sup_gap(m, yj, check_stream));
            b->checked++;
        }
    }
    for (int h = LP_MC_SUMS / 2; h > 0; h /= 2)
        for (int i = 0; i < h; i++) {
            sums.w[i] += sums.w[i + h];
            sums.w2[i] += sums.w2[i + h];
        }
    b->sum_w = sums.w[0];
    b->sum_w2 = sums.w2[0];
    b->max_abs_log_w = sums.max_abs_log_w;
}

static void
run_block(lp_mc_block_sums *out, const lp_mechanism *m, lp_gauss_ball_batch_fn *kernel,
          uint64_t len, uint64_t checks, uint64_t seed, uint64_t index)
{
    lp_mc_block_sums b;
    partial_sums s;
    lp_stream check_stream;
    memset(&b, 0, sizeof b);
    memset(&s, 0, sizeof s);
    b.max_gap = -INFINITY;
    lp_stream_init(&check_stream, seed, LP_STREAM_CHECKS, index);

    if (m->path == LP_MC_KERNEL_GAUSS_BALL) {
        kernel_block(&b, m, kernel, len, checks, seed, index, &check_stream);
        *out = b;
        return;
    }
    if (m->path == LP_MC_SCALAR) {
        lp_stream r;
        lp_stream_init(&r, seed, LP_STREAM_SAMPLES, index);
        for (uint64_t i = 0; i < len; i++) {
            double x[LP_MC_P_MAX], y[LP_MC_P_MAX], log_q = m->sample_output(m, y, &r), log_w;
            m->proof_argmax(m, x, y);
            log_w = m->log_density(m, x, y) - log_q;
            add_weight(&s, exp(log_w));
            if (log_w > -745.0)
                b.max_abs_log_w = fmax(b.max_abs_log_w, fabs(log_w));
            if (i < checks) {
                b.max_gap = fmax(b.max_gap, sup_gap(m, y, &check_stream));
                b.checked++;
            }
        }
    } else {
        /* vmf: the weights are those of the normaliser; the sup checks look
         * at outputs uniform on the sphere, drawn from the checks' stream */
        lp_stream r;
        lp_stream_init(&r, seed, LP_STREAM_NORMALISER, index);
        for (uint64_t i = 0; i < len; i++) {
            double w = m->p == 1 ? exp(m->kappa * ((lp_stream_u32(&r) >> 31) ? -2.0 : 0.0))
                                 : lp_vmf_normaliser_draw(m, &r);
            add_weight(&s, w);
            if (w > 0)          /* an underflowed weight adds no rounding error (log 0 = -inf
                                   made the error bound infinite at kappa >~ 400) */
                b.max_abs_log_w = fmax(b.max_abs_log_w, fabs(log(w)));
            if (i < checks) {
                double y[LP_MC_P_MAX];
                m->sample_output(m, y, &check_stream);
                b.max_gap = fmax(b.max_gap, sup_gap(m, y, &check_stream));
                b.checked++;
            }
        }
    }
    finish_sums(&b, &s);
    *out = b;
}

static double
now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* the sup checks of block b: floor(M end / N) - floor(M start / N), so that
 * they add up to M exactly and never exceed the block's samples */
static uint64_t
checks_of_block(uint64_t checks, uint64_t n, uint64_t b)
{
    unsigned __int128 start = (unsigned __int128) b * LP_MC_BLOCK;
    unsigned __int128 end = start + LP_MC_BLOCK < n ? start + LP_MC_BLOCK : n;
    return (uint64_t) (checks * end / n - checks * start / n);
}

static void
finish(lp_mc_result *res, const lp_mechanism *m, const lp_mc_block_sums *t, uint64_t n)
{
    double mean = t->sum_w / n;
    res->samples = n;
    res->sup_checked = t->checked;
    res->sup_gap = t->checked ? t->max_gap : NAN;
    res->estimate = mean;
    res->std_error = n > 1 ? sqrt(fmax(t->sum_w2 / n - mean * mean, 0.0) / (n - 1)) : INFINITY;
    res->ess = t->sum_w2 > 0 ? t->sum_w * t->sum_w / t->sum_w2 : 0;
    /* each weight is exp of a log of size max_abs_log_w (relative error ~ that
     * many ulps), and a sum of n positive terms loses at most n ulps */
    res->rounding_error = mean * DBL_EPSILON * ((double) n + 8.0 + t->max_abs_log_w);
    if (m->path == LP_MC_VMF_NORMALISER) {
        /* mean estimates I = int e^{kappa (t-1)} (1-t^2)^{(p-3)/2} dt / e^K;
         * C_{p,kappa} = A(S^{p-2}) e^kappa I, and the capacity
         * A(S^{p-1}) e^kappa / C (p = 1: C = 2 e^kappa mean, capacity 1/mean) */
        const double p = m->p;
        double rel = res->std_error / mean, rel_round = res->rounding_error / mean, log_c, log_ratio;
        if (m->p == 1) {
            log_c = log(2.0) + m->kappa + log(mean);
            log_ratio = 0.0;
        } else {
            double k = lp_vmf_weight_log_scale(m->p, m->kappa);
            log_c = log(2.0) + 0.5 * (p - 1) * log(M_PI) - lp_lgamma(0.5 * (p - 1)) + m->kappa + k + log(mean);
            /* A(S^{p-1}) / A(S^{p-2}) = sqrt(pi) G((p-1)/2) / G(p/2) */
            log_ratio = 0.5 * log(M_PI) + lp_lgamma(0.5 * (p - 1)) - lp_lgamma(0.5 * p) - k;
        }
        res->log_norm_mc = log_c;
        res->log_norm_mc_se = rel;
        res->log_norm_quad = m->log_norm;
        res->log_norm_quad_err = m->log_norm_err;
        res->estimate = exp(log_ratio) / mean;
        res->std_error = res->estimate * rel;
        res->rounding_error = res->estimate * (rel_round + 16 * DBL_EPSILON * (1 + fabs(log_ratio)));
    }
    res->ci_lo = res->estimate - 3.2905267314919 * res->std_error;
    res->ci_hi = res->estimate + 3.2905267314919 * res->std_error;
}

int
lp_mc_estimate(lp_mc_result *res, const lp_mechanism *m, const lp_mc_options *opt)
{
    const uint64_t n = opt->samples, nblocks = (n + LP_MC_BLOCK - 1) / LP_MC_BLOCK;
    const uint64_t checks = opt->sup_checks < n ? opt->sup_checks : n;
    lp_mc_block_sums *blocks, total;
    lp_gauss_ball_batch_fn *kernel = NULL;
    const char *isa = "scalar";
    uint64_t done = 0;
    double t0 = now(), last = t0;
    int show = (opt->progress == 2 || (opt->progress == 1 && isatty(2))) && lp_mc_rank() == 0, failed = 0;
    const int nthreads = lp_threads_start(opt->threads);   /* 1 where the host refuses them */
    const int *cancel = lp_cancel_flag();      /* read by the workers: stop soon after it is set */

    if (n == 0)
        return -1;
    if (m->path == LP_MC_KERNEL_GAUSS_BALL)
        kernel = lp_gauss_ball_batch_select(&isa);
    blocks = malloc(CHUNK_BLOCKS * sizeof *blocks);
    if (blocks == NULL)
        return -1;
    memset(&total, 0, sizeof total);
    total.max_gap = -INFINITY;
    /* the thread count goes to the parallel region itself: omp_set_num_threads
       would change it for every later call in the process (and every thread
       of the host); the environment's OMP_NUM_THREADS is capped as --threads */
    for (uint64_t chunk = 0; chunk < nblocks; chunk += CHUNK_BLOCKS) {
        const uint64_t count = nblocks - chunk < CHUNK_BLOCKS ? nblocks - chunk : CHUNK_BLOCKS;
        uint64_t lo, hi;
        lp_mc_share(&lo, &hi, count);           /* this rank's blocks of the chunk */
#pragma omp parallel for schedule(dynamic, 1) num_threads(nthreads)
        for (uint64_t i = lo; i < hi; i++) {
            if (lp_flag_set(cancel))
                continue;
            const uint64_t b = chunk + i, len = b + 1 < nblocks ? LP_MC_BLOCK : n - b * LP_MC_BLOCK;
            run_block(&blocks[i], m, kernel, len, checks_of_block(checks, n, b), opt->seed, b);
        }
        if (lp_flag_set(cancel) || lp_mc_gather(blocks, count) != 0) {
            failed = 1;
            break;
        }
        for (uint64_t i = 0; i < count; i++) {          /* in block order: reproducible */
            total.sum_w += blocks[i].sum_w;
            total.sum_w2 += blocks[i].sum_w2;
            total.max_gap = fmax(total.max_gap, blocks[i].max_gap);
            total.max_abs_log_w = fmax(total.max_abs_log_w, blocks[i].max_abs_log_w);
            total.checked += blocks[i].checked;
        }
        done += count;
        if (show && now() - t0 > 1.0 && now() - last > 0.5) {
            fprintf(stderr, "\rmc %s: %3.0f%% of %llu samples", m->name, 100.0 * done / nblocks,
                    (unsigned long long) n);
            last = now();
        }
    }
    if (show && last > t0)
        fprintf(stderr, "\r%60s\r", "");
    free(blocks);
    if (failed)
        return -1;
    memset(res, 0, sizeof *res);
    res->seed = opt->seed;
    res->isa = isa;
    res->ranks = lp_mc_ranks();
    res->threads = nthreads;
    finish(res, m, &total, n);
    return 0;
}
