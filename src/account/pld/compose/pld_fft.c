/* pld_fft.c -- a radix-2 FFT in doubles with an a-priori, componentwise
 * error bound, for the PLD accountant's composition.  Contract in pld_fft.h.
 *
 * Why doubles and not Arb's ball DFT (acb_dft, present in Arb 2.23): the
 * composition needs n = 2^20 .. 2^23 points; acb_dft at that size costs
 * seconds to tens of seconds (a ball multiplication is ~50x a double one),
 * while the double FFT below with the bound proved here costs tens of
 * milliseconds, and the bound (which grows like T log2(n) u, see pld_bounds.h) stays
 * far below the deltas accounted.  FFTW is not used: its codelets (mixed
 * radix, generated) have no published a-priori bound; the plain radix-2
 * decimation in time below has one.
 *
 * The bound.  Each of the L = log2(n) stages applies butterflies
 * (a, b) -> (a + w b, a - w b) with |w| = 1.  With computed twiddles w^,
 * |w^ - w| <= mu, and standard complex arithmetic (|fl(xy) - xy| <=
 * sqrt(2) gamma_2 |x||y|, fl(x +- y) = (x +- y)(1 + d), |d| <= u: Higham,
 * Accuracy and Stability of Numerical Algorithms, 2nd ed., Lemma 3.5 and
 * Section 24.1), each computed output of a butterfly is within
 * eta (|a| + |b|) of the exact one, eta = mu + gamma_4 (sqrt(2) + mu)
 * (Higham's eta, eq. (24.4); fused multiply-adds only lower these bounds).
 * Write stage s as x_s = A_s x_{s-1}: two entries of modulus 1 per row.
 * Componentwise, the computed error e_s obeys
 *   |e_s| <= |A_s| |e_{s-1}| + eta |A_s| (|x_{s-1}| + |e_{s-1}|),
 * and by induction |e_s| <= ((1 + eta)^s - 1) |A_s| ... |A_1| |x|.  The
 * product of the entrywise moduli is the all-ones matrix (one path, of
 * modulus 1, from each input to each output), so every output k obeys
 *   |fft^(x)_k - fft(x)_k| <= ((1 + eta)^L - 1) sum_j |x_j|
 * (Higham's Theorem 24.2 is the 2-norm form of the same argument).  The
 * bit-reversal permutation is exact.  Without underflow: the callers add an
 * absolute 2^-1000 per coefficient for it.
 *
 * The twiddles: e^{-2 pi i j/n} = hi[j / B] lo[j % B] with B = 2^ceil(L/2);
 * the 2 sqrt(n) table entries are Arb balls (80 bits) rounded to the nearest
 * doubles (each within 1.01 u in modulus), their product one complex double
 * multiplication: |w^ - w| <= sqrt(2) gamma_2 (1 + 1.01u)^2 + 2.03 u < 5 u =
 * mu.
 *
 * Lengths 3 2^k (issue 31: the grid's window rounded up to the least of 2^k
 * and 3 2^(k-2), pld_circle_size).  The N = 3M point transform (M = 2^p):
 * the three M-point transforms Y_r of x_{3m+r} (the copies exact; p stages
 * each, the bound above), then one radix-3 stage (fft_radix3): B^ =
 * fl(t1^ Y_1), C^ = fl(t2^ Y_2) with |t^ - W^k| <= mu (W^{2k} past the
 * table's half its negated entry, exact), so |B^ - W^k Y_1| <= m1 |Y_1|, m1 =
 * mu + sqrt(2) gamma_2 (1 + mu); s = fl(B^ + C^), d = fl(B^ - C^) (each
 * within u of its exact value in modulus); X_k = fl(Y_0 + s); e = fl(Y_0 -
 * s/2) (the halving exact); g = fl(kappa d), kappa = sqrt(3)/2 rounded (within
 * u relative); X_{k+M}, X_{k+2M} = fl(e -+ i cs g) (the product by +-i
 * exact).  Term by term, the factors (1 + u)^3 (1 + m1) below 1.0001, with
 * S = |Y_0| + |Y_1| + |Y_2| the stage's computed inputs:
 *   |X^_k - X_k| <= u |Y_0| + (2.0001 u + m1) (|Y_1| + |Y_2|),
 *   |X^_{k+tM} - X_{k+tM}| <= 2.0001 u |Y_0| + (4.97 u + (1/2 + sqrt(3)/2) m1)
 *   (|Y_1| + |Y_2|)   (t = 1, 2: s/2 carries m1/2, (sqrt(3)/2) d the rest),
 * so every output within (1.37 m1 + 5.01 u) S < 2 eta S (2 eta >= 2 mu +
 * 8 sqrt(2) u = 2 mu + 11.3 u; 1.37 m1 <= 1.37 mu + 3.9 u).  The
 * componentwise induction above, with this stage's 2 eta, gives
 *   ((1 + eta)^p (1 + 2 eta) - 1) sum_j |x_j| <= ((1 + eta)^L - 1) sum |x_j|,
 * L = p + 2 = ceil(log2 N): pld_fft_error_factor's L (the least with 2^L >=
 * n) makes its factor a bound for these lengths as written, and the real
 * transforms' argument below holds for every even n (|a_k|^2 + |b_k|^2 = 1,
 * the table's entries within mu; the table's product hi[j / B] lo[j % B] is
 * the same for any n).  t-pld-fft checks both kinds against acb_dft.
 *
 * The plan, the transform and its factor are written once for the real type
 * (pld_fft_body.h) and built for doubles (pld_double.c) and, below, for x87
 * long doubles (pld_long_double.c); this file holds what is not typed: the
 * factor (1 + eta)^L - 1 in Arb, and whether long double is x87's. */
#include <float.h>
#include "account/pld/compose/pld_fft.h"

/* (1 + eta)^L - 1 rounded up, L = log2(n), eta = mu + gamma_4 (sqrt 2 + mu),
 * u = 2^log2_u the unit roundoff, mu = mu_u u the twiddles' error: the bound
 * above, for doubles (u = 2^-53) and x87 long doubles (u = 2^-64) alike */
double
pld_fft_error_factor(size_t n, slong log2_u, double mu_u)
{
    size_t L = 0;
    arb_t u, eta, g4, t;
    double r;
    while (((size_t) 1 << L) < n)
        L++;
    arb_init(u);
    arb_init(eta);
    arb_init(g4);
    arb_init(t);
    arb_one(u);
    arb_mul_2exp_si(u, u, log2_u);
    arb_mul_ui(g4, u, 4, 128);                  /* gamma_4 = 4u / (1 - 4u) */
    arb_sub_ui(t, g4, 1, 128);
    arb_neg(t, t);
    arb_div(g4, g4, t, 128);
    arb_set_d(eta, mu_u);
    arb_mul(eta, eta, u, 128);                  /* mu */
    arb_sqrt_ui(t, 2, 128);
    arb_add(t, t, eta, 128);
    arb_mul(t, t, g4, 128);
    arb_add(eta, eta, t, 128);                  /* mu + gamma_4 (sqrt 2 + mu) */
    arb_add_ui(eta, eta, 1, 128);
    arb_pow_ui(eta, eta, L, 128);
    arb_sub_ui(eta, eta, 1, 128);
    {
        arf_t up;
        arf_init(up);
        arb_get_ubound_arf(up, eta, 128);
        r = arf_get_d(up, ARF_RND_UP);
        arf_clear(up);
    }
    arb_clear(u);
    arb_clear(eta);
    arb_clear(g4);
    arb_clear(t);
    return r;
}

/* ---- the real transforms (pld_fft_body.h: fft_real_forward, _inverse) ------
 *
 * The composition's vectors are real (the masses; the inverse of the
 * Hermitian powered spectrum), so one complex FFT of N = n/2 points does
 * each transform (the classical packing; e.g. Press et al., Numerical
 * Recipes, 3rd ed., Section 12.3).
 *
 * Forward.  z_m = x_{2m} + i x_{2m+1}, Z = DFT_N(z); with w = e^{-2 pi i/n},
 * X_k = a_k Z_k + b_k conj Z_{N-k}, a_k = (1 - i w^k)/2, b_k = (1 + i w^k)/2
 * (Z_N = Z_0), k = 0 .. N; the code forms E = (Z_k + conj Z_{N-k})/2,
 * O = (Z_k - conj Z_{N-k})/(2i), t = w^k O, X_k = E + t, X_{N-k} =
 * conj(E - t) (w^{N-k} = -conj w^k).  Error: the computed Z^ = Z + e with
 * |e_k| <= fe_N sum_m |z_m| <= fe_N S, S = sum_j |x_j| (the bound above for
 * N points; |a + ib| <= |a| + |b|).  (i) Propagated: |a_k e_k + b_k
 * conj e_{N-k}| <= sqrt(|a_k|^2 + |b_k|^2) sqrt(|e_k|^2 + |e_{N-k}|^2)
 * <= sqrt(2) fe_N S, since |a_k|^2 + |b_k|^2 = 1 for |w^k| = 1.  (ii) The
 * post-processing's own rounding on the computed Z^: E and O each one
 * addition per component (the halving exact), |E^ - E|, |O^ - O| <= u m,
 * m = (|Z^_k| + |Z^_{N-k}|)/2 >= |E|, |O|; the product with the table's
 * w^ (|w^ - w| <= mu) within (mu (1 + u) + u + sqrt(2) gamma_2 (1 + mu)
 * (1 + u)) m of w O; the last addition u |E^ +- t^| <= u (2 + 3u) m: in all
 * at most (4u + mu + sqrt(2) gamma_2 + O(u^2)) m < 2 eta m, eta = mu +
 * gamma_4 (sqrt(2) + mu) as above (mu = 5u: 11.9 u against 21.3 u), and
 * m <= S (1 + fe_N).  So every |X^_k - X_k| <= fe_real S with
 *   fe_real = sqrt(2) fe_N + 2 eta (1 + fe_N),  fe_N = (1 + eta)^(L-1) - 1,
 * about 1.5 times the n-point complex transform's (1 + eta)^L - 1.
 *
 * Inverse.  For a Hermitian Y (Y_{n-k} = conj Y_k, given for k = 0 .. N),
 * y_j = sum_{k<n} Y_k w^{-jk} is real and y_{2m} + i y_{2m+1} =
 * sum_{k<N} Z'_k e^{2 pi i mk/N} with Z'_k = (Y_k + conj Y_{N-k}) + i (Y_k -
 * conj Y_{N-k}) conj w^k (the forward relations solved for the even and
 * odd halves' transforms, the 1/2 of each folded into the unnormalised
 * sum); pairs as above: E = Y_k + conj Y_{N-k}, O = (Y_k - conj Y_{N-k})
 * conj w^k, t = i O, Z'_k = E + t, Z'_{N-k} = conj(E - t).  The same count
 * as (ii), now with m' = |Y_k| + |Y_{N-k}| (no halving), bounds each
 * |Z'^_k - Z'_k| by 2 eta m'; the N-point FFT of the computed Z'^ adds
 * fe_N sum_k |Z'^_k| to each output.  An error d_k in Z'_k moves each
 * output by at most sum_k |d_k|, and sum_{k<N} m'_k = sum_{k<n} |Y_k|: every
 * output of the real inverse is within
 *   fe_N sum_{k<N} |Z'^_k| + 2 eta sum_{k<n} |Y^_k|
 * of the exact transform of the given Y^ (fft_real_inverse returns it,
 * its sums of nonnegative doubles within 1 + 1e-8 for n <= 2^26: the
 * factor (1 + 8 u_53)(1 + 1e-6) covers them and the products).  The
 * N-point transforms read the n-point table at stride 2 (e^{-2 pi i j/N} =
 * w^{2j}): the same twiddles within mu, so fe_N holds for them. */

/* eta = mu + gamma_4 (sqrt 2 + mu) rounded up (u = 2^log2_u, mu = mu_u u) */
double
pld_fft_eta(slong log2_u, double mu_u)
{
    arb_t u, eta, g4, t;
    arf_t up;
    double r;
    arb_init(u);
    arb_init(eta);
    arb_init(g4);
    arb_init(t);
    arf_init(up);
    arb_one(u);
    arb_mul_2exp_si(u, u, log2_u);
    arb_mul_ui(g4, u, 4, 128);
    arb_sub_ui(t, g4, 1, 128);
    arb_neg(t, t);
    arb_div(g4, g4, t, 128);
    arb_set_d(eta, mu_u);
    arb_mul(eta, eta, u, 128);
    arb_sqrt_ui(t, 2, 128);
    arb_add(t, t, eta, 128);
    arb_mul(t, t, g4, 128);
    arb_add(eta, eta, t, 128);
    arb_get_ubound_arf(up, eta, 128);
    r = arf_get_d(up, ARF_RND_UP);
    arb_clear(u);
    arb_clear(eta);
    arb_clear(g4);
    arb_clear(t);
    arf_clear(up);
    return r;
}

/* fe_real = sqrt(2) fe_N + 2 eta (1 + fe_N), N = n/2, rounded up */
double
pld_fft_real_error_factor(size_t n, slong log2_u, double mu_u)
{
    arb_t f, e, s;
    arf_t up;
    double r;
    arb_init(f);
    arb_init(e);
    arb_init(s);
    arf_init(up);
    arb_set_d(f, pld_fft_error_factor(n / 2, log2_u, mu_u));
    arb_set_d(e, pld_fft_eta(log2_u, mu_u));
    arb_sqrt_ui(s, 2, 128);
    arb_mul(s, s, f, 128);
    arb_add_ui(f, f, 1, 128);
    arb_mul(f, f, e, 128);
    arb_mul_2exp_si(f, f, 1);
    arb_add(f, f, s, 128);
    arb_get_ubound_arf(up, f, 128);
    r = arf_get_d(up, ARF_RND_UP);
    arb_clear(f);
    arb_clear(e);
    arb_clear(s);
    arf_clear(up);
    return r;
}

/* ---- direct sums of a few coefficients (the composition's step 5b) --------
 *
 * The power multiplies a coefficient's error by about T |y_k|^(T-1); the
 * few coefficients with |y_k| near 1 carry the whole bound at long runs,
 * and the FFT's error (log2(n) stages) is the same for all.  Those are
 * summed again directly: y_k = sum_j x_j w^{(j k) mod n} over the K
 * nonzero x_j >= 0, with the table's twiddles (|w^ - w| <= mu; w^{m + n/2}
 * = -w^m exactly), each product a real times a complex (each component
 * within u: |p^_j - x_j w^_j| <= u x_j |w^_j|), each component summed in
 * blocks of 16 in order and the blocks' sums pairwise: every product
 * passes through at most d = 15 + ceil(log2 ceil(K/16)) additions, so each
 * component's sum is within gamma_d times the sum of its terms' moduli
 * (Higham, Accuracy and Stability, 2nd ed., Section 4.2), and the complex
 * result within gamma_d (sum |p^_j,re| + |p^_j,im|) <= sqrt(2) gamma_d
 * sum |p^_j|, |p^_j| <= (1 + u)(1 + mu) x_j.  In all
 *   |y^_k - y_k| <= (mu + u (1 + mu) + sqrt(2) gamma_d (1 + u)(1 + mu))
 *                   sum_j x_j,
 * about 24 u at K = 2.5e5 against the real FFT's ~340 u at n = 2^22. */

double
pld_fft_direct_error_factor(size_t K, slong log2_u, double mu_u)
{
    size_t d = 15, nb = (K + 15) / 16;
    arb_t u, mu, g, t, f;
    arf_t up;
    double r;
    while (nb > 1) {                            /* ceil(log2 nb) */
        nb = (nb + 1) / 2;
        d++;
    }
    arb_init(u);
    arb_init(mu);
    arb_init(g);
    arb_init(t);
    arb_init(f);
    arf_init(up);
    arb_one(u);
    arb_mul_2exp_si(u, u, log2_u);
    arb_set_d(mu, mu_u);
    arb_mul(mu, mu, u, 128);
    arb_mul_ui(g, u, d, 128);                   /* gamma_d = d u / (1 - d u) */
    arb_sub_ui(t, g, 1, 128);
    arb_neg(t, t);
    arb_div(g, g, t, 128);
    arb_add_ui(t, u, 1, 128);
    arb_mul(g, g, t, 128);                      /* gamma_d (1 + u) */
    arb_add_ui(t, mu, 1, 128);
    arb_mul(g, g, t, 128);                      /* ... (1 + mu) */
    arb_sqrt_ui(f, 2, 128);
    arb_mul(g, g, f, 128);
    arb_mul(f, u, t, 128);                      /* u (1 + mu) */
    arb_add(f, f, mu, 128);
    arb_add(f, f, g, 128);
    arb_get_ubound_arf(up, f, 128);
    r = arf_get_d(up, ARF_RND_UP);
    arb_clear(u);
    arb_clear(mu);
    arb_clear(g);
    arb_clear(t);
    arb_clear(f);
    arf_clear(up);
    return r;
}

/* ---- the same FFT in x87 extended precision (long double, u = 2^-64) ---------
 *
 * The proof above uses only the standard model fl(x op y) = (x op y)(1 + d),
 * |d| <= u, and twiddles within mu of the truth; x87's extended format
 * (64-bit significand, round to nearest) satisfies it with u = 2^-64, so the
 * bound holds with u = 2^-64 and mu = 5 u: the table entries are Arb balls
 * (128 bits) rounded to long double through a double pair (hi = nearest
 * double, lo = nearest double of the rest, hi + lo rounded once in long
 * double: within u + 2^-106 + 2^-128 <= 1.01 u relative), their product one
 * complex long double multiplication, as above.  Used by lp_pld_init
 * (pld_init.c, through pld_compose_best) when the double bound is too large for the
 * delta asked (long runs at tiny q, where |y_k| ~ 1 for many k and the bound
 * grows like T log2(n) u). */
#if defined(__x86_64__) || defined(__i386__)
#define LP_HAVE_LD 1
#endif

int
pld_fft_ld_available(void)
{
#ifdef LP_HAVE_LD
    return LDBL_MANT_DIG >= 64;
#else
    return 0;
#endif
}
