/* pld_discrete_outcomes.c -- the outcomes of the discrete mechanisms'
 * dominating pairs (randomized response, (e, d) events) and their losses,
 * certified: the pairs and the loss at the top of pld_mech_discrete.c;
 * contract in pld_discrete.h. */
#include "account/pld/pairs/pld_discrete.h"

/* L = log(1 - q + q p0/q0) (q1 = 1 - q), q0 > 0 */
static void
log_mixture_ratio(arb_t L, const arb_t p0, const arb_t q0, const arb_t q, const arb_t q1,
                  slong prec)
{
    arb_div(L, p0, q0, prec);
    arb_mul(L, L, q, prec);
    arb_add(L, L, q1, prec);
    arb_log(L, L, prec);
}

void
pld_outcomes_init(pld_outcomes *o, const lp_pld_step *st, lp_pld_relation rel, slong prec)
{
    arb_t ee, p0, q0, one_d, t, q1;
    arb_init(ee);
    arb_init(p0);
    arb_init(q0);
    arb_init(one_d);
    arb_init(t);
    arb_init(q1);
    o->n = 0;
    arb_exp(ee, st->e, prec);
    arb_sub_ui(q1, st->run->q, 1, prec);
    arb_neg(q1, q1);                            /* 1 - q */
    if (st->mech == LP_PLD_EPSDELTA) {
        arb_sub_ui(one_d, st->d, 1, prec);
        arb_neg(one_d, one_d);
    } else {
        arb_one(one_d);
    }
    for (int j = 0; j < PLD_NOUT; j++) {
        int k = o->n;
        if (st->mech == LP_PLD_RR && (j == 0 || j == 3))
            continue;
        /* P0_j, Q0_j */
        arb_add_ui(t, ee, 1, prec);
        if (j == 0) {
            arb_set(p0, st->d);
            arb_zero(q0);
        } else if (j == 3) {
            arb_zero(p0);
            arb_set(q0, st->d);
        } else {
            arb_div(p0, one_d, t, prec);
            arb_set(q0, p0);
            arb_mul(j == 1 ? p0 : q0, j == 1 ? p0 : q0, ee, prec);
        }
        if (arb_is_zero(p0) && arb_is_zero(q0))
            continue;
        arb_init(o->L + k);
        arb_init(o->m + k);
        o->inf[k] = 0;
        if (rel == LP_PLD_REMOVE) {
            arb_mul(o->m + k, q1, q0, prec);
            arb_addmul(o->m + k, st->run->q, p0, prec);
            if (arb_is_zero(q0)) {
                o->inf[k] = 1;
                arb_pos_inf(o->L + k);
            } else {
                log_mixture_ratio(o->L + k, p0, q0, st->run->q, q1, prec);
            }
        } else {
            if (arb_is_zero(q0)) {              /* no mass under P = Q0 */
                arb_clear(o->L + k);
                arb_clear(o->m + k);
                continue;
            }
            arb_set(o->m + k, q0);
            log_mixture_ratio(o->L + k, p0, q0, st->run->q, q1, prec);
            arb_neg(o->L + k, o->L + k);
        }
        o->n++;
    }
    arb_clear(ee);
    arb_clear(p0);
    arb_clear(q0);
    arb_clear(one_d);
    arb_clear(t);
    arb_clear(q1);
}

void
pld_outcomes_clear(pld_outcomes *o)
{
    for (int j = 0; j < o->n; j++) {
        arb_clear(o->L + j);
        arb_clear(o->m + j);
    }
}

int
pld_outcome_cell(int64_t *k, const lp_pld_step *st, lp_pld_relation rel, int j, double h)
{
    for (slong prec = 128; prec <= 4096; prec *= 2) {
        pld_outcomes o;
        arb_t x;
        arf_t lo, hi;
        int done = 0;
        pld_outcomes_init(&o, st, rel, prec);
        arb_init(x);
        arf_init(lo);
        arf_init(hi);
        arb_set_d(x, h);
        arb_div(x, o.L + j, x, prec);           /* L / h */
        arb_get_lbound_arf(lo, x, prec);
        arb_get_ubound_arf(hi, x, prec);
        arf_ceil(lo, lo);
        arf_ceil(hi, hi);
        if (arf_equal(lo, hi) && arf_cmpabs_2exp_si(hi, 62) < 0) {
            *k = arf_get_si(hi, ARF_RND_NEAR);
            done = 1;
        }
        arb_clear(x);
        arf_clear(lo);
        arf_clear(hi);
        pld_outcomes_clear(&o);
        if (done)
            return 0;
    }
    return -1;
}
