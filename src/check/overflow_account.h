/* overflow_account.h -- where the accountant's doubles break: the overflow
 * search (overflow_account.c) and the peers' map (overflow_peer_map.c). */
#ifndef LP_OVERFLOW_ACCOUNT_H
#define LP_OVERFLOW_ACCOUNT_H

#include "account/rdp/rdp.h"
#include "account/peers/peers.h"
#include "core/record.h"

/* Digits of the arb reference: its radius stays far below any error measured. */
#define REFERENCE_DIGITS 20

/* ---- where the double accountants break (overflow_account.c) -------------------- */

/* A failure of a peer (peers/peers.h) at one integer order: its
 * status is not ok, or its T-step RDP differs from arb's (certified to 20
 * digits) by a relative error above the tolerance.  One search's answer:
 *   at            the boundary: the smallest failing order; for the decade
 *                 walks the exponent k of the first failing decade (q = 10^-k
 *                 going down, T = 10^k going up); 0 when none failed
 *                 (T = 10^0 may fail: kind tells);
 *   kind          the status name of the failure, "inaccurate", or "none";
 *   rel_error     at the boundary (at searched_to when none; -1: no number);
 *   rel_error_before  at the last point that did not fail (-1: none or n/a);
 *   persists      1 when it fails at every one of the next three points
 *                 (orders 2a, 4a, 8a within the limit; the next decades);
 *   searched_to   the boundary, or the furthest point examined when none. */
typedef struct {
    uint64_t at;
    const char *kind;
    double rel_error, rel_error_before;
    int persists;
    uint64_t searched_to;
} lp_account_overflow_point;

/* The smallest integer order in [2, order_max] at which the method fails at
 * (M, q, steps, delta): doubling from 2, then bisection; exact in the sense
 * that order a fails and a - 1 does not, both evaluated (a = 2 fails: nothing
 * before it). */
void lp_account_overflow_order(lp_account_overflow_point *pt, const lp_peer *peer, const char *M,
                               const char *q, uint64_t steps, const char *delta,
                               uint64_t order_max, double tol);
/* The first q = 10^-k, k = 1 .. 30, at which the method fails at (M, order,
 * steps, delta). */
void lp_account_overflow_sampling_rate(lp_account_overflow_point *pt, const lp_peer *peer,
                                       const char *M, uint64_t order, uint64_t steps,
                                       const char *delta, double tol);
/* The first T = 10^k, k = 0 .. 18, at which the method fails at (M, q,
 * order, delta). */
void lp_account_overflow_steps(lp_account_overflow_point *pt, const lp_peer *peer, const char *M,
                               const char *q, uint64_t order, const char *delta, double tol);

/* The record of `leakproof overflow account`: command "overflow account",
 * method, tolerance, order_max, sampling_rate, steps, delta (the fixed
 * inputs) and order (the order of the two decade walks), then for each
 * multiplier of `grid` one row of each list, in the shape of the mechanisms'
 * overflow record:
 *   points                noise_multiplier, sampling_rate, steps, order (the
 *                         smallest failing order, null when none), kind,
 *                         rel_error, rel_error_before, persists, searched_to;
 *   sampling_rate_points  noise_multiplier, order, steps, sampling_rate (the
 *                         first failing decade as a text "1e-k", null when
 *                         none), kind, ..., searched_to (a text "1e-k");
 *   steps_points          noise_multiplier, order, sampling_rate, steps (the
 *                         first failing decade, an integer, null when none),
 *                         kind, ..., searched_to (an integer).
 * rel_error and rel_error_before are null where there is no number. */
void lp_account_overflow_record(lp_record *rec, const lp_peer *peer, char *const *grid, size_t n,
                                const char *q, uint64_t steps, const char *delta,
                                uint64_t order, uint64_t order_max, double tol);

/* The peers' map (overflow_peer_map.c): appends to `rec` accountant_orders
 * and, for each multiplier of the grid and q = 1e-1 .. 1e-decades, one row of
 * accountant_points: noise_multiplier, sampling_rate, steps, conversion (the
 * method's own), epsilon_certified_lower and _upper (arb's minimum over the
 * same orders, 10 digits, directed), epsilon (the method's), order,
 * rel_error (against the certified minimum), below_certified (the method's
 * epsilon is below the certified lower end: unsound), method_status (what
 * the method itself says, as `account` does), orders_failed. */
void lp_account_peer_map_record(lp_record *rec, const lp_peer *peer, char *const *grid, size_t n,
                                uint64_t steps, const char *delta, int decades,
                                const char *const *orders, size_t norders,
                                const char *orders_name);

#endif
