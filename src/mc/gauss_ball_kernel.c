/* The Gaussian-mechanism kernel (contract in kernel.h).  Built once per
 * instruction set with -DLP_KERNEL_SUFFIX=...; the loops are written for
 * GCC's vectoriser: structure of arrays, no calls, selects instead of
 * branches. */
/* -O3 whatever the user's CFLAGS say (they come last on the command line):
 * worth 4-6 % here; no option that changes a result (no fast-math, no FMA
 * contraction: Makefile.am's KERNEL_CFLAGS) */
#pragma GCC optimize("O3")
#include <math.h>
#include <Random123/philox.h>
#include "mc/kernel.h"
#include "mc/stream.h"
#include "mc/mc.h"
#include "mc/vmath.h"

/* Philox4x32-10 (Random123's philox4x32, the same 32-bit words) on counters
 * (g, first + j, c2, c3) for j = 0, 1, ... in vector lanes: each round's two
 * 32x32 -> 64-bit products as the even and odd lanes' vpmuludq, their halves
 * put back by blends.  Integer arithmetic, exact: the same bits as the scalar
 * loop, which does the lanes left over.  Returns how many j it did. */
#if defined(__AVX512F__)
#include <immintrin.h>
static inline void
mulhilo16(__m512i *hi, __m512i *lo, __m512i x, __m512i m)
{
    __m512i pe = _mm512_mul_epu32(x, m), po = _mm512_mul_epu32(_mm512_srli_epi64(x, 32), m);
    *lo = _mm512_mask_blend_epi32(0xAAAA, pe, _mm512_slli_epi64(po, 32));
    *hi = _mm512_mask_blend_epi32(0xAAAA, _mm512_srli_epi64(pe, 32), po);
}

static int
philox_lanes(uint32_t *o0, uint32_t *o1, uint32_t *o2, uint32_t *o3, uint32_t g, uint32_t first,
             uint32_t c2, uint32_t c3, philox4x32_key_t key, int n)
{
    const __m512i m0 = _mm512_set1_epi32((int) PHILOX_M4x32_0), m1 = _mm512_set1_epi32((int) PHILOX_M4x32_1);
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    int j = 0;
    for (; j + 16 <= n; j += 16) {
        __m512i x0 = _mm512_set1_epi32((int) g), x2 = _mm512_set1_epi32((int) c2);
        __m512i x3 = _mm512_set1_epi32((int) c3);
        __m512i x1 = _mm512_add_epi32(_mm512_set1_epi32((int) (first + (uint32_t) j)), lane);
        uint32_t k0 = key.v[0], k1 = key.v[1];
        for (int r = 0; r < 10; r++) {
            __m512i hi0, lo0, hi1, lo1;
            if (r > 0) {
                k0 += PHILOX_W32_0;
                k1 += PHILOX_W32_1;
            }
            mulhilo16(&hi0, &lo0, x0, m0);
            mulhilo16(&hi1, &lo1, x2, m1);
            x0 = _mm512_xor_si512(_mm512_xor_si512(hi1, x1), _mm512_set1_epi32((int) k0));
            x1 = lo1;
            x2 = _mm512_xor_si512(_mm512_xor_si512(hi0, x3), _mm512_set1_epi32((int) k1));
            x3 = lo0;
        }
        _mm512_storeu_si512((void *) (o0 + j), x0);
        _mm512_storeu_si512((void *) (o1 + j), x1);
        _mm512_storeu_si512((void *) (o2 + j), x2);
        _mm512_storeu_si512((void *) (o3 + j), x3);
    }
    return j;
}
#elif defined(__AVX2__)
#include <immintrin.h>
static inline void
mulhilo8(__m256i *hi, __m256i *lo, __m256i x, __m256i m)
{
    __m256i pe = _mm256_mul_epu32(x, m), po = _mm256_mul_epu32(_mm256_srli_epi64(x, 32), m);
    *lo = _mm256_blend_epi32(pe, _mm256_slli_epi64(po, 32), 0xAA);
    *hi = _mm256_blend_epi32(_mm256_srli_epi64(pe, 32), po, 0xAA);
}

static int
philox_lanes(uint32_t *o0, uint32_t *o1, uint32_t *o2, uint32_t *o3, uint32_t g, uint32_t first,
             uint32_t c2, uint32_t c3, philox4x32_key_t key, int n)
{
    const __m256i m0 = _mm256_set1_epi32((int) PHILOX_M4x32_0), m1 = _mm256_set1_epi32((int) PHILOX_M4x32_1);
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    int j = 0;
    for (; j + 8 <= n; j += 8) {
        __m256i x0 = _mm256_set1_epi32((int) g), x2 = _mm256_set1_epi32((int) c2);
        __m256i x3 = _mm256_set1_epi32((int) c3);
        __m256i x1 = _mm256_add_epi32(_mm256_set1_epi32((int) (first + (uint32_t) j)), lane);
        uint32_t k0 = key.v[0], k1 = key.v[1];
        for (int r = 0; r < 10; r++) {
            __m256i hi0, lo0, hi1, lo1;
            if (r > 0) {
                k0 += PHILOX_W32_0;
                k1 += PHILOX_W32_1;
            }
            mulhilo8(&hi0, &lo0, x0, m0);
            mulhilo8(&hi1, &lo1, x2, m1);
            x0 = _mm256_xor_si256(_mm256_xor_si256(hi1, x1), _mm256_set1_epi32((int) k0));
            x1 = lo1;
            x2 = _mm256_xor_si256(_mm256_xor_si256(hi0, x3), _mm256_set1_epi32((int) k1));
            x3 = lo0;
        }
        _mm256_storeu_si256((void *) (o0 + j), x0);
        _mm256_storeu_si256((void *) (o1 + j), x1);
        _mm256_storeu_si256((void *) (o2 + j), x2);
        _mm256_storeu_si256((void *) (o3 + j), x3);
    }
    return j;
}
#else
static int
philox_lanes(uint32_t *o0, uint32_t *o1, uint32_t *o2, uint32_t *o3, uint32_t g, uint32_t first,
             uint32_t c2, uint32_t c3, philox4x32_key_t key, int n)
{
    (void) o0; (void) o1; (void) o2; (void) o3; (void) g; (void) first;
    (void) c2; (void) c3; (void) key; (void) n;
    return 0;
}
#endif

#define PASTE2(a, b) a##b
#define PASTE(a, b) PASTE2(a, b)

/* words per sample: three per pair of normals (53 bits for the radius, 32 for
 * the angle), one for the mixture component; rounded up to Philox's four */
#define MAX_GROUPS ((3 * ((LP_MC_P_MAX + 1) / 2) + 1 + 3) / 4)

void
PASTE(lp_gauss_ball_batch_, LP_KERNEL_SUFFIX)(double *restrict w, double *restrict abs_log_w,
                                              double *restrict y, const lp_gauss_ball_kernel *k,
                                              uint64_t seed, uint64_t block, uint32_t first, int n)
{
    const int p = k->p, pairs = (p + 1) / 2, groups = (3 * pairs + 1 + 3) / 4;
    const uint32_t c2 = (uint32_t) block, c3 = LP_STREAM_CTR_HI(block, LP_STREAM_KERNEL);
    const philox4x32_key_t key = { { (uint32_t) seed, (uint32_t) (seed >> 32) } };
    static _Thread_local uint32_t words[4 * MAX_GROUPS][LP_MC_BATCH];
    static _Thread_local double ypair[2][LP_MC_BATCH];
    double r2[LP_MC_BATCH];
    int32_t comp[LP_MC_BATCH];

    for (int g = 0; g < groups; g++) {
        int j = philox_lanes(words[4 * g], words[4 * g + 1], words[4 * g + 2], words[4 * g + 3],
                             (uint32_t) g, first, c2, c3, key, n);
        for (; j < n; j++) {
            philox4x32_ctr_t c = { { (uint32_t) g, first + (uint32_t) j, c2, c3 } };
            philox4x32_ctr_t r = philox4x32(c, key);
            words[4 * g][j] = r.v[0];
            words[4 * g + 1][j] = r.v[1];
            words[4 * g + 2][j] = r.v[2];
            words[4 * g + 3][j] = r.v[3];
        }
    }
    {
        const uint64_t pick0 = k->pick[0], pick1 = k->pick[1];
        for (int j = 0; j < n; j++) {
            uint64_t u = words[3 * pairs][j];
            comp[j] = u < pick0 ? 0 : u < pick1 ? 1 : 2;
            r2[j] = 0.0;
        }
    }
    /* Box-Muller: radius sqrt(-2 log u), u in (0, 1] from 52 bits; the angle a
     * uniform quadrant q and a uniform offset in (-pi/4, pi/4).  Quadrant q
     * turns (c, s) into (c, s), (-s, c), (-c, -s), (s, -c): a swap and two
     * sign flips, exact. */
    for (int pr = 0; pr < pairs; pr++) {
        double *y0 = y + (size_t) (2 * pr) * LP_MC_BATCH;
        double *y1 = 2 * pr + 1 < p ? y + (size_t) (2 * pr + 1) * LP_MC_BATCH : ypair[1];
        const uint32_t *whi = words[3 * pr], *wlo = words[3 * pr + 1], *wan = words[3 * pr + 2];
        double u[LP_MC_BATCH], a[LP_MC_BATCH], swap[LP_MC_BATCH], sign_x[LP_MC_BATCH], sign_y[LP_MC_BATCH];
        for (int j = 0; j < n; j++)
            u[j] = 2.0 - lp_bits_double(0x3ff0000000000000ULL | ((uint64_t) whi[j] << 20)
                                        | (uint64_t) (wlo[j] >> 12));
        for (int j = 0; j < n; j++) {
            int32_t q = (int32_t) (wan[j] >> 30);
            a[j] = ((double) (int32_t) (wan[j] & 0x3fffffffu) + 0.5) * 0x1p-30 * 1.5707963267948966
                   - 0.78539816339744831;
            swap[j] = (double) (q & 1);
            sign_x[j] = (double) (1 - 2 * (((q + 1) >> 1) & 1));
            sign_y[j] = (double) (1 - 2 * (q >> 1));
        }
        for (int j = 0; j < n; j++) {
            double rad = sqrt(-2.0 * lp_vlog(u[j])), c, sn, cx, sx;
            lp_vsincos_small(&c, &sn, a[j]);
            cx = swap[j] != 0.0 ? sn : c;
            sx = swap[j] != 0.0 ? c : sn;
            y0[j] = rad * (sign_x[j] * cx);
            y1[j] = rad * (sign_y[j] * sx);
        }
    }
    /* z is in y; |z| sets the shell's radius c + s_1 |z| */
    for (int i = 0; i < p; i++) {
        const double *zi = y + (size_t) i * LP_MC_BATCH;
        for (int j = 0; j < n; j++)
            r2[j] += zi[j] * zi[j];
    }
    {
        const double s0 = k->scale[0], s1 = k->scale[1], s2 = k->scale[2], c = k->shell_c;
        double factor[LP_MC_BATCH];
        for (int j = 0; j < n; j++) {
            double rho = sqrt(r2[j]);
            double shell = rho > 0.0 ? (c + s1 * rho) / rho : s1;
            factor[j] = comp[j] == 0 ? s0 : comp[j] == 1 ? shell : s2;
            r2[j] = 0.0;
        }
        for (int i = 0; i < p; i++) {
            double *yi = y + (size_t) i * LP_MC_BATCH;
            for (int j = 0; j < n; j++) {
                yi[j] *= factor[j];
                r2[j] += yi[j] * yi[j];
            }
        }
    }
    {
        const double R = k->radius, a2s = k->inv_two_sigma2, ln = k->log_norm;
        const double c0 = k->mix_log_c[0], c1 = k->mix_log_c[1], cc2 = k->mix_log_c[2];
        const double a0 = k->mix_a[0], a1 = k->mix_a[1], a2 = k->mix_a[2];
        const double shell_c = k->shell_c, pm1 = (double) (p - 1);
        for (int j = 0; j < n; j++) {
            double r = sqrt(r2[j]), d = r > R ? r - R : 0.0;
            double outside = r > shell_c, t = r - shell_c;
            double ratio = outside != 0.0 ? t / r : 1.0;        /* in (0, 1]: a normal double */
            double log_f = -ln - d * d * a2s;
            double l0 = c0 - a0 * r2[j], l2 = cc2 - a2 * r2[j];
            double l1 = outside != 0.0 ? c1 - a1 * t * t + pm1 * lp_vlog(ratio) : -1e300;
            double top = l0 > l1 ? l0 : l1, sum, e0, e1, e2, e;
            top = top > l2 ? top : l2;
            /* each term in [e^-700, 1]: smaller ones are lost against the
             * largest (1) anyway; the setup keeps log_f - top below 700 */
            e0 = l0 - top;
            e1 = l1 - top;
            e2 = l2 - top;
            e = log_f - top;
            e0 = e0 > -700.0 ? e0 : -700.0;
            e1 = e1 > -700.0 ? e1 : -700.0;
            e2 = e2 > -700.0 ? e2 : -700.0;
            sum = lp_vexp(e0) + lp_vexp(e1) + lp_vexp(e2);
            w[j] = (e > -700.0 ? lp_vexp(e > -700.0 ? e : -700.0) : 0.0) / sum;
            abs_log_w[j] = (e < 0 ? -e : e) + 1.0986122886681098;
        }
    }
}
