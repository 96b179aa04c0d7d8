/* pld_eps_sketch.c -- epsilon(delta) of T steps estimated from the step's
 * sketch in doubles, for the grid's width at small T (pld_init.c, step 1).  A
 * choice only: nothing here enters a bound.
 *
 * Why: the grid width is h ~ width eps_est / (1.3 T) at small T, and the
 * sketch's Gaussian estimate T mean + sqrt(T var) sqrt(2 log(1/delta)) is
 * far off there, where the summed loss is nothing like a Gaussian (M 1.1,
 * delta 1e-5, T 10: 0.173 for the true 0.2717 at q 0.01, 1.757 for 2.350
 * at q 0.1, so brackets 0.49 - 0.58 % wide for the 1 % asked, at 1.5 times
 * the grid the width needs).
 *
 * How: the sketch's law, clamped to [lo, hi], rounded to the nearest point
 * of a grid of N >= 800 T cells spanning the whole T-fold support [T lo,
 * T hi] (no wrap-around), composed T times by a real FFT (the composition's
 * own transforms, pld_fft_body.h, their bound unused), and delta(e) =
 * sum_s p_s (1 - e^{e - s})_+ inverted by one backward scan: above a grid
 * point s_J, A = sum p_s and B = sum p_s e^{-s}, delta(e) = A - e^e B on
 * [s_J, s_{J+1}].  The rounding moves the sum by about sqrt(T) cells:
 * 0.3 % of epsilon at q 0.01, T 10; ~0.1 ms at N = 8192, N <= 2^14. */
#include <math.h>
#include <stdlib.h>
#define LP_R_LD 0
#include "account/pld/compose/pld_real.h"    /* lp_real: double */
#include "account/pld/compose/pld_fft.h"
#include "account/pld/compose/pld_pow_body.h"
#include "account/pld/sketch/pld_sketch.h"
#include "account/pld/sketch/pld_sketch_memo.h"

/* the cells of the estimate's grid: at least 800 per step, at most 2^14
 * (T 100: 163 cells a step, the sum's rounding ~1 % of epsilon at q 0.01;
 * 2^16 had cost 14 % of a run there) */
#define EPS_SKETCH_CELLS 800
#define EPS_SKETCH_MAX_N ((size_t) 1 << 14)

static double sketch_epsilon(const loss_sketch *sk, uint64_t T, double delta, double lo, double hi);

/* remembered for the next call with the same inputs (pld_sketch_memo.h:
 * the work estimate, the pair's floors and the run each size a relation
 * from the very same sketch; issue 42: 11 % of a call at M 1.1, q 1e-5,
 * T 10, width 1) */
static pld_sketch_memo memo = PLD_SKETCH_MEMO_INIT;

double
pld_sketch_epsilon(const loss_sketch *sk, uint64_t T, double delta, double lo, double hi)
{
    const double key[PLD_MEMO_KEYS] = { (double) T, delta, lo, hi };
    double v[PLD_MEMO_VALUES] = { 0, 0, 0, 0 };
    if (!pld_memo_find(&memo, sk, key, v)) {
        v[0] = sketch_epsilon(sk, T, delta, lo, hi);
        pld_memo_keep(&memo, sk, key, v);
    }
    return v[0];
}

static double
sketch_epsilon(const loss_sketch *sk, uint64_t T, double delta, double lo, double hi)
{
    size_t N = 1024;
    double b, sw = 0, A = 0, B = 0, eps = -1;
    double *x;
    lp_fft_plan plan;
    if (T < 1 || !(hi > lo) || !(delta > 0 && delta < 1) || sk->n < 1)
        return -1;
    while (N < EPS_SKETCH_CELLS * T && N < EPS_SKETCH_MAX_N)
        N <<= 1;
    b = (double) T * (hi - lo) / (double) (N - 1);      /* the sum's index <= N - 1 */
    if (!(b > 0) || !isfinite(b))
        return -1;
    x = calloc(N + 2, sizeof *x);
    if (x == NULL)
        return -1;
    if (lp_fft_plan_init(&plan, N) != 0) {
        free(x);
        return -1;
    }
    for (size_t i = 0; i < sk->n; i++) {
        const double w = sk->w ? sk->w[i] : sk->lw[i] > -INFINITY ? exp(sk->lw[i]) : 0;
        const double l = fmin(fmax(sk->l[i], lo), hi);
        double k = floor((l - lo) / b + 0.5);
        if (!(w > 0))
            continue;
        k = fmin(fmax(k, 0.0), floor((double) (N - 1) / (double) T));
        x[(size_t) k] += w;
        sw += w;
    }
    if (!(sw > 0)) {
        lp_fft_plan_clear(&plan);
        free(x);
        return -1;
    }
    for (size_t k = 0; k < N; k++)
        x[k] /= sw;
    lp_fft_real_forward(x, &plan);
    for (size_t k = 0; k <= N / 2; k++)
        pow_complex(&x[2 * k], &x[2 * k + 1], T);
    (void) lp_fft_real_inverse(x, &plan);
    lp_fft_plan_clear(&plan);
    /* s_j = T lo + j b; scan down while s_j > 0 */
    for (size_t j = N; j-- > 0;) {
        const double s = (double) T * lo + (double) j * b;
        const double p = fmax(x[j] / (double) N, 0.0);
        if (s <= 0) {                           /* delta(0) <= delta: epsilon 0 */
            eps = 0;
            break;
        }
        if (A - exp(s) * B >= delta) {          /* epsilon in [s, s + b] */
            eps = log((A - delta) / B);
            eps = fmin(fmax(eps, s), s + b);
            break;
        }
        A += p;
        B += p * exp(-s);
    }
    free(x);
    return isfinite(eps) ? eps : -1;
}
