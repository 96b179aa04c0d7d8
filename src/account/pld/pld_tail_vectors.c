/* pld_tail_vectors.c -- the masses hooks' tails G and lower tails F handed
 * to the caller or cleared (pld_mech_discrete.c, pld_vmf_masses.c,
 * pld_mech_laplace.c).  Contract in pld_internal.h. */
#include "account/pld/pld_internal.h"

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
