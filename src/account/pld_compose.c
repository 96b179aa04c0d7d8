/* pld_compose.c -- the T-fold composition on the circular grid, in doubles:
 * the single step's masses rounded to doubles, the FFT, the power of each
 * coefficient with its error bound, the inverse FFT and the window's suffix
 * sums ((e) at the top of pld.c; the FFT's own bound in pld_fft.c). */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "account/pld_internal.h"

/* ---- the composition in doubles, with its error bound ------------------------- */

/* r = x^e for x >= 0 by binary powering (relative error <= (1+u)^(2e) - 1) */
static double
pow_real(double x, uint64_t e)
{
    double r = 1.0;
    while (e) {
        if (e & 1)
            r *= x;
        x *= x;
        e >>= 1;
    }
    return r;
}

static void
pow_complex(double *re, double *im, uint64_t e)
{
    double xr = *re, xi = *im, rr = 1.0, ri = 0.0, t;
    while (e) {
        if (e & 1) {
            t = rr * xr - ri * xi;
            ri = rr * xi + ri * xr;
            rr = t;
        }
        t = xr * xr - xi * xi;
        xi = 2 * xr * xi;
        xr = t;
        e >>= 1;
    }
    *re = rr;
    *im = ri;
}

/* a double >= the ball's upper end */
static double
ub_d(const arb_t x)
{
    arf_t u;
    double r;
    arf_init(u);
    arb_get_ubound_arf(u, x, 64);
    r = arf_get_d(u, ARF_RND_UP);
    arf_clear(u);
    return r;
}

void
pld_compose(lp_pld *pld, arb_srcptr mass, int64_t kmin, int64_t K)
{
    const uint64_t T = pld->T;
    const double Tf = (double) T, h = pld->h;
    const size_t n = pld->n;
    arb_t t, s;
    double *x, fe, eps_F, sum_E = 0, sum_z = 0;
    lp_fft_plan plan;
    arf_t acc1, acc2;

    arb_init(t);
    arb_init(s);
    arf_init(acc1);
    arf_init(acc2);

    /* 5. the single step on the circle, in doubles; what rounding to doubles
     * moved goes into eps_F */
    x = calloc(2 * n, sizeof *x);
    arf_zero(acc1);                             /* sum |x^_j| */
    arf_zero(acc2);                             /* sum |x^_j - m_j| (with the balls' radii) */
    for (int64_t i = 0; i < K; i++) {
        const int64_t k = kmin + i;
        const size_t idx = (size_t) (((k % (int64_t) n) + (int64_t) n) % (int64_t) n);
        double xv = arf_get_d(arb_midref(mass + i), ARF_RND_NEAR);
        arf_t u;
        if (xv < 0)
            xv = 0;
        x[2 * idx] += xv;                       /* one k per index: K <= n */
        arf_init(u);
        arb_sub_arf(t, mass + i, arb_midref(mass + i), MASS_PREC);  /* the radius */
        arb_set_d(s, xv);
        arb_sub(s, mass + i, s, MASS_PREC);
        arb_get_abs_ubound_arf(u, s, MASS_PREC);
        arf_add(acc2, acc2, u, 64, ARF_RND_UP);
        arf_set_d(u, xv);
        arf_add(acc1, acc1, u, 64, ARF_RND_UP);
        arf_clear(u);
    }
    lp_fft_plan_init(&plan, n);
    fe = lp_fft_error_factor(&plan);
    eps_F = (fe * arf_get_d(acc1, ARF_RND_UP)) * (1 + 4 * U53) + arf_get_d(acc2, ARF_RND_UP);
    eps_F *= 1 + 4 * U53;
    if (getenv("LP_PLD_DEBUG"))
        fprintf(stderr, "pld: fe %g sum|x| %g radii+rounding %g eps_F %g\n", fe,
                arf_get_d(acc1, ARF_RND_UP), arf_get_d(acc2, ARF_RND_UP), eps_F);
    lp_fft(x, &plan, -1);

    /* 6. the power of each coefficient and its error (see (e) at the top
     * of pld.c: |z^_k - z_k| <= c_pow |y^_k|^T + T eps_F R^(T-1), R =
     * min(1, |y^_k|) + eps_F >= max(|y_k|, |y^_k|), weighted by
     * min(1, (1 + e^{h/2}) / (2 min(k, n-k))) >= |W_k|/n; all sums of
     * nonnegative doubles, each within (1 + 1e-8) of its value for
     * n <= 2^26 and T <= 1e9: the factor (1 + 1e-6) covers them) */
    {
        arb_t cp, rc;
        double c_pow, r_cut, ch_h;
        arb_init(cp);
        arb_init(rc);
        /* c_pow = (1 + sqrt(2) gamma_2)^(2T) - 1 */
        arb_set_d(cp, 2.0 * ldexp(1.0, -53) / (1 - 2 * ldexp(1.0, -53)));
        arb_sqrt_ui(rc, 2, 64);
        arb_mul(cp, cp, rc, 64);
        arb_add_ui(cp, cp, 1, 64);
        arb_pow_ui(cp, cp, 2 * T, 64);
        arb_sub_ui(cp, cp, 1, 64);
        c_pow = ub_d(cp);
        /* below r_cut, x^(T-1) < 2^-1000: the power is dropped (counted as 2^-1000) */
        arb_set_si(rc, -1000);
        arb_div_ui(rc, rc, T > 1 ? T - 1 : 1, 64);
        arb_set_d(cp, 2.0);
        arb_pow(rc, cp, rc, 64);
        {
            arf_t lb;
            arf_init(lb);
            arb_get_lbound_arf(lb, rc, 64);
            r_cut = arf_get_d(lb, ARF_RND_DOWN);
            arf_clear(lb);
        }
        arb_set_d(cp, h / 2);
        arb_exp(cp, cp, 64);
        arb_add_ui(cp, cp, 1, 64);
        ch_h = ub_d(cp);
        arb_clear(cp);
        arb_clear(rc);
        for (size_t k = 0; k < n; k++) {
            double re = x[2 * k], im = x[2 * k + 1];
            double m = sqrt(re * re + im * im) * (1 + 4 * U53);
            double R = fmin(1.0, m) + eps_F, P1, P2, wk, Ek;
            size_t kk = k < n - k ? k : n - k;
            wk = kk == 0 ? 1.0 : fmin(1.0, ch_h / (2.0 * (double) kk));
            P1 = (T == 1) ? 1.0 : (R * (1 + 4 * U53) <= r_cut ? 0.0 : pow_real(R * (1 + 4 * U53), T - 1));
            P2 = m <= r_cut ? 0.0 : pow_real(m, T);
            Ek = (Tf * eps_F * P1 + c_pow * P2 + ldexp(1.0, -1000)) * wk;
            sum_E += Ek;
            if (m <= r_cut && T > 1) {
                x[2 * k] = x[2 * k + 1] = 0.0;  /* |y^T| < 2^-1000: counted above */
            } else {
                pow_complex(&x[2 * k], &x[2 * k + 1], T);
                sum_z += fabs(x[2 * k]) + fabs(x[2 * k + 1]);
            }
        }
    }
    /* the inverse's own rounding: fe sum |z^_k| per point, times sum w <= n, over n */
    arb_set_d(t, (sum_E + fe * sum_z * (1 + 4 * U53)) * (1 + 1e-6) + 1e-290);
    arb_set(pld->err_fft, t);
    lp_fft(x, &plan, +1);
    lp_fft_plan_clear(&plan);

    /* 7. suffix sums over the window, backward */
    pld->A = malloc(n * sizeof *pld->A);
    pld->B = malloc(n * sizeof *pld->B);
    pld->C = malloc(n * sizeof *pld->C);
    {
        double r, sa = 0, sb = 0, sc = 0, inv_n = 1.0 / (double) n;
        arb_set_d(t, -h);
        arb_exp(t, t, 64);
        r = arf_get_d(arb_midref(t), ARF_RND_NEAR);
        for (size_t j = n; j-- > 0;) {
            int64_t i = (pld->ja + (int64_t) j) % (int64_t) n;
            double p;
            if (i < 0)
                i += (int64_t) n;
            p = x[2 * i] * inv_n;
            sa += p;
            sb = p + r * sb;
            sc += fabs(p);
            pld->A[j] = sa;
            pld->B[j] = sb;
            pld->C[j] = sc;
        }
        /* recursive sums of n terms, r^m to within (1+u)^m, r itself to u:
         * every error <= 4 n u (1 + ...) times C_j; 8 n u covers it */
        pld->rnd_rel = 8.0 * (double) n * U53 * 1.01;
    }
    free(x);
    arb_clear(t);
    arb_clear(s);
    arf_clear(acc1);
    arf_clear(acc2);
}

/* ---- the same composition in x87 extended precision ------------------------------
 *
 * (e) with u = 2^-64 (ULD) in place of 2^-53 throughout: the masses rounded to
 * long double (a double pair summed once: within ULD + 2^-106 relative, the
 * exact difference to the ball counted in eps_F), the FFT's factor from
 * pld_fft_ld_error_factor, c_pow = (1 + sqrt(2) gamma_2)^(2T) - 1 with
 * gamma_2 = 2 ULD / (1 - 2 ULD), the inverse's own rounding as above; the
 * bound's own sums are of nonnegative doubles, as above.  The suffix sums
 * run in long double and are stored rounded to doubles: each within
 * 8 n ULD + 2 u_53 of C_j, below the double path's rnd_rel = 8 n u_53 1.01
 * kept here. */

static void
pow_complex_ld(long double *re, long double *im, uint64_t e)
{
    long double xr = *re, xi = *im, rr = 1.0L, ri = 0.0L, t;
    while (e) {
        if (e & 1) {
            t = rr * xr - ri * xi;
            ri = rr * xi + ri * xr;
            rr = t;
        }
        t = xr * xr - xi * xi;
        xi = 2 * xr * xi;
        xr = t;
        e >>= 1;
    }
    *re = rr;
    *im = ri;
}

/* an exact long double -> arb (x = hi + lo, both doubles, exactly) */
static void
arb_set_ld(arb_t r, long double x)
{
    double hi = (double) x, lo = (double) (x - (long double) hi);
    arb_t t;
    arb_init(t);
    arb_set_d(r, hi);
    arb_set_d(t, lo);
    arb_add(r, r, t, ARF_PREC_EXACT);
    arb_clear(t);
}

void
pld_compose_ld(lp_pld *pld, arb_srcptr mass, int64_t kmin, int64_t K)
{
    const uint64_t T = pld->T;
    const double Tf = (double) T, h = pld->h;
    const size_t n = pld->n;
    arb_t t, s;
    long double *x;
    double fe, eps_F, sum_E = 0, sum_z = 0;
    pld_fft_ld_plan plan;
    arf_t acc1, acc2;

    arb_init(t);
    arb_init(s);
    arf_init(acc1);
    arf_init(acc2);

    x = calloc(2 * n, sizeof *x);
    arf_zero(acc1);
    arf_zero(acc2);
    for (int64_t i = 0; i < K; i++) {
        const int64_t k = kmin + i;
        const size_t idx = (size_t) (((k % (int64_t) n) + (int64_t) n) % (int64_t) n);
        long double xv;
        arf_t uu;
        double hi = arf_get_d(arb_midref(mass + i), ARF_RND_NEAR), lo;
        arb_set_d(t, hi);
        arb_sub(t, mass + i, t, MASS_PREC + 64);
        lo = arf_get_d(arb_midref(t), ARF_RND_NEAR);
        xv = (long double) hi + (long double) lo;
        if (xv < 0)
            xv = 0;
        x[2 * idx] += xv;                       /* one k per index: K <= n */
        arf_init(uu);
        arb_set_ld(s, xv);
        arb_sub(s, mass + i, s, MASS_PREC + 64);
        arb_get_abs_ubound_arf(uu, s, MASS_PREC);
        arf_add(acc2, acc2, uu, 64, ARF_RND_UP);
        arb_set_ld(s, xv);
        arf_add(acc1, acc1, arb_midref(s), 64, ARF_RND_UP);
        arf_clear(uu);
    }
    pld_fft_ld_plan_init(&plan, n);
    fe = pld_fft_ld_error_factor(n);
    eps_F = (fe * arf_get_d(acc1, ARF_RND_UP)) * (1 + 4 * U53) + arf_get_d(acc2, ARF_RND_UP);
    eps_F *= 1 + 4 * U53;
    if (getenv("LP_PLD_DEBUG"))
        fprintf(stderr, "pld (long double): fe %g sum|x| %g radii+rounding %g eps_F %g\n", fe,
                arf_get_d(acc1, ARF_RND_UP), arf_get_d(acc2, ARF_RND_UP), eps_F);
    pld_fft_ld(x, &plan, -1);
    {
        arb_t cp, rc;
        double c_pow, r_cut, ch_h;
        arb_init(cp);
        arb_init(rc);
        /* gamma_2 = 2u / (1 - 2u), u = 2^-64 */
        arb_one(cp);
        arb_mul_2exp_si(cp, cp, -63);
        arb_one(rc);
        arb_sub(rc, rc, cp, 128);
        arb_div(cp, cp, rc, 128);
        arb_sqrt_ui(rc, 2, 64);
        arb_mul(cp, cp, rc, 64);
        arb_add_ui(cp, cp, 1, 64);
        arb_pow_ui(cp, cp, 2 * T, 64);
        arb_sub_ui(cp, cp, 1, 64);
        c_pow = ub_d(cp);
        arb_set_si(rc, -1000);
        arb_div_ui(rc, rc, T > 1 ? T - 1 : 1, 64);
        arb_set_d(cp, 2.0);
        arb_pow(rc, cp, rc, 64);
        {
            arf_t lb;
            arf_init(lb);
            arb_get_lbound_arf(lb, rc, 64);
            r_cut = arf_get_d(lb, ARF_RND_DOWN);
            arf_clear(lb);
        }
        arb_set_d(cp, h / 2);
        arb_exp(cp, cp, 64);
        arb_add_ui(cp, cp, 1, 64);
        ch_h = ub_d(cp);
        arb_clear(cp);
        arb_clear(rc);
        for (size_t k = 0; k < n; k++) {
            /* |y^_k| as a double, rounded up (the modulus in long double is
             * within 4 ULD; the cast adds at most u_53) */
            long double re = x[2 * k], im = x[2 * k + 1];
            double m = (double) sqrtl(re * re + im * im) * (1 + 4 * U53);
            double R = fmin(1.0, m) + eps_F, P1, P2, wk, Ek;
            size_t kk = k < n - k ? k : n - k;
            wk = kk == 0 ? 1.0 : fmin(1.0, ch_h / (2.0 * (double) kk));
            P1 = (T == 1) ? 1.0 : (R * (1 + 4 * U53) <= r_cut ? 0.0 : pow_real(R * (1 + 4 * U53), T - 1));
            P2 = m <= r_cut ? 0.0 : pow_real(m, T);
            Ek = (Tf * eps_F * P1 + c_pow * P2 + ldexp(1.0, -1000)) * wk;
            sum_E += Ek;
            if (m <= r_cut && T > 1) {
                x[2 * k] = x[2 * k + 1] = 0.0L;
            } else {
                pow_complex_ld(&x[2 * k], &x[2 * k + 1], T);
                sum_z += (double) (fabsl(x[2 * k]) + fabsl(x[2 * k + 1]));
            }
        }
    }
    arb_set_d(t, (sum_E + fe * sum_z * (1 + 4 * U53)) * (1 + 1e-6) + 1e-290);
    arb_set(pld->err_fft, t);
    pld_fft_ld(x, &plan, +1);
    pld_fft_ld_plan_clear(&plan);

    pld->A = malloc(n * sizeof *pld->A);
    pld->B = malloc(n * sizeof *pld->B);
    pld->C = malloc(n * sizeof *pld->C);
    {
        long double r, sa = 0, sb = 0, sc = 0, inv_n = 1.0L / (long double) n;
        arb_set_d(t, -h);
        arb_exp(t, t, 128);
        {
            double rh = arf_get_d(arb_midref(t), ARF_RND_NEAR), rl;
            arb_set_d(s, rh);
            arb_sub(s, t, s, 128);
            rl = arf_get_d(arb_midref(s), ARF_RND_NEAR);
            r = (long double) rh + (long double) rl;
        }
        for (size_t j = n; j-- > 0;) {
            int64_t i = (pld->ja + (int64_t) j) % (int64_t) n;
            long double p;
            if (i < 0)
                i += (int64_t) n;
            p = x[2 * i] * inv_n;
            sa += p;
            sb = p + r * sb;
            sc += fabsl(p);
            pld->A[j] = (double) sa;
            pld->B[j] = (double) sb;
            pld->C[j] = (double) sc;
        }
        pld->rnd_rel = 8.0 * (double) n * U53 * 1.01;
    }
    free(x);
    arb_clear(t);
    arb_clear(s);
    arf_clear(acc1);
    arf_clear(acc2);
}
