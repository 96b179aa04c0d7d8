/* work.h -- the work estimate of `leakproof account`, before it starts
 * (work.c): a cost model calibrated by measurement, for the budget
 * (core/budget.h). */
#ifndef LP_ACCOUNT_WORK_H
#define LP_ACCOUNT_WORK_H

#include "account/run.h"

/* What the account command will do. */
typedef enum {
    LP_WORK_EPSILON,
    LP_WORK_LEAST_M,            /* --epsilon, bisected by the certified accountant */
    LP_WORK_LEAST_M_GUIDED,     /* --epsilon where the doubles place the multiplier first */
    LP_WORK_FIT
} lp_account_work_kind;

/* Estimated seconds of one thread for the RDP accountant over `orders` at
 * multiplier M (a double view; for LP_WORK_LEAST_M, where the search picks M,
 * the estimate takes M = 1; for LP_WORK_LEAST_M_GUIDED, M is where the doubles
 * place it, 1 when not > 0), `digits` significant digits.  *opt is set to the
 * option that drives the estimate ("--orders", "--noise-multiplier" when the
 * default search grid costs more because M is small, "--epsilon" when the
 * target puts the least multiplier below 1). */
double lp_account_work_seconds(lp_account_work_kind kind, double M, const lp_order_list *orders,
                               long digits, const char **opt);

/* Estimated seconds of `account --mechanism vmf` (vmf_account.c): the VMF's
 * Renyi divergence at every integer order 2 .. the list's largest, in p. */
double lp_account_vmf_work_seconds(uint64_t p, const lp_order_list *orders, long digits);

#endif
