/* pld_fft.h -- the PLD composition's FFT with an a-priori, componentwise
 * error bound (the proofs in pld_fft.c): the complex transform of n = 2^m
 * or 3 2^k interleaved points and the real transforms on it, in doubles and
 * (_ld) in x87 extended precision, and their error constants.  The
 * transforms are written once (pld_fft_body.h) and built per real type
 * (pld_double.c, pld_long_double.c). */
#ifndef LP_PLD_FFT_H
#define LP_PLD_FFT_H

#include <string.h>
#include "account/pld/pld_types.h"

#define U53 1.1102230246251565e-16     /* 2^-53 */


/* In place, n = 2^m interleaved complex doubles (re, im), sign -1 forward
 * (sum_j x_j e^{-2 pi i jk/n}), +1 inverse without the 1/n. */
typedef struct {
    size_t n;
    double *w;                  /* e^{-2 pi i j/n}, j < n/2, interleaved */
    double mu;                  /* |w^ - w| <= mu for every twiddle */
    double *tw;                 /* scratch: stages' twiddles copied contiguous (one transform at a time) */
    double *buf;                /* n = 3 2^k only: 2n reals of scratch for the radix-3 stage, else NULL */
} lp_fft_plan;

/* 0, or -1 when out of memory (nothing left allocated) or n neither a
 * power of 2 nor 3 2^k, k >= 2.  A plan runs one transform at a time (its
 * scratch).  Its twiddle table w is read only and may be shared: the
 * latest one of up to 32 MiB is kept between plans (pld_fft_body.h), so
 * the first plan of an n in a process builds it. */
int lp_fft_plan_init(lp_fft_plan *p, size_t n);
void lp_fft_plan_clear(lp_fft_plan *p);
void lp_fft(double *x, const lp_fft_plan *p, int sign);
/* (1 + eta)^log2(n) - 1 rounded up: the componentwise bound
 * |fft^(x) - fft(x)|_k <= it * sum |x_j| (see pld_fft.c). */
double lp_fft_error_factor(const lp_fft_plan *p);

/* (1 + eta)^log2(n) - 1 rounded up for the unit roundoff u = 2^log2_u and
 * twiddles within mu_u u (the bound proved in pld_fft.c). */
double pld_fft_error_factor(size_t n, slong log2_u, double mu_u);

/* The FFT above in x87 extended precision (u = 2^-64), the same contract. */
typedef struct {
    size_t n;
    long double *w;             /* e^{-2 pi i j/n}, j < n/2, interleaved */
    double mu;                  /* |w^ - w| <= mu for every twiddle */
    long double *tw;            /* scratch, as lp_fft_plan's */
    long double *buf;           /* as lp_fft_plan's */
} lp_fft_ld_plan;

int pld_fft_ld_available(void);         /* long double has a 64-bit significand */
int lp_fft_ld_plan_init(lp_fft_ld_plan *p, size_t n);  /* 0, or -1 out of memory */
void lp_fft_ld_plan_clear(lp_fft_ld_plan *p);
void lp_fft_ld(long double *x, const lp_fft_ld_plan *p, int sign);
double lp_fft_ld_error_factor(const lp_fft_ld_plan *p);

/* eta = mu + gamma_4 (sqrt 2 + mu), rounded up, for u = 2^log2_u and
 * twiddles within mu_u u: one butterfly's relative error (pld_fft.c) */
double pld_fft_eta(slong log2_u, double mu_u);

/* sqrt(2) fe_{n/2} + 2 eta (1 + fe_{n/2}) rounded up: every coefficient of
 * the forward real transform of n reals within it times sum |x_j|
 * (pld_fft.c) */
double pld_fft_real_error_factor(size_t n, slong log2_u, double mu_u);

/* mu + u (1 + mu) + sqrt(2) gamma_d (1 + u)(1 + mu), d = 15 +
 * ceil(log2 ceil(K/16)), rounded up: one coefficient of K reals by a direct
 * sum (the composition's step 5b) within it times sum |x_j| (pld_fft.c) */
double pld_fft_direct_error_factor(size_t K, slong log2_u, double mu_u);

/* The real transforms of n = p->n points (a power of 2, >= 2, or 3 2^k, k >= 2), one complex
 * FFT of n/2 points each (pld_fft_body.h, built for doubles and, _ld, for
 * x87 long doubles); x has room for n + 2 reals.
 * forward: x[0 .. n) real in; out x[0 .. n+2) = X_k, k = 0 .. n/2, the DFT
 *   sum_j x_j e^{-2 pi i jk/n} (X_{n-k} = conj X_k), each within
 *   lp_fft_real_error_factor(p) sum_j |x_j| of the exact one;
 * inverse: x[0 .. n+2) = Y_k, k = 0 .. n/2, of a Hermitian spectrum in; out
 *   x[0 .. n) = sum_{k<n} Y_k e^{+2 pi i jk/n} (n times the inverse DFT);
 *   returns a bound, rounded up, on every output's error. */
void lp_fft_real_forward(double *x, const lp_fft_plan *p);
/* lp_fft_real_forward, bit for bit, of x zero (+0) but on the cyclic run
 * x_lo, .. x_{lo+K-1} (indices mod n), the stages that act on zeros left
 * out (pld_fft_sparse_body.h); x's values off the run are not read (taken
 * as +0: x need not be cleared first) */
void lp_fft_real_forward_sparse(double *x, const lp_fft_plan *p, size_t lo, size_t K);
double lp_fft_real_inverse(double *x, const lp_fft_plan *p);
double lp_fft_real_error_factor(const lp_fft_plan *p);
void lp_fft_real_forward_ld(long double *x, const lp_fft_ld_plan *p);
void lp_fft_real_forward_sparse_ld(long double *x, const lp_fft_ld_plan *p, size_t lo, size_t K);
double lp_fft_real_inverse_ld(long double *x, const lp_fft_ld_plan *p);
double lp_fft_real_error_factor_ld(const lp_fft_ld_plan *p);
double lp_fft_direct_error_factor(const lp_fft_plan *p, size_t K);
double lp_fft_direct_error_factor_ld(const lp_fft_ld_plan *p, size_t K);

#endif
