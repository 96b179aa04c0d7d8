/* pld_width.c -- the grid width's choices (pld_init.c, step 1): the epsilon the
 * width is sized for and the share of the bracket's width left to the
 * grid's rounding.  Contracts in pld_sketch.h.  Doubles only, choices
 * only: every bound is certified whatever h is. */
#include <math.h>
#include "account/pld/compose/pld_fft.h"
#include "account/pld/sketch/pld_sketch.h"

/* Below this share of the Gaussian estimate T m + sqrt(T v) sqrt(2 log(1/delta))
 * the grid is not refined further: there the bracket's width is absolute,
 * width x the share x that estimate (tiny epsilon: q 1e-5, T <= 1e4 at M
 * 1.1, delta 1e-5, where epsilon is 0.02 - 0.42 of it) */
#define TINY_SHARE 0.5
/* the sketch's estimate up to this T, the saddlepoint's above (pld_init.c's
 * PLD_SMALL_T) */
#define SMALL_T 100

double
pld_width_floor(double eps_gauss)
{
    return TINY_SHARE * eps_gauss;
}

/* The best of the estimates (issue 31: sized from the Gaussian one, the
 * brackets came out 1.03 - 1.10 % wide for 1 % at M 1.1, q 1e-3, delta
 * 1e-5, T 1e2 .. 1e7, up to 1.65 % at q 1e-5).  At T <= 100 the sketch
 * composed in doubles: the sum is no Gaussian there and the Gaussian
 * estimate is off both ways (remove, T 10: 0.173 for 0.2717 at q 0.01, the
 * sketch 0.2718; 0.0545 for 0.0421 at q 1e-3, T 100, the sketch 0.0333:
 * its cells, 163 a step, round the small losses away).  At T > 100 the
 * saddlepoint, or the Gaussian estimate where that is smaller: both run
 * high (the saddlepoint 1.003 - 1.07 times epsilon at T >= 1e4, up to 1.33
 * at T 1e3 and q 1e-4, where a few sampled steps carry the tail; the
 * Gaussian one 1.02 - 1.7 times).  Never below pld_width_floor (the sketch
 * can be far below: 3.5e-6 for 1.2e-4 at q 1e-5, T 100, where the width
 * asked would cost 30 times the masses). */
double
pld_width_epsilon(uint64_t T, double eps_gauss, double eps_sketch, double eps_saddle)
{
    double best = eps_gauss;
    if (T <= SMALL_T && eps_sketch > 0)
        best = eps_sketch;
    else if (T > SMALL_T && eps_saddle > 0)
        best = fmin(eps_saddle, eps_gauss);
    return fmax(best, pld_width_floor(eps_gauss));
}

/* The share: the bracket came out 1.00 - 1.03 times spread x h where
 * nothing else counts (M 1.1, delta 1e-5, T <= 1e5), so 1 /
 * (PLD_WIDTH_MARGIN m) leaves 0.85 / m of the width where the estimate is
 * right, the rest for its errors; m = 1 + 5 / sqrt(T), as the saddlepoint's
 * error shrinks with T (its leading term's is O(1/T) where the tails are
 * light; measured at most 1.33, 1.07, 1.05 times epsilon at T 1e3, 1e4,
 * 1e5: m 1.16 at T 1e3, where q 1e-4 had come out 1.007 % wide and been
 * built again).  Less the composition's error bound's part: err_fft, about
 * 2.5e-14 T in doubles (q 1e-5 .. 0.5, T 1e5 .. 1e7; 2^-11 of it in x87
 * extended precision, taken where it exceeds a fifth of delta), moves delta
 * by err and so epsilon by err / (delta lambda) each side, lambda = -d log
 * delta / d epsilon (the saddlepoint's): 0.2 - 0.5 % of epsilon at T 1e7
 * and q <= 1e-3, which had left brackets 1.08 - 1.39 times spread x h.  At
 * least half the rounding's share.  *slack: how much coarser h may be made
 * to bring the FFT's length down to the next smaller one, 2^k or 3 2^k
 * (PLD_WIDTH_MARGIN_LOOSE for PLD_WIDTH_MARGIN). */
double
pld_rounding_share(double Tf, double dref, double width, double eps_est, double lambda,
                   double *slack)
{
    double err, m, fft_share = 0, share;
    *slack = 1;
    if (!(lambda > 0))
        return 1 / PLD_WIDTH_MARGIN_HINT;
    err = 2.5e-14 * Tf + 2e-11;
    if (err > 0.2 * dref && pld_fft_ld_available())
        err *= 0x1p-11;
    if (lambda * eps_est > 0)
        fft_share = 2 * err / (dref * lambda * eps_est * width);
    m = 1 + 5 / sqrt(Tf);
    share = fmax(1 / (PLD_WIDTH_MARGIN * m) - fft_share, 0.5 / m);
    *slack = fmax(1 / (PLD_WIDTH_MARGIN_LOOSE * m) - fft_share, 0.5 / m) / share;
    return share;
}
