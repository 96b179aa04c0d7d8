/* cmd_account_sampling.c -- `leakproof account --sampling fixed-batch`:
 * fixed-size batches drawn without replacement, accounted by the certified
 * RDP bound of Wang, Balle and Kasiviswanathan 2019 under the replace-one
 * relation (src/account/rdp/rdp_fixed_batch_arb.c), or with --accountant
 * pld by the certified bracket of the tight pair (src/account/pld/
 * pld_mech_fixed_batch.c, the Gaussian only).  The rate is q = m/n
 * (--sampling-rate, or --batch/--dataset-size).  Contracts
 * in cmd_account.h. */
#include <string.h>
#include "cli.h"
#include "cmd_account.h"

static const char *const cmd = "account";

int
lp_account_parse_fixed_batch(lp_account_opts *o, const char *dataset_text)
{
    o->fixed_batch = 1;
    if (dataset_text == NULL)
        o->convention = NULL;   /* the rate and steps are given: q = m/n, T */
    return 0;
}

/* --accountant pld: the Gaussian of one multiplier, the symmetrised pair of
 * src/account/pld/pairs/pld_mech_fixed_batch.c under replace-one (o->rel 3) */
static int
check_pld(lp_account_opts *o)
{
    const char *bad = o->vmf || o->pld_mech ? "--mechanism" : o->nphases ? "--phase"
                      : o->eps ? "--epsilon" : NULL;
    if (bad)
        return lp_usage_error(cmd, "--sampling fixed-batch with --accountant pld takes one Gaussian "
                              "run (not %s); the RDP accountant's --sampling fixed-batch takes "
                              "the others", bad);
    if (o->relation && strcmp(o->relation, "replace") != 0)
        return lp_usage_error(cmd, "--relation: --sampling fixed-batch is replace-one's (got '%s')",
                              o->relation);
    o->rel = 3;
    return 0;
}

int
lp_account_check_fixed_batch(lp_account_opts *o)
{
    const char *bad = o->vmf ? "--mechanism vmf" : o->stated ? "--stated-epsilon" : NULL;
    if (o->pld || (o->accountant && strcmp(o->accountant, "pld") == 0))
        return check_pld(o);
    if (bad)
        return lp_usage_error(cmd, "--sampling fixed-batch: the RDP accountant of the Gaussian "
                              "only (Wang, Balle and Kasiviswanathan 2019); it does not take %s",
                              bad);
    if (o->peer || o->compare)
        return lp_usage_error(cmd, "--sampling fixed-batch is certified: --method arb only");
    o->replace = 0;             /* the bound is replace-one's already (not remove-then-add) */
    return 0;
}
