/* pld_mean.c -- the mean rounding mu = E[Y] - E[X~] enclosed, for the
 * Hoeffding coupling ((c) in pld_bounds.h): E[Y] from the masses, E[X~]
 * from the mechanism's certified KL and its bound on the clamp's effect
 * (pld_mech.h's clamped_mean). */
#include "account/pld/bounds/pld_bounds.h"
#include "core/host.h"

#define MEAN_CHUNK 2048

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
    /* E[Y] = h sum_i m_i k_i, k_i = kmin + i: Arb's dot products with
     * integers, in chunks (issue 31: a point's grid value and product in Arb
     * were 7 % of a small run) */
    arb_zero(ey);
    {
        slong ks[MEAN_CHUNK];
        for (int64_t i0 = 0; i0 < K && !lp_cancelled(); i0 += MEAN_CHUNK) {  /* SIGINT: no result (pld_init.c) */
            const int64_t n = K - i0 < MEAN_CHUNK ? K - i0 : MEAN_CHUNK;
            for (int64_t j = 0; j < n; j++)
                ks[j] = (slong) (kmin + i0 + j);
            arb_dot_si(ey, ey, 0, mass + i0, 1, ks, 1, (slong) n, MASS_PREC + 32);
        }
    }
    arb_set_d(l, h);
    arb_mul(ey, ey, l, MASS_PREC);
    pld_mech_of(st->mech)->clamped_mean(ex_lo, ex_hi, st, rel, kmin, K, h);
    arb_sub(pld->mu_lo, ey, ex_hi, MASS_PREC);
    arb_sub(pld->mu_hi, ey, ex_lo, MASS_PREC);
    arb_clear(l);
    arb_clear(ey);
    arb_clear(ex_lo);
    arb_clear(ex_hi);
}
