/* overflow_work.h -- the work estimate of `leakproof overflow MECHANISM`
 * (overflow_work.c), for the budget (core/budget.h). */
#ifndef LP_CHECK_OVERFLOW_WORK_H
#define LP_CHECK_OVERFLOW_WORK_H

#include <stddef.h>
#include <stdint.h>

/* Estimated seconds of `overflow MECH --method METHOD --form FORM` over
 * `points` grid points searched up to p_max (with mpfr, the bits table
 * included).  A cost model calibrated by measurement: doubles, never a bound. */
double lp_overflow_work_seconds(const char *mechanism, const char *form, const char *method, size_t points,
                                uint64_t p_max);

#endif
