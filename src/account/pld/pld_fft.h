/* pld_fft.h -- the real transforms' error constants (pld_fft.c); the
 * transforms themselves are in pld_fft_body.h, built per real type. */
#ifndef LP_PLD_FFT_H
#define LP_PLD_FFT_H

#include "account/pld/pld_internal.h"

/* eta = mu + gamma_4 (sqrt 2 + mu), rounded up, for u = 2^log2_u and
 * twiddles within mu_u u: one butterfly's relative error (pld_fft.c) */
double pld_fft_eta(slong log2_u, double mu_u);

/* sqrt(2) fe_{n/2} + 2 eta (1 + fe_{n/2}) rounded up: every coefficient of
 * the forward real transform of n reals within it times sum |x_j|
 * (pld_fft.c) */
double pld_fft_real_error_factor(size_t n, slong log2_u, double mu_u);

#endif
