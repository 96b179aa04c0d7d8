/* pld_bounds.c -- the bounds around the composition: the mean rounding
 * mu = E[Y] - E[X~] enclosed (for the Hoeffding coupling, (c) at the top of
 * pld.c), the window's tails by Chernoff ((d)), and the choice of the better
 * of two valid bounds. */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "account/pld_internal.h"
#include "numeric/numeric.h"
#include "core/host.h"

/* x = the better of two valid bounds: the smaller upper end (upper != 0)
 * or the larger lower end */
void
pld_take_better(arb_t x, const arb_t y, int upper)
{
    arf_t ex, ey;
    if (!arb_is_finite(y))
        return;
    arf_init(ex);
    arf_init(ey);
    if (upper) {
        arb_get_ubound_arf(ex, x, 64);
        arb_get_ubound_arf(ey, y, 64);
        if (!arb_is_finite(x) || arf_cmp(ey, ex) < 0)
            arb_set(x, y);
    } else {
        arb_get_lbound_arf(ex, x, 64);
        arb_get_lbound_arf(ey, y, 64);
        if (!arb_is_finite(x) || arf_cmp(ey, ex) > 0)
            arb_set(x, y);
    }
    arf_clear(ex);
    arf_clear(ey);
}

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

void
pld_window_tails(lp_pld *pld, const lp_dpsgd *run, lp_pld_relation rel, arb_srcptr mass,
                 arb_srcptr G, arb_srcptr F, int64_t kmin, int64_t K, double lam_hi, double lam_lo,
                 double dref)
{
    const uint64_t T = run->steps;
    const double h = pld->h;
    const size_t n = pld->n;
    arb_t t, s, l;

    arb_init(t);
    arb_init(s);
    arb_init(l);

    /* 4. the window's tails by Chernoff.  Where the exponential weights meet
     * the loss's own tail (remove: S large; add: S small), the masses' absolute
     * radii would swamp the bound, so the true loss's moment is used, which
     * is the Renyi moment A_alpha (certified, rdp_integral_arb.c):
     *   remove: S_Y <= S_X + T h, P(S_X >= c) <= A_{lam+1}^T e^{-lam c};
     *   add:    S_Y >= S_X, P(S_X < a) <= A_{lam}^T e^{lam a} (A <= 1 for
     *           lam <= 1, by Jensen).
     * The other side's loss is bounded (log(1-q) <= X, or X <= -log(1-q)):
     * there the discretised Y's generating function, from the masses' upper
     * ends, is used: P(S_Y >= b) <= m(lam)^T e^{-lam b}, P(S_Y <= a - h) <=
     * m(-lam)^T e^{lam (a - h)}. */
    arb_zero(pld->tail);
    for (int side = 0; side < 2; side++) {
        const double lam = side == 0 ? lam_hi : lam_lo;
        const int moment = (rel == LP_PLD_REMOVE) == (side == 0);
        arb_t mg, mg2;
        arb_init(mg);
        arb_init(mg2);
        arb_pos_inf(mg2);
        if (moment) {
            arb_t alpha, rdp;
            arb_init(alpha);
            arb_init(rdp);
            arb_set_d(alpha, side == 0 ? lam + 1.0 : lam);
            arb_sub_ui(t, alpha, 1, MASS_PREC);
            if (side == 1 && !arb_is_positive(t)) {
                arb_zero(mg);                       /* log A <= 0 */
            } else if (lp_rdp_integral_arb(rdp, run, alpha, MASS_PREC) == 0) {
                arb_mul(mg, rdp, t, MASS_PREC);     /* log A_alpha */
                arb_mul_ui(mg, mg, T, MASS_PREC);
            } else {
                arb_pos_inf(mg);
            }
            /* The shift between S_Y and S_X: certainly within [0, T h]; or,
             * by Hoeffding (see (c)), within T mu +- t2 except with
             * probability eta2 (added).  The smaller bound is kept:
             * remove: e^{-lam (b - T h)} or e^{-lam (b - T mu_hi - t2)} + eta2;
             * add:    e^{lam a} or e^{lam (a - T mu_lo + t2)} + eta2. */
            {
                arb_t c1, c2, t2, eta2, ab;
                arb_init(c1);
                arb_init(c2);
                arb_init(t2);
                arb_init(eta2);
                arb_init(ab);
                arb_set_d(eta2, 1e-6 * dref);
                arb_log(t2, eta2, MASS_PREC);
                arb_neg(t2, t2);
                arb_mul_ui(t2, t2, T, MASS_PREC);
                arb_mul_2exp_si(t2, t2, -1);
                arb_sqrt(t2, t2, MASS_PREC);
                arb_set_d(s, h);
                arb_mul(t2, t2, s, MASS_PREC);      /* t2 = h sqrt(T log(1/eta2)/2) */
                arb_set_d(ab, h);
                arb_mul_si(ab, ab, side == 0 ? pld->ja + (int64_t) n : pld->ja, ARF_PREC_EXACT);
                arb_set_d(s, lam);
                if (side == 0) {
                    arb_set_d(c1, h);
                    arb_mul_ui(c1, c1, T, MASS_PREC);
                    arb_sub(c1, ab, c1, MASS_PREC);                 /* b - T h */
                    arb_mul_ui(c2, pld->mu_hi, T, MASS_PREC);
                    arb_add(c2, c2, t2, MASS_PREC);
                    arb_sub(c2, ab, c2, MASS_PREC);                 /* b - T mu_hi - t2 */
                    arb_neg(s, s);
                } else {
                    arb_set(c1, ab);                                /* a */
                    arb_mul_ui(c2, pld->mu_lo, T, MASS_PREC);
                    arb_sub(c2, t2, c2, MASS_PREC);
                    arb_add(c2, ab, c2, MASS_PREC);                 /* a - T mu_lo + t2 */
                }
                arb_mul(c1, c1, s, MASS_PREC);
                arb_add(c1, c1, mg, MASS_PREC);
                arb_exp(c1, c1, MASS_PREC);
                arb_mul(c2, c2, s, MASS_PREC);
                arb_add(c2, c2, mg, MASS_PREC);
                arb_exp(c2, c2, MASS_PREC);
                arb_add(c2, c2, eta2, MASS_PREC);
                arb_set(mg, c1);
                pld_take_better(mg, c2, 1);
                arb_clear(c1);
                arb_clear(c2);
                arb_clear(t2);
                arb_clear(eta2);
                arb_clear(ab);
            }
            arb_clear(alpha);
            arb_clear(rdp);
            arb_swap(mg, mg2);
        }
        /* the discretised generating function: on the moment's side too
         * (the smaller of two valid bounds is kept) */
        {
            arb_t e1, step, ub;
            arb_init(e1);
            arb_init(step);
            arb_init(ub);
            arb_set_d(t, side == 0 ? lam : -lam);
            pld_grid_point(l, kmin, h);
            arb_mul(e1, t, l, MASS_PREC);
            arb_exp(e1, e1, MASS_PREC);
            arb_set_d(step, h);
            arb_mul(step, step, t, MASS_PREC);
            arb_exp(step, step, MASS_PREC);
            arb_zero(mg);
            for (int64_t i = 0; i < K && !lp_cancelled(); i++) {
                arf_t u;
                arf_init(u);
                arb_get_abs_ubound_arf(u, mass + i, MASS_PREC);
                arb_set_arf(ub, u);
                arf_clear(u);
                arb_addmul(mg, ub, e1, MASS_PREC);
                arb_mul(e1, e1, step, MASS_PREC);
            }
            arb_pow_ui(mg, mg, T, MASS_PREC);
            /* side 0: b = (ja + n) h; side 1: a - h = (ja - 1) h */
            arb_set_d(l, h);
            arb_mul_si(l, l, side == 0 ? pld->ja + (int64_t) n : pld->ja - 1, ARF_PREC_EXACT);
            arb_mul(l, l, t, MASS_PREC);
            arb_neg(l, l);
            arb_exp(l, l, MASS_PREC);
            arb_mul(mg, mg, l, MASS_PREC);
            arb_clear(e1);
            arb_clear(step);
            arb_clear(ub);
        }
        /* side 0 again, summed by parts over the tails G_i = P(X > l_i)
         * (with i counted from kmin): m_0 = 1 - G_0, m_i = G_{i-1} - G_i,
         * m_{K-1} = G_{K-2}, so with e_i = e^{lam l_i}
         *   E[e^{lam Y}] = e_0 + sum_{i=1}^{K-1} G_{i-1} (e_i - e_{i-1})
         *                = e_0 + (e^{lam h} - 1) sum_{i<K-1} G_i e_i,
         * every term >= 0 for lam > 0, so the upper ends of the G_i give a
         * valid bound.  The masses m_i are differences of close G's: their
         * absolute radii, times e^{lam l} at the top of a long support,
         * swamped the sum above (q = 1e-5, M = 0.8, T = 1e6: 2.9e+314); the
         * tails carry radii relative to themselves. */
        if (side == 0 && G != NULL && K > 1) {
            arb_t e1, step, sum, mg3;
            arb_init(e1);
            arb_init(step);
            arb_init(sum);
            arb_init(mg3);
            arb_set_d(t, lam);
            pld_grid_point(l, kmin, h);
            arb_mul(e1, t, l, MASS_PREC);
            arb_exp(e1, e1, MASS_PREC);
            arb_set(mg3, e1);                       /* e_0 */
            arb_set_d(step, h);
            arb_mul(step, step, t, MASS_PREC);
            arb_exp(step, step, MASS_PREC);
            arb_zero(sum);
            for (int64_t i = 0; i < K - 1; i++) {
                arf_t u;
                arb_t ub;
                arf_init(u);
                arb_init(ub);
                arb_get_abs_ubound_arf(u, G + i, MASS_PREC);
                arb_set_arf(ub, u);
                arb_addmul(sum, ub, e1, MASS_PREC);
                arb_mul(e1, e1, step, MASS_PREC);
                arf_clear(u);
                arb_clear(ub);
            }
            arb_sub_ui(step, step, 1, MASS_PREC);   /* e^{lam h} - 1 */
            arb_addmul(mg3, sum, step, MASS_PREC);
            arb_pow_ui(mg3, mg3, T, MASS_PREC);
            arb_set_d(l, h);
            arb_mul_si(l, l, pld->ja + (int64_t) n, ARF_PREC_EXACT);
            arb_mul(l, l, t, MASS_PREC);
            arb_neg(l, l);
            arb_exp(l, l, MASS_PREC);
            arb_mul(mg3, mg3, l, MASS_PREC);        /* P(S_Y >= b) <= m(lam)^T e^{-lam b} */
            pld_take_better(mg, mg3, 1);
            arb_clear(e1);
            arb_clear(step);
            arb_clear(sum);
            arb_clear(mg3);
        }
        /* side 1 by parts over F_i = P(X <= l_i) (add only): with
         * e_i = e^{-lam l_i}, decreasing, m_0 = F_0, m_i = F_i - F_{i-1},
         * m_{K-1} = 1 - F_{K-2}:
         *   E[e^{-lam Y}] = e_{K-1} + sum_{i<K-1} F_i (e_i - e_{i+1})
         *                 = e_{K-1} + (1 - e^{-lam h}) sum_{i<K-1} F_i e_i,
         * every term >= 0: the upper ends of the F_i give a valid bound;
         * P(S_Y <= a - h) <= m(-lam)^T e^{lam (a - h)} as above. */
        if (side == 1 && F != NULL && K > 1) {
            arb_t e1, step, sum, mg3, ub;
            arf_t u;
            arb_init(e1);
            arb_init(step);
            arb_init(sum);
            arb_init(mg3);
            arb_init(ub);
            arf_init(u);
            arb_set_d(t, -lam);
            pld_grid_point(l, kmin, h);
            arb_mul(e1, t, l, MASS_PREC);
            arb_exp(e1, e1, MASS_PREC);
            arb_set_d(step, h);
            arb_mul(step, step, t, MASS_PREC);
            arb_exp(step, step, MASS_PREC);         /* e^{-lam h} */
            arb_zero(sum);
            for (int64_t i = 0; i < K - 1; i++) {
                arb_get_abs_ubound_arf(u, F + i, MASS_PREC);
                arb_set_arf(ub, u);
                arb_addmul(sum, ub, e1, MASS_PREC);
                arb_mul(e1, e1, step, MASS_PREC);
            }
            /* e1 = e_{K-1} now */
            arb_sub_ui(step, step, 1, MASS_PREC);
            arb_neg(step, step);                    /* 1 - e^{-lam h} */
            arb_mul(sum, sum, step, MASS_PREC);
            arb_add(mg3, e1, sum, MASS_PREC);
            arb_pow_ui(mg3, mg3, T, MASS_PREC);
            arb_set_d(l, h);
            arb_mul_si(l, l, pld->ja - 1, ARF_PREC_EXACT);
            arb_mul(l, l, t, MASS_PREC);
            arb_neg(l, l);
            arb_exp(l, l, MASS_PREC);
            arb_mul(mg3, mg3, l, MASS_PREC);
            pld_take_better(mg, mg3, 1);
            arb_clear(e1);
            arb_clear(step);
            arb_clear(sum);
            arb_clear(mg3);
            arb_clear(ub);
            arf_clear(u);
        }
        if (arb_is_finite(mg2)) {
            arf_t u1, u2;
            arf_init(u1);
            arf_init(u2);
            arb_get_ubound_arf(u1, mg, 64);
            arb_get_ubound_arf(u2, mg2, 64);
            if (!arb_is_finite(mg) || arf_cmp(u2, u1) < 0)
                arb_set(mg, mg2);
            arf_clear(u1);
            arf_clear(u2);
        }
        arb_clear(mg2);
        if (getenv("LP_PLD_DEBUG")) {
            fprintf(stderr, "pld: tail side %d: ", side);
            arb_fprintd(stderr, mg, 5);
            fprintf(stderr, "\n");
        }
        arb_add(pld->tail, pld->tail, mg, MASS_PREC);
        arb_clear(mg);
    }
    arb_clear(t);
    arb_clear(s);
    arb_clear(l);
}
