/* pld_fft_body.h -- the FFT of pld_fft.c written once for the real type
 * lp_real of pld_real.h (included after it by pld_double.c and
 * pld_long_double.c): the plan (twiddle table and scratch), the transform
 * (its stages in pld_fft_stages_body.h), the real transforms, the error
 * factors.  The proof and the twiddles' error mu = 5 u are in pld_fft.c. */
#include <pthread.h>
#include "account/pld/compose/pld_compose.h"

/* points per cache block of the FFT's first stages (2^13 complex points:
 * 128 KiB in doubles, 256 KiB in long doubles) */
#ifndef LP_FFT_BLOCK
#define LP_FFT_BLOCK ((size_t) 1 << 13)
#endif

/* the plan's scratch in complex points for a plan of n points: the block
 * stages' twiddle table (block/2), or the larger stages' twiddles copied
 * contiguous where the table's stride is 4 or more (fft_core: at most
 * 3n/16 for a pair of stages) */
static size_t
LP_R_NAME(fft_scratch, )(size_t n)
{
    const size_t block = n < LP_FFT_BLOCK ? n : LP_FFT_BLOCK;
    return (n / 4 > block / 2 ? n / 4 : block / 2) + 1;
}

/* The twiddle table e^{-2 pi i j/n}, j < n/2 (2 max(n/2, 1) reals), or
 * NULL when out of memory.  e^{-2 pi i j/n} = hi[j / B] lo[j % B]: hi[k] =
 * e^{-2 pi i k B/n} (k < nb), lo[k] = e^{-2 pi i k/n} (k < B), each cos(pi
 * f) - i sin(pi f) in Arb rounded to lp_real, their products in lp_real
 * (pld_fft.c: within mu = 5 u). */
static lp_real *
LP_R_NAME(twiddle_table, )(size_t n)
{
    size_t L = 0, B, nb, half = n / 2;
    lp_real *w, *hi, *lo;
    arb_t s, c;
    fmpq_t f;
    while (((size_t) 1 << L) < n)
        L++;
    B = (size_t) 1 << ((L + 1) / 2);
    nb = half / B + 1;
    w = pld_big_alloc(2 * (half ? half : 1) * sizeof *w);
    hi = malloc(2 * nb * sizeof *hi);
    lo = malloc(2 * B * sizeof *lo);
    if (w == NULL || hi == NULL || lo == NULL) {
        free(w);
        free(hi);
        free(lo);
        return NULL;
    }
    arb_init(s);
    arb_init(c);
    fmpq_init(f);
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
    /* j = jh B + jl: the same products, without a division a point */
    for (size_t jh = 0; jh * B < half; jh++) {
        const lp_real *a = hi + 2 * jh;
        const size_t len = half - jh * B < B ? half - jh * B : B;
        lp_real *wj = w + 2 * jh * B;
        for (size_t jl = 0; jl < len; jl++) {
            const lp_real *b = lo + 2 * jl;
            wj[2 * jl] = a[0] * b[0] - a[1] * b[1];
            wj[2 * jl + 1] = a[0] * b[1] + a[1] * b[0];
        }
    }
    free(hi);
    free(lo);
    arb_clear(s);
    arb_clear(c);
    fmpq_clear(f);
    return w;
}

/* One twiddle table kept between plans (issue 42): the two relations of a
 * run build the same n at once, and a caller asks again and again (a search,
 * a benchmark's repeats); the table is a function of n alone, so a plan that
 * finds it takes it as it is (the same bits) instead of building it (4 % of a
 * warm call at q 1e-4, T 1e7, width 0.069, and its 12.6 MB faulted in).  The
 * latest table of at most TWIDDLE_KEEP bytes stays after its last plan is
 * cleared (a larger one is built and freed per plan, as before); any number
 * of plans read it at once (read only); the lock guards the entry, held
 * while a table is built so that a second plan of the same n waits for it. */
#define TWIDDLE_KEEP ((size_t) 32 << 20)
static pthread_mutex_t LP_R_NAME(twiddle_lock, ) = PTHREAD_MUTEX_INITIALIZER;
static struct {
    size_t n, users;
    lp_real *w;                 /* NULL: none kept */
} LP_R_NAME(twiddle_kept, );

/* the table of n: the kept one, or built (and kept where there is room) */
static lp_real *
LP_R_NAME(twiddle_take, )(size_t n)
{
    lp_real *w;
    pthread_mutex_lock(&LP_R_NAME(twiddle_lock, ));
    if (LP_R_NAME(twiddle_kept, ).w != NULL && LP_R_NAME(twiddle_kept, ).n == n) {
        LP_R_NAME(twiddle_kept, ).users++;
        w = LP_R_NAME(twiddle_kept, ).w;
    } else {
        w = LP_R_NAME(twiddle_table, )(n);
        if (w != NULL && LP_R_NAME(twiddle_kept, ).users == 0
            && 2 * (n / 2 ? n / 2 : 1) * sizeof *w <= TWIDDLE_KEEP) {
            free(LP_R_NAME(twiddle_kept, ).w);  /* the one kept before, no longer in use */
            LP_R_NAME(twiddle_kept, ).w = w;
            LP_R_NAME(twiddle_kept, ).n = n;
            LP_R_NAME(twiddle_kept, ).users = 1;
        }
    }
    pthread_mutex_unlock(&LP_R_NAME(twiddle_lock, ));
    return w;
}

/* a table taken: the kept one's user count lowered (the table stays), any
 * other freed */
static void
LP_R_NAME(twiddle_give, )(lp_real *w)
{
    if (w == NULL)
        return;
    pthread_mutex_lock(&LP_R_NAME(twiddle_lock, ));
    if (w == LP_R_NAME(twiddle_kept, ).w)
        LP_R_NAME(twiddle_kept, ).users--;
    else
        free(w);
    pthread_mutex_unlock(&LP_R_NAME(twiddle_lock, ));
}

int
LP_R_NAME(lp_fft, _plan_init)(LP_R_NAME(lp_fft, _plan) *p, size_t n)
{
    p->n = n;
    p->w = p->tw = p->buf = NULL;
    if (n < 1 || ((n & (n - 1)) != 0 && (n % 3 != 0 || n / 3 < 4 || ((n / 3) & (n / 3 - 1)) != 0)))
        return -1;                              /* neither 2^k nor 3 2^k, k >= 2 */
    p->tw = pld_big_alloc(2 * LP_R_NAME(fft_scratch, )(n) * sizeof *p->tw);
    if ((n & (n - 1)) != 0)
        p->buf = pld_big_alloc(2 * n * sizeof *p->buf);   /* n complex points (lp_fft) */
    p->mu = ldexp(5.0, LP_R_LOG2_U);
    if (p->tw != NULL && ((n & (n - 1)) == 0 || p->buf != NULL))
        p->w = LP_R_NAME(twiddle_take, )(n);
    if (p->w == NULL) {                         /* out of memory */
        free(p->tw);
        free(p->buf);
        p->w = p->tw = p->buf = NULL;
        return -1;
    }
    return 0;
}

void
LP_R_NAME(lp_fft, _plan_clear)(LP_R_NAME(lp_fft, _plan) *p)
{
    LP_R_NAME(twiddle_give, )(p->w);
    free(p->tw);
    free(p->buf);
    p->w = p->tw = p->buf = NULL;
}

#include "account/pld/compose/pld_fft_stages_body.h"

void
LP_R_NAME(lp_fft, )(lp_real *x, const LP_R_NAME(lp_fft, _plan) *p, int sign)
{
    LP_R_NAME(fft_core, )(x, p->n, p->w, 1, sign < 0 ? 1 : -1, p->tw, p->buf);  /* conjugate twiddles for the inverse */
}

/* ---- the real transforms (contracts in pld_fft.h): one complex FFT of
 * half the length (pld_fft.c has the algebra and the bound).  n = p->n >= 2;
 * x has room for n + 2 reals. */

/* the forward real transform's last step: x[0 .. n+2) = X_k from Z =
 * DFT_N(x_2m + i x_2m+1) in x[0 .. n) */
static void
LP_R_NAME(real_forward_unpack, )(lp_real *x, const LP_R_NAME(lp_fft, _plan) *p)
{
    const size_t n = p->n, N = n / 2;
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

/* x[0 .. n): n reals x_j; on return x[0 .. n+2) holds X_k = sum_j x_j
 * e^{-2 pi i jk/n}, k = 0 .. n/2 (X_{n-k} = conj X_k) */
void
LP_R_NAME(lp_fft_real_forward, )(lp_real *x, const LP_R_NAME(lp_fft, _plan) *p)
{
    LP_R_NAME(fft_core, )(x, p->n / 2, p->w, 2, 1, p->tw, p->buf);    /* Z = DFT_N(x_2m + i x_2m+1) */
    LP_R_NAME(real_forward_unpack, )(x, p);
}

/* the same for x's run x_lo .. x_{lo+K-1} (mod n), what lies elsewhere
 * in x[0 .. n) taken as +0 (not read, not zeroed first: the composition's
 * vector of n points needs no pass to clear it): the complex points z_m =
 * x_2m + i x_2m+1 zero but on m = lo/2 .. (lo+K-1)/2 (mod n/2), the reals
 * at the ends of that run outside x's set to +0, the transform pruned where
 * it acts on zeros (fft_core_sparse); where it cannot be, x zeroed off the
 * run and transformed whole.  The result is bit for bit
 * lp_fft_real_forward's on x zero off the run. */
void
LP_R_NAME(lp_fft_real_forward_sparse, )(lp_real *x, const LP_R_NAME(lp_fft, _plan) *p, size_t lo,
                                        size_t K)
{
    const size_t n = p->n, N = n / 2;
    size_t a, Kc;
    if (K >= n) {
        LP_R_NAME(lp_fft_real_forward, )(x, p);
        return;
    }
    lo %= n;
    if (K > 0) {
        a = lo / 2;
        Kc = (lo + K - 1) / 2 - a + 1;          /* m = a .. (lo + K - 1)/2, unreduced */
        if (lo & 1)
            x[lo - 1] = 0;                      /* the run's first complex point's real part */
        if ((lo + K) & 1)
            x[(lo + K) % n] = 0;                /* its last one's imaginary part */
        if (LP_R_NAME(fft_core_sparse, )(x, N, p->w, 2, 1, p->tw, a, Kc < N ? Kc : N) == 0) {
            LP_R_NAME(real_forward_unpack, )(x, p);
            return;
        }
    }
    /* whole: x zeroed off the run, x_{lo+K} .. x_{lo+n-1} (mod n) */
    if (lo + K <= n) {
        memset(x + lo + K, 0, (n - lo - K) * sizeof *x);
        memset(x, 0, lo * sizeof *x);
    } else {
        memset(x + (lo + K - n), 0, (n - K) * sizeof *x);
    }
    LP_R_NAME(lp_fft_real_forward, )(x, p);
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
    LP_R_NAME(fft_core, )(x, N, p->w, 2, -1, p->tw, p->buf);   /* x_2m + i x_2m+1 = sum_k Z'_k e^{+2 pi i mk/N} */
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
