/* pld_bounds.h -- bounds/: the certified bounds that turn the composed,
 * discretised PLD into a bracket of the true delta(eps) and epsilon(delta):
 * the mean rounding (pld_mean.c), the window's tails (pld_tails.c, the
 * generating function summed over the grid in pld_tails_gf.c), the better
 * of two bounds (pld_better.c), delta and epsilon from them (pld_delta.c),
 * and the RDP accountant's upper end where the grid cannot reach
 * (pld_rdp_upper.c).  The room's rule: it takes a composed lp_pld (compose/)
 * and a mechanism's hooks (pairs/), never a request; the proofs below are
 * its contract, and every room's notation.
 *
 * Notation: X the loss of one step (law P), X~ = X clamped to the grid's
 * support [l_kmin, l_kmax], Y = ceil_h(X~) on the grid l_k = k h, so that
 * Y - X~ in [0, h).  S_Z the sum of T iid copies, delta_Z(e) = E[g_e(S_Z)],
 * g_e(s) = (1 - e^{e-s})_+, nondecreasing in s and nonincreasing in e.
 *
 *  (a) clamping (remove: from above at l_kmax; add: from below at l_kmin;
 *      the Gaussian also at its loss's own end, pld_mech_gauss.c):
 *      delta_X <= delta_X~ + T tau_hi,  delta_X >= delta_X~ - T tau_lo,
 *      tau the mass cut per step (remove: S_X = S_X~ unless a step exceeds
 *      l_kmax, where S_X~ <= S_X; add: symmetrically; with both ends
 *      clamped, clamp one end at a time: raising X only raises delta).
 *  (b) rounding: S_X~ <= S_Y <= S_X~ + T h pointwise (Meiser and Mohammadi
 *      2018; Koskela et al. 2020), so delta_X~(e) <= delta_Y(e) and
 *      delta_X~(e) >= delta_Y(e + T h).
 *  (c) concentration: the T differences D_i = Y_i - X~_i are iid in [0, h]
 *      with mean mu = E[Y] - E[X~]; by Hoeffding P(|sum D_i - T mu| >= t) <=
 *      eta each side for t = h sqrt(T log(1/eta) / 2), hence
 *      delta_X~(e) <= delta_Y(e + T mu_lo - t) + eta and
 *      delta_X~(e) >= delta_Y(e + T mu_hi + t) - eta (the coupling of Gopi,
 *      Lee and Wutschitz 2021, with mu enclosed by the certified KL).
 *  (d) the circular composition: p~_j = sum_m P(S_Y = s_j + m n h) over the
 *      window s_j = (ja + j) h; with W = P(S_Y outside the window) bounded by
 *      Chernoff on Y's moment generating function,
 *      sum_j p~_j w_j - W <= delta_Y(e) <= sum_j p~_j w_j + W.
 *  (e) the doubles: sum_j p~_j w_j = sum_j p^_j w_j +- err_fft (pld_fft.c and
 *      pld_compose.c) +- the suffix sums' rounding; the same with u = 2^-64
 *      where the composition runs in x87 extended precision (pld_compose_ld);
 *      where few coefficients are left, the exact inverse of the computed
 *      spectrum summed in Arb (compose/pld_spectral.c): err_fft without the
 *      inverse's rounding, no suffix sums.
 * The clamp's effect on the mean (for (c)) is bounded in pld_mean.c from
 * the cut point U (V) in Arb, with the factor q of the remove relation's
 * tail; the window's Chernoff bounds sum the generating function by parts
 * over the certified tails G_i = P(X > l_i) (F_i = P(X <= l_i) under add). */
#ifndef LP_PLD_BOUNDS_H
#define LP_PLD_BOUNDS_H

#include "account/pld/pairs/pld_mech.h"

/* x = the better of two valid bounds x, y: the smaller upper end (upper != 0)
 * or the larger lower end; y not finite leaves x. */
void pld_take_better(arb_t x, const arb_t y, int upper);

/* pld_tails_gf.c: |x| rounded up to a double, bitwise
 * fabs(arf_get_d(x, ARF_RND_UP)) (the top limb where the result is a
 * normal double, arf_get_d elsewhere). */
double pld_abs_up_d(const arf_t x);
/* pld_tails_gf.c: 2^e exactly, |e| <= 1000; a radius as a double >= it,
 * bitwise mag_get_d(r) (its exact value where |exponent| <= 1000, from
 * the fields, mag_get_d elsewhere) */
double pld_pow2_d(int e);
double pld_mag_up_d(const mag_t r);
/* pld_tails_gf.c: sum >= sum_{i < cnt} |v_i|^ e^{t l_{kmin+i}} (|v_i|^ the
 * upper end of |v_i|: an upper bound, in doubles with a proved bound);
 * e1 = e^{t l_{kmin+cnt}}, step = e^{t h}, e0 (unless NULL) = e^{t l_kmin}. */
void pld_gf_sum(arb_t sum, arb_t e1, arb_t step, arb_ptr e0, arb_srcptr v, int64_t cnt,
                const arb_t t, int64_t kmin, double h);

/* pld->mu_lo, pld->mu_hi: E[Y] - E[X~] enclosed from the masses and the
 * mechanism's certified KL and clamped tail (pld_mech.h). */
void pld_mean_rounding(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, arb_srcptr mass,
                       int64_t kmin, int64_t K, double h);

/* pld->tail: P(S_Y outside the window (pld->ja, pld->n, pld->h)) bounded by
 * Chernoff at lam_hi, lam_lo (needs pld->mu_lo, mu_hi set); dref the delta
 * that sizes the Hoeffding term. */
void pld_window_tails(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, arb_srcptr mass,
                      arb_srcptr G, arb_srcptr F, int64_t kmin, int64_t K, double lam_hi, double lam_lo,
                      double dref);

/* the same over phases (pld_phases.c): nph steps st[i] of T_i = st[i].run->steps
 * each, their masses, tails, kmin and K; pld->T the phases' sum and
 * pld->mu_lo, mu_hi their steps' average (T mu the sum of the T_i mu_i) */
void pld_window_tails_phases(lp_pld *pld, const lp_pld_step *st, size_t nph, lp_pld_relation rel,
                             const arb_srcptr *mass, const arb_srcptr *G, const arb_srcptr *F,
                             const int64_t *kmin, const int64_t *K, double lam_hi, double lam_lo,
                             double dref);

/* [lo, hi] containing delta_Y(e) of the composed grid, e exact: sum_j
 * p~_j g_e(s_j) +- the window's tails (pld_delta.c; for tests of the routes) */
void lp_pld_delta_Y(arb_t lo, arb_t hi, const lp_pld *pld, const arf_t e);

/* A certified bracket [lo, hi] of the true delta(eps) (clipped to [0, 1]). */
void lp_pld_delta(arb_t lo, arb_t hi, const lp_pld *pld, const arb_t eps);

/* eps_hi: a certified upper bound on epsilon(delta) (delta(eps_hi) <= delta
 * certainly); eps_lo: a certified lower bound (delta(eps) > delta certainly
 * for every eps < eps_lo, or eps_lo = 0).  Exact doubles. */
void lp_pld_epsilon(double *eps_lo, double *eps_hi, const lp_pld *pld, const arb_t delta);

/* A certified upper bound on epsilon(run->delta) by the RDP accountant
 * (integer orders, Arb; pld_rdp_upper.c), for an upper end the grid cannot
 * reach; INFINITY when none (or cancelled).  A double rounded up. */
double lp_pld_rdp_upper(const lp_dpsgd *run);

#endif
