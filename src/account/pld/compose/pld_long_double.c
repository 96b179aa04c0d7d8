/* pld_long_double.c -- the PLD composition's FFT and composition in x87
 * extended precision (u = 2^-64): lp_fft_ld_plan_init, lp_fft_ld,
 * lp_fft_ld_error_factor, pld_compose_ld and pld_compose_product_ld
 * (pld_fft.h, pld_compose.h), from the bodies
 * written once for both types (pld_real.h; the double build is pld_double.c).
 * Used only where pld_fft_ld_available() (pld_fft.c). */
#define LP_R_LD 1
#include <stdio.h>
#include <stdlib.h>
#include "account/pld/compose/pld_real.h"
#include "core/host.h"
#include "account/pld/compose/pld_fft_body.h"
#include "account/pld/compose/pld_compose_body.h"
