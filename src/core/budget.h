/* budget.h -- work budgets: a command estimates its work from its inputs
 * before it starts (a cost model calibrated by measurement, documented where
 * the command computes it) and declines beyond the budget (--max-seconds),
 * with one message that names the option responsible, the estimate and the
 * budget.  Nothing here keeps state: any number of threads may call it. */
#ifndef LP_CORE_BUDGET_H
#define LP_CORE_BUDGET_H

#include <stddef.h>
#include <stdio.h>

/* The default budget of the certified commands (account, ...): a minute, as
 * eval's MPFR budget.  mc and adversary keep their hour (LP_MC_BUDGET_SECONDS). */
#define LP_BUDGET_SECONDS 60.0

/* 0 when `estimate` (seconds) is within `max_seconds`; else -1 with the
 * message "OPT VALUE: about E s of work (WHAT), beyond the budget of MAX s;
 * give --max-seconds to allow it" in msg (len bytes; `value` and `what` may
 * be NULL).  A NaN estimate means "not estimated" (0: go on); an infinite
 * one is beyond every budget. */
int lp_budget_exceeded(char *msg, size_t len, const char *opt, const char *value, double estimate,
                       double max_seconds, const char *what);

/* A line on `err` before a long run starts ("leakproof CMD: about E s of work
 * (estimated); SIGINT or SIGTERM stops it"), when `show` and the estimate
 * is at least LP_BUDGET_NOTICE_SECONDS. */
#define LP_BUDGET_NOTICE_SECONDS 2.0
void lp_budget_notice(FILE *err, int show, const char *cmd, double estimate);

/* The record of --estimate: command, estimated_seconds (null when NaN: not
 * estimated), max_seconds, within_budget, budget_option (the option charged,
 * or null). */
struct lp_record;
void lp_budget_record(struct lp_record *rec, const char *command, double estimate, double max_seconds,
                      const char *opt);

#endif
