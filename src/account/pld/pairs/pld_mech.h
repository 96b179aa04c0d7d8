/* pld_mech.h -- what the PLD accountant needs from one mechanism's step: the
 * one-step interface that the composition, the tails, the mean rounding and
 * the bracket (pld.c, pld_tails.c, pld_mean.c, pld_delta.c) take, so that
 * they serve any mechanism whose worst-case privacy loss is one-dimensional.
 * Internal to src/account/pld/.  Notation as at the top of pld.c: X the
 * loss of one Poisson-subsampled step under the relation (law P), X~ = X
 * clamped to [l_kmin, l_kmax], Y = ceil_h(X~) on l_k = k h.
 *
 * The doubles (sketch, cuts) only choose the grid; every other entry is
 * certified (balls that contain the true value).  A mechanism whose loss is
 * bounded may leave `renyi` NULL: the window's tails then come from the
 * discretised loss's generating function alone (pld_tails.c). */
#ifndef LP_PLD_MECH_H
#define LP_PLD_MECH_H

#include "account/pld/pld_internal.h"
#include "account/pld/sketch/pld_sketch.h"

typedef struct {
    const char *name;           /* "gauss", "vmf": the record's "mechanism" */

    /* the law of X sketched in doubles on a quadrature grid (pld_sketch.h):
     * sk->mean, sk->var, sk->l, sk->lw; 0, or -1 out of memory (nothing
     * left allocated) */
    int (*sketch)(loss_sketch *sk, const lp_pld_step *st, lp_pld_relation rel);

    /* the clamp (a choice, in doubles): the loss's support kept,
     * [lo_cut, hi_cut], with T times the mass cut per step at most about
     * 1e-6 dref (remove cuts above, add below; the other end is the
     * support's own, or, for the Gaussian, a clamp where its tail is far
     * smaller: pld_mech_gauss.c) */
    void (*cuts)(double *lo_cut, double *hi_cut, const lp_pld_step *st, lp_pld_relation rel,
                 double dref);

    /* the K masses of Y on l_kmin .. l_kmin+K-1, the ends absorbing the
     * clamped tails, certified; *tails (unless NULL) the K-1 tails G_i =
     * P(X > l_{kmin+i}) with radii relative to themselves where they can
     * be; *lower (add only, else NULL) F_i = P(X <= l_{kmin+i}).  NULL when
     * out of memory (nothing left allocated) */
    arb_ptr (*masses)(const lp_pld_step *st, lp_pld_relation rel, int64_t kmin, int64_t K,
                      double h, arb_ptr *tails, arb_ptr *lower);

    /* pld->tau_hi = P(X > l_kmax) (remove), pld->tau_lo = P(X <= l_kmin)
     * (add), the other zero */
    void (*cut_tails)(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, int64_t kmin,
                      int64_t kmax, double h);

    /* [ex_lo, ex_hi] containing E[X~] (the KL divergence E[X] and the
     * clamp's effect, bounded) */
    void (*clamped_mean)(arb_t ex_lo, arb_t ex_hi, const lp_pld_step *st, lp_pld_relation rel,
                         int64_t kmin, int64_t K, double h);

    /* the Renyi divergence D_alpha(mixture || base) of one step (so that
     * E[e^{lam X}] = e^{lam D_{lam+1}} under remove and E[e^{-lam X}] =
     * e^{(lam-1) D_lam} under add), certified; 0, or -1 when none.  NULL:
     * not provided (a bounded loss) */
    int (*renyi)(arb_t rdp, const lp_pld_step *st, const arb_t alpha, slong prec);
} lp_pld_mech;

/* the row of `id` in the table (pld_mech.c) */
const lp_pld_mech *pld_mech_of(lp_pld_mech_id id);

extern const lp_pld_mech pld_mech_gauss;   /* pld_mech_gauss.c */
extern const lp_pld_mech pld_mech_vmf;     /* pld_mech_vmf.c */
extern const lp_pld_mech pld_mech_rr;      /* pld_mech_discrete.c */
extern const lp_pld_mech pld_mech_epsdelta;
extern const lp_pld_mech pld_mech_laplace; /* pld_mech_laplace.c */
extern const lp_pld_mech pld_mech_gauss_replace; /* pld_mech_replace.c */
/* kl = E_P[L] of the replace-one pair (pld_replace_kl.c), certified; 0, or -1
 * when no finite enclosure was reached */
int pld_replace_kl(arb_t kl, const lp_dpsgd *run, slong prec);
/* the record's "dominance" of replace-one (pld_study_replace.c) */
extern const char pld_replace_dominance[];

/* ---- fixed-size batches without replacement, replace-one (pld_mech_fixed_batch.c) */
extern const lp_pld_mech pld_mech_gauss_fixed_batch;
/* kl = E[X] of the symmetrised pair (pld_fixed_batch_kl.c), certified; 0, or
 * -1 when no finite enclosure was reached */
int pld_fixed_batch_kl(arb_t kl, const lp_dpsgd *run, slong prec);
/* the record's "dominance" of fixed batches (pld_study_replace.c) */
extern const char pld_fixed_batch_dominance[];
/* the record's "dominance" of the VMF's step (pld_study.c; the lists' too) */
extern const char pld_vmf_dominance[];

/* ---- the VMF's certified integrals (pld_vmf_arb.c) ------------------------- */

/* the double log of max_t e^{kappa t} (1 - t^2)^{(p-3)/2} (a choice: the
 * scale of the integrands below) */
void pld_vmf_shift(double *shift, double kappa, uint64_t p);
/* res = int_lo^hi g_sign(t) e^{-shift} [L(t)] dt, g_+-(t) = e^{+-kappa t}
 * (1 - t^2)^{(p-3)/2}, the factor L(t) = log(1 - q + q e^{2 kappa t}) with
 * with_loss; -1 <= lo, hi <= 1 exact (0 when lo >= hi); goal the relative
 * accuracy sought in bits (the ball is valid whatever it is) */
void pld_vmf_g_integral(arb_t res, const lp_pld_step *st, int sign, int with_loss, const arf_t lo,
                        const arf_t hi, slong goal, slong prec);
/* res >= g_sign(t) e^{-shift} for every t of the ball x within [-1, 1] */
void pld_vmf_g_bound(arb_t res, const lp_pld_step *st, int sign, const arb_t x, slong prec);

/* ---- the VMF's masses (pld_vmf_masses.c) --------------------------------------- */

/* Each of these three is a certified ball (Arb, 96-bit working precision,
 * about 52 bits sought), the laws "scaled" as pld_vmf_arb.c's integrands
 * are: g_+-(t) e^{-shift}, g_+-(t) = e^{+-kappa t} (1 - t^2)^((p-3)/2) the
 * unnormalised densities of t = mu.y, shift a double near log max g_+ (it
 * only keeps the numbers near 1), so that the ratio of an integral to
 * pld_vmf_normaliser's is a probability.
 * res = the integral of the relation's law of t (remove: (1-q) g_- + q g_+,
 * add: g_-) over the exact ends [a, b], times L(t) with with_loss */
void pld_vmf_law_integral(arb_t res, const lp_pld_step *st, lp_pld_relation rel, int with_loss,
                          const arf_t a, const arf_t b);
/* z = int_{-1}^{1} g_- (scaled): the normaliser of either law */
void pld_vmf_normaliser(arb_t z, const lp_pld_step *st);
/* res = P(X > l) (above) or P(X <= l), normalised (a probability) */
void pld_vmf_prob_beyond(arb_t res, const lp_pld_step *st, lp_pld_relation rel, const arb_t l,
                         int above);
/* the masses hook of pld_mech.h for the VMF */
arb_ptr pld_vmf_masses(const lp_pld_step *st, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
                       arb_ptr *tails, arb_ptr *lower);

#endif
