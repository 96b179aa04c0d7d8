/* pld_compose.h -- compose/, the floor of the PLD accountant: the T-fold
 * composition of one step's certified masses (or of phases', each its own T
 * times) on a circular grid of n points, by the FFT of pld_fft.h, with an
 * a-priori bound on every rounding.  The room's rule: it takes masses (balls
 * on l_kmin .. l_kmin+K-1) and counts of steps, never a mechanism nor a
 * relation; it fills the composition's part of lp_pld (pld->A, B, C,
 * err_fft, rnd_rel) on the grid pld->h, ja, n that init/ chose.  Its files:
 *   pld_fft.c, pld_fft_body.h, pld_fft_stages_body.h   the transforms, their bound;
 *   pld_real.h                 the real type of one build (double, long double);
 *   pld_pow_body.h, pld_compose_body.h   the powers and the composition, once;
 *   pld_double.c, pld_long_double.c      the two builds;
 *   pld_compose.c              what does not depend on the type: the bound's
 *                              constants, the circle's size, its arrays;
 *   pld_compose_best.c         the dispatcher between the types, the phases'
 *                              product's bound;
 *   pld_spectral.c             the spectral route: few coefficients left by the
 *                              power stand for the window (no inverse).
 * The error budget is (e) in bounds/pld_bounds.h. */
#ifndef LP_PLD_COMPOSE_H
#define LP_PLD_COMPOSE_H

#include "account/pld/compose/pld_fft.h"

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
/* The dispatcher (pld_compose_best.c): pld_compose_product in doubles, and again
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
 * off the ordinary pages); NULL when out of memory; free() releases it. */
void *pld_big_alloc(size_t size);

/* x rounded to the nearest double (ties to even), bitwise arf_get_d(x,
 * ARF_RND_NEAR): from the top limb where the result is a normal double,
 * arf_get_d elsewhere (pld_compose.c) */
double pld_arf_near_d(const arf_t x);

/* The circle's size for a window of need points (need >= 1): the least power
 * of 2 at least need, or, where that is PLD_N3_MIN or more, 3/4 of it where
 * that holds need (so 3 2^k from 49152 on; the real transforms take n = 3
 * 2^k: pld_fft.c).  pld_compose.c. */
#define PLD_N3_MIN ((size_t) 1 << 16)
size_t pld_circle_size(double need);

/* The spectral route (pld_spectral.c, its argument there): where at most
 * n / PLD_SPECTRAL_RATIO of the powered coefficients z[0 .. n+2) are nonzero
 * (all of them among k < kend <= n/2 + 1: the rest are not read)
 * (pld->spectral 0; 1: fewer than n/2 + 1; -1: never),
 * pld->nspec, spec_k, spec_a, spec_b from them and pld->err_fft = sum_E's
 * bound; 1, else (or out of memory) 0 and nothing kept.  pld_spectral_sums:
 * A, B enclosing the window's suffix sums sum_{j >= j0} p^_j and sum_{j >=
 * j0} p^_j e^{-h (j - j0)} of the exact inverse of the kept spectrum, 0 <= j0
 * < n, remembered per j0 (pld->spec_memo: the same balls again, so one lp_pld
 * is asked from one thread at a time).  pld_spectral_clear frees them (nspec
 * 0). */
#define PLD_SPECTRAL_RATIO ((size_t) 1 << 13)
int pld_spectral_keep(lp_pld *pld, const double *z, size_t kend, double sum_E);
void pld_spectral_sums(arb_t A, arb_t B, const lp_pld *pld, int64_t j0);
void pld_spectral_clear(lp_pld *pld);

#endif
