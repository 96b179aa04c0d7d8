/* The least eps with delta(eps) <= delta, for any mechanism (contract in
 * privacy.h).  delta(eps) is continuous and non-increasing (it is the sup
 * over pairs of E[(1 - e^{eps - L})_+]); laplace-l1 has a closed form.  For
 * the others: a bracket [lo, hi] with delta(lo) > delta > delta(hi), both
 * signs certain, is narrowed by regula falsi with the Illinois modification
 * (the secant points are arithmetic on midpoints: they move the cost, never
 * the bracket), then returned as a ball.  Before that, safeguarded Newton steps
 * on log delta(eps) - log(delta), with the slope -delta'(eps) = e^eps P_x'[L > eps]
 * (gauss, vmf), place the root (from epsilon_start.c's guess); two evaluations
 * at eps -+ h then close the bracket to the digits asked, and the regula falsi
 * only runs if they do not. */
#include "core/host.h"
#include <math.h>
#include "privacy/privacy.h"
#include "numeric/numeric.h"

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
    r = arf_cmpabs_2exp_si(w, lp_arf_exp_bound(hi) - (slong) (3.33 * digits) - 10) < 0;
    arf_clear(w);
    return r;
}

/* delta and -delta' at eps (midpoints as arf: only the step uses them) */
static void
eval_both(arb_t d, arb_t sl, const lp_dp_pair *m, const arf_t eps, slong prec)
{
    arb_t e;
    arb_init(e);
    arb_set_arf(e, eps);
    if (m->mech == LP_DP_GAUSS) {
        lp_gauss_profile_arb(d, e, m->scale, m->dist, prec);
        lp_gauss_profile_slope_arb(sl, e, m->scale, m->dist, prec);
    } else {
        /* the slope only scales the step: in doubles (vmf_profile_double.c,
         * vmf_chordal_double.c: relative error ~1e-12 or less, so the step
         * stays quadratic), the Arb integral where the doubles have nothing */
        double s, dd = lp_dp_vmf_double(&s, m, arf_get_d(eps, ARF_RND_NEAR));
        if (dd > 0 && s > 0 && isfinite(s)) {
            if (m->antipodal)
                lp_vmf_profile_arb(d, e, m->p, m->scale, prec);
            else
                lp_vmf_chordal_profile_arb(d, e, m->p, m->scale, m->dist, prec);
            arb_set_d(sl, s);
        } else if (m->antipodal) {
            lp_vmf_profile_parts_arb(d, sl, e, m->p, m->scale, prec);
        } else {
            lp_vmf_chordal_parts_arb(d, sl, e, m->p, m->scale, m->dist, prec);
        }
    }
    arb_clear(e);
}

/* side() for a closing evaluation: its sign is all it gives, and at x -+ h
 * delta differs from the target by ~ h delta'(x), relative 2^-(3.33 digits)
 * or so: the chordal pair (whose integral dominates the cost) tries 40 bits
 * more than that first, then prec where the sign is not certain there */
static int
side_closing(arf_t g, const lp_dp_pair *m, const arf_t x, const arb_t target, slong digits, slong prec)
{
    slong low = (slong) (3.33 * digits) + 40;
    int s;
    if (m->mech == LP_DP_VMF && !m->antipodal && low < prec && (s = side(g, m, x, target, low)) != 0)
        return s;
    return side(g, m, x, target, prec);
}

/* Two certified evaluations at x -+ h, h the target width: lo, hi move to
 * them where the signs are certain; returns 1 when the bracket is narrow enough */
static int
close_at(arf_t lo, arf_t hi, arf_t flo, arf_t fhi, const lp_dp_pair *m, const arf_t x, const arb_t target,
         slong digits, slong prec)
{
    arf_t h, f, g;
    int done;
    arf_init(h); arf_init(f); arf_init(g);
    arf_mul_2exp_si(h, x, -(slong) (3.33 * digits) - 12);
    arf_abs(h, h);
    arf_sub(f, x, h, prec, ARF_RND_DOWN);
    if (arf_cmp(f, lo) > 0 && side_closing(g, m, f, target, digits, prec) > 0) {
        arf_set(lo, f);
        arf_set(flo, g);
    }
    arf_add(f, x, h, prec, ARF_RND_UP);
    if (arf_cmp(f, hi) < 0 && side_closing(g, m, f, target, digits, prec) < 0) {
        arf_set(hi, f);
        arf_set(fhi, g);
    }
    done = narrow_enough(lo, hi, digits, prec);
    arf_clear(h); arf_clear(f); arf_clear(g);
    return done;
}

/* Newton on log delta: returns 1 with lo, hi narrowed to the target width,
 * else 0 (lo, hi still a valid bracket, possibly narrowed) */
static int
newton(arf_t lo, arf_t hi, arf_t flo, arf_t fhi, const lp_dp_pair *m, const arb_t target,
       slong digits, slong prec)
{
    arf_t x, xn, h;
    arb_t d, sl, t, u;
    int done = 0, s, root = 0;
    slong ex;
    arf_init(x); arf_init(xn); arf_init(h);
    arb_init(d); arb_init(sl); arb_init(t); arb_init(u);
    /* from the normal-loss guess, else 1 (or twice lo); inside [lo, hi]: the
     * start moves the cost only */
    {
        double g = lp_dp_epsilon_start(&root, m, target);
        if (isfinite(g) && g > 0)
            arf_set_d(x, g);
        else if (arf_cmp_si(lo, 1) < 0)
            arf_one(x);
        else
            arf_mul_2exp_si(x, lo, 1);
    }
    if (arf_cmp(x, lo) <= 0)
        arf_mul_2exp_si(x, lo, 1);
    if (arf_is_finite(hi) && arf_cmp(x, hi) >= 0) {
        arf_add(x, lo, hi, prec, ARF_RND_NEAR);
        arf_mul_2exp_si(x, x, -1);
        root = 0;
    }
    /* the chordal pair (its Arb integral costs five antipodal ones): where the
     * doubles converged, their root is within the target width as a rule
     * (relative error ~2e-14 in delta), so the two closing evaluations come
     * first; where a sign is not certain, Newton in Arb goes on from there */
    if (root && m->mech == LP_DP_VMF && !m->antipodal
        && (done = close_at(lo, hi, flo, fhi, m, x, target, digits, prec)))
        goto out;
    for (int it = 0; it < 60; it++) {
        eval_both(d, sl, m, x, prec);
        arb_sub(t, d, target, prec);
        s = arb_is_positive(t) ? 1 : arb_is_negative(t) ? -1 : 0;
        if (s > 0 && arf_cmp(x, lo) > 0) {
            arf_set(lo, x);
            arf_set(flo, arb_midref(t));
        } else if (s < 0 && arf_cmp(x, hi) < 0) {
            arf_set(hi, x);
            arf_set(fhi, arb_midref(t));
        }
        /* the step: x + (log delta - log target) delta / slope */
        if (s != 0 && arb_is_positive(d) && arb_is_positive(sl)) {
            arb_log(t, d, prec);
            arb_log(u, target, prec);
            arb_sub(t, t, u, prec);
            arb_mul(t, t, d, prec);
            arb_div(t, t, sl, prec);
            arf_add(xn, x, arb_midref(t), prec, ARF_RND_NEAR);
        } else if (arf_is_finite(hi)) {
            arf_add(xn, lo, hi, prec, ARF_RND_NEAR);
            arf_mul_2exp_si(xn, xn, -1);
        } else {
            arf_mul_2exp_si(xn, x, 1);
        }
        if (!(arf_cmp(xn, lo) > 0 && arf_cmp(xn, hi) < 0) || !arf_is_finite(xn)) {
            if (arf_is_finite(hi)) {
                arf_add(xn, lo, hi, prec, ARF_RND_NEAR);
                arf_mul_2exp_si(xn, xn, -1);
            } else {
                arf_mul_2exp_si(xn, arf_cmp(x, lo) > 0 ? x : lo, 1);
                if (arf_is_zero(xn))
                    arf_one(xn);
            }
        }
        /* converged to the target width: close the bracket around xn */
        arf_sub(h, xn, x, prec, ARF_RND_UP);
        arf_abs(h, h);
        /* quadratic convergence: a step below the square root of the target
         * width leaves an error below it */
        ex = lp_arf_exp_bound(xn);
        if (s == 0 || arf_cmpabs_2exp_si(h, ex - (slong) (1.67 * digits) - 12) < 0) {
            done = close_at(lo, hi, flo, fhi, m, xn, target, digits, prec);
            break;
        }
        arf_swap(x, xn);
    }
out:
    arf_clear(x); arf_clear(xn); arf_clear(h);
    arb_clear(d); arb_clear(sl); arb_clear(t); arb_clear(u);
    return done;
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

    /* lo = 0: delta(0) > delta is checked only when no step finds a larger
     * lo (delta(lo) > delta implies it, delta being non-increasing) */
    arf_zero(lo);
    arf_one(flo);
    /* hi: the pure eps where there is one (delta = 0 there), else unknown;
     * Newton's steps narrow the bracket (and find hi), then the fallback:
     * from 1 (or the pure eps, where smaller) doubling, never past the pure
     * eps */
    {
        int has_pure = lp_dp_pure(t, m, prec) && arb_is_finite(t);
        arf_t top;
        arf_init(top);
        if (has_pure) {
            arf_set_mag(top, arb_radref(t));
            arf_add(top, top, arb_midref(t), prec, ARF_RND_UP);
            arf_set(hi, top);
            arf_set(fhi, arb_midref(delta));
            arf_neg(fhi, fhi);
        } else {
            arf_pos_inf(hi);
        }
        if (newton(lo, hi, flo, fhi, m, delta, digits, prec) && !arf_is_zero(lo)) {
            arf_clear(top);
            goto bracketed;
        }
        if (arf_is_zero(lo)) {
            s = side(flo, m, lo, delta, prec);
            if (s < 0) {
                arf_clear(top);
                arb_zero(eps);                  /* delta(0) < delta already */
                ok = 0;
                goto done;
            }
            if (s == 0) {
                arf_clear(top);
                goto fail;
            }
        }
        if (arf_is_finite(hi)) {
            arf_clear(top);
            goto bracketed;
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
bracketed:
    last = 0;
    for (int it = 0; it < 40 * (digits + 10) && !narrow_enough(lo, hi, digits, prec) && !lp_cancelled(); it++) {
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
