/* bnb_close.c -- the prover's closures of one box: the interval extension, the Taylor form in
 * one parameter, the statement's tail.  Contracts in bnb.h. */

#include "prove/bnb.h"

/* a ball holding [lo, hi] (finite ends) */
static void
ball_of(arb_t x, const lp_end *lo, const lp_end *hi, slong prec)
{
    arb_t b;
    arb_init(b);
    arb_set_fmpq(x, lo->v, prec);
    arb_set_fmpq(b, hi->v, prec);
    arb_union(x, x, b, prec);
    arb_clear(b);
}

static int
is_point(const lp_bnb_box *b, int i)
{
    return !b->lo[i].inf && !b->hi[i].inf && fmpq_equal(b->lo[i].v, b->hi[i].v);
}

static int
all_points(const lp_box_stmt *st, const lp_bnb_box *b)
{
    for (int i = 0; i < st->np; i++)
        if (!is_point(b, i))
            return 0;
    return 1;
}

static void
series_init(arb_poly_struct *x, int np)
{
    for (int i = 0; i < np; i++)
        arb_poly_init(x + i);
}

static void
series_clear(arb_poly_struct *x, int np)
{
    for (int i = 0; i < np; i++)
        arb_poly_clear(x + i);
}

/* the parameters as constant series over the box */
static void
series_box(arb_poly_struct *x, const lp_box_stmt *st, const lp_bnb_box *b, slong prec)
{
    arb_t t;
    arb_init(t);
    for (int i = 0; i < st->np; i++) {
        ball_of(t, &b->lo[i], &b->hi[i], prec);
        arb_poly_zero(x + i);
        arb_poly_set_coeff_arb(x + i, 0, t);
    }
    arb_clear(t);
}

/* 1 decided, -1 refuted everywhere on the box, 0 neither, for the margin's enclosure v */
static int
decide(const arb_t v, lp_relation rel, int point)
{
    switch (rel) {
    case LP_REL_GT:
        if (arb_is_positive(v))
            return 1;
        return arb_is_negative(v) || (point && arb_is_zero(v)) ? -1 : 0;
    case LP_REL_GE:
        if (arb_is_nonnegative(v))
            return 1;
        return arb_is_negative(v) ? -1 : 0;
    case LP_REL_NE:
        if (arb_is_nonzero(v))
            return 1;
        return point && arb_is_zero(v) ? -1 : 0;
    default:
        return 0;
    }
}

int
lp_bnb_interval(const lp_box_stmt *st, lp_bnb_box *b, slong prec)
{
    arb_poly_struct x[LP_BOX_MAXP];
    arb_poly_t m;
    arb_t v;
    int r;
    series_init(x, st->np);
    arb_poly_init(m);
    arb_init(v);
    series_box(x, st, b, prec);
    st->margin(m, x, 1, prec);
    arb_poly_get_coeff_arb(v, m, 0);
    r = decide(v, st->rel, all_points(st, b));
    arb_clear(v);
    arb_poly_clear(m);
    series_clear(x, st->np);
    return r;
}

/* a lower bound (an exact arf, rounded down) of c * h^j over the range of h: [0, u] (at the
 * lower end), [-u, 0] (the upper end), [-u/2, u/2] (the midpoint), u the box's width */
static void
term_lower(arb_t acc, const arb_t c, int j, lp_at at, const fmpq_t w, slong prec)
{
    fmpq_t u;
    arb_t U, t;
    arf_t a;
    fmpq_init(u);
    arb_init(U);
    arb_init(t);
    arf_init(a);
    if (j == 0)
        arb_get_lbound_arf(a, c, prec);
    else {
        fmpq_set(u, w);
        if (at == LP_AT_MID)
            fmpq_div_2exp(u, u, 1);
        fmpq_pow_si(u, u, j);
        arb_set_fmpq(U, u, prec);
        if (at == LP_AT_LO || j % 2 == 0) {             /* h^j in [0, U] */
            arb_get_lbound_arf(a, c, prec);
            if (arf_sgn(a) > 0)
                arf_zero(a);
        } else if (at == LP_AT_HI) {                    /* h^j in [-U, 0] */
            arb_get_ubound_arf(a, c, prec);
            if (arf_sgn(a) < 0)
                arf_zero(a);
            arf_neg(a, a);
        } else {                                        /* h^j in [-U, U] */
            arb_get_abs_ubound_arf(a, c, prec);
            arf_neg(a, a);
        }
        arb_mul_arf(t, U, a, prec);
        arb_get_lbound_arf(a, t, prec);
    }
    arb_set_arf(t, a);
    arb_add(acc, acc, t, prec);
    arf_clear(a);
    arb_clear(t);
    arb_clear(U);
    fmpq_clear(u);
}

int
lp_bnb_taylor(const lp_box_stmt *st, lp_bnb_box *b, int var, int k, lp_at at, slong prec)
{
    arb_poly_struct x[LP_BOX_MAXP];
    arb_poly_t m1, m2;
    arb_t c, t, q;
    fmpq_t e, w;
    int zeros = 0, r = 0, lo_excluded;
    if (st->rel == LP_REL_NE || b->lo[var].inf || b->hi[var].inf || is_point(b, var))
        return 0;
    series_init(x, st->np);
    arb_poly_init(m1);
    arb_poly_init(m2);
    arb_init(c);
    arb_init(t);
    arb_init(q);
    fmpq_init(e);
    fmpq_init(w);
    fmpq_sub(w, b->hi[var].v, b->lo[var].v);
    if (at == LP_AT_LO)
        fmpq_set(e, b->lo[var].v);
    else if (at == LP_AT_HI)
        fmpq_set(e, b->hi[var].v);
    else {
        fmpq_add(e, b->lo[var].v, b->hi[var].v);
        fmpq_div_2exp(e, e, 1);
    }
    series_box(x, st, b, prec);
    /* the first k coefficients at the point e, the k-th over the whole box */
    arb_set_fmpq(t, e, prec);
    arb_poly_set_coeff_arb(x + var, 0, t);
    arb_poly_set_coeff_si(x + var, 1, 1);
    st->margin(m1, x, k + 1, prec);
    ball_of(t, &b->lo[var], &b->hi[var], prec);
    arb_poly_set_coeff_arb(x + var, 0, t);
    st->margin(m2, x, k + 1, prec);
    if (at == LP_AT_LO)
        for (; zeros < k; zeros++) {
            arb_poly_get_coeff_arb(c, m1, zeros);
            if (!arb_is_zero(c))
                break;
        }
    /* margin = h^zeros Q(h), Q = sum_{j >= zeros} c_j h^(j - zeros); a lower bound of Q */
    arb_zero(q);
    for (int j = zeros; j <= k; j++) {
        arb_poly_get_coeff_arb(c, j < k ? m1 : m2, j);
        if (!arb_is_finite(c)) {
            arb_indeterminate(q);
            break;
        }
        term_lower(q, c, j - zeros, at, w, prec);
    }
    lo_excluded = 0;
    if (zeros > 0 && st->p[var].lo_open) {          /* h = 0 is the domain's excluded end */
        fmpq_t d;
        fmpq_init(d);
        lo_excluded = fmpq_set_str(d, st->p[var].lo, 10) == 0 && fmpq_equal(d, b->lo[var].v);
        fmpq_clear(d);
    }
    if (arb_is_finite(q)) {
        arf_t lb;
        arf_init(lb);
        arb_get_lbound_arf(lb, q, prec);
        if (st->rel == LP_REL_GE)
            r = arf_sgn(lb) >= 0;
        else if (arf_sgn(lb) > 0) {
            if (zeros == 0 || lo_excluded)
                r = 1;
            else {                  /* 0 at the domain's own lower end: > fails there */
                lp_end_set(&b->hi[var], &b->lo[var]);
                r = -1;
            }
        }
        arf_clear(lb);
    }
    fmpq_clear(w);
    fmpq_clear(e);
    arb_clear(q);
    arb_clear(t);
    arb_clear(c);
    arb_poly_clear(m2);
    arb_poly_clear(m1);
    series_clear(x, st->np);
    return r;
}

int
lp_bnb_midpoint(const lp_box_stmt *st, const lp_bnb_box *b, lp_bnb_box *pt, slong prec)
{
    lp_bnb_box_set(pt, b, st->np);
    for (int i = 0; i < st->np; i++) {
        if (b->lo[i].inf || b->hi[i].inf)
            return 0;
        fmpq_add(pt->lo[i].v, b->lo[i].v, b->hi[i].v);
        fmpq_div_2exp(pt->lo[i].v, pt->lo[i].v, 1);
        if (st->p[i].integer) {
            fmpz_fdiv_q(fmpq_numref(pt->lo[i].v), fmpq_numref(pt->lo[i].v), fmpq_denref(pt->lo[i].v));
            fmpz_one(fmpq_denref(pt->lo[i].v));
        }
        lp_end_set(&pt->hi[i], &pt->lo[i]);
    }
    pt->prec = prec;
    return lp_bnb_interval(st, pt, prec) < 0 ? -1 : 0;
}

int
lp_bnb_tail(const lp_box_stmt *st, const lp_bnb_box *b, int var, slong prec)
{
    arb_struct lo[LP_BOX_MAXP], hi[LP_BOX_MAXP];
    arb_t lower;
    int r = 0;
    if (st->tail == NULL || !b->hi[var].inf || b->lo[var].inf)
        return 0;
    arb_init(lower);
    for (int i = 0; i < st->np; i++) {
        arb_init(lo + i);
        arb_init(hi + i);
    }
    for (int i = 0; i < st->np; i++) {
        if (i != var && (b->lo[i].inf || b->hi[i].inf))
            goto done;              /* one unbounded parameter at a time */
        arb_set_fmpq(lo + i, b->lo[i].v, prec);
        if (i == var)
            arb_pos_inf(hi + i);
        else
            arb_set_fmpq(hi + i, b->hi[i].v, prec);
    }
    if (st->tail(lower, var, lo, hi, prec))
        r = decide(lower, st->rel, 0) == 1;
done:
    for (int i = 0; i < st->np; i++) {
        arb_clear(lo + i);
        arb_clear(hi + i);
    }
    arb_clear(lower);
    return r;
}
