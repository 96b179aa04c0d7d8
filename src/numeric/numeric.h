/* numeric.h -- pieces shared by the evaluators: rigorous sums and integrals of
 * log-concave positive functions (arb), log-sum-exp (double), and the honest
 * classification of non-certified results.  Internal to libleakproof. */
#ifndef LP_NUMERIC_H
#define LP_NUMERIC_H

#include "leakproof.h"
#include "core/result.h"     /* the result type's setters, which every evaluator uses */

/* ---- certified (arb) ------------------------------------------------------ */

/* Step of a two-term recurrence: out = T_{i+2} from t = T_i when dir > 0,
 * out = T_{i-2} from t = T_i when dir < 0.  Ball arithmetic only. */
typedef void (*lp_step2_fn)(arb_t out, const arb_t t, uint64_t i, int dir,
                            void *ctx, slong prec);

/* sum = an enclosure of  sum_{i=0}^{n} T_i  for a positive, log-concave
 * sequence (T_{i+1}/T_i non-increasing in i), given the seeds T_k, T_{k+1}
 * (k + 1 <= n; T_{k+1} ignored when k == n) and the two-step recurrence.
 *
 * Algorithm: walk out of k in both directions until a term falls below
 * 2^-(prec+16) of the running sum while the walk goes downhill; bound what
 * is left by a geometric series whose ratio is the last in-window ratio, which
 * log-concavity makes an upper bound for every ratio further out.  The bound is
 * added as an error; if the walk reaches 0 or n there is no tail.  The choice
 * of k (a double heuristic) affects the cost, never the enclosure. */
void lp_logconcave_sum_arb(arb_t sum, uint64_t n, uint64_t k,
                           const arb_t tk, const arb_t tk1,
                           lp_step2_fn step, void *ctx, slong prec);

/* The two-step ratio as an exact fraction: T_{i+2}/T_i = a 2^e / b when
 * dir > 0, T_{i-2}/T_i = a 2^e / b when dir < 0 (a, b > 0 machine integers,
 * e the same at every i); 0 (nothing set) when the recurrence has no such
 * fraction at i (then `step` is used). */
typedef int (*lp_ratio2_fn)(ulong *a, ulong *b, slong *e, uint64_t i, int dir, void *ctx);

/* The same sum, walking in blocks where `ratio` gives exact fractions: the
 * block's terms summed as one fraction by Horner's rule in integers, then one
 * ball product and quotient per chain (two interleaved chains, even and odd
 * offsets), instead of three ball operations a term.  Same enclosure
 * contract; the walk's end tests and tails are those of lp_logconcave_sum_arb
 * at block boundaries.  ratio may be NULL. */
void lp_logconcave_sum_ratio_arb(arb_t sum, uint64_t n, uint64_t k,
                                 const arb_t tk, const arb_t tk1,
                                 lp_step2_fn step, lp_ratio2_fn ratio, void *ctx, slong prec);

/* A function exp(phi(t)) with phi concave on [t_min, oo). */
typedef struct {
    /* phi(t) and phi'(t) at a real ball t >= t_min. */
    void (*phi)(arb_t phi, arb_t dphi, const arb_t t, void *ctx, slong prec);
    /* phi(t) and phi'(t) at a complex ball t.  When `analytic` is set, both
     * must be non-finite unless phi is holomorphic on t.  The integrator
     * evaluates phi on wide balls in the centred form
     *   phi(B) in phi(m) + phi'(B) (B - m),  m the midpoint of B,
     * so that a phi made of large cancelling parts (n log(t) - t^2/2 at large
     * n) does not lose everything to the dependency problem.  dphi may be
     * NULL: then only phi is wanted (at the quadrature's nodes). */
    void (*phi_acb)(acb_t phi, acb_t dphi, const acb_t t, int analytic,
                    void *ctx, slong prec);
    /* Optional: exp(phi(t) - shift) directly, used instead of phi_acb when
     * set (for an entire integrand whose phi has a branch point nearby). */
    void (*integrand)(acb_t res, const acb_t t, const arf_t shift, int analytic,
                      void *ctx, slong prec);
    void *ctx;
} lp_logconcave;

/* res = an enclosure of  int_{t_min}^{oo} exp(phi(t)) dt.
 *
 * Algorithm: the window [t_peak - L w, t_peak + L w] (cut at t_min) is
 * integrated by Arb's rigorous Gauss-Legendre integrator (acb_calc_integrate)
 * with the integrand scaled by exp(-phi(t_peak)); each tail is bounded by the
 * tangent line of the concave phi at the window's end,
 *   int_{b}^{oo} exp(phi) <= exp(phi(b)) / -phi'(b)   (phi'(b) < 0),
 * and likewise below.  t_peak and w are double heuristics: they move the cost,
 * never the enclosure (a tail whose tangent does not point away from the
 * window gives an infinite bound, and the caller raises the precision). */
void lp_logconcave_integral_arb(arb_t res, const lp_logconcave *f,
                                const arb_t t_min, double t_peak, double w,
                                slong prec);

/* The midpoint of x as a double for heuristics (peaks, windows): rounded
 * toward zero, so beyond the double range it is +-DBL_MAX, below it 0 --
 * never inf or NaN for a finite ball.  Never use it in a bound. */
double lp_arb_mid_d(const arb_t x);

/* ---- non-certified --------------------------------------------------------- */

/* The cost of one term of a loop at b bits of working precision, in
 * nanoseconds: ns + ns_bit b + ns_bit2 b^2 (measured on one core of the
 * development machine, CPU time; a model within a factor of ~2). */
typedef struct { double ns, ns_bit, ns_bit2; } lp_term_cost;

/* Estimated seconds of `terms` terms at `prec` bits. */
double lp_loop_seconds(uint64_t terms, slong prec, const lp_term_cost *cost);

/* 1 if the loop fits the time budget (8 s at up to 128 bits, growing in
 * proportion to the precision asked for beyond); else 0 with res declined
 * and a note giving the estimate.  Declining by cost, not by a term count
 * alone: 2^24 MPFR Gamma calls take minutes at 30 digits. */
int lp_loop_affordable(uint64_t terms, slong prec, const lp_term_cost *cost, lp_result *res);
/* Whether an MPFR evaluation at `prec` bits stays within LP_MPFR_BUDGET_S
 * seconds, whatever its number of terms: its constants and special functions
 * alone grow as about prec^3.5 (measured, gauss and vmf at p = 5: 0.08 s at
 * 5000 bits, 0.8 s at 10000, 9.7 s at 20000).  1, or 0 with res declined and
 * the estimate in its note. */
#define LP_MPFR_BUDGET_S 60.0
int lp_mpfr_prec_affordable(slong prec, lp_result *res);

/* Streaming log-sum-exp: log(sum_i exp(x_i)) without overflow. */
typedef struct { double max, sum; } lp_lse;
void lp_lse_init(lp_lse *acc);
void lp_lse_add(lp_lse *acc, double x);
double lp_lse_value(const lp_lse *acc);   /* -inf for an empty sum */

/* res = Phi(-x) = P(Z > x) = erfc(x / sqrt 2) / 2 and res = Phi(x), the
 * standard normal's upper tail and distribution function, as balls; the tail
 * keeps its relative accuracy for large x (normal_arb.c). */
void lp_normal_tail_arb(arb_t res, const arb_t x, slong prec);
void lp_normal_cdf_arb(arb_t res, const arb_t x, slong prec);

#endif
