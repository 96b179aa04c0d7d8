/* pld_tails.c -- the window's tails: P(S_Y outside the circular window)
 * bounded by Chernoff ((d) in pld_bounds.h), from the Renyi moments of
 * the true loss and from the discretised loss's generating function.
 *
 * Where the exponential weights meet the loss's own tail (remove: S large;
 * add: S small), the masses' absolute radii would swamp the bound, so the
 * true loss's moment is used, which is the Renyi moment A_alpha (certified,
 * rdp_integral_arb.c):
 *   remove: S_Y <= S_X + T h, P(S_X >= c) <= A_{lam+1}^T e^{-lam c};
 *   add:    S_Y >= S_X, P(S_X < a) <= A_{lam}^T e^{lam a} (A <= 1 for
 *           lam <= 1, by Jensen).
 * The other side's loss is bounded (log(1-q) <= X, or X <= -log(1-q)): there
 * the discretised Y's generating function, from the masses' upper ends, is
 * used: P(S_Y >= b) <= m(lam)^T e^{-lam b}, P(S_Y <= a - h) <= m(-lam)^T
 * e^{lam (a - h)}; on the moment's side too, and summed by parts over the
 * certified tails where they are given.  Of valid bounds the smallest is
 * kept. */
#include <stdlib.h>
#include <stdio.h>
#include "account/pld/bounds/pld_bounds.h"
#include "core/host.h"

/* x = x_0^T_0 x_1^T_1 ... e^{-t j h}: from bounds x_i on E[e^{t Y_i}] of
 * the phases (T_i steps each; x = x_0), Chernoff's bound on P(S_Y >= j h)
 * (t > 0) or P(S_Y <= j h) (t < 0), S_Y the sum of the independent steps:
 * E[e^{t S_Y}] = prod_i E[e^{t Y_i}]^T_i */
static void
chernoff_phases(arb_t x, arb_srcptr rest, const lp_pld_step *st, size_t nph, const arb_t t,
                int64_t j, double h)
{
    arb_t l;
    arb_init(l);
    arb_pow_ui(x, x, st[0].run->steps, MASS_PREC);
    for (size_t i = 1; i < nph; i++) {
        arb_pow_ui(l, rest + i - 1, st[i].run->steps, MASS_PREC);
        arb_mul(x, x, l, MASS_PREC);
    }
    arb_set_d(l, h);
    arb_mul_si(l, l, j, ARF_PREC_EXACT);
    arb_mul(l, l, t, MASS_PREC);
    arb_neg(l, l);
    arb_exp(l, l, MASS_PREC);
    arb_mul(x, x, l, MASS_PREC);
    arb_clear(l);
}

/* mg: the moment's bound on one side (side 0: P(S_Y >= b), b = (ja + n) h,
 * at lam; side 1: P(S_Y < a), a = ja h).  The shift between S_Y and S_X is
 * certainly within [0, T h]; or, by Hoeffding (see (c) in pld_bounds.h), within
 * T mu +- t2 except with probability eta2 (added).  The smaller bound is kept:
 *   remove: e^{-lam (b - T h)} or e^{-lam (b - T mu_hi - t2)} + eta2;
 *   add:    e^{lam a} or e^{lam (a - T mu_lo + t2)} + eta2. */
static void
moment_tail(arb_t mg, const lp_pld *pld, const lp_pld_step *st, size_t nph, int side, double lam,
            double dref)
{
    const uint64_t T = pld->T;      /* all the phases' steps */
    const double h = pld->h;
    arb_t alpha, rdp, t, s, c1, c2, t2, eta2, ab;
    arb_init(alpha);
    arb_init(rdp);
    arb_init(t);
    arb_init(s);
    arb_init(c1);
    arb_init(c2);
    arb_init(t2);
    arb_init(eta2);
    arb_init(ab);
    arb_set_d(alpha, side == 0 ? lam + 1.0 : lam);
    arb_sub_ui(t, alpha, 1, MASS_PREC);
    if (side == 1 && !arb_is_positive(t)) {
        arb_zero(mg);                               /* log A <= 0 */
    } else {
        /* log prod_i A_alpha,i^T_i, each phase's Renyi divergence; none
         * (a mechanism without it): no bound */
        for (size_t i = 0; i < nph; i++) {
            const lp_pld_mech *mech = pld_mech_of(st[i].mech);
            if (mech->renyi != NULL && mech->renyi(rdp, st + i, alpha, MASS_PREC) == 0) {
                arb_mul(rdp, rdp, t, MASS_PREC);    /* log A_alpha */
                arb_mul_ui(rdp, rdp, st[i].run->steps, MASS_PREC);
                if (i == 0)
                    arb_set(mg, rdp);
                else
                    arb_add(mg, mg, rdp, MASS_PREC);
            } else {
                arb_pos_inf(mg);
                break;
            }
        }
    }
    arb_set_d(eta2, 1e-6 * dref);
    arb_log(t2, eta2, MASS_PREC);
    arb_neg(t2, t2);
    arb_mul_ui(t2, t2, T, MASS_PREC);
    arb_mul_2exp_si(t2, t2, -1);
    arb_sqrt(t2, t2, MASS_PREC);
    arb_set_d(s, h);
    arb_mul(t2, t2, s, MASS_PREC);                  /* t2 = h sqrt(T log(1/eta2)/2) */
    arb_set_d(ab, h);
    arb_mul_si(ab, ab, side == 0 ? pld->ja + (int64_t) pld->n : pld->ja, ARF_PREC_EXACT);
    arb_set_d(s, lam);
    if (side == 0) {
        arb_set_d(c1, h);
        arb_mul_ui(c1, c1, T, MASS_PREC);
        arb_sub(c1, ab, c1, MASS_PREC);                     /* b - T h */
        arb_mul_ui(c2, pld->mu_hi, T, MASS_PREC);
        arb_add(c2, c2, t2, MASS_PREC);
        arb_sub(c2, ab, c2, MASS_PREC);                     /* b - T mu_hi - t2 */
        arb_neg(s, s);
    } else {
        arb_set(c1, ab);                                    /* a */
        arb_mul_ui(c2, pld->mu_lo, T, MASS_PREC);
        arb_sub(c2, t2, c2, MASS_PREC);
        arb_add(c2, ab, c2, MASS_PREC);                     /* a - T mu_lo + t2 */
    }
    for (int j = 0; j < 2; j++) {                   /* c = e^{s c + log A} */
        arb_ptr c = j == 0 ? c1 : c2;
        arb_mul(c, c, s, MASS_PREC);
        arb_add(c, c, mg, MASS_PREC);
        arb_exp(c, c, MASS_PREC);
    }
    arb_add(c2, c2, eta2, MASS_PREC);
    arb_set(mg, c1);
    pld_take_better(mg, c2, 1);
    arb_clear(alpha);
    arb_clear(rdp);
    arb_clear(t);
    arb_clear(s);
    arb_clear(c1);
    arb_clear(c2);
    arb_clear(t2);
    arb_clear(eta2);
    arb_clear(ab);
}

void
pld_window_tails(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, arb_srcptr mass,
                 arb_srcptr G, arb_srcptr F, int64_t kmin, int64_t K, double lam_hi, double lam_lo,
                 double dref)
{
    pld_window_tails_phases(pld, st, 1, rel, &mass, &G, &F, &kmin, &K, lam_hi, lam_lo, dref);
}

void
pld_window_tails_phases(lp_pld *pld, const lp_pld_step *st, size_t nph, lp_pld_relation rel,
                        const arb_srcptr *mass_i, const arb_srcptr *G_i, const arb_srcptr *F_i,
                        const int64_t *kmin_i, const int64_t *K_i, double lam_hi, double lam_lo,
                        double dref)
{
    const double h = pld->h;
    const int64_t b = pld->ja + (int64_t) pld->n;   /* the window [a, b) = [ja, ja + n) h */
    arb_t t, mg, mg2, mg3, e1, step, sum;
    /* the phases after the first: their generating functions' bounds, from
     * the masses (rm) and the better of the masses' and the tails' (rp) */
    arb_ptr rm = _arb_vec_init(nph > 1 ? (slong) nph - 1 : 1);
    arb_ptr rp = _arb_vec_init(nph > 1 ? (slong) nph - 1 : 1);

    arb_init(t);
    arb_init(mg);
    arb_init(mg2);
    arb_init(mg3);
    arb_init(e1);
    arb_init(step);
    arb_init(sum);
    arb_zero(pld->tail);
    for (int side = 0; side < 2; side++) {
        const double lam = side == 0 ? lam_hi : lam_lo;
        const int moment = (rel == LP_PLD_REMOVE) == (side == 0);
        int parts = 0;
        arb_pos_inf(mg2);
        /* the discretised generating function from the masses (side 0:
         * P(S_Y >= b); side 1: P(S_Y <= a - h)) */
        arb_set_d(t, side == 0 ? lam : -lam);
        for (size_t i = nph; i-- > 0;) {
            /* each phase's generating function from its masses (side 0:
             * P(S_Y >= b); side 1: P(S_Y <= a - h)), and summed by parts
             * over its tails where given (below); phase 0's last */
            arb_srcptr mass = mass_i[i], G = G_i[i], F = F_i[i];
            const int64_t kmin = kmin_i[i], K = K_i[i];
            arb_ptr gm = i == 0 ? mg : rm + i - 1, gp = i == 0 ? mg3 : rp + i - 1;
            pld_gf_sum(gm, e1, step, NULL, mass, K, t, kmin, h);
            arb_pos_inf(gp);
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
                pld_gf_sum(sum, e1, step, gp, G, K - 1, t, kmin, h);    /* gp = e_0 */
                arb_sub_ui(step, step, 1, MASS_PREC);   /* e^{lam h} - 1 */
                arb_addmul(gp, sum, step, MASS_PREC);
                parts = 1;
            }
        /* side 1 by parts over F_i = P(X <= l_i) (add only): with
         * e_i = e^{-lam l_i}, decreasing, m_0 = F_0, m_i = F_i - F_{i-1},
         * m_{K-1} = 1 - F_{K-2}:
         *   E[e^{-lam Y}] = e_{K-1} + sum_{i<K-1} F_i (e_i - e_{i+1})
         *                 = e_{K-1} + (1 - e^{-lam h}) sum_{i<K-1} F_i e_i,
         * every term >= 0: the upper ends of the F_i give a valid bound;
         * P(S_Y <= a - h) <= m(-lam)^T e^{lam (a - h)} as above. */
            if (side == 1 && F != NULL && K > 1) {
                pld_gf_sum(sum, e1, step, NULL, F, K - 1, t, kmin, h);  /* e1 = e_{K-1} */
                arb_sub_ui(step, step, 1, MASS_PREC);
                arb_neg(step, step);                    /* 1 - e^{-lam h} */
                arb_mul(sum, sum, step, MASS_PREC);
                arb_add(gp, e1, sum, MASS_PREC);
                parts = 1;
            }
            if (i > 0 && !arb_is_finite(gp))
                arb_set(gp, gm);                        /* no tails: the masses' */
        }
        chernoff_phases(mg, rm, st, nph, t, side == 0 ? b : pld->ja - 1, h);
        if (parts) {
            if (!arb_is_finite(mg3))
                arb_set(mg3, mg);       /* (phase 0 had no tails; mg already raised) */
            else
                chernoff_phases(mg3, rp, st, nph, t, side == 0 ? b : pld->ja - 1, h);
            pld_take_better(mg, mg3, 1);
        }
        /* the moment's bound (a numerical integral: half of a small run's
         * time at q 1e-5, where lam ~ 1e3 .. 1e6) only where the masses'
         * bounds leave more than 1e-3 dref (issue 31): the smaller valid
         * bound is kept either way, and below that it moves delta by under
         * 0.1 % */
        if (moment) {
            arf_t u1;
            arf_init(u1);
            arb_get_ubound_arf(u1, mg, 64);
            if (!arb_is_finite(mg) || !(arf_cmp_d(u1, 1e-3 * dref) <= 0))
                moment_tail(mg2, pld, st, nph, side, lam, dref);
            arf_clear(u1);
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
        if (lp_trace()) {
            fprintf(lp_trace(), "pld: tail side %d: ", side);
            arb_fprintd(lp_trace(), mg, 5);
            fprintf(lp_trace(), "\n");
        }
        arb_add(pld->tail, pld->tail, mg, MASS_PREC);
    }
    arb_clear(t);
    arb_clear(mg);
    arb_clear(mg2);
    arb_clear(mg3);
    arb_clear(e1);
    arb_clear(step);
    arb_clear(sum);
    _arb_vec_clear(rm, nph > 1 ? (slong) nph - 1 : 1);
    _arb_vec_clear(rp, nph > 1 ? (slong) nph - 1 : 1);
}
