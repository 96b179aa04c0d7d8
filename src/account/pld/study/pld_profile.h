/* pld_profile.h -- the privacy profile delta(eps) of one composed PLD: delta
 * at many epsilons and epsilon at many deltas from ONE composition per
 * relation (lp_pld_init once, then lp_pld_delta / lp_pld_epsilon per query),
 * a certified bracket for each; `account --accountant pld --delta D1,D2,...
 * --delta-for-epsilon E1,E2,...` and `account --plot` (cli/cmd_account_plot.c). */
#ifndef LP_PLD_PROFILE_H
#define LP_PLD_PROFILE_H

#include "account/pld/study/pld_request.h"

typedef struct {
    lp_dpsgd run;               /* one Gaussian phase (phased 0) */
    lp_pld_phase_set ps;        /* phases or another mechanism (phased 1) */
    int phased;
    lp_pld pld[2];
    int nrel;                   /* 1 (remove or add) or 2 (both: the worse) */
    int full_batch;             /* q = 1 exactly: the closed form, no grid */
    int replace;                /* req->relation 3: replace-one, one composition of the
                                   symmetric pair (pld_mech_replace.c), pld[0] */
    const char *why;            /* lp_pld_profile_init returned -1: why */
    int out_of_memory;
} lp_pld_profile;

/* Composes req's run (M, q, steps, relation, width, max_n; or req's phases,
 * or its mechanism's step, as lp_pld_study does) once per relation.
 * The grid is sized for the reference delta req->delta (the smallest delta
 * to be asked; NULL: 1e-12) and, where req->eps is set, for that epsilon
 * (the greatest to be asked): queries elsewhere stay certified, their
 * brackets may be wider.  Returns 0, or -1 with why (and out_of_memory) set;
 * clear it either way. */
int lp_pld_profile_init(lp_pld_profile *p, const lp_pld_request *req);
void lp_pld_profile_clear(lp_pld_profile *p);

/* [lo, hi] exact: a certified bracket of the run's delta(eps) (the worse
 * relation: the larger of each end), clipped to [0, 1]. */
void lp_pld_profile_delta(arf_t lo, arf_t hi, const lp_pld_profile *p, const arb_t eps);

/* A certified bracket of epsilon(delta): *hi INFINITY where delta is below
 * the composition's error bounds (no certified upper end from this grid). */
void lp_pld_profile_epsilon(double *lo, double *hi, const lp_pld_profile *p, const arb_t delta);

/* The record of `account --accountant pld` with lists: rows "epsilons" (one
 * per delta) and "deltas" (one per epsilon), each bracket certified, from one
 * composition.  Returns LP_PLD_OK, LP_PLD_UNCERTIFIED (a row's upper end not
 * reached: that row says why), LP_PLD_OUT_OF_MEMORY or LP_PLD_INTERRUPTED
 * (the record is not to be printed). */
int lp_pld_lists_study(lp_record *rec, const lp_pld_request *req, const char *const *deltas,
                       size_t nd, const char *const *epsilons, size_t ne);

#endif
