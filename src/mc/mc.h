/* mc.h -- the Monte Carlo arbiter.  It knows mechanisms -- a density f(x)(y)
 * from its definition, an input set with its projection, the maximiser the
 * proofs use and a numerical one that assumes nothing -- and never calls a
 * closed form of a capacity.  It estimates the continuous Bayes capacity
 * (Biswas et al., Definition III.1, eq. (4))
 *     C = int sup_x f(x)(y) dy
 * by importance sampling, in doubles: an estimate with a standard error, never
 * a bound.  Results depend on the seed only, not on the number of threads. */
#ifndef LP_MC_H
#define LP_MC_H

#include <stdint.h>
#include "mc/stream.h"
#include "mc/kernel.h"

#define LP_MC_P_MAX 64          /* dimensions the arbiter accepts */

typedef struct lp_mechanism lp_mechanism;

/* How the estimator samples a mechanism: the batched kernel (one ball), the
 * callbacks one sample at a time, or (vmf) importance sampling of the
 * normaliser, where sup_x f(x)(y) = e^kappa / C_{p,kappa} for every y. */
typedef enum { LP_MC_KERNEL_GAUSS_BALL, LP_MC_SCALAR, LP_MC_VMF_NORMALISER } lp_mc_path;

struct lp_mechanism {
    const char *name;           /* "gauss", "vmf", "laplace-l1", ... */
    lp_mc_path path;
    lp_gauss_ball_kernel kernel;    /* path LP_MC_KERNEL_GAUSS_BALL: its constants */
    int p;
    double sigma, radius;       /* gauss: N(x, sigma^2 I_p), x in B_R^p */
    double kappa;               /* vmf: density e^{kappa x.y} / C_{p,kappa} on S^{p-1} */
    double b;                   /* laplace: scale per coordinate */
    int l2;                     /* laplace: inputs in the l2 ball (else the l1 ball) */
    int nblocks, block[LP_MC_P_MAX];  /* gauss: the layers, each its own ball of radius R */
    double log_norm;            /* log of the density's normalising constant */
    double log_norm_err;        /* its absolute error (0 when exact in doubles) */
    double scale[3];            /* gauss: scales of the Gaussian mixture proposal */
    double mix_log_c[3], mix_a[3];  /* its components: log(1/3) - p/2 log(2 pi s^2), 1/(2 s^2) */

    /* log f(x)(y), from the mechanism's definition */
    double (*log_density)(const lp_mechanism *m, const double *x, const double *y);
    /* gradient in x of log f(x)(y) */
    void (*grad_log_density)(const lp_mechanism *m, double *g, const double *x, const double *y);
    /* the maximiser of x -> f(x)(y) that the proofs use */
    void (*proof_argmax)(const lp_mechanism *m, double *x, const double *y);
    /* Euclidean projection onto the input set */
    void (*project)(const lp_mechanism *m, double *x);
    /* an input drawn at random from the input set */
    void (*sample_input)(const lp_mechanism *m, double *x, lp_stream *r);
    /* y from the outer proposal q; returns log q(y) */
    double (*sample_output)(const lp_mechanism *m, double *y, lp_stream *r);
    /* gradient-ascent step size in x */
    double step;
};

/* 0 and a mechanism, or -1 when a parameter is out of range (p in
 * [1, LP_MC_P_MAX], sigma > 0, radius >= 0, kappa >= 0, all finite), or
 * LP_MC_TOO_WIDE when radius / sigma is so large that the importance weights
 * (about (R/sigma)^p) would overflow a double. */
#define LP_MC_TOO_WIDE (-2)
int lp_mechanism_gauss(lp_mechanism *m, int p, double sigma, double radius);
int lp_mechanism_vmf(lp_mechanism *m, int p, double kappa);
/* Gaussian noise on a product of balls (per-layer clipping): layers[l] sizes,
 * each ball of radius `clip`; sum of sizes <= LP_MC_P_MAX. */
int lp_mechanism_gauss_layers(lp_mechanism *m, const int *layers, int nlayers, double sigma, double clip);
/* Laplace noise of scale b per coordinate, inputs in the l1 (l2 = 0) or l2
 * ball of radius R. */
int lp_mechanism_laplace(lp_mechanism *m, int p, double b, double radius, int l2);

/* min over the l2 ball of radius R of |y - x|_1, and a minimiser: x_i =
 * sign(y_i) min(|y_i|, t) with t such that sum min(|y_i|, t)^2 = R^2
 * (water-filling; x = y inside the ball).  p in [1, LP_MC_P_MAX]. */
double lp_l1_distance_to_l2_ball(double *x, const double *y, int p, double radius);

/* log C_{p,kappa} = log int_{S^{p-1}} e^{kappa x.y} dy by its own route: the
 * one-dimensional integral A(S^{p-2}) int_{-1}^{1} e^{kappa t} (1-t^2)^{(p-3)/2} dt
 * by GSL's QAWS quadrature (2 cosh kappa at p = 1), and its absolute error. */
int lp_vmf_log_normaliser(double *log_c, double *abs_err, int p, double kappa);

typedef struct {
    uint64_t samples;           /* outer samples, >= 1 */
    uint64_t seed;
    int threads;                /* <= 0: as many as OpenMP offers */
    uint64_t sup_checks;        /* outputs y also given the numerical maximisation, in
                                   all (spread over the blocks in proportion) */
    int progress;               /* a progress line on stderr after 1 s: 1 on a terminal, 2 always */
} lp_mc_options;

typedef struct {
    double estimate, std_error; /* mean importance weight and its standard error */
    double rounding_error;      /* a bound on the double arithmetic's own error:
                                   eps (N + 8 + max |log w|) estimate */
    double ci_lo, ci_hi;        /* estimate -+ 3.2905 std_error (99.9 %, normal) */
    double ess;                 /* effective sample size (sum w)^2 / sum w^2 */
    double sup_gap;             /* max over checked y of f(x_num)(y)/f(x_proof)(y) - 1
                                   (NAN when sup_checked = 0) */
    uint64_t sup_checked;
    uint64_t samples, seed;
    /* vmf: log C_{p,kappa} by importance sampling in t = mu.y (the estimate
     * and ess above are those of this sampling; its standard error is that of
     * the log) and by quadrature (with its error bound): in logs, since C
     * passes the double range (e^kappa) */
    double log_norm_mc, log_norm_mc_se, log_norm_quad, log_norm_quad_err;
    const char *isa;            /* the kernel build that ran: generic, avx2, avx512, or scalar */
    int ranks;                  /* MPI processes that shared the blocks (1 without MPI) */
    int threads;                /* threads per process that ran the blocks */
} lp_mc_result;

#define LP_MC_BUDGET_SECONDS 3600.0   /* mc's default work budget (--max-seconds) */
#define LP_MC_BLOCK 4096        /* samples per block: the unit of work and of reproducibility */

/* Runs the estimator; 0 on success, -1 when memory runs out.  Block b of N
 * samples draws the counters of (seed, b) only, its sums are kept apart and
 * added in block order: the result is the same bits for any number of
 * threads and MPI ranks. */
int lp_mc_estimate(lp_mc_result *res, const lp_mechanism *m, const lp_mc_options *opt);

/* The VMF normaliser's importance sampling, one draw: t = mu.y from Wood's
 * (1994) envelope g, a Beta((p-1)/2, (p-1)/2) variable mapped by a Moebius
 * map, and the weight e^{kappa (t-1)} (1-t^2)^{(p-3)/2} / g(t) divided by
 * its constant e^{lp_vmf_weight_log_scale}; p >= 2. */
double lp_vmf_normaliser_draw(const lp_mechanism *m, lp_stream *r);
double lp_vmf_weight_log_scale(int p, double kappa);

/* ---- the discrete arbiter: finite channels ---------------------------------- */

/* A channel: rows inputs x, columns outputs y, m[x * ny + y] = P(y | x). */
typedef struct { int nx, ny; double *m; } lp_channel;

/* C_Bayes(M) = sum_y max_x M_{x,y}  (eq. (3)) */
double lp_channel_bayes_capacity(const lp_channel *c);
/* Multiplicative g-leakage L_g(pi, M) = V_g(pi, M) / V_g(pi), g[w * nx + x]
 * a non-negative gain of action w (nw actions) when the secret is x. */
double lp_channel_g_leakage(const lp_channel *c, const double *prior,
                            const double *g, int nw);
/* out = C . D for a deterministic C given as a map x -> z (D has nz rows). */
void lp_channel_precompose(lp_channel *out, const int *map, int nx, const lp_channel *d);

/* The work caps of the discretised channels: entries of a table (doubles)
 * and operations of a capacity (about 4 s of this machine's core). */
#define LP_DISCRETE_MAX_ENTRIES 2e7
#define LP_DISCRETE_MAX_WORK 4e8

/* The Gaussian mechanism discretised (p = 1 or 2): inputs on a grid of
 * spacing `input_step` inside B_R^p, outputs in square bins of side `bin`
 * covering [-L, L]^p with L = R + `tails` sigma, plus the outside as one bin
 * (whose max is bounded, not dropped).  Entries are exact Gaussian bin
 * probabilities (products of erf differences).  Returns the channel's Bayes
 * capacity, to hold against the continuous one; -1 when the grid would be too
 * large (over LP_DISCRETE_MAX_ENTRIES entries or LP_DISCRETE_MAX_WORK
 * operations), a count is not finite, or memory runs out. */
double lp_gauss_discrete_capacity(int p, double sigma, double radius,
                                  double input_step, double bin, double tails);
/* The discretised capacity on `grids` grids refining by halves: input step
 * and bin side step[i] = 2^-(i+1) min(sigma, R) (sigma when R = 0), tails of
 * 9 sigma.  Fills step[] and capacity[] and returns how many grids fit the
 * work caps: the rest (grids - return value) were dropped, not computed. */
int lp_gauss_discrete_refine(double *step, double *capacity, int grids, int p, double sigma,
                             double radius);

/* The same channel at p = 1 as a matrix: inputs -R + i step in [-R, R] (the
 * count in *inputs), the bins, and the outside as the last output.  Free c->m.
 * 0, or -1 (nothing allocated) when a count is not finite, the matrix would
 * pass LP_DISCRETE_MAX_ENTRIES entries, or memory runs out. */
int lp_gauss_discrete_channel(lp_channel *c, int *inputs, double sigma, double radius,
                               double input_step, double bin, double tails);

#endif
