/* pld_init.h -- init/: a run's composed PLD under one relation built,
 * lp_pld_init and its kin: the grid chosen in doubles (the width and the
 * window from the step's sketch, sketch/; the window again from the masses,
 * pld_window_refit.c), then the certified stages in
 * order: the masses and the cut tails (the mechanism's row, pairs/), the
 * mean rounding and the window's tails (bounds/), the composition
 * (compose/).  One step (pld_init.c) or phases of different steps on one
 * grid (pld_phases.c, the bounds re-proved for the sum).  The room's rule:
 * it takes steps (values: pairs/pld_mech.h), never a request's text; what
 * it builds is lp_pld (pld_types.h), which bounds/pld_delta.c reads. */
#ifndef LP_PLD_INIT_H
#define LP_PLD_INIT_H

#include "account/pld/pairs/pld_mech.h"

/* lp_pld_init for any mechanism's step (lp_pld_init is the Gaussian's). */
int lp_pld_init_step(lp_pld *pld, const lp_pld_step *st, lp_pld_relation relation, double width,
                     size_t max_n, double eps_hint);
/* Phases (pld_phases.c): st[0 .. nph-1], phase i's step composed
 * st[i].run->steps times, all on one grid in one bracket (the product of the
 * spectra, each to its own power; delta from st[0].run sizes the grid);
 * pld->T their total, pld->support the sum of their supports.  nph = 1 is
 * lp_pld_init_step.  The composition in doubles only.  0, or -1 with
 * pld->why (as lp_pld_init). */
int lp_pld_init_phases(lp_pld *pld, const lp_pld_step *st, size_t nph, lp_pld_relation relation,
                       double width, size_t max_n, double eps_hint);
/* The grid's choices only (pld->n, pld->support, pld->h set; nothing
 * certified, nothing allocated but the balls lp_pld_clear frees): the work
 * estimate's (pld_plan.c).  0, or -1 with pld->why. */
int lp_pld_plan_step(lp_pld *pld, const lp_pld_step *st, lp_pld_relation relation, double width,
                     size_t max_n, double eps_hint);

/* Builds the composed PLD of `run` (M, q < 1, steps; delta is used for the
 * grid choice only) under one relation, for a target relative bracket width
 * `width` (> 0; 0.01 by default) on a grid of at most max_n points (a power
 * of 2); eps_hint > 0: the epsilon where delta will be asked (else
 * estimated).  The grid's choices are double heuristics: they move the cost
 * and the bracket's width, never its validity; they take bounded time (at
 * most 40 closed-form sizings, each checking the cancel flag).  Returns 0,
 * or -1 with pld->why set when the run is out of range (q = 1, steps >
 * 10^9, width <= 0), no grid of max_n points fits it, an allocation failed
 * (pld->out_of_memory set; every plain allocation is checked, and the
 * certified masses' (FLINT's) are tried first as one block of the planned
 * size), or the caller's cancel flag was raised. */
int lp_pld_init(lp_pld *pld, const lp_dpsgd *run, lp_pld_relation relation, double width,
                size_t max_n, double eps_hint);
/* pld zeroed, its balls initialised (0), its relation rel: what lp_pld_clear
 * takes back; the start of every lp_pld_init*. */
void lp_pld_blank(lp_pld *pld, lp_pld_relation rel);
void lp_pld_clear(lp_pld *pld);

/* The window sized again once the step's masses (K of them from kmin, on
 * pld->h) are in (pld_window_refit.c): from their generating function in
 * doubles at the Chernoff points' lambdas (lam_hi, lam_lo > 0) of step 1,
 * each side's tail near e^-log_inv_eta; taken only where it shortens the
 * circle, and within step 1's window (pld->ja, pld->n).  A choice: the
 * caller certifies the tails afterwards.  1 where pld->ja, pld->n moved,
 * else 0 (nothing changed). */
int pld_window_refit(lp_pld *pld, arb_srcptr mass, int64_t kmin, int64_t K, double lam_hi,
                     double lam_lo, double log_inv_eta);
/* pld_window_refit at step 1's eta (1e-4 dref), then pld_window_tails
 * (bounds/pld_bounds.h) on the window it leaves; step 1's window again,
 * its tails again, where those come out above 1e-3 dref. */
void pld_window_refit_tails(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel,
                            arb_srcptr mass, arb_srcptr G, arb_srcptr F, int64_t kmin, int64_t K,
                            double lam_hi, double lam_lo, double dref);

/* The epsilon lp_pld_init_step's grid width would be sized for (pld_init.c,
 * step 1, its estimate only: no sizing loop, no Chernoff points), in
 * pld->eps_sized, st->width_eps_floor ignored; and the point estimates
 * pld->eps_guess (the sketch's, T <= 100) and pld->eps_saddle.  0, or -1
 * with pld->why (lp_pld_clear it either way).  For lp_pld_pair_floors. */
int pld_estimate_step(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, double width,
                      size_t max_n);

#endif
