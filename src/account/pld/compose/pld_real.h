/* pld_real.h -- the real type lp_real of one build of the PLD composition's
 * bodies (pld_fft_body.h, pld_compose_body.h): doubles (u = 2^-53,
 * pld_double.c) or x87 extended precision (u = 2^-64, pld_long_double.c).
 * The includer sets LP_R_LD to 0 or 1 first.  Everything the two builds do differently is
 * here; the bodies are written once.
 *
 *   lp_real             the type
 *   LP_R_LOG2_U         log2 of its unit roundoff u
 *   LP_R_PREC           Arb's precision for values rounded to lp_real (the
 *                       masses' differences, e^-h): MASS_PREC, or MASS_PREC + 64
 *   LP_R_TWIDDLE_PREC   Arb's precision of the twiddle table before rounding
 *   LP_R_NAME(a, b)     a##b (doubles), a##_ld##b: the build's function names
 *   LP_R_LABEL          "", " (long double)": for LP_PLD_DEBUG's lines
 *   r_sqrt, r_fabs      the type's sqrt and fabs
 *   arb_get_r(x)        the midpoint of x rounded to lp_real (within 1.01 u)
 *   arb_set_r(y, x)     y = x exactly
 *
 * Long doubles are read from and written to Arb through a pair of doubles:
 * hi = the nearest double, lo = the nearest double of the rest (computed at
 * LP_R_PREC), hi + lo rounded once in long double: within u + 2^-106 +
 * 2^-128 <= 1.01 u relative; back, x = hi + lo with both doubles exact. */
#ifndef LP_PLD_REAL_H
#define LP_PLD_REAL_H

#include <math.h>
#include "account/pld/pld_types.h"
#include "account/pld/compose/pld_compose.h"      /* pld_arf_near_d */

#define LP_R_CAT_(a, s, b) a##s##b
#define LP_R_CAT(a, s, b) LP_R_CAT_(a, s, b)

#if LP_R_LD

typedef long double lp_real;
#define LP_R_LOG2_U (-64)
#define LP_R_PREC (MASS_PREC + 64)
#define LP_R_TWIDDLE_PREC 128
#define LP_R_NAME(a, b) LP_R_CAT(a, _ld, b)
#define LP_R_LABEL " (long double)"
#define r_sqrt sqrtl
#define r_fabs fabsl

static long double
arb_get_r(const arb_t x)
{
    arb_t r;
    double hi, lo;
    arb_init(r);
    hi = arf_get_d(arb_midref(x), ARF_RND_NEAR);
    arb_set_d(r, hi);
    arb_sub(r, x, r, LP_R_PREC);
    lo = arf_get_d(arb_midref(r), ARF_RND_NEAR);
    arb_clear(r);
    return (long double) hi + (long double) lo;
}

static void
arb_set_r(arb_t y, long double x)
{
    double hi = (double) x, lo = (double) (x - (long double) hi);
    arb_t t;
    arb_init(t);
    arb_set_d(y, hi);
    arb_set_d(t, lo);
    arb_add(y, y, t, ARF_PREC_EXACT);
    arb_clear(t);
}

#else

typedef double lp_real;
#define LP_R_LOG2_U (-53)
#define LP_R_PREC MASS_PREC
#define LP_R_TWIDDLE_PREC 80
#define LP_R_NAME(a, b) LP_R_CAT(a, , b)
#define LP_R_LABEL ""
#define r_sqrt sqrt
#define r_fabs fabs
#define arb_get_r(x) pld_arf_near_d(arb_midref(x))   /* arf_get_d's, bitwise (pld_compose.c) */
#define arb_set_r arb_set_d

#endif

#endif
