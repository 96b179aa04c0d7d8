/* forms.h -- the evaluators, one per form x method (contract: lp_evaluator in
 * leakproof.h), and the pieces two evaluators of a formula share.
 *
 * gauss (Biswas et al., Theorem III.1 / B.2): Gaussian noise N(x, sigma^2 I_p),
 *   inputs in the ball B_R^p.
 *   printed: C = 2/(G(p/2) 2^{p/2} s^p) Z + R^p/(G(p/2+1) 2^{p/2} s^p),
 *            Z = sum_{i=0}^{p-1} G((p-i)/2) (sqrt2 s)^{p-i} binom(p-1,i) R^i.
 *   proof:   C = [V(B_R^p) + A(S^{p-1}) J] / (2 pi s^2)^{p/2},
 *            J = int_0^oo (u+R)^{p-1} exp(-u^2/(2 s^2)) du.
 *   The proof derives J = Z/2, so the printed shell term is twice the proof's.
 *   steiner: C = sum_{k=0}^{p} V_k(B_R^p) / (sqrt(2 pi) sigma)^k, the intrinsic
 *            volumes V_k = binom(p,k) (w_p / w_{p-k}) R^k, w_n = pi^{n/2}/G(n/2+1)
 *            (Steiner's formula; our derivation for clipping sets).
 *
 * vmf (Biswas et al., Theorem IV.1 / B.3, Definition A.1): nu = p/2 - 1.
 *   printed: C = 2 G(p/2)^-1 kappa^nu / (2^{p/2} I_nu(kappa)) e^kappa.
 *   proof:   C = A(S^{p-1}) e^kappa / C_{p,kappa},
 *            C_{p,kappa} = (2 pi)^{nu+1} I_nu(kappa) / kappa^nu.
 *   At kappa = 0 both are 0/0 (p > 2); arb returns the limit kappa -> 0+, 1. */
#ifndef LP_FORMS_H
#define LP_FORMS_H

#include "numeric/numeric.h"

#define LP_DECLARE_METHODS(name)                                              \
    lp_status lp_##name##_arb(lp_result *res, const lp_params *par, slong prec);     \
    lp_status lp_##name##_mpfr(lp_result *res, const lp_params *par, slong prec);    \
    lp_status lp_##name##_double(lp_result *res, const lp_params *par, slong prec);  \
    lp_status lp_##name##_logdouble(lp_result *res, const lp_params *par, slong prec); \
    lp_status lp_##name##_gsl(lp_result *res, const lp_params *par, slong prec);

LP_DECLARE_METHODS(gauss_printed)
LP_DECLARE_METHODS(gauss_proof)
LP_DECLARE_METHODS(vmf_printed)
lp_status lp_gauss_steiner_arb(lp_result *res, const lp_params *par, slong prec);
/* laplace-l1 (derived): Laplace noise of scale b per coordinate, inputs in the
 * l1 ball of radius R: C = sum_{j=0}^{p} (R/b)^j / j!  (our derivation). */
lp_status lp_laplace_l1_arb(lp_result *res, const lp_params *par, slong prec);
lp_status lp_laplace_l1_double(lp_result *res, const lp_params *par, slong prec);
lp_status lp_laplace_l1_logdouble(lp_result *res, const lp_params *par, slong prec);
LP_DECLARE_METHODS(vmf_proof)
/* gauss-layers (product): prod over the layers of C_gauss,steiner(p_l, sigma, clip)
 * (gauss_layers_product_arb.c). */
lp_status lp_gauss_layers_arb(lp_result *res, const lp_params *par, slong prec);

/* Extra working bits for arb forms at dimension p: their logs are of size
 * p log p, and exp() of them needs that many more bits. */
slong lp_dimension_extra_bits(uint64_t p);

/* ---- gauss: shared pieces -------------------------------------------------- */

/* The ball and sphere factors of the proof, in ball arithmetic:
 * v = V(B_R^p), a = A(S^{p-1}), norm = (2 pi sigma^2)^{p/2}. */
void lp_gauss_proof_factors_arb(arb_t v, arb_t a, arb_t norm, uint64_t p,
                                const arb_t sigma, const arb_t radius, slong prec);

/* The two-step recurrence shared by the printed sum's terms and Steiner's:
 *   T_{i+2} = T_i (p-1-i) q / ((i+1)(i+2)),  q = (R/sigma)^2,
 * an lp_step2_fn with this context. */
typedef struct {
    arb_t q;
    uint64_t p;
    /* q = qm 2^qe exactly with qm < 2^32 (qm = 0: q is not such a number);
     * set by lp_gauss_chain_exact */
    ulong qm;
    slong qe;
} lp_gauss_chain;
void lp_gauss_chain_step(arb_t out, const arb_t t, uint64_t i, int dir, void *ctx, slong prec);
/* Sets qm, qe from q; then lp_gauss_chain_ratio gives the recurrence as exact
 * fractions (an lp_ratio2_fn) when q is a dyadic number of at most 32 bits
 * (R/sigma = 1, 2, 1/2, ...), else 0. */
void lp_gauss_chain_exact(lp_gauss_chain *z);
int lp_gauss_chain_ratio(ulong *a, ulong *b, slong *e, uint64_t i, int dir, void *ctx);

/* The proof's radial integral in the scaled variable t = u/sigma:
 * h = int_0^oo (t+a)^n exp(-t^2/2) dt, with a = R/sigma >= 0, and the peak and
 * width of its integrand (double heuristics). */
void lp_gauss_radial_peak(double *t_peak, double *width, uint64_t n, double a);

/* ---- vmf: shared pieces ---------------------------------------------------- */

/* I_nu(kappa) by its power series  sum_m (kappa/2)^{2m+nu} / (m! G(m+nu+1)),
 * summed to the working precision: three variants of one algorithm.  nu > -1,
 * kappa >= 0.  They return 0 on success, -1 when the series needs more than
 * LP_TERMS_MAX_DOUBLE terms (kappa too large). */
int lp_bessel_i_series_double(double *res, double nu, double kappa);
/* Whether the series at (nu, kappa) is worth starting with `method`'s variant
 * (LP_DOUBLE, LP_LOGDOUBLE or LP_MPFR) at `prec` bits.  Its terms rise until
 * (m+1)(m+1+nu) > (kappa/2)^2, so the loop's length is known before it runs:
 * 0 with res declined (the estimate in its note) when that length passes
 * LP_TERMS_MAX_DOUBLE or its estimated time passes lp_loop_affordable's
 * budget; else 1.  kappa: a double view (inf beyond the double range, which
 * declines). */
int lp_bessel_i_series_affordable(lp_result *res, lp_method method, double nu, double kappa,
                                  slong prec);
int lp_bessel_i_series_log(double *logres, double nu, double kappa);
int lp_bessel_i_series_mpfr(mpfr_t res, const mpfr_t nu, const mpfr_t kappa);

/* res = I_nu(kappa), times e^-kappa when `scaled`, in ball arithmetic:
 * the power series with a rigorous tail bound where it needs at most a few
 * hundred terms (nu >> kappa, the papers' sizes), else Arb's I_nu
 * (arb_hypgeom_bessel_i or _scaled).  A ball that contains the truth either
 * way.  (src/forms/bessel_i_arb.c) */
void lp_bessel_i_arb(arb_t res, const arb_t nu, const arb_t kappa, int scaled, slong prec);

/* Maps a GSL status to ours; GSL_SUCCESS -> LP_OK. */
lp_status lp_gsl_status(int gsl_status);

/* ---- a non-certified value that lost accuracy (inaccurate.c) ---------------- */
/* 1 when x is subnormal (fewer than 53 significant bits). */
int lp_double_subnormal(double x);
/* An ok non-certified result becomes LP_INACCURATE, its value kept, the
 * sentence appended to its note; returns the status. */
lp_status lp_result_mark_inaccurate(lp_result *res, const char *fmt, ...);
/* Inaccurate when one of the n factors (named) is a subnormal whose precision,
 * 2^-1074 over it, is worse than LP_INACCURATE_TOL. */
lp_status lp_result_check_subnormal(lp_result *res, const char *const *names, const double *vals,
                                    int n);
/* A log-space result whose logs reach magnitude `mag`: inaccurate when their
 * rounding alone, 2^-52 mag, exceeds LP_INACCURATE_TOL. */
lp_status lp_result_check_log_magnitude(lp_result *res, double mag);
/* Inaccurate when GSL's own error estimate err of val exceeds the tolerance. */
lp_status lp_result_check_gsl_err(lp_result *res, const char *what, double val, double err);

#endif
