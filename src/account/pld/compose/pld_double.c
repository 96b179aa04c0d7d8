/* pld_double.c -- the PLD composition's FFT and composition in doubles
 * (u = 2^-53): lp_fft_plan_init, lp_fft, lp_fft_error_factor (pld_fft.h) and
 * pld_compose, pld_compose_product (one run and phases; pld_compose.h),
 * from the bodies written once for both types
 * (pld_real.h; the long double build is pld_long_double.c). */
#define LP_R_LD 0
#include <stdio.h>
#include <stdlib.h>
#include "account/pld/compose/pld_real.h"
#include "core/host.h"
#include "account/pld/compose/pld_fft_body.h"
#include "account/pld/compose/pld_compose_body.h"
