/* The least eps with delta(eps) <= delta, for any mechanism (contract in
 * privacy.h).  delta(eps) is continuous and non-increasing (it is the sup
 * over pairs of E[(1 - e^{eps - L})_+]); laplace-l1 has a closed form.  For
 * the others: a bracket [lo, hi] with delta(lo) > delta > delta(hi), both
 * signs certain, is narrowed by regula falsi with the Illinois modification
 * (the secant points are arithmetic on midpoints: they move the cost, never
 * the bracket), then returned as a ball. */
#include "privacy/privacy.h"

/* -1, 0, 1: delta(eps) - target certainly below, unknown, certainly above;
 * *f the midpoint of delta(eps) - target */
static int
side(arf_t f, const lp_dp_pair *m, const arf_t eps, const arb_t target, slong prec)
{
    arb_t e, d;
    int r;
    arb_init(e);
    arb_init(d);
    arb_set_arf(e, eps);
    lp_dp_delta(d, m, e, prec);
    arb_sub(d, d, target, prec);
    r = arb_is_positive(d) ? 1 : arb_is_negative(d) ? -1 : 0;
    arf_set(f, arb_midref(d));
    arb_clear(e);
    arb_clear(d);
    return r;
}

static int
narrow_enough(const arf_t lo, const arf_t hi, slong digits, slong prec)
{
    arf_t w;
    int r;
    arf_init(w);
    arf_sub(w, hi, lo, prec, ARF_RND_UP);
    r = arf_cmpabs_2exp_si(w, arf_abs_bound_lt_2exp_si(hi) - (slong) (3.33 * digits) - 10) < 0;
    arf_clear(w);
    return r;
}

int
lp_dp_epsilon(arb_t eps, const lp_dp_pair *m, const arb_t delta, slong digits, slong prec)
{
    arf_t lo, hi, x, flo, fhi, fx;
    arb_t t;
    int ok = -1, s, last = 0;

    if (m->mech == LP_DP_LAPLACE_L1) {
        lp_laplace_l1_epsilon_arb(eps, delta, m->scale, m->dist, prec);
        return 0;
    }
    arf_init(lo); arf_init(hi); arf_init(x);
    arf_init(flo); arf_init(fhi); arf_init(fx);
    arb_init(t);

    arf_zero(lo);
    s = side(flo, m, lo, delta, prec);
    if (s < 0) {
        arb_zero(eps);                          /* delta(0) < delta already */
        ok = 0;
        goto done;
    }
    if (s == 0)
        goto fail;
    /* hi: from 1 (or the pure eps, where smaller), doubling, never past the
     * pure eps (delta(pure) = 0) */
    {
        int has_pure = lp_dp_pure(t, m, prec) && arb_is_finite(t);
        arf_t top;
        arf_init(top);
        if (has_pure) {
            arf_set_mag(top, arb_radref(t));
            arf_add(top, top, arb_midref(t), prec, ARF_RND_UP);
        }
        arf_one(hi);
        if (has_pure && arf_cmp(hi, top) > 0)
            arf_set(hi, top);
        for (int i = 0; i < 64 && (s = side(fhi, m, hi, delta, prec)) >= 0; i++) {
            if (s == 0) {
                /* the target is delta(hi) within the ball: step just past it */
                arf_t q;
                arf_init(q);
                arf_mul_2exp_si(q, hi, -(prec / 2));
                arf_add(hi, hi, q, prec, ARF_RND_UP);
                arf_clear(q);
                if ((s = side(fhi, m, hi, delta, prec)) <= 0)
                    break;
            }
            arf_set(lo, hi);
            arf_set(flo, fhi);
            arf_mul_2exp_si(hi, hi, 1);
            if (has_pure && arf_cmp(hi, top) > 0)
                arf_set(hi, top);
        }
        arf_clear(top);
        if (s >= 0)
            goto fail;
    }
    for (int it = 0; it < 40 * (digits + 10) && !narrow_enough(lo, hi, digits, prec); it++) {
        /* x = hi - fhi (hi - lo) / (fhi - flo), kept well inside the bracket */
        arf_t w, q;
        arf_init(w); arf_init(q);
        arf_sub(w, hi, lo, prec, ARF_RND_NEAR);
        arf_sub(q, fhi, flo, prec, ARF_RND_NEAR);
        if (arf_is_zero(q)) {
            arf_add(x, lo, hi, prec, ARF_RND_NEAR);
            arf_mul_2exp_si(x, x, -1);
        } else {
            arf_div(q, fhi, q, prec, ARF_RND_NEAR);
            arf_mul(q, q, w, prec, ARF_RND_NEAR);
            arf_sub(x, hi, q, prec, ARF_RND_NEAR);
            /* at least 1/64 of the bracket from either end, unless that is below
             * the target width (then a point just inside closes the bracket) */
            arf_mul_2exp_si(q, w, -6);
            {
                arf_t a, b;
                arf_init(a); arf_init(b);
                arf_add(a, lo, q, prec, ARF_RND_NEAR);
                arf_sub(b, hi, q, prec, ARF_RND_NEAR);
                if (arf_cmp(x, a) < 0) arf_set(x, a);
                if (arf_cmp(x, b) > 0) arf_set(x, b);
                arf_clear(a); arf_clear(b);
            }
        }
        arf_clear(w); arf_clear(q);
        s = side(fx, m, x, delta, prec);
        if (s > 0) {
            arf_swap(lo, x);
            arf_set(flo, fx);
            if (last > 0)
                arf_mul_2exp_si(fhi, fhi, -1);
            last = 1;
        } else if (s < 0) {
            arf_swap(hi, x);
            arf_set(fhi, fx);
            if (last < 0)
                arf_mul_2exp_si(flo, flo, -1);
            last = -1;
        } else {
            break;                  /* the ball straddles delta: as tight as it gets here */
        }
    }
    {
        arb_t A, B;
        arb_init(A);
        arb_init(B);
        arb_set_arf(A, lo);
        arb_set_arf(B, hi);
        arb_union(eps, A, B, prec);
        arb_clear(A);
        arb_clear(B);
    }
    ok = 0;
    goto done;
fail:
    arb_indeterminate(eps);
done:
    arf_clear(lo); arf_clear(hi); arf_clear(x);
    arf_clear(flo); arf_clear(fhi); arf_clear(fx);
    arb_clear(t);
    return ok;
}
