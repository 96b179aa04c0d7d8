/* adversary.h -- numerics for Balunovic et al.'s Bayes optimal adversary
 * (bayesian-gradient-leakage-balunovic-et-al.md) in the models where they are
 * exact: a Gaussian prior x ~ N(0, v I_d) observed through a linear map with
 * Gaussian noise, and the linear-layer reconstruction of Section 5. */
#ifndef LP_ADVERSARY_H
#define LP_ADVERSARY_H

#include "leakproof.h"

/* The linear-Gaussian model: x ~ N(0, v I_d), g = a x + N(0, s^2 I_d) (the
 * gradient of a linear layer's row for an upstream gradient a is linear in x).
 * The posterior is N(m(g), tau^2 I) with tau^2 = 1/(1/v + a^2/s^2), so the Bayes
 * optimal delta-ball adversary (eq. (2)) centres its ball at m(g) (Anderson's
 * theorem) and succeeds with probability P(chi^2_d <= delta^2/tau^2), whatever
 * g: the regularized lower incomplete gamma P(d/2, delta^2/(2 tau^2)).
 * Certified; prior_success is the same without the observation (tau^2 = v). */
void lp_adversary_gaussian_success(arb_t posterior_success, arb_t prior_success,
                                   ulong d, const arb_t v, const arb_t a, const arb_t s,
                                   const arb_t delta, slong prec);

/* Its Monte Carlo estimate with the adversary's ball centred at m(g) + offset
 * e_1 (offset 0: the Bayes optimal centre), `samples` draws, seed; sets the
 * success frequency and its standard error. */
void lp_adversary_gaussian_mc(double *success, double *std_error, ulong d, double v, double a,
                              double s, double delta, double offset, uint64_t samples, uint64_t seed);

/* Section 5: a linear layer y = A x + b, l(y) any loss: dl/dA_i = (dl/db_i) x^T,
 * so x = dl/dA_i / dl/db_i.  x[j] = grad_a[j] / grad_b in ball arithmetic;
 * returns 0, or -1 without dividing when grad_b's ball contains 0 (zero, or too
 * small for its own uncertainty): then that row says nothing certain about x. */
int lp_adversary_linear_layer(arb_ptr x, const arb_t grad_b, arb_srcptr grad_a, slong n, slong prec);

#endif
