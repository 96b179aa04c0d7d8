/* pld_grid_direct.c -- the Gaussian step's masses one by one in Arb, where
 * the Taylor blocks of pld_grid_taylor.c stay below a few points (the
 * cells next to the loss's end, a grid coarse against the Gaussian's
 * scale).  Contracts in pld_grid.h. */
#include <math.h>
#include "account/pld/grid/pld_grid.h"

/* H at l_{kmin+i} in doubles (libm): the choice of the smaller tail only */
int
pld_upper_is_smaller(const pld_gauss_series_ctx *x, int64_t i)
{
    const double l = (double) (x->kmin + i) * x->h, sigma = x->rel == LP_PLD_REMOVE ? 1 : -1;
    const double e = expm1(sigma * l) + x->q_d, M = x->M_d;
    double U, F;
    if (!(e > 0))
        return x->rel == LP_PLD_ADD;    /* remove: F = 0 below; add: F = 1 above */
    U = M * log(e / x->q_d) + 0.5 / M;
    F = x->rel == LP_PLD_REMOVE
        ? (1 - x->q_d) * 0.5 * erfc(-U / M_SQRT2) + x->q_d * 0.5 * erfc(-(U - 1 / M) / M_SQRT2)
        : 0.5 * erfc(U / M_SQRT2);
    return F > 0.5;
}

/* mass[i] = H(l_i) - H(l_{i-1}) (sign turned for the upper tail) in Arb,
 * the precision raised until its radius is below 2^-50 of it (or 1024 bits) */
void
pld_direct_mass(arb_ptr m, const lp_dpsgd *run, int64_t i, int upper, const pld_gauss_series_ctx *x,
                pld_direct_cache *dc)
{
    arb_t l, a, b;
    arb_init(l);
    arb_init(a);
    arb_init(b);
    for (slong prec = 96;; prec *= 2) {
        pld_grid_point(l, x->kmin + i, x->h);
        pld_loss_cdf_arb(a, run, x->rel, l, !upper, prec);
        if (dc->i == i - 1 && dc->upper == upper && dc->prec == prec) {
            arb_set(b, dc->H);
        } else {
            pld_grid_point(l, x->kmin + i - 1, x->h);
            pld_loss_cdf_arb(b, run, x->rel, l, !upper, prec);
        }
        if (upper)
            arb_sub(m, b, a, prec);
        else
            arb_sub(m, a, b, prec);
        arb_set(dc->H, a);
        dc->i = i;
        dc->upper = upper;
        dc->prec = prec;
        if (prec >= 1024 || arb_rel_accuracy_bits(m) >= 50 || arb_is_zero(m))
            break;
    }
    arb_clear(l);
    arb_clear(a);
    arb_clear(b);
}

