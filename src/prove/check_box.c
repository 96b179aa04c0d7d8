/* check_box.c -- the checker: is one box closed by the method its line names?  Written apart
 * from the prover's closures (bnb_close.c): the Taylor form's range here is a sum of interval
 * products over the exact range of h^j, where the prover reasons by cases.  Contracts in
 * check.h. */
#include <string.h>

#include "prove/check.h"

#define CK_MAX_PREC 4096

/* [lo, hi] as a ball (finite ends) */
static void
enclose(arb_t x, const lp_xq *lo, const lp_xq *hi, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_set_fmpq(x, lo->v, prec);
    arb_set_fmpq(t, hi->v, prec);
    arb_union(x, x, t, prec);
    arb_clear(t);
}

static int
finite_box(const lp_box_stmt *st, const lp_ck_box *b)
{
    for (int i = 0; i < st->np; i++)
        if (b->lo[i].side || b->hi[i].side)
            return 0;
    return 1;
}

/* the parameters as constant series over b */
static void
params(arb_poly_struct *x, const lp_box_stmt *st, const lp_ck_box *b, slong prec)
{
    arb_t t;
    arb_init(t);
    for (int i = 0; i < st->np; i++) {
        arb_poly_init(x + i);
        enclose(t, &b->lo[i], &b->hi[i], prec);
        arb_poly_set_coeff_arb(x + i, 0, t);
    }
    arb_clear(t);
}

static void
params_clear(arb_poly_struct *x, int np)
{
    for (int i = 0; i < np; i++)
        arb_poly_clear(x + i);
}

/* the relation certainly holds for every value in the enclosure v */
static int
holds(const arb_t v, lp_relation rel)
{
    return rel == LP_REL_GT ? arb_is_positive(v) : rel == LP_REL_GE ? arb_is_nonnegative(v)
           : rel == LP_REL_NE ? arb_is_nonzero(v) : 0;
}

static int
by_interval(const lp_box_stmt *st, const lp_ck_box *b, slong prec)
{
    arb_poly_struct x[LP_BOX_MAXP];
    arb_poly_t m;
    arb_t v;
    int ok;
    arb_poly_init(m);
    arb_init(v);
    params(x, st, b, prec);
    st->margin(m, x, 1, prec);
    arb_poly_get_coeff_arb(v, m, 0);
    ok = holds(v, st->rel);
    arb_clear(v);
    arb_poly_clear(m);
    params_clear(x, st->np);
    return ok;
}

/* [pl, pu] = the exact range of h^p for h in [hl, hu] */
static void
power_range(fmpq_t pl, fmpq_t pu, const fmpq_t hl, const fmpq_t hu, int p)
{
    fmpq_t a, b;
    fmpq_init(a);
    fmpq_init(b);
    fmpq_pow_si(a, hl, p);
    fmpq_pow_si(b, hu, p);
    if (p == 0) {                                   /* h^0 = 1 */
        fmpq_one(pl);
        fmpq_one(pu);
    } else if (p % 2 == 1 || fmpq_sgn(hl) >= 0) {          /* monotone increasing on the range */
        fmpq_set(pl, a);
        fmpq_set(pu, b);
    } else if (fmpq_sgn(hu) <= 0) {                 /* even power, h <= 0: decreasing */
        fmpq_set(pl, b);
        fmpq_set(pu, a);
    } else {                                        /* even power across 0 */
        fmpq_zero(pl);
        fmpq_set(pu, fmpq_cmp(a, b) > 0 ? a : b);
    }
    fmpq_clear(a);
    fmpq_clear(b);
}

/* lower bound of the product of the intervals [c] and [pl, pu]: the least of its four corner
 * products, each rounded down */
static void
product_lower(arf_t out, const arb_t c, const fmpq_t pl, const fmpq_t pu, slong prec)
{
    arf_t cl, cu, e[2], t;
    arb_t q;
    arf_init(cl);
    arf_init(cu);
    arf_init(e[0]);
    arf_init(e[1]);
    arf_init(t);
    arb_init(q);
    arb_get_lbound_arf(cl, c, prec);
    arb_get_ubound_arf(cu, c, prec);
    arb_set_fmpq(q, pl, prec);
    arb_get_lbound_arf(e[0], q, prec);
    arb_set_fmpq(q, pu, prec);
    arb_get_ubound_arf(e[1], q, prec);
    arf_pos_inf(out);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            arf_mul(t, i ? cu : cl, e[j], prec, ARF_RND_FLOOR);
            if (arf_cmp(t, out) < 0)
                arf_set(out, t);
        }
    arb_clear(q);
    arf_clear(t);
    arf_clear(e[1]);
    arf_clear(e[0]);
    arf_clear(cu);
    arf_clear(cl);
}

static int
by_taylor(const lp_box_stmt *st, const lp_ck_box *b, slong prec)
{
    arb_poly_struct x[LP_BOX_MAXP];
    arb_poly_t at_point, over_box;
    arb_t c, sum;
    arf_t low;
    fmpq_t e, hl, hu, pl, pu, dlo;
    int k = b->order, v = b->var, zeros = 0, ok = 0;
    if (st->rel == LP_REL_NE || k < 1 || k > 16)
        return 0;
    arb_poly_init(at_point);
    arb_poly_init(over_box);
    arb_init(c);
    arb_init(sum);
    arf_init(low);
    fmpq_init(e);
    fmpq_init(hl);
    fmpq_init(hu);
    fmpq_init(pl);
    fmpq_init(pu);
    fmpq_init(dlo);
    if (b->at < 0)
        fmpq_set(e, b->lo[v].v);
    else if (b->at > 0)
        fmpq_set(e, b->hi[v].v);
    else {
        fmpq_add(e, b->lo[v].v, b->hi[v].v);
        fmpq_div_2exp(e, e, 1);
    }
    fmpq_sub(hl, b->lo[v].v, e);                    /* h = x_v - e runs over [hl, hu] */
    fmpq_sub(hu, b->hi[v].v, e);
    params(x, st, b, prec);
    arb_set_fmpq(c, e, prec);
    arb_poly_set_coeff_arb(x + v, 0, c);
    arb_poly_set_coeff_si(x + v, 1, 1);
    st->margin(at_point, x, k + 1, prec);           /* coefficients 0 .. k-1 at e */
    enclose(c, &b->lo[v], &b->hi[v], prec);
    arb_poly_set_coeff_arb(x + v, 0, c);
    st->margin(over_box, x, k + 1, prec);           /* coefficient k anywhere in the box */
    if (fmpq_is_zero(hl)) {                         /* exact zeros at the lower end factor out */
        while (zeros < k) {
            arb_poly_get_coeff_arb(c, at_point, zeros);
            if (!arb_is_zero(c))
                break;
            zeros++;
        }
    }
    arb_zero(sum);
    for (int j = zeros; j <= k; j++) {
        arb_t t;
        arb_poly_get_coeff_arb(c, j < k ? at_point : over_box, j);
        if (!arb_is_finite(c)) {
            arb_indeterminate(sum);
            break;
        }
        power_range(pl, pu, hl, hu, j - zeros);
        product_lower(low, c, pl, pu, prec);
        arb_init(t);
        arb_set_arf(t, low);
        arb_add(sum, sum, t, prec);
        arb_clear(t);
    }
    if (arb_is_finite(sum)) {
        arb_get_lbound_arf(low, sum, prec);
        if (st->rel == LP_REL_GE)
            ok = arf_sgn(low) >= 0;
        else if (arf_sgn(low) > 0) {
            /* margin = h^zeros Q with Q > 0: > holds where h > 0; h = 0 must be outside the
               domain, i.e. the box starts at the domain's excluded lower end */
            ok = zeros == 0;
            if (!ok && st->p[v].lo_open && fmpq_set_str(dlo, st->p[v].lo, 10) == 0)
                ok = fmpq_equal(dlo, b->lo[v].v);
        }
    }
    fmpq_clear(dlo);
    fmpq_clear(pu);
    fmpq_clear(pl);
    fmpq_clear(hu);
    fmpq_clear(hl);
    fmpq_clear(e);
    arf_clear(low);
    arb_clear(sum);
    arb_clear(c);
    arb_poly_clear(over_box);
    arb_poly_clear(at_point);
    params_clear(x, st->np);
    return ok;
}

static int
by_tail(const lp_box_stmt *st, const lp_ck_box *b, slong prec)
{
    arb_struct lo[LP_BOX_MAXP], hi[LP_BOX_MAXP];
    arb_t lower;
    int ok = 1, v = b->var;
    if (st->tail == NULL || b->hi[v].side != 1 || b->lo[v].side != 0)
        return 0;
    for (int i = 0; i < st->np; i++)
        if (i != v && (b->lo[i].side || b->hi[i].side))
            return 0;
    if (st->tail_from != NULL) {                    /* the tail's argument starts there */
        fmpq_t a;
        int below;
        fmpq_init(a);
        below = fmpq_set_str(a, st->tail_from, 10) != 0 || fmpq_cmp(b->lo[v].v, a) < 0;
        fmpq_clear(a);
        if (below)
            return 0;
    }
    arb_init(lower);
    for (int i = 0; i < st->np; i++) {
        arb_init(lo + i);
        arb_init(hi + i);
        arb_set_fmpq(lo + i, b->lo[i].v, prec);
        if (i == v)
            arb_pos_inf(hi + i);
        else
            arb_set_fmpq(hi + i, b->hi[i].v, prec);
    }
    ok = st->tail(lower, v, lo, hi, prec) && holds(lower, st->rel);
    for (int i = 0; i < st->np; i++) {
        arb_clear(lo + i);
        arb_clear(hi + i);
    }
    arb_clear(lower);
    return ok;
}

int
lp_ck_closure(const lp_box_stmt *st, const lp_ck_box *b, char *why, size_t len)
{
    slong prec = b->prec > 64 ? b->prec : 64;
    if (b->method != 'T' && !finite_box(st, b)) {
        snprintf(why, len, "line %d: an unbounded box closed by %s", b->line, b->method == 'i' ? "interval" : "taylor");
        return 0;
    }
    for (; prec <= CK_MAX_PREC; prec *= 2) {
        int ok = b->method == 'i' ? by_interval(st, b, prec) : b->method == 't' ? by_taylor(st, b, prec)
                 : b->method == 'T' ? by_tail(st, b, prec) : 0;
        if (ok)
            return 1;
    }
    snprintf(why, len, "line %d: the box is not closed by the method it names (re-evaluated up to %d bits)",
             b->line, CK_MAX_PREC);
    return 0;
}

int
lp_ck_counterexample(const lp_box_stmt *st, const lp_ck_box *b, char *why, size_t len)
{
    arb_poly_struct x[LP_BOX_MAXP];
    arb_poly_t m;
    arb_t v;
    int ok = 0;
    if (!finite_box(st, b)) {
        snprintf(why, len, "line %d: an unbounded counterexample box", b->line);
        return 0;
    }
    /* the box must hold a point of the domain: not only an excluded lower end */
    for (int i = 0; i < st->np; i++) {
        lp_xq d;
        int open_point;
        fmpq_init(d.v);
        open_point = st->p[i].lo_open && lp_xq_parse(&d, st->p[i].lo, strlen(st->p[i].lo)) == 0
                     && lp_xq_cmp(&b->hi[i], &d) <= 0;
        fmpq_clear(d.v);
        if (open_point) {
            snprintf(why, len, "line %d: the counterexample lies at an excluded end of the domain", b->line);
            return 0;
        }
    }
    arb_poly_init(m);
    arb_init(v);
    for (slong prec = 64; prec <= CK_MAX_PREC && !ok; prec *= 2) {
        params(x, st, b, prec);
        st->margin(m, x, 1, prec);
        arb_poly_get_coeff_arb(v, m, 0);
        if (st->rel == LP_REL_NE)
            ok = arb_is_zero(v);
        else
            ok = arb_is_negative(v) || (st->rel == LP_REL_GT && arb_is_zero(v));
        params_clear(x, st->np);
    }
    arb_clear(v);
    arb_poly_clear(m);
    if (!ok)
        snprintf(why, len, "line %d: the margin does not certainly violate the relation on the box", b->line);
    return ok;
}
