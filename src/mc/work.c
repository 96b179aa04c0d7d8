/* work.c -- the arbiter's cost model.  Contract in work.h.
 *
 * One thread's microseconds per sample, measured per mechanism (mc with
 * --threads 1 at p = 1..64, default --sup-checks), times 1.5 for a slower
 * machine, shared by the threads (at most the cores).  Doubles: it decides
 * whether to start, never a bound. */
#include <string.h>
#include "mc/work.h"

double
lp_mc_work_seconds(const char *mech, int p, uint64_t samples, int threads)
{
    const double dp = (double) p;
    const double us = strcmp(mech, "gauss") == 0 ? 0.09 + 0.0175 * dp
                      : strcmp(mech, "vmf") == 0 ? 1.5 + 0.02 * dp
                      : strcmp(mech, "laplace-l2") == 0 ? 5.0 + 2.7 * dp
                      : strcmp(mech, "laplace-l1") == 0 ? 0.8 + 0.12 * dp
                      : 0.6 + 0.13 * dp;       /* gauss-layers */
    return 1.5e-6 * us * (double) samples / (double) (threads > 0 ? threads : 1);
}
