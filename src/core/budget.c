/* budget.c -- estimate against budget, and the one decline message.
 * Contracts in budget.h. */
#include <math.h>
#include "core/host.h"
#include "core/budget.h"
#include "core/record.h"

int
lp_budget_exceeded(char *msg, size_t len, const char *opt, const char *value, double estimate,
                   double max_seconds, const char *what)
{
    if (isnan(estimate) || estimate <= max_seconds)     /* NaN: not estimated */
        return 0;
    lp_snprintf(msg, len, "%s%s%s: about %.2g s of work%s%s%s, beyond the budget of %.6g s; give "
                "--max-seconds to allow it", opt, value ? " " : "", value ? value : "",
                isfinite(estimate) ? estimate : HUGE_VAL, what ? " (" : "", what ? what : "",
                what ? ")" : "", max_seconds);
    return -1;
}

void
lp_budget_notice(FILE *err, int show, const char *cmd, double estimate)
{
    char line[200];
    if (!show || !(estimate >= LP_BUDGET_NOTICE_SECONDS))
        return;
    lp_snprintf(line, sizeof line, "leakproof %s: about %.2g s of work (estimated); SIGINT or SIGTERM "
                "stops it\n", cmd, estimate);
    fputs(line, err);
    fflush(err);
}

void
lp_budget_record(lp_record *rec, const char *command, double estimate, double max_seconds, const char *opt)
{
    lp_record_text(rec, "command", command);
    lp_record_double(rec, "estimated_seconds", estimate);      /* NaN: null */
    lp_record_double(rec, "max_seconds", max_seconds);
    if (isnan(estimate))        /* not estimated: not known to fit, and never declined */
        lp_record_null(rec, "within_budget");
    else
        lp_record_bool(rec, "within_budget", estimate <= max_seconds);
    lp_record_text(rec, "budget_option", isnan(estimate) ? NULL : opt);
}
