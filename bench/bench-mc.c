/* bench-mc.c -- `make bench`: the Monte Carlo arbiter's throughput on the
 * Gaussian mechanism (sigma = R = 1) at p = 4 and 8: samples per second per
 * core (CPU time of a one-thread run, no sup checks) for each kernel build the
 * CPU has, the 2-thread speed-up (wall time) with a check of the bits, the
 * cost of the default 1000 sup checks, the generator's rate (the kernel's p
 * normals a sample alone: Philox and Box-Muller, lp_gauss_normals_batch) and
 * the estimator's time over it (the estimator draws the same words, but a
 * sample's weight needs only |z|: one log a sample and no angle where no sup
 * check asks for y, so it can beat the normals), and the ratios to the NumPy estimators
 * when their figures are given (argument: the output of
 * `bench/mc_numpy.py --machine`).  A rate is the best of RATE_RUNS runs of
 * SAMPLES / RATE_RUNS samples, taken in rounds over the whole bench (the
 * shared machine's speed drifts between runs; the best run is the one least
 * disturbed), as mc_numpy.py's rate is its best chunk's.  A benchmark: it prints figures and asserts
 * nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "mc/mc.h"

#define SAMPLES 20000000
#define RATE_RUNS 5             /* the rate: the best of this many runs of SAMPLES / RATE_RUNS */

static double
clock_of(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

typedef struct { double cpu, wall; lp_mc_result r; } timed;

static timed
run(const lp_mechanism *m, uint64_t samples, int threads, uint64_t checks)
{
    lp_mc_options opt = { 0 };
    timed t;
    double c0 = clock_of(CLOCK_PROCESS_CPUTIME_ID), w0 = clock_of(CLOCK_MONOTONIC);
    opt.samples = samples;
    opt.seed = 1;
    opt.threads = threads;
    opt.sup_checks = checks;
    lp_mc_estimate(&t.r, m, &opt);
    t.cpu = clock_of(CLOCK_PROCESS_CPUTIME_ID) - c0;
    t.wall = clock_of(CLOCK_MONOTONIC) - w0;
    return t;
}

/* samples per CPU second of the kernel's normals alone, one thread */
static double
generator_rate(int p, uint64_t samples)
{
    static double z[LP_MC_P_MAX * LP_MC_BATCH];
    const char *isa;
    lp_gauss_normals_batch_fn *normals = lp_gauss_normals_batch_select(&isa);
    const uint64_t batches = samples / LP_MC_BATCH, per_block = LP_MC_BLOCK / LP_MC_BATCH;
    double c0 = clock_of(CLOCK_PROCESS_CPUTIME_ID), sink = 0;
    for (uint64_t b = 0; b < batches; b++) {
        normals(z, p, 1, b / per_block, (uint32_t) (b % per_block) * LP_MC_BATCH, LP_MC_BATCH);
        sink += z[b % LP_MC_BATCH];
    }
    if (sink == 1.5)            /* keeps the loop's stores */
        printf("#\n");
    return (double) (batches * LP_MC_BATCH) / (clock_of(CLOCK_PROCESS_CPUTIME_ID) - c0);
}

/* 1 if the kernel build `isa` runs on this CPU, now chosen for the next runs */
static int
use_kernel(const char *isa)
{
    const char *got;
    setenv("LEAKPROOF_MC_ISA", isa, 1);
    lp_gauss_ball_batch_select(&got);
    return strcmp(got, isa) == 0;
}

/* rate and variance per sample of a NumPy estimator from the file, or 0 */
static int
numpy_figures(const char *file, const char *name, int p, double *rate, double *var)
{
    FILE *f = file ? fopen(file, "r") : NULL;
    char n[64];
    int q, found = 0;
    double r, v, e;
    if (f == NULL)
        return 0;
    while (fscanf(f, "%63s %d %lf %lf %lf", n, &q, &r, &v, &e) == 5)
        if (strcmp(n, name) == 0 && q == p) {
            *rate = r;
            *var = v;
            found = 1;
        }
    fclose(f);
    return found;
}

int
main(int argc, char **argv)
{
    static const int ps[] = { 4, 8 };
    static const char *const isas[] = { "generic", "avx2", "avx512" };
    const char *numpy = argc > 1 ? argv[1] : NULL;
    double rates[2][3] = { { 0 } };     /* samples per CPU second, one thread; 0: not on this CPU */
    double generator[2] = { 0 };        /* the same, the picked build's normals alone */
    printf("# leakproof bench: Monte Carlo, gauss sigma = R = 1, %d samples, seed 1\n", SAMPLES);
    /* the rates first, in rounds: each round runs every (p, kernel) once on
     * SAMPLES / RATE_RUNS samples, so that the best of a pair's runs comes from
     * the quietest of moments spread over the bench (the shared VM's speed
     * swings by up to 40 % for seconds at a time) */
    for (int round = 0; round < RATE_RUNS; round++)
        for (int i = 0; i < 2; i++) {
            lp_mechanism m;
            lp_mechanism_gauss(&m, ps[i], 1.0, 1.0);
            for (int k = 0; k < 3; k++) {
                timed t;
                if (!use_kernel(isas[k]))
                    continue;
                t = run(&m, SAMPLES / RATE_RUNS, 1, 0);
                if ((SAMPLES / RATE_RUNS) / t.cpu > rates[i][k])
                    rates[i][k] = (SAMPLES / RATE_RUNS) / t.cpu;
            }
            unsetenv("LEAKPROOF_MC_ISA");
            {
                double g = generator_rate(ps[i], SAMPLES / RATE_RUNS);
                generator[i] = g > generator[i] ? g : generator[i];
            }
        }
    unsetenv("LEAKPROOF_MC_ISA");
    for (int i = 0; i < 2; i++) {
        lp_mechanism m;
        timed one, two;
        double var, rate = 0.0;
        const char *chosen;
        lp_mechanism_gauss(&m, ps[i], 1.0, 1.0);
        for (int k = 0; k < 3; k++) {           /* every kernel build this CPU runs */
            timed t;
            if (!use_kernel(isas[k]))
                continue;
            t = run(&m, SAMPLES, 1, 0);
            printf("p=%d kernel %-7s: %.6f +- %.2g  %7.2f M samples/s per core (CPU time, no sup checks; best of %d)\n",
                   ps[i], isas[k], t.r.estimate, t.r.std_error, rates[i][k] / 1e6, RATE_RUNS);
        }
        unsetenv("LEAKPROOF_MC_ISA");
        lp_gauss_ball_batch_select(&chosen);
        for (int k = 0; k < 3; k++)
            if (strcmp(chosen, isas[k]) == 0)
                rate = rates[i][k];
        one = run(&m, SAMPLES, 1, 0);
        two = run(&m, SAMPLES, 2, 0);
        var = one.r.std_error * one.r.std_error * SAMPLES;
        printf("p=%d generator alone (%s: Philox and Box-Muller, %d normals a sample): %7.2f M samples/s per core; "
               "the estimator (|z| from the same words) takes %.2fx its time\n", ps[i], chosen, ps[i],
               generator[i] / 1e6, generator[i] / rate);
        printf("p=%d kernel %-7s: %7.2f M samples/s per core (best of %d); 2 threads: speed-up %.2f (wall %.3f s -> %.3f s), "
               "same bits: %s; variance per sample %.4g\n", ps[i], one.r.isa, rate / 1e6, RATE_RUNS,
               one.wall / two.wall, one.wall, two.wall,
               memcmp(&one.r.estimate, &two.r.estimate, sizeof(double)) == 0
               && memcmp(&one.r.std_error, &two.r.std_error, sizeof(double)) == 0 ? "yes" : "NO", var);
        {
            double np_rate, np_var;
            static const char *const names[] = { "numpy-mixture", "numpy-naive" };
            for (int k = 0; k < 2; k++) {
                if (numpy_figures(numpy, names[k], ps[i], &np_rate, &np_var))
                    printf("p=%d vs %-13s: %5.2fx the samples per second, %6.2fx the efficiency "
                           "1/(time x variance)\n", ps[i], names[k], rate / np_rate,
                           (rate / var) / (np_rate / np_var));
                else
                    printf("p=%d vs %-13s: skipped (no NumPy figures: python3-numpy not installed)\n",
                           ps[i], names[k]);
            }
        }
        if (ps[i] == 4) {
            /* a run of 1e7 samples with the CLI's default 1000 sup checks */
            timed with = run(&m, 10000000, 1, 1000), without = run(&m, 10000000, 1, 0);
            printf("p=4 sup checks: 1000 of 1e7 samples cost %.1f %% of the run (%.3f s vs %.3f s CPU)\n",
                   100.0 * (with.cpu - without.cpu) / with.cpu, with.cpu, without.cpu);
        }
    }
    return 0;
}
