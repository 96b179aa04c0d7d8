/* pld_compose_body.h -- the T-fold composition on the circular grid written
 * once for the real type lp_real of pld_real.h (included after it and after
 * pld_fft_body.h by pld_double.c and pld_long_double.c): the single step's
 * masses rounded to lp_real, the FFT, the power of each coefficient with its error
 * bound, the inverse FFT and the window's suffix sums.  The bound is (e) at
 * the top of pld.c with u = 2^LP_R_LOG2_U; pld_compose.c has its constants
 * and the argument for each step. */

#include "account/pld/pld_pow_body.h"

/* One coefficient by a direct sum: y_k = sum_i xs_i w^{(idx_i k) mod n},
 * idx_i = (kmin + i) mod n, the twiddles the plan's table (w^{m+n/2} =
 * -w^m exactly), the products summed in blocks of 16, one after the other,
 * and the blocks' sums pairwise (bl: room for ceil(K/16) pairs). */
static void
LP_R_NAME(direct_coefficient, )(lp_real *yr, lp_real *yi, const lp_real *xs, lp_real *bl,
                                const LP_R_NAME(lp_fft, _plan) *p, int64_t kmin, int64_t K, size_t k)
{
    const size_t n = p->n, half = n / 2;
    const size_t nb = (size_t) (K + 15) / 16;
    /* (idx_0 k) mod n: below 2^46 before the reduction (n <= 2^23) */
    size_t m = (size_t) (((kmin % (int64_t) n) + (int64_t) n) % (int64_t) n) * k % n;
    for (size_t b = 0; b < nb; b++) {
        lp_real sr = 0, si = 0;
        const int64_t end = (int64_t) (16 * b + 16) < K ? (int64_t) (16 * b + 16) : K;
        for (int64_t i = (int64_t) (16 * b); i < end; i++) {
            const lp_real *w = p->w + 2 * (m < half ? m : m - half);
            const lp_real sg = m < half ? 1 : -1;
            sr += xs[i] * (sg * w[0]);
            si += xs[i] * (sg * w[1]);
            m += k;
            if (m >= n)
                m -= n;
        }
        bl[2 * b] = sr;
        bl[2 * b + 1] = si;
    }
    for (size_t len = nb; len > 1; len = (len + 1) / 2) {
        for (size_t j = 0; j < len / 2; j++) {
            bl[2 * j] = bl[4 * j] + bl[4 * j + 2];
            bl[2 * j + 1] = bl[4 * j + 1] + bl[4 * j + 3];
        }
        if (len & 1) {                          /* the odd one out moves up unchanged */
            bl[2 * (len / 2)] = bl[2 * (len - 1)];
            bl[2 * (len / 2) + 1] = bl[2 * (len - 1) + 1];
        }
    }
    *yr = nb ? bl[0] : 0;
    *yi = nb ? bl[1] : 0;
}

/* Step 5b: where T (|y^_k| + eps_F)^(T-1) >= 100 (the coefficients whose
 * error the power multiplies by 100 or more: none at T <= 100, where the
 * direct sums cost a third of a run for nothing), y^_k again by a direct
 * sum, marked in direct[k]; only when there are at most 4e7 / K of them
 * (else none).
 * Returns eps_D >= |y^_k - y_k| for those (pld_fft.c: the direct sums'
 * factor times sum |x^_j|, plus the masses' radii and rounding s2). */
static double
LP_R_NAME(redo_direct, )(lp_real *x, const lp_real *xs, unsigned char *direct,
                         const LP_R_NAME(lp_fft, _plan) *p, int64_t kmin, int64_t K, uint64_t T,
                         double eps_F, double s1, double s2)
{
    const size_t n = p->n;
    size_t count = 0;
    lp_real *bl;
    double eps_D;
    if (direct == NULL || K < 1)
        return eps_F;
    for (size_t k = 0; k <= n / 2; k++) {
        const double m = (double) r_sqrt(x[2 * k] * x[2 * k] + x[2 * k + 1] * x[2 * k + 1]);
        direct[k] = (double) T * pow_real(fmin(1.0, m) + eps_F, T - 1) >= 100;
        count += direct[k];
    }
    eps_D = (LP_R_NAME(lp_fft_direct_error_factor, )(p, (size_t) K) * s1 * (1 + 4 * U53) + s2)
        * (1 + 4 * U53);
    bl = malloc(2 * ((size_t) K / 16 + 1) * sizeof *bl);
    if (count == 0 || (double) count * (double) K > 4e7 || bl == NULL || !(eps_D < eps_F)) {
        memset(direct, 0, n / 2 + 1);
        free(bl);
        return eps_F;
    }
    for (size_t k = 0; k <= n / 2; k++) {
        if (lp_cancelled()) {                   /* the rest keep the FFT's values and bound */
            memset(direct + k, 0, n / 2 + 1 - k);
            break;
        }
        if (direct[k])
            LP_R_NAME(direct_coefficient, )(&x[2 * k], &x[2 * k + 1], xs, bl, p, kmin, K, k);
    }
    if (getenv("LP_PLD_DEBUG"))
        fprintf(stderr, "pld" LP_R_LABEL ": %zu coefficients by direct sums, eps_D %g\n", count, eps_D);
    free(bl);
    return eps_D;
}

int
LP_R_NAME(pld_compose, )(lp_pld *pld, arb_srcptr mass, int64_t kmin, int64_t K)
{
    const uint64_t T = pld->T;
    const double Tf = (double) T, h = pld->h;
    const size_t n = pld->n;
    arb_t t, s;
    lp_real *x;
    double fe, eps_F, eps_D, sum_E = 0, sum_z = 0, c_pow, r_cut, ch_h;
    lp_real *xs = NULL;
    unsigned char *direct = NULL;
    LP_R_NAME(lp_fft, _plan) plan;
    arf_t acc1, acc2, u;

    arb_init(t);
    arb_init(s);
    arf_init(acc1);
    arf_init(acc2);
    arf_init(u);

    /* 5. the single step on the circle in lp_real; what rounding to lp_real
     * moved goes into eps_F.  The vectors are real: n reals (n + 2 for the
     * half spectrum), each transform one complex FFT of n/2 points
     * (pld_fft.c's real transforms; issue 31: half the time and memory) */
    x = calloc(n + 2, sizeof *x);
    direct = calloc(n / 2 + 1, 1);              /* which coefficients the direct sums redid */
    pld->A = malloc(n * sizeof *pld->A);
    pld->B = malloc(n * sizeof *pld->B);
    pld->C = malloc(n * sizeof *pld->C);
    if (x == NULL || pld->A == NULL || pld->B == NULL || pld->C == NULL
        || LP_R_NAME(lp_fft, _plan_init)(&plan, n) != 0) {
        free(x);                                /* out of memory: nothing kept */
        free(direct);
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
    arf_zero(acc1);                             /* sum |x^_j| */
    arf_zero(acc2);                             /* sum |x^_j - m_j| (with the balls' radii) */
    for (int64_t i = 0; i < K; i++) {
        const int64_t k = kmin + i;
        const size_t idx = (size_t) (((k % (int64_t) n) + (int64_t) n) % (int64_t) n);
        lp_real xv = arb_get_r(mass + i);
        if (xv < 0)
            xv = 0;
        x[idx] += xv;                           /* one k per index: K <= n */
        arb_set_r(s, xv);
        arf_add(acc1, acc1, arb_midref(s), 64, ARF_RND_UP);
        arb_sub(s, mass + i, s, LP_R_PREC);
        arb_get_abs_ubound_arf(u, s, MASS_PREC);
        arf_add(acc2, acc2, u, 64, ARF_RND_UP);
    }
    /* the single step's values kept for the direct sums below (index i at
     * the circle's (kmin + i) mod n); none when their memory is not there */
    xs = malloc((size_t) K * sizeof *xs);
    if (xs)
        for (int64_t i = 0; i < K; i++)
            xs[i] = x[(size_t) ((((kmin + i) % (int64_t) n) + (int64_t) n) % (int64_t) n)];
    fe = LP_R_NAME(lp_fft_real_error_factor, )(&plan);
    eps_F = (fe * arf_get_d(acc1, ARF_RND_UP)) * (1 + 4 * U53) + arf_get_d(acc2, ARF_RND_UP);
    eps_F *= 1 + 4 * U53;
    if (getenv("LP_PLD_DEBUG"))
        fprintf(stderr, "pld" LP_R_LABEL ": fe %g sum|x| %g radii+rounding %g eps_F %g\n", fe,
                arf_get_d(acc1, ARF_RND_UP), arf_get_d(acc2, ARF_RND_UP), eps_F);
    LP_R_NAME(lp_fft_real_forward, )(x, &plan);
    pld_power_constants(&c_pow, &r_cut, &ch_h, T, h, LP_R_LOG2_U);
    /* 5b. the coefficients that carry the bound (|y^_k| near 1: their error
     * is multiplied by T |y_k|^(T-1) >= 100) again by direct sums, whose error
     * eps_D is about a tenth of the FFT's (pld_fft.c: direct sums) */
    eps_D = eps_F;
    if (xs && T > 1)
        eps_D = LP_R_NAME(redo_direct, )(x, xs, direct, &plan, kmin, K, T, eps_F, arf_get_d(acc1, ARF_RND_UP),
                                        arf_get_d(acc2, ARF_RND_UP));
    free(xs);

    /* 6. the power of each coefficient and its error bound, in doubles
     * (pld_compose.c); |y^_k| rounded up (the modulus in lp_real is within
     * 4 u of the computed one's, the cast to double adds at most u_53).
     * The spectrum is Hermitian, y^_{n-k} = conj y^_k by construction (so
     * within eps_F of y_{n-k} as well) and binary powering commutes with
     * the conjugation exactly: k = 0 .. n/2 only, each 0 < k < n/2 counted
     * twice in the bound's sum */
    for (size_t k = 0; k <= n / 2; k++) {
        const double mult = (k == 0 || 2 * k == n) ? 1.0 : 2.0;
        const double eps_k = direct != NULL && direct[k] ? eps_D : eps_F;
        lp_real re = x[2 * k], im = x[2 * k + 1];
        double m = (double) r_sqrt(re * re + im * im) * (1 + 4 * U53);
        double R1 = fmin(1.0, m) + eps_k, P1, P2, wk, Ek;
        size_t kk = k < n - k ? k : n - k;
        wk = kk == 0 ? 1.0 : fmin(1.0, ch_h / (2.0 * (double) kk));
        P1 = (T == 1) ? 1.0 : (R1 * (1 + 4 * U53) <= r_cut ? 0.0 : pow_real(R1 * (1 + 4 * U53), T - 1));
        P2 = m <= r_cut ? 0.0 : pow_real(m, T);
        Ek = (Tf * eps_k * P1 + c_pow * P2 + ldexp(1.0, -1000)) * wk;
        sum_E += mult * Ek;
        if (m <= r_cut && T > 1) {
            x[2 * k] = x[2 * k + 1] = 0;        /* |y^T| < 2^-1000: counted above */
        } else {
            pow_complex(&x[2 * k], &x[2 * k + 1], T);
        }
    }
    if (lp_cancelled()) {                       /* SIGINT/SIGTERM or the host's flag */
        LP_R_NAME(lp_fft, _plan_clear)(&plan);
        free(x);
        free(direct);
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
    /* the inverse's own rounding: its bound per point (fft_real_inverse,
     * pld_fft.c), over n, times sum w <= n */
    sum_z = LP_R_NAME(lp_fft_real_inverse, )(x, &plan);
    arb_set_d(t, (sum_E + sum_z) * (1 + 1e-6) + 1e-290);
    arb_set(pld->err_fft, t);
    LP_R_NAME(lp_fft, _plan_clear)(&plan);

    /* 7. suffix sums over the window, backward, in lp_real, stored as doubles */
    {
        lp_real r, sa = 0, sb = 0, sc = 0, inv_n = (lp_real) 1 / (lp_real) n;
        arb_set_d(t, -h);
        arb_exp(t, t, LP_R_PREC);
        r = arb_get_r(t);
        for (size_t j = n; j-- > 0;) {
            int64_t i = (pld->ja + (int64_t) j) % (int64_t) n;
            lp_real p;
            if (i < 0)
                i += (int64_t) n;
            p = x[i] * inv_n;
            sa += p;
            sb = p + r * sb;
            sc += r_fabs(p);
            pld->A[j] = (double) sa;
            pld->B[j] = (double) sb;
            pld->C[j] = (double) sc;
        }
        pld->rnd_rel = 8.0 * (double) n * U53 * 1.01;
    }
    free(x);
    free(direct);
    arb_clear(t);
    arb_clear(s);
    arf_clear(acc1);
    arf_clear(acc2);
    arf_clear(u);
    return 0;
}
