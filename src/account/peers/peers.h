/* peers.h -- the peers' RDP accountants in doubles: the non-certified
 * methods of `leakproof account`, each the port of one peer's code followed
 * step by step (their map against the certified accountant:
 * check/overflow_account.h). */
#ifndef LP_ACCOUNT_PEERS_H
#define LP_ACCOUNT_PEERS_H

#include "account/run.h"

/* The peers: the accountant's non-certified methods, each the port of one
 * peer's code, step by step, one file each and one row of the table
 * (table.c):
 *   "double" and "opacus": Opacus's opacus/accountants/analysis/rdp.py
 *       (opacus.c), its conversion Balle et al. 2020 (get_privacy_spent),
 *       NaN orders skipped;
 *   "dp-accounting": Google dp_accounting's rdp_privacy_accountant.py today
 *       (dp_accounting.c), its conversion compute_epsilon (Balle et al.'s
 *       form, 0 where delta^2 + expm1(-r) > 0 or r < 0, inf for alpha <= 1.01,
 *       max(0, .) at the end);
 *   "tf-privacy": TF Privacy's legacy rdp_accountant.compute_rdp (the same
 *       series as Opacus's, which was ported from it) and its legacy
 *       get_privacy_spent: the classic rdp - log(delta)/(alpha - 1);
 *   "logdouble": leakproof's own lgamma log-sum-exp, integer orders only
 *       (dp_accounting's integer path with log(1 - q); logdouble.c).
 * Their statuses: ok; inaccurate (a value kept, but the port saw it lose
 * accuracy: cancellation in log A, RDP <= 0, or measured by --compare above
 * LP_INACCURATE_TOL); overflow (inf); nan; failed (the peer raises or
 * excludes the order); declined (its loop would not end).
 *
 * The accountant (rdp/rdp.h) takes a peer as `const lp_peer *`; NULL there
 * is the certified accountant (arb). */

/* A peer's RDP of one step and *rel_est, the port's estimate of its relative
 * error (the rounding of the logs summed into log A against log A; for
 * dp-accounting's fractional series also how far its unsigned sum lies above
 * the signed one): status ok (whatever the estimate), inaccurate (RDP <= 0,
 * kept), or a failure without a value, with a note.  And its conversion of a
 * T-step RDP to the two epsilons, written as the peer writes it. */
typedef lp_status (*lp_peer_rdp_fn)(double *rdp, double *rel_est, char *note, size_t notelen,
                                    double q, double M, double alpha);
typedef void (*lp_peer_convert_fn)(double *classic, double *balle, double rdp, double alpha,
                                   double delta);
/* One row of the table of peers (table.c). */
typedef struct lp_peer {
    const char *name;           /* as --method names it */
    const char *algorithm;      /* the peer code reproduced, as a phrase */
    lp_peer_rdp_fn rdp;
    lp_peer_convert_fn convert;
    int balle;                  /* 1: its own conversion is Balle et al.'s; 0: classic */
    int kl_zero;                /* its conversion gives 0 by the KL bound (dp_accounting) */
    const char *orders_name;    /* its own default orders, named as --orders names them */
    const char *const *orders;
    const size_t *norders;
} lp_peer;

/* The peer called `name`, or NULL. */
const lp_peer *lp_peer_find(const char *name);
/* The accountant's method of a name: 0 with *peer the peer called `name`, or
 * NULL for "arb"; -1 for any other name. */
int lp_account_method_from_name(const lp_peer **peer, const char *name);
/* For the records, the accountant's method `peer` (NULL: arb): its name
 * ("arb", "double", "opacus", "logdouble", "dp-accounting", "tf-privacy"),
 * the peer code it reproduces (NULL for arb), and 1 when its own conversion
 * is Balle et al.'s, 0 when classic (arb: 1). */
const char *lp_account_method_name(const lp_peer *peer);
const char *lp_account_method_algorithm(const lp_peer *peer);
int lp_account_method_balle(const lp_peer *peer);
/* The RDP of one step of each port (opacus.c: Opacus and TF Privacy;
 * logdouble.c; dp_accounting.c), as lp_peer_rdp_fn. */
lp_status lp_rdp_opacus_est(double *rdp, double *rel_est, char *note, size_t notelen,
                            double q, double M, double alpha);
lp_status lp_rdp_logdouble_est(double *rdp, double *rel_est, char *note, size_t notelen,
                               double q, double M, double alpha);
lp_status lp_rdp_dp_accounting_est(double *rdp, double *rel_est, char *note, size_t notelen,
                                   double q, double M, double alpha);
/* The status of a peer's RDP from its log A and the log of the weighted
 * magnitudes of the logs summed into it (common.c). */
lp_status lp_rdp_peer_status(double *rdp, double *rel_est, char *note, size_t notelen,
                             double log_a, double mag, double alpha, int fe, const char *what);
/* log(exp(m) + exp(log_s) (|log_s| + extra)): the absolute rounding of each
 * log summed into log A (in units of 2^-53), weighted by its term, added to
 * the magnitudes m (common.c; m unchanged where log_s is not finite). */
double lp_peer_weigh(double m, double log_s, double extra);
/* The peers' numerical pieces (common.c): Python's min and max (NaN in
 * the first argument wins), _log_add, _log_sub (-1 where Python raises
 * ValueError), scipy.special.binom, log_ndtr, and _log_erfc. */
double lp_py_min(double x, double y);
double lp_py_max(double x, double y);
double lp_peer_log_add(double logx, double logy);
int lp_peer_log_sub(double *r, double logx, double logy);
double lp_peer_binom(double n, double k);
double lp_peer_log_ndtr(double x);
double lp_peer_log_erfc(double x);

/* A method's own default orders (table.c): the peer's (dp_accounting's
 * DEFAULT_RDP_ORDERS, the Opacus grid of Opacus and TF Privacy), or
 * leakproof's default for arb (peer NULL) and logdouble. */
void lp_account_peer_orders(const char *const **orders, size_t *n, const char **name,
                            const lp_peer *peer);

#endif
