/* pld_compose_phases.c -- the composition of phases on one circular grid:
 * phase i's step (masses m_i on l_kmin_i .. ) composed T_i times, all phases
 * one after the other.  The characteristic function of the sum is the
 * product of the phases' spectra each raised to its own power,
 * prod_i y_{i,k}^T_i.  The code is the single run's (pld_compose_body.h's
 * pld_compose_product, through the dispatcher pld_compose_best: doubles,
 * then x87 long doubles where the bound is too large); this file holds the
 * entry of pld_phases.c and the product's error bound.
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
#include <stdlib.h>
#include "account/pld/pld_internal.h"

int
pld_compose_phases(lp_pld *pld, const lp_pld_step *st, size_t nph, const arb_srcptr *mass,
                   const int64_t *kmin, const int64_t *K)
{
    const double d = st[0].run->delta_d;
    /* the delta the dispatcher compares the double bound with: as sized
     * (pld_phases.c's dref) */
    const double dref = d > 0 && d < 1 ? fmax(d, 1e-300) : 1e-5;
    uint64_t *T = malloc((nph ? nph : 1) * sizeof *T);
    int r;
    if (T == NULL)
        return -1;
    for (size_t i = 0; i < nph; i++)
        T[i] = st[i].run->steps;
    r = pld_compose_best(pld, nph, T, mass, kmin, K, dref);
    free(T);
    return r;
}
