/* pld_replace_loss.c -- the replace-one pair's loss inverted in closed form
 * and its tails, certified (Arb; pld_phi_sorted for the masses' many
 * points): the pair, the loss and its inverse at the top of
 * pld_mech_replace.c; contract in pld_replace.h. */
#include "account/pld/pairs/pld_replace.h"
#include "arb_hypgeom.h"

void
pld_replace_inverse_loss(arb_t y, const lp_dpsgd *run, const arb_t l, slong prec)
{
    arb_t al, t, s;
    arb_init(al);
    arb_init(t);
    arb_init(s);
    arb_inv(s, run->M, prec);
    arb_sqr(al, s, prec);
    arb_mul_2exp_si(al, al, -1);
    arb_exp(al, al, prec);                      /* e^{s^2/2} */
    arb_sub_ui(t, run->q, 1, prec);
    arb_neg(t, t);
    arb_mul(al, al, t, prec);
    arb_div(al, al, run->q, prec);              /* alpha */
    arb_mul_2exp_si(t, l, -1);
    arb_sinh(s, t, prec);
    arb_mul(s, s, al, prec);
    arb_asinh(s, s, prec);
    arb_add(s, s, t, prec);
    arb_mul(y, s, run->M, prec);
    arb_clear(al);
    arb_clear(t);
    arb_clear(s);
}

void
pld_phi_upper(arb_t res, const arb_t x, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_sqrt_ui(t, 2, prec);
    arb_div(t, x, t, prec);
    arb_hypgeom_erfc(res, t, prec);
    arb_mul_2exp_si(res, res, -1);
    arb_clear(t);
}

void
pld_replace_prob_beyond(arb_t res, const lp_dpsgd *run, const arb_t l, int above, slong prec)
{
    arb_t y, a, b, s;
    arb_init(y);
    arb_init(a);
    arb_init(b);
    arb_init(s);
    pld_replace_inverse_loss(y, run, l, prec);
    arb_inv(s, run->M, prec);
    arb_sub(b, y, s, prec);
    if (!above) {
        arb_neg(y, y);
        arb_neg(b, b);
    }
    pld_phi_upper(a, y, prec);
    pld_phi_upper(b, b, prec);
    arb_sub_ui(s, run->q, 1, prec);
    arb_neg(s, s);
    arb_mul(res, a, s, prec);
    arb_addmul(res, b, run->q, prec);
    arb_clear(y);
    arb_clear(a);
    arb_clear(b);
    arb_clear(s);
}

int
pld_replace_mixture_cdf(arb_ptr out, arb_srcptr z, int64_t n, const lp_dpsgd *run, int sg)
{
    arb_ptr w = _arb_vec_init(n), p1 = _arb_vec_init(n), p2 = _arb_vec_init(n);
    arb_t s, omq;
    arb_init(s);
    arb_init(omq);
    arb_inv(s, run->M, PLD_REPLACE_WP);
    arb_sub_ui(omq, run->q, 1, PLD_REPLACE_WP);
    arb_neg(omq, omq);
    /* ascending arguments: sg z_i (sg = 1) or -z_{n-1-i} (sg = -1) */
    for (int64_t i = 0; i < n; i++)
        arb_set(w + i, z + (sg > 0 ? i : n - 1 - i));
    if (sg < 0)
        _arb_vec_neg(w, w, n);
    pld_phi_sorted(p1, w, n, PLD_REPLACE_WP);
    for (int64_t i = 0; i < n; i++)
        if (sg > 0)
            arb_sub(w + i, w + i, s, PLD_REPLACE_WP);
        else
            arb_add(w + i, w + i, s, PLD_REPLACE_WP);
    pld_phi_sorted(p2, w, n, PLD_REPLACE_WP);
    for (int64_t i = 0; i < n; i++) {
        int64_t j = sg > 0 ? i : n - 1 - i;
        arb_mul(out + j, p1 + i, omq, PLD_REPLACE_WP);
        arb_addmul(out + j, p2 + i, run->q, PLD_REPLACE_WP);
    }
    _arb_vec_clear(w, n);
    _arb_vec_clear(p1, n);
    _arb_vec_clear(p2, n);
    arb_clear(s);
    arb_clear(omq);
    return 0;
}
