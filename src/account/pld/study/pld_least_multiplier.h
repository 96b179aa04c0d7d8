/* pld_least_multiplier.h -- the least noise multiplier under the certified
 * PLD accountant: `account --accountant pld --epsilon E`.  M meets the
 * target when delta(E) <= delta certainly (epsilon(delta) <= E is the same
 * statement: delta(.) decreases), judged by the PLD bracket of delta at E
 * (lp_pld_delta, the worse relation asked; q = 1 by the closed form of
 * pld_full_batch.h). */
#ifndef LP_ACCOUNT_PLD_LEAST_MULTIPLIER_H
#define LP_ACCOUNT_PLD_LEAST_MULTIPLIER_H

#include "account/pld/study/pld_request.h"

/* Fills rec: the least M on the grid m 10^-resolution (resolution 0 .. 4)
 * in [0.01, 1e4] that certainly meets req->eps (req->M ignored; req->delta
 * the delta), the grid point below it and whether that one certainly fails
 * (below_certainly_exceeds: false where the bracket at width/4 still cannot
 * tell).  Bisection, at most 60 PLD compositions, each relation's grid
 * chosen for epsilon E at req->width (0.05 first, the request's where
 * undecided).  Returns LP_PLD_OK, LP_PLD_UNCERTIFIED (no M up to 1e4 meets
 * it: "status": "not_found"), LP_PLD_OUT_OF_MEMORY or LP_PLD_INTERRUPTED. */
int lp_pld_least_multiplier(lp_record *rec, const lp_pld_request *req, long resolution);

#endif
