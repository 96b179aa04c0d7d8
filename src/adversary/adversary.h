/* adversary.h -- Balunovic et al.'s Bayes optimal adversary in the models
 * where it is exact: a Gaussian prior x ~ N(0, v I_d) observed through a
 * linear map with Gaussian noise, the same with Laplace noise, the
 * linear-layer reconstruction of Section 5, and the link between the
 * delta-ball leakage and the Bayes capacity.
 *
 * Two layers: the numerics (certified balls, Monte Carlo estimates), and the
 * studies (lp_adversary_*_study) that run one experiment end to end and fill
 * a record, one per `leakproof adversary` subcommand.  Monte Carlo results
 * depend on the seed only (all 64 bits of it). */
#ifndef LP_ADVERSARY_H
#define LP_ADVERSARY_H

#include <gsl/gsl_rng.h>
#include "leakproof.h"
#include "core/record.h"
#include "core/precision_loop.h"

/* ---- random streams ------------------------------------------------------------ */

/* A GSL generator (Philox4x32-10) keyed by the whole 64-bit `seed`; `stream`
 * selects one of 2^32 independent streams of that seed.  Free with gsl_rng_free. */
gsl_rng *lp_adversary_rng(uint64_t seed, uint32_t stream);

/* ---- numerics ------------------------------------------------------------------ */

/* The regularized lower incomplete gamma P(s, z) = gamma(s, z) / Gamma(s), s, z
 * > 0, certified: a positive series up to z = 2s + 64, 1 - Q(s, z) beyond.
 * Unlike arb_hypgeom_gamma_lower it needs no extra precision when s and z are
 * large and close (the chi-square laws at d ~ 1e5). */
void lp_adversary_gamma_p(arb_t res, const arb_t s, const arb_t z, slong prec);

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
 * e_1 (offset 0: the Bayes optimal centre), `samples` draws from `r`; sets the
 * success frequency and its standard error.  Doubles: meaningful where v, a,
 * s, delta and a^2 v / s^2 are far inside the double range. */
void lp_adversary_gaussian_mc(double *success, double *std_error, ulong d, double v, double a,
                              double s, double delta, double offset, uint64_t samples, gsl_rng *r);

/* The Jensen step before eq. (3), in the same model with the ball centred at
 * the posterior mean mu (the maximiser of both sides) and an observation of
 * norm |g|.  With q(x) = log p(g|x) + log p(x) = K - alpha |x - mu|^2:
 *   lhs(C) = log C + log int_B e^q dx
 *          = log C + K + (d/2) log(pi/alpha) + log P(chi^2_d <= 2 alpha delta^2),
 *   rhs(C) = C int_B q dx = C vol(B) (K - alpha d delta^2 / (d+2)),
 * for C = 1/delta^d (as printed) and C = 1/vol(B) (a probability average).
 * `mean_q` is E_U[q] over the ball, the limit of eq. (3)'s objective as k
 * grows, and `sd_q` the standard deviation of q(x) for x uniform in the ball
 * (the k-sample objective's standard deviation is sd_q / sqrt(k)).  Sets K
 * and alpha delta^2 too (NULL: not wanted).  Certified. */
void lp_adversary_jensen(arb_t lhs_printed, arb_t rhs_printed, arb_t lhs_vol, arb_t rhs_vol,
                         arb_t mean_q, arb_t sd_q, arb_t K, arb_t alpha_delta2,
                         ulong d, const arb_t v, const arb_t a, const arb_t s,
                         const arb_t delta, const arb_t gnorm, slong prec);

/* Eq. (3)'s objective (1/k) sum q(x_i), x_i uniform in the ball, q(x) = K -
 * alpha |x - mu|^2 = K - alpha_delta2 U^(2/d) (U uniform on (0, 1]): its mean
 * and standard deviation over `reps` >= 2 independent draws from `r`, in doubles. */
void lp_adversary_objective_mc(double *mean, double *sd, ulong d, double K, double alpha_delta2,
                               ulong k, ulong reps, gsl_rng *r);

/* Table 1 in numbers on the linear model x ~ N(0, I_d), G = u x^T + Laplace(b)
 * (u ~ N(0, I_m) per trial), d, m <= 64: the mean squared error per coordinate
 * of the l2 (least squares), l1 (weighted median), cosine (the l2 direction at
 * the prior's norm sqrt d: cosine leaves the scale open) and Bayes (Gaussian
 * prior, Laplace conditional: the MAP) reconstructions, in that order. */
typedef struct { double mse[4], se[4]; } lp_attack_errors;
void lp_adversary_table1(lp_attack_errors *res, int d, int m, double b, int trials, gsl_rng *r);

/* The delta-ball adversary with Laplace noise, x ~ N(0, I_d), g = a x + Laplace(b),
 * d <= 64: its success P(|x - c| <= delta | g) on exact posterior draws for
 * three centres: the posterior mean, the coordinatewise MAP, and the
 * flat-kernel mean-shift optimum (a numerical maximiser of the ball's
 * posterior mass).  Accurate for a/b up to about 1e3.  Returns 0, or -1 when
 * the draws' memory cannot be had. */
typedef struct { double success[3], se[3]; } lp_centre_result;
int lp_adversary_laplace_centres(lp_centre_result *res, int d, double a, double b, double delta,
                                 int samples, gsl_rng *r);

/* The delta-ball leakage against the Bayes capacity, Gaussian mechanism with
 * clipping, p = 1, in units of R (the problem depends on sigma/R and delta/R
 * only).  Discretised (inputs on a grid in [-1, 1], actions on the same grid,
 * exact Gaussian output bins): returns the largest multiplicative leakage
 * L_g(pi, M) over `priors` priors (the first uniform, then random from `r`) and
 * sets the channel's Bayes capacity and its size; -1 when memory fails.
 * Monte Carlo (uniform prior on [-1, 1]): the leakage V_g(pi, M) / V_g(pi)
 * with its standard error. */
double lp_adversary_link_discrete(double *capacity, int *inputs, int *outputs, double sigma_r,
                                  double delta_r, int priors, gsl_rng *r);
void lp_adversary_link_mc(double *leakage, double *std_error, double sigma_r, double delta_r,
                          uint64_t samples, gsl_rng *r);

/* Section 5: a linear layer y = A x + b, l(y) any loss: dl/dA_i = (dl/db_i) x^T,
 * so x = dl/dA_i / dl/db_i.  x[j] = grad_a[j] / grad_b in ball arithmetic;
 * returns 0, or -1 without dividing when grad_b's ball contains 0 (zero, or too
 * small for its own uncertainty): then that row says nothing certain about x. */
int lp_adversary_linear_layer(arb_ptr x, const arb_t grad_b, arb_srcptr grad_a, slong n, slong prec);

/* ---- studies: one experiment, one record ---------------------------------------
 *
 * Inputs are exact decimals (echoed as given) already checked by the caller
 * for syntax and sign; the cross-parameter domain is checked by the study's
 * _check function, which returns 0, or -1 with a message in `msg` that starts
 * with the option it blames ("--sigma: ...").
 *
 * Certified fields are computed with the precision loop (core/precision_loop.h)
 * under lp_adversary_ziv: from digits * log2(10) + 32 bits, doubled until
 * every certified field has the digits asked or 16384 bits are reached.  The
 * record's `digits` is the number certified for all fields (a note says so
 * when it is fewer than asked), `prec_bits` the last precision, `certified`
 * whether a digit was. */

typedef enum {
    LP_ADVERSARY_OK = 0,            /* every certified field has the digits asked */
    LP_ADVERSARY_PARTIAL = 1,       /* fewer digits, said in the record */
    LP_ADVERSARY_UNCERTIFIED = 2,   /* not one digit: status "uncertified" */
    LP_ADVERSARY_FAILED = 3         /* out of memory: status "failed" */
} lp_adversary_outcome;

/* The linear-Gaussian model as given: d >= 1; v > 0, a >= 0, s > 0, delta > 0
 * exact decimals; g_norm >= 0 (jensen; NULL reads as 0); samples (gaussian;
 * 0: no Monte Carlo) and seed; digits >= 1. */
typedef struct {
    ulong d;
    const char *prior_var, *gain, *noise, *delta, *g_norm;
    uint64_t samples, seed;
    slong digits;
} lp_adversary_model;

/* `adversary gaussian`: success_posterior, success_prior, leakage (their
 * ratio), certified; with samples > 0 an object `mc` with the Monte Carlo
 * estimate of success_posterior and its std_error (status declined where the
 * parameters leave the double range the sampler needs). */
lp_adversary_outcome lp_adversary_gaussian_study(lp_record *rec, const lp_adversary_model *m);

/* `adversary jensen`: both sides of the Jensen step with the printed C and
 * with C = 1/vol(B), certified, a verdict for each (holds, fails, undecided),
 * the objective's limit and standard deviation, and the list `k_samples` of
 * eq. (3)'s objective for k = 1..1e4 (500 repetitions each, streams of `seed`). */
lp_adversary_outcome lp_adversary_jensen_study(lp_record *rec, const lp_adversary_model *m);

/* `adversary attacks`: Table 1 on the linear model, d, m in 1..64, b > 0 in
 * [1e-6, 1e6] (checked by lp_adversary_attacks_check), trials >= 2. */
int lp_adversary_attacks_check(char *msg, size_t len, const char *b);
lp_adversary_outcome lp_adversary_attacks_study(lp_record *rec, int d, int m, const char *b, long trials,
                                                uint64_t seed);

/* `adversary laplace`: the three centres' success; d in 1..64, gain and b in
 * [1e-3, 1e3], delta in (0, 1e3], samples >= 100 with samples * d at most
 * LP_ADVERSARY_LAPLACE_DRAWS_MAX (the draws are held: 8 bytes each); all
 * checked by lp_adversary_laplace_check. */
#define LP_ADVERSARY_LAPLACE_DRAWS_MAX 2e7
int lp_adversary_laplace_check(char *msg, size_t len, int d, long samples, const char *gain, const char *b,
                               const char *delta);
lp_adversary_outcome lp_adversary_laplace_study(lp_record *rec, int d, const char *gain, const char *b,
                                                const char *delta, long samples, uint64_t seed);

/* `adversary link`: sigma, radius, delta > 0.  The discretised channel's size
 * grows as (R/sigma)^3 below sigma = R and as sigma/R above it; the check
 * keeps sigma/R in [1/16, 1000] (at most about 2e9 operations, a few seconds)
 * and delta/R >= 1e-6 (the leakage is a ratio of delta-ball masses).  The
 * record: the discretised channel's largest leakage over 50 priors and its
 * C_Bayes, the Monte Carlo leakage (uniform prior), and the continuous Bayes
 * capacity 1 + 2R/(sigma sqrt(2 pi)), certified. */
int lp_adversary_link_check(char *msg, size_t len, const char *sigma, const char *radius, const char *delta);
lp_adversary_outcome lp_adversary_link_study(lp_record *rec, const char *sigma, const char *radius,
                                             const char *delta, uint64_t samples, uint64_t seed,
                                             slong digits);

/* `adversary linear-layer`: grad_weight[0..n-1] and grad_bias exact decimals,
 * rel_error (NULL: none) a relative uncertainty of every entry.  The list `x`
 * of certified entries, or status declined when grad_bias may be 0. */
lp_adversary_outcome lp_adversary_linear_layer_study(lp_record *rec, const char *grad_bias,
                                                     const char *const *grad_weight, slong n,
                                                     const char *rel_error, slong digits);

/* The precision loop's pieces, shared by the studies: its rule (the first
 * precision and the cap, precision.c), and the significant digits of x
 * certified (at most `wanted`; `wanted` for an exact x; 0 when x contains 0
 * or is not finite). */
extern const lp_ziv_rule lp_adversary_ziv;
slong lp_adversary_certified_digits(const arb_t x, slong wanted);
/* Fills the record's digits, prec_bits, certified, status and note from the
 * smallest number of digits certified; returns the outcome. */
lp_adversary_outcome lp_adversary_precision_fields(lp_record *rec, slong got, slong wanted, slong prec);
/* The record's `command` and the linear-Gaussian model's inputs as given (d,
 * prior_var, gain, noise, delta), shared by gaussian and jensen. */
void lp_adversary_model_fields(lp_record *rec, const char *command, const lp_adversary_model *m);
/* 1 if the decimal s is certainly below lo or above hi (NULL: no limit);
 * limits are soft, so a value indistinguishable from one counts as inside. */
int lp_adversary_decimal_outside(const char *s, const char *lo, const char *hi);

#endif
