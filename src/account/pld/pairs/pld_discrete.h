/* pld_discrete.h -- the outcomes of the discrete mechanisms' pairs,
 * shared by their rows (pld_mech_discrete.c: the pairs, the loss and the
 * notation) and pld_discrete_outcomes.c.  Internal to src/account/pld/. */
#ifndef LP_PLD_DISCRETE_H
#define LP_PLD_DISCRETE_H

#include "account/pld/pairs/pld_mech.h"

#define PLD_NOUT 4              /* the (e, d) pair's outcomes; rr keeps the middle two */

typedef struct {
    int n;
    arb_struct L[PLD_NOUT];         /* the loss (infinite where inf[j]) */
    arb_struct m[PLD_NOUT];         /* its mass under P */
    int inf[PLD_NOUT];
} pld_outcomes;

/* the outcomes of st (LP_PLD_RR or LP_PLD_EPSDELTA) under rel at precision
 * prec, certified: L_j the loss (+infinity where inf[j]: P0_j > 0 = Q0_j,
 * remove only), m_j its mass under the relation's law; outcomes of no mass
 * dropped (o->n <= PLD_NOUT); pld_outcomes_clear frees them */
void pld_outcomes_init(pld_outcomes *o, const lp_pld_step *st, lp_pld_relation rel, slong prec);
void pld_outcomes_clear(pld_outcomes *o);

/* *k = ceil(L_j/h) for a finite L_j: the precision raised (128 .. 4096 bits)
 * until L_j's ball lies in one cell ((k-1) h, k h] (or is exactly k h); 0, or
 * -1 when it never does */
int pld_outcome_cell(int64_t *k, const lp_pld_step *st, lp_pld_relation rel, int j, double h);

#endif
