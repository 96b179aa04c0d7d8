/* pld_mech_replace.c -- the Poisson-subsampled Gaussian under replace-one
 * neighbours (one example substituted) as a row of the PLD accountant's
 * table (pld_mech.h), run under the internal relation LP_PLD_REMOVE (the
 * grid's conventions: the loss increasing in the output, its upper tail
 * tau_hi) with both ends of its support clamped (tau_hi and tau_lo both
 * certified; pld_delta.c applies both).
 *
 * The pair (units of the noise, s = 1/M the clipped contribution):
 *   P = (1-q) N(0,1) + q N(s,1),   Q = (1-q) N(0,1) + q N(-s,1),
 * the sampled example at +s in one dataset and its substitute at -s in the
 * other (the two clipped gradients antipodal).  It is the pair dp_accounting
 * documents for its REPLACE adjacency with sampling (privacy_loss_mechanism:
 * mu_upper = q mu(x + s) + (1-q) mu(x), mu_lower = q mu(x - s) + (1-q) mu(x)).
 * It is attained (two inputs with antipodal clipped gradients give exactly
 * it, so the bracket's lower end is a lower bound on the run's epsilon).
 * Dominance, what is proved and what is checked:
 *  - the other examples' sum c is common to both datasets and independent
 *    of the example's inclusion, so one step's outputs are mixtures over c of
 *    (1-q) N(c) + q N(c + g) against (1-q) N(c) + q N(c + g'), |g|, |g'| <= C;
 *    by joint convexity of the hockey-stick divergence the worst c is as good
 *    as c = 0 (proved), and the three means 0, g, g' span a plane, the other
 *    coordinates' Gaussians cancelling (proved);
 *  - in that plane, that g = -g' on the circle is the worst is checked, not
 *    proved (tests/account/t-pld-replace.c: random angles and norms, one
 *    step's delta at or below this pair's at every epsilon tried);
 *  - for alpha = e^eps < 1, H_alpha(A||B) = 1 - alpha + alpha
 *    H_{1/alpha}(B||A) and (B, A) is a neighbouring pair too, so the pair's
 *    symmetry (H(P||Q) = H(Q||P)) carries alpha >= 1 to all alpha (proved);
 *    a pair dominating at every alpha dominates the adaptive composition
 *    (Zhu, Dong and Wang 2022: cited).
 * Hence dominance_status "checked".
 * P(y) = Q(-y), so one composition serves both directions.
 *
 * The loss, z = s y, c = e^{-s^2/2}, alpha = (1-q) / (q c):
 *   L(y) = log(alpha + e^z) - log(alpha + e^-z),  L(-y) = -L(y),
 *   0 < L'(y) < 2 s,
 * and its inverse in closed form (e^L (alpha + e^-z) = alpha + e^z, times
 * e^{-L/2}: sinh(z - L/2) = alpha sinh(L/2)):
 *   y*(l) = M (l/2 + asinh(alpha sinh(l/2))),
 * so P(X <= l) = (1-q) Phi(y*) + q Phi(y* - s) and P(X > l) the same with
 * Phi(-.), both in Arb (pld_phi_sorted; the inverse and the tails are
 * pld_replace_loss.c's, the KL pld_replace_kl.c's). */
#include <math.h>
#include <stdlib.h>
#include "account/pld/pairs/pld_replace.h"
#include "core/host.h"

/* L(y) in doubles (choices only) */
static double
loss_d(double y, double q, double M)
{
    return pld_loss_d(y, q, M, LP_PLD_REMOVE) - pld_loss_d(-y, q, M, LP_PLD_REMOVE);
}

static int
replace_sketch(loss_sketch *sk, const lp_pld_step *st, lp_pld_relation rel)
{
    const double q = st->run->q_d, M = st->run->M_d, s = 1.0 / M, du = 0.002;
    const double lo = -14.0 - s, hi = 14.0 + s;
    double sw = 0, s1 = 0, s2 = 0;
    (void) rel;
    if (pld_sketch_alloc(sk, (size_t) ((hi - lo) / du) + 1, 0) != 0)
        return -1;
    for (size_t i = 0; i < sk->n; i++) {
        double y = lo + i * du, v = y - s;
        double w = ((1 - q) * exp(-0.5 * y * y) + q * exp(-0.5 * v * v)) * du / sqrt(2 * M_PI);
        sk->l[i] = loss_d(y, q, M);
        sk->lw[i] = w > 0 ? log(w) : -INFINITY;
        sw += w;
        s1 += w * sk->l[i];
        s2 += w * sk->l[i] * sk->l[i];
    }
    pld_sketch_moments(sk, sw, s1, s2);
    return 0;
}

/* the clamp: y beyond U (below V) carries at most 1e-6 dref / T of P's mass
 * (bisection in doubles, margin 0.25); a choice, tau is certified */
static void
replace_cuts(double *lo_cut, double *hi_cut, const lp_pld_step *st, lp_pld_relation rel,
             double dref)
{
    const double q = st->run->q_d, M = st->run->M_d, s = 1.0 / M;
    const double goal = 1e-6 * dref / (double) st->run->steps;
    double a = 0, b = s + 40, c = 0, d = 40;
    (void) rel;
    for (int it = 0; it < 80; it++) {
        double U = 0.5 * (a + b), V = 0.5 * (c + d);
        if ((1 - q) * 0.5 * erfc(U / M_SQRT2) + q * 0.5 * erfc((U - s) / M_SQRT2) <= goal)
            b = U;
        else
            a = U;
        if (0.5 * erfc(V / M_SQRT2) <= goal)    /* P(y < -V) <= Phi(-V) */
            d = V;
        else
            c = V;
    }
    *hi_cut = loss_d(fmax(b, s) + 0.25, q, M);
    *lo_cut = loss_d(-d - 0.25, q, M);
}

static arb_ptr
replace_masses(const lp_pld_step *st, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
               arb_ptr *tails, arb_ptr *lower)
{
    const lp_dpsgd *run = st->run;
    const int64_t n = K > 1 ? K - 1 : 1;
    arb_ptr mass = _arb_vec_init(K), z = _arb_vec_init(n), F = _arb_vec_init(n);
    arb_ptr G = _arb_vec_init(n);
    arb_t l;
    (void) rel;
    arb_init(l);
    if (lower)
        *lower = NULL;
    if (K == 1) {
        arb_one(mass);
        arb_zero(G);
    } else {
        /* F_i = P(X <= l_i), G_i = P(X > l_i), i < K - 1: each from its own
         * tail of Phi (relative radii where small) */
        for (int64_t i = 0; i < K - 1 && !lp_cancelled(); i++) {    /* the caller discards
                                                                 * the masses when cancelled */
            pld_grid_point(l, kmin + i, h);
            pld_replace_inverse_loss(z + i, run, l, PLD_REPLACE_WP);
        }
        pld_replace_mixture_cdf(F, z, K - 1, run, 1);
        pld_replace_mixture_cdf(G, z, K - 1, run, -1);
        arb_set_round(mass, F, MASS_PREC);
        arb_set_round(mass + K - 1, G + K - 2, MASS_PREC);
        for (int64_t i = 1; i < K - 1; i++) {
            /* the difference of the smaller tails: below l = 0 F's, above G's */
            if (kmin + i <= 0)
                arb_sub(mass + i, F + i, F + i - 1, MASS_PREC);
            else
                arb_sub(mass + i, G + i - 1, G + i, MASS_PREC);
        }
        for (int64_t i = 0; i < K - 1; i++)
            arb_set_round(G + i, G + i, MASS_PREC);
    }
    arb_clear(l);
    _arb_vec_clear(z, n);
    _arb_vec_clear(F, n);
    if (tails)
        *tails = G;
    else
        _arb_vec_clear(G, n);
    return mass;
}

static void
replace_cut_tails(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, int64_t kmin,
                  int64_t kmax, double h)
{
    arb_t l;
    (void) rel;
    arb_init(l);
    pld_grid_point(l, kmax, h);
    pld_replace_prob_beyond(pld->tau_hi, st->run, l, 1, PLD_REPLACE_WP);
    pld_grid_point(l, kmin, h);
    pld_replace_prob_beyond(pld->tau_lo, st->run, l, 0, PLD_REPLACE_WP);
    arb_clear(l);
}

/* E[X~] in [KL - c_hi, KL + c_lo]: with L' < 2 s, E[(X - l_kmax)_+] <=
 * 2 s E[(y - U)_+] <= 2 s ((1-q) phi(U) + q phi(U - s)) for U = y*(l_kmax)
 * >= s (E[(Z - a)_+] <= phi(a), a >= 0), and E[(l_kmin - X)_+] <=
 * 2 s ((1-q) phi(V) + q phi(V - s)) for V = y*(l_kmin) <= 0; otherwise
 * unbounded (the coupling (c) then unused) */
static void
replace_clamped_mean(arb_t ex_lo, arb_t ex_hi, const lp_pld_step *st, lp_pld_relation rel,
                     int64_t kmin, int64_t K, double h)
{
    const lp_dpsgd *run = st->run;
    arb_t kl, l, y, s, c, t, omq;
    (void) rel;
    arb_init(kl);
    arb_init(l);
    arb_init(y);
    arb_init(s);
    arb_init(c);
    arb_init(t);
    arb_init(omq);
    if (pld_replace_kl(kl, run, 96) != 0)      /* pld_replace_kl.c */
        arb_indeterminate(kl);
    arb_inv(s, run->M, PLD_REPLACE_WP);
    arb_sub_ui(omq, run->q, 1, PLD_REPLACE_WP);
    arb_neg(omq, omq);
    for (int end = 0; end < 2; end++) {
        pld_grid_point(l, end == 0 ? kmin + K - 1 : kmin, h);
        pld_replace_inverse_loss(y, run, l, PLD_REPLACE_WP);
        arb_sub(t, y, s, PLD_REPLACE_WP);
        if (end == 0 ? arb_is_nonnegative(t) : arb_is_nonpositive(y)) {
            pld_normal_density(c, y, PLD_REPLACE_WP);
            arb_mul(c, c, omq, PLD_REPLACE_WP);
            pld_normal_density(t, t, PLD_REPLACE_WP);
            arb_addmul(c, t, run->q, PLD_REPLACE_WP);
            arb_mul(c, c, s, PLD_REPLACE_WP);
            arb_mul_2exp_si(c, c, 1);
        } else {
            arb_pos_inf(c);
        }
        if (end == 0)
            arb_sub(ex_lo, kl, c, MASS_PREC);
        else
            arb_add(ex_hi, kl, c, MASS_PREC);
    }
    arb_clear(kl);
    arb_clear(l);
    arb_clear(y);
    arb_clear(s);
    arb_clear(c);
    arb_clear(t);
    arb_clear(omq);
}

const lp_pld_mech pld_mech_gauss_replace = {
    "gauss", replace_sketch, replace_cuts, replace_masses, replace_cut_tails,
    replace_clamped_mean, NULL,
};
