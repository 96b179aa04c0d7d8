/* cmd_account_checks.c -- `leakproof account`: the checks of single values
 * (a sampling rate, a positive decimal, delta, zero or positive) that every
 * mode's parser shares.  Contracts in cmd_account.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/decimal_ops.h"
#include "cli.h"
#include "cmd_account.h"

static const char *const cmd = "account";

/* --sampling-rate: a decimal in (0, 1] ((0, 1) with open_hi), or a fraction
 * N/D of integers (1/568 read exactly) in the same range */
int
lp_account_check_rate(const char *v, int open_hi)
{
    uint64_t num, den;
    if (v && strchr(v, '/')) {
        if (lp_rate_fraction(&num, &den, v) != 0 || num == 0 || num > den || (open_hi && num == den))
            return lp_usage_error(cmd, "--sampling-rate must be a decimal number or a fraction N/D "
                                  "of integers in %s (got '%s')", open_hi ? "(0, 1)" : "(0, 1]", v);
        return 0;
    }
    return lp_arg_unit_interval(cmd, "--sampling-rate", v, open_hi);
}

int
lp_account_check_positive(const char *opt, const char *v)
{
    if (v == NULL)
        return lp_usage_error(cmd, "missing %s", opt);
    if (lp_decimal_exponent_beyond(v)) {
        char m[300];
        lp_decimal_exponent_message(m, sizeof m, opt, v);
        return lp_usage_error(cmd, "%s", m);
    }
    if (!lp_decimal_valid(v) || lp_decimal_sign(v) <= 0)
        return lp_usage_error(cmd, "%s must be a decimal number > 0 (got '%s')", opt, v);
    return 0;
}

/* --delta: a decimal in (0, 1), or 0 where zero_ok (epsilon is then +infinity
 * for q > 0: rdp_edges.c) */
int
lp_account_check_delta(const char *v, int zero_ok)
{
    if (v == NULL)
        return lp_usage_error(cmd, "missing --delta (or --delta-for-epsilon)");
    if (zero_ok && v && lp_decimal_valid(v) && !lp_decimal_exponent_beyond(v) && lp_decimal_sign(v) == 0)
        return 0;
    return lp_arg_unit_interval(cmd, "--delta", v, 1);
}

int
lp_account_check_zero_or_positive(const char *opt, const char *v)
{
    if (v && lp_decimal_valid(v) && !lp_decimal_exponent_beyond(v) && lp_decimal_sign(v) == 0)
        return 0;
    return lp_account_check_positive(opt, v);
}
