/* pld_internal.h -- what the files of the PLD accountant share (pld.c,
 * pld_grid.c, pld_bounds.c, pld_compose.c, pld_delta.c); not installed, not
 * a contract outside src/account/pld*.c.  Notation as at the top of pld.c. */
#ifndef LP_PLD_INTERNAL_H
#define LP_PLD_INTERNAL_H

#include "account/pld.h"

#define MASS_PREC 64
#define U53 1.1102230246251565e-16     /* 2^-53 */

/* ---- pld_grid.c: the masses of Y, certified ---------------------------------- */


/* l = k h exactly. */
void pld_grid_point(arb_t l, int64_t k, double h);

/* The K masses of Y on l_k, k = kmin .. kmin+K-1 (the ends absorbing the
 * clamped tails), certified at MASS_PREC; the caller clears the vector
 * (_arb_vec_clear(mass, K)). */
arb_ptr pld_masses(const lp_dpsgd *run, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
                   arb_ptr *tails, arb_ptr *lower);

/* pld->tau_hi, pld->tau_lo: the mass cut per step at l_kmax (remove) or
 * l_kmin (add), the other zero. */
void pld_cut_tails(lp_pld *pld, const lp_dpsgd *run, lp_pld_relation rel, int64_t kmin,
                   int64_t kmax, double h);

/* ---- pld_bounds.c: the mean rounding, the window's tails --------------------- */

/* x = the better of two valid bounds x, y: the smaller upper end (upper != 0)
 * or the larger lower end; y not finite leaves x. */
void pld_take_better(arb_t x, const arb_t y, int upper);

/* pld->mu_lo, pld->mu_hi: E[Y] - E[X~] enclosed from the masses, the
 * certified KL and the clamped tail at the double cut zcut. */
void pld_mean_rounding(lp_pld *pld, const lp_dpsgd *run, lp_pld_relation rel, arb_srcptr mass,
                       int64_t kmin, int64_t K, double h, double zcut);

/* pld->tail: P(S_Y outside the window (pld->ja, pld->n, pld->h)) bounded by
 * Chernoff at lam_hi, lam_lo (needs pld->mu_lo, mu_hi set); dref the delta
 * that sizes the Hoeffding term. */
void pld_window_tails(lp_pld *pld, const lp_dpsgd *run, lp_pld_relation rel, arb_srcptr mass,
                      arb_srcptr G, arb_srcptr F, int64_t kmin, int64_t K, double lam_hi, double lam_lo,
                      double dref);

/* ---- pld_fft.c: the FFT in x87 extended precision (u = 2^-64) ------------------ */

#define ULD 5.4210108624275222e-20     /* 2^-64 */
typedef struct {
    size_t n;
    long double *w;
} pld_fft_ld_plan;

int pld_fft_ld_available(void);         /* long double has a 64-bit significand */
void pld_fft_ld_plan_init(pld_fft_ld_plan *p, size_t n);
void pld_fft_ld_plan_clear(pld_fft_ld_plan *p);
void pld_fft_ld(long double *x, const pld_fft_ld_plan *p, int sign);
double pld_fft_ld_error_factor(size_t n);

/* ---- pld_compose.c: the composition in doubles ------------------------------ */

/* pld->err_fft, pld->A, B, C, rnd_rel: the T-fold composition of the masses
 * on the circle of pld->n points (pld->h, ja, T set) and its error bound. */
void pld_compose(lp_pld *pld, arb_srcptr mass, int64_t kmin, int64_t K);
/* the same in long double (pld_fft_ld_available() must hold) */
void pld_compose_ld(lp_pld *pld, arb_srcptr mass, int64_t kmin, int64_t K);

#endif
