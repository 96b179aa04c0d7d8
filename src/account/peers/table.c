/* table.c -- the peers, one row each: by name, the code each reproduces,
 * its RDP of one step, its conversion, whether its conversion gives 0 by the
 * KL bound, and its own default orders; and the accountant's method by name
 * (arb, or a peer).  Adding a peer is a file of its own and a row here.
 * Contracts in peers.h. */
#include <math.h>
#include <string.h>
#include "account/peers/peers.h"

/* Opacus's get_privacy_spent (Balle et al. 2020) and the classic conversion
 * rdp + log(1/delta)/(alpha - 1), as Opacus writes them. */
static void
convert_opacus(double *classic, double *balle, double rdp, double alpha, double delta)
{
    *classic = rdp + log(1.0 / delta) / (alpha - 1.0);
    *balle = rdp - (log(delta) + log(alpha)) / (alpha - 1.0) + log((alpha - 1.0) / alpha);
}

/* TF Privacy's legacy get_privacy_spent: rdp - log(delta)/(alpha - 1). */
static void
convert_tf_privacy(double *classic, double *balle, double rdp, double alpha, double delta)
{
    convert_opacus(classic, balle, rdp, alpha, delta);
    *classic = rdp - log(delta) / (alpha - 1.0);
}

/* dp_accounting's compute_epsilon at one order (rdp_privacy_accountant.py) */
static double
eps_dp_accounting(double r, double a, double d)
{
    if (r < 0)
        return 0.0;             /* "negative Renyi divergence": epsilon 0 */
    if (d * d + expm1(-r) > 0)
        return 0.0;             /* the KL bound: delta <= sqrt(1 - exp(-r)) */
    if (a > 1.01)
        return r + log1p(-1.0 / a) - log(d * a) / (a - 1.0);
    return INFINITY;            /* alpha <= 1.01: "we can't do anything" */
}

static void
convert_dp_accounting(double *classic, double *balle, double rdp, double alpha, double delta)
{
    convert_opacus(classic, balle, rdp, alpha, delta);
    *balle = eps_dp_accounting(rdp, alpha, delta);
}

#define OPACUS_ALGORITHM "Opacus rdp.py: log(scipy binom) integer series, log_ndtr " \
    "fractional series, Balle et al. 2020 conversion"

static const lp_peer peers[] = {
    /* name, algorithm, RDP of one step, conversion, Balle et al.'s conversion
       its own, KL zero, orders (leakproof's default for logdouble) */
    { "double", OPACUS_ALGORITHM, lp_rdp_opacus_est, convert_opacus, 1, 0,
      "opacus", lp_orders_opacus, &lp_norders_opacus },
    { "opacus", OPACUS_ALGORITHM, lp_rdp_opacus_est, convert_opacus, 1, 0,
      "opacus", lp_orders_opacus, &lp_norders_opacus },
    { "logdouble", "leakproof's lgamma log-sum-exp, integer orders only "
      "(dp_accounting's integer path with log(1 - q))", lp_rdp_logdouble_est, convert_opacus,
      1, 0, "default", lp_orders_default, &lp_norders_default },
    { "dp-accounting", "dp_accounting rdp_privacy_accountant.py: "
      "gammaln integer series, unsigned fractional series (1000 steps), compute_epsilon",
      lp_rdp_dp_accounting_est, convert_dp_accounting, 1, 1,
      "dp-accounting", lp_orders_dp_accounting, &lp_norders_dp_accounting },
    /* compute_dp_sgd_privacy's grid, which Opacus kept */
    { "tf-privacy", "TF Privacy legacy rdp_accountant.compute_rdp, "
      "classic conversion rdp - log(delta)/(alpha - 1)", lp_rdp_opacus_est, convert_tf_privacy,
      0, 0, "opacus", lp_orders_opacus, &lp_norders_opacus },
};
#define NPEERS (sizeof peers / sizeof peers[0])

const lp_peer *
lp_peer_find(const char *name)
{
    for (size_t i = 0; i < NPEERS; i++)
        if (strcmp(name, peers[i].name) == 0)
            return &peers[i];
    return NULL;
}

int
lp_account_method_from_name(const lp_peer **peer, const char *name)
{
    *peer = lp_peer_find(name);
    return *peer != NULL || strcmp(name, "arb") == 0 ? 0 : -1;
}

const char *
lp_account_method_name(const lp_peer *peer)
{
    return peer ? peer->name : "arb";
}

const char *
lp_account_method_algorithm(const lp_peer *peer)
{
    return peer ? peer->algorithm : NULL;
}

int
lp_account_method_balle(const lp_peer *peer)
{
    return peer ? peer->balle : 1;
}

void
lp_account_peer_orders(const char *const **orders, size_t *n, const char **name, const lp_peer *peer)
{
    *orders = peer ? peer->orders : lp_orders_default;
    *n = peer ? *peer->norders : lp_norders_default;
    *name = peer ? peer->orders_name : "default";
}
