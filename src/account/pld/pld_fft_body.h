/* pld_fft_body.h -- the radix-2 FFT of pld_fft.c written once for the real
 * type lp_real of pld_real.h (included after it by pld_double.c and
 * pld_long_double.c): the twiddle table, the transform, its error factor.
 * The proof and the twiddles' error mu = 5 u are in pld_fft.c. */
#include "account/pld/pld_fft.h"

int
LP_R_NAME(lp_fft, _plan_init)(LP_R_NAME(lp_fft, _plan) *p, size_t n)
{
    size_t L = 0, B, nb, half = n / 2;
    lp_real *hi, *lo;
    arb_t s, c;
    fmpq_t f;
    while (((size_t) 1 << L) < n)
        L++;
    B = (size_t) 1 << ((L + 1) / 2);
    nb = half / B + 1;
    p->n = n;
    p->w = malloc(2 * (half ? half : 1) * sizeof *p->w);
    p->mu = ldexp(5.0, LP_R_LOG2_U);
    hi = malloc(2 * nb * sizeof *hi);
    lo = malloc(2 * B * sizeof *lo);
    if (p->w == NULL || hi == NULL || lo == NULL) {     /* out of memory */
        free(p->w);
        free(hi);
        free(lo);
        p->w = NULL;
        return -1;
    }
    arb_init(s);
    arb_init(c);
    fmpq_init(f);
    /* e^{-2 pi i j/n} = hi[j / B] lo[j % B]: hi[k] = e^{-2 pi i k B/n} (k < nb),
     * lo[k] = e^{-2 pi i k/n} (k < B), each cos(pi f) - i sin(pi f) */
    {
        lp_real *tab[2] = { hi, lo };
        const size_t len[2] = { nb, B }, mul[2] = { B, 1 };
        for (int t = 0; t < 2; t++)
            for (size_t k = 0; k < len[t]; k++) {
                fmpq_set_si(f, 2 * (slong) (k * mul[t]), n);
                arb_sin_cos_pi_fmpq(s, c, f, LP_R_TWIDDLE_PREC);
                tab[t][2 * k] = arb_get_r(c);
                tab[t][2 * k + 1] = -arb_get_r(s);
            }
    }
    for (size_t j = 0; j < half; j++) {
        const lp_real *a = hi + 2 * (j / B), *b = lo + 2 * (j % B);
        p->w[2 * j] = a[0] * b[0] - a[1] * b[1];
        p->w[2 * j + 1] = a[0] * b[1] + a[1] * b[0];
    }
    free(hi);
    free(lo);
    arb_clear(s);
    arb_clear(c);
    fmpq_clear(f);
    return 0;
}

void
LP_R_NAME(lp_fft, _plan_clear)(LP_R_NAME(lp_fft, _plan) *p)
{
    free(p->w);
    p->w = NULL;
}

/* points per cache block of the FFT's first stages (2^13 complex points:
 * 128 KiB in doubles, 256 KiB in long doubles) */
#ifndef LP_FFT_BLOCK
#define LP_FFT_BLOCK ((size_t) 1 << 13)
#endif

/* one stage of len-point butterflies over x[0 .. m) (m a multiple of len),
 * twiddle w[j step] (conjugated by cs) */
static void
fft_stage(lp_real *x, size_t m, size_t len, size_t step, const lp_real *w, lp_real cs)
{
    const size_t half = len / 2;
    for (size_t i = 0; i < m; i += len) {
        lp_real *a = x + 2 * i, *b = x + 2 * (i + half);
        for (size_t j = 0; j < half; j++) {
            const lp_real wr = w[2 * j * step], wi = cs * w[2 * j * step + 1];
            const lp_real br = b[2 * j], bi = b[2 * j + 1];
            const lp_real tr = wr * br - wi * bi, ti = wr * bi + wi * br;
            const lp_real ar = a[2 * j], ai = a[2 * j + 1];
            a[2 * j] = ar + tr;
            a[2 * j + 1] = ai + ti;
            b[2 * j] = ar - tr;
            b[2 * j + 1] = ai - ti;
        }
    }
}

/* the n-point transform (n a power of 2) with twiddle e^{-2 pi i j/n} =
 * w[wstride j] (wstride 1: the plan's own size; 2: half of it, the real
 * transforms below), conjugated by cs */
static void
LP_R_NAME(fft_core, )(lp_real *x, size_t n, const lp_real *w, size_t wstride, lp_real cs)
{
    /* bit reversal */
    for (size_t i = 1, j = 0; i < n; i++) {
        size_t bit = n >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            lp_real t0 = x[2 * i], t1 = x[2 * i + 1];
            x[2 * i] = x[2 * j];
            x[2 * i + 1] = x[2 * j + 1];
            x[2 * j] = t0;
            x[2 * j + 1] = t1;
        }
    }
    /* The stages len = 2 .. n.  A butterfly of stage len touches only its
     * aligned block of len points, so the stages up to LP_FFT_BLOCK run block
     * by block (each block through all of them while it is in cache), the
     * rest over the whole vector: the very same butterflies on the same
     * operands, each stage after the one before it on every point it reads,
     * so the result is bitwise the one of stage-by-stage order and
     * pld_fft.c's bound holds unchanged (issue 31: at n = 2^22 the
     * stage-by-stage passes were 43 % of a run, memory-bound). */
    /* The twiddles w[j n/len] are read in place of the table's stride n/len
     * from a contiguous copy of the same values (the block stages' from one
     * table of block/2, each larger stage's from its own; 65 % of the
     * stages' time was those strided loads): bitwise the same operands.  No
     * copy when its memory is not there (the strided reads then). */
    {
        const size_t block = n < LP_FFT_BLOCK ? n : LP_FFT_BLOCK;
        /* the largest copy: len/2 twiddles for len = n/2 (stride 1), or n
         * (a strided table: the last stage's too) */
        const size_t most = wstride > 1 ? n / 2 : n / 4;
        lp_real *tw = n >= 4 ? malloc((most > block / 2 ? most : block / 2) * 2 * sizeof *tw) : NULL;
        if (tw)
            for (size_t k = 0; k < block / 2; k++) {
                tw[2 * k] = w[2 * k * (n / block) * wstride];
                tw[2 * k + 1] = w[2 * k * (n / block) * wstride + 1];
            }
        for (size_t base = 0; base < n; base += block)
            for (size_t len = 2; len <= block; len <<= 1) {
                if (tw)
                    fft_stage(x + 2 * base, block, len, block / len, tw, cs);
                else
                    fft_stage(x + 2 * base, block, len, n / len * wstride, w, cs);
            }
        for (size_t len = 2 * block; len <= n; len <<= 1) {
            const size_t step = n / len * wstride;
            if (tw && step > 1) {
                for (size_t j = 0; j < len / 2; j++) {
                    tw[2 * j] = w[2 * j * step];
                    tw[2 * j + 1] = w[2 * j * step + 1];
                }
                fft_stage(x, n, len, 1, tw, cs);
            } else {
                fft_stage(x, n, len, step, w, cs);
            }
        }
        free(tw);
    }
}

void
LP_R_NAME(lp_fft, )(lp_real *x, const LP_R_NAME(lp_fft, _plan) *p, int sign)
{
    LP_R_NAME(fft_core, )(x, p->n, p->w, 1, sign < 0 ? 1 : -1);  /* conjugate twiddles for the inverse */
}

/* ---- the real transforms (contracts in pld_fft.h): one complex FFT of
 * half the length (pld_fft.c has the algebra and the bound).  n = p->n >= 2;
 * x has room for n + 2 reals. */

/* x[0 .. n): n reals x_j; on return x[0 .. n+2) holds X_k = sum_j x_j
 * e^{-2 pi i jk/n}, k = 0 .. n/2 (X_{n-k} = conj X_k) */
void
LP_R_NAME(lp_fft_real_forward, )(lp_real *x, const LP_R_NAME(lp_fft, _plan) *p)
{
    const size_t n = p->n, N = n / 2;
    LP_R_NAME(fft_core, )(x, N, p->w, 2, 1);    /* Z = DFT_N(x_2m + i x_2m+1) */
    {
        const lp_real z0r = x[0], z0i = x[1];
        x[0] = z0r + z0i;                       /* X_0 = E + O, X_N = E - O: E = Re Z_0, O = Im Z_0 */
        x[1] = 0;
        x[2 * N] = z0r - z0i;
        x[2 * N + 1] = 0;
    }
    for (size_t k = 1; 2 * k <= N; k++) {
        /* E = (Z_k + conj Z_{N-k})/2, O = (Z_k - conj Z_{N-k})/(2i), t = w^k O:
         * X_k = E + t, X_{N-k} = conj(E - t) */
        lp_real *a = x + 2 * k, *b = x + 2 * (N - k);
        const lp_real er = (a[0] + b[0]) / 2, ei = (a[1] - b[1]) / 2;
        const lp_real or_ = (a[1] + b[1]) / 2, oi = (b[0] - a[0]) / 2;
        const lp_real wr = p->w[2 * k], wi = p->w[2 * k + 1];
        const lp_real tr = wr * or_ - wi * oi, ti = wr * oi + wi * or_;
        a[0] = er + tr;
        a[1] = ei + ti;
        b[0] = er - tr;
        b[1] = -(ei - ti);
    }
}

/* x[0 .. n+2): Y_k, k = 0 .. n/2, of a Hermitian spectrum (Y_{n-k} =
 * conj Y_k); on return x[0 .. n) holds sum_{k<n} Y_k e^{+2 pi i jk/n}
 * (unnormalised: n times the inverse DFT).  Returns a bound, rounded up, on
 * every output's error (pld_fft.c): fe_{n/2} sum_k |Z'^_k| + 2 eta sum_{k<n}
 * |Y_k| */
double
LP_R_NAME(lp_fft_real_inverse, )(lp_real *x, const LP_R_NAME(lp_fft, _plan) *p)
{
    const size_t n = p->n, N = n / 2;
    double sum_y = 0, sum_z = 0, fe_half, eta;
    for (size_t k = 0; k <= N; k++)             /* sum_{k<n} |Y_k|, by |re| + |im| */
        sum_y += (k == 0 || k == N ? 1.0 : 2.0) * (double) (r_fabs(x[2 * k]) + r_fabs(x[2 * k + 1]));
    {
        /* Z'_0 = E + i D, E = Y_0 + conj Y_N, D = Y_0 - conj Y_N */
        const lp_real er = x[0] + x[2 * N], ei = x[1] - x[2 * N + 1];
        const lp_real dr = x[0] - x[2 * N], di = x[1] + x[2 * N + 1];
        x[0] = er - di;
        x[1] = ei + dr;
    }
    for (size_t k = 1; 2 * k <= N; k++) {
        /* E = Y_k + conj Y_{N-k}, O = (Y_k - conj Y_{N-k}) conj w^k, t = i O:
         * Z'_k = E + t, Z'_{N-k} = conj(E - t) */
        lp_real *a = x + 2 * k, *b = x + 2 * (N - k);
        const lp_real er = a[0] + b[0], ei = a[1] - b[1];
        const lp_real dr = a[0] - b[0], di = a[1] + b[1];
        const lp_real wr = p->w[2 * k], wi = -p->w[2 * k + 1];
        const lp_real or_ = wr * dr - wi * di, oi = wr * di + wi * dr;
        const lp_real tr = -oi, ti = or_;
        a[0] = er + tr;
        a[1] = ei + ti;
        b[0] = er - tr;
        b[1] = -(ei - ti);
    }
    for (size_t k = 0; k < N; k++)
        sum_z += (double) (r_fabs(x[2 * k]) + r_fabs(x[2 * k + 1]));
    LP_R_NAME(fft_core, )(x, N, p->w, 2, -1);   /* x_2m + i x_2m+1 = sum_k Z'_k e^{+2 pi i mk/N} */
    fe_half = pld_fft_error_factor(N, LP_R_LOG2_U, ldexp(p->mu, -LP_R_LOG2_U));
    eta = pld_fft_eta(LP_R_LOG2_U, ldexp(p->mu, -LP_R_LOG2_U));
    /* the sums of nonnegative doubles: within 1 + 1e-8 for n <= 2^26 */
    return (fe_half * sum_z + 2 * eta * sum_y) * (1 + 8 * U53) * (1 + 1e-6);
}

/* the forward real transform's factor: |X^_k - X_k| <= it times sum |x_j| */
double
LP_R_NAME(lp_fft_real_error_factor, )(const LP_R_NAME(lp_fft, _plan) *p)
{
    return pld_fft_real_error_factor(p->n, LP_R_LOG2_U, ldexp(p->mu, -LP_R_LOG2_U));
}

double
LP_R_NAME(lp_fft, _error_factor)(const LP_R_NAME(lp_fft, _plan) *p)
{
    return pld_fft_error_factor(p->n, LP_R_LOG2_U, ldexp(p->mu, -LP_R_LOG2_U));   /* mu = 5 u */
}

/* a direct sum's factor for this plan's type and twiddles (pld_fft.h) */
double
LP_R_NAME(lp_fft_direct_error_factor, )(const LP_R_NAME(lp_fft, _plan) *p, size_t K)
{
    return pld_fft_direct_error_factor(K, LP_R_LOG2_U, ldexp(p->mu, -LP_R_LOG2_U));
}
