/* kernel.h -- the batched sample kernel of the Gaussian mechanism on one ball
 * (the arbiter's hot path), built three times: for x86-64's baseline (SSE2),
 * for AVX2 with FMA and for AVX-512F.  One source, compiled without FMA
 * contraction and with only correctly rounded operations (vmath.h: its fused
 * multiply-adds are explicit fma calls), so all three give the same bits;
 * lp_gauss_ball_batch_select() picks the widest the CPU has. */
#ifndef LP_MC_KERNEL_H
#define LP_MC_KERNEL_H

#include <stdint.h>

#define LP_MC_BATCH 128         /* samples per kernel call (structure of arrays) */

typedef struct {
    int p;
    double radius;
    double inv_two_sigma2;      /* 1 / (2 sigma^2) */
    double log_norm;            /* (p/2) log(2 pi sigma^2) */
    /* The proposal, a mixture of three radial densities built from one
     * standard normal z in R^p: component 0 is y = s_0 z, N(0, s_0^2 I_p),
     * matched to the inside of the ball; component 1 the shell y = (c + s_1
     * |z|) z / |z|, whose density (2 pi s_1^2)^{-p/2} e^{-(r-c)^2/(2 s_1^2)}
     * ((r-c)/r)^{p-1} (r = |y| > c, from the change of variables alone) puts
     * its radial mode where the output's is; component 2 a wide N(0, s_2^2 I_p)
     * that keeps the weights bounded.  Component k is drawn when a uniform
     * 32-bit word is below pick[k] (pick[2] = 2^32), so its probability is
     * exactly (pick[k] - pick[k-1]) / 2^32. */
    uint64_t pick[3];
    double scale[3];            /* s_0, s_1, s_2 */
    double shell_c;             /* c >= 0 */
    double mix_log_c[3];        /* log(probability of k) - (p/2) log(2 pi s_k^2) */
    double mix_a[3];            /* 1 / (2 s_k^2) */
} lp_gauss_ball_kernel;

/* The weights' running sums over a block: the weight of sample j of a call
 * (sample first + j) is added to w[j mod LP_MC_SUMS] and its square to
 * w2[j mod LP_MC_SUMS] (calls at multiples of LP_MC_SUMS, as the estimator
 * makes them, give sample i of the block sum i mod LP_MC_SUMS: a fixed order,
 * the same bits in every build; enough interleaved sums that their additions
 * are not one chain); max_abs_log_w is the largest bound on |log w| over the
 * weights > 0 (none: it stays as it was). */
#define LP_MC_SUMS 16
typedef struct {
    double w[LP_MC_SUMS], w2[LP_MC_SUMS];
    double max_abs_log_w;
} lp_gauss_ball_sums;

/* Samples first .. first+n-1 (n <= LP_MC_BATCH, first + n <= 2^32) of block
 * `block` of the run seeded `seed`: y from the proposal and its weight
 * w = f(x*(y))(y) / q(y) with x* the nearest point of the ball
 * (gauss_ball_weight.h), added to *sums.  y is stored by coordinate:
 * y[i * LP_MC_BATCH + j] is coordinate i of sample first + j; y NULL: the
 * weights alone (they depend on |y| only, drawn from the words without the
 * normals: the same bits).
 * The numbers are those of counters (row, s / 4, block, LP_STREAM_KERNEL):
 * sample s's word of row r is word s mod 4 of counter (r, s / 4, ...); row 0
 * picks the component, rows 2k + 1 and 2k + 2 make coordinates 2k and 2k + 1
 * (Box-Muller: 42 bits for the radius, 22 for the angle). */
typedef void lp_gauss_ball_batch_fn(lp_gauss_ball_sums *sums, double *y, const lp_gauss_ball_kernel *k,
                                    uint64_t seed, uint64_t block, uint32_t first, int n);

lp_gauss_ball_batch_fn lp_gauss_ball_batch_generic, lp_gauss_ball_batch_avx2,
    lp_gauss_ball_batch_avx512;

/* The kernel for this CPU, or the one named by the environment variable
 * LEAKPROOF_MC_ISA (generic, avx2, avx512) when the CPU has it; *name says
 * which. */
lp_gauss_ball_batch_fn *lp_gauss_ball_batch_select(const char **name);

/* The kernel's standard normals alone (the same words and arithmetic):
 * z[i * LP_MC_BATCH + j] = coordinate i of sample first + j's z, i < p, n as
 * above.  For the benchmark's generator limit and the tests of the normals'
 * law. */
typedef void lp_gauss_normals_batch_fn(double *z, int p, uint64_t seed, uint64_t block,
                                       uint32_t first, int n);

lp_gauss_normals_batch_fn lp_gauss_normals_batch_generic, lp_gauss_normals_batch_avx2,
    lp_gauss_normals_batch_avx512;

/* The build of lp_gauss_normals_batch that lp_gauss_ball_batch_select picks */
lp_gauss_normals_batch_fn *lp_gauss_normals_batch_select(const char **name);

#endif
