/* pld_mech_fixed_batch.c -- the Gaussian with fixed-size batches drawn
 * without replacement (m of n examples each step, gamma = m/n) under
 * replace-one neighbours, as a row of the PLD accountant's table
 * (pld_mech.h), run under the internal relation LP_PLD_REMOVE with both ends
 * of its support clamped (tau_hi and tau_lo certified), like
 * pld_mech_replace.c.
 *
 * The pair.  Replacing one example moves the clipped sum by at most 2C, so
 * the unsampled mechanism is dominated by A = N(0,1) against B = N(2s,1)
 * (units of the noise, s = 1/M), tradeoff f = G_{2s}.  Without replacement
 * the subsampled step is dominated by the pair whose tradeoff function is
 * min{f_g, f_g^-1}** with f_g = g f + (1-g) Id (Dong, Roth and Su 2022,
 * Theorem 4.2, subsampling without replacement; Zhu, Dong and Wang 2022,
 * its dominating pair, which composes adaptively): cited.  Its privacy
 * profile is the larger of the two mixture pairs' at every eps (the
 * conjugate of a minimum's convex hull is the maximum of the conjugates):
 *   remove  R = (1-g) A + g B against A,  loss L(u) = log(1-g + g e^{2su - 2s^2}),
 *   add     A against R,                  loss -L(u),
 * and, f being symmetric, its PLD is remove's above 0, add's below 0 and an
 * atom at 0:
 *   P(X > l)  = P_R(u > u*(l))   = (1-g) Phi(-u*) + g Phi(2s - u*),  l >= 0,
 *   P(X <= l) = P_A(u > u*(-l))  = Phi(-u*(-l)),                      l < 0,
 *   P(X = 0)  = 1 - P_R(u > s) - P_A(u > s) = (1-g)(Phi(s) - Phi(-s)),
 * u*(l) = (M/2) log1p(expm1(l)/g) + s the inverse of L on [s, inf)
 * (L(s) = 0, 0 < L' < 2s).  The pair is symmetric (its profile satisfies
 * delta(-e) = 1 - e^-e + e^-e delta(e)), so one composition serves both
 * directions of the relation.  Each direction's pair is attained by a
 * dataset (every other example's clipped gradient at b, the example at a
 * and its substitute at b, |a - b| = 2C, or the reverse), so one step's
 * delta is exact; over T steps the composition of the pair is an upper
 * bound and the bracket's lower end bounds the pair's delta, not
 * necessarily the run's.  At g = 1 the pair is B against A, the Gaussian
 * at multiplier M/2 (the study takes the closed form). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "account/pld/pairs/pld_mech.h"
#include "core/host.h"
#include "arb_hypgeom.h"

#define WP (MASS_PREC + 64)

/* L(u) in doubles (choices only) */
static double
remove_loss_d(double u, double g, double M)
{
    const double s = 1.0 / M;
    return log1p(g * expm1(2 * s * u - 2 * s * s));
}

static double
normal_d(double x)
{
    return exp(-0.5 * x * x) / sqrt(2 * M_PI);
}

static int
fb_sketch(loss_sketch *sk, const lp_pld_step *st, lp_pld_relation rel)
{
    const double g = st->run->q_d, M = st->run->M_d, s = 1.0 / M, du = 0.002;
    const double hi = 14.0 + 2 * s;
    const size_t n1 = (size_t) ((hi - s) / du) + 1;
    double sw = 0, s1 = 0, s2 = 0, atom;
    (void) rel;
    memset(sk, 0, sizeof *sk);          /* every optional field unset (NULL) */
    sk->n = 2 * n1 + 1;
    sk->l = malloc(sk->n * sizeof *sk->l);
    sk->lw = malloc(sk->n * sizeof *sk->lw);
    if (sk->l == NULL || sk->lw == NULL) {
        free(sk->l);
        free(sk->lw);
        return -1;
    }
    for (size_t i = 0; i < n1; i++) {
        double u = s + (i + 0.5) * du, l = remove_loss_d(u, g, M);
        double wr = ((1 - g) * normal_d(u) + g * normal_d(u - 2 * s)) * du, wa = normal_d(u) * du;
        sk->l[2 * i] = l;
        sk->lw[2 * i] = wr > 0 ? log(wr) : -INFINITY;
        sk->l[2 * i + 1] = -l;
        sk->lw[2 * i + 1] = wa > 0 ? log(wa) : -INFINITY;
        sw += wr + wa;
        s1 += (wr - wa) * l;
        s2 += (wr + wa) * l * l;
    }
    atom = (1 - g) * (0.5 * erfc(-s / M_SQRT2) - 0.5 * erfc(s / M_SQRT2));
    sk->l[2 * n1] = 0;
    sk->lw[2 * n1] = atom > 0 ? log(atom) : -INFINITY;
    sw += atom;
    sk->mean = s1 / sw;
    sk->var = fmax(s2 / sw - sk->mean * sk->mean, 1e-300);
    sk->lmax = 0;
    return 0;
}

/* the clamp: u beyond U under R, beyond V under A, each at most 1e-6 dref /
 * T of the mass (bisection in doubles, margin 0.25); a choice, tau is
 * certified */
static void
fb_cuts(double *lo_cut, double *hi_cut, const lp_pld_step *st, lp_pld_relation rel, double dref)
{
    const double g = st->run->q_d, M = st->run->M_d, s = 1.0 / M;
    const double goal = 1e-6 * dref / (double) st->run->steps;
    double a = 0, b = 2 * s + 40, c = 0, d = 40;
    (void) rel;
    for (int it = 0; it < 80; it++) {
        double U = 0.5 * (a + b), V = 0.5 * (c + d);
        if ((1 - g) * 0.5 * erfc(U / M_SQRT2) + g * 0.5 * erfc((U - 2 * s) / M_SQRT2) <= goal)
            b = U;
        else
            a = U;
        if (0.5 * erfc(V / M_SQRT2) <= goal)
            d = V;
        else
            c = V;
    }
    *hi_cut = remove_loss_d(fmax(b, 2 * s) + 0.25, g, M);
    *lo_cut = -remove_loss_d(fmax(d, s) + 0.25, g, M);
}

/* u = u*(|l|) = (M/2) log1p(expm1(|l|)/g) + s */
static void
inverse_loss(arb_t u, const lp_dpsgd *run, const arb_t l, slong prec)
{
    arb_t t, s;
    arb_init(t);
    arb_init(s);
    arb_abs(t, l);
    arb_expm1(t, t, prec);
    arb_div(t, t, run->q, prec);
    arb_log1p(t, t, prec);
    arb_mul(t, t, run->M, prec);
    arb_mul_2exp_si(t, t, -1);
    arb_inv(s, run->M, prec);
    arb_add(u, t, s, prec);
    arb_clear(t);
    arb_clear(s);
}

/* res = Phi(-x) = erfc(x / sqrt 2) / 2 */
static void
phi_upper(arb_t res, const arb_t x, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_sqrt_ui(t, 2, prec);
    arb_div(t, x, t, prec);
    arb_hypgeom_erfc(res, t, prec);
    arb_mul_2exp_si(res, res, -1);
    arb_clear(t);
}

/* res = P(X > l) (above) or P(X <= l), one point */
static void
prob_beyond(arb_t res, const lp_dpsgd *run, const arb_t l, int above, slong prec)
{
    arb_t u, a, b, s;
    int pos = arb_is_nonnegative(l);
    arb_init(u);
    arb_init(a);
    arb_init(b);
    arb_init(s);
    inverse_loss(u, run, l, prec);
    if (pos) {                  /* (1-g) Phi(-u*) + g Phi(2s - u*) */
        arb_inv(s, run->M, prec);
        arb_mul_2exp_si(s, s, 1);
        arb_sub(b, u, s, prec);
        phi_upper(a, u, prec);
        phi_upper(b, b, prec);
        arb_sub_ui(s, run->q, 1, prec);
        arb_neg(s, s);
        arb_mul(res, a, s, prec);
        arb_addmul(res, b, run->q, prec);
        if (!above)
            arb_sub_ui(res, res, 1, prec), arb_neg(res, res);
    } else {                    /* Phi(-u*(-l)) */
        phi_upper(res, u, prec);
        if (above)
            arb_sub_ui(res, res, 1, prec), arb_neg(res, res);
    }
    arb_clear(u);
    arb_clear(a);
    arb_clear(b);
    arb_clear(s);
}

/* out_i = Phi(z_i) for z descending (pld_phi_sorted wants them ascending) */
static void
phi_descending(arb_ptr out, arb_srcptr z, int64_t n, slong prec)
{
    arb_ptr w = _arb_vec_init(n), r = _arb_vec_init(n);
    for (int64_t i = 0; i < n; i++)
        arb_set(w + i, z + n - 1 - i);
    pld_phi_sorted(r, w, n, prec);
    for (int64_t i = 0; i < n; i++)
        arb_swap(out + i, r + n - 1 - i);
    _arb_vec_clear(w, n);
    _arb_vec_clear(r, n);
}

static arb_ptr
fb_masses(const lp_pld_step *st, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
          arb_ptr *tails, arb_ptr *lower)
{
    const lp_dpsgd *run = st->run;
    const int64_t n = K > 1 ? K - 1 : 1;
    const int64_t nneg = kmin < 0 ? (-kmin < n ? -kmin : n) : 0;   /* l_i < 0: i < nneg */
    arb_ptr mass = _arb_vec_init(K), u = _arb_vec_init(n), F = _arb_vec_init(n);
    arb_ptr G = _arb_vec_init(n), z = _arb_vec_init(n), p = _arb_vec_init(n);
    arb_t l, s2, omq;
    (void) rel;
    arb_init(l);
    arb_init(s2);
    arb_init(omq);
    if (lower)
        *lower = NULL;
    arb_inv(s2, run->M, WP);
    arb_mul_2exp_si(s2, s2, 1);
    arb_sub_ui(omq, run->q, 1, WP);
    arb_neg(omq, omq);
    if (K == 1) {
        arb_one(mass);
        arb_zero(G);
    } else {
        for (int64_t i = 0; i < K - 1 && !lp_cancelled(); i++) {    /* the caller discards
                                                                 * the masses when cancelled */
            pld_grid_point(l, kmin + i, h);
            inverse_loss(u + i, run, l, WP);
        }
        /* below 0: F_i = Phi(-u_i), arguments ascending in i */
        for (int64_t i = 0; i < nneg; i++)
            arb_neg(z + i, u + i);
        if (nneg > 0)
            pld_phi_sorted(F, z, nneg, WP);
        for (int64_t i = 0; i < nneg; i++) {
            arb_sub_ui(G + i, F + i, 1, WP);
            arb_neg(G + i, G + i);
        }
        /* at and above 0: G_i = (1-g) Phi(-u_i) + g Phi(2s - u_i), descending */
        if (n - nneg > 0) {
            int64_t m = n - nneg;
            for (int64_t i = 0; i < m; i++)
                arb_neg(z + i, u + nneg + i);
            phi_descending(p, z, m, WP);
            for (int64_t i = 0; i < m; i++)
                arb_mul(G + nneg + i, p + i, omq, WP);
            for (int64_t i = 0; i < m; i++)
                arb_add(z + i, z + i, s2, WP);
            phi_descending(p, z, m, WP);
            for (int64_t i = 0; i < m; i++) {
                arb_addmul(G + nneg + i, p + i, run->q, WP);
                arb_sub_ui(F + nneg + i, G + nneg + i, 1, WP);
                arb_neg(F + nneg + i, F + nneg + i);
            }
        }
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
    arb_clear(s2);
    arb_clear(omq);
    _arb_vec_clear(u, n);
    _arb_vec_clear(F, n);
    _arb_vec_clear(z, n);
    _arb_vec_clear(p, n);
    if (tails)
        *tails = G;
    else
        _arb_vec_clear(G, n);
    return mass;
}

static void
fb_cut_tails(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, int64_t kmin, int64_t kmax,
             double h)
{
    arb_t l;
    (void) rel;
    arb_init(l);
    pld_grid_point(l, kmax, h);
    prob_beyond(pld->tau_hi, st->run, l, 1, WP);
    pld_grid_point(l, kmin, h);
    prob_beyond(pld->tau_lo, st->run, l, 0, WP);
    arb_clear(l);
}

/* E[X~] in [KL - c_hi, KL + c_lo]: with 0 < L' < 2s, above l_kmax (u > U =
 * u*(l_kmax) >= 2s) E[(X - l_kmax)_+] <= 2s E_R[(u - U)_+] <= 2s ((1-g)
 * phi(U) + g phi(U - 2s)) (E[(Z - a)_+] <= phi(a), a >= 0), and below l_kmin
 * < 0 (u > V = u*(-l_kmin) >= 0) E[(l_kmin - X)_+] <= 2s phi(V); otherwise
 * unbounded */
static void
fb_clamped_mean(arb_t ex_lo, arb_t ex_hi, const lp_pld_step *st, lp_pld_relation rel, int64_t kmin,
                int64_t K, double h)
{
    const lp_dpsgd *run = st->run;
    arb_t kl, l, u, s2, c, t, omq;
    (void) rel;
    arb_init(kl);
    arb_init(l);
    arb_init(u);
    arb_init(s2);
    arb_init(c);
    arb_init(t);
    arb_init(omq);
    if (pld_fixed_batch_kl(kl, run, 96) != 0)  /* pld_fixed_batch_kl.c */
        arb_indeterminate(kl);
    arb_inv(s2, run->M, WP);
    arb_mul_2exp_si(s2, s2, 1);
    arb_sub_ui(omq, run->q, 1, WP);
    arb_neg(omq, omq);
    /* the upper end */
    pld_grid_point(l, kmin + K - 1, h);
    inverse_loss(u, run, l, WP);
    arb_sub(t, u, s2, WP);
    if (arb_is_positive(l) && arb_is_nonnegative(t)) {
        pld_normal_density(c, u, WP);
        arb_mul(c, c, omq, WP);
        pld_normal_density(t, t, WP);
        arb_addmul(c, t, run->q, WP);
        arb_mul(c, c, s2, WP);
    } else {
        arb_pos_inf(c);
    }
    arb_sub(ex_lo, kl, c, MASS_PREC);
    /* the lower end */
    pld_grid_point(l, kmin, h);
    if (arb_is_negative(l)) {
        inverse_loss(u, run, l, WP);
        pld_normal_density(c, u, WP);
        arb_mul(c, c, s2, WP);
    } else {
        arb_pos_inf(c);
    }
    arb_add(ex_hi, kl, c, MASS_PREC);
    arb_clear(kl);
    arb_clear(l);
    arb_clear(u);
    arb_clear(s2);
    arb_clear(c);
    arb_clear(t);
    arb_clear(omq);
}

const lp_pld_mech pld_mech_gauss_fixed_batch = {
    "gauss", fb_sketch, fb_cuts, fb_masses, fb_cut_tails, fb_clamped_mean, NULL,
};
