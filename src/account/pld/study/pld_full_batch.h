/* pld_full_batch.h -- the PLD accountant at q = 1 exactly (full-batch DP-GD):
 * T steps of the Gaussian mechanism of multiplier M compose to one Gaussian
 * of ratio mu = sqrt(T)/M (Dong, Roth and Su 2019: mu-GDP composes as
 * sqrt(sum mu_i^2)), whose delta(eps) is the analytic Gaussian's closed form
 * (Balle and Wang 2018, Theorem 8),
 *   delta(eps) = Phi(mu/2 - eps/mu) - e^eps Phi(-mu/2 - eps/mu),
 * the same under add and remove.  Certified in Arb (privacy/
 * lp_gauss_profile_arb), no grid and no FFT. */
#ifndef LP_ACCOUNT_PLD_FULL_BATCH_H
#define LP_ACCOUNT_PLD_FULL_BATCH_H

#include "account/pld/study/pld_request.h"

/* The certified delta(eps) of the run's composition (run->q_is_one), at a
 * precision raised (128 .. 4096 bits) until the ball's radius is below
 * 2^-20 of its value or the ball decides nothing more: *d encloses it. */
void lp_pld_full_batch_delta(arb_t d, const lp_dpsgd *run, const arb_t eps);

/* Fills the study's record for q = 1 (eps NULL: epsilon's bracket at
 * run->delta, else delta's at eps): the bounds, certified, and the route.
 * epsilon: eps_hi with delta(eps_hi) < delta certainly, eps_lo with
 * delta(eps_lo) > delta certainly (or 0), by bisection to a relative width
 * of 1e-12.  Returns LP_PLD_OK, or LP_PLD_INTERRUPTED when cancelled. */
int lp_pld_full_batch(lp_record *rec, const lp_dpsgd *run, const lp_pld_request *req, const arb_t eps);

#endif
