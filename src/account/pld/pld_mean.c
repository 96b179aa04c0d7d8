/* pld_mean.c -- the mean rounding mu = E[Y] - E[X~] enclosed, for the
 * Hoeffding coupling ((c) at the top of pld.c): E[Y] from the masses, E[X~]
 * from the certified KL (pld_kl.c) and a bound on the clamp's effect. */
#include "account/pld/pld_internal.h"
#include "core/host.h"

void
pld_mean_rounding(lp_pld *pld, const lp_dpsgd *run, lp_pld_relation rel, arb_srcptr mass,
                  int64_t kmin, int64_t K, double h, double zcut)
{
    arb_t t, s, l, ey, kl, ex_lo, ex_hi;

    arb_init(t);
    arb_init(s);
    arb_init(l);
    arb_init(ey);
    arb_init(kl);
    arb_init(ex_lo);
    arb_init(ex_hi);

    /* 3. mu = E[Y] - E[X~] enclosed: E[Y] exactly from the masses; E[X~]
     * from the KL and the clamped tails (pld_kl.c's tail bounds) */
    arb_zero(ey);
    for (int64_t i = 0; i < K && !lp_cancelled(); i++) {   /* SIGINT: no result (pld.c) */
        pld_grid_point(l, kmin + i, h);
        arb_addmul(ey, mass + i, l, MASS_PREC);
    }
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
        (void) zcut;
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
        arb_clear(c);
        arb_clear(z);
    }
    arb_sub(pld->mu_lo, ey, ex_hi, MASS_PREC);
    arb_sub(pld->mu_hi, ey, ex_lo, MASS_PREC);
    arb_clear(t);
    arb_clear(s);
    arb_clear(l);
    arb_clear(ey);
    arb_clear(kl);
    arb_clear(ex_lo);
    arb_clear(ex_hi);
}
