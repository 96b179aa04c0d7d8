/* pld_replace.h -- the replace-one pair's certified pieces, shared by its row
 * of the PLD accountant's table (pld_mech_replace.c: the pair, the loss, its
 * inverse and the notation), pld_replace_loss.c and pld_replace_kl.c.
 * Internal to src/account/pld/. */
#ifndef LP_PLD_REPLACE_H
#define LP_PLD_REPLACE_H

#include "account/pld/pairs/pld_mech.h"

#define PLD_REPLACE_WP (MASS_PREC + 64) /* the inverse's and the tails' working precision */

/* y = y*(l) = M (l/2 + asinh(alpha sinh(l/2))): the output where the loss is
 * l, alpha = (1-q) e^{s^2/2} / q */
void pld_replace_inverse_loss(arb_t y, const lp_dpsgd *run, const arb_t l, slong prec);

/* res = Phi(-x) = erfc(x / sqrt 2) / 2 */
void pld_phi_upper(arb_t res, const arb_t x, slong prec);

/* res = P(X > l) (above) or P(X <= l) under P */
void pld_replace_prob_beyond(arb_t res, const lp_dpsgd *run, const arb_t l, int above,
                             slong prec);

/* out_i = (1-q) Phi(sg z_i) + q Phi(sg (z_i - s)), i < n, z sorted ascending,
 * sg = +-1, at PLD_REPLACE_WP; 0 */
int pld_replace_mixture_cdf(arb_ptr out, arb_srcptr z, int64_t n, const lp_dpsgd *run, int sg);

#endif
