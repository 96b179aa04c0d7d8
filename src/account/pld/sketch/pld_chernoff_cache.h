/* pld_chernoff_cache.h -- the window's Chernoff points of a clamped sketch,
 * remembered between the work estimate's sizing and the run's
 * (pld_chernoff_cache.c).  Choices only: nothing here enters a bound. */
#ifndef LP_ACCOUNT_PLD_CHERNOFF_CACHE_H
#define LP_ACCOUNT_PLD_CHERNOFF_CACHE_H

#include "account/pld/sketch/pld_sketch.h"

/* *ch_hi, *lam_hi = pld_chernoff_point(sk, T, log_inv_eta, +1, .) and
 * *ch_lo, *lam_lo the same with -1 (sk->lmax set), bitwise; from the last
 * four distinct inputs without recomputing.  Thread-safe (a mutex). */
void pld_chernoff_points(const loss_sketch *sk, double T, double log_inv_eta, double *ch_hi,
                         double *lam_hi, double *ch_lo, double *lam_lo);

#endif
