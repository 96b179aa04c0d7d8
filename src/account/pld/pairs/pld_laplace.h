/* pld_laplace.h -- the Laplace mechanism's certified pieces, shared by its
 * row of the PLD accountant's table (pld_mech_laplace.c: the pair, the loss
 * and the notation) and its files.  Internal to src/account/pld/. */
#ifndef LP_PLD_LAPLACE_H
#define LP_PLD_LAPLACE_H

#include "account/pld/pairs/pld_mech.h"

#define LAP_PREC 128            /* the closed forms' and the mean's working precision */

/* res = P(X <= l) (upper = 0) or P(X > l) (upper = 1) under rel, certified
 * (closed forms in Laplace's CDF, pld_laplace_prob.c); [0, 1] where the
 * side of l is undecided at prec */
void pld_laplace_prob(arb_t res, const lp_pld_step *st, lp_pld_relation rel, const arb_t l,
                      int upper, slong prec);

/* the clamped_mean hook of pld_mech.h for Laplace (pld_laplace_mean.c) */
void pld_laplace_clamped_mean(arb_t ex_lo, arb_t ex_hi, const lp_pld_step *st,
                              lp_pld_relation rel, int64_t kmin, int64_t K, double h);

#endif
