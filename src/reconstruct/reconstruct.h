/* reconstruct.h -- the Bayes-optimal reconstruction attacker, where it is exact
 * or estimated with a standard error.  A secret x is drawn from a stated
 * prior, a mechanism of the registry releases y ~ f(x), and the attacker who
 * knows the prior and the mechanism answers
 *   - for the 0-1 gain (exact reconstruction, finite prior): the MAP guess,
 *     whose success is E_y[max_x P(x | y)], the posterior Bayes vulnerability
 *     (Biswas et al., eq. (2)-(4): at most C_Bayes times the prior's V(pi),
 *     min(1, C/n) for n equally likely secrets);
 *   - for squared error: the posterior mean, whose error E|x - E[x|y]|^2 is
 *     the MMSE (Tan et al., Theorem 1 bounds it from below).
 * Both are Monte Carlo averages over (x, y), in doubles: estimates with a
 * standard error, never bounds.  For a finite prior the posterior is exact
 * (a softmax over the n points) and the averages are Rao-Blackwellised
 * (max_x P(x|y) and the posterior variance, not the 0/1 hit and |x-xhat|^2).
 * For a continuous prior the posterior mean is self-normalised importance
 * sampling with `inner` draws from the prior: its bias is O(1/ESS) and the
 * mean ESS is reported.  Results depend on the seed only (blocks of the
 * counter-based streams of src/mc/stream.h, summed in block order). */
#ifndef LP_RECONSTRUCT_H
#define LP_RECONSTRUCT_H

#include <stdint.h>
#include <stddef.h>
#include "mc/stream.h"

/* stream families of this room (src/mc/stream.h keeps 0..3; 16 fit) */
enum { LP_STREAM_RECON_DRAWS = 8, LP_STREAM_RECON_POINTS = 9, LP_STREAM_RECON_MLP = 10 };

#define LP_RECON_P_MAX 64           /* dimensions the study accepts */
#define LP_RECON_N_MAX 100000       /* points of a finite prior */
#define LP_RECON_INNER_MAX 100000   /* inner prior draws of a continuous prior */
#define LP_RECON_BLOCK 256          /* samples per block: the unit of reproducibility */

typedef enum { LP_RECON_GAUSS, LP_RECON_VMF, LP_RECON_LAPLACE } lp_recon_noise;

/* The priors.  "ball" is the mechanism's input set: the l2 ball of radius R
 * (gauss), the l1 ball of radius R (laplace), the unit sphere (vmf, whose
 * inputs are on it).  POINTS and SPHERE_POINTS: n points drawn once from the
 * seed uniformly in the ball or on its boundary (the sphere of radius R; for
 * laplace the l1 sphere), equally likely.
 * GAUSS: N(0, s^2 I_p) (s = prior_scale; not inside any ball: no capacity
 * bound applies).  BALL, SPHERE: uniform in the ball, on its boundary. */
typedef enum { LP_PRIOR_POINTS, LP_PRIOR_SPHERE_POINTS, LP_PRIOR_GAUSS, LP_PRIOR_BALL,
               LP_PRIOR_SPHERE } lp_recon_prior;

typedef struct {
    lp_recon_noise noise;
    int p;                  /* 1..LP_RECON_P_MAX (vmf: >= 2) */
    double scale;           /* sigma (gauss), kappa (vmf), b (laplace): > 0 (kappa >= 0) */
    double radius;          /* R > 0 (vmf: 1) */
    lp_recon_prior prior;
    int n;                  /* points of a finite prior, 1..LP_RECON_N_MAX */
    double prior_scale;     /* s of the Gaussian prior */
    int inner;              /* inner draws of a continuous prior, 1..LP_RECON_INNER_MAX */
    uint64_t samples, seed; /* outer samples (x, y) >= 2 */
    int threads;            /* <= 0: as many as OpenMP offers */
    int progress;           /* a progress line on stderr after 1 s: 1 on a terminal, 2 always */
} lp_recon_setup;

typedef struct {
    int finite;                     /* the prior is finite: success and information are exact */
    double success, success_se;     /* MAP's success probability (finite), else NAN */
    double mse, mse_se;             /* E|x - E[x|y]|^2 (the MMSE), total over coordinates */
    double prior_mse;               /* E|x - E x|^2: the error of guessing blind */
    double information, information_se; /* I(X; Y) in nats (finite prior), else NAN */
    double ess_mean;                /* mean ESS of the inner sampling (continuous), else NAN */
    uint64_t samples, seed;
    int threads;
} lp_recon_result;

/* 1 when the setup is consistent (ranges above; vmf takes only the sphere
 * priors; laplace and gauss any); else 0 with a message naming the parameter. */
int lp_recon_check(const lp_recon_setup *s, char *err, size_t errlen);

/* The n points of a finite prior (n * p doubles, row-major), from the seed. */
void lp_recon_points(double *x, const lp_recon_setup *s);
/* One secret from the prior (a continuous prior; or an index for a finite
 * one, returned, with x its point). */
int lp_recon_prior_draw(double *x, const lp_recon_setup *s, const double *points, lp_stream *r);
/* y ~ f(x), the mechanism's release. */
void lp_recon_release(double *y, const lp_recon_setup *s, const double *x, lp_stream *r);
/* log f(x)(y) up to a constant that does not depend on x. */
double lp_recon_loglik(const lp_recon_setup *s, const double *x, const double *y);
/* E|x - E x|^2 of the prior (exact: by formula, or over the n points). */
double lp_recon_prior_mse(const lp_recon_setup *s, const double *points);

/* Runs the study; 0 on success, -1 when memory runs out or on cancellation
 * (the cancel flag of src/core is read in every block). */
int lp_recon_estimate(lp_recon_result *res, const lp_recon_setup *s);

/* Seconds of work at `threads` threads (a cost model: doubles, it decides
 * whether to start, never a bound). */
double lp_recon_work_seconds(const lp_recon_setup *s, int threads);

/* ---- what the papers bound, and what a capacity means ------------------------- */

/* Tan et al., Theorem 1: MSE/d >= e^{2h(D)/d} / (2 pi e) e^{-2 I(D;W)/d}, the
 * total (times d) for the Gaussian prior N(0, s^2 I) through the Gaussian
 * mechanism (h and I in closed form: the bound is s^2 sigma^2/(s^2+sigma^2) p,
 * equal to the MMSE); NAN where the study has no closed I(D;W). */
double lp_recon_tan_bound(const lp_recon_setup *s);

/* The MMSE of the Gaussian prior N(0, s^2 I_p) through N(x, sigma^2 I_p):
 * p s^2 sigma^2 / (s^2 + sigma^2) (the closed form the tests hold against). */
double lp_recon_gauss_gauss_mmse(int p, double s, double sigma);

#endif
