/* pld_mech_discrete.c -- mechanisms of finitely many outcomes as rows of the
 * PLD accountant's table (pld_mech.h): binary randomized response at
 * epsilon e (rr) and any (e, d)-DP mechanism (epsdelta).
 *
 * The dominating pairs.  Every e-DP mechanism is dominated by binary
 * randomized response, P0 = (e^e, 1)/(1 + e^e), Q0 = (1, e^e)/(1 + e^e), and
 * every (e, d)-DP mechanism by the pair of four outcomes
 *   P0 = (d, (1-d) e^e/(1+e^e), (1-d)/(1+e^e), 0),
 *   Q0 = (0, (1-d)/(1+e^e), (1-d) e^e/(1+e^e), d)
 * (Kairouz, Oh and Viswanath 2015, Thm 2.1: its hockey-stick curve is the
 * largest an (e, d)-DP pair can have; dp_accounting builds its PLD "from
 * privacy parameters" on it): cited.  Poisson subsampling and composition as
 * for the VMF (pld_mech_vmf.c: Zhu, Dong and Wang 2022, cited).
 *
 * The loss takes one value per outcome j: remove L_j = log(1 - q + q P0_j /
 * Q0_j) with mass (1-q) Q0_j + q P0_j (+infinity where Q0_j = 0: mass q d,
 * always cut, so counted fully into delta by the clamp (a)); add L_j = -log(1
 * - q + q P0_j / Q0_j) with mass Q0_j (outcomes with Q0_j = 0 have none).
 * Everything is exact up to Arb's balls: the masses of Y are the outcomes'
 * masses at ceil_h(L_j), each L_j's ball made not to straddle a grid point
 * by raising the precision; the mean of X~ is a finite sum.  The outcomes
 * and their cells are pld_discrete_outcomes.c's. */
#include <math.h>
#include <stdlib.h>
#include "account/pld/pairs/pld_discrete.h"
#include "core/host.h"

static int
disc_sketch(loss_sketch *sk, const lp_pld_step *st, lp_pld_relation rel)
{
    pld_outcomes o;
    double s1 = 0, s2 = 0, sw = 0, top = -INFINITY;
    pld_outcomes_init(&o, st, rel, 128);
    if (pld_sketch_alloc(sk, (size_t) o.n, 0) != 0) {
        pld_outcomes_clear(&o);
        return -1;
    }
    for (int j = 0; j < o.n; j++)
        if (!o.inf[j])
            top = fmax(top, arf_get_d(arb_midref(o.L + j), ARF_RND_NEAR));
    for (int j = 0; j < o.n; j++) {
        double m = arf_get_d(arb_midref(o.m + j), ARF_RND_NEAR);
        /* the infinite loss is cut: sketched at the finite top */
        sk->l[j] = o.inf[j] ? top : arf_get_d(arb_midref(o.L + j), ARF_RND_NEAR);
        sk->lw[j] = m > 0 ? log(m) : -INFINITY;
        sw += m;
        s1 += m * sk->l[j];
        s2 += m * sk->l[j] * sk->l[j];
    }
    pld_sketch_moments(sk, sw, s1, s2);
    pld_outcomes_clear(&o);
    return 0;
}

/* the support: the finite losses' range (the infinite one is cut) */
static void
disc_cuts(double *lo_cut, double *hi_cut, const lp_pld_step *st, lp_pld_relation rel, double dref)
{
    pld_outcomes o;
    (void) dref;
    *lo_cut = INFINITY;
    *hi_cut = -INFINITY;
    pld_outcomes_init(&o, st, rel, 128);
    for (int j = 0; j < o.n; j++)
        if (!o.inf[j]) {
            double l = arf_get_d(arb_midref(o.L + j), ARF_RND_NEAR);
            *lo_cut = fmin(*lo_cut, l);
            *hi_cut = fmax(*hi_cut, l);
        }
    if (!(*lo_cut <= *hi_cut))
        *lo_cut = *hi_cut = 0;
    /* a margin, so that the grid's ends hold every finite loss (the doubles
     * round; an atom beyond an end would be cut: valid, but counted whole) */
    *lo_cut -= 1e-9 * fabs(*lo_cut) + 1e-12;
    *hi_cut += 1e-9 * fabs(*hi_cut) + 1e-12;
    if (*lo_cut == *hi_cut) {       /* one value: a cell either side */
        *lo_cut -= 1e-6;
        *hi_cut += 1e-6;
    }
    pld_outcomes_clear(&o);
}

/* the index in [kmin, kmin + K) of outcome j's rounded-up clamped loss */
static int64_t
index_of(const lp_pld_step *st, lp_pld_relation rel, const pld_outcomes *o, int j, int64_t kmin,
         int64_t K, double h)
{
    int64_t k;
    if (o->inf[j] || pld_outcome_cell(&k, st, rel, j, h) != 0 || k > kmin + K - 1)
        return K - 1;                           /* clamped at the top (a cell never found: up) */
    return k < kmin ? 0 : k - kmin;
}

static arb_ptr
disc_masses(const lp_pld_step *st, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
            arb_ptr *tails, arb_ptr *lower)
{
    pld_outcomes o;
    arb_ptr mass = _arb_vec_init(K), G = _arb_vec_init(K > 1 ? K - 1 : 1);
    arb_ptr F = rel == LP_PLD_ADD ? _arb_vec_init(K > 1 ? K - 1 : 1) : NULL;
    pld_outcomes_init(&o, st, rel, 128);
    for (int j = 0; j < o.n; j++) {
        int64_t i = index_of(st, rel, &o, j, kmin, K, h);
        arb_add(mass + i, mass + i, o.m + j, MASS_PREC);
    }
    /* G_i = P(X > l_{kmin+i}) = the masses above i; F_i = those at or below */
    for (int64_t i = K - 1; i-- > 0;) {
        arb_set(G + i, mass + i + 1);
        if (i + 1 < K - 1)
            arb_add(G + i, G + i, G + i + 1, MASS_PREC);
    }
    if (F)
        for (int64_t i = 0; i + 1 < K; i++) {
            arb_set(F + i, mass + i);
            if (i > 0)
                arb_add(F + i, F + i, F + i - 1, MASS_PREC);
        }
    if (K == 1)
        arb_one(mass + 0);
    pld_outcomes_clear(&o);
    pld_hand_out_tails(G, F, K, tails, lower);
    return mass;
}

/* tau_hi = P(X > l_kmax) (remove), tau_lo = P(X <= l_kmin) (add) */
static void
disc_cut_tails(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, int64_t kmin, int64_t kmax,
               double h)
{
    pld_outcomes o;
    arb_t l;
    arb_init(l);
    pld_outcomes_init(&o, st, rel, 128);
    arb_zero(pld->tau_hi);
    arb_zero(pld->tau_lo);
    pld_grid_point(l, rel == LP_PLD_REMOVE ? kmax : kmin, h);
    for (int j = 0; j < o.n; j++) {
        if (rel == LP_PLD_REMOVE) {
            if (o.inf[j] || arb_gt(o.L + j, l))
                arb_add(pld->tau_hi, pld->tau_hi, o.m + j, MASS_PREC);
            else if (!arb_le(o.L + j, l))       /* undecided: counted (an upper bound) */
                arb_add(pld->tau_hi, pld->tau_hi, o.m + j, MASS_PREC);
        } else if (arb_le(o.L + j, l) || !arb_gt(o.L + j, l)) {
            arb_add(pld->tau_lo, pld->tau_lo, o.m + j, MASS_PREC);
        }
    }
    pld_outcomes_clear(&o);
    arb_clear(l);
}

/* E[X~] = sum_j m_j X~_j exactly (balls), X~ the loss clamped on the
 * relation's cut side only, as pld_init.c defines it and as disc_masses places
 * the atoms: remove X~ = min(X, l_kmax), add X~ = max(X, l_kmin).
 *
 * Why one side.  The mean rounding mu = E[Y] - E[X~] (pld_mean.c) is the
 * mean of D = Y - X~ in the Hoeffding coupling ((c) in pld_bounds.h), so X~_j must
 * be the very value whose ceiling disc_masses put on the grid.  The other
 * end of the grid holds every atom without a clamp: under remove kmin =
 * ceil(lo_cut / h) with lo_cut below the least finite loss (disc_cuts'
 * margin, 1e-9 relative against 128-bit balls), so l_{kmin-1} < lo_cut <
 * L_j and ceil_h(L_j) >= l_kmin: the least atom sits at its own ceiling,
 * usually l_kmin itself, above L_j by D_j in [0, h); under add kmax =
 * ceil(hi_cut / h) likewise puts l_kmax above every atom.  Clamping that
 * end too (as this function did) set X~_j = l_kmin for the least atom,
 * i.e. D_j = 0 where the masses have D_j ~ h: mu came out too small (rr at
 * e 1, q 0.01, remove: 0.236 h for 0.907 h) and the lower end's Hoeffding
 * point e + T mu_hi + t too near e, so delta's lower end too high once that
 * point beat e + T h (T ~ 100: the certified lower end 9.97117e-6 above the
 * exact 9.95039e-6).
 *
 * A cell is always found (cell_of): L_j = log(1 - q + q r) = k h would
 * make e^{kh} - (1 - q) - q e^{+-e} = 0 with rational q, e and distinct
 * exponents, which Lindemann-Weierstrass excludes (kh = 0 or +-e would need
 * q in {0, 1}); index_of's fallback to the top is never taken. */
static void
disc_clamped_mean(arb_t ex_lo, arb_t ex_hi, const lp_pld_step *st, lp_pld_relation rel,
                  int64_t kmin, int64_t K, double h)
{
    pld_outcomes o;
    arb_t c, x;
    arb_init(c);
    arb_init(x);
    pld_outcomes_init(&o, st, rel, 128);
    pld_grid_point(c, rel == LP_PLD_REMOVE ? kmin + K - 1 : kmin, h);   /* the cut point */
    arb_zero(ex_lo);
    for (int j = 0; j < o.n; j++) {
        const int beyond = rel == LP_PLD_REMOVE ? (o.inf[j] || arb_ge(o.L + j, c))
                                                : arb_le(o.L + j, c);
        const int inside = !o.inf[j] && (rel == LP_PLD_REMOVE ? arb_lt(o.L + j, c)
                                                             : arb_gt(o.L + j, c));
        if (beyond)
            arb_set(x, c);
        else if (inside)
            arb_set(x, o.L + j);
        else
            arb_union(x, o.L + j, c, MASS_PREC);    /* the clamp undecided: both */
        arb_addmul(ex_lo, o.m + j, x, MASS_PREC);
    }
    arb_set(ex_hi, ex_lo);
    pld_outcomes_clear(&o);
    arb_clear(c);
    arb_clear(x);
}

const lp_pld_mech pld_mech_rr = {
    "rr", disc_sketch, disc_cuts, disc_masses, disc_cut_tails, disc_clamped_mean, NULL,
};

const lp_pld_mech pld_mech_epsdelta = {
    "epsdelta", disc_sketch, disc_cuts, disc_masses, disc_cut_tails, disc_clamped_mean, NULL,
};
