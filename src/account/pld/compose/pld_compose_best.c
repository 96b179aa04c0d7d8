/* pld_compose_best.c -- the composition's dispatcher between the real types
 * (pld_compose_best): the product of the phases' spectra, each to its own
 * power, in doubles (pld_double.c), and again in x87 long doubles
 * (pld_long_double.c) where the double bound is too large.  One step is the
 * product of one phase.  The characteristic function of the sum of the
 * phases (phase i's step, masses m_i on l_kmin_i .., composed T_i times, all
 * phases one after the other) is prod_i y_{i,k}^T_i; the code is the single
 * run's (pld_compose_body.h's pld_compose_product).
 *
 * The error bound, re-proved for the product (steps 5, 5b and 6 of
 * pld_compose.c for one phase; u the type's unit roundoff):
 *   per phase, as for one: each phase's step is transformed by the real FFT
 *   (pld_fft.c: |y^_{i,k} - y_{i,k}| <= eps_F,i = fe_real sum_j |x^_j| plus
 *   the masses' radii and rounding), the coefficients its own power T_i
 *   amplifies summed again directly (eps_D,i, pld_fft.c's direct sums);
 *   eps_{i,k} is the one that applies to k.  The computed power a_{i,k} of
 *   the computed y^_{i,k} is within
 *     E_{i,k} = T_i eps_{i,k} R^(T_i - 1) + c_pow,i |y^|^T_i + 2^-1000
 *   of the exact b_{i,k} = y_{i,k}^T_i (R = min(1, |y^|) + eps_{i,k}; where
 *   |y^| <= r_cut,i the power is dropped, a = 0, and |b| < 2^-1000 + the
 *   first term, as for one phase).  The exact |b| <= 1 (a characteristic
 *   function's power).  The running product Z_i = Z_{i-1} a_i (computed,
 *   complex, one rounding of relative size gamma = sqrt(2) gamma_2 <= 2.9 u)
 *   against the exact B_i = B_{i-1} b_i:
 *     |Z_i - B_i| <= |Z_{i-1} - B_{i-1}| |b_i| + |Z_{i-1}| |a_i - b_i|
 *                    + gamma |Z_{i-1}| |a_i|
 *                 <= Err_{i-1} + |Z_{i-1}| (E_i + gamma |a_i|) =: Err_i,
 *   Z_1 = a_1 and Err_1 = E_1 exactly (the product with Z_0 = 1 is not
 *   formed); each later Err_i computed in doubles and raised by (1 + 8 u_53)
 *   against its own roundings, the moduli by (1 + 4 u_53).  Err_k = Err_nph
 *   bounds |z^_k - z_k| and enters, weighted by w_k as for one phase, the
 *   bound on sum_j (p^_j - p_j) w_j; the inverse real transform's rounding
 *   adds its per-point bound (pld_fft.c).  With one phase this is step 6's
 *   bound, computed in the same operations (the records of one run are
 *   unchanged).
 *   The spectra are Hermitian (real masses): only k = 0 .. n/2 are formed,
 *   z^_{n-k} := conj z^_k, so |z^_{n-k} - z_{n-k}| = |z^_k - z_k| and each
 *   0 < k < n/2 counts twice in the weighted sum, as for one phase.
 * The suffix sums' rounding (step 7) does not depend on the phases. */
#include <stdio.h>
#include <stdlib.h>
#include "account/pld/compose/pld_compose.h"
#include "core/host.h"

int
pld_compose_best(lp_pld *pld, size_t nph, const uint64_t *T, const arb_srcptr *mass,
                 const int64_t *kmin, const int64_t *K, double dref)
{
    lp_pld alt;
    int ok;
    if (pld_compose_product(pld, nph, T, mass, kmin, K) != 0)
        return -1;
    /* where the double bound is too large for the delta asked, above a fifth
     * of it (long runs at tiny q: |y_k| ~ 1 for many k, the bound ~
     * T log2(n) u; at q = 0.01, M = 1.1, T = 1e7 it is 0.11 delta and the
     * double result stands: 1 s, where the extended one narrows the bracket
     * [779.6, 787.7] -> [780.5, 786.7] for ~6 s more), again in x87
     * extended precision, u = 2^-64 (the same proof); the smaller bound is
     * kept.  On a grid above the default cap (--max-grid-size: asked for a
     * bracket the default grid cannot give) from a thousandth of delta: there
     * the double bound, growing as n, is what keeps the bracket wide (q 1e-3,
     * T 1e7 at 2^26 points: 2.4e-7 against delta 1e-5, the bracket 0.054
     * wide; in x87 1.5e-9, 0.0155).  At and below the cap the fifth, so
     * that no record there moves. */
    if (!(arf_cmpabs_d(arb_midref(pld->err_fft), (pld->n > LP_PLD_DEFAULT_MAX_N ? 1e-3 : 0.2) * dref) > 0)
        || !pld_fft_ld_available())
        return 0;
    alt = *pld;
    arb_init(alt.err_fft);
    alt.A = alt.B = alt.C = NULL;
    alt.nspec = 0;                              /* (the x87 route keeps its arrays) */
    alt.spec_k = NULL;
    alt.spec_a = alt.spec_b = NULL;
    alt.spec_memo = NULL;
    ok = pld_compose_product_ld(&alt, nph, T, mass, kmin, K) == 0;  /* else keep the double one */
    if (ok && lp_trace())
        fprintf(lp_trace(), "pld: err_fft double %g, long double %g\n",
                arf_get_d(arb_midref(pld->err_fft), ARF_RND_UP),
                arf_get_d(arb_midref(alt.err_fft), ARF_RND_UP));
    if (ok && arf_cmp(arb_midref(alt.err_fft), arb_midref(pld->err_fft)) < 0) {
        free(pld->A);
        free(pld->B);
        free(pld->C);
        pld_spectral_clear(pld);
        pld->A = alt.A;
        pld->B = alt.B;
        pld->C = alt.C;
        pld->rnd_rel = alt.rnd_rel;
        arb_swap(pld->err_fft, alt.err_fft);
    } else {
        free(alt.A);
        free(alt.B);
        free(alt.C);
    }
    arb_clear(alt.err_fft);
    return 0;                   /* (cancelled: the caller's check after it) */
}
