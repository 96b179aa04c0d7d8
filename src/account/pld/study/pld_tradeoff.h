/* pld_tradeoff.h -- a run's trade-off curve at one point, certified: for a
 * dominating pair (P, Q) (P the run with the target, Q without) and its
 * privacy profile delta(eps) = sup_E P(E) - e^eps Q(E), the most power any
 * test of level kappa has,
 *     1 - f(kappa) = sup { P(E) : Q(E) <= kappa } = inf over eps in R of e^eps kappa + delta(eps)
 * (f = T(Q, P) the trade-off function of Dong, Roth and Su 2022; the
 * equality is Neyman-Pearson's duality: the infimum is attained at the
 * likelihood-ratio threshold e^eps whose test has level kappa).  This is the
 * blow-up function of Hayes, Mahloujifar and Balle 2023 (their B_kappa) and
 * Kaissis et al. 2023's 1 - f(kappa): the ReRo bound at baseline kappa.
 *
 * Certified from any certified bracket of delta (the PLD's, or a closed
 * form): every eps gives an upper bound e^eps kappa + delta_hi(eps); for the
 * lower bound the real line is cut at eps_0 < ... < eps_m and, as delta is
 * nonincreasing and e^eps increasing, on [eps_i, eps_i+1] the function is at
 * least e^eps_i kappa + delta_lo(eps_i+1), below eps_0 at least delta_lo(eps_0),
 * above eps_m at least e^eps_m kappa; delta_lo(eps) is raised to 1 - e^eps
 * where that is larger (true for every pair: E the whole space).  The cuts
 * are refined where the lower bound is least until the bracket's width is
 * within `width` of its upper end.  The point where to look is found by a
 * golden-section search on the brackets' midpoints (e^eps kappa + delta(eps)
 * is convex in e^eps, so unimodal in eps): a heuristic that only chooses.
 *
 * Beside the profile's delta(eps) and eps(delta) (pld_profile.h): the third
 * query of one composition.  `run-bounds` reads the ReRo bound from it
 * (src/runbounds). */
#ifndef LP_PLD_TRADEOFF_H
#define LP_PLD_TRADEOFF_H

#include <arb.h>
#include "account/pld/study/pld_profile.h"

/* A certified bracket of the profile at eps: lo <= delta(eps) <= hi. */
typedef void (*lp_profile_bracket)(arf_t lo, arf_t hi, const arb_t eps, void *ctx);

/* [lo, hi] (exact, lo <= hi) containing inf over eps >= eps_min of e^eps
 * kappa + delta(eps) (eps_min = -INFINITY: over all eps, the trade-off
 * point 1 - f(kappa)), clipped to [0, 1]; kappa a ball in (0, 1].  At most
 * max_evals brackets of delta are asked.  *at: the eps whose upper bound was
 * the least (a double).  Returns 0, or -1 when the cancel flag was raised
 * (lo 0, hi 1: still valid). */
int lp_tradeoff_bracket(arf_t lo, arf_t hi, double *at, lp_profile_bracket delta, void *ctx, const arb_t kappa,
                        double eps_min, double width, int max_evals);

/* The trade-off point of a composed profile (pld_profile.h): one = 1 its
 * pld[0] alone (the remove direction of a both-relations profile: the pair
 * (with, without) of an attacker who adds the record), 0 the profile's
 * worse relation; eps >= eps_min (-INFINITY: all, 1 - f(kappa)); width and
 * the return as lp_tradeoff_bracket (at most 400 delta brackets). */
int lp_pld_profile_tradeoff(arf_t lo, arf_t hi, double *at, const lp_pld_profile *p, int one, const arb_t kappa,
                            double eps_min, double width);

#endif
