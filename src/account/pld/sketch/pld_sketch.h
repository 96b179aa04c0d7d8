/* pld_sketch.h -- sketch/: the loss of one step in doubles, for the PLD
 * grid's choices only (init/pld_init.c, step 1): a quadrature sketch of
 * its law, its moment generating function and Chernoff points (remembered
 * between the work estimate's sizing and the run's: pld_chernoff_cache.c,
 * pld_sketch_memo.h), epsilon estimated from it (its composition in doubles
 * at small T, pld_eps_sketch.c; a saddlepoint, pld_eps_saddle.c), and the
 * grid width's choices (pld_width.c).  The room's rule: doubles only;
 * nothing here enters a bound (every bound is certified whatever the
 * choices are); it takes the composition's FFT in doubles from compose/ and
 * knows no mechanism (each row of pairs/ sketches its own loss with
 * pld_sketch_alloc and pld_sketch_normalise or pld_sketch_moments). */
#ifndef LP_ACCOUNT_PLD_SKETCH_H
#define LP_ACCOUNT_PLD_SKETCH_H

#include <stddef.h>
#include "account/pld/pld_types.h"

typedef struct {
    double mean, var;
    double lmax;                 /* max |l| (set after each clamping) */
    size_t n;
    double *l, *lw;              /* loss and log weight on a quadrature grid */
    const double *w;             /* e^lw[i], kept after lw (pld_sketch_init), or NULL:
                                  * pld_sketch_logmgf takes the exponentials then */
} loss_sketch;

/* the loss at u (units of the noise) under rel, in doubles */
double pld_loss_d(double u, double q, double M, lp_pld_relation rel);
/* the sketch on a grid of du = 0.004 over [-14, 1/M + 14]; 0, or -1 when out
 * of memory (nothing left allocated; else free(sk->l), free(sk->lw)) */
int pld_sketch_init(loss_sketch *sk, double q, double M, lp_pld_relation rel);
/* sk->n = n, sk->l and sk->lw of n doubles each (at least one), every other
 * field zero; keep_weights: lw twice as long, sk->w = sk->lw + n for the
 * sketch to fill with e^lw.  0, or -1 when out of memory (nothing left
 * allocated; else free(sk->l), free(sk->lw)) */
int pld_sketch_alloc(loss_sketch *sk, size_t n, int keep_weights);
/* sk->mean, sk->var from the sums of the weights w_i, w_i l_i, w_i l_i^2
 * (not normalised); sw = 0 gives mean 0 */
void pld_sketch_moments(loss_sketch *sk, double sw, double s1, double s2);
/* sk->lw (log weights up to a constant) normalised to sum 1, with
 * sk->mean, sk->var on them (the largest subtracted first: no overflow) */
void pld_sketch_normalise(loss_sketch *sk);
/* log E[e^{lambda L}] on the sketch (sk->lmax set) */
double pld_sketch_logmgf(const loss_sketch *sk, double lambda);
/* the golden-section search on log lambda over [1e-4, 1e7] of
 * pld_chernoff_point, `iterations` steps, for the sum of independent steps
 * whose T log E[e^{lambda L}] (summed) is T_logm(ctx, lambda) */
double pld_chernoff_search(double (*T_logm)(const void *ctx, double lambda), const void *ctx,
                           double log_inv_eta, int sign, int iterations, double *lam);
/* sign +1: min over lambda > 0 of (T log m(lambda) + log(1/eta)) / lambda
 * (S >= it with probability <= eta); sign -1: the lower one; *lam the best
 * lambda (golden section on log lambda, 32 steps); sk->lmax must be set */
double pld_chernoff_point(const loss_sketch *sk, double T, double log_inv_eta, int sign, double *lam);


/* ---- the window's Chernoff points, remembered (pld_chernoff_cache.c) ---- */

/* *ch_hi, *lam_hi = pld_chernoff_point(sk, T, log_inv_eta, +1, .) and
 * *ch_lo, *lam_lo the same with -1 (sk->lmax set), bitwise; from the last
 * four distinct inputs without recomputing.  Thread-safe (a mutex). */
void pld_chernoff_points(const loss_sketch *sk, double T, double log_inv_eta, double *ch_hi,
                         double *lam_hi, double *ch_lo, double *lam_lo);

/* ---- epsilon estimated from the sketch (pld_eps_sketch.c, pld_eps_saddle.c) */

/* the sketch's law clamped to [lo, hi] composed T times on a grid of
 * N >= min(800 T, 2^14) cells and its epsilon at delta in (0, 1); -1 when
 * it cannot (out of memory, an empty sketch, lo >= hi).  Costs about
 * N log N, N <= 2^14. */
double pld_sketch_epsilon(const loss_sketch *sk, uint64_t T, double delta, double lo, double hi);

/* epsilon(delta) of T steps by a saddlepoint on the sketch's cumulant
 * generating function (pld_eps_saddle.c: the leading term, bisection on
 * the saddle point); -1 when it cannot.  *lambda (when not NULL) the
 * saddle point, -d log delta / d epsilon there.  About 40 sums over the
 * sketch. */
double pld_saddle_epsilon(const loss_sketch *sk, uint64_t T, double delta, double *lambda);

/* ---- the grid width's choices (pld_width.c) ---------------------------- */

/* The grid width's margin (pld_init.c): h = width x eps / (margin x spread),
 * eps the epsilon sized for; PLD_WIDTH_MARGIN where eps is step 1's best
 * estimate and its saddle point is known, PLD_WIDTH_MARGIN_HINT where eps
 * is given (delta at epsilon; a rebuild, pld_study.c) or no saddle point
 * was found.  A choice: every bound is certified whatever h is. */
#define PLD_WIDTH_MARGIN 1.2
#define PLD_WIDTH_MARGIN_HINT 1.3
/* the least margin h may be widened to where that halves the FFT's length */
#define PLD_WIDTH_MARGIN_LOOSE 1.12

/* The grid width's choices (pld_width.c), in doubles; every bound is
 * certified whatever they are.  pld_width_floor: the least epsilon the grid
 * is sized for, a share of the Gaussian estimate eps_gauss (below it the
 * bracket's width is absolute).  pld_width_epsilon: the epsilon to size
 * for, the best of the estimates (eps_sketch at T <= 100, eps_saddle above;
 * each 0 where not made), never below the floor.  pld_rounding_share: the
 * share s of width x eps_est that the grid's rounding may take, h = width x
 * eps_est x s / spread (1 / PLD_WIDTH_MARGIN_HINT where lambda, the
 * saddle point, is 0: a given epsilon, or T <= 100); *slack >= 1 how much
 * coarser h may be made where that halves the FFT's length. */
double pld_width_floor(double eps_gauss);
double pld_width_epsilon(uint64_t T, double eps_gauss, double eps_sketch, double eps_saddle);
double pld_rounding_share(double Tf, double dref, double width, double eps_est, double lambda,
                          double *slack);

#endif
