/* study.h -- `leakproof reconstruct`'s record and the registry's view of the
 * study's mechanisms (capacity.c, study.c). */
#ifndef LP_RECONSTRUCT_STUDY_H
#define LP_RECONSTRUCT_STUDY_H

#include <stddef.h>
#include "leakproof.h"
#include "core/record.h"
#include "reconstruct/reconstruct.h"

const char *lp_recon_noise_name(lp_recon_noise noise);   /* gauss, vmf, laplace-l1 */
const char *lp_recon_scale_name(lp_recon_noise noise);   /* sigma, kappa, b */

/* The Bayes capacity of the mechanism (the registry's gauss proof, vmf
 * proof, laplace-l1 derived form at the scale's %.17g decimal), a certified
 * ball with `digits` digits; 0, or -1 when it cannot be certified. */
int lp_recon_capacity(arb_t c, lp_recon_noise noise, int p, double scale, double radius, slong digits);

/* The scale whose capacity has log2 C = log2_target (bisection in doubles on
 * the certified evaluations; a choice of parameter, not a bound): 0, or -1
 * with a message naming --capacity. */
int lp_recon_calibrate_capacity(double *scale, lp_recon_noise noise, int p, double radius, double log2_target,
                                char *err, size_t errlen);

/* The scale for (epsilon, delta) (decimal texts): paper = 0 under one
 * relation, any two inputs of the input set (gauss: the analytic Gaussian at
 * sensitivity 2R; vmf: the antipodal pair, calibrate vmf; laplace-l1: l1
 * sensitivity 2R), certified and the midpoint taken; paper = 1 as Biswas et
 * al. calibrate (the classical sigma at clip 1, kappa = epsilon, b = 1/epsilon).
 * 0, or -1 with a message. */
int lp_recon_calibrate_dp(double *scale, lp_recon_noise noise, int p, double radius, const char *epsilon,
                          const char *delta, int paper, char *err, size_t errlen);

/* What the calibration was, echoed in the record (NULL texts are left out). */
typedef struct {
    const char *calibration;    /* "given", "epsilon-delta", "epsilon-delta-paper", "capacity" */
    const char *epsilon, *delta, *capacity_bits;
} lp_recon_calibration;

/* The prior's name (points, sphere-points, gauss, ball, sphere) and back (-1: none). */
const char *lp_recon_prior_name(lp_recon_prior prior);
int lp_recon_prior_from_name(const char *name);

/* Runs the study and fills rec (keys per leakproof(1)); 0, or -1 when memory
 * runs out or the run was cancelled. */
int lp_recon_study(lp_record *rec, const lp_recon_setup *s, const lp_recon_calibration *cal);

#endif
