/* run_capacity.h -- the Bayes capacity of a whole DP-SGD run: Poisson
 * sampling at rate q, T steps, the Gaussian mechanism N(x, sigma^2 I_p) on
 * the l2 ball of radius R (Biswas et al., Definition III.1: the
 * multiplicative capacity C = int sup_x f_x(y) dy).  C(p, s, R) below is the
 * one-step capacity of `leakproof eval gauss` (form steiner = proof), taken
 * from the registry through lp_evaluate; nothing here re-derives it.
 *
 * The derivation (also in leakproof(1), RUN CAPACITY).
 *
 * Threat model.  The secret is one example; its clipped gradient x at step
 * t lies in the ball B_R.  The other examples' contribution b_t to the sum is
 * known to the adversary (it may depend on the earlier outputs): subtracting
 * it is an invertible map with unit Jacobian, so z_t = y_t - b_t has the same
 * capacity and z_t = B_t x_t + N(0, sigma^2 I), B_t ~ Bernoulli(q)
 * independent.  If b_t is random and unknown, y = z + W with W independent of
 * x: a post-processing of z, and by the data-processing inequality
 * (int sup_x int f_x(z) K(y|z) dz dy <= int sup_x f_x(z) dz) every UPPER bound
 * below still holds; the lower bounds are for the known-b_t model.
 *
 * 1. One step.  f_x(z) = (1-q) g(z) + q h_x(z), g = N(0, sigma^2 I) free of
 *    x, h_x = N(x, sigma^2 I).  As g does not depend on x and q >= 0,
 *    sup_x f_x = (1-q) g + q sup_x h_x exactly, so
 *        C_step = 1 - q + q C(p, sigma, R)          (an equality).
 * 2. T steps, adaptive (the secret's gradient x_t = x_t(x, z_<t) may change
 *    with the model, staying in B_R).  f_x(z) = prod_t f_t(z_t | z_<t, x) and
 *    sup_x prod_t f_t <= prod_t s_t(z_t | z_<t), s_t = sup_{v in B_R}
 *    [(1-q) g(z_t) + q N(z_t; v, sigma^2 I)], whose integral over z_t is
 *    C_step whatever z_<t is.  Integrating z_T, then z_{T-1}, ... (the chain):
 *        C_T <= C_step^T = (1 - q + q C(p, sigma, R))^T.
 * 3. T steps, the SAME vector x at every step.  Given the set S of steps
 *    that include the example, |S| = k, prod_{t in S} N(z_t; x, sigma^2 I) =
 *    A_S(z) N(mean_S(z); x, sigma^2/k I), with A_S free of x and integrating
 *    to 1 over the deviations from the mean (sum ||z_t - x||^2 = sum ||z_t -
 *    m||^2 + k ||m - x||^2).  The sup of a sum is at most the sum of the sups:
 *        C_T^same <= sum_{k=0}^{T} binom(T,k) q^k (1-q)^(T-k) C(p, sigma/sqrt k, R)
 *    (C = 1 at k = 0): exactly the capacity of the run when the adversary is
 *    also told S.  Each term is at most the product bound's term
 *    binom(T,k) q^k (1-q)^(T-k) C^k, since C(p, sigma/sqrt k, R) is the
 *    capacity of k same-x steps with q = 1, at most C^k by 2; equal for
 *    T = 1, strictly below for T >= 2, q > 0, R > 0.
 * 4. Lower bounds (same-x run, hence also for the worst adaptive run).
 *    Dropping the later steps is a post-processing, so C_T >= C_{T'} for
 *    T' <= T; in a run of k steps keep two terms of the mixture (S empty, free
 *    of x, and S = all k steps) and drop the others (>= 0):
 *        C_T >= max_{1<=k<=T} (1-q)^k + q^k C(p, sigma/sqrt k, R),
 *    whose k = 1 term is C_step.  The truth lies between this and the bound 3
 *    (same x) or 2 (adaptive).
 *
 * Evaluation (certified, Arb).  C(p, s, R) decreases in s, so for s =
 * sigma/sqrt k, not a decimal, C at the decimal s rounded up (down) to
 * enough digits is a lower (upper) bound.  The sum 3 runs over k = 0..T in
 * blocks [k1, k2]: C is increasing in k, so a block's sum lies in
 * [C(k1-) B_lo, C(k2) B_hi] with B = sum_{k1..k2} binom(T,k) q^k (1-q)^(T-k)
 * bracketed by geometric series (the ratio of consecutive terms,
 * (T-k) q / ((k+1)(1-q)), decreases in k), all in log space through lgamma.
 * Blocks start dyadic (0, 1, 2-3, 4-7, ...) and are halved where their
 * bracket is widest until the sum has the digits asked or the evaluations
 * run out; the printed ball is the bracket, so it holds at any stage (with
 * fewer digits, said by digits and exit status 3: where the sum's peak
 * spans thousands of k and C changes by a factor e^(p/2k) from one k to the
 * next, as at p = 2^31 - 1 and T = 1e7, each k there needs its own C). */
#ifndef LP_ACCOUNT_RUN_CAPACITY_H
#define LP_ACCOUNT_RUN_CAPACITY_H

#include "core/record.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most steps (--steps) and the most evaluations of C the sum may spend
 * (for p > 1e5: LP_RUN_EVALS_MAX sqrt(1e5 / p), at least 300). */
#define LP_RUN_STEPS_MAX UINT64_C(1000000000)
#define LP_RUN_EVALS_MAX 6000

typedef struct {
    uint64_t p;                 /* 1 .. LP_P_MAX                                */
    const char *sigma;          /* > 0, the noise standard deviation (M C)      */
    const char *radius;         /* >= 0, the clipping radius (C)                */
    const char *noise_multiplier, *clip;   /* echoed when given, else NULL      */
    const char *sampling_rate;  /* q in [0, 1], a decimal                       */
    uint64_t steps;             /* T, 1 .. LP_RUN_STEPS_MAX                     */
    slong digits;               /* significant digits asked for, 1 .. 30        */
    arb_struct *upper_same;     /* not NULL: set to capacity_upper_same, the ball
                                   recorded (untouched when not certified)       */
} lp_run_capacity_request;

typedef enum { LP_RUN_OK = 0, LP_RUN_UNCERTIFIED, LP_RUN_BAD_INPUT } lp_run_status;

/* Fills rec with the one-step capacity C(p, sigma, R), the step's
 * 1 - q + q C, and the three bounds on the run's capacity (lower, upper for
 * the same x, upper adaptive), each a certified ball and its log10;
 * LP_RUN_UNCERTIFIED when some field has fewer digits than asked (the record
 * says how many), LP_RUN_BAD_INPUT with a message naming the parameter. */
lp_run_status lp_study_run_capacity(lp_record *rec, const lp_run_capacity_request *req,
                                    char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
