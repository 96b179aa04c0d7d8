/* runattack.h -- the exact attacker on a whole DP-SGD run: Hayes, Mahloujifar
 * and Balle's informed adversary (NeurIPS 2023, Sec. 3).  It knows the model
 * and every other record, so it subtracts the others' clipped gradients from
 * each step's noisy sum; the target's clipped gradient is the record x itself
 * (|x| <= C, no clipping moves it); the record is one of n candidates x_1 ..
 * x_n, equally likely (the prior's baseline kappa = 1/n); it sees every
 * step's release:
 *   gauss  y_t = B_t x + N(0, sigma^2 I_d), sigma = M C;
 *   vmf    y_t ~ VMF(x, kappa) when B_t = 1, else VMF(m0, kappa), m0 the
 *          others' direction (known, a unit vector; q = 1: never used);
 * B_t ~ Bernoulli(q) independent over the T steps: Poisson sampling at rate
 * q, and fixed-size batches drawn without replacement too (the target is in
 * a batch of B of N with probability q = B/N, independently each step; the
 * others' known gradients are subtracted whichever of them were drawn, so
 * the two samplings give the attacker the same law: they differ in the
 * bounds' neighbouring relation, not here).  The MAP guess's success given
 * the observation is the posterior's largest mass, exactly:
 *   log P(k | y) = const + sum_t log(1 - q + q exp(l_t(k))),
 *   gauss l_t(k) = (y_t.x_k - |x_k|^2/2) / sigma^2,
 *   vmf   l_t(k) = kappa (x_k - m0).y_t
 * (q = 1: the sum of the l_t).  Its mean over runs (x drawn from the prior,
 * the B_t, the noise) is the attacker's success, estimated by Monte Carlo
 * with a standard error that carries the range term (reconstruct.h:
 * lp_recon_mean_se); beside it the posterior mean's error (the posterior
 * variance) and I(X; Y) (log n - H(X | y)), both Rao-Blackwellised.
 *
 * Everything the attacker computes is an inner product with a candidate, so
 * a run is simulated in the candidates' span: with W the candidates (and m0)
 * and G = W W^T their Gram matrix (n' x n', n' = n, or n + 1 with m0),
 * G = A A^T, A = V sqrt(Lambda) over the positive eigenvalues (r of them),
 * the noise's projections w_j.g, g ~ N(0, I_d), are (A z)_j, z ~ N(0, I_r),
 * whatever d is; the VMF's uniform direction orthogonal to the mean mu = w_u
 * is g/|g| with g ~ N(0, I - mu mu^T): its projections A (z - (a.z) a), a
 * the unit row A_u, and |g|^2 = |z - (a.z) a|^2 + chi^2_{d - r}.  So a run
 * costs T (n' r + n) flops at any dimension d (d = 1.34e8 included).
 *
 * Results depend on the seed only: run j of block b draws (seed,
 * LP_STREAM_RUN_DRAWS, b); the blocks' sums are added in block order over
 * threads and MPI ranks (reconstruct's share and gather). */
#ifndef LP_RUNATTACK_H
#define LP_RUNATTACK_H

#include <stddef.h>
#include <stdint.h>
#include "core/record.h"
#include "reconstruct/reconstruct.h"

enum { LP_STREAM_RUN_DRAWS = 11, LP_STREAM_RUN_SETUP = 12 };

#define LP_RUNATTACK_BLOCK 16               /* runs per block: the unit of reproducibility */
#define LP_RUNATTACK_N_MAX 4096             /* candidates */
#define LP_RUNATTACK_STEPS_MAX UINT64_C(100000000)
#define LP_RUNATTACK_D_MAX UINT64_C(2147483647)

typedef struct {
    lp_recon_noise noise;       /* LP_RECON_GAUSS or LP_RECON_VMF */
    uint64_t d;                 /* the record's dimension (vmf: >= 2) */
    int n;                      /* candidates, equally likely, 1 .. LP_RUNATTACK_N_MAX */
    const double *gram;         /* n' x n' row-major: x_i.x_j (gauss: |x_i| <= the clip; vmf:
                                   unit vectors), and with vmf at q < 1 the others' direction
                                   m0 last (n' = n + 1) */
    double sigma;               /* gauss: the noise's standard deviation, M C, > 0 */
    double kappa;               /* vmf: the concentration, > 0 */
    double q;                   /* the target's inclusion probability per step, (0, 1] */
    uint64_t steps;             /* T, 1 .. LP_RUNATTACK_STEPS_MAX */
    uint64_t samples, seed;     /* runs >= 2 */
    int threads;                /* <= 0: as many as OpenMP offers */
    int progress;               /* a progress line on stderr: 1 on a terminal, 2 always */
} lp_runattack_setup;

typedef struct {
    double success, success_se;         /* the MAP guess's success */
    double mse, mse_se;                 /* the posterior mean's error E|x - E[x|y]|^2 */
    double information, information_se; /* I(X; Y) in nats */
    double prior_mse;                   /* E|x - E x|^2 over the prior, exact */
    int rank;                           /* r: the candidates' span */
    uint64_t samples, seed;
    int threads, ranks;
} lp_runattack_result;

/* n' = the Gram matrix's side for s (n, or n + 1 with vmf at q < 1) */
int lp_runattack_side(const lp_runattack_setup *s);
/* 1 when s is consistent (ranges above; the Gram matrix symmetric with the
 * diagonal's norms in range); else 0 with a message naming the parameter. */
int lp_runattack_check(const lp_runattack_setup *s, char *err, size_t errlen);
/* 0, or -1 when memory runs out, the Gram matrix is not positive
 * semidefinite within rounding, or on cancellation (the cancel flag of
 * src/core is read in every run). */
int lp_runattack_estimate(lp_runattack_result *res, const lp_runattack_setup *s);
/* Seconds of work at `threads` threads (a cost model in doubles: it decides
 * whether to start, never a bound). */
double lp_runattack_work_seconds(const lp_runattack_setup *s, int threads);

/* Runs the estimate and writes its keys (study.c; leakproof(1), reconstruct
 * with a run): threads, ranks, success, success_std_error, baseline (1/n),
 * mse, mse_std_error, mse_per_coordinate, prior_mse, psnr and
 * psnr_std_error (peak finite: an image prior's pixel range), mutual
 * information and its standard error, span (the candidates' rank).  0, or
 * -1 as lp_runattack_estimate. */
int lp_runattack_record(lp_record *rec, const lp_runattack_setup *s, double peak);

/* ---- the candidates' Gram matrices (gram.c) ------------------------------------ */

/* n points of p coordinates (row-major), and m0 (NULL: none) after them:
 * gram (n' x n') of their inner products. */
void lp_runattack_gram_points(double *gram, const double *points, int n, int p, const double *m0);
/* The regular simplex of n vertices on the sphere of radius R (needs d >=
 * n - 1; n = 2: the antipodal pair): x_i.x_j = R^2 (i = j), -R^2/(n-1)
 * (else); with_m0: a unit m0 orthogonal to every vertex (needs d >= n). */
void lp_runattack_gram_simplex(double *gram, int n, double radius, int with_m0);

/* The factor A (n' x r, row-major, r returned) of G = A A^T over G's
 * eigenvalues above 1e-12 of the largest; -1 when an eigenvalue is below
 * -1e-9 of the largest (not a Gram matrix) or memory runs out.  A is
 * malloc'd (free it). */
int lp_runattack_factor(double **A, const double *gram, int side);

#endif
