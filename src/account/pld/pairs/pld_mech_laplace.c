/* pld_mech_laplace.c -- Laplace noise of scale b per coordinate (l1
 * sensitivity 1) as a row of the PLD accountant's table (pld_mech.h).
 *
 * The pair: P0 = Lap(1, b), Q0 = Lap(0, b) in the one coordinate that
 * carries the whole l1 distance.  That one coordinate is the worst split of
 * the distance for delta(eps) is checked (Monte Carlo over splits,
 * tests/privacy/t-privacy.c; privacy.h), not proved: the bracket is
 * "checked" for a vector query, exact for a scalar one.  Subsampling and
 * composition as for the VMF (pld_mech_vmf.c: Zhu, Dong and Wang 2022, cited).
 *
 * The base loss L0(y) = (|y| - |y - 1|)/b is -1/b for y <= 0, (2y - 1)/b on
 * (0, 1) and 1/b for y >= 1 (two atoms and a linear part); the step's loss is
 * X = g(L0) (remove, y ~ (1-q) Q0 + q P0) or -g(L0) (add, y ~ Q0), g(s) =
 * log(1 - q + q e^s), increasing.  So X <= l is y <= y(s) or y >= y(s) with
 * y(s) = (b s + 1)/2 and s from l in closed form, and every mass and tail is
 * a closed form in Laplace's CDF, certified in Arb (no integral); the mean
 * E[X] is the atoms' plus one rigorous integral over (0, 1).  The loss is
 * bounded and the grid holds all of it: nothing is cut.  The probabilities
 * are pld_laplace_prob.c's, the mean pld_laplace_mean.c's. */
#include <math.h>
#include <stdlib.h>
#include "account/pld/pairs/pld_laplace.h"
#include "core/host.h"

static double
loss_d(double s, double q, lp_pld_relation rel)
{
    double g = s > 0 ? s + log(q + (1 - q) * exp(-s)) : log1p(q * expm1(s));
    return rel == LP_PLD_REMOVE ? g : -g;
}

static int
lap_sketch(loss_sketch *sk, const lp_pld_step *st, lp_pld_relation rel)
{
    const double b = st->kappa_d, q = st->run->q_d, lo = -30 * b, hi = 1 + 30 * b;
    const size_t n = 40001;
    const double dy = (hi - lo) / (double) n;
    if (pld_sketch_alloc(sk, n, 0) != 0)
        return -1;
    for (size_t i = 0; i < n; i++) {
        double y = lo + ((double) i + 0.5) * dy, l0 = (fabs(y) - fabs(y - 1)) / b;
        double lq = -fabs(y) / b, lp = -fabs(y - 1) / b, top = fmax(lq, lp);
        sk->lw[i] = rel == LP_PLD_REMOVE ? top + log((1 - q) * exp(lq - top) + q * exp(lp - top)) : lq;
        sk->l[i] = loss_d(l0, q, rel);
    }
    pld_sketch_normalise(sk);
    return 0;
}

/* the whole support (bounded), with a margin against the doubles' rounding */
static void
lap_cuts(double *lo_cut, double *hi_cut, const lp_pld_step *st, lp_pld_relation rel, double dref)
{
    const double b = st->kappa_d, q = st->run->q_d;
    double a = loss_d(-1 / b, q, rel), c = loss_d(1 / b, q, rel);
    (void) dref;
    *lo_cut = fmin(a, c);
    *hi_cut = fmax(a, c);
    *lo_cut -= 1e-9 * fabs(*lo_cut) + 1e-12;
    *hi_cut += 1e-9 * fabs(*hi_cut) + 1e-12;
}

static arb_ptr
lap_masses(const lp_pld_step *st, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
           arb_ptr *tails, arb_ptr *lower)
{
    const int64_t nb = K > 1 ? K - 1 : 0;
    arb_ptr mass = _arb_vec_init(K), G = _arb_vec_init(K > 1 ? K - 1 : 1);
    arb_ptr F = _arb_vec_init(K > 1 ? K - 1 : 1);
    arb_t l;
    arb_init(l);
    for (int64_t i = 0; i < nb && !lp_cancelled(); i++) {
        pld_grid_point(l, kmin + i, h);
        pld_laplace_prob(G + i, st, rel, l, 1, LAP_PREC);
        pld_laplace_prob(F + i, st, rel, l, 0, LAP_PREC);
    }
    if (K > 1) {
        /* m_0 = F_0, m_i = F_i - F_{i-1} where F is small, else G_{i-1} - G_i;
         * m_{K-1} = G_{K-2} */
        arb_set(mass + 0, F + 0);
        for (int64_t i = 1; i < K - 1; i++) {
            if (arf_cmp_2exp_si(arb_midref(F + i), -1) < 0)
                arb_sub(mass + i, F + i, F + i - 1, MASS_PREC);
            else
                arb_sub(mass + i, G + i - 1, G + i, MASS_PREC);
        }
        arb_set(mass + K - 1, G + K - 2);
    } else {
        arb_one(mass + 0);
    }
    arb_clear(l);
    if (rel != LP_PLD_ADD) {            /* F is the add relation's only */
        _arb_vec_clear(F, K > 1 ? K - 1 : 1);
        F = NULL;
    }
    pld_hand_out_tails(G, F, K, tails, lower);
    return mass;
}

/* pld_laplace_prob at the closed forms' precision, as pld_beyond_fn */
static void
lap_beyond(arb_t res, const lp_pld_step *st, lp_pld_relation rel, const arb_t l, int above)
{
    pld_laplace_prob(res, st, rel, l, above, LAP_PREC);
}

static void
lap_cut_tails(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, int64_t kmin, int64_t kmax,
              double h)
{
    pld_cut_tails_from(pld, st, rel, kmin, kmax, h, lap_beyond);
}

const lp_pld_mech pld_mech_laplace = {
    "laplace", lap_sketch, lap_cuts, lap_masses, lap_cut_tails, pld_laplace_clamped_mean, NULL,
};
