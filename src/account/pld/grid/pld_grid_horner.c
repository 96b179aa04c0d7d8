/* pld_grid_horner.c -- a Taylor block's masses from its coefficients
 * (pld_grid_taylor.c, steps 1 - 2 at its top): the polynomial evaluated at
 * each integer offset j in doubles or x87 long doubles, with a proved bound
 * on each mass.  Contract in pld_grid.h.
 *
 * With e_0 .. e_{N-1} the block's coefficients scaled by 2^-E (E: e_0's
 * exponent; exact, undone on the masses: masses of any size are near 1)
 * and R the remainder's bound (h (N+1) |c_{N+1}(Xi)| ((B+1) h)^N there):
 *     e_0 stays a ball, the rest e^_k long doubles near e_k
 *     (|e^_k - e_k| <= err_k, from the balls), and v = sum_{k>=1} e^_k j^k by
 *     Horner at the integer j (exact): w_{N-1} = e^_{N-1}, w_k =
 *     fl(fl(w_{k+1} j) + e^_k), v = fl(w_1 j), so that the term of e^_k meets
 *     k products and k sums, each rounding by (1 + delta), |delta| <= u =
 *     2^-64 (doubles' 2^-53 held blocks to where the masses vary by a few
 *     tenths: the terms' rounding against the least mass): v = sum_k e^_k j^k
 *     (1 + theta_{2k}), |theta_n| <= gamma_n = n u / (1 - n u) <= (n + 1) u
 *     (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., Lemma
 *     3.1 and Sec. 5.1; a fused multiply-add rounds once where this counts
 *     two); an underflow (a tiny high-order term) adds at most 2^-1075 per
 *     operation, which the later products by j multiply by at most B^k, and
 *     v is read into Arb as two doubles (exact but for a subnormal low part,
 *     2^-1075).  So each mass is the ball e_0 + [v +- eps] (Arb's sum) with
 *       eps = sum_{k>=1} ((2k+1) u |e^_k| + err_k) B^k + 2^-1073 (N+1) max(1, B)^(N-1)
 *             + R,
 *     rounded up (Arb's mag_t): the masses' radii 1e-17 - 2e-16 of them (the
 *     sum over a grid 1e-17 - 3e-17, the former route's 1.8e-16), which the
 *     composition in extended precision takes T times (at delta 1e-300 its
 *     bound decides the lower end).  Where it still meets the allowance
 *     below, v is rounded to the nearest double instead (one more rounding,
 *     eps + 2^-52 max_j |v_j|): reading it into Arb is then one double.
 * The route in doubles (u = 2^-53) is taken where it meets the block's
 * allowance against |e_0| less every term; else long doubles. */
#include <math.h>
#include "account/pld/grid/pld_grid.h"
#define LP_R_LD 1                       /* x87 extended precision: u = 2^-64 */
#include "account/pld/compose/pld_real.h"

int
pld_block_horner(arb_ptr mass, int64_t i0, int64_t i1, int64_t ic, arb_srcptr c1, slong n,
                 const mag_t R, slong scale, slong prec, slong bits, long double *v)
{
    const int64_t B = (ic - i0 > i1 - 1 - ic) ? ic - i0 : i1 - 1 - ic;
    lp_real e[PLD_HORNER_TERMS_MAX], low, vmax;
    double ed[PLD_HORNER_TERMS_MAX], lowd;
    int as_double, r = 0;
    arb_t t;
    mag_t S, S2, Sd, Ecd, Ec, Eb, tm, Bm, eps, Bk;
    arb_init(t);
    mag_init(S);
    mag_init(S2);
    mag_init(Sd);
    mag_init(Ecd);
    mag_init(Ec);
    mag_init(Eb);
    mag_init(tm);
    mag_init(Bm);
    mag_init(eps);
    mag_init(Bk);
    mag_zero(S);
    mag_zero(Sd);
    mag_zero(Ecd);
    mag_zero(Ec);
    mag_zero(Eb);
    mag_one(Bk);
    mag_set_ui(Bm, (ulong) B);
    for (int k = 1; k < n; k++) {
        arb_t d;
        arb_init(d);
        mag_mul(Bk, Bk, Bm);                            /* B^k */
        e[k] = arb_get_r(c1 + k);
        arb_set_r(d, e[k]);
        arb_get_mag(S2, d);                             /* >= |e^_k| */
        arb_sub(d, c1 + k, d, prec);
        arb_get_mag(tm, d);                             /* err_k >= |e^_k - e_k| */
        mag_addmul(Ec, tm, Bk);
        mag_addmul(Eb, arb_radref(c1 + k), Bk);         /* the radii's part of it */
        mag_mul(tm, S2, Bk);
        mag_mul_ui(tm, tm, 2 * k + 1);
        mag_add(S, S, tm);                              /* (2k+1) |e^_k| B^k */
        /* the same for e^_k the nearest double (the doubles' route below) */
        ed[k] = arf_get_d(arb_midref(c1 + k), ARF_RND_NEAR);
        arb_set_d(d, ed[k]);
        arb_sub(d, c1 + k, d, prec);
        arb_get_mag(tm, d);
        mag_addmul(Ecd, tm, Bk);
        mag_set_d(tm, ed[k]);
        mag_mul(tm, tm, Bk);
        mag_mul_ui(tm, tm, 2 * k + 1);
        mag_add(Sd, Sd, tm);
        arb_clear(d);
    }
    mag_mul_2exp_si(eps, S, LP_R_LOG2_U);               /* >= sum gamma_{2k} |e^_k| B^k */
    /* underflow: each of the 2N operations may add 2^-1075 absolute, which
     * the later products by j multiply by at most B^k: 2^-1074 sum B^k
     * <= 2^-1073 N max(1, B)^(N-1) */
    mag_set_ui(tm, (ulong) (B > 1 ? B : 1));
    mag_pow_ui(tm, tm, n - 1);
    mag_mul_ui(tm, tm, n + 1);
    mag_mul_2exp_si(tm, tm, -1073);
    mag_add(eps, eps, tm);
    mag_mul_2exp_si(Sd, Sd, -53);
    mag_add(Sd, Sd, tm);
    mag_add(Sd, Sd, Ecd);
    mag_add(Sd, Sd, R);                                 /* eps with u = 2^-53 */
    mag_add(eps, eps, Ec);
    mag_add(eps, eps, R);
    /* Doubles first (u = 2^-53), where they meet the allowance against the
     * least mass the block can hold, |e_0| less every term (the route
     * before the long doubles, and as fast: blocks of up to 4096 masses
     * in the bulk); else long doubles below */
    ed[0] = arf_get_d(arb_midref(c1 + 0), ARF_RND_NEAR);
    lowd = fabs(ed[0]);
    {
        double bk = 1;
        for (int k = 1; k < n; k++) {
            bk *= (double) B;
            lowd -= fabs(ed[k]) * bk;
        }
    }
    mag_add(tm, Sd, arb_radref(c1 + 0));
    if (mag_cmp_2exp_si(Sd, 1000) < 0 && lowd > 0 && mag_get_d(tm) <= ldexp(lowd, (int) -bits)) {
        for (int64_t i = i0; i < i1; i++) {
            const double j = (double) (i - ic);
            double w = ed[n - 1];
            for (int k = n - 2; k >= 1; k--)
                w = w * j + ed[k];
            arb_set_d(t, w * j);                        /* sum_{k>=1} e^_k j^k */
            mag_set(arb_radref(t), Sd);
            arb_add(mass + i, c1 + 0, t, MASS_PREC);
            arb_mul_2exp_si(mass + i, mass + i, scale);
        }
        goto done;
    }
    /* the polynomial's part of each mass, v_j = sum_{k>=1} e^_k j^k, by
     * Horner at the integer j (exact in lp_real), and the least |mass| of
     * the block from them (a choice) */
    e[0] = arb_get_r(c1 + 0);
    low = INFINITY;
    vmax = 0;
    for (int64_t i = i0; i < i1; i++) {
        const lp_real j = (lp_real) (i - ic);
        lp_real w = e[n - 1];
        for (int k = n - 2; k >= 1; k--)
            w = w * j + e[k];
        v[i - i0] = w * j;
        w = fabsl(e[0] + v[i - i0]);
        low = w < low ? w : low;
        vmax = fabsl(v[i - i0]) > vmax ? fabsl(v[i - i0]) : vmax;
    }
    /* the v_j rounded to doubles where that still meets the allowance (the
     * masses then as cheap as Arb's doubles): eps grows by 2^-53 |v_j| <=
     * 2^-52 vmax (vmax itself rounded) */
    mag_set_d(S2, (double) vmax);
    mag_mul_2exp_si(S2, S2, -52);
    mag_add(S2, S2, eps);
    mag_add(tm, S2, arb_radref(c1 + 0));
    as_double = mag_get_d(tm) <= (double) ldexpl(low, (int) -bits);
    if (as_double)
        mag_set(eps, S2);
    mag_add(tm, eps, arb_radref(c1 + 0));
    if (!(mag_cmp_2exp_si(eps, 1000) < 0) || !(low > 0)
        || !(mag_get_d(tm) <= (double) ldexpl(low, (int) -bits))) {
        /* to blame: the balls' radii (raise the precision) where they are
         * most of eps, else the remainder or the polynomial's spread over
         * the block (a smaller block) */
        mag_mul_2exp_si(tm, Eb, 1);
        r = mag_cmp(tm, eps) > 0 && low > 0 ? 2 : 1;
        goto done;
    }
    for (int64_t i = i0; i < i1; i++) {
        if (as_double)
            arb_set_d(t, (double) v[i - i0]);
        else
            arb_set_r(t, v[i - i0]);                    /* sum_{k>=1} e^_k j^k (to 2^-1075) */
        mag_set(arb_radref(t), eps);
        arb_add(mass + i, c1 + 0, t, MASS_PREC);        /* e_0 (a ball) + that */
        arb_mul_2exp_si(mass + i, mass + i, scale);     /* exact */
    }
done:
    arb_clear(t);
    mag_clear(S);
    mag_clear(S2);
    mag_clear(Sd);
    mag_clear(Ecd);
    mag_clear(Ec);
    mag_clear(Eb);
    mag_clear(tm);
    mag_clear(Bm);
    mag_clear(eps);
    mag_clear(Bk);
    return r;
}
