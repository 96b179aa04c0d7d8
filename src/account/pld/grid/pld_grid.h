/* pld_grid.h -- grid/: the certified masses of one step's discretised loss
 * Y = ceil_h(X~) on the grid l_k = k h (the clamped ends absorbing the cut
 * tails) and their proved errors, and the pieces every mechanism's masses
 * take: the grid point l_k exactly, and the normal's density and its cdf Phi
 * at many sorted points.  The Gaussian's masses are here by method: Taylor
 * blocks in the loss (pld_grid_taylor.c: each block's coefficients in Arb,
 * pld_grid_series.c; its polynomial in doubles or long doubles with a
 * proved bound, pld_grid_horner.c; the masses one by one where the blocks
 * stay small, pld_grid_direct.c) and Arb at every boundary, their
 * independent check (pld_grid_arb.c).  The room's rule: it knows the
 * Gaussian's loss and nothing of the table of mechanisms; pld_grid.c (the
 * grid point, the loss's cdf, the cut tails) is its floor.  Notation as in
 * bounds/pld_bounds.h. */
#ifndef LP_PLD_GRID_H
#define LP_PLD_GRID_H

#include "account/pld/pld_types.h"

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

/* ---- pld_grid_arb.c, pld_grid_taylor.c: the Gaussian's masses by method --
 * pld_masses dispatches to pld_masses_taylor (Taylor blocks in the loss, each
 * mass a double polynomial with a proved bound; one thread); pld_masses_arb
 * is the former route (Arb at every boundary, on OpenMP's threads), kept as
 * the independent check.  Both with pld_masses' contract above. */
arb_ptr pld_masses_taylor(const lp_dpsgd *run, lp_pld_relation rel, int64_t kmin, int64_t K,
                          double h, arb_ptr *tails, arb_ptr *lower);
/* the same with each block's bound below 2^-bits of its least mass (its
 * remainder below 2^-(bits+4)) instead of 2^-52: bits PLD_MASS_BITS_LOOSE
 * where the bracket asked is loose (pld_init.c: --width >= 0.5), fewer and
 * longer blocks, the masses certified either way; pld_masses_at dispatches
 * as pld_masses does */
#define PLD_MASS_BITS 52
#define PLD_MASS_BITS_LOOSE 36
arb_ptr pld_masses_taylor_bits(const lp_dpsgd *run, lp_pld_relation rel, int64_t kmin, int64_t K,
                               double h, slong bits, arb_ptr *tails, arb_ptr *lower);
arb_ptr pld_masses_at(const lp_dpsgd *run, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
                      slong bits, arb_ptr *tails, arb_ptr *lower);
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
    slong bits;                         /* the blocks' accuracy (pld_masses_taylor_bits) */
} pld_gauss_series_ctx;
void pld_gauss_series_init(pld_gauss_series_ctx *x, const lp_dpsgd *run, lp_pld_relation rel,
                           int64_t kmin, double h);
void pld_gauss_series_clear(pld_gauss_series_ctx *x);
/* c_1 .. c_{n-1}: H's Taylor coefficients at l0 (a ball: then each holds
 * H^(k)(xi)/k! for every xi in it), at prec; c_0 (H itself) is not
 * computed: indeterminate.  0, or -1 when l0 is not certainly inside the
 * loss's support's interior (E(l0) > 0, see there). */
/* g_1 .. g_{n-1}: erfc(w(l))'s Taylor coefficients from w's n; g_0
 * indeterminate (erfc(w_0) not evaluated). */
void pld_erfc_series_sans_constant(arb_ptr g, arb_srcptr w, slong n, slong prec);
int pld_gauss_cdf_series(arb_ptr c, const arb_t l0, slong n, const pld_gauss_series_ctx *x,
                         slong prec);

/* pld_grid_horner.c: a Taylor block's masses mass[i0 .. i1) (pld_grid_taylor.c)
 * from the coefficients c1[0 .. n) of its polynomial in j = i - ic (scaled
 * by 2^-scale; c1[0] the constant, a ball) and R >= the Lagrange remainder
 * (scaled alike), each a ball with a proved bound; v a buffer of i1 - i0
 * long doubles.  0, or 1 when the bound is not below 2^-bits (52, or
 * PLD_MASS_BITS_LOOSE) of the block's least mass (a smaller block), 2 when the coefficients' radii are most of
 * it (a higher precision); masses set only on 0.  n <= PLD_HORNER_TERMS_MAX. */
#define PLD_HORNER_TERMS_MAX 32
int pld_block_horner(arb_ptr mass, int64_t i0, int64_t i1, int64_t ic, arb_srcptr c1, slong n,
                     const mag_t R, slong scale, slong prec, slong bits, long double *v);

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

/* res = phi(x) = e^{-x^2/2} / sqrt(2 pi) (pld_phi.c). */
void pld_normal_density(arb_t res, const arb_t x, slong prec);

/* out_i = Phi(z_i), i < n, for sorted z_0 <= z_1 <= ... (balls), certified at
 * prec: in blocks of |z_i - c| <= 1/16 around an exact centre c by a Taylor
 * series of 12 terms with a bound on its remainder, one erfc per block
 * (pld_phi.c); stops early, leaving the rest, once lp_cancelled(). */
void pld_phi_sorted(arb_ptr out, arb_srcptr z, int64_t n, slong prec);

#endif
