/* cmd_account_rdp.c -- the checks of `leakproof account`'s RDP accountant
 * at one run (epsilon of M, the least M, or a stated epsilon's fit): after
 * cmd_account.c's parse has dispatched lists, the VMF, the PLD accountant,
 * phases and the edges to their own parsers. */
#include <string.h>
#include "core/decimal_ops.h"
#include "cli.h"
#include "cmd_account.h"
#include "account/account.h"

static const char *const cmd = "account";

int
lp_account_parse_rdp(lp_account_opts *o, const char *digits_text, const char *res_text,
                     const char *batch_text, const char *epochs_text)
{
    int rc;
    if (o->eps && o->M)
        return lp_usage_error(cmd, "--epsilon and --noise-multiplier exclude each other "
                              "(give M to get epsilon, or epsilon to get the least M)");
    if (o->eps == NULL && o->M == NULL)
        return lp_usage_error(cmd, "missing --noise-multiplier (epsilon of M) or --epsilon (the least M)");
    if (o->eps ? (rc = lp_account_check_zero_or_positive("--epsilon", o->eps))
        : (rc = lp_account_check_positive("--noise-multiplier", o->M)))
        return rc;
    if (o->stated) {
        /* the run is given by batches and epochs; its rate and steps follow */
        if (o->eps || o->q || o->T || res_text || o->compare)
            return lp_usage_error(cmd, "--stated-epsilon takes --batch and --epochs, not %s",
                                  o->eps ? "--epsilon" : o->q ? "--sampling-rate" : o->T ? "--steps"
                                  : res_text ? "--resolution" : "--compare");
        if (!lp_account_stated_valid(o->stated))
            return lp_usage_error(cmd, "--stated-epsilon must be a decimal > 0 as printed, digits "
                                  "and a point, no exponent (got '%s')", o->stated);
        if (batch_text == NULL || epochs_text == NULL)
            return lp_usage_error(cmd, "missing %s", batch_text ? "--epochs" : "--batch");
        if ((rc = lp_arg_int_range(&o->batch, cmd, "--batch", batch_text, 1, 1000000000))
            || (rc = lp_arg_int_range(&o->epochs, cmd, "--epochs", epochs_text, 1, 1000000)))
            return rc;
    } else {
        if (batch_text || epochs_text)
            return lp_usage_error(cmd, "%s needs --stated-epsilon", batch_text ? "--batch" : "--epochs");
        if (!lp_rate_is_zero(o->q) && (rc = lp_account_check_rate(o->q, 0)))
            return rc;          /* q = 0: epsilon 0 (rdp_edges.c) */
        if (o->T == NULL)
            return lp_usage_error(cmd, "missing --steps");
        if (lp_decimal_uint64(&o->steps, o->T) != 0 || o->steps < 1)
            return lp_usage_error(cmd, "--steps must be an integer >= 1 (got '%s')", o->T);
    }
    if ((rc = lp_account_check_delta(o->delta, o->stated == NULL)))
        return rc;
    if (digits_text && (rc = lp_arg_int_range(&o->digits, cmd, "--digits", digits_text, 1, 60)))
        return rc;
    if (res_text && (rc = lp_arg_int_range(&o->resolution, cmd, "--resolution", res_text, 0, 9)))
        return rc;
    if (o->method_text) {
        if (lp_account_method_from_name(&o->peer, o->method_text) != 0)
            return lp_usage_error(cmd, "--method must be arb, double, opacus, logdouble, "
                                  "dp-accounting or tf-privacy (got '%s')", o->method_text);
        if (o->peer && o->replace)
            return lp_usage_error(cmd, "--relation replace is certified: --method arb only");
        if (o->peer && (lp_rate_is_zero(o->q) || lp_decimal_sign(o->delta) == 0))
            return lp_usage_error(cmd, "--method %s takes --sampling-rate and --delta > 0 (at 0 "
                                  "the answer is exact: --method arb)", o->method_text);
        if ((o->eps || o->stated) && o->peer)
            return lp_usage_error(cmd, "--method: the %s is certified (arb only)",
                                  o->eps ? "least multiplier" : "fit of a stated epsilon");
    }
    if (o->compare && o->peer == NULL)
        return lp_usage_error(cmd, "--compare needs a non-certified --method (double, opacus, "
                              "logdouble, dp-accounting, tf-privacy)");
    return lp_account_parse_orders(o);
}
