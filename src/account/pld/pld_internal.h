/* pld_internal.h -- what the files of the PLD accountant share (pld.c and
 * the other src/account/pld*.c); not installed, not a contract outside them.
 * Notation as at the top of pld.c. */
#ifndef LP_PLD_INTERNAL_H
#define LP_PLD_INTERNAL_H

#include <math.h>
#include "account/pld/pld.h"

#define MASS_PREC 64
#define U53 1.1102230246251565e-16     /* 2^-53 */

/* x moved down by two units in the last place: below the true value of a
 * libm result within one ulp of it (glibc's log1p: at most 1 ulp), so that
 * the loss's infimum log(1 - q) is never above the double the grid starts
 * from (the grid's choices are doubles; its masses are certified) */
static inline double
pld_below(double x)
{
    return nextafter(nextafter(x, -INFINITY), -INFINITY);
}

/* ---- pld_grid.c: the masses of Y, certified ---------------------------------- */

/* l = k h exactly. */
void pld_grid_point(arb_t l, int64_t k, double h);

/* The K masses of Y on l_k, k = kmin .. kmin+K-1 (the ends absorbing the
 * clamped tails), certified (radii below about 2^-50 of each mass); the
 * caller clears the vector (_arb_vec_clear(mass, K)).  tails (unless NULL):
 * G_i = P(X > l_{kmin+i}), i < K - 1; lower (add only, else NULL):
 * F_i = P(X <= l_{kmin+i}).  NULL (nothing left allocated) when a plain
 * allocation failed. */
arb_ptr pld_masses(const lp_dpsgd *run, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
                   arb_ptr *tails, arb_ptr *lower);

/* ---- pld_grid.c, pld_grid_taylor.c: the Gaussian's masses by method ------
 * pld_masses dispatches to pld_masses_taylor (Taylor blocks in the loss, each
 * mass a double polynomial with a proved bound; one thread); pld_masses_arb
 * is the former route (Arb at every boundary, on OpenMP's threads), kept as
 * the independent check.  Both with pld_masses' contract above. */
arb_ptr pld_masses_taylor(const lp_dpsgd *run, lp_pld_relation rel, int64_t kmin, int64_t K,
                          double h, arb_ptr *tails, arb_ptr *lower);
arb_ptr pld_masses_arb(const lp_dpsgd *run, lp_pld_relation rel, int64_t kmin, int64_t K,
                       double h, arb_ptr *tails, arb_ptr *lower);
/* F = P(X <= l) (cdf != 0) or P(X > l) (cdf = 0) for the Poisson-subsampled
 * Gaussian's loss X under the relation, at l (a ball); [0, 1] where l's ball
 * straddles the loss's end. */
void pld_loss_cdf_arb(arb_t F, const lp_dpsgd *run, lp_pld_relation rel, const arb_t l, int cdf,
                      slong prec);

/* ---- pld_grid_series.c: H(l) = P(X <= l)'s Taylor coefficients, the
 * Gaussian's, in Arb (for pld_grid_taylor.c) ---------------------------- */
typedef struct {
    lp_pld_relation rel;
    double h;
    int64_t kmin;
    arb_t q, one_minus_q, a, b0, b1;    /* q, 1 - q, M/sqrt2, 1/(2 M sqrt2), 1/(M sqrt2) */
    double q_d, M_d;
} pld_gauss_series_ctx;
void pld_gauss_series_init(pld_gauss_series_ctx *x, const lp_dpsgd *run, lp_pld_relation rel,
                           int64_t kmin, double h);
void pld_gauss_series_clear(pld_gauss_series_ctx *x);
/* c_0 .. c_{n-1}: H's Taylor coefficients at l0 (a ball: then each holds
 * H^(k)(xi)/k! for every xi in it), at prec.  0, or -1 when l0 is not
 * certainly inside the loss's support's interior (E(l0) > 0, see there). */
int pld_gauss_cdf_series(arb_ptr c, const arb_t l0, slong n, const pld_gauss_series_ctx *x,
                         slong prec);

/* pld_grid_horner.c: a Taylor block's masses mass[i0 .. i1) (pld_grid_taylor.c)
 * from the coefficients c1[0 .. n) of its polynomial in j = i - ic (scaled
 * by 2^-scale; c1[0] the constant, a ball) and R >= the Lagrange remainder
 * (scaled alike), each a ball with a proved bound; v a buffer of i1 - i0
 * long doubles.  0, or 1 when the bound is not below 2^-52 of the block's
 * least mass (a smaller block), 2 when the coefficients' radii are most of
 * it (a higher precision); masses set only on 0.  n <= PLD_HORNER_TERMS_MAX. */
#define PLD_HORNER_TERMS_MAX 32
int pld_block_horner(arb_ptr mass, int64_t i0, int64_t i1, int64_t ic, arb_srcptr c1, slong n,
                     const mag_t R, slong scale, slong prec, long double *v);

/* pld_grid_direct.c: the masses one by one.  The previous boundary's H,
 * kept for the next direct mass (a run of them where the blocks stay below
 * a few points). */
typedef struct {
    arb_t H;
    int64_t i;                  /* H = H(l_i) (-1: none) */
    int upper;
    slong prec;
} pld_direct_cache;
/* mass m = H(l_i) - H(l_{i-1}) (the upper tail's difference where upper)
 * in Arb, the precision raised until its radius is below 2^-50 of it (or
 * 1024 bits); H(l_i) left in dc */
void pld_direct_mass(arb_ptr m, const lp_dpsgd *run, int64_t i, int upper,
                     const pld_gauss_series_ctx *x, pld_direct_cache *dc);
/* whether P(X > l_{kmin+i}) < 1/2, in doubles (libm): a choice only */
int pld_upper_is_smaller(const pld_gauss_series_ctx *x, int64_t i);

/* pld->tau_hi, pld->tau_lo: the mass cut per step at l_kmax (remove) or
 * l_kmin (add), the other zero. */
void pld_cut_tails(lp_pld *pld, const lp_dpsgd *run, lp_pld_relation rel, int64_t kmin,
                   int64_t kmax, double h);

/* res = phi(x) = e^{-x^2/2} / sqrt(2 pi) (pld_kl.c). */
void pld_normal_density(arb_t res, const arb_t x, slong prec);

/* out_i = Phi(z_i), i < n, for sorted z_0 <= z_1 <= ... (balls), certified at
 * prec: in blocks of |z_i - c| <= 1/16 around an exact centre c by a Taylor
 * series of 12 terms with a bound on its remainder, one erfc per block
 * (pld_phi.c); stops early, leaving the rest, once lp_cancelled(). */
void pld_phi_sorted(arb_ptr out, arb_srcptr z, int64_t n, slong prec);

/* ---- pld_hook_tails.c: the tails the mechanisms' hooks give ------------------ */

/* *tails = G and *lower = F where asked (not NULL), else each cleared
 * (K > 1 ? K - 1 : 1 balls); F may be NULL (then *lower = NULL) */
void pld_hand_out_tails(arb_ptr G, arb_ptr F, int64_t K, arb_ptr *tails, arb_ptr *lower);

/* a mechanism's res = P(X > l) (above) or P(X <= l) of one step under rel,
 * certified */
typedef void (*pld_beyond_fn)(arb_t res, const lp_pld_step *st, lp_pld_relation rel,
                              const arb_t l, int above);
/* the cut_tails hook of pld_mech.h from such a tail probability:
 * pld->tau_hi = P(X > l_kmax) (remove), pld->tau_lo = P(X <= l_kmin) (add),
 * the other zero */
void pld_cut_tails_from(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, int64_t kmin,
                        int64_t kmax, double h, pld_beyond_fn beyond);

/* ---- pld_better.c, pld_mean.c, pld_tails.c: the bounds around the composition */

/* x = the better of two valid bounds x, y: the smaller upper end (upper != 0)
 * or the larger lower end; y not finite leaves x. */
void pld_take_better(arb_t x, const arb_t y, int upper);

/* pld_tails_gf.c: sum >= sum_{i < cnt} |v_i|^ e^{t l_{kmin+i}} (|v_i|^ the
 * upper end of |v_i|: an upper bound, in doubles with a proved bound);
 * e1 = e^{t l_{kmin+cnt}}, step = e^{t h}, e0 (unless NULL) = e^{t l_kmin}. */
void pld_gf_sum(arb_t sum, arb_t e1, arb_t step, arb_ptr e0, arb_srcptr v, int64_t cnt,
                const arb_t t, int64_t kmin, double h);

/* pld->mu_lo, pld->mu_hi: E[Y] - E[X~] enclosed from the masses and the
 * mechanism's certified KL and clamped tail (pld_mech.h). */
void pld_mean_rounding(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, arb_srcptr mass,
                       int64_t kmin, int64_t K, double h);

/* pld->tail: P(S_Y outside the window (pld->ja, pld->n, pld->h)) bounded by
 * Chernoff at lam_hi, lam_lo (needs pld->mu_lo, mu_hi set); dref the delta
 * that sizes the Hoeffding term. */
void pld_window_tails(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, arb_srcptr mass,
                      arb_srcptr G, arb_srcptr F, int64_t kmin, int64_t K, double lam_hi, double lam_lo,
                      double dref);

/* the same over phases (pld_phases.c): nph steps st[i] of T_i = st[i].run->steps
 * each, their masses, tails, kmin and K; pld->T the phases' sum and
 * pld->mu_lo, mu_hi their steps' average (T mu the sum of the T_i mu_i) */
void pld_window_tails_phases(lp_pld *pld, const lp_pld_step *st, size_t nph, lp_pld_relation rel,
                             const arb_srcptr *mass, const arb_srcptr *G, const arb_srcptr *F,
                             const int64_t *kmin, const int64_t *K, double lam_hi, double lam_lo,
                             double dref);

/* ---- pld_record.c: the records' number formats ------------------------- */

/* key = v rounded down (up != 0: up) to `digits` digits; null when not finite */
void pld_record_eps(lp_record *rec, const char *key, double v, slong digits, int up);
/* key = x's lower (up == 0) or upper end, directed, to `digits` digits */
void pld_record_arb_directed(lp_record *rec, const char *key, const arb_t x, slong digits, int up);

/* ---- pld_fft.c: the FFT's error factor; pld_double.c, pld_long_double.c --- */

/* (1 + eta)^log2(n) - 1 rounded up for the unit roundoff u = 2^log2_u and
 * twiddles within mu_u u (the bound proved in pld_fft.c). */
double pld_fft_error_factor(size_t n, slong log2_u, double mu_u);

/* The FFT of pld.h in x87 extended precision (u = 2^-64), the same contract. */
typedef struct {
    size_t n;
    long double *w;             /* e^{-2 pi i j/n}, j < n/2, interleaved */
    double mu;                  /* |w^ - w| <= mu for every twiddle */
    long double *tw;            /* scratch, as lp_fft_plan's */
    long double *buf;           /* as lp_fft_plan's */
} lp_fft_ld_plan;

int pld_fft_ld_available(void);         /* long double has a 64-bit significand */

/* The grid width's margin (pld.c): h = width x eps / (margin x spread),
 * eps the epsilon sized for; PLD_WIDTH_MARGIN where eps is step 1's best
 * estimate and its saddle point is known, PLD_WIDTH_MARGIN_HINT where eps
 * is given (delta at epsilon; a rebuild, pld_study.c) or no saddle point
 * was found.  A choice: every bound is certified whatever h is. */
#define PLD_WIDTH_MARGIN 1.2
#define PLD_WIDTH_MARGIN_HINT 1.3
/* the least margin h may be widened to where that halves the FFT's length */
#define PLD_WIDTH_MARGIN_LOOSE 1.12

/* The grid width's choices (pld_width.c), in doubles; every bound is
 * certified whatever they are.  pld_width_floor: the least epsilon the grid
 * is sized for, a share of the Gaussian estimate eps_gauss (below it the
 * bracket's width is absolute).  pld_width_epsilon: the epsilon to size
 * for, the best of the estimates (eps_sketch at T <= 100, eps_saddle above;
 * each 0 where not made), never below the floor.  pld_rounding_share: the
 * share s of width x eps_est that the grid's rounding may take, h = width x
 * eps_est x s / spread (1 / PLD_WIDTH_MARGIN_HINT where lambda, the
 * saddle point, is 0: a given epsilon, or T <= 100); *slack >= 1 how much
 * coarser h may be made where that halves the FFT's length. */
double pld_width_floor(double eps_gauss);
double pld_width_epsilon(uint64_t T, double eps_gauss, double eps_sketch, double eps_saddle);
double pld_rounding_share(double Tf, double dref, double width, double eps_est, double lambda,
                          double *slack);
int lp_fft_ld_plan_init(lp_fft_ld_plan *p, size_t n);  /* 0, or -1 out of memory */
void lp_fft_ld_plan_clear(lp_fft_ld_plan *p);
void lp_fft_ld(long double *x, const lp_fft_ld_plan *p, int sign);
double lp_fft_ld_error_factor(const lp_fft_ld_plan *p);

/* ---- the composition: pld_compose.c, pld_double.c, pld_long_double.c -------- */

/* pld->err_fft, pld->A, B, C, rnd_rel: the T-fold composition of the masses
 * on the circle of pld->n points (pld->h, ja, T set) and its error bound, in
 * doubles.  0, or -1 when out of memory or cancelled (A, B, C NULL). */
int pld_compose(lp_pld *pld, arb_srcptr mass, int64_t kmin, int64_t K);
/* the same in long double (pld_fft_ld_available() must hold) */
int pld_compose_ld(lp_pld *pld, arb_srcptr mass, int64_t kmin, int64_t K);
/* The one body of both (pld_compose_body.h): nph phases, phase i's masses
 * mass[i] (K[i] of them from l_kmin[i]) composed T[i] times, the product of
 * the phases' spectra; nph = 1 is pld_compose.  In doubles, and _ld in
 * long double (pld_fft_ld_available() must hold).  0, or -1 when out of
 * memory or cancelled (A, B, C NULL). */
int pld_compose_product(lp_pld *pld, size_t nph, const uint64_t *T, const arb_srcptr *mass,
                        const int64_t *kmin, const int64_t *K);
int pld_compose_product_ld(lp_pld *pld, size_t nph, const uint64_t *T, const arb_srcptr *mass,
                           const int64_t *kmin, const int64_t *K);
/* The dispatcher (pld_compose.c): pld_compose_product in doubles, and again
 * in long double where the double bound exceeds a fifth of dref and x87's
 * format is there, the smaller bound kept (a choice: both are certified).
 * 0, or -1 when out of memory or cancelled. */
int pld_compose_best(lp_pld *pld, size_t nph, const uint64_t *T, const arb_srcptr *mass,
                     const int64_t *kmin, const int64_t *K, double dref);

/* The composition's constants in a type of unit roundoff u = 2^log2_u, as
 * doubles rounded the safe way: c_pow >= (1 + sqrt(2) gamma_2)^(2T) - 1;
 * r_cut <= 2^(-1000/(T-1)); ch_h >= 1 + e^{h/2} (pld_compose.c). */
void pld_power_constants(double *c_pow, double *r_cut, double *ch_h, uint64_t T, double h,
                         slong log2_u);

/* size bytes for the transforms' large arrays (pld_compose.c): from 2 MiB
 * on aligned to 2 MiB and offered to the kernel's transparent huge pages
 * (issue 31: the strided passes over 4 KiB pages, their faults and
 * unmapping were a third of a run at n = 2^23; advice only, where THP is
 * off the ordinary pages); NULL when out of memory; free() releases it.
 * pld_big_calloc: the same, zeroed. */
void *pld_big_alloc(size_t size);
void *pld_big_calloc(size_t size);

/* The circle's size for a window of need points (need >= 1): the least power
 * of 2 at least need, or, where that is PLD_N3_MIN or more, 3/4 of it where
 * that holds need (so 3 2^k from 49152 on; the real transforms take n = 3
 * 2^k: pld_fft.c).  pld_compose.c. */
#define PLD_N3_MIN ((size_t) 1 << 16)
size_t pld_circle_size(double need);

/* The epsilon lp_pld_init_step's grid width would be sized for (pld.c, step
 * 1, its estimate only: no sizing loop, no Chernoff points), in
 * pld->eps_sized, st->width_eps_floor ignored; and the point estimates
 * pld->eps_guess (the sketch's, T <= 100) and pld->eps_saddle.  0, or -1
 * with pld->why (lp_pld_clear it either way).  For lp_pld_pair_floors. */
int pld_estimate_step(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, double width,
                      size_t max_n);

#endif
