/* work.h -- the Monte Carlo arbiter's work estimate (work.c), shared by
 * `leakproof mc` and `leakproof verify` for their budgets (core/budget.h). */
#ifndef LP_MC_WORK_H
#define LP_MC_WORK_H

#include <stdint.h>

/* Estimated wall seconds of `samples` outer samples of the mechanism named
 * `mech` ("gauss", "vmf", "laplace-l1", "laplace-l2", "gauss-layers") at
 * dimension p (gauss-layers: the layers' total), default --sup-checks, shared
 * by `threads` threads that run at once (lp_threads_effective). */
double lp_mc_work_seconds(const char *mech, int p, uint64_t samples, int threads);

#endif
