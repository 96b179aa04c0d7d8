/* cmd_account_sampling.c -- `leakproof account --sampling fixed-batch`:
 * fixed-size batches drawn without replacement, accounted by the certified
 * RDP bound of Wang, Balle and Kasiviswanathan 2019 under the replace-one
 * relation (src/account/rdp/rdp_fixed_batch_arb.c).  The rate is q = m/n
 * (--sampling-rate, or --batch/--dataset-size); the bound exists for the RDP
 * accountant only, certified, and for one neighbouring relation.  Contracts
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

int
lp_account_check_fixed_batch(lp_account_opts *o)
{
    const char *bad = o->pld ? "--accountant pld" : o->vmf ? "--mechanism vmf"
                      : o->stated ? "--stated-epsilon" : NULL;
    if (bad)
        return lp_usage_error(cmd, "--sampling fixed-batch: the RDP accountant of the Gaussian "
                              "only (Wang, Balle and Kasiviswanathan 2019); it does not take %s",
                              bad);
    if (o->peer || o->compare)
        return lp_usage_error(cmd, "--sampling fixed-batch is certified: --method arb only");
    o->replace = 0;             /* the bound is replace-one's already (not remove-then-add) */
    return 0;
}
