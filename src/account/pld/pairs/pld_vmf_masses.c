/* pld_vmf_masses.c -- the VMF's certified masses for the PLD accountant
 * (pld_mech_vmf.c has the mechanism, its loss as a function of t = mu.y and
 * its dominating pair): the end in t of each {X <= l}, each mass of Y an
 * integral of the law of t over an interval with exact ends (pld_vmf_arb.c),
 * the gap to the true end bounded by its width times the density's bound. */
#include <math.h>
#include <stdlib.h>
#include "account/pld/pairs/pld_vmf.h"
#include "core/host.h"
#ifdef _OPENMP
#include <omp.h>
#endif

#define VMF_PREC 96             /* the integrals' working precision */
#define VMF_GOAL 52             /* their relative accuracy sought, in bits */


/* The end in t of {X <= l} (remove: t <= u; add: t >= u): *that = an exact
 * point of [-1, 1], *gap >= |u - that| within [-1, 1] (0 when u is outside
 * it on that's side); the density's bound over the gap into *dens (the
 * relation's law, scaled as pld_vmf_arb.c's integrands: (1-q) g_- + q g_+
 * under remove, g_- under add). */
static void
t_end(arf_t that, arb_t err, const lp_pld_step *st, lp_pld_relation rel, const arb_t l)
{
    const slong wp = 128 + (slong) ceil(-log2(st->run->q_d > 1e-300 ? st->run->q_d : 1e-300));
    arb_t x, lo, hi, b, c;
    arf_t a1, a2;
    arb_init(x);
    arb_init(lo);
    arb_init(hi);
    arb_init(b);
    arb_init(c);
    arf_init(a1);
    arf_init(a2);
    if (rel == LP_PLD_REMOVE)
        arb_exp(x, l, wp);
    else {
        arb_neg(x, l);
        arb_exp(x, x, wp);
    }
    arb_sub_ui(x, x, 1, wp);
    arb_add(x, x, st->run->q, wp);
    if (arb_is_positive(x)) {
        arb_div(x, x, st->run->q, wp);
        arb_log(x, x, wp);
        arb_div(x, x, st->kappa, wp);
        arb_mul_2exp_si(x, x, -1);              /* u */
        arf_set(that, arb_midref(x));
        if (arf_cmp_si(that, 1) > 0)
            arf_one(that);
        if (arf_cmp_si(that, -1) < 0)
            arf_set_si(that, -1);
        /* the gap [min(u, that), max(u, that)] within [-1, 1] */
        arb_get_lbound_arf(a1, x, wp);
        arb_get_ubound_arf(a2, x, wp);
        if (arf_cmp(a1, that) > 0)
            arf_set(a1, that);
        if (arf_cmp(a2, that) < 0)
            arf_set(a2, that);
        if (arf_cmp_si(a1, -1) < 0)
            arf_set_si(a1, -1);
        if (arf_cmp_si(a2, 1) > 0)
            arf_one(a2);
    } else if (arb_is_nonpositive(x)) {
        arf_set_si(that, -1);                   /* remove: X > l always; add: X <= l always */
        arf_set_si(a1, -1);
        arf_set_si(a2, -1);
    } else {
        arf_set_si(that, -1);                   /* undecided (never seen): the whole line */
        arf_set_si(a1, -1);
        arf_one(a2);
    }
    if (arf_cmp(a1, a2) >= 0) {
        arb_zero(err);
    } else {
        arb_set_interval_arf(b, a1, a2, wp);
        pld_vmf_g_bound(c, st, -1, b, VMF_PREC);
        if (rel == LP_PLD_REMOVE) {
            arb_sub_ui(hi, st->run->q, 1, VMF_PREC);
            arb_neg(hi, hi);
            arb_mul(c, c, hi, VMF_PREC);
            pld_vmf_g_bound(lo, st, +1, b, VMF_PREC);
            arb_addmul(c, lo, st->run->q, VMF_PREC);
        }
        arb_set_arf(lo, a1);
        arb_set_arf(hi, a2);
        arb_sub(hi, hi, lo, VMF_PREC);          /* the gap's width */
        arb_mul(err, c, hi, VMF_PREC);
        arb_get_ubound_arf(a1, err, VMF_PREC);
        arb_set_arf(err, a1);
    }
    arb_clear(x);
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(b);
    arb_clear(c);
    arf_clear(a1);
    arf_clear(a2);
}

/* res = the integral of the relation's law (scaled) over [a, b] */
void
pld_vmf_law_integral(arb_t res, const lp_pld_step *st, lp_pld_relation rel, int with_loss, const arf_t a,
             const arf_t b)
{
    pld_vmf_g_integral(res, st, -1, with_loss, a, b, VMF_GOAL, VMF_PREC);
    if (rel == LP_PLD_REMOVE) {
        arb_t t, w;
        arb_init(t);
        arb_init(w);
        arb_sub_ui(w, st->run->q, 1, VMF_PREC);
        arb_neg(w, w);
        arb_mul(res, res, w, VMF_PREC);
        pld_vmf_g_integral(t, st, +1, with_loss, a, b, VMF_GOAL, VMF_PREC);
        arb_addmul(res, t, st->run->q, VMF_PREC);
        arb_clear(t);
        arb_clear(w);
    }
}

/* z = int_{-1}^{1} g_- (scaled): the normaliser of either law */
void
pld_vmf_normaliser(arb_t z, const lp_pld_step *st)
{
    arf_t a, b;
    arf_init(a);
    arf_init(b);
    arf_set_si(a, -1);
    arf_one(b);
    pld_vmf_g_integral(z, st, -1, 0, a, b, VMF_GOAL, VMF_PREC);
    arf_clear(a);
    arf_clear(b);
}

/* res = P(X > l) (above) or P(X <= l) */
void
pld_vmf_prob_beyond(arb_t res, const lp_pld_step *st, lp_pld_relation rel, const arb_t l, int above)
{
    arf_t th, e1;
    arb_t err, z;
    arf_init(th);
    arf_init(e1);
    arb_init(err);
    arb_init(z);
    t_end(th, err, st, rel, l);
    /* remove: X > l iff t > u; add: X > l iff t < u */
    if ((rel == LP_PLD_REMOVE) == (above != 0)) {
        arf_one(e1);
        pld_vmf_law_integral(res, st, rel, 0, th, e1);
    } else {
        arf_set_si(e1, -1);
        pld_vmf_law_integral(res, st, rel, 0, e1, th);
    }
    arb_add_error(res, err);
    pld_vmf_normaliser(z, st);
    arb_div(res, res, z, VMF_PREC);
    arb_nonnegative_part(res, res);
    arf_clear(th);
    arf_clear(e1);
    arb_clear(err);
    arb_clear(z);
}

arb_ptr
pld_vmf_masses(const lp_pld_step *st, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
           arb_ptr *tails, arb_ptr *lower)
{
    const int64_t nb = K > 1 ? K - 1 : 0;
    arb_ptr mass = _arb_vec_init(K), J = _arb_vec_init(K), E = _arb_vec_init(K + 1);
    arf_struct *th = malloc((size_t) (K + 1) * sizeof *th);
    arb_ptr G = _arb_vec_init(K > 1 ? K - 1 : 1);
    arb_ptr F = rel == LP_PLD_ADD ? _arb_vec_init(K > 1 ? K - 1 : 1) : NULL;
    const int *cancel = lp_cancel_flag();
    const int nthreads = lp_threads_effective(0);
    arb_t z, s;
    if (th == NULL) {
        _arb_vec_clear(mass, K);
        _arb_vec_clear(J, K);
        _arb_vec_clear(E, K + 1);
        _arb_vec_clear(G, K > 1 ? K - 1 : 1);
        if (F)
            _arb_vec_clear(F, K > 1 ? K - 1 : 1);
        return NULL;
    }
    for (int64_t i = 0; i <= K; i++)
        arf_init(th + i);
    /* the ends: th[0] the outer end below cell 0 (remove -1, add +1),
     * th[i + 1] the end of {X <= l_{kmin+i}}, th[K] the other outer end;
     * E[i] the gap's bound at th[i] */
    arf_set_si(th + 0, rel == LP_PLD_REMOVE ? -1 : 1);
    arf_set_si(th + K, rel == LP_PLD_REMOVE ? 1 : -1);
#pragma omp parallel num_threads(nthreads)
    {
        const int *was = lp_cancel_flag();
        arb_t l;
        lp_cancel_watch(cancel);
        arb_init(l);
#pragma omp for schedule(dynamic, 64)
        for (int64_t i = 0; i < nb; i++) {
            if (lp_cancelled())
                continue;
            pld_grid_point(l, kmin + i, h);
            t_end(th + i + 1, E + i + 1, st, rel, l);
        }
        /* the ends are monotone (remove increasing, add decreasing) up to
         * their rounding, which the gaps cover; clipped so the cells nest */
#pragma omp single
        for (int64_t i = 1; i <= K; i++)
            if (rel == LP_PLD_REMOVE ? arf_cmp(th + i, th + i - 1) < 0 : arf_cmp(th + i, th + i - 1) > 0)
                arf_set(th + i, th + i - 1);
#pragma omp for schedule(dynamic, 16)
        for (int64_t i = 0; i < K; i++) {
            if (lp_cancelled())
                continue;
            if (rel == LP_PLD_REMOVE)
                pld_vmf_law_integral(J + i, st, rel, 0, th + i, th + i + 1);
            else
                pld_vmf_law_integral(J + i, st, rel, 0, th + i + 1, th + i);
        }
        arb_clear(l);
        lp_cancel_watch(was);
    }
    arb_init(z);
    arb_init(s);
    /* the normaliser: the cells partition [-1, 1] */
    arb_zero(z);
    for (int64_t i = 0; i < K; i++)
        arb_add(z, z, J + i, VMF_PREC);
    for (int64_t i = 0; i < K; i++) {
        arb_add(s, E + i, E + i + 1, VMF_PREC);
        arb_set(mass + i, J + i);
        arb_add_error(mass + i, s);
        arb_div(mass + i, mass + i, z, VMF_PREC);
    }
    /* G_i = P(X > l_{kmin+i}) = sum_{j > i} J_j (+- E[i+1]): suffix sums of
     * positive balls keep their radii relative */
    arb_zero(s);
    for (int64_t i = nb; i-- > 0;) {
        arb_add(s, s, J + i + 1, VMF_PREC);
        arb_set(G + i, s);
        arb_add_error(G + i, E + i + 1);
        arb_div(G + i, G + i, z, VMF_PREC);
        arb_nonnegative_part(G + i, G + i);
    }
    if (F) {
        arb_zero(s);
        for (int64_t i = 0; i < nb; i++) {
            arb_add(s, s, J + i, VMF_PREC);
            arb_set(F + i, s);
            arb_add_error(F + i, E + i + 1);
            arb_div(F + i, F + i, z, VMF_PREC);
            arb_nonnegative_part(F + i, F + i);
        }
    }
    if (K == 1)
        arb_one(mass + 0);
    for (int64_t i = 0; i <= K; i++)
        arf_clear(th + i);
    free(th);
    _arb_vec_clear(J, K);
    _arb_vec_clear(E, K + 1);
    arb_clear(z);
    arb_clear(s);
    pld_hand_out_tails(G, F, K, tails, lower);
    return mass;
}
