/* cmd_account_pld_mech.c -- `account --accountant pld --mechanism vmf`: the
 * VMF's step under the certified PLD accountant (account/pld/pld_mech_vmf.c),
 * its options checked here; the rest are the PLD accountant's
 * (lp_account_parse_pld). */
#include <string.h>
#include "core/decimal_ops.h"
#include "core/study.h"
#include "cli.h"
#include "cmd_account.h"
#include "account/pld/pld.h"

static const char *const cmd = "account";

int
lp_account_parse_pld_vmf(lp_account_opts *o, const char *digits_text, const char *res_text,
                         const char *batch_text, const char *epochs_text)
{
    int rc;
    long p;
    if (o->M || o->eps || o->orders_text || batch_text || epochs_text)
        return lp_usage_error(cmd, "--accountant pld --mechanism vmf does not take %s",
                              o->M ? "--noise-multiplier" : o->eps ? "--epsilon (the least "
                              "multiplier is the Gaussian's)" : o->orders_text ? "--orders"
                              : batch_text ? "--batch" : "--epochs");
    if (o->sensitivity && lp_decimal_compare(o->sensitivity, "2") != 0)
        return lp_usage_error(cmd, "--sensitivity: --accountant pld --mechanism vmf accounts the "
                              "antipodal pair (any two unit vectors, chordal distance 2) only "
                              "(got '%s')", o->sensitivity);
    if ((rc = lp_account_check_positive("--kappa", o->kappa)))
        return rc;
    if (lp_decimal_compare(o->kappa, "1e6") > 0)
        return lp_usage_error(cmd, "--kappa must be at most 1e6 (got '%s')", o->kappa);
    if (o->p_text == NULL)
        return lp_usage_error(cmd, "missing --p");
    if ((rc = lp_arg_int_range(&p, cmd, "--p", o->p_text, 3, 1000000000)))
        return rc;
    if (o->q && lp_decimal_valid(o->q) && lp_decimal_compare(o->q, "1") == 0)
        return lp_usage_error(cmd, "--sampling-rate 1 with --mechanism vmf: the PLD accountant "
                              "takes q in (0, 1) (q = 1 is the VMF's own profile: leakproof dp "
                              "vmf, or --accountant rdp)");
    o->M = "1";                 /* lp_account_parse_pld's checks of M: a placeholder */
    rc = lp_account_parse_pld(o, digits_text, res_text);
    o->M = NULL;
    if (rc)
        return rc;
    o->p = (uint64_t) p;
    o->pld_mech = 1;
    return 0;
}
