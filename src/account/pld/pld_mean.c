/* pld_mean.c -- the mean rounding mu = E[Y] - E[X~] enclosed, for the
 * Hoeffding coupling ((c) at the top of pld.c): E[Y] from the masses, E[X~]
 * from the mechanism's certified KL and its bound on the clamp's effect
 * (pld_mech.h's clamped_mean). */
#include "account/pld/pld_mech.h"
#include "core/host.h"

void
pld_mean_rounding(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, arb_srcptr mass,
                  int64_t kmin, int64_t K, double h)
{
    arb_t l, ey, ex_lo, ex_hi;

    arb_init(l);
    arb_init(ey);
    arb_init(ex_lo);
    arb_init(ex_hi);

    /* 3. mu = E[Y] - E[X~] enclosed: E[Y] exactly from the masses; E[X~]
     * from the mechanism */
    arb_zero(ey);
    for (int64_t i = 0; i < K && !lp_cancelled(); i++) {   /* SIGINT: no result (pld.c) */
        pld_grid_point(l, kmin + i, h);
        arb_addmul(ey, mass + i, l, MASS_PREC);
    }
    pld_mech_of(st->mech)->clamped_mean(ex_lo, ex_hi, st, rel, kmin, K, h);
    arb_sub(pld->mu_lo, ey, ex_hi, MASS_PREC);
    arb_sub(pld->mu_hi, ey, ex_lo, MASS_PREC);
    arb_clear(l);
    arb_clear(ey);
    arb_clear(ex_lo);
    arb_clear(ex_hi);
}
