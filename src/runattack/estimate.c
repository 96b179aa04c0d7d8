/* estimate.c -- the exact attacker's Monte Carlo over runs: blocks of
 * LP_RUNATTACK_BLOCK runs on their own streams, shared over threads and MPI
 * ranks, summed in block order (contract in runattack.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "mc/parallel.h"
#include "runattack/run.h"

#define CHUNK_BLOCKS 64

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec;
}

int
lp_runattack_side(const lp_runattack_setup *s)
{
    return s->n + (s->noise == LP_RECON_VMF && s->q < 1);
}

int
lp_runattack_check(const lp_runattack_setup *s, char *err, size_t errlen)
{
    const int side = lp_runattack_side(s);
    if (s->noise != LP_RECON_GAUSS && s->noise != LP_RECON_VMF)
        snprintf(err, errlen, "the mechanism must be gauss or vmf");
    else if (s->d < (s->noise == LP_RECON_VMF ? 2u : 1u) || s->d > LP_RUNATTACK_D_MAX)
        snprintf(err, errlen, "--p must be an integer from %d to 2147483647", s->noise == LP_RECON_VMF ? 2 : 1);
    else if (s->n < 1 || s->n > LP_RUNATTACK_N_MAX)
        snprintf(err, errlen, "--n must be an integer from 1 to %d", LP_RUNATTACK_N_MAX);
    else if (s->noise == LP_RECON_GAUSS && !(s->sigma > 0 && s->sigma < 1e300))
        snprintf(err, errlen, "the noise's standard deviation (--noise-multiplier times --radius) must lie in (0, 1e300)");
    else if (s->noise == LP_RECON_VMF && !(s->kappa > 0 && s->kappa < 1e300))
        snprintf(err, errlen, "--kappa must be a number > 0 and below 1e300");
    else if (!(s->q > 0 && s->q <= 1))
        snprintf(err, errlen, "--sampling-rate must lie in (0, 1]");
    else if (s->steps < 1 || s->steps > LP_RUNATTACK_STEPS_MAX)
        snprintf(err, errlen, "--steps must be an integer from 1 to %llu",
                 (unsigned long long) LP_RUNATTACK_STEPS_MAX);
    else if (s->samples < 2)
        snprintf(err, errlen, "--samples must be at least 2");
    else {
        for (int i = 0; i < side; i++)
            for (int j = 0; j < side; j++) {
                const double gij = s->gram[(size_t) i * side + j], gji = s->gram[(size_t) j * side + i];
                if (!isfinite(gij) || gij != gji) {
                    snprintf(err, errlen, "the candidates' Gram matrix is not finite and symmetric");
                    return 0;
                }
            }
        for (int i = 0; i < side; i++) {
            const double g = s->gram[(size_t) i * side + i];
            if (s->noise == LP_RECON_VMF && fabs(g - 1) > 1e-9) {
                snprintf(err, errlen, "vmf: the candidates (and the others' direction) must be unit vectors");
                return 0;
            }
            if (!(g >= 0)) {
                snprintf(err, errlen, "the candidates' Gram matrix has a negative diagonal");
                return 0;
            }
        }
        return 1;
    }
    return 0;
}

double
lp_runattack_work_seconds(const lp_runattack_setup *s, int threads)
{
    /* per step: the factor's product (n' r multiply-adds, r <= n') and n
       log-mixtures (about 15 ns at q < 1) or adds; vmf a Wood draw and a
       gamma (about 0.3 us); per run the posterior's n^2; each 1.5 ns per
       multiply-add, times 1.5 for a slower core: a model that decides whether
       to start, measured within a factor of two on this machine */
    const double n = s->n, side = lp_runattack_side(s), r = fmin(side, (double) s->d);
    const double step = 1.5e-9 * side * r + (s->q < 1 ? 15e-9 : 2e-9) * n + 20e-9 * r
                        + (s->noise == LP_RECON_VMF ? 3e-7 : 0);
    const double run = (double) s->steps * step + 1.5e-9 * n * n;
    const double setup = 5e-9 * side * side * side;     /* the eigensolver */
    return 1.5 * ((double) s->samples * run / (double) (threads > 0 ? threads : 1) + setup);
}

static void
add(lp_runattack_sums *t, const lp_runattack_sums *b)
{
    t->success += b->success;
    t->success2 += b->success2;
    t->err += b->err;
    t->err2 += b->err2;
    t->info += b->info;
    t->info2 += b->info2;
}

/* max_k |x_k - mean|^2 and E|x - E x|^2 from G */
static void
spreads(double *top, double *prior_mse, const double *g, int n, int side)
{
    double total = 0, tr = 0;
    *top = 0;
    for (int i = 0; i < n; i++) {
        double row = 0;
        for (int j = 0; j < n; j++)
            row += g[(size_t) i * side + j];
        total += row;
        tr += g[(size_t) i * side + i];
    }
    for (int i = 0; i < n; i++) {
        double row = 0;
        for (int j = 0; j < n; j++)
            row += g[(size_t) i * side + j];
        *top = fmax(*top, g[(size_t) i * side + i] - 2 * row / n + total / ((double) n * n));
    }
    *prior_mse = fmax(0, tr / n - total / ((double) n * n));
}

int
lp_runattack_estimate(lp_runattack_result *res, const lp_runattack_setup *s)
{
    const uint64_t N = s->samples, nblocks = (N + LP_RUNATTACK_BLOCK - 1) / LP_RUNATTACK_BLOCK;
    const int nthreads = lp_threads_start(s->threads), side = lp_runattack_side(s);  /* 1 where refused */
    const int *cancel = lp_cancel_flag();
    const int show = (s->progress == 2 || (s->progress == 1 && isatty(2))) && lp_mc_rank() == 0;
    lp_runattack_ctx c = { s, side, 0, s->gram, NULL, NULL, NULL, 0, 0 };
    lp_runattack_sums *blocks = NULL, total;
    double *A = NULL, *At = NULL, *row_norm = NULL, t0 = now(), last = t0, top, prior_mse;
    int failed = 0;

    if (N < 2 || (c.r = lp_runattack_factor(&A, s->gram, side)) <= 0)
        return -1;
    c.A = A;
    blocks = malloc(CHUNK_BLOCKS * sizeof *blocks);
    row_norm = malloc((size_t) side * sizeof *row_norm);
    At = malloc((size_t) side * (size_t) c.r * sizeof *At);
    if (blocks == NULL || row_norm == NULL || At == NULL) {
        free(blocks);
        free(row_norm);
        free(At);
        free(A);
        return -1;
    }
    for (int j = 0; j < side; j++)
        for (int a = 0; a < c.r; a++)
            At[(size_t) a * side + j] = A[(size_t) j * c.r + a];
    c.At = At;
    for (int j = 0; j < side; j++) {
        double r2 = 0;
        for (int a = 0; a < c.r; a++)
            r2 += A[(size_t) j * c.r + a] * A[(size_t) j * c.r + a];
        row_norm[j] = sqrt(r2);
    }
    c.row_norm = row_norm;
    if (s->q < 1) {
        c.mix_c = s->q / (1 - s->q);
        c.mix_log_c = log(c.mix_c);
    }
    memset(&total, 0, sizeof total);
    for (uint64_t chunk = 0; chunk < nblocks && !failed; chunk += CHUNK_BLOCKS) {
        const uint64_t count = nblocks - chunk < CHUNK_BLOCKS ? nblocks - chunk : CHUNK_BLOCKS;
        uint64_t lo, hi;
        int bad = 0;
        lp_recon_share(&lo, &hi, count);        /* this rank's blocks of the chunk */
#pragma omp parallel num_threads(nthreads) reduction(|:bad)
        {
            lp_runattack_scratch w;
            const int *was = lp_cancel_flag();
            lp_cancel_watch(cancel);    /* every thread sees the caller's flag */
            w.ll = malloc((size_t) s->n * sizeof *w.ll);
            w.post = malloc((size_t) s->n * sizeof *w.post);
            w.mix = malloc((size_t) s->n * sizeof *w.mix);
            w.proj = malloc((size_t) side * sizeof *w.proj);
            w.z = malloc((size_t) c.r * sizeof *w.z);
            if (!w.ll || !w.post || !w.mix || !w.proj || !w.z)
                bad = 1;
#pragma omp for schedule(dynamic, 1)
            for (uint64_t i = lo; i < hi; i++) {
                if (bad || lp_flag_set(cancel))
                    continue;
                const uint64_t b = chunk + i;
                const uint64_t len = b + 1 < nblocks ? LP_RUNATTACK_BLOCK : N - b * LP_RUNATTACK_BLOCK;
                lp_stream r;
                memset(&blocks[i], 0, sizeof blocks[i]);
                lp_stream_init(&r, s->seed, LP_STREAM_RUN_DRAWS, b);
                for (uint64_t j = 0; j < len && !bad; j++)
                    if (lp_runattack_one(&blocks[i], &c, &w, &r) != 0)
                        bad = 1;
            }
            lp_cancel_watch(was);
            free(w.ll);
            free(w.post);
            free(w.mix);
            free(w.proj);
            free(w.z);
        }
        /* every rank stops together, or none does */
        if (lp_recon_any_rank(bad || lp_flag_set(cancel)) || lp_recon_gather(blocks, sizeof *blocks, count) != 0) {
            failed = 1;
            break;
        }
        for (uint64_t i = 0; i < count; i++)    /* in block order: reproducible */
            add(&total, &blocks[i]);
        if (show && now() - t0 > 1.0 && now() - last > 0.5) {
            fprintf(stderr, "\rrun attack: %3.0f%% of %llu runs",
                    100.0 * (double) (chunk + count) / (double) nblocks, (unsigned long long) N);
            last = now();
        }
    }
    if (show && last > t0)
        fprintf(stderr, "\r%60s\r", "");
    free(blocks);
    free(row_norm);
    free(At);
    free(A);
    if (failed)
        return -1;
    memset(res, 0, sizeof *res);
    spreads(&top, &prior_mse, s->gram, s->n, side);
    /* the range terms (lp_recon_mean_se): success in [1/n, 1], the posterior
       variance at most max_k |x_k - mean|^2, the information in [0, log n] */
    lp_recon_mean_se(&res->success, &res->success_se, total.success, total.success2, N, 1 - 1.0 / s->n);
    lp_recon_mean_se(&res->mse, &res->mse_se, total.err, total.err2, N, top);
    lp_recon_mean_se(&res->information, &res->information_se, total.info, total.info2, N, log((double) s->n));
    res->prior_mse = prior_mse;
    res->rank = c.r;
    res->samples = N;
    res->seed = s->seed;
    res->threads = nthreads;
    res->ranks = lp_mc_ranks();
    return 0;
}
