/* pld_compose_body.h -- the composition on the circular grid written once
 * for the real type lp_real of pld_real.h (included after it and after
 * pld_fft_body.h by pld_double.c and pld_long_double.c), for one step
 * composed T times and for phases (phase i's step T_i times, the product of
 * the phases' powered spectra) alike: each step's masses rounded to lp_real,
 * its real FFT, the direct sums of the coefficients the power amplifies, the
 * power of each coefficient with its error bound, the running product over
 * the phases with its own, the inverse real FFT and the window's suffix
 * sums.  The bound is (e) in pld_bounds.h with u = 2^LP_R_LOG2_U;
 * pld_compose.c has its constants and the argument for each step, and
 * pld_compose_best.c the product's. */

#include "account/pld/compose/pld_compose.h"
#include "account/pld/compose/pld_pow_body.h"

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

/* A bound on |y^_k|^2 below which the coefficient is certainly dropped
 * (step 6: m = |y^_k| (1 + 4 u_53) <= r_cut and (min(1, m) + eps) (1 + 4
 * u_53) <= r_cut, so P1 = P2 = 0, Ek = 2^-1000 and z^_k = 0) and not
 * marked for a direct sum (min(1, m) + eps <= r_cut), decided without its
 * square root: s2 <= (r_cut (1 - 1e-6))^2 (1 - 1e-9) gives m <= r_cut (1 -
 * 1e-6)(1 + 1e-15), and with eps <= 1e-9 and r_cut >= 1/2 (T > 1000) the
 * margin r_cut 1e-6 >= 5e-7 covers eps and the roundings; the same
 * decisions and values as the full test's (issue 42: at q 1e-3, T 1e7 all
 * but 78 of 3 2^20 coefficients, the square roots a tenth of the
 * composition).  -1 (never) outside those conditions. */
static double
LP_R_NAME(dropped_below, )(double r_cut, double eps)
{
    const double t = r_cut * (1 - 1e-6);
    return r_cut >= 0.5 && eps <= 1e-9 ? t * t * (1 - 1e-9) : -1.0;
}

/* Step 6's term of coefficient k (one phase) or of the product's Err_k: E
 * times k's weight w_k >= |W_k| / n (ch_h depends on h only) and its
 * multiplicity (k and n - k, for 0 < k < n/2) */
static inline double
LP_R_NAME(weighted_term, )(double E, size_t k, size_t n, double ch_h)
{
    const double mult = (k == 0 || 2 * k == n) ? 1.0 : 2.0;
    const double wk = k == 0 ? 1.0 : fmin(1.0, ch_h / (2.0 * (double) k));
    return mult * (E * wk);
}

/* A dropped coefficient's term (Ek = 2^-1000, dropped_below) into *sum_E.
 * It is at most 2^-999, below half an ulp of a sum_E >= 2^-900, where adding
 * it leaves sum_E as it is (rounded to nearest, fused or not): not added
 * there, the same bits without the division (issue 42: all but some 100 of
 * 3 2^18 + 1 at q 1e-4, T 1e7, width 0.069, a tenth of the composition) */
static inline void
LP_R_NAME(add_dropped, )(double *sum_E, size_t k, size_t n, double ch_h)
{
    if (*sum_E < 0x1p-900)
        *sum_E += LP_R_NAME(weighted_term, )(ldexp(1.0, -1000), k, n, ch_h);
}

/* direct[k]: y^_k redone by a direct sum (step 5b), or dropped by
 * dropped_below's test at eps_F (step 6's, made once: the power's loop then
 * reads neither y^_k nor writes z_k there, pld_compose_product), or neither */
enum { PLD_DIRECT_SUM = 1, PLD_DROPPED = 2 };

/* Step 5b: where T (|y^_k| + eps_F)^(T-1) >= 100 (the coefficients whose
 * error the power multiplies by 100 or more: none at T <= 100, where the
 * direct sums cost a third of a run for nothing), y^_k again by a direct
 * sum, marked PLD_DIRECT_SUM in direct[k]; only when there are at most 4e7
 * / K of them (else none).  The coefficients dropped_below drops at eps_F
 * marked PLD_DROPPED.
 * Returns eps_D >= |y^_k - y_k| for those (pld_fft.c: the direct sums'
 * factor times sum |x^_j|, plus the masses' radii and rounding s2). */
static double
LP_R_NAME(redo_direct, )(lp_real *x, const lp_real *xs, unsigned char *direct,
                         const LP_R_NAME(lp_fft, _plan) *p, int64_t kmin, int64_t K, uint64_t T,
                         double eps_F, double s1, double s2, double r_cut)
{
    const size_t n = p->n;
    size_t count = 0;
    lp_real *bl;
    double eps_D;
    if (direct == NULL || K < 1)
        return eps_F;
    /* where R = min(1, |y^_k|) + eps_F <= r_cut, R^(T-1) <= 2^-1000 and the
     * computed power (within (1 + u)^(2T) of it) times T is far below 100:
     * the same marks without the power (issue 31: the powers of all n/2
     * coefficients were a tenth of a run at q 1e-3, T 1e7) */
    const double thr2 = LP_R_NAME(dropped_below, )(r_cut, eps_F);
    for (size_t k = 0; k <= n / 2; k++) {
        const lp_real s2 = x[2 * k] * x[2 * k] + x[2 * k + 1] * x[2 * k + 1];
        double m, R;
        if ((double) s2 <= thr2) {              /* R < r_cut: not marked (dropped_below) */
            direct[k] = PLD_DROPPED;
            continue;
        }
        m = (double) r_sqrt(s2);
        R = fmin(1.0, m) + eps_F;
        direct[k] = R > r_cut && (double) T * pow_real(R, T - 1) >= 100;
        count += direct[k];
    }
    eps_D = (LP_R_NAME(lp_fft_direct_error_factor, )(p, (size_t) K) * s1 * (1 + 4 * U53) + s2)
        * (1 + 4 * U53);
    bl = malloc(2 * ((size_t) K / 16 + 1) * sizeof *bl);
    if (count == 0 || (double) count * (double) K > 4e7 || bl == NULL || !(eps_D < eps_F)) {
        for (size_t k = 0; k <= n / 2; k++)     /* no direct sums; the drops stand */
            direct[k] &= PLD_DROPPED;
        free(bl);
        return eps_F;
    }
    for (size_t k = 0; k <= n / 2; k++) {
        if (direct[k] != PLD_DIRECT_SUM)        /* (the flag read where the work is: a sum) */
            continue;
        if (lp_cancelled()) {                   /* the rest keep the FFT's values and bound */
            memset(direct + k, 0, n / 2 + 1 - k);
            break;
        }
        LP_R_NAME(direct_coefficient, )(&x[2 * k], &x[2 * k + 1], xs, bl, p, kmin, K, k);
    }
    if (lp_trace())
        fprintf(lp_trace(), "pld" LP_R_LABEL ": %zu coefficients by direct sums, eps_D %g\n", count, eps_D);
    free(bl);
    return eps_D;
}

/* Step 5 for one phase: its step's masses (K of them, at (kmin + i) mod n)
 * rounded to lp_real into buf[0 .. n) (any values on entry: the masses'
 * places are cleared, the rest is not read), their forward real
 * transform in buf[0 .. n+2), and (step 5b) the direct sums of the
 * coefficients its power T amplifies, marked in direct[0 .. n/2].  *eps_F
 * bounds |y^_k - y_k| for every coefficient, *eps_D for the marked ones. */
static void
LP_R_NAME(phase_spectrum, )(lp_real *buf, unsigned char *direct, double *eps_F, double *eps_D,
                            const LP_R_NAME(lp_fft, _plan) *plan, double fe, arb_srcptr mass,
                            int64_t kmin, int64_t K, uint64_t T, double r_cut)
{
    const size_t n = plan->n;
    lp_real *xs;
    arb_t s;
    arf_t acc1, acc2, u;
    arb_init(s);
    arf_init(acc1);
    arf_init(acc2);
    arf_init(u);
    memset(direct, 0, n / 2 + 1);
    arf_zero(acc1);                             /* sum |x^_j| */
    arf_zero(acc2);                             /* sum |x^_j - m_j| (with the balls' radii) */
    /* buf is not cleared (the transform reads the run only): its run is */
    for (int64_t i = 0; i < K && i < (int64_t) n; i++)
        buf[(size_t) ((((kmin + i) % (int64_t) n) + (int64_t) n) % (int64_t) n)] = 0;
    for (int64_t i = 0; i < K; i++) {
        const int64_t k = kmin + i;
        const size_t idx = (size_t) (((k % (int64_t) n) + (int64_t) n) % (int64_t) n);
        lp_real xv = arb_get_r(mass + i);
        if (xv < 0)
            xv = 0;
        buf[idx] += xv;                         /* one k per index: K <= n */
        arb_set_r(s, xv);
        arf_add(acc1, acc1, arb_midref(s), 64, ARF_RND_UP);
        arb_sub(s, mass + i, s, LP_R_PREC);
        arb_get_abs_ubound_arf(u, s, MASS_PREC);
        arf_add(acc2, acc2, u, 64, ARF_RND_UP);
    }
    /* the step's values kept for the direct sums below (index i at the
     * circle's (kmin + i) mod n); none when their memory is not there */
    xs = malloc((size_t) K * sizeof *xs);
    if (xs)
        for (int64_t i = 0; i < K; i++)
            xs[i] = buf[(size_t) ((((kmin + i) % (int64_t) n) + (int64_t) n) % (int64_t) n)];
    *eps_F = (fe * arf_get_d(acc1, ARF_RND_UP)) * (1 + 4 * U53) + arf_get_d(acc2, ARF_RND_UP);
    *eps_F *= 1 + 4 * U53;
    if (lp_trace())
        fprintf(lp_trace(), "pld" LP_R_LABEL ": fe %g sum|x| %g radii+rounding %g eps_F %g\n", fe,
                arf_get_d(acc1, ARF_RND_UP), arf_get_d(acc2, ARF_RND_UP), *eps_F);
    /* the masses' run only is read (+0 elsewhere, as the whole transform would take it) */
    LP_R_NAME(lp_fft_real_forward_sparse, )(buf, plan,
                                            (size_t) (((kmin % (int64_t) n) + (int64_t) n) % (int64_t) n),
                                            (size_t) K);
    /* 5b. the coefficients that carry the bound (|y^_k| near 1: their error
     * is multiplied by T |y_k|^(T-1) >= 100) again by direct sums, whose error
     * eps_D is about a tenth of the FFT's (pld_fft.c: direct sums) */
    *eps_D = *eps_F;
    if (xs && T > 1)
        *eps_D = LP_R_NAME(redo_direct, )(buf, xs, direct, plan, kmin, K, T, *eps_F,
                                          arf_get_d(acc1, ARF_RND_UP), arf_get_d(acc2, ARF_RND_UP),
                                          r_cut);
    free(xs);
    arb_clear(s);
    arf_clear(acc1);
    arf_clear(acc2);
    arf_clear(u);
}

static void
LP_R_NAME(compose_free, )(lp_pld *pld, lp_real *z, lp_real *y, double *err, unsigned char *direct)
{
    free(z);
    free(y);
    free(err);
    free(direct);
    free(pld->A);
    free(pld->B);
    free(pld->C);
    pld->A = pld->B = pld->C = NULL;
}

int
LP_R_NAME(pld_compose_product, )(lp_pld *pld, size_t nph, const uint64_t *T, const arb_srcptr *mass,
                                 const int64_t *kmin, const int64_t *K)
{
    const size_t n = pld->n, half = n / 2;
    const double h = pld->h;
    /* one complex product's relative rounding, sqrt(2) gamma_2 <= 2.9 u */
    const double gamma = 2.9 * ldexp(1.0, LP_R_LOG2_U);
    lp_real *z, *y = NULL;                      /* the running product; phase i > 0's spectrum */
    double *err = NULL;                         /* Err_k of the product (pld_compose_best.c) */
    unsigned char *direct;                      /* which coefficients the direct sums redid */
    double fe, sum_E = 0, sum_z, c_pow, r_cut, ch_h = 0;
    size_t kend = 0;                            /* z[k] = 0 from k = kend on (the last phase) */
    LP_R_NAME(lp_fft, _plan) plan;
    arb_t t;

    /* 5. the vectors are real: n reals (n + 2 for the half spectrum), each
     * transform one complex FFT of n/2 points (pld_fft.c's real transforms;
     * issue 31: half the time and memory) */
    /* huge pages (pld_big_alloc) for the transforms' vectors, read at
     * strides up to n/2; the arrays read and written in order take the
     * ordinary ones (measured at q 1e-3, T 1e7, 6 runs each: huge pages
     * everywhere sys 0.08 - 0.95 s, nowhere 0.22 - 0.28 s, for the
     * transforms only 0.10 - 0.23 s, their zeroing the kernel's cost) */
    z = pld_big_alloc((n + 2) * sizeof *z);    /* (not cleared: phase_spectrum) */
    direct = calloc(half + 1, 1);
    if (nph > 1) {
        y = pld_big_alloc((n + 2) * sizeof *y);
        err = malloc((half + 1) * sizeof *err);
    }
    pld->A = NULL;                              /* its own array, at step 7 */
    pld->B = NULL;                              /* the plan's radix-3 scratch, or its own */
    /* C: in doubles z's own array at step 7, else its own */
    pld->C = LP_R_LD ? pld_big_alloc(n * sizeof *pld->C) : NULL;
    if (z == NULL || direct == NULL || (nph > 1 && (y == NULL || err == NULL))
        || (LP_R_LD && pld->C == NULL) || LP_R_NAME(lp_fft, _plan_init)(&plan, n) != 0) {
        LP_R_NAME(compose_free, )(pld, z, y, err, direct);     /* out of memory: nothing kept */
        return -1;
    }
    if (plan.buf == NULL && (pld->B = malloc(n * sizeof *pld->B)) == NULL) {
        LP_R_NAME(lp_fft, _plan_clear)(&plan);
        LP_R_NAME(compose_free, )(pld, z, y, err, direct);
        return -1;
    }
    fe = LP_R_NAME(lp_fft_real_error_factor, )(&plan);
    for (size_t i = 0; i < nph && !lp_cancelled(); i++) {
        /* phase 0's spectrum is the product's first factor, Z_1 = a_1 (Z_0 =
         * 1 exactly: no rounding); each later one multiplies it */
        lp_real *buf = i == 0 ? z : y;
        const uint64_t Ti = T[i];
        const double Tf = (double) Ti;
        double eps_F, eps_D;
        pld_power_constants(&c_pow, &r_cut, &ch_h, Ti, h, LP_R_LOG2_U);
        LP_R_NAME(phase_spectrum, )(buf, direct, &eps_F, &eps_D, &plan, fe, mass[i], kmin[i], K[i],
                                    Ti, r_cut);
        /* 6. the power of each coefficient and its error bound, in doubles
         * (pld_compose.c); |y^_k| rounded up (the modulus in lp_real is
         * within 4 u of the computed one's, the cast to double adds at most
         * u_53).  The spectrum is Hermitian, y^_{n-k} = conj y^_k by
         * construction (so within eps_F of y_{n-k} as well), and binary
         * powering and the products commute with the conjugation exactly:
         * k = 0 .. n/2 only, each 0 < k < n/2 counted twice in the bound's
         * sum */
        const double thr2 = nph == 1 ? LP_R_NAME(dropped_below, )(r_cut, fmax(eps_F, eps_D)) : -1.0;
        kend = 0;
        for (size_t k = 0; k <= half; k++) {
            const double eps_k = direct[k] == PLD_DIRECT_SUM ? eps_D : eps_F;
            lp_real re, im;
            double m;
            /* marked dropped by redo_direct: the test below at the same
             * threshold (eps_D <= eps_F) on the same y^_k, made there; z_k
             * is left as it is and zeroed after the loop where it is read
             * (issue 42: the loop's read and write of z over all n/2 points
             * were some 4 % of a run at q 1e-4, T 1e7, width 0.069) */
            if (nph == 1 && direct[k] == PLD_DROPPED) {
                LP_R_NAME(add_dropped, )(&sum_E, k, n, ch_h);
                continue;
            }
            re = buf[2 * k];
            im = buf[2 * k + 1];
            if (Ti > 1 && (double) (re * re + im * im) <= thr2) {
                LP_R_NAME(add_dropped, )(&sum_E, k, n, ch_h);    /* dropped (dropped_below) */
                z[2 * k] = 0;
                z[2 * k + 1] = 0;
                continue;
            }
            m = (double) r_sqrt(re * re + im * im) * (1 + 4 * U53);
            double R1 = fmin(1.0, m) + eps_k, P1, P2, Ek;
            P1 = (Ti == 1) ? 1.0 : (R1 * (1 + 4 * U53) <= r_cut ? 0.0 : pow_real(R1 * (1 + 4 * U53), Ti - 1));
            P2 = m <= r_cut ? 0.0 : pow_real(m, Ti);
            Ek = Tf * eps_k * P1 + c_pow * P2 + ldexp(1.0, -1000);
            if (m <= r_cut && Ti > 1) {
                re = im = 0;                    /* |y^T| < 2^-1000: counted in Ek */
            } else {
                pow_complex(&re, &im, Ti);
            }
            if (nph == 1) {                     /* one phase: step 6's sum, weighted now */
                sum_E += LP_R_NAME(weighted_term, )(Ek, k, n, ch_h);
            } else if (i == 0) {
                err[k] = Ek;                    /* Err_1 = E_1 */
            } else {                            /* Err_i = (Err_{i-1} + |Z| (E_i + gamma |a_i|)) */
                const lp_real zr = z[2 * k], zi = z[2 * k + 1];
                const double mz = (double) r_sqrt(zr * zr + zi * zi) * (1 + 4 * U53);
                const double ma = (double) r_sqrt(re * re + im * im) * (1 + 4 * U53);
                err[k] = (err[k] + mz * (Ek + gamma * ma)) * (1 + 8 * U53);
                z[2 * k] = zr * re - zi * im;
                z[2 * k + 1] = zr * im + zi * re;
                if (z[2 * k] != 0 || z[2 * k + 1] != 0)
                    kend = k + 1;
                continue;
            }
            z[2 * k] = re;
            z[2 * k + 1] = im;
            if (re != 0 || im != 0)
                kend = k + 1;
        }
    }
    /* the coefficients marked dropped, left as they were: zeroed where they
     * are read (below kend for the spectral route; all, for the inverse) */
    if (nph == 1)
        for (size_t k = 0; k < kend; k++)
            if (direct[k] == PLD_DROPPED)
                z[2 * k] = z[2 * k + 1] = 0;
    if (lp_cancelled()) {                       /* SIGINT/SIGTERM or the host's flag */
        LP_R_NAME(lp_fft, _plan_clear)(&plan);
        LP_R_NAME(compose_free, )(pld, z, y, err, direct);
        return -1;
    }
    if (nph > 1)
        for (size_t k = 0; k <= half; k++)
            sum_E += LP_R_NAME(weighted_term, )(err[k], k, n, ch_h);
#if LP_R_LD
    (void) kend;                                /* (the x87 route keeps its arrays) */
#else
    /* few coefficients left by the power (large T): the spectrum itself
     * stands for the window's sums, no inverse (pld_spectral.c) */
    if (pld_spectral_keep(pld, z, kend, sum_E)) {
        LP_R_NAME(lp_fft, _plan_clear)(&plan);
        LP_R_NAME(compose_free, )(pld, z, y, err, direct);
        pld->rnd_rel = 0;
        return 0;
    }
#endif
    if (nph == 1)
        for (size_t k = kend; k <= half; k++)
            if (direct[k] == PLD_DROPPED)
                z[2 * k] = z[2 * k + 1] = 0;
    /* the inverse's own rounding: its bound per point (fft_real_inverse,
     * pld_fft.c), over n, times sum w <= n */
    sum_z = LP_R_NAME(lp_fft_real_inverse, )(z, &plan);
    arb_init(t);
    arb_set_d(t, (sum_E + sum_z) * (1 + 1e-6) + 1e-290);
    arb_set(pld->err_fft, t);
    /* A its own array (the twiddle table, which it was written over, is
     * kept between plans now: pld_fft_body.h) */
    pld->A = pld_big_alloc(n * sizeof *pld->A);
    if (pld->A == NULL) {
        arb_clear(t);
        LP_R_NAME(lp_fft, _plan_clear)(&plan);
        LP_R_NAME(compose_free, )(pld, z, y, err, direct);
        return -1;
    }
    if (pld->B == NULL) {                       /* n = 3 2^k: the radix-3 scratch (2n lp_real) */
        pld->B = (double *) plan.buf;
        plan.buf = NULL;
    }
    LP_R_NAME(lp_fft, _plan_clear)(&plan);

    /* 7. suffix sums over the window, backward, in lp_real, stored as doubles */
    {
        lp_real r, sa = 0, sb = 0, sc = 0, inv_n = (lp_real) 1 / (lp_real) n;
        /* point j of the window is the circle's (ja + j) mod n = s0 + j,
         * less n past the end (one reduction, not one a point) */
        size_t s0 = (size_t) (((pld->ja % (int64_t) n) + (int64_t) n) % (int64_t) n);
        const lp_real *src = z;
#if !LP_R_LD
        /* in doubles the window's points are copied in order into B, which
         * the loop overwrites point by point after reading it, and C is
         * written over z: one array of n fewer from the kernel (issue 31:
         * its pages' zeroing was a fifth of a run at n = 2^23); the same
         * values in the same operations */
        memcpy(pld->B, z + s0, (n - s0) * sizeof *z);
        memcpy(pld->B + (n - s0), z, s0 * sizeof *z);
        src = pld->B;
        s0 = 0;
        pld->C = z;
        z = NULL;
#endif
        arb_set_d(t, -h);
        arb_exp(t, t, LP_R_PREC);
        r = arb_get_r(t);
        for (size_t j = n; j-- > 0;) {
            const size_t i = s0 + j >= n ? s0 + j - n : s0 + j;
            lp_real p;
            p = src[i] * inv_n;
            sa += p;
            sb = p + r * sb;
            sc += r_fabs(p);
            pld->A[j] = (double) sa;
            pld->B[j] = (double) sb;
            pld->C[j] = (double) sc;
        }
        pld->rnd_rel = 8.0 * (double) n * U53 * 1.01;
    }
    arb_clear(t);
    free(z);
    free(y);
    free(err);
    free(direct);
    return 0;
}

int
LP_R_NAME(pld_compose, )(lp_pld *pld, arb_srcptr mass, int64_t kmin, int64_t K)
{
    const uint64_t T = pld->T;
    return LP_R_NAME(pld_compose_product, )(pld, 1, &T, &mass, &kmin, &K);
}
