/* pld_fft.h -- the real transforms' error constants (pld_fft.c); the
 * transforms themselves are in pld_fft_body.h, built per real type. */
#ifndef LP_PLD_FFT_H
#define LP_PLD_FFT_H

#include <string.h>
#include "account/pld/pld_internal.h"

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
double lp_fft_real_inverse(double *x, const lp_fft_plan *p);
double lp_fft_real_error_factor(const lp_fft_plan *p);
void lp_fft_real_forward_ld(long double *x, const lp_fft_ld_plan *p);
double lp_fft_real_inverse_ld(long double *x, const lp_fft_ld_plan *p);
double lp_fft_real_error_factor_ld(const lp_fft_ld_plan *p);
double lp_fft_direct_error_factor(const lp_fft_plan *p, size_t K);
double lp_fft_direct_error_factor_ld(const lp_fft_ld_plan *p, size_t K);

#endif
