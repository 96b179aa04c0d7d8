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

/* The shape of a CSV file, sized cheaply before it is read: *cols the
 * numbers on its first line that holds one, *rows the file's size over that
 * line's length (uniform rows; an estimate).  0, or -1 when it is not a
 * regular file, cannot be opened or holds no number in its first 16 MiB. */
int lp_channel_csv_shape(const char *path, size_t *rows, size_t *cols);

/* Estimated seconds of `channel personalized` at dimension d (reading the
 * d x d covariance, GSL's Cholesky and eigensolver, the scans). */
double lp_channel_personalized_seconds(size_t d);

/* Estimated seconds of the sample covariance of n samples of dimension p and
 * its eigenvalues (`channel natural|white --data`), before the spectrum's own
 * work (lp_channel_work_seconds over p eigenvalues). */
double lp_channel_data_seconds(size_t n, size_t p);

#endif
