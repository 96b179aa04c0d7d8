/* pld_vmf.h -- the von Mises-Fisher mechanism's certified pieces, shared by
 * its row of the PLD accountant's table (pld_mech_vmf.c: the mechanism, its
 * dominating pair, the loss as a function of t = mu.y and the notation) and
 * its files: the integrals of its laws (pld_vmf_arb.c) and its masses
 * (pld_vmf_masses.c).  Internal to pairs/. */
#ifndef LP_PLD_VMF_H
#define LP_PLD_VMF_H

#include "account/pld/pairs/pld_mech.h"

/* ---- the VMF's certified integrals (pld_vmf_arb.c) ------------------------- */

/* the double log of max_t e^{kappa t} (1 - t^2)^{(p-3)/2} (a choice: the
 * scale of the integrands below) */
void pld_vmf_shift(double *shift, double kappa, uint64_t p);
/* res = int_lo^hi g_sign(t) e^{-shift} [L(t)] dt, g_+-(t) = e^{+-kappa t}
 * (1 - t^2)^{(p-3)/2}, the factor L(t) = log(1 - q + q e^{2 kappa t}) with
 * with_loss; -1 <= lo, hi <= 1 exact (0 when lo >= hi); goal the relative
 * accuracy sought in bits (the ball is valid whatever it is) */
void pld_vmf_g_integral(arb_t res, const lp_pld_step *st, int sign, int with_loss, const arf_t lo,
                        const arf_t hi, slong goal, slong prec);
/* res >= g_sign(t) e^{-shift} for every t of the ball x within [-1, 1] */
void pld_vmf_g_bound(arb_t res, const lp_pld_step *st, int sign, const arb_t x, slong prec);

/* ---- the VMF's masses (pld_vmf_masses.c) --------------------------------------- */

/* Each of these three is a certified ball (Arb, 96-bit working precision,
 * about 52 bits sought), the laws "scaled" as pld_vmf_arb.c's integrands
 * are: g_+-(t) e^{-shift}, g_+-(t) = e^{+-kappa t} (1 - t^2)^((p-3)/2) the
 * unnormalised densities of t = mu.y, shift a double near log max g_+ (it
 * only keeps the numbers near 1), so that the ratio of an integral to
 * pld_vmf_normaliser's is a probability.
 * res = the integral of the relation's law of t (remove: (1-q) g_- + q g_+,
 * add: g_-) over the exact ends [a, b], times L(t) with with_loss */
void pld_vmf_law_integral(arb_t res, const lp_pld_step *st, lp_pld_relation rel, int with_loss,
                          const arf_t a, const arf_t b);
/* z = int_{-1}^{1} g_- (scaled): the normaliser of either law */
void pld_vmf_normaliser(arb_t z, const lp_pld_step *st);
/* res = P(X > l) (above) or P(X <= l), normalised (a probability) */
void pld_vmf_prob_beyond(arb_t res, const lp_pld_step *st, lp_pld_relation rel, const arb_t l,
                         int above);
/* the masses hook of pld_mech.h for the VMF */
arb_ptr pld_vmf_masses(const lp_pld_step *st, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
                       arb_ptr *tails, arb_ptr *lower);

#endif
