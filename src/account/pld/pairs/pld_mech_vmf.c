/* pld_mech_vmf.c -- the von Mises-Fisher mechanism (density C_p(kappa)
 * e^{kappa mu.y} on S^{p-1}, p >= 3) as a row of the PLD accountant's table
 * (pld_mech.h); its certified integrals are in pld_vmf_arb.c.
 *
 * The dominating pair.  For any two inputs the mean directions mu, mu' are
 * unit vectors, and the antipodal pair P0 = VMF(mu), Q0 = VMF(-mu) has the
 * largest hockey-stick divergence H_{e^eps}(VMF(mu) || VMF(mu')) at every
 * eps >= 0: proved in src/privacy/vmf_chordal_arb.c (privacy.h).  For
 * eps < 0, H_{e^eps}(A || B) = 1 - e^eps + e^eps H_{e^-eps}(B || A), and
 * (B, A) is again a pair of VMFs, the antipodal profile symmetric: so
 * (P0, Q0) dominates the one-step mechanism at every eps in R, for any
 * neighbouring relation.  Under Poisson subsampling at rate q with
 * add/remove-one neighbours, ((1-q) Q0 + q P0, Q0) dominates the remove
 * direction and (Q0, (1-q) Q0 + q P0) the add direction (Zhu, Dong and Wang
 * 2022, "Optimal accounting of differential privacy via characteristic
 * function", AISTATS: their Poisson-subsampling theorem for dominating
 * pairs, from a dominating pair of the base mechanism under add/remove),
 * and the T-fold product of dominating pairs dominates the adaptive
 * composition (ibid., their composition theorem).  Both are cited, not
 * re-proved here; the base pair's dominance is proved.  The record says so
 * ("dominance").
 *
 * The loss.  With t = mu.y (pld_vmf_arb.c: f_+ = e^{2 kappa t} f_-),
 *   remove  L = log(1 - q + q e^{2 kappa t}), t ~ (1-q) f_- + q f_+,
 *   add     L = -log(1 - q + q e^{2 kappa t}), t ~ f_-,
 * both monotone in t, so X <= l is an interval of t whose end u(l) =
 * log((e^{+-l} - 1 + q)/q) / (2 kappa) is computed in Arb, and every mass of
 * Y is an integral of g_+- over an interval of t with exact ends: the
 * midpoints of the u's, the gap to the true end bounded by its width times
 * the density's bound there.  The loss is bounded (|L| <= log(1 - q + q e^{2
 * kappa})), so no Renyi moment is needed for the window's tails. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "account/pld/pairs/pld_vmf.h"
#include "core/host.h"
#ifdef _OPENMP
#include <omp.h>
#endif

#define VMF_PREC 96             /* the integrals' working precision (as pld_vmf_masses.c) */
#define VMF_SKETCH_N 20001      /* points per peak of the double sketch */

/* ---- doubles: the grid's choices ---------------------------------------------- */

static double
loss_d(double t, double q, double kappa, lp_pld_relation rel)
{
    double s = 2 * kappa * t, g;
    g = s > 0 ? s + log(q + (1 - q) * exp(-s)) : log1p(q * expm1(s));
    return rel == LP_PLD_REMOVE ? g : -g;
}

/* the sketch: t on one or two uniform grids around the peaks -t* (f_-) and
 * +t* (f_+, remove only), spanning 40 scales each; normalised log weights */
static int
vmf_sketch(loss_sketch *sk, const lp_pld_step *st, lp_pld_relation rel)
{
    const double q = st->run->q_d, kappa = st->kappa_d, a = ((double) st->p - 3) / 2;
    double ts = (sqrt(a * a + kappa * kappa) - a) / kappa, sc, shift, lo[2], hi[2];
    int ngrid;
    size_t m = 0;
    if (!(ts < 1))
        ts = 1;
    sc = a > 0 && ts < 1 ? 1 / sqrt(2 * a * (1 + ts * ts) / ((1 - ts * ts) * (1 - ts * ts))) : 1 / kappa;
    sc = fmin(fmax(sc, 1e-12), 1.0);
    pld_vmf_shift(&shift, kappa, st->p);
    lo[0] = fmax(-1.0, -ts - 40 * sc);
    hi[0] = fmin(1.0, -ts + 40 * sc);
    lo[1] = fmax(-1.0, ts - 40 * sc);
    hi[1] = fmin(1.0, ts + 40 * sc);
    if (rel == LP_PLD_ADD) {
        ngrid = 1;
    } else if (lo[1] <= hi[0]) {
        ngrid = 1;              /* the peaks overlap: one grid over both */
        hi[0] = hi[1];
    } else {
        ngrid = 2;
    }
    if (pld_sketch_alloc(sk, (size_t) ngrid * VMF_SKETCH_N, 0) != 0)
        return -1;
    for (int g = 0; g < ngrid; g++) {
        const double dt = (hi[g] - lo[g]) / VMF_SKETCH_N;
        for (int i = 0; i < VMF_SKETCH_N; i++, m++) {
            double t = lo[g] + (i + 0.5) * dt, base = a > 0 ? a * log1p(-t * t) : 0;
            double lm = -kappa * t + base - shift, lw;
            if (rel == LP_PLD_REMOVE) {
                double lp = kappa * t + base - shift, top = fmax(lm, lp);
                lw = top + log((1 - q) * exp(lm - top) + q * exp(lp - top));
            } else {
                lw = lm;
            }
            sk->l[m] = loss_d(t, q, kappa, rel);
            sk->lw[m] = lw + log(dt);
        }
    }
    pld_sketch_normalise(sk);
    return 0;
}

/* the clamp: the least t_c on the sketch whose mass above is <= 1e-6 dref / T
 * (remove: the loss above L(t_c) cut; add: below -L(t_c)) */
static void
vmf_cuts(double *lo_cut, double *hi_cut, const lp_pld_step *st, lp_pld_relation rel, double dref)
{
    const double q = st->run->q_d, kappa = st->kappa_d, goal = 1e-6 * dref / (double) st->run->steps;
    loss_sketch sk;
    double acc = 0;
    const double lmax = loss_d(1.0, q, kappa, LP_PLD_REMOVE);
    int found = 0;
    if (vmf_sketch(&sk, st, rel) == 0) {
        /* the sketch's points are in increasing t, the loss monotone in t
         * (remove: increasing; add: decreasing): from the top down */
        for (size_t i = sk.n; i-- > 0 && !found;) {
            acc += exp(sk.lw[i]);
            if (acc > goal) {
                double l = sk.l[i + 1 < sk.n ? i + 1 : i];
                if (rel == LP_PLD_REMOVE)
                    *hi_cut = fmin(lmax, l + 0.02 * fabs(l) + 1e-12);
                else
                    *lo_cut = fmax(-lmax, l - 0.02 * fabs(l) - 1e-12);
                found = 1;
            }
        }
        free(sk.l);
        free(sk.lw);
    }
    if (!found) {               /* nothing cut: the support's end */
        if (rel == LP_PLD_REMOVE)
            *hi_cut = lmax;
        else
            *lo_cut = -lmax;
    }
    /* the other end: log(1 - q) (pld_mech.h), the loss's infimum as t -> -1;
       at q = 1 (a full batch: L = +-2 kappa t) it is -2 kappa */
    if (rel == LP_PLD_REMOVE)
        *lo_cut = pld_below(q < 1 ? log1p(-q) : -2 * kappa);
    else
        *hi_cut = -pld_below(q < 1 ? log1p(-q) : -2 * kappa);
}

/* ---- certified: the cut tails and the mean (the masses: pld_vmf_masses.c) ---- */

static void
vmf_cut_tails(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, int64_t kmin, int64_t kmax,
              double h)
{
    pld_cut_tails_from(pld, st, rel, kmin, kmax, h, pld_vmf_prob_beyond);
}

/* E[X] by one integral over [-1, 1]; the clamp moves it by at most
 * (Lmax - l_kmax)_+ tau_hi (remove: X - X~ = (X - l_kmax)_+ <= Lmax - l_kmax
 * where X > l_kmax, Lmax = log(1 - q + q e^{2 kappa}) the loss's supremum),
 * or (l_kmin + Lmax)_+ tau_lo (add, X >= -Lmax) */
static void
vmf_clamped_mean(arb_t ex_lo, arb_t ex_hi, const lp_pld_step *st, lp_pld_relation rel,
                 int64_t kmin, int64_t K, double h)
{
    arf_t a, b;
    arb_t ex, z, lmax, l, tau;
    arf_init(a);
    arf_init(b);
    arb_init(ex);
    arb_init(z);
    arb_init(lmax);
    arb_init(l);
    arb_init(tau);
    arf_set_si(a, -1);
    arf_one(b);
    pld_vmf_law_integral(ex, st, rel, 1, a, b);
    pld_vmf_normaliser(z, st);
    arb_div(ex, ex, z, VMF_PREC);
    if (rel == LP_PLD_ADD)
        arb_neg(ex, ex);
    arb_mul_2exp_si(lmax, st->kappa, 1);
    arb_exp(lmax, lmax, VMF_PREC);
    arb_sub_ui(lmax, lmax, 1, VMF_PREC);
    arb_mul(lmax, lmax, st->run->q, VMF_PREC);
    arb_log1p(lmax, lmax, VMF_PREC);                        /* Lmax */
    if (rel == LP_PLD_REMOVE) {
        pld_grid_point(l, kmin + K - 1, h);
        pld_vmf_prob_beyond(tau, st, rel, l, 1);
        arb_sub(l, lmax, l, VMF_PREC);
    } else {
        pld_grid_point(l, kmin, h);
        pld_vmf_prob_beyond(tau, st, rel, l, 0);
        arb_add(l, l, lmax, VMF_PREC);
    }
    arb_nonnegative_part(l, l);
    arb_mul(tau, tau, l, VMF_PREC);                         /* the clamp's effect, >= 0 */
    arb_set(ex_lo, ex);
    arb_set(ex_hi, ex);
    if (rel == LP_PLD_REMOVE)
        arb_sub(ex_lo, ex_lo, tau, VMF_PREC);
    else
        arb_add(ex_hi, ex_hi, tau, VMF_PREC);
    arf_clear(a);
    arf_clear(b);
    arb_clear(ex);
    arb_clear(z);
    arb_clear(lmax);
    arb_clear(l);
    arb_clear(tau);
}

const lp_pld_mech pld_mech_vmf = {
    "vmf", vmf_sketch, vmf_cuts, pld_vmf_masses, vmf_cut_tails, vmf_clamped_mean, NULL,
};
