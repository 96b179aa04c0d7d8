/* dp_work.h -- the work estimate of `leakproof dp` (dp_work.c), for the
 * budget (core/budget.h). */
#ifndef LP_PRIVACY_DP_WORK_H
#define LP_PRIVACY_DP_WORK_H

#include <stdint.h>

/* Estimated seconds of `dp MECHANISM` at dimension p, `digits` digits, for
 * the query 'e' (--epsilon: delta(eps)), 'd' (--delta: epsilon(delta)) or
 * 'o' (--order).  NaN where no model is made (gauss, laplace-l1: well under
 * a second or two).  A cost model calibrated by measurement: never a bound. */
double lp_dp_work_seconds(const char *mechanism, char query, uint64_t p, long digits);

#endif
