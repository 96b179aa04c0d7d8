/* pld_compose_phases.c -- the composition of phases on one circular grid,
 * in doubles: phase i's step (masses m_i on l_kmin_i .. ) composed T_i
 * times, all phases one after the other.  The characteristic function of the
 * sum is the product of the phases' spectra each raised to its own power,
 * prod_i y_{i,k}^T_i; the inverse FFT and the window's suffix sums are as in
 * pld_compose_body.h (steps 5 and 7 there, unchanged).
 *
 * The error bound, re-proved for the product (step 6 of pld_compose.c for
 * one phase; u = 2^-53):
 *   per phase, as for one: the computed power a_{i,k} of the computed
 *   coefficient y^_{i,k} (|y^ - y| <= eps_F,i) is within
 *     E_{i,k} = T_i eps_F,i R^(T_i - 1) + c_pow,i |y^|^T_i + 2^-1000
 *   of the exact b_{i,k} = y_{i,k}^T_i (R = min(1, |y^|) + eps_F; where
 *   |y^| <= r_cut,i the power is dropped, a = 0, and |b| < 2^-1000 + the
 *   first term, as for one phase).  The exact |b| <= 1 (a characteristic
 *   function's power).  The running product Z_i = Z_{i-1} a_i (computed,
 *   complex, one rounding of relative size gamma = sqrt(2) gamma_2 <= 2.9 u)
 *   against the exact B_i = B_{i-1} b_i:
 *     |Z_i - B_i| <= |Z_{i-1} - B_{i-1}| |b_i| + |Z_{i-1}| |a_i - b_i|
 *                    + gamma |Z_{i-1}| |a_i|
 *                 <= Err_{i-1} + |Z_{i-1}| (E_i + gamma |a_i|) =: Err_i,
 *   Err_0 = 0, Z_0 = 1 exactly; each Err_i computed in doubles and raised by
 *   (1 + 8 u) against its own roundings, the moduli by (1 + 4 u).  Err_k =
 *   Err_nph bounds |z^_k - z_k| and enters, weighted by w_k as for one
 *   phase, the bound on sum_j (p^_j - p_j) w_j; the inverse's rounding adds
 *   fe sum |z^_k|.  With one phase this is step 6's bound (gamma |a| is the
 *   multiplication by Z_0 = 1, exact: 0).
 * The suffix sums' rounding (step 7) does not depend on the phases. */
#include <math.h>
#include <stdlib.h>
#include "account/pld/pld_internal.h"
#include "account/pld/pld_real.h"    /* lp_real: double */
#include "account/pld/pld_pow_body.h"
#include "core/host.h"

int
pld_compose_phases(lp_pld *pld, const lp_pld_step *st, size_t nph, const arb_srcptr *mass,
                   const int64_t *kmin, const int64_t *K)
{
    const size_t n = pld->n;
    const double h = pld->h, gamma = 2.9 * U53;
    double *x = calloc(2 * n, sizeof *x), *y = calloc(2 * n, sizeof *y), *err = calloc(n, sizeof *err);
    double fe, sum_E = 0, sum_z = 0, c_pow, r_cut, ch_h;
    lp_fft_plan plan;
    arb_t t, s;
    arf_t acc1, acc2, u;

    pld->A = malloc(n * sizeof *pld->A);
    pld->B = malloc(n * sizeof *pld->B);
    pld->C = malloc(n * sizeof *pld->C);
    if (x == NULL || y == NULL || err == NULL || pld->A == NULL || pld->B == NULL || pld->C == NULL
        || lp_fft_plan_init(&plan, n) != 0) {
        free(x);
        free(y);
        free(err);
        free(pld->A);
        free(pld->B);
        free(pld->C);
        pld->A = pld->B = pld->C = NULL;
        return -1;
    }
    arb_init(t);
    arb_init(s);
    arf_init(acc1);
    arf_init(acc2);
    arf_init(u);
    fe = lp_fft_error_factor(&plan);
    for (size_t k = 0; k < n; k++)
        x[2 * k] = 1.0;                         /* Z_0 = 1, Err_0 = 0 */
    for (size_t i = 0; i < nph && !lp_cancelled(); i++) {
        const uint64_t Ti = st[i].run->steps;
        double eps_F;
        /* 5. phase i's step on the circle (as pld_compose_body.h) */
        for (size_t k = 0; k < 2 * n; k++)
            y[k] = 0;
        arf_zero(acc1);
        arf_zero(acc2);
        for (int64_t j = 0; j < K[i]; j++) {
            const int64_t kk = kmin[i] + j;
            const size_t idx = (size_t) (((kk % (int64_t) n) + (int64_t) n) % (int64_t) n);
            double xv = arf_get_d(arb_midref(mass[i] + j), ARF_RND_NEAR);
            if (xv < 0)
                xv = 0;
            y[2 * idx] += xv;                   /* one k per index: K_i <= n */
            arb_set_d(s, xv);
            arf_add(acc1, acc1, arb_midref(s), 64, ARF_RND_UP);
            arb_sub(s, mass[i] + j, s, MASS_PREC);
            arb_get_abs_ubound_arf(u, s, MASS_PREC);
            arf_add(acc2, acc2, u, 64, ARF_RND_UP);
        }
        eps_F = (fe * arf_get_d(acc1, ARF_RND_UP)) * (1 + 4 * U53) + arf_get_d(acc2, ARF_RND_UP);
        eps_F *= 1 + 4 * U53;
        lp_fft(y, &plan, -1);
        /* 6. its power, the product and the running bound */
        pld_power_constants(&c_pow, &r_cut, &ch_h, Ti, h, -53);
        for (size_t k = 0; k < n; k++) {
            double re = y[2 * k], im = y[2 * k + 1], zr = x[2 * k], zi = x[2 * k + 1], tr;
            double m = sqrt(re * re + im * im) * (1 + 4 * U53);
            double mz = sqrt(zr * zr + zi * zi) * (1 + 4 * U53);
            double R1 = fmin(1.0, m) + eps_F, P1, P2, Ei, ma;
            P1 = (Ti == 1) ? 1.0 : (R1 * (1 + 4 * U53) <= r_cut ? 0.0 : pow_real(R1 * (1 + 4 * U53), Ti - 1));
            P2 = m <= r_cut ? 0.0 : pow_real(m, Ti);
            Ei = (double) Ti * eps_F * P1 + c_pow * P2 + ldexp(1.0, -1000);
            if (m <= r_cut && Ti > 1) {
                re = im = 0;                    /* |y^T| < 2^-1000: counted in Ei */
            } else {
                pow_complex(&re, &im, Ti);
            }
            ma = sqrt(re * re + im * im) * (1 + 4 * U53);
            err[k] = (err[k] + mz * (Ei + gamma * ma)) * (1 + 8 * U53);
            tr = zr * re - zi * im;
            x[2 * k + 1] = zr * im + zi * re;
            x[2 * k] = tr;
        }
    }
    if (lp_cancelled()) {
        lp_fft_plan_clear(&plan);
        free(x);
        free(y);
        free(err);
        free(pld->A);
        free(pld->B);
        free(pld->C);
        pld->A = pld->B = pld->C = NULL;
        arb_clear(t);
        arb_clear(s);
        arf_clear(acc1);
        arf_clear(acc2);
        arf_clear(u);
        return -1;
    }
    ch_h = 0;
    {
        /* w_k >= |W_k| / n, as in pld_compose.c (ch_h >= 1 + e^{h/2}) */
        double cp, rc;
        pld_power_constants(&cp, &rc, &ch_h, 1, h, -53);
    }
    for (size_t k = 0; k < n; k++) {
        size_t kk = k < n - k ? k : n - k;
        double wk = kk == 0 ? 1.0 : fmin(1.0, ch_h / (2.0 * (double) kk));
        sum_E += err[k] * wk;
        sum_z += fabs(x[2 * k]) + fabs(x[2 * k + 1]);
    }
    arb_set_d(t, (sum_E + fe * sum_z * (1 + 4 * U53)) * (1 + 1e-6) + 1e-290);
    arb_set(pld->err_fft, t);
    lp_fft(x, &plan, +1);
    lp_fft_plan_clear(&plan);

    /* 7. the suffix sums over the window, as pld_compose_body.h */
    {
        double r, sa = 0, sb = 0, sc = 0, inv_n = 1.0 / (double) n;
        arb_set_d(t, -h);
        arb_exp(t, t, MASS_PREC);
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
        pld->rnd_rel = 8.0 * (double) n * U53 * 1.01;
    }
    free(x);
    free(y);
    free(err);
    arb_clear(t);
    arb_clear(s);
    arf_clear(acc1);
    arf_clear(acc2);
    arf_clear(u);
    return 0;
}
