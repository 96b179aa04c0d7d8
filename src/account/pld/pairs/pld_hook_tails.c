/* pld_hook_tails.c -- the tails that the mechanisms' hooks (pld_mech.h)
 * give: the masses hook's tails G and lower tails F handed to the caller or
 * cleared (pld_mech_discrete.c, pld_vmf_masses.c, pld_mech_laplace.c), and
 * the cut tails from a mechanism's tail probability (pld_mech_vmf.c,
 * pld_mech_laplace.c).  Contracts in pld_mech.h. */
#include "account/pld/pairs/pld_mech.h"

void
pld_hand_out_tails(arb_ptr G, arb_ptr F, int64_t K, arb_ptr *tails, arb_ptr *lower)
{
    const slong len = K > 1 ? K - 1 : 1;
    if (lower)
        *lower = F;
    else if (F)
        _arb_vec_clear(F, len);
    if (tails)
        *tails = G;
    else
        _arb_vec_clear(G, len);
}

void
pld_cut_tails_from(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, int64_t kmin,
                   int64_t kmax, double h, pld_beyond_fn beyond)
{
    arb_t l;
    arb_init(l);
    if (rel == LP_PLD_REMOVE) {
        pld_grid_point(l, kmax, h);
        beyond(pld->tau_hi, st, rel, l, 1);            /* P(X > l_kmax) */
        arb_zero(pld->tau_lo);
    } else {
        pld_grid_point(l, kmin, h);
        beyond(pld->tau_lo, st, rel, l, 0);            /* P(X <= l_kmin) */
        arb_zero(pld->tau_hi);
    }
    arb_clear(l);
}
