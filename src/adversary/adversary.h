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

/* The Jensen step before eq. (3), in the same model with the ball centred at
 * the posterior mean mu (the maximiser of both sides) and an observation of
 * norm |g|.  With q(x) = log p(g|x) + log p(x) = K - alpha |x - mu|^2:
 *   lhs(C) = log C + log int_B e^q dx
 *          = log C + K + (d/2) log(pi/alpha) + log P(chi^2_d <= 2 alpha delta^2),
 *   rhs(C) = C int_B q dx = C vol(B) (K - alpha d delta^2 / (d+2)),
 * for C = 1/delta^d (as printed) and C = 1/vol(B) (a probability average).
 * `mean_q` is E_U[q] over the ball, the limit of eq. (3)'s objective as k
 * grows, and `sd_q` the standard deviation of q(x) for x uniform in the ball
 * (the k-sample objective's standard error is sd_q / sqrt(k)).  Certified. */
void lp_adversary_jensen(arb_t lhs_printed, arb_t rhs_printed, arb_t lhs_vol, arb_t rhs_vol,
                         arb_t mean_q, arb_t sd_q, ulong d, const arb_t v, const arb_t a,
                         const arb_t s, const arb_t delta, const arb_t gnorm, slong prec);

/* Eq. (3)'s objective (1/k) sum q(x_i), x_i uniform in the ball: its mean and
 * standard deviation over `reps` independent draws (seeded), in doubles. */
void lp_adversary_objective_mc(double *mean, double *sd, ulong d, double v, double a, double s,
                               double delta, double gnorm, ulong k, ulong reps, uint64_t seed);

/* Table 1 in numbers on the linear model x ~ N(0, I_d), G = u x^T + Laplace(b)
 * (u ~ N(0, I_m) per trial): the mean squared error per coordinate of the l2
 * (least squares), l1 (weighted median), cosine (the l2 direction at the
 * prior's norm sqrt d: cosine leaves the scale open) and Bayes (Gaussian prior,
 * Laplace conditional: the MAP) reconstructions, in that order. */
typedef struct { double mse[4], se[4]; } lp_attack_errors;
void lp_adversary_table1(lp_attack_errors *res, int d, int m, double b, int trials, uint64_t seed);

/* The delta-ball adversary with Laplace noise, x ~ N(0, I_d), g = a x + Laplace(b):
 * its success P(|x - c| <= delta | g) on exact posterior draws for three
 * centres: the posterior mean, the coordinatewise MAP, and the flat-kernel
 * mean-shift optimum (a numerical maximiser of the ball's posterior mass). */
typedef struct { double success[3], se[3]; } lp_centre_result;
void lp_adversary_laplace_centres(lp_centre_result *res, int d, double a, double b, double delta,
                                  int samples, uint64_t seed);

/* The delta-ball leakage against the Bayes capacity, Gaussian mechanism with
 * clipping, p = 1.  Discretised (inputs on a grid in [-R, R], actions on the
 * same grid, exact Gaussian output bins): returns the largest multiplicative
 * leakage L_g(pi, M) over `priors` priors (the first uniform, then random) and
 * sets the channel's Bayes capacity.  Monte Carlo (uniform prior on [-R, R]):
 * the leakage V_g(pi, M) / V_g(pi) with its standard error, and the continuous
 * capacity 1 + 2R/(sigma sqrt(2 pi)).  The discrete one returns NAN (and
 * computes nothing) when the channel or its leakages pass the discrete
 * arbiter's work caps (mc.h), as for sigma / R in the thousands. */
double lp_adversary_link_discrete(double *capacity, double sigma, double radius, double delta,
                                  int priors, uint64_t seed);
void lp_adversary_link_mc(double *leakage, double *std_error, double *capacity, double sigma,
                          double radius, double delta, uint64_t samples, uint64_t seed);

/* Section 5: a linear layer y = A x + b, l(y) any loss: dl/dA_i = (dl/db_i) x^T,
 * so x = dl/dA_i / dl/db_i.  x[j] = grad_a[j] / grad_b in ball arithmetic;
 * returns 0, or -1 without dividing when grad_b's ball contains 0 (zero, or too
 * small for its own uncertainty): then that row says nothing certain about x. */
int lp_adversary_linear_layer(arb_ptr x, const arb_t grad_b, arb_srcptr grad_a, slong n, slong prec);

#endif
