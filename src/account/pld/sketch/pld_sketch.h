/* pld_sketch.h -- the loss of one step in doubles, for the PLD grid's
 * choices only (pld.c, step 1): a quadrature sketch of its law, its moment
 * generating function and Chernoff points.  Nothing here enters a bound. */
#ifndef LP_ACCOUNT_PLD_SKETCH_H
#define LP_ACCOUNT_PLD_SKETCH_H

#include <stddef.h>
#include "account/pld/pld.h"

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

#endif
