/* result.h -- setting a result (lp_result, leakproof.h): from a ball, a
 * double, a logarithm or an MPFR number, classified by the floating-point
 * flags watched around its computation, or a status with a note (result.c).
 * The ground floor under the evaluators (forms/) and the shared numerics
 * (numeric/). */
#ifndef LP_CORE_RESULT_H
#define LP_CORE_RESULT_H

#include "leakproof.h"

/* Sets res to a certified result from the ball x (status ok). */
lp_status lp_result_set_arb(lp_result *res, const arb_t x);

/* Clears the floating-point exception flags; returns nothing to check. */
void lp_fp_watch_begin(void);
/* The FE_OVERFLOW | FE_UNDERFLOW | FE_INVALID | FE_DIVBYZERO flags raised since
 * lp_fp_watch_begin. */
int lp_fp_watch_end(void);

/* Sets res to the double point value v and classifies it: inf -> overflow,
 * NaN -> overflow if `fe_raised` holds FE_OVERFLOW (inf/inf, 0*inf), else nan;
 * 0 -> underflow (every form here is positive); else ok. */
lp_status lp_result_set_double(lp_result *res, double v, int fe_raised);

/* Sets res to exp(logv) from a natural logarithm held in a double. */
lp_status lp_result_set_log(lp_result *res, double logv);

/* Sets res to the MPFR value v, classified as above using MPFR's own flags
 * (the caller clears them with mpfr_clear_flags before computing). */
lp_status lp_result_set_mpfr(lp_result *res, const mpfr_t v);

/* Sets res to a status without a value, with a note (printf format). */
lp_status lp_result_fail(lp_result *res, lp_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
