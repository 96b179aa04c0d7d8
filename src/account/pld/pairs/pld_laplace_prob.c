/* pld_laplace_prob.c -- the Laplace pair's loss probabilities P(X <= l)
 * and P(X > l), certified in closed form (Laplace's CDF, no integral): the
 * masses, the cut tails and the clamp's bound of pld_mech_laplace.c and
 * pld_laplace_mean.c take them.  The pair and the loss at the top of
 * pld_mech_laplace.c; contract in pld_laplace.h. */
#include "account/pld/pairs/pld_laplace.h"

/* res = P(Y <= y) (upper = 0) or P(Y > y) (upper = 1) for Y ~ Lap(0, b):
 * (1/2) e^{y/b} below 0, 1 - (1/2) e^{-y/b} above; a ball y across 0 by
 * monotonicity (its ends' values) */
static void
lap_cdf(arb_t res, const arb_t y, const arb_t b, int upper, slong prec)
{
    arb_t t;
    arb_init(t);
    if (arb_is_negative(y) || arb_is_nonnegative(y)) {
        int neg = arb_is_negative(y);
        arb_div(t, y, b, prec);
        if (!neg)
            arb_neg(t, t);
        arb_exp(t, t, prec);
        arb_mul_2exp_si(t, t, -1);              /* (1/2) e^{-|y|/b} */
        /* below 0: cdf = t, tail = 1 - t; above: cdf = 1 - t, tail = t */
        if (neg != (upper != 0))
            arb_set(res, t);
        else {
            arb_sub_ui(res, t, 1, prec);
            arb_neg(res, res);
        }
    } else {
        arb_t a, c;
        arf_t e;
        arb_init(a);
        arb_init(c);
        arf_init(e);
        arb_get_lbound_arf(e, y, prec);
        arb_set_arf(t, e);
        lap_cdf(a, t, b, upper, prec);
        arb_get_ubound_arf(e, y, prec);
        arb_set_arf(t, e);
        lap_cdf(c, t, b, upper, prec);
        arb_union(res, a, c, prec);
        arb_clear(a);
        arb_clear(c);
        arf_clear(e);
    }
    arb_clear(t);
}

/* res = 1 (all) or 0 */
static void
all_or_none(arb_t res, int all)
{
    if (all)
        arb_one(res);
    else
        arb_zero(res);
}

/* y = y(s) = (b s + 1)/2: the y where the base loss L0(y) is s, on (0, 1) */
static void
threshold(arb_t y, const arb_t b, const arb_t s, slong prec)
{
    arb_mul(y, b, s, prec);
    arb_add_ui(y, y, 1, prec);
    arb_mul_2exp_si(y, y, -1);
}

void
pld_laplace_prob(arb_t res, const lp_pld_step *st, lp_pld_relation rel, const arb_t l, int upper,
                 slong prec)
{
    const arb_struct *b = st->kappa, *q = st->run->q;
    arb_t x, s, y, t, one_b;
    int region;                 /* -1: s below -1/b, +1: s at or above 1/b, 0: between, 2: undecided */
    arb_init(x);
    arb_init(s);
    arb_init(y);
    arb_init(t);
    arb_init(one_b);
    arb_inv(one_b, b, prec);
    /* remove: X <= l iff L0 <= s = log((e^l - 1 + q)/q); add: X <= l iff L0 >= s
     * = log((e^-l - 1 + q)/q) */
    if (rel == LP_PLD_REMOVE)
        arb_exp(x, l, prec);
    else {
        arb_neg(x, l);
        arb_exp(x, x, prec);
    }
    arb_sub_ui(x, x, 1, prec);
    arb_add(x, x, q, prec);
    if (arb_is_nonpositive(x)) {
        region = -2;            /* s = -infinity */
    } else if (arb_is_positive(x)) {
        arb_div(x, x, q, prec);
        arb_log(s, x, prec);
        arb_neg(t, one_b);
        if (arb_lt(s, t))
            region = -1;
        else if (rel == LP_PLD_REMOVE ? arb_ge(s, one_b) : arb_gt(s, one_b))
            region = 1;
        else if (arb_ge(s, t) && (rel == LP_PLD_REMOVE ? arb_lt(s, one_b) : arb_le(s, one_b)))
            region = 0;
        else
            region = 2;
    } else {
        region = 2;
    }
    if (region == 2) {
        arb_zero_pm_one(res);                   /* [0, 1]: undecided, still valid */
        arb_mul_2exp_si(res, res, -1);
        arb_set_d(t, 0.5);
        arb_add(res, res, t, prec);
    } else if (rel == LP_PLD_REMOVE) {
        /* P(L0 <= s): none (s < -1/b), all (s >= 1/b), else P(y <= y(s)) */
        if (region < 0 || region == 1) {
            all_or_none(res, (region == 1) != (upper != 0));
        } else {
            threshold(y, b, s, prec);
            lap_cdf(res, y, b, upper, prec);    /* (1-q) F(y) + q F(y - 1) */
            arb_sub_ui(t, q, 1, prec);
            arb_neg(t, t);
            arb_mul(res, res, t, prec);
            arb_sub_ui(y, y, 1, prec);
            lap_cdf(x, y, b, upper, prec);
            arb_addmul(res, x, q, prec);
        }
    } else {
        /* P(X <= l) = P(L0 >= s): all (s < -1/b or -infinity), none (s > 1/b),
         * else P(y >= y(s)) under Q0 */
        if (region != 0) {
            all_or_none(res, (region < 0) != (upper != 0));
        } else {
            threshold(y, b, s, prec);
            lap_cdf(res, y, b, !upper, prec);   /* P(y > y(s)) = P(y >= y(s)): continuous */
        }
    }
    arb_clear(x);
    arb_clear(s);
    arb_clear(y);
    arb_clear(t);
    arb_clear(one_b);
}
