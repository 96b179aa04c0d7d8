/* pld_plan.h -- the PLD accountant's grid, chosen without building it: the
 * work estimate of `account --accountant pld` (core/budget.h).  pld_init.c's
 * lp_pld_plan_step makes lp_pld_init's choices (doubles, milliseconds) and
 * stops there. */
#ifndef LP_ACCOUNT_PLD_PLAN_H
#define LP_ACCOUNT_PLD_PLAN_H

#include <stddef.h>
#include "account/pld/study/pld_request.h"

/* The grid lp_pld_init would choose for a study of `req` (both relations
 * when req->relation is 2): the estimated seconds of the whole study
 * (a cost model calibrated by measurement, pld_plan.c), and in *bytes the
 * peak memory of the relations' grids (they run at once).
 * *n_max and *K_max receive the largest circular grid and step support.
 * *why: NULL, or why the run cannot start (no grid of req->max_n points fits
 * it; a static text): then decline it.  Bounded time: lp_pld_init's sizing
 * (at most 40 closed-form tries per relation), no certified work. */
double lp_pld_work_seconds(const lp_pld_request *req, double *bytes, size_t *n_max, size_t *K_max,
                           const char **why);

#endif
