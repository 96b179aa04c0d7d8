/* privacy.h -- each mechanism's differential-privacy guarantee, certified:
 * its privacy profile delta(eps), the least eps for a delta, its pure-DP eps
 * and its Renyi divergence curve, under a stated neighbouring relation.
 *
 * A neighbouring relation is a distance Delta between the two inputs of a
 * pair: the l2 distance of the centres (gauss), the chordal distance of the
 * mean directions (vmf, Delta <= 2) or the l1 distance (laplace-l1).
 *   "secrets"      any two inputs of the mechanism's input set: Delta = 2R
 *                  (gauss: the ball B_R; laplace-l1: the l1 ball of radius R),
 *                  Delta = 2 (vmf: the unit sphere, the antipodal pair);
 *   sensitivity S  the pairs at distance <= S (DP-SGD's add/remove-one with
 *                  clip S).
 * The profile of a relation is the supremum over its pairs of
 *   delta(eps) = int (f_x - e^eps f_x')_+ = E_{y~f_x}[(1 - e^{eps - L(y)})_+],
 *   L(y) = log f_x(y) / f_x'(y) (the privacy loss),
 * and the Renyi curve is the supremum of D_alpha(f_x || f_x').  Which pair is
 * worst, and whether that is proved, is part of each result (lp_dp_sup).
 *
 * gauss (Balle and Wang 2018, Thm 8; the pair x' = x + Delta e_1 is worst
 * for every relation above, since L depends on y only through (x-x').y and
 * the profile increases with |x - x'|):
 *   delta(eps) = Phi(Delta/(2s) - eps s/Delta) - e^eps Phi(-Delta/(2s) - eps s/Delta),
 *   D_alpha = alpha Delta^2 / (2 s^2),  no pure eps.
 * laplace-l1 (Laplace noise of scale b per coordinate): with s = Delta/b,
 *   one coordinate carrying all of Delta:
 *   delta(eps) = 1 - e^{(eps - s)/2} for eps < s, 0 beyond; pure eps = s;
 *   D_alpha = 1/(alpha-1) log[ alpha/(2alpha-1) e^{(alpha-1)s}
 *                              + (alpha-1)/(2alpha-1) e^{-alpha s} ]  (Mironov 2017).
 *   The Renyi divergence of a split a_1 + ... + a_k = Delta is the sum of
 *   g(a_i), g convex with g(0) = 0 (a log-sum-exp of affine functions of a),
 *   so g is superadditive and one coordinate is worst: proved.  The pure eps
 *   is the same for every split: proved.  For delta(eps) no proof is written:
 *   checked (Monte Carlo over splits in tests/privacy/t-privacy.c), not proved.
 * vmf (density C_p(kappa) e^{kappa mu.y} on S^{p-1}, nu = p/2 - 1,
 *   1/C_p(k) = int_{S^{p-1}} e^{k mu.y} dy = (2 pi)^{p/2} I_nu(k) k^{-nu}):
 *   L(y) = kappa (mu - mu').y  <= kappa |mu - mu'|, so pure eps = kappa Delta.
 *   Renyi: int f_mu^alpha f_mu'^{1-alpha} = C_p(kappa) / C_p(kappa_alpha),
 *     kappa_alpha = kappa |alpha mu + (1-alpha) mu'| = kappa sqrt(1 + alpha(alpha-1) Delta^2),
 *     D_alpha = 1/(alpha-1) log[ I_nu(kappa_alpha) kappa^nu / (I_nu(kappa) kappa_alpha^nu) ];
 *     k^{-nu} I_nu(k) increases in k >= 0, so the antipodal pair (Delta = 2,
 *     kappa_alpha = (2 alpha - 1) kappa) is worst: proved.
 *   delta(eps), antipodal pair: L = 2 kappa t, t = mu.y with density
 *     ∝ e^{kappa t} (1-t^2)^{(p-3)/2} on [-1, 1]; with t = cos theta,
 *     delta(eps) = N / Z,  Z = int_0^pi e^{kappa cos th} sin^{p-2} th dth,
 *     N = int_0^{arccos tau} e^{kappa cos th} sin^{p-2} th (1 - e^{eps - 2 kappa cos th}) dth,
 *     tau = eps / (2 kappa)  (delta = 0 for tau >= 1).
 *   The antipodal pair is worst for delta(eps): proved below (and checked
 *   on a grid of angles by Monte Carlo, tests/privacy/t-privacy.c).
 *   delta(eps) at chordal distance d < 2 (sensitivity S = d): one integral in
 *   th with the weight e^{(kappa d/2) cos th} sin^{p-2} th 0F1(; (p-1)/2;
 *   kappa^2 (1 - d^2/4) sin^2 th / 4) and the loss kappa d cos th (derivation
 *   in vmf_chordal_arb.c); it grows with d, so the pair at distance S is
 *   worst among the pairs at distance <= S, and the antipodal pair for any
 *   two secrets: proved in vmf_chordal_arb.c (a reflection: e_d.y is
 *   stochastically nondecreasing in d), the proof's steps tested and its
 *   conclusion checked on a grid in tests/privacy/t-vmf-chordal.c.
 *
 * Conventions: outputs first, then inputs, then the precision.  A ball result
 * always contains the true value; where it cannot be certified it is
 * indeterminate or wide (the caller's precision loop raises prec). */
#ifndef LP_PRIVACY_H
#define LP_PRIVACY_H

#include <stdint.h>
#include "leakproof.h"
#include "core/record.h"

typedef enum { LP_DP_GAUSS = 0, LP_DP_VMF, LP_DP_LAPLACE_L1 } lp_dp_mech;

/* What is known of the supremum over the relation's pairs. */
typedef enum {
    LP_DP_SUP_PROVED = 0,       /* the pair used is worst: proved (see above)          */
    LP_DP_SUP_CHECKED,          /* the pair used is worst on the checks run, not proved */
    LP_DP_SUP_NONE              /* not available for this mechanism and relation        */
} lp_dp_sup;
const char *lp_dp_sup_name(lp_dp_sup s);

/* One mechanism under one relation: scale is sigma (gauss), kappa (vmf) or
 * b (laplace-l1); dist is Delta (see above; vmf: in (0, 2]). */
typedef struct {
    lp_dp_mech mech;
    uint64_t p;
    arb_t scale, dist;
    int antipodal;              /* vmf: Delta is exactly 2 */
} lp_dp_pair;

void lp_dp_pair_init(lp_dp_pair *m, lp_dp_mech mech, uint64_t p);
void lp_dp_pair_clear(lp_dp_pair *m);

/* ---- per mechanism (one file each) -------------------------------------------- */

/* gauss_profile_arb.c: delta(eps) (eps >= 0) by lp_analytic_gaussian_delta,
 * and D_alpha = alpha Delta^2/(2 sigma^2). */
void lp_gauss_profile_arb(arb_t delta, const arb_t eps, const arb_t sigma, const arb_t dist, slong prec);
void lp_gauss_renyi_arb(arb_t d, const arb_t alpha, const arb_t sigma, const arb_t dist, slong prec);
/* -delta'(eps) = e^eps Phi(-Delta/(2 sigma) - eps sigma/Delta) (Newton's steps). */
void lp_gauss_profile_slope_arb(arb_t slope, const arb_t eps, const arb_t sigma, const arb_t dist, slong prec);

/* laplace_l1_profile_arb.c: delta(eps) = max(0, 1 - e^{(eps - s)/2}), its
 * inverse eps(delta) = max(0, s + 2 log(1 - delta)), s = Delta/b. */
void lp_laplace_l1_profile_arb(arb_t delta, const arb_t eps, const arb_t b, const arb_t dist, slong prec);
void lp_laplace_l1_epsilon_arb(arb_t eps, const arb_t delta, const arb_t b, const arb_t dist, slong prec);
/* laplace_l1_renyi_arb.c: Mironov's closed form at real alpha > 1. */
void lp_laplace_l1_renyi_arb(arb_t d, const arb_t alpha, const arb_t b, const arb_t dist, slong prec);

/* vmf_profile_arb.c: delta(eps) of the antipodal pair (p >= 2, kappa >= 0,
 * eps >= 0), N / Z as above; Z and N by Arb's integrator on a window about
 * the mode of e^{kappa cos th} sin^{p-2} th, the rest bounded by the
 * integrand's monotonicity (certified at the window's ends).  Also Z alone
 * (the normaliser int_0^pi ..., used by tests and the Renyi check). */
void lp_vmf_profile_arb(arb_t delta, const arb_t eps, uint64_t p, const arb_t kappa, slong prec);
void lp_vmf_theta_normaliser_arb(arb_t z, uint64_t p, const arb_t kappa, slong prec);
/* delta(eps) and slope = -delta'(eps) = e^eps P_{mu'}[L > eps] (NULL: not
 * computed), the latter as the same integral with e^{eps - 2 kappa cos th}
 * in place of (1 - e^{...}): Newton's steps in lp_dp_epsilon. */
void lp_vmf_profile_parts_arb(arb_t delta, arb_t slope, const arb_t eps, uint64_t p,
                              const arb_t kappa, slong prec);
/* vmf_profile_double.c: the antipodal delta(eps) and -delta'(eps) (slope) in
 * doubles, a heuristic for the inverse's Newton steps only (never a bound);
 * NAN where it has nothing. */
double lp_vmf_profile_double(double *slope, double eps, uint64_t p, double kappa);
/* vmf_chordal_double.c: the same delta(eps) and -delta'(eps) (slope) in
 * doubles, to place the inverse's root (never a bound); NAN where it cannot. */
double lp_vmf_chordal_double(double *slope, double eps, uint64_t p, double kappa, double d);
/* epsilon_start.c: the vmf pair's delta and slope in doubles (either file
 * above by m->antipodal), and the start of the inverse's Newton steps for m
 * at target (*root set where Newton in doubles converged); heuristics only. */
double lp_dp_vmf_double(double *slope, const lp_dp_pair *m, double eps);
double lp_dp_epsilon_start(int *root, const lp_dp_pair *m, const arb_t target);
/* vmf_chordal_arb.c: delta(eps) of a pair at chordal distance d = dist in
 * (0, 2] (derivation there): N / Z with the weight e^{(kappa d/2) cos th}
 * sin^{p-2} th 0F1(; (p-1)/2; kappa^2 (1 - d^2/4) sin^2 th / 4) and the loss
 * kappa d cos th; slope = -delta'(eps) as above (NULL: not computed); and Z
 * alone (not depending on d: equal to lp_vmf_theta_normaliser_arb's). */
void lp_vmf_chordal_parts_arb(arb_t delta, arb_t slope, const arb_t eps, uint64_t p, const arb_t kappa,
                              const arb_t dist, slong prec);
void lp_vmf_chordal_profile_arb(arb_t delta, const arb_t eps, uint64_t p, const arb_t kappa, const arb_t dist,
                                slong prec);
void lp_vmf_chordal_normaliser_arb(arb_t z, uint64_t p, const arb_t kappa, const arb_t dist, slong prec);
/* P_{y ~ f_mu}[e.y > c] for a unit e with mu.e = dist/2 (c in (-1, 1)): the
 * cap probability of the monotonicity argument in vmf_chordal_arb.c. */
void lp_vmf_chordal_tail_arb(arb_t res, const arb_t c, uint64_t p, const arb_t kappa, const arb_t dist, slong prec);
/* vmf_renyi_arb.c: D_alpha at chordal distance Delta (closed form above, by
 * Arb's scaled Bessel I). */
void lp_vmf_renyi_arb(arb_t d, const arb_t alpha, uint64_t p, const arb_t kappa,
                      const arb_t dist, slong prec);
/* The same with log Is_nu(kappa) (nu = p/2 - 1), which every order shares,
 * given (lp_vmf_log_is_arb at the same prec: the same ball as computed
 * inside), so a list of orders pays one Bessel function an order, not two. */
void lp_vmf_log_is_arb(arb_t res, uint64_t p, const arb_t kappa, slong prec);
void lp_vmf_renyi_at_arb(arb_t d, const arb_t alpha, uint64_t p, const arb_t kappa,
                         const arb_t dist, const arb_t log_is_kappa, slong prec);

/* ---- any mechanism (profile.c, epsilon_arb.c) ----------------------------------- */

/* delta(eps) of m; returns what is known of the supremum (LP_DP_SUP_NONE:
 * delta is indeterminate, no profile for this relation). */
lp_dp_sup lp_dp_delta(arb_t delta, const lp_dp_pair *m, const arb_t eps, slong prec);
/* D_alpha (alpha > 1); the supremum's status (proved for every mechanism here). */
lp_dp_sup lp_dp_renyi(arb_t d, const lp_dp_pair *m, const arb_t alpha, slong prec);
/* The pure-DP eps; 0 with eps indeterminate when there is none (gauss). */
int lp_dp_pure(arb_t eps, const lp_dp_pair *m, slong prec);
/* The least eps >= 0 with delta(eps) <= delta (delta in (0, 1)): a certified
 * enclosure [lo, hi] with delta(lo) > delta >= delta(hi) (or eps = 0 exactly
 * when delta(0) <= delta is certain), of relative width about 10^-digits.
 * delta(eps) is non-increasing and continuous in eps.  0 on success; -1 when
 * no bracket could be certified at prec (raise it). */
int lp_dp_epsilon(arb_t eps, const lp_dp_pair *m, const arb_t delta, slong digits, slong prec);

/* The Renyi conversion (Balle et al. 2020, Thm 21): at order alpha with
 * D_alpha = rdp, the mechanism is (eps, delta)-DP with
 *   delta = exp((alpha-1)(rdp - eps)) ((alpha-1)/alpha)^(alpha-1) / alpha,
 * an upper bound on delta(eps), never below it. */
void lp_dp_rdp_to_delta(arb_t delta, const arb_t rdp, const arb_t alpha, const arb_t eps, slong prec);

/* ---- the study behind `leakproof dp` -------------------------------------------- */

typedef enum { LP_DP_Q_EPSILON = 0, LP_DP_Q_DELTA, LP_DP_Q_ORDER } lp_dp_query;

typedef struct {
    const char *mechanism;      /* "gauss", "vmf", "laplace-l1" */
    const lp_params *par;       /* p and sigma/radius, kappa, or b/radius (validated) */
    const char *sensitivity;    /* NULL: neighbours "secrets" */
    lp_dp_query query;
    const char *value;          /* the eps, delta or alpha, a decimal text */
} lp_dp_inputs_t;

/* The largest kappa whose vmf profile the study computes (the integrals'
 * window is a double heuristic that must stay meaningful; a few seconds at
 * p = 13700 there). */
#define LP_DP_KAPPA_MAX "1e6"

/* Fills rec (keys per leakproof(1)); 0 ok, 1 uncertified, -1 bad input (err
 * names the parameter, rec untouched).  Certified fields by a precision loop
 * up to 65536 bits. */
int lp_study_dp(lp_record *rec, const lp_dp_inputs_t *in, slong digits, char *err, size_t errlen);
/* lp_study_dp's checks of its inputs alone (the query value's domain, the
 * pair, kappa's range), for `dp --estimate` to decline what the run would:
 * 0, or -1 with the message in err (as lp_study_dp's). */
int lp_dp_inputs_check(const lp_dp_inputs_t *in, char *err, size_t errlen);

/* calibrate_dp.c: `calibrate vmf` (the crossing kappa of delta_kappa(eps) =
 * delta for the antipodal pair at dimension p: a certified bracket; the
 * largest kappa if delta grows with kappa, checked, not proved) and
 * `calibrate laplace-l1` (the least b, closed form).  0 ok, 1 uncertified,
 * -1 bad input (err names the parameter).  par: p (vmf), radius (laplace-l1
 * without a sensitivity). */
int lp_vmf_calibrate_kappa(arb_t kappa, uint64_t p, const arb_t eps, const arb_t delta, slong digits, slong prec);
/* The same for the pair at chordal distance dist (NULL: the antipodal pair). */
int lp_vmf_calibrate_kappa_dist(arb_t kappa, uint64_t p, const arb_t dist, const arb_t eps, const arb_t delta,
                                slong digits, slong prec);
int lp_study_calibrate_dp(lp_record *rec, const char *mechanism, const lp_params *par, const char *sensitivity,
                          const char *epsilon, const char *delta, slong digits, char *err, size_t errlen);
/* (rec NULL: its checks of the inputs alone, nothing computed: 0, or -1 with
 * err, for calibrate --estimate to decline what the run would) */

/* The mechanism of a name, or -1. */
int lp_dp_mech_from_name(const char *name);
/* Sets m (scale, dist, antipodal) from par and the relation at prec; 0, or
 * -1 with a message in err (a missing parameter, vmf sensitivity > 2, ...). */
int lp_dp_pair_set(lp_dp_pair *m, const lp_params *par, const char *sensitivity,
                   slong prec, char *err, size_t errlen);

/* Frees this thread's caches of the VMF normalisers (vmf_cache.c), which
 * live from one evaluation to the next within a call: lp_call releases them
 * when it returns, so nothing the library allocated outlives a call; a
 * program that calls the profiles directly releases them before it ends (or
 * before a thread exits), as it would call flint_cleanup(). */
void lp_vmf_cache_release(void);

/* An e with |x| < 2^e, for relative widths: arf_abs_bound_lt_2exp_si(x)
 * clamped to +-WORD_MAX/4, so that x = 0 (whose bound is -WORD_MAX) leaves
 * room to subtract a precision without overflowing. */
static inline slong
lp_arf_exp_bound(const arf_t x)
{
    slong e = arf_abs_bound_lt_2exp_si(x);
    return e < -(WORD_MAX / 4) ? -(WORD_MAX / 4) : e > WORD_MAX / 4 ? WORD_MAX / 4 : e;
}

/* ---- the Gaussian mechanism's calibration (gauss_calibrate.c) ------------------------------------------- */

/* Classical: sigma = S sqrt(2 ln(1.25/delta)) / epsilon (Dwork and Roth, Thm A.1,
 * proved for epsilon < 1). */
void lp_calibrate_classical(arb_t sigma, const arb_t eps, const arb_t delta,
                            const arb_t sens, slong prec);
/* The delta of the Gaussian mechanism with noise sigma (Balle and Wang 2018,
 * Theorem 8): Phi(S/(2s) - eps s/S) - e^eps Phi(-S/(2s) - eps s/S). */
void lp_analytic_gaussian_delta(arb_t d, const arb_t sigma, const arb_t eps,
                                const arb_t sens, slong prec);
/* The least sigma with that delta <= delta (it decreases in sigma): a certified
 * enclosure [lo, hi] with delta(lo) > delta > delta(hi).  0 on success. */
int lp_calibrate_analytic(arb_t sigma, const arb_t eps, const arb_t delta,
                          const arb_t sens, slong digits, slong prec);

/* The largest epsilon the Gaussian's studies take: e^epsilon must stay
 * evaluable. */
#define LP_EPSILON_MAX "1e6"

#endif
