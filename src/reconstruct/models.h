/* models.h -- the papers' experiments as studies: Tan et al.'s linear-Gaussian model
 * (linear_gaussian.c, study_models.c) and Balunovic et al.'s synthetic MLP (mlp.h), each a
 * record for `leakproof reconstruct linear-gaussian` and `leakproof reconstruct mlp`. */
#ifndef LP_RECONSTRUCT_MODELS_H
#define LP_RECONSTRUCT_MODELS_H

#include <stdint.h>
#include "core/record.h"

#define LP_LG_LAMBDA_MAX 222.21     /* Appendix D's CIFAR-10 lambda_max */

/* lambda_i = 222.21 i^-1.2 (cases/tan/eig.txt's law), i = 1..d */
void lp_lg_spectrum(double *lambda, int d);
/* Appendix C's beta over d = 1024 pixels (32 x 32, row-major): 50 on rows 12-19, columns 8-23 */
void lp_lg_beta(double *beta, int d);
/* the natural channel's noise variance for capacity kappa; the personalized one's sigma (its
   noise sigma beta_i) */
double lp_lg_natural_sigma(const double *lambda, int d, double kappa);
double lp_lg_personalized_sigma(const double *lambda, const double *beta, int d, double kappa);
/* sum lambda_i s_i / (lambda_i + s_i), s_i = sigma w_i (w NULL: 1), and the information
   1/2 sum ln(1 + lambda_i / s_i) */
double lp_lg_mmse(const double *lambda, const double *w, int d, double sigma);
double lp_lg_information(const double *lambda, const double *w, int d, double sigma);
/* the white channel's MMSE at capacity kappa */
double lp_lg_white_mmse(const double *lambda, int d, double kappa);
/* Tan et al.'s Theorem 1 times d for N(0, diag lambda) and information info */
double lp_lg_theorem1(const double *lambda, int d, double info);

/* `reconstruct linear-gaussian`: the series of Figs. 6, 8, 10, 13, 14 (keys per leakproof(1)). */
void lp_lg_study(lp_record *rec);

/* `reconstruct mlp`: Fig. 4's four attacks over `trials` trials of `steps` steps (network
   from seed); 0, or -1 on cancellation. */
int lp_mlp_study(lp_record *rec, int trials, int steps, uint64_t seed);

#endif
