/* pld_grid.c -- the grid l_k = k h and the Gaussian step's loss there: its
 * cdf P(X <= l) (or tail P(X > l)) certified in Arb at any l, and the mass
 * cut per step, tau (step 1 of pld.h's route; the clamping's proof is (a)
 * at the top of pld_init.c).  The floor of grid/: the masses' routes
 * (pld_grid_taylor.c, pld_grid_direct.c, pld_grid_arb.c) take these. */
#include "account/pld/grid/pld_grid.h"
#include "numeric/numeric.h"

/* F(l) = P(X <= l) (cdf = 1) or P(X > l) (cdf = 0) for the relation
 * (pld_grid.h). */
void
pld_loss_cdf_arb(arb_t F, const lp_dpsgd *run, lp_pld_relation rel, const arb_t l, int cdf,
         slong prec)
{
    arb_t x, U, t;
    arb_init(x);
    arb_init(U);
    arb_init(t);
    /* remove: X <= l iff u <= U = M log((e^l - 1 + q)/q) + 1/(2M);
     * add:    X <= l iff u >= V = M log((e^-l - 1 + q)/q) + 1/(2M) */
    if (rel == LP_PLD_REMOVE)
        arb_exp(x, l, prec);
    else {
        arb_neg(x, l);
        arb_exp(x, x, prec);
    }
    arb_sub_ui(x, x, 1, prec);
    arb_add(x, x, run->q, prec);
    if (arb_is_positive(x)) {
        arb_div(x, x, run->q, prec);
        arb_log(x, x, prec);
        arb_mul(U, x, run->M, prec);
        arb_mul_2exp_si(t, run->M, 1);
        arb_inv(t, t, prec);
        arb_add(U, U, t, prec);
        if (rel == LP_PLD_REMOVE) {
            /* P(X <= l) = (1-q) Phi(U) + q Phi(U - 1/M); P(X > l) with -U */
            arb_t a, b, c1;
            arb_init(a);
            arb_init(b);
            arb_init(c1);
            arb_inv(c1, run->M, prec);
            arb_sub(b, U, c1, prec);
            if (!cdf) {
                arb_neg(U, U);
                arb_neg(b, b);
            }
            lp_normal_cdf_arb(a, U, prec);
            lp_normal_cdf_arb(b, b, prec);
            arb_sub_ui(t, run->q, 1, prec);
            arb_neg(t, t);
            arb_mul(a, a, t, prec);
            arb_addmul(a, b, run->q, prec);
            arb_set(F, a);
            arb_clear(a);
            arb_clear(b);
            arb_clear(c1);
        } else {
            /* P(X <= l) = Phi(-V), P(X > l) = Phi(V) */
            if (cdf)
                arb_neg(U, U);
            lp_normal_cdf_arb(F, U, prec);
        }
    } else if (arb_is_nonpositive(x)) {
        /* remove: l <= log(1-q): P(X <= l) = 0; add: l >= -log(1-q): P(X <= l) = 1 */
        if ((rel == LP_PLD_REMOVE) == (cdf != 0))
            arb_zero(F);
        else
            arb_one(F);
    } else {
        arb_zero_pm_one(F);
        arb_mul_2exp_si(F, F, -1);
        arb_add_ui(F, F, 0, prec);
        arb_set_d(t, 0.5);
        arb_add(F, F, t, prec);                 /* [0, 1]: no decision, still valid */
    }
    arb_clear(x);
    arb_clear(U);
    arb_clear(t);
}

/* l_k = k h exactly */
void
pld_grid_point(arb_t l, int64_t k, double h)
{
    arb_set_d(l, h);
    arb_mul_si(l, l, k, ARF_PREC_EXACT);
}

void
pld_cut_tails(lp_pld *pld, const lp_dpsgd *run, lp_pld_relation rel, int64_t kmin,
              int64_t kmax, double h)
{
    arb_t l;

    arb_init(l);
    /* the cut tails per step */
    if (rel == LP_PLD_REMOVE) {
        pld_grid_point(l, kmax, h);
        pld_loss_cdf_arb(pld->tau_hi, run, rel, l, 0, MASS_PREC);   /* P(X > l_kmax) */
        arb_zero(pld->tau_lo);
    } else {
        pld_grid_point(l, kmin, h);
        pld_loss_cdf_arb(pld->tau_lo, run, rel, l, 1, MASS_PREC);   /* P(X <= l_kmin) */
        arb_zero(pld->tau_hi);
    }
    arb_clear(l);
}
