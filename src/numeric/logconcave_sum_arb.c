/* Rigorous sum of a positive log-concave sequence, summing only the terms that
 * matter.  Contract in numeric.h. */
#include "numeric/numeric.h"

/* 1 if t is below 2^-(prec+16) of the (positive) running sum s. */
static int
negligible(const arb_t t, const arb_t s, slong prec)
{
    mag_t mt, ms;
    int r;
    mag_init(mt);
    mag_init(ms);
    arb_get_mag(mt, t);
    arb_get_mag_lower(ms, s);
    mag_mul_2exp_si(ms, ms, -(prec + 16));
    r = mag_cmp(mt, ms) < 0;
    mag_clear(mt);
    mag_clear(ms);
    return r;
}

/* The working precision for the step from t: a term 2^-g below the running
 * sum s needs only about prec - g bits for the sum to keep prec (its error
 * is relative to itself, and the terms after it are smaller still on the way
 * down); the balls carry every rounding either way, so this moves the cost,
 * never the enclosure.  Near the peak (or uphill) it is prec. */
static slong
step_prec(const arb_t t, const arb_t s, slong prec)
{
    slong es = arf_abs_bound_lt_2exp_si(arb_midref(s));
    slong et = arf_abs_bound_lt_2exp_si(arb_midref(t));
    slong w;
    if (es >= WORD_MAX / 4 || es <= -WORD_MAX / 4 || et >= WORD_MAX / 4 || et <= -WORD_MAX / 4)
        return prec;
    w = prec + 24 - (es - et);
    return FLINT_MAX(FLINT_MIN(w, prec), FLINT_MIN(prec, 64));
}

/* Bound on  last * (q + q^2 + ...)  with q = last / before, added to s as an
 * error.  q is an enclosure of a ratio that, by log-concavity, bounds every
 * ratio further out; if it is not certainly below 1 the bound is infinite. */
static void
add_geometric_tail(arb_t s, const arb_t last, const arb_t before, slong prec)
{
    arb_t q, t;
    mag_t m;
    arb_init(q);
    arb_init(t);
    mag_init(m);
    arb_div(q, last, before, prec);
    arb_sub_ui(t, q, 1, prec);
    arb_neg(t, t);                          /* 1 - q */
    if (arb_is_positive(t)) {
        arb_div(t, q, t, prec);
        arb_mul(t, t, last, prec);
        arb_get_mag(m, t);
    } else {
        mag_inf(m);
    }
    /* the tail lies in [0, m]: centre the extra interval */
    mag_mul_2exp_si(m, m, -1);
    arb_add_error_mag(s, m);
    arf_set_mag(arb_midref(t), m);
    mag_zero(arb_radref(t));
    arb_add(s, s, t, prec);
    arb_clear(q);
    arb_clear(t);
    mag_clear(m);
}

void
lp_logconcave_sum_arb(arb_t sum, uint64_t n, uint64_t k,
                      const arb_t tk, const arb_t tk1,
                      lp_step2_fn step, void *ctx, slong prec)
{
    arb_t s, lo, hi, next;
    uint64_t j;

    arb_init(s);
    arb_init(lo);
    arb_init(hi);
    arb_init(next);

    arb_set(s, tk);
    if (n == 0) {
        arb_swap(sum, s);
        goto done;
    }
    arb_add(s, s, tk1, prec);

    /* upward: lo = T_{j-1}, hi = T_j */
    arb_set(lo, tk);
    arb_set(hi, tk1);
    for (j = k + 1; j < n; j++) {
        /* the test every fourth term: a few terms more, a quarter of the tests */
        if ((j & 3) == 0 && arf_cmp(arb_midref(hi), arb_midref(lo)) <= 0 && negligible(hi, s, prec))
            break;
        step(next, lo, j - 1, +1, ctx, step_prec(lo, s, prec));      /* T_{j+1} */
        arb_add(s, s, next, prec);
        arb_swap(lo, hi);
        arb_swap(hi, next);
    }
    if (j < n)
        add_geometric_tail(s, hi, lo, prec);        /* terms j+1 .. n */

    /* downward: lo = T_j, hi = T_{j+1} */
    arb_set(lo, tk);
    arb_set(hi, tk1);
    for (j = k; j > 0; j--) {
        if ((j & 3) == 0 && arf_cmp(arb_midref(lo), arb_midref(hi)) <= 0 && negligible(lo, s, prec))
            break;
        step(next, hi, j + 1, -1, ctx, step_prec(hi, s, prec));      /* T_{j-1} */
        arb_add(s, s, next, prec);
        arb_swap(hi, lo);
        arb_swap(lo, next);
    }
    if (j > 0)
        add_geometric_tail(s, lo, hi, prec);        /* terms 0 .. j-1 */

    arb_swap(sum, s);
done:
    arb_clear(s);
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(next);
}
