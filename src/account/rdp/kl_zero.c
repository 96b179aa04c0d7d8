/* kl_zero.c -- dp_accounting's KL bound made certified: where the run's RDP
 * at some order is certainly below -log(1 - delta^2), Balle et al.'s epsilon
 * is 0 (the conversion dp_accounting writes).  Contract in rdp.h. */
#include "account/rdp/rdp.h"

int
lp_account_kl_zero(lp_account *ref, const arb_t delta)
{
    /* dp_accounting's compute_epsilon gives 0 where delta^2 + expm1(-r) > 0:
       valid, since TV <= sqrt(1 - exp(-KL)) (Bretagnolle and Huber) and KL <=
       RDP of any order > 1.  Certified where RDP_T's upper end is certainly
       below -log(1 - delta^2). */
    arb_t thr, r;
    int found = 0;
    arb_init(thr);
    arb_init(r);
    arb_sqr(thr, delta, 128);
    arb_neg(thr, thr);
    arb_log1p(thr, thr, 128);
    arb_neg(thr, thr);
    for (size_t i = 0; i < ref->norders && !found; i++) {
        if (ref->order[i].rdp_T.status != LP_OK)
            continue;
        if (arb_lt(ref->order[i].rdp_T.value, thr)) {
            arb_zero(ref->order[i].eps_balle.value);
            ref->best_balle = (long) i;
            arf_zero(ref->eps_upper_balle);
            arf_zero(ref->eps_lower_balle);
            found = 1;
        }
    }
    arb_clear(thr);
    arb_clear(r);
    return found;
}
