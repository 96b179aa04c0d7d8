/* pld_eps_sketch.h -- epsilon(delta) of T steps estimated from a step's
 * sketch in doubles (pld_eps_sketch.c), for the grid's width at small T
 * (pld.c).  A choice only: nothing here enters a bound. */
#ifndef LP_ACCOUNT_PLD_EPS_SKETCH_H
#define LP_ACCOUNT_PLD_EPS_SKETCH_H

#include <stdint.h>
#include "account/pld/sketch/pld_sketch.h"

/* the sketch's law clamped to [lo, hi] composed T times on a grid of
 * N >= min(800 T, 2^14) cells and its epsilon at delta in (0, 1); -1 when
 * it cannot (out of memory, an empty sketch, lo >= hi).  Costs about
 * N log N, N <= 2^14. */
double pld_sketch_epsilon(const loss_sketch *sk, uint64_t T, double delta, double lo, double hi);

/* epsilon(delta) of T steps by a saddlepoint on the sketch's cumulant
 * generating function (pld_eps_saddle.c: the leading term, bisection on
 * the saddle point); -1 when it cannot.  *lambda (when not NULL) the
 * saddle point, -d log delta / d epsilon there.  About 40 sums over the
 * sketch. */
double pld_saddle_epsilon(const loss_sketch *sk, uint64_t T, double delta, double *lambda);

#endif
