/* channel_work.h -- the work estimate of `leakproof channel capacity|natural|
 * white` over n eigenvalues (channel_work.c), for the budget
 * (core/budget.h). */
#ifndef LP_CHANNEL_WORK_H
#define LP_CHANNEL_WORK_H

#include <stddef.h>

/* Estimated seconds of `channel SUB` over n eigenvalues at `digits` digits;
 * NaN for the subcommands not modelled.  A cost model calibrated by
 * measurement: doubles, never a bound. */
double lp_channel_work_seconds(const char *sub, size_t n, long digits);

/* The eigenvalues in a file, counted before it is read (lines that hold a
 * digit); (size_t) -1 when it is not a regular file or cannot be opened
 * (not estimated: the run reads it under its own limits, or says why). */
size_t lp_channel_count_values(const char *path);

#endif
