/* peer_methods.c -- the accountant's methods by name: arb and the peers'
 * ports.  Contracts in account.h. */
#include <string.h>
#include "account/account.h"

static const struct {
    const char *name;
    int method;
    int balle;
    const char *algorithm;
} methods[] = {
    { "arb", LP_ARB, 1, NULL },
    { "double", LP_DOUBLE, 1, "Opacus rdp.py: log(scipy binom) integer series, log_ndtr "
      "fractional series, Balle et al. 2020 conversion" },
    { "opacus", LP_ACCOUNT_OPACUS, 1, "Opacus rdp.py: log(scipy binom) integer series, log_ndtr "
      "fractional series, Balle et al. 2020 conversion" },
    { "logdouble", LP_LOGDOUBLE, 1, "leakproof's lgamma log-sum-exp, integer orders only "
      "(dp_accounting's integer path with log(1 - q))" },
    { "dp-accounting", LP_ACCOUNT_DP_ACCOUNTING, 1, "dp_accounting rdp_privacy_accountant.py: "
      "gammaln integer series, unsigned fractional series (1000 steps), compute_epsilon" },
    { "tf-privacy", LP_ACCOUNT_TF_PRIVACY, 0, "TF Privacy legacy rdp_accountant.compute_rdp, "
      "classic conversion rdp - log(delta)/(alpha - 1)" },
};
#define NMETHODS (sizeof methods / sizeof methods[0])

const char *
lp_account_method_name(lp_method m)
{
    for (size_t i = 0; i < NMETHODS; i++)
        if (methods[i].method == (int) m)
            return methods[i].name;
    return lp_method_name(m);
}

int
lp_account_method_from_name(const char *name)
{
    for (size_t i = 0; i < NMETHODS; i++)
        if (strcmp(name, methods[i].name) == 0)
            return methods[i].method;
    return -1;
}

const char *
lp_account_method_algorithm(lp_method m)
{
    for (size_t i = 0; i < NMETHODS; i++)
        if (methods[i].method == (int) m)
            return methods[i].algorithm;
    return NULL;
}

int
lp_account_method_balle(lp_method m)
{
    for (size_t i = 0; i < NMETHODS; i++)
        if (methods[i].method == (int) m)
            return methods[i].balle;
    return 1;
}
