/* vmf_account.h -- DP-SGD with the von Mises-Fisher mechanism (Biswas et al.)
 * in place of Gaussian noise, accounted by Renyi DP under Poisson sampling,
 * certified.
 *
 * One step: the example is included with probability q; when included the
 * output is VMF(mu = x, kappa) on S^{p-1}, else it does not depend on x.  The
 * base mechanism's RDP at integer order l is the VMF's Renyi divergence at
 * chordal distance Delta (privacy.h: closed form in I_nu; Delta = 2, the
 * antipodal pair, is the worst of any two unit vectors: proved, since
 * k^{-nu} I_nu(k) increases), and the subsampled RDP is bounded by Zhu and
 * Wang 2019, Theorem 6 (any mechanism, integer orders) together with joint
 * convexity (rdp_poisson_general_arb.c).  T steps: T times the bound; the
 * conversions to (epsilon, delta) are the Gaussian accountant's (Mironov
 * 2017, Prop. 3; Balle et al. 2020, Thm 21); minimum over the orders. */
#ifndef LP_VMF_ACCOUNT_H
#define LP_VMF_ACCOUNT_H

#include "account/rdp/rdp.h"
#include "core/record.h"

/* Largest integer order for vmf (an order alpha needs the VMF's RDP at every
 * integer 2 .. alpha). */
#define LP_VMF_ORDER_MAX 10000

/* rdp = an enclosure of an upper bound on the RDP at integer order alpha >= 2
 * of ONE Poisson-subsampled step of any mechanism whose RDP at each integer
 * order l (2 <= l <= alpha) is at most eps[l] (balls >= 0; eps[0], eps[1]
 * unused): the minimum of Zhu and Wang's Theorem 6 and the joint-convexity
 * bound 1/(alpha-1) log(1 + q (e^{(alpha-1) eps(alpha)} - 1)).  q_is_one: q is
 * exactly 1 and rdp = eps[alpha].  lower (NULL: not computed): the exact RDP
 * of the remove direction, 1/(alpha-1) log sum_l C(alpha,l)(1-q)^{alpha-l} q^l
 * e^{(l-1) eps(l)}, for a pair that attains eps(l) at every order (the VMF's
 * antipodal pair, the Gaussian's): a lower bound on the subsampled RDP. */
void lp_rdp_poisson_general_arb(arb_t rdp, arb_t lower, const arb_t q, int q_is_one,
                                uint64_t alpha, const arb_struct *eps, slong prec);

/* The VMF run: kappa > 0 and dist (the chordal distance, (0, 2]; NULL: 2,
 * the antipodal pair) read (their texts in the values, for the records),
 * dimension p >= 2. */
typedef struct {
    const lp_exact *kappa;
    uint64_t p;
    const lp_exact *sensitivity;        /* NULL: any two unit vectors (Delta = 2) */
} lp_vmf_step;

/* Evaluates every order of acc (integers 2 .. LP_VMF_ORDER_MAX; others fail
 * with status domain): rdp_T = T times the bound above (and rdp_lower[i],
 * when not NULL, T times its lower bound, indeterminate where order i
 * failed), and both
 * conversions, certified to `digits` significant digits (precision raised up
 * to 8192 bits); then lp_account_refold.  run: q, delta, steps (its M is not
 * used).  Returns LP_OK when at least one order gave an epsilon. */
lp_status lp_account_vmf_eval(lp_account *acc, arb_struct *rdp_lower, const lp_dpsgd *run,
                              const lp_vmf_step *vmf, slong digits);

/* The record of `leakproof account --mechanism vmf`: the Gaussian record's keys
 * (command "account", noise_multiplier null, sampling_rate, steps, delta,
 * method "arb", algorithm, peer_conversion null, orders, norders,
 * order_search null, orders_failed, orders_inaccurate, first_failure,
 * balle2020, classic, per_order with --per-order, each row with rdp_lower:
 * T times the exact remove-direction RDP of the worst pair, a lower bound on
 * the run's RDP at that order) and mechanism "vmf",
 * kappa, p, neighbours (secrets or sensitivity), sensitivity, worst_pair,
 * supremum (of the base mechanism's Renyi divergence over the relation's
 * pairs), subsampling (the bound's name). */
typedef struct {
    lp_vmf_step vmf;
    const lp_exact *q, *delta;
    uint64_t steps;
    const lp_order_list *orders;
    slong digits;
    int per_order;
} lp_account_vmf_request;

void lp_account_vmf_study(lp_record *rec, const lp_account_vmf_request *req);

#endif
