/* pld_fft.c -- a radix-2 FFT in doubles with an a-priori, componentwise
 * error bound, for the PLD accountant's composition.  Contract in pld.h.
 *
 * Why doubles and not Arb's ball DFT (acb_dft, present in Arb 2.23): the
 * composition needs n = 2^20 .. 2^23 points; acb_dft at that size costs
 * seconds to tens of seconds (a ball multiplication is ~50x a double one),
 * while the double FFT below with the bound proved here costs tens of
 * milliseconds, and the bound (which grows like T log2(n) u, see pld.c) stays
 * far below the deltas accounted.  FFTW is not used: its codelets (mixed
 * radix, generated) have no published a-priori bound; the plain radix-2
 * decimation in time below has one.
 *
 * The bound.  Each of the L = log2(n) stages applies butterflies
 * (a, b) -> (a + w b, a - w b) with |w| = 1.  With computed twiddles w^,
 * |w^ - w| <= mu, and standard complex arithmetic (|fl(xy) - xy| <=
 * sqrt(2) gamma_2 |x||y|, fl(x +- y) = (x +- y)(1 + d), |d| <= u: Higham,
 * Accuracy and Stability of Numerical Algorithms, 2nd ed., Lemma 3.5 and
 * Section 24.1), each computed output of a butterfly is within
 * eta (|a| + |b|) of the exact one, eta = mu + gamma_4 (sqrt(2) + mu)
 * (Higham's eta, eq. (24.4); fused multiply-adds only lower these bounds).
 * Write stage s as x_s = A_s x_{s-1}: two entries of modulus 1 per row.
 * Componentwise, the computed error e_s obeys
 *   |e_s| <= |A_s| |e_{s-1}| + eta |A_s| (|x_{s-1}| + |e_{s-1}|),
 * and by induction |e_s| <= ((1 + eta)^s - 1) |A_s| ... |A_1| |x|.  The
 * product of the entrywise moduli is the all-ones matrix (one path, of
 * modulus 1, from each input to each output), so every output k obeys
 *   |fft^(x)_k - fft(x)_k| <= ((1 + eta)^L - 1) sum_j |x_j|
 * (Higham's Theorem 24.2 is the 2-norm form of the same argument).  The
 * bit-reversal permutation is exact.  Without underflow: the callers add an
 * absolute 2^-1000 per coefficient for it.
 *
 * The twiddles: e^{-2 pi i j/n} = hi[j / B] lo[j % B] with B = 2^ceil(L/2);
 * the 2 sqrt(n) table entries are Arb balls (80 bits) rounded to the nearest
 * doubles (each within 1.01 u in modulus), their product one complex double
 * multiplication: |w^ - w| <= sqrt(2) gamma_2 (1 + 1.01u)^2 + 2.03 u < 5 u =
 * mu. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <float.h>
#include "account/pld_internal.h"

void
lp_fft_plan_init(lp_fft_plan *p, size_t n)
{
    size_t L = 0, B, nb, half = n / 2;
    double *hi, *lo;
    arb_t s, c;
    fmpq_t f;
    while (((size_t) 1 << L) < n)
        L++;
    B = (size_t) 1 << ((L + 1) / 2);
    nb = half / B + 1;
    p->n = n;
    p->w = malloc(2 * (half ? half : 1) * sizeof *p->w);
    p->mu = ldexp(5.0, -53);
    hi = malloc(2 * nb * sizeof *hi);
    lo = malloc(2 * B * sizeof *lo);
    arb_init(s);
    arb_init(c);
    fmpq_init(f);
    /* e^{-2 pi i j/n} = cos(pi (2j/n)) - i sin(pi (2j/n)) */
    for (size_t k = 0; k < nb; k++) {
        fmpq_set_si(f, 2 * (slong) (k * B), n);
        arb_sin_cos_pi_fmpq(s, c, f, 80);
        hi[2 * k] = arf_get_d(arb_midref(c), ARF_RND_NEAR);
        hi[2 * k + 1] = -arf_get_d(arb_midref(s), ARF_RND_NEAR);
    }
    for (size_t k = 0; k < B; k++) {
        fmpq_set_si(f, 2 * (slong) k, n);
        arb_sin_cos_pi_fmpq(s, c, f, 80);
        lo[2 * k] = arf_get_d(arb_midref(c), ARF_RND_NEAR);
        lo[2 * k + 1] = -arf_get_d(arb_midref(s), ARF_RND_NEAR);
    }
    for (size_t j = 0; j < half; j++) {
        const double *a = hi + 2 * (j / B), *b = lo + 2 * (j % B);
        p->w[2 * j] = a[0] * b[0] - a[1] * b[1];
        p->w[2 * j + 1] = a[0] * b[1] + a[1] * b[0];
    }
    free(hi);
    free(lo);
    arb_clear(s);
    arb_clear(c);
    fmpq_clear(f);
}

void
lp_fft_plan_clear(lp_fft_plan *p)
{
    free(p->w);
    p->w = NULL;
}

void
lp_fft(double *x, const lp_fft_plan *p, int sign)
{
    const size_t n = p->n;
    const double cs = sign < 0 ? 1.0 : -1.0;   /* conjugate twiddles for the inverse */
    /* bit reversal */
    for (size_t i = 1, j = 0; i < n; i++) {
        size_t bit = n >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            double t0 = x[2 * i], t1 = x[2 * i + 1];
            x[2 * i] = x[2 * j];
            x[2 * i + 1] = x[2 * j + 1];
            x[2 * j] = t0;
            x[2 * j + 1] = t1;
        }
    }
    for (size_t len = 2; len <= n; len <<= 1) {
        const size_t half = len / 2, step = n / len;
        for (size_t i = 0; i < n; i += len) {
            double *a = x + 2 * i, *b = x + 2 * (i + half);
            for (size_t j = 0; j < half; j++) {
                const double wr = p->w[2 * j * step], wi = cs * p->w[2 * j * step + 1];
                const double br = b[2 * j], bi = b[2 * j + 1];
                const double tr = wr * br - wi * bi, ti = wr * bi + wi * br;
                const double ar = a[2 * j], ai = a[2 * j + 1];
                a[2 * j] = ar + tr;
                a[2 * j + 1] = ai + ti;
                b[2 * j] = ar - tr;
                b[2 * j + 1] = ai - ti;
            }
        }
    }
}

/* (1 + eta)^L - 1 rounded up, L = log2(n), eta = mu + gamma_4 (sqrt 2 + mu),
 * u = 2^log2_u the unit roundoff, mu = mu_u u the twiddles' error: the bound
 * above, for doubles (u = 2^-53) and x87 long doubles (u = 2^-64) alike */
static double
error_factor(size_t n, slong log2_u, double mu_u)
{
    size_t L = 0;
    arb_t u, eta, g4, t;
    double r;
    while (((size_t) 1 << L) < n)
        L++;
    arb_init(u);
    arb_init(eta);
    arb_init(g4);
    arb_init(t);
    arb_one(u);
    arb_mul_2exp_si(u, u, log2_u);
    arb_mul_ui(g4, u, 4, 128);                  /* gamma_4 = 4u / (1 - 4u) */
    arb_sub_ui(t, g4, 1, 128);
    arb_neg(t, t);
    arb_div(g4, g4, t, 128);
    arb_set_d(eta, mu_u);
    arb_mul(eta, eta, u, 128);                  /* mu */
    arb_sqrt_ui(t, 2, 128);
    arb_add(t, t, eta, 128);
    arb_mul(t, t, g4, 128);
    arb_add(eta, eta, t, 128);                  /* mu + gamma_4 (sqrt 2 + mu) */
    arb_add_ui(eta, eta, 1, 128);
    arb_pow_ui(eta, eta, L, 128);
    arb_sub_ui(eta, eta, 1, 128);
    {
        arf_t up;
        arf_init(up);
        arb_get_ubound_arf(up, eta, 128);
        r = arf_get_d(up, ARF_RND_UP);
        arf_clear(up);
    }
    arb_clear(u);
    arb_clear(eta);
    arb_clear(g4);
    arb_clear(t);
    return r;
}

double
lp_fft_error_factor(const lp_fft_plan *p)
{
    return error_factor(p->n, -53, ldexp(p->mu, 53));     /* mu = 5u exactly */
}

/* ---- the same FFT in x87 extended precision (long double, u = 2^-64) ---------
 *
 * The proof above uses only the standard model fl(x op y) = (x op y)(1 + d),
 * |d| <= u, and twiddles within mu of the truth; x87's extended format
 * (64-bit significand, round to nearest) satisfies it with u = 2^-64, so the
 * bound holds with u = 2^-64 and mu = 5 u: the table entries are Arb balls
 * (128 bits) rounded to long double through a double pair (hi = nearest
 * double, lo = nearest double of the rest, hi + lo rounded once in long
 * double: within u + 2^-106 + 2^-128 <= 1.01 u relative), their product one
 * complex long double multiplication, as above.  Used by pld_compose.c when
 * the double bound is too large for the delta asked (long runs at tiny q,
 * where |y_k| ~ 1 for many k and the bound grows like T log2(n) u). */
#if defined(__x86_64__) || defined(__i386__)
#define LP_HAVE_LD 1
#endif

int
pld_fft_ld_available(void)
{
#ifdef LP_HAVE_LD
    return LDBL_MANT_DIG >= 64;
#else
    return 0;
#endif
}

static long double
arb_to_ld(const arb_t x)
{
    arb_t r;
    double hi, lo;
    arb_init(r);
    hi = arf_get_d(arb_midref(x), ARF_RND_NEAR);
    arb_set_d(r, hi);
    arb_sub(r, x, r, 128);
    lo = arf_get_d(arb_midref(r), ARF_RND_NEAR);
    arb_clear(r);
    return (long double) hi + (long double) lo;
}

void
pld_fft_ld_plan_init(pld_fft_ld_plan *p, size_t n)
{
    size_t L = 0, B, nb, half = n / 2;
    long double *hi, *lo;
    arb_t s, c;
    fmpq_t f;
    while (((size_t) 1 << L) < n)
        L++;
    B = (size_t) 1 << ((L + 1) / 2);
    nb = half / B + 1;
    p->n = n;
    p->w = malloc(2 * (half ? half : 1) * sizeof *p->w);
    hi = malloc(2 * nb * sizeof *hi);
    lo = malloc(2 * B * sizeof *lo);
    arb_init(s);
    arb_init(c);
    fmpq_init(f);
    for (size_t k = 0; k < nb; k++) {
        fmpq_set_si(f, 2 * (slong) (k * B), n);
        arb_sin_cos_pi_fmpq(s, c, f, 128);
        hi[2 * k] = arb_to_ld(c);
        hi[2 * k + 1] = -arb_to_ld(s);
    }
    for (size_t k = 0; k < B; k++) {
        fmpq_set_si(f, 2 * (slong) k, n);
        arb_sin_cos_pi_fmpq(s, c, f, 128);
        lo[2 * k] = arb_to_ld(c);
        lo[2 * k + 1] = -arb_to_ld(s);
    }
    for (size_t j = 0; j < half; j++) {
        const long double *a = hi + 2 * (j / B), *b = lo + 2 * (j % B);
        p->w[2 * j] = a[0] * b[0] - a[1] * b[1];
        p->w[2 * j + 1] = a[0] * b[1] + a[1] * b[0];
    }
    free(hi);
    free(lo);
    arb_clear(s);
    arb_clear(c);
    fmpq_clear(f);
}

void
pld_fft_ld_plan_clear(pld_fft_ld_plan *p)
{
    free(p->w);
    p->w = NULL;
}

void
pld_fft_ld(long double *x, const pld_fft_ld_plan *p, int sign)
{
    const size_t n = p->n;
    const long double cs = sign < 0 ? 1.0L : -1.0L;
    for (size_t i = 1, j = 0; i < n; i++) {
        size_t bit = n >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            long double t0 = x[2 * i], t1 = x[2 * i + 1];
            x[2 * i] = x[2 * j];
            x[2 * i + 1] = x[2 * j + 1];
            x[2 * j] = t0;
            x[2 * j + 1] = t1;
        }
    }
    for (size_t len = 2; len <= n; len <<= 1) {
        const size_t half = len / 2, step = n / len;
        for (size_t i = 0; i < n; i += len) {
            long double *a = x + 2 * i, *b = x + 2 * (i + half);
            for (size_t j = 0; j < half; j++) {
                const long double wr = p->w[2 * j * step], wi = cs * p->w[2 * j * step + 1];
                const long double br = b[2 * j], bi = b[2 * j + 1];
                const long double tr = wr * br - wi * bi, ti = wr * bi + wi * br;
                const long double ar = a[2 * j], ai = a[2 * j + 1];
                a[2 * j] = ar + tr;
                a[2 * j + 1] = ai + ti;
                b[2 * j] = ar - tr;
                b[2 * j + 1] = ai - ti;
            }
        }
    }
}

/* the bound above with u = 2^-64, mu = 5 u */
double
pld_fft_ld_error_factor(size_t n)
{
    return error_factor(n, -64, 5.0);
}
