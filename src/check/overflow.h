/* overflow.h -- where a non-certified method breaks as p grows: the smallest p
 * at which it returns inf, NaN or 0 (its status says which), or agrees with
 * the certified arb value to fewer than half its digits; and the MPFR working
 * precision that keeps a given number of digits. */
#ifndef LP_OVERFLOW_H
#define LP_OVERFLOW_H

#include "leakproof.h"
#include "core/record.h"

typedef struct {
    uint64_t p;             /* the smallest failing p; 0 when none up to searched_to */
    const char *kind;       /* "overflow", "underflow", "nan", "domain", "failed",
                               "inaccurate", "declined" (the first p it is given:
                               nothing examined), or "none" */
    double rel_error;       /* at p (or at searched_to when none), against arb; -1 if n/a */
    double rel_error_before;/* at p - 1 */
    uint64_t searched_to;   /* the largest p examined (the method's term limit, or p_max);
                               0 when the method declines the first p it is given */
    char note[300];         /* why the search stopped short of p_max without a failure
                               (the method's own note on declining), or "" */
    int persists;           /* 1: still failing at the larger p checked (2p, 4p, 8p) */
    int evaluations;
    int domain_at_1;        /* p = 1 is outside the method's domain (then the search starts at 2) */
} lp_overflow_point;

/* Smallest failing p in [1, p_max] for `form` by `method` at the parameters
 * of `par` (its p is ignored).  A failure is a status other than ok, or a
 * relative error against arb above `tol`.  Doubling search, then bisection
 * between the last good and first failing p; the answer is exact in the sense
 * that p fails and p - 1 does not, both evaluated.  A method that declines a
 * p (too many terms, too long) ends the search there, with its reason in
 * note; declining the very first p reports kind "declined". */
void lp_overflow_find(lp_overflow_point *res, const lp_form *form, lp_method method,
                      const lp_params *par, uint64_t p_max, double tol);

/* The least MPFR precision (bits in (8, 1024]) at which the mpfr method of
 * `form` at `par` agrees with arb to relative error <= 10^-digits, searched
 * from `guess` outwards, then by bisection (the precisions that agree taken
 * to be all those above the least; the guess only saves evaluations); -1 if
 * even 1024 bits do not, -2 if the method declines or fails at 1024. */
long lp_mpfr_bits_needed(const lp_form *form, const lp_params *par, int digits, long guess);

/* The overflow study of `leakproof overflow`: for each value of the parameter
 * `grid_id` in `grid` (the other parameters from `base`), lp_overflow_find's
 * point as a row of the list `points` (keys: the grid parameter, the fixed
 * ones, p (null when none), kind, rel_error, rel_error_before, persists,
 * searched_to (null when nothing was examined), domain_at_p1, note); with
 * mpfr, the list `mpfr_bits` of the bits that keep 15 digits at p = 10, 100,
 * 1000, 13700, 100000 (first grid point; bits null, with a note, when 1024
 * do not or the method declines).  `progress`: one line per point on
 * that stream (NULL: none). */
void lp_overflow_record(lp_record *rec, const lp_form *form, lp_method method,
                        const lp_params *base, lp_param_id grid_id,
                        char *const *grid, size_t n, uint64_t p_max, double tol);

#endif
