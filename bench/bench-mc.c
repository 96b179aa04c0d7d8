/* bench-mc.c -- `make bench`: Monte Carlo throughput of `leakproof mc gauss`
 * (samples per second per core at p = 4 and p = 8, sigma = R = 1) and the
 * speed-up on 2 threads.  A benchmark: it prints figures and asserts nothing. */
#include <stdio.h>
#include <time.h>
#include "mc/mc.h"

static double
now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int
main(void)
{
    static const int ps[] = { 4, 8 };
    printf("# leakproof bench: Monte Carlo estimator (no sup checks), 2e7 samples\n");
    for (int i = 0; i < 2; i++) {
        lp_mechanism m;
        lp_mc_options opt = { 0 };
        lp_mc_result r1, r2;
        double t1, t2;
        lp_mechanism_gauss(&m, ps[i], 1.0, 1.0);
        opt.samples = 20000000;
        opt.seed = 1;
        opt.threads = 1;
        t1 = now();
        lp_mc_estimate(&r1, &m, &opt);
        t1 = now() - t1;
        opt.threads = 2;
        t2 = now();
        lp_mc_estimate(&r2, &m, &opt);
        t2 = now() - t2;
        printf("leakproof p=%d sigma=1 R=1: %.6f +- %.2g  %8.2f M samples/s (1 thread), "
               "%8.2f M samples/s (2 threads), speed-up %.2f, same bits: %s\n", ps[i],
               r1.estimate, r1.std_error, opt.samples / t1 / 1e6, opt.samples / t2 / 1e6, t1 / t2,
               r1.estimate == r2.estimate ? "yes" : "NO");
    }
    return 0;
}
