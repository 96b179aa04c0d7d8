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
 * (max_x P(x|y), the posterior variance and log n - H(X|y), not the 0/1 hit,
 * |x-xhat|^2 and the log-likelihood ratio).  For the Gaussian prior through
 * Gaussian noise the posterior mean is closed (s^2/(s^2+sigma^2) y); for any
 * other continuous prior it is self-normalised importance sampling with
 * `inner` draws from the prior, whose error's O(1/inner) bias Richardson's
 * extrapolation over inner and inner/2 draws removes, the remainder estimated
 * from inner/2 and inner/4 and carried in the standard error (mse_bias).
 * Every standard error also carries the range term (lp_recon_mean_se), so
 * that a mean made of rare large values (a miss that 2000 samples never saw)
 * does not report a standard error that hides it.  Results depend on the
 * seed only (blocks of the counter-based streams of src/mc/stream.h, summed
 * in block order). */
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
#define LP_RECON_BALL_N_MAX 4096   /* points of a finite prior with the delta-ball gain */

typedef enum { LP_RECON_GAUSS, LP_RECON_VMF, LP_RECON_LAPLACE } lp_recon_noise;

/* The priors.  "ball" is the mechanism's input set: the l2 ball of radius R
 * (gauss), the l1 ball of radius R (laplace), the unit sphere (vmf, whose
 * inputs are on it).  POINTS and SPHERE_POINTS: n points drawn once from the
 * seed uniformly in the ball or on its boundary (the sphere of radius R; for
 * laplace the l1 sphere), equally likely.
 * GAUSS: N(0, s^2 I_p) (s = prior_scale; not inside any ball: no capacity
 * bound applies).  BALL, SPHERE: uniform in the ball, on its boundary. */
typedef enum { LP_PRIOR_POINTS, LP_PRIOR_SPHERE_POINTS, LP_PRIOR_GAUSS, LP_PRIOR_BALL,
               LP_PRIOR_SPHERE, LP_PRIOR_DIGITS, LP_PRIOR_SIMPLEX } lp_recon_prior;
/* SIMPLEX: the n vertices of a regular simplex on the sphere of radius R
 * (vmf: 1), equally likely: the n points farthest apart there (pairwise
 * distance R sqrt(2n/(n-1)); n = 2 the antipodal pair).  Needs p >= n here
 * (vertex i is R (e_i - 1/n) / sqrt(1 - 1/n), in the first n coordinates);
 * a whole run's attacker (src/runattack) takes its Gram matrix at any p >=
 * n - 1. */

/* DIGITS: a real data set, the first n of the 1797 8x8 handwritten digits
 * (p = 64) that Debian's python3-sklearn installs (read at run time, never
 * shipped: digits.c), equally likely, centred on their mean and scaled by one
 * factor so that the farthest lies on the input set's boundary (the l2 sphere
 * of radius R; laplace: the l1 sphere); for vmf each is put on the unit sphere. */
#define LP_RECON_DIGITS_FILE "/usr/lib/python3/dist-packages/sklearn/datasets/data/digits.csv.gz"
#define LP_RECON_DIGITS_P 64
#define LP_RECON_DIGITS_ROWS 1797
/* The first n rows' pixels (n * 64 doubles, 0..16) of the gzip'd CSV at path;
 * 0, or -1 with a message naming the file (and line) in err. */
int lp_recon_digits_read(double *rows, int n, const char *path, char *err, size_t errlen);

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
    double ball_radius;     /* delta > 0: the delta-ball gain too (finite prior, n <= LP_RECON_BALL_N_MAX) */
    const double *data;     /* LP_PRIOR_DIGITS: the data set's rows (n * p), as read, */
    const char *data_file;  /* and the file they came from (echoed) */
} lp_recon_setup;

typedef struct {
    int finite;                     /* the prior is finite: success and information are exact */
    double success, success_se;     /* MAP's success probability (finite), else NAN */
    double mse, mse_se;             /* E|x - E[x|y]|^2 (the MMSE), total over coordinates */
    double prior_mse;               /* E|x - E x|^2: the error of guessing blind */
    double information, information_se; /* I(X; Y) in nats (finite prior), else NAN */
    double ess_mean;                /* mean ESS of the inner sampling (continuous), else NAN */
    double mse_bias;                /* the remaining bias estimated and inside mse_se: 0 where there
                                       is none (finite, closed posterior), NAN where it cannot be
                                       estimated (inner < 4: mse_se does not cover it) */
    /* the delta-ball gain 1{|w - x|_2 <= delta} (delta > 0 only, else NAN; ball_gain.c):
       the best guess among the prior's points, max_k P(B(x_k, delta) | y), and above any
       guess, max_k P(B(x_k, 2 delta) | y); the prior vulnerabilities of the same two gains,
       max_k pi(B(x_k, delta)) and max_k pi(B(x_k, 2 delta)), exact */
    double ball_success, ball_success_se, ball_upper, ball_upper_se;
    double ball_prior, ball_prior_upper;
    uint64_t samples, seed;
    int threads, ranks;             /* how the work was shared (the result does not depend on it) */
} lp_recon_result;

/* 1 when the setup is consistent (ranges above; vmf takes only the sphere
 * priors; laplace and gauss any); else 0 with a message naming the parameter. */
int lp_recon_check(const lp_recon_setup *s, char *err, size_t errlen);

/* 1 for a finite prior (points, sphere-points, digits) */
int lp_recon_prior_finite(const lp_recon_setup *s);
/* The n points of a finite prior (n * p doubles, row-major), from the seed
 * (digits: from s->data). */
void lp_recon_points(double *x, const lp_recon_setup *s);
/* The digits' pixel range 0..16 in the points' units (16 R / the largest
 * centred image's norm; the one factor that scales them), NAN for another
 * prior or vmf (each image put on the sphere: no one scale). */
double lp_recon_digits_peak(const lp_recon_setup *s);
/* PSNR in dB of a mean squared error summed over p coordinates against a
 * peak value, 10 log10(peak^2 p / mse), and its standard error by the delta
 * method (10/ln 10 mse_se/mse); NAN (both) where mse <= 0 or peak is NAN. */
double lp_recon_psnr(double *se, double mse, double mse_se, int p, double peak);
/* One secret from the prior (a continuous prior; or an index for a finite
 * one, returned, with x its point). */
int lp_recon_prior_draw(double *x, const lp_recon_setup *s, const double *points, lp_stream *r);
/* y ~ f(x), the mechanism's release. */
void lp_recon_release(double *y, const lp_recon_setup *s, const double *x, lp_stream *r);
/* log f(x)(y) up to a constant that does not depend on x. */
double lp_recon_loglik(const lp_recon_setup *s, const double *x, const double *y);
/* E|x - E x|^2 of the prior (exact: by formula, or over the n points). */
double lp_recon_prior_mse(const lp_recon_setup *s, const double *points);

/* The delta-ball gain's neighbourhoods over n points (ball_gain.c): for each k
 * the j with |x_j - x_k|_2 <= 2 delta, list[start[k] .. start[k+1]), the
 * inner[k] within delta first. */
typedef struct {
    int n;
    size_t *start;
    int *inner, *list;
} lp_recon_balls;
/* 0, or -1 when memory runs out or on cancellation (b cleared) */
int lp_recon_balls_init(lp_recon_balls *b, const double *points, int n, int p, double delta);
void lp_recon_balls_clear(lp_recon_balls *b);
/* max_k of sum_{j in the delta-ball of x_k} w_j (lo) and of the 2 delta-ball (hi) */
void lp_recon_balls_mass(double *lo, double *hi, const lp_recon_balls *b, const double *w);
/* the same for equal weights 1/n: the prior vulnerabilities */
void lp_recon_balls_prior(double *lo, double *hi, const lp_recon_balls *b);

/* The blocks over MPI ranks (parallel.c; one rank without MPI): this rank's
 * blocks [*lo, *hi) of a chunk of `count`, and every rank's share of
 * blocks[0 .. count) (each `size` bytes) to every rank (0, or -1). */
void lp_recon_share(uint64_t *lo, uint64_t *hi, uint64_t count);
int lp_recon_gather(void *blocks, size_t size, uint64_t count);
/* 1 when flag is set on any rank (every rank calls it: a collective), else 0 */
int lp_recon_any_rank(int flag);

/* 1 when the posterior mean is closed: the Gaussian prior through Gaussian noise */
int lp_recon_posterior_closed(const lp_recon_setup *s);

/* The mean of N values (sum, sum of squares) and its standard error, which
 * adds to the sample's sqrt(var/N) the range term range/N in quadrature: the
 * mean's move if one more value, at the far end of the values' range, had
 * been drawn.  Where a mean is made of rare values far from the bulk (the MAP
 * attacker's rare misses at success 0.9996: none or one among 2000 samples)
 * the sample variance misses them and sqrt(var/N) hides the error (z = +5.9
 * on the referee's case); the range term keeps z about N(0, 1) there and is
 * negligible where the values are not rare (N var >> range^2).  range 0:
 * the sample's term alone (unbounded values). */
void lp_recon_mean_se(double *mean, double *se, double sum, double sum2, uint64_t n, double range);
/* max_k |x_k - mean|^2 over n points of p coordinates: every distribution on
 * them has at most this variance (E|X - EX|^2 <= E|X - c|^2 for every c) */
double lp_recon_spread(const double *points, int n, int p);

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
