/* pld_delta.c -- delta and epsilon from the composed PLD: delta_Y at a point
 * from the suffix sums, the true delta_X bracketed by (a) .. (c) in pld_bounds.h,
 * and epsilon(delta) by bisection on the certified bracket. */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "account/pld/bounds/pld_bounds.h"
#include "account/pld/compose/pld_compose.h"

/* ---- delta at a point ------------------------------------------------------------ */

/* [lo, hi] containing sum_j p~_j g_e(s_j) +- W, i.e. delta_Y(e), e exact */
static void
delta_Y(arb_t lo, arb_t hi, const lp_pld *pld, const arf_t e)
{
    const slong prec = 64;
    arb_t s, E, D, err;
    int64_t j0;
    double ed = arf_get_d(e, ARF_RND_DOWN);
    arb_init(s);
    arb_init(E);
    arb_init(D);
    arb_init(err);
    /* j0: the first window index with s_j > e */
    if (!arf_is_finite(e) || ed / pld->h > 9e15 || ed / pld->h < -9e15) {
        j0 = arf_sgn(e) > 0 ? (int64_t) pld->n : 0;
    } else {
        j0 = (int64_t) floor(ed / pld->h) - pld->ja - 1;
        for (;;) {          /* adjust exactly: s_{j0} > e >= s_{j0 - 1} */
            arb_set_d(s, pld->h);
            arb_mul_si(s, s, pld->ja + j0, ARF_PREC_EXACT);
            if (arf_cmp(arb_midref(s), e) > 0)
                break;
            j0++;
        }
        for (;;) {
            arb_set_d(s, pld->h);
            arb_mul_si(s, s, pld->ja + j0 - 1, ARF_PREC_EXACT);
            if (arf_cmp(arb_midref(s), e) <= 0)
                break;
            j0--;
        }
        if (j0 < 0)
            j0 = 0;
    }
    if (j0 >= (int64_t) pld->n) {
        arb_zero(D);
        arb_zero(err);
    } else if (pld->nspec > 0) {    /* the spectral route: the sums in Arb, no rounding to add */
        arb_set_d(s, pld->h);
        arb_mul_si(s, s, pld->ja + j0, ARF_PREC_EXACT);     /* s_{j0} */
        arb_set_arf(E, e);
        arb_sub(E, E, s, prec);
        arb_exp(E, E, prec);                                /* <= 1 */
        pld_spectral_sums(D, s, pld, j0);
        arb_mul(s, s, E, prec);
        arb_sub(D, D, s, prec);
        arb_zero(err);
    } else {
        arb_set_d(s, pld->h);
        arb_mul_si(s, s, pld->ja + j0, ARF_PREC_EXACT);     /* s_{j0} */
        arb_set_arf(E, e);
        arb_sub(E, E, s, prec);
        arb_exp(E, E, prec);                                /* <= 1 */
        arb_set_d(D, pld->B[j0]);
        arb_mul(D, D, E, prec);
        arb_neg(D, D);
        arb_set_d(s, pld->A[j0]);
        arb_add(D, D, s, prec);
        arb_set_d(err, pld->C[j0]);
        arb_mul_ui(err, err, 2, prec);
        arb_set_d(s, pld->rnd_rel);
        arb_mul(err, err, s, prec);
    }
    arb_add(err, err, pld->err_fft, prec);
    arb_add(err, err, pld->tail, prec);
    arb_sub(lo, D, err, prec);
    arb_add(hi, D, err, prec);
    arb_clear(s);
    arb_clear(E);
    arb_clear(D);
    arb_clear(err);
}

void
lp_pld_delta_Y(arb_t lo, arb_t hi, const lp_pld *pld, const arf_t e)
{
    delta_Y(lo, hi, pld, e);
}

static void
arb_mul_d(arb_t r, const arb_t x, double d, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_set_d(t, d);
    arb_mul(r, x, t, prec);
    arb_clear(t);
}

static void
arb_add_d(arb_t r, const arb_t x, double d, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_set_d(t, d);
    arb_add(r, x, t, prec);
    arb_clear(t);
}

static void
arb_sub_d(arb_t r, const arb_t x, double d, slong prec)
{
    arb_add_d(r, x, -d, prec);
}

/* up/lo of the true delta_X at the exact e (see (a) .. (c)); eta > 0; only
 * the ends asked (want: 1 the upper, 2 the lower, 3 both; the other is left
 * as it is): the bisections of lp_pld_epsilon read one end a step, and each
 * end is two of delta_Y's four (issue 42: the same balls, half the work) */
static void
delta_X_ends(arb_t lo, arb_t hi, const lp_pld *pld, const arf_t e, double eta, int want)
{
    const slong prec = 64;
    arb_t t, sh, a, b, tmp;
    arf_t ee;
    arb_init(t);
    arb_init(sh);
    arb_init(a);
    arb_init(b);
    arb_init(tmp);
    arf_init(ee);
    /* t = h sqrt(T log(1/eta) / 2) */
    arb_set_d(t, eta);
    arb_log(t, t, prec);
    arb_neg(t, t);
    arb_mul_ui(t, t, pld->T, prec);
    arb_mul_2exp_si(t, t, -1);
    arb_sqrt(t, t, prec);
    arb_mul_d(t, t, pld->h, prec);
    /* upper: min(delta_Y(e), delta_Y(e + T mu_lo - t) + eta) */
    if (want & 1) {
        delta_Y(a, hi, pld, e);
        arb_mul_ui(sh, pld->mu_lo, pld->T, prec);
        arb_sub(sh, sh, t, prec);
        arb_add_arf(sh, sh, e, prec);
        arb_get_lbound_arf(ee, sh, prec);
        delta_Y(a, b, pld, ee);
        arb_add_d(b, b, eta, prec);
        pld_take_better(hi, b, 1);
        arb_mul_ui(tmp, pld->tau_hi, pld->T, prec);
        arb_add(hi, hi, tmp, prec);
    }
    /* lower: max(delta_Y(e + T h), delta_Y(e + T mu_hi + t) - eta) */
    if (want & 2) {
        arb_set_d(sh, pld->h);
        arb_mul_ui(sh, sh, pld->T, prec);
        arb_add_arf(sh, sh, e, prec);
        arb_get_ubound_arf(ee, sh, prec);
        delta_Y(lo, b, pld, ee);
        arb_mul_ui(sh, pld->mu_hi, pld->T, prec);
        arb_add(sh, sh, t, prec);
        arb_add_arf(sh, sh, e, prec);
        arb_get_ubound_arf(ee, sh, prec);
        delta_Y(a, b, pld, ee);
        arb_sub_d(a, a, eta, prec);
        pld_take_better(lo, a, 0);
        arb_mul_ui(tmp, pld->tau_lo, pld->T, prec);
        arb_sub(lo, lo, tmp, prec);
    }
    arb_clear(t);
    arb_clear(sh);
    arb_clear(a);
    arb_clear(b);
    arb_clear(tmp);
    arf_clear(ee);
}

static void
delta_X(arb_t lo, arb_t hi, const lp_pld *pld, const arf_t e, double eta)
{
    delta_X_ends(lo, hi, pld, e, eta, 3);
}

/* the ends of [lo, hi] as exact points, clipped to [0, 1] */
static void
clip01(arb_t lo, arb_t hi)
{
    arf_t l, u;
    arf_init(l);
    arf_init(u);
    arb_get_lbound_arf(l, lo, 64);
    arb_get_ubound_arf(u, hi, 64);
    if (arf_sgn(l) < 0 || arf_is_nan(l))
        arf_zero(l);
    if (arf_cmp_si(u, 1) > 0 || arf_is_nan(u))
        arf_one(u);
    arb_set_arf(lo, l);
    arb_set_arf(hi, u);
    arf_clear(l);
    arf_clear(u);
}

void
lp_pld_delta(arb_t lo, arb_t hi, const lp_pld *pld, const arb_t eps)
{
    arf_t e;
    arb_t a, b;
    double eta, eta0;
    arf_init(e);
    arb_init(a);
    arb_init(b);
    /* eta: a thousandth of the estimate, any eta > 0 gives valid bounds */
    arb_get_lbound_arf(e, eps, 64);
    delta_Y(a, b, pld, e);
    eta = arf_get_d(arb_midref(b), ARF_RND_NEAR);
    eta0 = fmax(1e-3 * eta, 1e-300);
    {
        /* the estimate at e + T mu too (the Hoeffding coupling's point):
         * where T h is large against epsilon the unshifted delta_Y is far
         * above delta, and an eta sized by it swamped the bound (q = 1e-5,
         * T = 2e5, delta = 1e-9: 4x delta at the certified epsilon) */
        arb_t sh;
        arf_t ee;
        arb_init(sh);
        arf_init(ee);
        arb_mul_ui(sh, pld->mu_lo, pld->T, 64);
        arb_add_arf(sh, sh, e, 64);
        arb_get_lbound_arf(ee, sh, 64);
        if (arf_is_finite(ee)) {
            delta_Y(a, b, pld, ee);
            eta = fmin(eta, arf_get_d(arb_midref(b), ARF_RND_NEAR));
        }
        arb_clear(sh);
        arf_clear(ee);
    }
    eta = fmax(1e-3 * eta, 1e-300);
    /* both etas give valid bounds: the better of the two at each end */
    delta_X(a, hi, pld, e, eta);
    delta_X(a, b, pld, e, eta0);
    pld_take_better(hi, b, 1);
    arb_get_ubound_arf(e, eps, 64);
    delta_X(lo, b, pld, e, eta);
    delta_X(a, b, pld, e, eta0);
    pld_take_better(lo, a, 0);
    clip01(lo, hi);
    arf_clear(e);
    arb_clear(a);
    arb_clear(b);
}

void
lp_pld_epsilon(double *eps_lo, double *eps_hi, const lp_pld *pld, const arb_t delta)
{
    const double eta = fmax(1e-3 * arf_get_d(arb_midref(delta), ARF_RND_NEAR), 1e-300);
    double b = (double) (pld->ja + (int64_t) pld->n) * pld->h;
    double lo, hi;
    arb_t dl, dh;
    arf_t e;
    arb_init(dl);
    arb_init(dh);
    arf_init(e);
    /* upper: the least e (bisection) with delta_X(e) <= delta certainly */
#define UP_OK(x) (arf_set_d(e, (x)), delta_X_ends(dl, dh, pld, e, eta, 1), arb_le(dh, delta))
#define LO_OK(x) (arf_set_d(e, (x)), delta_X_ends(dl, dh, pld, e, eta, 2), arb_gt(dl, delta))
    if (UP_OK(0.0)) {
        *eps_hi = 0.0;
    } else if (!UP_OK(b)) {
        *eps_hi = INFINITY;
    } else {
        lo = 0.0;
        hi = b;
        for (int it = 0; it < 100 && hi - lo > 1e-13 * fabs(hi); it++) {
            double mid = 0.5 * (lo + hi);
            if (UP_OK(mid))
                hi = mid;
            else
                lo = mid;
        }
        *eps_hi = hi;
    }
    /* lower: the largest e with delta_X(e) > delta certainly (then epsilon > e) */
    if (!LO_OK(0.0)) {
        *eps_lo = 0.0;
    } else {
        lo = 0.0;
        hi = isfinite(*eps_hi) ? *eps_hi : b;
        for (int it = 0; it < 100 && hi - lo > 1e-13 * fabs(hi); it++) {
            double mid = 0.5 * (lo + hi);
            if (LO_OK(mid))
                lo = mid;
            else
                hi = mid;
        }
        *eps_lo = lo;
    }
#undef UP_OK
#undef LO_OK
    arb_clear(dl);
    arb_clear(dh);
    arf_clear(e);
}
