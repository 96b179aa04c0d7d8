/* pld_mech_gauss.c -- the Poisson-subsampled Gaussian as a row of the PLD
 * accountant's table (pld_mech.h): its loss in units of the noise is at the
 * top of pld.h.  The certified masses are pld_grid_taylor.c's (Taylor blocks,
 * through pld_grid.c's dispatcher), the cut tails pld_grid.c's, the KL pld_kl.c's, the Renyi divergence the RDP accountant's
 * integral (rdp_integral_arb.c); this file holds the clamps' choice (the
 * far tail's, and the one at the loss's own end), the mass the latter cuts
 * and the bound on the clamps' effect on the mean. */
#include <math.h>
#include "account/pld/pairs/pld_mech.h"
#include "account/rdp/rdp.h"

static int
gauss_sketch(loss_sketch *sk, const lp_pld_step *st, lp_pld_relation rel)
{
    return pld_sketch_init(sk, st->run->q_d, st->run->M_d, rel);
}

/* The loss's own end (remove: log(1 - q), the least loss; add: -log(1 - q),
 * the greatest) is approached as u -> -infinity, where the masses are
 * Phi(u)-small: at M 50, q 0.01, T 1000 the 5,800 cells next to it held
 * masses from 2^-120 down to 0, and the cdf's derivatives there kept the
 * Taylor blocks (pld_grid_taylor.c) at single points (60 % of the run).
 * That side is clamped too where T times its tail is at most END_SHARE of
 * the reference: the tail from the least u, in doubles (a choice; the cut
 * mass is certified by end_clamp below).  Where the loss reaches its end
 * within a cell or two of that point (small M) the grid keeps the end and
 * nothing is cut. */
#define END_SHARE 1e-12

static double
end_cut_u(const lp_pld_step *st, lp_pld_relation rel, double dref)
{
    const double q = st->run->q_d, M = st->run->M_d, goal = END_SHARE * dref / (double) st->run->steps;
    double lo = -40.0, hi = 0.0;            /* Phi(-40) < 1e-349: below any goal */
    for (int it = 0; it < 60; it++) {
        const double u = 0.5 * (lo + hi);
        const double tl = rel == LP_PLD_REMOVE
            ? (1 - q) * 0.5 * erfc(-u / M_SQRT2) + q * 0.5 * erfc(-(u - 1.0 / M) / M_SQRT2)
            : 0.5 * erfc(-u / M_SQRT2);
        if (tl <= goal)
            lo = u;
        else
            hi = u;
    }
    return lo;
}

/* The clamp at the loss's own end, certified: tau the mass it moves and
 * gap >= how far.  remove: X~ = max(X, l_{kmin-1} + 0), which moves
 * P(X <= l_{kmin-1}) up to just above l_{kmin-1} (Y = ceil_h(X~) = l_kmin
 * there, m_0's atom; X in (l_{kmin-1}, l_kmin] is rounded, not clamped), by
 * at most gap = l_kmin - log(1-q) as X > log(1-q).  add: X~ = min(X, l_kmax)
 * moves P(X > l_kmax), by at most gap = -log(1-q) - l_kmax.  Both zero
 * where the grid holds the end (remove: l_{kmin-1} <= log(1-q); add:
 * l_kmax >= -log(1-q)). */
static void
end_clamp(arb_t tau, arb_t gap, const lp_dpsgd *run, lp_pld_relation rel, int64_t kmin,
          int64_t kmax, double h)
{
    const slong prec = MASS_PREC + 64;
    arb_t l, x;
    arb_init(l);
    arb_init(x);
    /* x = e^{+-l} - 1 + q at the clamp's point: <= 0 where the end is held */
    pld_grid_point(l, rel == LP_PLD_REMOVE ? kmin - 1 : kmax, h);
    if (rel == LP_PLD_REMOVE)
        pld_loss_cdf_arb(tau, run, rel, l, 1, prec);    /* P(X <= l_{kmin-1}) */
    else
        pld_loss_cdf_arb(tau, run, rel, l, 0, prec);    /* P(X > l_kmax) */
    if (rel == LP_PLD_ADD)
        arb_neg(l, l);
    arb_expm1(x, l, prec);
    arb_add(x, x, run->q, prec);
    if (arb_is_nonpositive(x)) {
        arb_zero(tau);
        arb_zero(gap);
    } else {
        /* gap: remove l_kmin - log(1-q), add -log(1-q) - l_kmax (>= 0) */
        arb_sub_ui(x, run->q, 1, prec);
        arb_neg(x, x);
        arb_log(x, x, prec);                            /* log(1 - q) */
        pld_grid_point(l, rel == LP_PLD_REMOVE ? kmin : kmax, h);
        if (rel == LP_PLD_REMOVE)
            arb_sub(gap, l, x, prec);
        else {
            arb_add(gap, l, x, prec);
            arb_neg(gap, gap);
        }
    }
    arb_clear(l);
    arb_clear(x);
}

static void
gauss_cuts(double *lo_cut, double *hi_cut, const lp_pld_step *st, lp_pld_relation rel, double dref)
{
    const double q = st->run->q_d, M = st->run->M_d, Tf = (double) st->run->steps;
    double zcut = sqrt(2 * log(Tf / (1e-4 * dref))) + 1.0;
    {
        /* The cut's mass: remove, beyond u = U: (1-q) Phi_c(U) +
         * q Phi_c(U - 1/M), not Phi_c(U - 1/M) (for small q the cut moves
         * down: q = 1e-5, M = 0.8, T = 1e6, the loss's support 2.0 -> 0.31);
         * add, beyond u = V: Phi_c(V).  Bisection for the least U (V) with
         * T times that <= 1e-6 dref (1e-4 moved the report's Section 6.3
         * uppers by 1e-5 relative, 305.685 -> 305.686; 1e-6 keeps them, at
         * twice the grid in the hard case: 57 s instead of 41 s), margin +0.25; zcut = U - 1/M (remove)
         * or V (add), at least 1 + 1/M.  A choice: tau is certified. */
        double lo_u = 0.0, hi_u = 1.0 / M + zcut, goal = 1e-6 * dref / Tf;
        for (int it = 0; it < 60; it++) {
            double U = 0.5 * (lo_u + hi_u);
            double tl = rel == LP_PLD_REMOVE
                ? (1 - q) * 0.5 * erfc(U / M_SQRT2) + q * 0.5 * erfc((U - 1.0 / M) / M_SQRT2)
                : 0.5 * erfc(U / M_SQRT2);
            if (tl <= goal)
                hi_u = U;
            else
                lo_u = U;
        }
        hi_u += 0.25;
        zcut = fmin(zcut, fmax(rel == LP_PLD_REMOVE ? hi_u - 1.0 / M : hi_u, 1.0 + 1.0 / M));
    }
    if (rel == LP_PLD_REMOVE) {
        *lo_cut = fmax(pld_below(log1p(-q)), pld_loss_d(end_cut_u(st, rel, dref), q, M, rel));
        *hi_cut = pld_loss_d(1.0 / M + zcut, q, M, rel);
    } else {
        *hi_cut = fmin(-pld_below(log1p(-q)), pld_loss_d(end_cut_u(st, rel, dref), q, M, rel));
        *lo_cut = pld_loss_d(zcut, q, M, rel);
    }
}

static arb_ptr
gauss_masses(const lp_pld_step *st, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
             arb_ptr *tails, arb_ptr *lower)
{
    return pld_masses_at(st->run, rel, kmin, K, h, st->mass_bits ? st->mass_bits : PLD_MASS_BITS, tails,
                         lower);
}

static void
gauss_cut_tails(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, int64_t kmin,
                int64_t kmax, double h)
{
    arb_t gap;
    arb_init(gap);
    pld_cut_tails(pld, st->run, rel, kmin, kmax, h);
    /* the other side: the clamp at the loss's own end, if any */
    end_clamp(rel == LP_PLD_REMOVE ? pld->tau_lo : pld->tau_hi, gap, st->run, rel, kmin, kmax, h);
    arb_clear(gap);
}

static void
gauss_clamped_mean(arb_t ex_lo, arb_t ex_hi, const lp_pld_step *st, lp_pld_relation rel,
                   int64_t kmin, int64_t K, double h)
{
    const lp_dpsgd *run = st->run;
    arb_t kl, t, s, l;
    arb_init(kl);
    arb_init(t);
    arb_init(s);
    arb_init(l);
    lp_pld_kl(kl, run, rel, 96);
    arb_set(ex_lo, kl);
    arb_set(ex_hi, kl);
    {
        /* remove: E[X~] in [KL - c, KL], add: E[X~] in [KL, KL + c], with c
         * from the cut point u = U (remove: X(U) = l_kmax) or u = V (add:
         * X(V) = l_kmin), computed here in Arb (not from the double zcut).
         * Proof.  remove: X(u) = log(1 - q + q e^{s(u)}) is increasing with
         * X'(u) = (1/M) q e^s / (1 - q + q e^s) in (0, 1/M), so
         * E[X] - E[X~] = E[(X - l_kmax)_+] <= E[(u - U)_+] / M, and under
         * P = (1-q) N(0,1) + q N(1/M,1) that is ((1-q) psi(U) + q psi(U - 1/M))
         * / M with psi(a) = E[(Z - a)_+] = phi(a) - a Phi(-a) <= phi(a) for
         * a >= 0.  add: X = -log(1 - q + q e^{s(u)}), u ~ N(0,1), decreasing
         * with |X'| <= 1/M: E[X~] - E[X] = E[(l_kmin - X)_+] <= psi(V)/M <=
         * phi(V)/M for V >= 0.  (The former bound, phi(U - 1/M)/M-like at the
         * double cut less a margin, lacked the factor q and so forced a far
         * cut for small q.) */
        arb_t c, z, x, m1;
        arb_init(c);
        arb_init(z);
        arb_init(x);
        arb_init(m1);
        pld_grid_point(l, rel == LP_PLD_REMOVE ? kmin + K - 1 : kmin, h);
        if (rel == LP_PLD_ADD)
            arb_neg(l, l);
        arb_exp(x, l, MASS_PREC + 64);
        arb_sub_ui(x, x, 1, MASS_PREC + 64);
        arb_add(x, x, run->q, MASS_PREC + 64);
        arb_inv(m1, run->M, MASS_PREC);                 /* 1/M */
        if (arb_is_positive(x)) {
            arb_div(x, x, run->q, MASS_PREC);
            arb_log(x, x, MASS_PREC);
            arb_mul(z, x, run->M, MASS_PREC);
            arb_mul_2exp_si(t, m1, -1);
            arb_add(z, z, t, MASS_PREC);                /* U or V */
            if (rel == LP_PLD_REMOVE)
                arb_sub(t, z, m1, MASS_PREC);           /* U - 1/M */
            else
                arb_set(t, z);
        } else {
            arb_indeterminate(t);
        }
        if (arb_is_nonnegative(t)) {
            arb_const_pi(s, MASS_PREC);
            arb_mul_2exp_si(s, s, 1);
            arb_rsqrt(s, s, MASS_PREC);                 /* 1/sqrt(2 pi) */
            if (rel == LP_PLD_REMOVE) {
                /* (1-q) phi(U) + q phi(U - 1/M) */
                arb_sqr(c, z, MASS_PREC);
                arb_mul_2exp_si(c, c, -1);
                arb_neg(c, c);
                arb_exp(c, c, MASS_PREC);
                arb_sub_ui(x, run->q, 1, MASS_PREC);
                arb_neg(x, x);
                arb_mul(c, c, x, MASS_PREC);
                arb_sqr(x, t, MASS_PREC);
                arb_mul_2exp_si(x, x, -1);
                arb_neg(x, x);
                arb_exp(x, x, MASS_PREC);
                arb_addmul(c, x, run->q, MASS_PREC);
            } else {
                arb_sqr(c, z, MASS_PREC);
                arb_mul_2exp_si(c, c, -1);
                arb_neg(c, c);
                arb_exp(c, c, MASS_PREC);
            }
            arb_mul(c, c, s, MASS_PREC);
            arb_mul(c, c, m1, MASS_PREC);
        } else {
            arb_pos_inf(c);
        }
        arb_clear(x);
        arb_clear(m1);
        if (rel == LP_PLD_REMOVE)
            arb_sub(ex_lo, ex_lo, c, MASS_PREC);
        else
            arb_add(ex_hi, ex_hi, c, MASS_PREC);
        /* the clamp at the loss's own end (end_clamp): remove raises X below
         * l_kmin to it, by at most gap = l_kmin - log(1-q) as X > log(1-q),
         * so E[X~] - E[X] gains at most gap tau; add lowers X above l_kmax
         * by at most gap = -log(1-q) - l_kmax (X < -log(1-q)): at most gap
         * tau less.  (The two clamps act on disjoint events.) */
        end_clamp(c, z, run, rel, kmin, kmin + K - 1, h);
        arb_mul(c, c, z, MASS_PREC);
        if (rel == LP_PLD_REMOVE)
            arb_add(ex_hi, ex_hi, c, MASS_PREC);
        else
            arb_sub(ex_lo, ex_lo, c, MASS_PREC);
        arb_clear(c);
        arb_clear(z);
    }
    arb_clear(kl);
    arb_clear(t);
    arb_clear(s);
    arb_clear(l);
}

static int
gauss_renyi(arb_t rdp, const lp_pld_step *st, const arb_t alpha, slong prec)
{
    return lp_rdp_integral_arb(rdp, st->run, alpha, prec);
}

/* M, in [0.01, 1e4] (the grid's doubles size it) */
static int
M_in_domain(const lp_exact *v)
{
    return lp_exact_sign(v) > 0 && v->d >= 0.01 && v->d <= 10000;
}

static const lp_pld_param gauss_params[] = {
    { "noise_multiplier", "the noise multiplier", "[0.01, 1e4] with --accountant pld", 0, 0,
      M_in_domain },
};

/* the masses 5e-7 s per support point (Taylor blocks; pld_plan.c) */
const lp_pld_mech pld_mech_gauss = {
    "gauss", gauss_sketch, gauss_cuts, gauss_masses, gauss_cut_tails, gauss_clamped_mean,
    gauss_renyi, gauss_params, 1, NULL, NULL, NULL, 5e-7,
};
