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
 * (g, first + j, c2, c3) for j = 0, 1, ... in vector lanes.  Integer
 * arithmetic, exact: the same bits as the scalar loop, which does the lanes
 * left over.  Returns how many j it did.
 *
 * Each 32-bit word lives in the low half of a 64-bit lane (the counters j
 * even in one vector, j odd in another), so a round's 32x32 -> 64-bit
 * product is one vpmuludq whose high half is one shift away and whose low
 * half is already in place (the high halves of the other words hold junk
 * that no multiply reads; the last step packs the low halves).  Only the
 * second counter word varies with j: the first round's products, the second
 * round's product of words 2 and the third's of word 0 are the same for every
 * lane and done once in scalar arithmetic. */
#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#if defined(__AVX512F__)
typedef __m512i vq;
#define VQ_LANES 8
#define VQ_MUL(a, b) _mm512_mul_epu32(a, b)
#define VQ_HI(a) _mm512_srli_epi64(a, 32)
#define VQ_XOR(a, b) _mm512_xor_si512(a, b)
#define VQ_SET(x) _mm512_set1_epi64((long long) (uint64_t) (x))
#define VQ_ADD32(a, b) _mm512_add_epi32(a, b)
#define VQ_EVEN _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14)
/* lanes 2i and 2i+1: the low halves of lane i of e and of o */
#define VQ_STORE(dst, e, o) \
    _mm512_storeu_si512((void *) (dst), _mm512_permutex2var_epi32(e, pack, o))
#define VQ_PACK_DECL \
    const __m512i pack = _mm512_setr_epi32(0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30)
#else
typedef __m256i vq;
#define VQ_LANES 4
#define VQ_MUL(a, b) _mm256_mul_epu32(a, b)
#define VQ_HI(a) _mm256_srli_epi64(a, 32)
#define VQ_XOR(a, b) _mm256_xor_si256(a, b)
#define VQ_SET(x) _mm256_set1_epi64x((long long) (uint64_t) (x))
#define VQ_ADD32(a, b) _mm256_add_epi32(a, b)
#define VQ_EVEN _mm256_setr_epi64x(0, 2, 4, 6)
#define VQ_STORE(dst, e, o) \
    _mm256_storeu_si256((void *) (dst), _mm256_blend_epi32(e, _mm256_slli_epi64(o, 32), 0xAA))
#define VQ_PACK_DECL
#endif

/* rounds 3 to 9 of one vector of counters, from the state after round 2 */
#define PHILOX_LATE_ROUNDS(x0, x1, x2, x3)                                                 \
    do {                                                                                   \
        uint32_t kk0 = k0_3, kk1 = k1_3;                                                   \
        for (int r = 3; r < 10; r++) {                                                     \
            vq p0 = VQ_MUL(x0, m0), p1 = VQ_MUL(x2, m1);                                   \
            x0 = VQ_XOR(VQ_XOR(VQ_HI(p1), x1), VQ_SET(kk0));                               \
            x1 = p1;                                                                       \
            x2 = VQ_XOR(VQ_XOR(VQ_HI(p0), x3), VQ_SET(kk1));                               \
            x3 = p0;                                                                       \
            kk0 += PHILOX_W32_0;                                                           \
            kk1 += PHILOX_W32_1;                                                           \
        }                                                                                  \
    } while (0)

static int
philox_lanes(uint32_t *o0, uint32_t *o1, uint32_t *o2, uint32_t *o3, uint32_t g, uint32_t first,
             uint32_t c2, uint32_t c3, philox4x32_key_t key, int n)
{
    const uint32_t M0 = PHILOX_M4x32_0, M1 = PHILOX_M4x32_1;
    const vq m0 = VQ_SET(M0), m1 = VQ_SET(M1), even = VQ_EVEN;
    VQ_PACK_DECL;
    uint32_t k0 = key.v[0], k1 = key.v[1];
    /* round 0: x0 = hi(c2 M1) ^ ctr ^ k0 (by lane), x1 = lo(c2 M1),
     * x2 = hi(g M0) ^ c3 ^ k1, x3 = lo(g M0) */
    const uint64_t P0 = (uint64_t) g * M0, P1 = (uint64_t) c2 * M1;
    const uint32_t a0 = (uint32_t) (P1 >> 32) ^ k0, b1 = (uint32_t) P1;
    const uint32_t b2 = (uint32_t) (P0 >> 32) ^ c3 ^ k1, b3 = (uint32_t) P0;
    /* round 1 (key + W): x0 = hi(b2 M1) ^ b1 ^ k0, x1 = lo(b2 M1),
     * x2 = hi(x0 M0) ^ b3 ^ k1 (by lane), x3 = lo(x0 M0) (by lane) */
    const uint64_t Q1 = (uint64_t) b2 * M1;
    const uint32_t k0_1 = k0 + PHILOX_W32_0, k1_1 = k1 + PHILOX_W32_1;
    const uint32_t d0 = (uint32_t) (Q1 >> 32) ^ b1 ^ k0_1, d1 = (uint32_t) Q1, d2 = b3 ^ k1_1;
    /* round 2 (key + 2W): x0 = hi(x2 M1) ^ d1 ^ k0 (by lane), x1 = lo(x2 M1)
     * (by lane), x2 = hi(d0 M0) ^ x3 ^ k1 (by lane), x3 = lo(d0 M0) */
    const uint64_t R0 = (uint64_t) d0 * M0;
    const uint32_t k0_2 = k0_1 + PHILOX_W32_0, k1_2 = k1_1 + PHILOX_W32_1;
    const uint32_t f0 = d1 ^ k0_2, f2 = (uint32_t) (R0 >> 32) ^ k1_2, f3 = (uint32_t) R0;
    const uint32_t k0_3 = k0_2 + PHILOX_W32_0, k1_3 = k1_2 + PHILOX_W32_1;
    const vq va0 = VQ_SET(a0), vd2 = VQ_SET(d2), vf0 = VQ_SET(f0), vf2 = VQ_SET(f2), vf3 = VQ_SET(f3);
    int j = 0;
    for (; j + 2 * VQ_LANES <= n; j += 2 * VQ_LANES) {
        vq ce = VQ_ADD32(VQ_SET(first + (uint32_t) j), even), co = VQ_ADD32(ce, VQ_SET(1));
        vq e0, e1, e2, e3, q0, q1, q2, q3, t;
        /* rounds 0 to 2, the even counters (e) and the odd (q) */
        e0 = VQ_XOR(va0, ce);
        q0 = VQ_XOR(va0, co);
        e3 = VQ_MUL(e0, m0);
        q3 = VQ_MUL(q0, m0);
        e2 = VQ_XOR(VQ_HI(e3), vd2);
        q2 = VQ_XOR(VQ_HI(q3), vd2);
        e1 = VQ_MUL(e2, m1);
        q1 = VQ_MUL(q2, m1);
        t = e3;
        e0 = VQ_XOR(VQ_HI(e1), vf0);
        e2 = VQ_XOR(t, vf2);
        e3 = vf3;
        t = q3;
        q0 = VQ_XOR(VQ_HI(q1), vf0);
        q2 = VQ_XOR(t, vf2);
        q3 = vf3;
        PHILOX_LATE_ROUNDS(e0, e1, e2, e3);
        PHILOX_LATE_ROUNDS(q0, q1, q2, q3);
        VQ_STORE(o0 + j, e0, q0);
        VQ_STORE(o1 + j, e1, q1);
        VQ_STORE(o2 + j, e2, q2);
        VQ_STORE(o3 + j, e3, q3);
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

/* Box-Muller: radius sqrt(-2 log u), u in (0, 1] from 52 bits; the angle a
 * uniform quadrant q and a uniform offset in (-pi/4, pi/4).  Quadrant q turns
 * (c, s) into (c, s), (-s, c), (-c, -s), (s, -c): a swap and two sign flips,
 * exact (a product by -1 or 1 is the sign bit flipped or not). */
static inline void
box_muller(double *y0, double *y1, uint32_t hi, uint32_t lo, uint32_t an)
{
    const uint32_t q = an >> 30;
    double u = 2.0 - lp_bits_double(0x3ff0000000000000ULL | ((uint64_t) hi << 20) | (uint64_t) (lo >> 12));
    double a = ((double) (int32_t) (an & 0x3fffffffu) + 0.5) * 0x1p-30 * 1.5707963267948966
               - 0.78539816339744831;
    double rad = sqrt(-2.0 * lp_vlog(u)), c, sn, cx, sx;
    lp_vsincos_small(&c, &sn, a);
    cx = (q & 1) ? sn : c;
    sx = (q & 1) ? c : sn;
    *y0 = rad * lp_bits_double(lp_double_bits(cx) ^ ((uint64_t) (((q + 1) >> 1) & 1) << 63));
    *y1 = rad * lp_bits_double(lp_double_bits(sx) ^ ((uint64_t) (q >> 1) << 63));
}

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
    /* the normals z, by Box-Muller */
    for (int pr = 0; pr < pairs; pr++) {
        double *y0 = y + (size_t) (2 * pr) * LP_MC_BATCH;
        double *y1 = 2 * pr + 1 < p ? y + (size_t) (2 * pr + 1) * LP_MC_BATCH : ypair[1];
        const uint32_t *whi = words[3 * pr], *wlo = words[3 * pr + 1], *wan = words[3 * pr + 2];
        for (int j = 0; j < n; j++)
            box_muller(y0 + j, y1 + j, whi[j], wlo[j], wan[j]);
    }
    /* z is in y; |z| sets the shell's radius c + s_1 |z|.  The squares are
     * added in coordinate order, four rows a pass over r2 (the same additions
     * in the same order, a quarter of the loads and stores of r2) */
    {
        int i = 0;
        for (; i + 4 <= p; i += 4) {
            const double *z = y + (size_t) i * LP_MC_BATCH;
            for (int j = 0; j < n; j++) {
                const double z0 = z[j], z1 = z[LP_MC_BATCH + j], z2 = z[2 * LP_MC_BATCH + j],
                    z3 = z[3 * LP_MC_BATCH + j];
                r2[j] = (((r2[j] + z0 * z0) + z1 * z1) + z2 * z2) + z3 * z3;
            }
        }
        for (; i < p; i++) {
            const double *zi = y + (size_t) i * LP_MC_BATCH;
            for (int j = 0; j < n; j++)
                r2[j] += zi[j] * zi[j];
        }
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
        int i = 0;
        for (; i + 4 <= p; i += 4) {
            double *z = y + (size_t) i * LP_MC_BATCH;
            for (int j = 0; j < n; j++) {
                const double f = factor[j], y0 = z[j] * f, y1 = z[LP_MC_BATCH + j] * f,
                    y2 = z[2 * LP_MC_BATCH + j] * f, y3 = z[3 * LP_MC_BATCH + j] * f;
                z[j] = y0;
                z[LP_MC_BATCH + j] = y1;
                z[2 * LP_MC_BATCH + j] = y2;
                z[3 * LP_MC_BATCH + j] = y3;
                r2[j] = (((r2[j] + y0 * y0) + y1 * y1) + y2 * y2) + y3 * y3;
            }
        }
        for (; i < p; i++) {
            double *yi = y + (size_t) i * LP_MC_BATCH;
            for (int j = 0; j < n; j++) {
                yi[j] *= factor[j];
                r2[j] += yi[j] * yi[j];
            }
        }
    }
    {
        /* The weight w = f / q = e^e / (e^e0 + e^e1 + e^e2), e_k = l_k - top.
         * One of e0, e1, e2 is top - top = 0, whose exponential lp_vexp gives
         * as exactly 1: only the other two are computed, x and y in index
         * order, and the sum is put back in the order of the additions
         * (e^e0 + e^e1) + e^e2: (1 + x) + y when the top is l0 or l1 (addition
         * commutes exactly), (x + y) + 1 when it is l2.  The same bits with
         * three exponentials instead of four.  The loop is cut in three: the
         * logs, the exponentials (three independent chains a step) and the
         * quotients, so that more samples' long chains are in flight. */
        const double R = k->radius, a2s = k->inv_two_sigma2, ln = k->log_norm;
        const double c0 = k->mix_log_c[0], c1 = k->mix_log_c[1], cc2 = k->mix_log_c[2];
        const double a0 = k->mix_a[0], a1 = k->mix_a[1], a2 = k->mix_a[2];
        const double shell_c = k->shell_c, pm1 = (double) (p - 1);
        double ex[LP_MC_BATCH], ey[LP_MC_BATCH], ee[LP_MC_BATCH], last[LP_MC_BATCH];
        for (int j = 0; j < n; j++) {
            double r = sqrt(r2[j]), d = r > R ? r - R : 0.0;
            double outside = r > shell_c, t = r - shell_c;
            double ratio = outside != 0.0 ? t / r : 1.0;        /* in (0, 1]: a normal double */
            double log_f = -ln - d * d * a2s;
            double l0 = c0 - a0 * r2[j], l2 = cc2 - a2 * r2[j];
            double l1 = outside != 0.0 ? c1 - a1 * t * t + pm1 * lp_vlog(ratio) : -1e300;
            double top = l0 > l1 ? l0 : l1, e0, e1, e2, e;
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
            ex[j] = l0 == top ? e1 : e0;
            ey[j] = l2 == top && l0 != top && l1 != top ? e1 : e2;
            last[j] = l2 == top && l0 != top && l1 != top ? 1.0 : 0.0;
            ee[j] = e;
            abs_log_w[j] = (e < 0 ? -e : e) + 1.0986122886681098;
        }
        for (int j = 0; j < n; j++) {
            double e = ee[j];
            ex[j] = lp_vexp(ex[j]);
            ey[j] = lp_vexp(ey[j]);
            ee[j] = e > -700.0 ? lp_vexp(e > -700.0 ? e : -700.0) : 0.0;
        }
        for (int j = 0; j < n; j++) {
            double sum = last[j] != 0.0 ? (ex[j] + ey[j]) + 1.0 : (1.0 + ex[j]) + ey[j];
            w[j] = ee[j] / sum;
        }
    }
}
