/* pld_tails_gf.c -- the discretised loss's generating function summed over
 * the grid with a proved upper bound, in doubles (for the window's Chernoff
 * bounds, pld_tails.c).  Contract in pld_internal.h. */
#include <math.h>
#include "account/pld/pld_internal.h"
#include "core/host.h"

/* sum = an upper bound on sum_{i < cnt} |v_i|^ e^{t l_{kmin+i}}, |v_i|^ the
 * upper end of |v_i|; e1 = e^{t l_{kmin+cnt}}, step = e^{t h}, e0 (unless
 * NULL) = e^{t l_kmin}, all in Arb.
 *
 * The sum in doubles (issue 31: Arb at every point was a seventh of a run at
 * q = 1e-4), with a proved bound.  The weights are scaled,
 * w_i = e^{t (l_i - l_ref)} <= 1 with l_ref the end where e^{t l} is largest,
 * and taken in blocks of GF_BLOCK points: a block whose largest weight is
 * below 2^-898 (an upper bound from Arb) adds at most its count times 2^-897
 * times the largest u_i below; a block whose least weight is at least 2^-900 is
 * summed in doubles from a_up >= w_{i0} and r_up >= e^{t h} (both rounded up
 * from Arb): w^_0 = a_up, w^_{k+1} = fl(w^_k r_up) >= w^_k r_up (1 - u) (all
 * normal), so w_{i0+k} <= w^_k (1 - u)^-k; |v_k| <= u_k (1 - u)^-1 with
 * u_k = fl(|mid_k^| + rad_k^), mid_k^ the midpoint rounded away from zero,
 * rad_k^ >= the radius (Arb's mag_get_d); each product p_k = fl(u_k w^_k) >=
 * u_k w^_k (1 - u) - eta (eta = 2^-1074, an underflow); the nonnegative p_k
 * summed in order within the block (>= their sum times (1 - u)^GF_BLOCK),
 * and the nb blocks' sums in order into s^ (>= theirs times (1 - u)^nb).
 * Hence, n the points so summed, their part is at most
 * (s^ + n eta) (1 - u)^-(nb + 2 GF_BLOCK + 2) <= (s^ + n eta)(1 + 2 (nb + 2 GF_BLOCK + 2) u),
 * u = 2^-53 (nb u < 2^-30; the blocks keep this far below the masses'
 * radii, which a run's T-th power multiplies by T); a block between the two
 * (its weights crossing 2^-900) is summed in Arb.  The total is multiplied
 * by e^{t l_ref} in Arb. */
#define GF_BLOCK 256
void
pld_gf_sum(arb_t sum, arb_t e1, arb_t step, arb_ptr e0, arb_srcptr v, int64_t cnt, const arb_t t,
       int64_t kmin, double h)
{
    const int64_t ref = arb_is_negative(t) ? kmin : kmin + (cnt > 0 ? cnt - 1 : 0);
    double s_hat = 0, u_max = 0, r_up;
    int64_t n_chain = 0, n_tiny = 0, nb_chain = 0;
    arb_t l, ub, a, b, w, part;
    arf_t u, ua, la, lb;
    arf_init(ua);
    arf_init(la);
    arf_init(lb);
    arb_init(l);
    arb_init(ub);
    arb_init(a);
    arb_init(b);
    arb_init(w);
    arb_init(part);
    arf_init(u);
    pld_grid_point(l, kmin, h);
    arb_mul(e1, t, l, MASS_PREC);
    arb_exp(e1, e1, MASS_PREC);
    if (e0)
        arb_set(e0, e1);
    arb_set_d(step, h);
    arb_mul(step, step, t, MASS_PREC);
    arb_exp(step, step, MASS_PREC);
    arb_get_ubound_arf(u, step, MASS_PREC);
    r_up = arf_get_d(u, ARF_RND_UP);
    arb_zero(part);                                 /* the blocks in Arb, scaled */
    for (int64_t i0 = 0; i0 < cnt && !lp_cancelled(); i0 += GF_BLOCK) {   /* SIGINT: no result (pld.c) */
        const int64_t i1 = i0 + GF_BLOCK < cnt ? i0 + GF_BLOCK : cnt;
        /* a = w_{i0}, b = w_{i1-1} (the extremes: w is monotone) */
        pld_grid_point(l, i0 - (ref - kmin), h);
        arb_mul(a, t, l, MASS_PREC);
        arb_exp(a, a, MASS_PREC);
        pld_grid_point(l, i1 - 1 - (ref - kmin), h);
        arb_mul(b, t, l, MASS_PREC);
        arb_exp(b, b, MASS_PREC);
        arb_get_ubound_arf(u, a, MASS_PREC);
        arb_get_ubound_arf(ua, b, MASS_PREC);
        arb_get_lbound_arf(la, a, MASS_PREC);
        arb_get_lbound_arf(lb, b, MASS_PREC);
        if (arf_cmp_2exp_si(u, -898) < 0 && arf_cmp_2exp_si(ua, -898) < 0) {
            /* the largest weight below 2^-898; |v_i| <= (1 + u) u_i as below */
            for (int64_t i = i0; i < i1; i++)
                u_max = fmax(u_max, fabs(arf_get_d(arb_midref(v + i), ARF_RND_UP))
                                    + mag_get_d(arb_radref(v + i)));
            n_tiny += i1 - i0;
        } else if (arf_cmp_2exp_si(la, -900) >= 0 && arf_cmp_2exp_si(lb, -900) >= 0
                   && arf_cmp_2exp_si(u, 1) < 0 && isfinite(r_up)) {
            /* the least weight at least 2^-900 (and the first below 2) */
            double wk;
            arb_get_ubound_arf(u, a, 53);
            wk = arf_get_d(u, ARF_RND_UP);
            double sb = 0;
            for (int64_t i = i0; i < i1; i++) {
                /* |v_i| <= |mid rounded away from 0| + rad^ <= fl(that)(1 + u) */
                sb += (fabs(arf_get_d(arb_midref(v + i), ARF_RND_UP)) + mag_get_d(arb_radref(v + i))) * wk;
                wk *= r_up;
            }
            s_hat += sb;
            n_chain += i1 - i0;
            nb_chain++;
        } else {
            arb_set(w, a);
            for (int64_t i = i0; i < i1; i++) {
                arb_get_abs_ubound_arf(u, v + i, MASS_PREC);
                arb_set_arf(ub, u);
                arb_addmul(part, ub, w, MASS_PREC);
                arb_mul(w, w, step, MASS_PREC);
            }
        }
    }
    /* sum = e^{t l_ref} (part + (s^ + n eta)(1 + 2 (nb + 2 GF_BLOCK + 2) u) + n_tiny u_max 2^-897) */
    arb_set_d(a, s_hat);
    arb_set_si(b, n_chain);
    arb_mul_2exp_si(b, b, -1074);
    arb_add(a, a, b, MASS_PREC);
    arb_set_si(b, 2 * (nb_chain + 2 * GF_BLOCK + 2));
    arb_mul_2exp_si(b, b, -53);
    arb_add_ui(b, b, 1, MASS_PREC);
    arb_mul(a, a, b, MASS_PREC);
    arb_get_ubound_arf(u, a, MASS_PREC);
    arb_set_arf(sum, u);
    arb_add(sum, sum, part, MASS_PREC);
    arb_set_d(a, u_max);
    arb_mul_si(a, a, n_tiny, MASS_PREC);
    arb_mul_2exp_si(a, a, -897);                    /* (1 + u) 2^-898 < 2^-897 */
    arb_add(sum, sum, a, MASS_PREC);
    pld_grid_point(l, ref, h);
    arb_mul(a, t, l, MASS_PREC);
    arb_exp(a, a, MASS_PREC);
    arb_mul(sum, sum, a, MASS_PREC);
    /* e1 = e^{t l_{kmin+cnt}} */
    pld_grid_point(l, kmin + cnt, h);
    arb_mul(e1, t, l, MASS_PREC);
    arb_exp(e1, e1, MASS_PREC);
    arb_clear(l);
    arb_clear(ub);
    arb_clear(a);
    arb_clear(b);
    arb_clear(w);
    arb_clear(part);
    arf_clear(u);
    arf_clear(ua);
    arf_clear(la);
    arf_clear(lb);
}
