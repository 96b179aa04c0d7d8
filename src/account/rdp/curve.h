/* curve.h -- the RDP accountant's T-step curve kept for many queries: the
 * run (or its phases) certified once over the default's grid of orders (or
 * the list given), then delta at any epsilon and epsilon at any delta by
 * Balle et al. 2020's conversion (and its inverse), the least over the
 * orders.  What `account --plot` draws beside the PLD band (curve.c). */
#ifndef LP_ACCOUNT_RDP_CURVE_H
#define LP_ACCOUNT_RDP_CURVE_H

#include "account/study.h"
#include "account/rdp/phases.h"
#include "account/rdp/vmf_account.h"

typedef struct {
    lp_account_request req;
    lp_dpsgd run;
    struct lp_phases ph;
    lp_account acc;
    int q0;                     /* every rate 0: delta 0 and epsilon 0 */
} lp_account_curve;

/* Certifies req's curve (req->delta, delta_for_eps ignored) at digits + 2.
 * Clear it with lp_account_curve_clear. */
void lp_account_curve_init(lp_account_curve *c, const lp_account_request *req);
void lp_account_curve_clear(lp_account_curve *c);

/* The VMF run's curve (curve_vmf.c): req's q, steps, orders and digits (its
 * M, phases and relation unused), vmf the mechanism; fractional orders fail
 * (status domain) and are skipped by the queries.  Clear it with
 * lp_account_curve_clear. */
void lp_account_curve_init_vmf(lp_account_curve *c, const lp_account_request *req,
                               const lp_vmf_step *vmf);

/* *u: a certified upper bound on delta at eps (exact; 1 where no order gives
 * less); the order's index in *at (-1: none, or q = 0). */
void lp_account_curve_delta(arf_t u, long *at, const lp_account_curve *c, const arb_t eps);
/* *u: a certified upper bound on epsilon at delta in (0, 1) (exact, >= 0;
 * +infinity where no order is certified). */
void lp_account_curve_epsilon(arf_t u, long *at, const lp_account_curve *c, const arb_t delta);

#endif
