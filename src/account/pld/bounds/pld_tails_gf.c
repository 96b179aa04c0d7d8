/* pld_tails_gf.c -- the discretised loss's generating function summed over
 * the grid with a proved upper bound, in doubles (for the window's Chernoff
 * bounds, pld_tails.c).  Contract in pld_bounds.h.
 *
 * sum >= sum_{i < cnt} |v_i|^ e^{t l_{kmin+i}} (issue 31: Arb at every point
 * was a seventh of a run at q = 1e-4).  The points are taken in blocks of
 * GF_BLOCK; block b from i0 has the anchor a_b = e^{t l_{i0}} in Arb (any
 * exponent) and, relative to it, the weights r^k, r = e^{t h}, k < GF_BLOCK,
 * summed in doubles where |t h| <= 2 (so that every r^k and its computed
 * value lie within e^{+-512}, normal doubles): w^_0 = 1, w^_{k+1} =
 * fl(w^_k r_up) >= w^_k r_up (1 - u) with r_up >= r rounded up from Arb, so
 * r^k <= w^_k (1 - u)^-k; |v_k| <= u_k (1 - u)^-1 with u_k =
 * fl(|mid_k^| + rad_k^), mid_k^ the midpoint rounded away from zero, rad_k^
 * >= the radius (Arb's mag_get_d); each product p_k = fl(u_k w^_k) >=
 * u_k w^_k (1 - u) - eta (eta = 2^-1074, an underflow) and their sum in
 * order s_b >= sum p_k (1 - u)^GF_BLOCK.  Hence the block's part is at most
 *   a_b (s_b + GF_BLOCK eta) (1 - u)^-(2 GF_BLOCK + 2)
 *     <= a_b (s_b + GF_BLOCK eta) (1 + 2 (2 GF_BLOCK + 2) u),   u = 2^-53,
 * taken in Arb.  A block whose |v|^ are all zero adds nothing; one whose s_b
 * is below 2^-900 (the underflow's eta could then matter: a loss with
 * atoms, whose masses are zero where the weights are largest) and one with
 * |t h| > 2 are summed in Arb point by point, as before. */
#include <math.h>
#include <string.h>
#include "account/pld/bounds/pld_bounds.h"
#include "core/host.h"

#define GF_BLOCK 256

/* |x| rounded up to a double, as fabs(arf_get_d(x, ARF_RND_UP)) (Arb's
 * rounding away from zero) gives it, from the mantissa's top limb where the
 * result is a normal double (issue 42: arf_get_d was 300 instructions a
 * point, 9 % of a run at M 1.1, q 1e-4, T 1e6): the top limb's 53 leading
 * bits, one more where any bit below them is set (arf trims zero limbs, so
 * a second limb means a nonzero remainder), times 2^(exp - 53), exact. */
double
pld_abs_up_d(const arf_t x)
{
    mp_srcptr d;
    mp_size_t n;
    slong e;
    mp_limb_t top;
    uint64_t m;
    if (arf_is_special(x) || COEFF_IS_MPZ(ARF_EXP(x)) || FLINT_BITS != 64)
        return fabs(arf_get_d(x, ARF_RND_UP));
    e = ARF_EXP(x);
    if (e < -1000 || e > 1000)
        return fabs(arf_get_d(x, ARF_RND_UP));
    ARF_GET_MPN_READONLY(d, n, x);
    top = d[n - 1];
    m = (uint64_t) (top >> 11);
    if (n > 1 || (top & 0x7ff) != 0)
        m++;                    /* at most 2^53: exact */
    return (double) m * 0x1p-53 * pld_pow2_d((int) e);  /* in [2^-1001, 2^1000]: ldexp's, exact */
}

/* 2^e, |e| <= 1000, from its bits (exact; ldexp's 60 instructions were 4 %
 * of a run at q 1e-4, T 1e7, width 0.069, in this file's two loops) */
double
pld_pow2_d(int e)
{
    const uint64_t bits = (uint64_t) (e + 1023) << 52;
    double r;
    memcpy(&r, &bits, sizeof r);
    return r;
}

/* the radius as a double >= it: mag_get_d's exact value MAN 2^(EXP - 30)
 * where |EXP| <= 1000, from its fields; else mag_get_d */
double
pld_mag_up_d(const mag_t r)
{
    if (mag_is_special(r) || COEFF_IS_MPZ(MAG_EXP(r)) || MAG_EXP(r) < -1000 || MAG_EXP(r) > 1000)
        return mag_get_d(r);
    return (double) MAG_MAN(r) * 0x1p-30 * pld_pow2_d((int) MAG_EXP(r));
}

/* part += a sum_{i0 <= i < i1} |v_i|^ r^(i - i0) in Arb (w: scratch) */
static void
block_arb(arb_t part, arb_srcptr v, int64_t i0, int64_t i1, const arb_t a, const arb_t step)
{
    arb_t w, ub;
    arf_t u;
    arb_init(w);
    arb_init(ub);
    arf_init(u);
    arb_set(w, a);
    for (int64_t i = i0; i < i1; i++) {
        arb_get_abs_ubound_arf(u, v + i, MASS_PREC);
        arb_set_arf(ub, u);
        arb_addmul(part, ub, w, MASS_PREC);
        arb_mul(w, w, step, MASS_PREC);
    }
    arb_clear(w);
    arb_clear(ub);
    arf_clear(u);
}

void
pld_gf_sum(arb_t sum, arb_t e1, arb_t step, arb_ptr e0, arb_srcptr v, int64_t cnt, const arb_t t,
           int64_t kmin, double h)
{
    double r_up, th;
    int in_doubles;
    arb_t l, a, s, factor;
    arf_t u;
    arb_init(l);
    arb_init(a);
    arb_init(s);
    arb_init(factor);
    arf_init(u);
    pld_grid_point(l, kmin, h);
    arb_mul(e1, t, l, MASS_PREC);
    arb_exp(e1, e1, MASS_PREC);
    if (e0)
        arb_set(e0, e1);
    arb_set_d(step, h);
    arb_mul(step, step, t, MASS_PREC);
    th = arf_get_d(arb_midref(step), ARF_RND_NEAR);     /* t h (a choice) */
    arb_exp(step, step, MASS_PREC);
    arb_get_ubound_arf(u, step, MASS_PREC);
    r_up = arf_get_d(u, ARF_RND_UP);
    in_doubles = fabs(th) <= 2 && isfinite(r_up);
    /* 1 + 2 (2 GF_BLOCK + 2) u, exactly */
    arb_set_ui(factor, 2 * (2 * GF_BLOCK + 2));
    arb_mul_2exp_si(factor, factor, -53);
    arb_add_ui(factor, factor, 1, MASS_PREC);
    arb_zero(sum);
    for (int64_t i0 = 0; i0 < cnt && !lp_cancelled(); i0 += GF_BLOCK) {   /* SIGINT: no result (pld_init.c) */
        const int64_t i1 = i0 + GF_BLOCK < cnt ? i0 + GF_BLOCK : cnt;
        double sb = 0, wk = 1;
        int nonzero = 0;
        pld_grid_point(l, kmin + i0, h);
        arb_mul(a, t, l, MASS_PREC);
        arb_exp(a, a, MASS_PREC);                       /* a_b = e^{t l_{i0}} */
        if (!in_doubles) {
            block_arb(sum, v, i0, i1, a, step);
            continue;
        }
        for (int64_t i = i0; i < i1; i++) {
            const double uk = pld_abs_up_d(arb_midref(v + i)) + pld_mag_up_d(arb_radref(v + i));
            nonzero |= uk != 0;
            sb += uk * wk;
            wk *= r_up;
        }
        if (!nonzero)
            continue;                                   /* every |v_i| is 0 */
        if (!(sb >= 0x1p-900) || !isfinite(sb)) {
            block_arb(sum, v, i0, i1, a, step);
            continue;
        }
        /* a_b (s_b + GF_BLOCK eta)(1 + 2 (2 GF_BLOCK + 2) u), the double part rounded up */
        arb_set_d(s, sb);
        arb_set_ui(l, GF_BLOCK);
        arb_mul_2exp_si(l, l, -1074);
        arb_add(s, s, l, MASS_PREC);
        arb_mul(s, s, factor, MASS_PREC);
        arb_get_ubound_arf(u, s, MASS_PREC);
        arb_set_arf(s, u);
        arb_addmul(sum, s, a, MASS_PREC);
    }
    /* e1 = e^{t l_{kmin+cnt}} */
    pld_grid_point(l, kmin + cnt, h);
    arb_mul(e1, t, l, MASS_PREC);
    arb_exp(e1, e1, MASS_PREC);
    arb_clear(l);
    arb_clear(a);
    arb_clear(s);
    arb_clear(factor);
    arf_clear(u);
}
