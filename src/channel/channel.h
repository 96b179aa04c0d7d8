/* channel.h -- the data-space channels of Tan et al. (data-reconstruction-
 * channel-tan-et-al.md): the Gaussian channel capacity f(sigma) of eq. (15),
 * (18), the natural, white and personalized channels (eq. (18)-(20)),
 * Theorem 3's bounds, Theorem 4's DP bounds and eq. (22).  sigma is a noise
 * variance throughout, as in the paper (W~ = W + sqrt(sigma) xi). */
#ifndef LP_CHANNEL_H
#define LP_CHANNEL_H

#include <stddef.h>
#include <stdint.h>
#include "leakproof.h"
#include "core/record.h"
#include "core/study.h"
#include "privacy/privacy.h"

/* The eigenvalues lambda_1..lambda_d >= 0 of a covariance matrix, as balls
 * (exact decimals or exact doubles) and as nearest doubles (which may be 0 or
 * inf for decimals beyond the double range: only heuristics read them). */
typedef struct {
    size_t d;
    arb_ptr lambda;
    double *lambda_d;
    char **text;                /* the decimal of eigenvalue i, NULL when set from a double */
    size_t positive;            /* how many are > 0 */
    char note[512];             /* where the eigenvalues came from, when worth saying */
} lp_spectrum;

void lp_spectrum_init(lp_spectrum *s, size_t d);
void lp_spectrum_clear(lp_spectrum *s);
/* Sets eigenvalue i from exact decimal text (valid, >= 0) or an exact double. */
void lp_spectrum_set_text(lp_spectrum *s, size_t i, const char *text, slong prec);
void lp_spectrum_set_d(lp_spectrum *s, size_t i, double v);
/* Re-reads the decimal eigenvalues at precision prec (the precision loop). */
void lp_spectrum_set_prec(lp_spectrum *s, slong prec);
/* The eigenvalues of the sample covariance (divisor n - 1) of `rows` samples
 * of dimension `cols` given as decimal texts (row-major), by GSL in doubles:
 * not certified, taken as exact from there on (s->note says so).  0; or -1
 * with a message in err (fewer than 2 rows, an entry beyond the double range,
 * naming its row and column). */
int lp_spectrum_sample_covariance(lp_spectrum *s, char *const *texts, size_t rows, size_t cols,
                                  char *err, size_t errlen);

/* f = 1/2 sum_i ln((lambda_i + sigma)/sigma), sigma > 0, an enclosure.  The
 * terms are multiplied in chunks and logged once a chunk, so d = 10^6 costs
 * about as many ball products. */
void lp_channel_f_arb(arb_t f, const lp_spectrum *s, const arb_t sigma, slong prec);
/* f and f' = -1/2 sum lambda_i / (sigma (lambda_i + sigma)) in doubles. */
double lp_channel_f_d(const lp_spectrum *s, double sigma, double *deriv);
/* ln f(e^t) and its derivative in t, in doubles from log_lambda[i] = ln lambda_i
 * of the npos positive eigenvalues: never overflows for finite inputs (a
 * heuristic only: it places the root the natural channel then certifies). */
double lp_channel_log_f_of_log_sigma(const double *log_lambda, size_t npos, double t, double *deriv);

/* Natural channel: the unique sigma > 0 with f(sigma) = kappa (kappa > 0), as a
 * certified enclosure of relative width about 10^-digits.  f is strictly
 * decreasing when some lambda_i > 0 (each such term is, the others are 0), so a
 * bracket [a, b] with f(a) > kappa > f(b), both certain, encloses the only
 * root.  The root is placed in log space (t = ln sigma, doubles that cannot
 * overflow), refined by Newton steps in Arb, then bracketed; so any spectrum
 * of representable decimals works (eigenvalues 1e-160 or 1e160, zeros beside
 * tiny ones).  0 on success; -1 when every lambda_i is 0 (then f = 0 and no
 * sigma exists); -2 when the digits could not be certified at `prec` (the
 * precision loop raises prec). */
int lp_channel_natural(arb_t sigma, const lp_spectrum *s, const arb_t kappa,
                       slong digits, slong prec);

/* White channel (eq. (19)): sigma_i = lambda_i / (exp(2 kappa/d) - 1). */
void lp_channel_white(arb_ptr sigmas, const lp_spectrum *s, const arb_t kappa, slong prec);
/* 1/2 sum over lambda_i > 0 of ln((lambda_i + sigma_i)/sigma_i). */
void lp_channel_white_f(arb_t f, const lp_spectrum *s, arb_srcptr sigmas, slong prec);

/* ---- personalized channel (doubles: GSL linear algebra) -------------------- */

/* A symmetric positive definite covariance (row-major d x d) and beta > 0. */
typedef struct {
    size_t d;
    double *cov;
    double *beta;
    double *mu;                 /* eigenvalues of diag(beta)^-1/2 Sigma diag(beta)^-1/2 */
    double *u, *kap;            /* Theorem 3: u_i, and k_i = sigma kap_i for noise sigma beta */
    double logdet_cov;
} lp_personal;

/* Prepares the eigenvalues mu and log det Sigma; 0, or -1 when Sigma is not
 * symmetric positive definite (message in err). */
int lp_personal_init(lp_personal *p, size_t d, const double *cov, const double *beta,
                     char *err, size_t errlen);
void lp_personal_clear(lp_personal *p);

/* The capacity the proof of Theorem 2 (eq. (23)-(24)) gives for noise
 * covariance sigma diag(beta):
 *   g(sigma) = 1/2 [ln det(Sigma + sigma diag(beta)) - sum ln(sigma beta_i)]
 *            = 1/2 sum_j ln(1 + mu_j / sigma). */
double lp_personal_proof(const lp_personal *p, double sigma);
/* Eq. (20) as printed: ln det(Sigma + sigma diag(beta)) / (2 sum ln(sigma beta_i)). */
double lp_personal_printed(const lp_personal *p, double sigma);
/* ln det(Sigma + sigma diag(beta)) = sum ln(sigma beta_i) + sum ln(1 + mu_j/sigma),
 * O(d); and the same by a Cholesky factorisation, O(d^3), NAN if not SPD. */
double lp_personal_logdet(const lp_personal *p, double sigma);
double lp_personal_logdet_cholesky(const lp_personal *p, double sigma);

/* Theorem 3's two bounds on ln det(Sigma + sigma diag(beta)):
 * hadamard = sum ln(c_ii + sigma beta_i),  schur = sum ln(u_i + sigma k_i). */
void lp_personal_theorem3(double *hadamard, double *schur, const lp_personal *p, double sigma);
/* U(sigma) as printed (the ratio, like eq. (20)) and its proof counterpart
 * 1/2 [min(hadamard, schur) - sum ln(sigma beta_i)]. */
double lp_personal_u_printed(const lp_personal *p, double sigma);
double lp_personal_u_proof(const lp_personal *p, double sigma);

/* All sigma > 0 in [lo, hi] (log-spaced scan with `points` points, then
 * bisection) where fn(sigma) = kappa; returns how many were found (at most
 * max_roots).  For the equations whose monotonicity is not established. */
int lp_solve_scan(double *roots, int max_roots, double (*fn)(const lp_personal *, double),
                  const lp_personal *p, double kappa, double lo, double hi, int points);

/* ---- Theorem 4 (DP) and eq. (22) ------------------------------------------------- */

/* Noise variance of the classical Gaussian mechanism for (epsilon, delta) and
 * clip S: sigma = 2 ln(1.25/delta) S^2 / epsilon^2. */
void lp_dp_sigma_classical(arb_t sigma, const arb_t eps, const arb_t delta, const arb_t clip, slong prec);
/* Bound (1): B S^2 / sigma; bound (2): B eps^2 / (2 ln(1.25/delta)). */
void lp_dp_bound1(arb_t b, const arb_t batch, const arb_t clip, const arb_t sigma, slong prec);
void lp_dp_bound2(arb_t b, const arb_t batch, const arb_t eps, const arb_t delta, slong prec);
/* The capacity under Theorem 4's own hypotheses (tr Sigma <= S^2; the batch
 * mean has covariance Sigma/B and noise sigma/B^2, as in its proof) with the
 * trace spread equally over d dimensions: (d/2) ln(1 + B S^2/(d sigma)). */
void lp_dp_equal_split(arb_t f, ulong d, const arb_t batch, const arb_t clip,
                       const arb_t sigma, slong prec);
/* Its supremum over d and every spectrum: B S^2 / (2 sigma) (the limit d -> oo). */
void lp_dp_supremum(arb_t f, const arb_t batch, const arb_t clip, const arb_t sigma, slong prec);

/* ---- studies: what `leakproof channel` and `calibrate` compute, as records --------
 * Each fills `rec` (keys per leakproof(1): "command" first, the inputs echoed
 * as given, every certified number through lp_record_ball) and returns one of
 * the statuses below.  Certified numbers come from a precision loop: the
 * working precision (and the precision the decimal inputs are read at) is
 * raised until `digits` significant digits are certified, up to 65536
 * bits (lp_ziv_default, core/precision_loop.h); "digits" then says how many were
 * printed. */
/* The decimal texts a study accepts: capacity (kappa, an input) in
 * (0, LP_CAPACITY_MAX]: beyond it exp(2 kappa / d) leaves Arb's range of
 * evaluation and no root could be certified. */
#define LP_CAPACITY_MAX "1e7"
/* channel capacity: f(noise_variance) over the spectrum (key "capacity"). */
lp_study_status lp_study_channel_capacity(lp_record *rec, lp_spectrum *s, const char *noise_variance,
                                          slong digits, char *err, size_t errlen);
/* channel natural: the noise variance with f = target_capacity, certified. */
lp_study_status lp_study_channel_natural(lp_record *rec, lp_spectrum *s, const char *target_capacity,
                                         slong digits, char *err, size_t errlen);
/* channel white: sigma_i per eigenvalue (eq. (19)) and f at them. */
lp_study_status lp_study_channel_white(lp_record *rec, lp_spectrum *s, const char *target_capacity,
                                       slong digits, char *err, size_t errlen);
/* channel personalized: the roots of the proof's equation, of eq. (20) and of
 * Theorem 3's U, in doubles (certified false); cov row-major d x d, beta d. */
lp_study_status lp_study_channel_personalized(lp_record *rec, size_t d, const double *cov,
                                              const double *beta, const char *target_capacity,
                                              char *err, size_t errlen);
/* channel dp: Theorem 4's bound for a batch (integer >= 1), a clip, and either
 * a noise multiplier or (epsilon, delta); the capacity its hypotheses allow
 * and their ratio.  Exactly one of noise_multiplier and epsilon is non-NULL. */
typedef struct {
    uint64_t batch;
    const char *clip, *noise_multiplier, *epsilon, *delta;
} lp_dp_inputs;
lp_study_status lp_study_channel_dp(lp_record *rec, const lp_dp_inputs *in, slong digits,
                                    char *err, size_t errlen);
/* channel toy: Section 5.2's example (no inputs). */
lp_study_status lp_study_channel_toy(lp_record *rec, slong digits);
/* calibrate gaussian: classical and analytic sigma for (epsilon, delta);
 * epsilon <= LP_EPSILON_MAX (e^epsilon must stay evaluable).  The pair's
 * distance: any two secrets in the ball of radius `radius` (2R; sensitivity
 * NULL), or the pairs at distance `sensitivity` (radius NULL), the same
 * neighbouring relation as `dp gauss`; recorded as neighbours, radius,
 * sensitivity and distance. */
lp_study_status lp_study_calibrate_gaussian(lp_record *rec, const char *epsilon, const char *delta,
                                            const char *radius, const char *sensitivity, slong digits,
                                            char *err, size_t errlen);

#endif
