/* The Gaussian-mechanism kernel (contract in kernel.h).  Built once per
 * instruction set with -DLP_KERNEL_SUFFIX=...; the loops are written for
 * GCC's vectoriser: structure of arrays, no calls (but libm's fma in the
 * baseline build, which has no FMA instruction), selects instead of
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
#include "mc/gauss_ball_weight.h"

/* Philox4x32-10 (Random123's philox4x32, the same 32-bit words) on the
 * counters (row, q, c2, c3) for q = q0, q0 + 1, ... in vector lanes; out gets
 * the words of counter q0 + m at out[4 m .. 4 m + 3] (a row's words in counter
 * order).  Integer arithmetic, exact: the same bits as the scalar loop, which
 * does the counters left over.  Returns how many counters it did.
 *
 * Each 32-bit word lives in the low half of a 64-bit lane (the counters q0 +
 * 2l in one vector, q0 + 2l + 1 in another), so a round's 32x32 -> 64-bit
 * product is one vpmuludq whose high half is one shift away and whose low
 * half is already in place (the high halves of the other words hold junk
 * that no multiply reads; the store packs the low halves).  Only the second
 * counter word varies with q: the first round's products, the second round's
 * product of words 2 and the third's of word 0 are the same for every lane and
 * done once in scalar arithmetic. */
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
/* two words per 64-bit lane: a's low half, then b's */
#define VQ_PAIR(a, b) _mm512_mask_blend_epi32(0xAAAA, a, _mm512_slli_epi64(b, 32))
#define VQ_SHUF(a, b, imm) _mm512_shuffle_i64x2(a, b, imm)
/* the 64 words of counters 2l (e) and 2l + 1 (q), l < 8, in counter order:
 * pairs A = (e0, e1), B = (e2, e3), C = (q0, q1), D = (q2, q3) go to
 * dst64[4l + 0 .. 3]; a 4 x 8 transpose of 64-bit lanes */
#define VQ_STORE_ROW(dst, e0, e1, e2, e3, q0, q1, q2, q3)                                  \
    do {                                                                                   \
        vq A = VQ_PAIR(e0, e1), B = VQ_PAIR(e2, e3), C = VQ_PAIR(q0, q1), D = VQ_PAIR(q2, q3); \
        vq T0 = _mm512_unpacklo_epi64(A, B), T1 = _mm512_unpackhi_epi64(A, B);             \
        vq T2 = _mm512_unpacklo_epi64(C, D), T3 = _mm512_unpackhi_epi64(C, D);             \
        vq U0 = VQ_SHUF(T0, T2, 0x88), U1 = VQ_SHUF(T1, T3, 0x88);                         \
        vq V0 = VQ_SHUF(T0, T2, 0xDD), V1 = VQ_SHUF(T1, T3, 0xDD);                         \
        _mm512_storeu_si512((void *) (dst), VQ_SHUF(U0, U1, 0x88));                        \
        _mm512_storeu_si512((void *) ((dst) + 16), VQ_SHUF(V0, V1, 0x88));                 \
        _mm512_storeu_si512((void *) ((dst) + 32), VQ_SHUF(U0, U1, 0xDD));                 \
        _mm512_storeu_si512((void *) ((dst) + 48), VQ_SHUF(V0, V1, 0xDD));                 \
    } while (0)
#else
typedef __m256i vq;
#define VQ_LANES 4
#define VQ_MUL(a, b) _mm256_mul_epu32(a, b)
#define VQ_HI(a) _mm256_srli_epi64(a, 32)
#define VQ_XOR(a, b) _mm256_xor_si256(a, b)
#define VQ_SET(x) _mm256_set1_epi64x((long long) (uint64_t) (x))
#define VQ_ADD32(a, b) _mm256_add_epi32(a, b)
#define VQ_EVEN _mm256_setr_epi64x(0, 2, 4, 6)
#define VQ_PAIR(a, b) _mm256_blend_epi32(a, _mm256_slli_epi64(b, 32), 0xAA)
/* the 32 words of counters 2l (e) and 2l + 1 (q), l < 4, in counter order */
#define VQ_STORE_ROW(dst, e0, e1, e2, e3, q0, q1, q2, q3)                                  \
    do {                                                                                   \
        vq A = VQ_PAIR(e0, e1), B = VQ_PAIR(e2, e3), C = VQ_PAIR(q0, q1), D = VQ_PAIR(q2, q3); \
        vq T0 = _mm256_unpacklo_epi64(A, B), T1 = _mm256_unpackhi_epi64(A, B);             \
        vq T2 = _mm256_unpacklo_epi64(C, D), T3 = _mm256_unpackhi_epi64(C, D);             \
        _mm256_storeu_si256((void *) (dst), _mm256_permute2x128_si256(T0, T2, 0x20));      \
        _mm256_storeu_si256((void *) ((dst) + 8), _mm256_permute2x128_si256(T1, T3, 0x20)); \
        _mm256_storeu_si256((void *) ((dst) + 16), _mm256_permute2x128_si256(T0, T2, 0x31)); \
        _mm256_storeu_si256((void *) ((dst) + 24), _mm256_permute2x128_si256(T1, T3, 0x31)); \
    } while (0)
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
philox_row_lanes(uint32_t *out, uint32_t row, uint32_t q0, int count, uint32_t c2, uint32_t c3,
                 philox4x32_key_t key)
{
    const uint32_t M0 = PHILOX_M4x32_0, M1 = PHILOX_M4x32_1;
    const vq m0 = VQ_SET(M0), m1 = VQ_SET(M1), even = VQ_EVEN;
    uint32_t k0 = key.v[0], k1 = key.v[1];
    /* round 0: x0 = hi(c2 M1) ^ ctr ^ k0 (by lane), x1 = lo(c2 M1),
     * x2 = hi(row M0) ^ c3 ^ k1, x3 = lo(row M0) */
    const uint64_t P0 = (uint64_t) row * M0, P1 = (uint64_t) c2 * M1;
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
    int m = 0;
    for (; m + 2 * VQ_LANES <= count; m += 2 * VQ_LANES) {
        vq ce = VQ_ADD32(VQ_SET(q0 + (uint32_t) m), even), co = VQ_ADD32(ce, VQ_SET(1));
        vq e0, e1, e2, e3, q0v, q1, q2, q3, t;
        /* rounds 0 to 2, the even counters (e) and the odd (q) */
        e0 = VQ_XOR(va0, ce);
        q0v = VQ_XOR(va0, co);
        e3 = VQ_MUL(e0, m0);
        q3 = VQ_MUL(q0v, m0);
        e2 = VQ_XOR(VQ_HI(e3), vd2);
        q2 = VQ_XOR(VQ_HI(q3), vd2);
        e1 = VQ_MUL(e2, m1);
        q1 = VQ_MUL(q2, m1);
        t = e3;
        e0 = VQ_XOR(VQ_HI(e1), vf0);
        e2 = VQ_XOR(t, vf2);
        e3 = vf3;
        t = q3;
        q0v = VQ_XOR(VQ_HI(q1), vf0);
        q2 = VQ_XOR(t, vf2);
        q3 = vf3;
        PHILOX_LATE_ROUNDS(e0, e1, e2, e3);
        PHILOX_LATE_ROUNDS(q0v, q1, q2, q3);
        VQ_STORE_ROW(out + 4 * m, e0, e1, e2, e3, q0v, q1, q2, q3);
    }
    return m;
}
#else
static int
philox_row_lanes(uint32_t *out, uint32_t row, uint32_t q0, int count, uint32_t c2, uint32_t c3,
                 philox4x32_key_t key)
{
    (void) out; (void) row; (void) q0; (void) count; (void) c2; (void) c3; (void) key;
    return 0;
}
#endif

/* out[4 m + k] = word k of Philox(row, q0 + m, c2, c3), m < count */
static void
philox_row(uint32_t *out, uint32_t row, uint32_t q0, int count, uint32_t c2, uint32_t c3,
           philox4x32_key_t key)
{
    for (int m = philox_row_lanes(out, row, q0, count, c2, c3, key); m < count; m++) {
        philox4x32_ctr_t c = { { row, q0 + (uint32_t) m, c2, c3 } };
        philox4x32_ctr_t r = philox4x32(c, key);
        out[4 * m] = r.v[0];
        out[4 * m + 1] = r.v[1];
        out[4 * m + 2] = r.v[2];
        out[4 * m + 3] = r.v[3];
    }
}

/* Box-Muller from two words a, b: the radius sqrt(-2 log u), u in [2^-42, 1]
 * from 42 bits (a and the top 10 of b: radii up to sqrt(84 log 2) = 7.6,
 * beyond which a pair of normals falls with probability 2^-42); the angle a
 * uniform quadrant q (2 bits of b) and an offset in (-pi/4, pi/4) from b's
 * low 20 bits (the midpoints of 2^20 equal steps).  Quadrant q turns (c, s)
 * into (c, s), (-s, c), (-c, -s), (s, -c): a swap and two sign flips, exact
 * (a product by -1 or 1 is the sign bit flipped or not).  Returns the
 * squared radius -2 log u (= y0^2 + y1^2 but for roundings). */
static inline double
bm_u(uint32_t a, uint32_t b)
{
    return 2.0 - lp_bits_double(0x3ff0000000000000ULL | ((uint64_t) a << 20) | ((uint64_t) (b >> 22) << 10));
}

static inline double
box_muller(double *y0, double *y1, uint32_t a, uint32_t b)
{
    const uint32_t q = (b >> 20) & 3;
    double t = ((double) (int32_t) (b & 0xfffffu) + 0.5) * 0x1p-20 * 1.5707963267948966
               - 0.78539816339744831;
    double rad2 = -2.0 * lp_vlog(bm_u(a, b)), rad = sqrt(rad2), c, sn, cx, sx;
    lp_vsincos_small(&c, &sn, t);
    cx = (q & 1) ? sn : c;
    sx = (q & 1) ? c : sn;
    *y0 = rad * lp_bits_double(lp_double_bits(cx) ^ ((uint64_t) (((q + 1) >> 1) & 1) << 63));
    *y1 = rad * lp_bits_double(lp_double_bits(sx) ^ ((uint64_t) (q >> 1) << 63));
    return rad2;
}

#define PASTE2(a, b) a##b
#define PASTE(a, b) PASTE2(a, b)

/* The words of a batch, by row: row 0 picks the mixture component, rows
 * 2k + 1 and 2k + 2 are pair k's Box-Muller (coordinates 2k and 2k + 1).
 * Row r's word for sample s is word s mod 4 of Philox(r, s / 4, block): no
 * word is drawn that no sample uses (but those of the counters the batch's
 * ends cut). */
#define MAX_ROWS (2 * ((LP_MC_P_MAX + 1) / 2) + 1)
#define ROW_WORDS (LP_MC_BATCH + 8)

/* rows lo .. hi - 1 of samples first .. first + n - 1: sample first + j's
 * word of row r at rows[r][(first & 3) + j] */
static void
draw_rows(uint32_t (*rows)[ROW_WORDS], int lo, int hi, uint64_t seed, uint64_t block,
          uint32_t first, int n)
{
    const uint32_t c2 = (uint32_t) block, c3 = LP_STREAM_CTR_HI(block, LP_STREAM_KERNEL);
    const philox4x32_key_t key = { { (uint32_t) seed, (uint32_t) (seed >> 32) } };
    const uint32_t q0 = first >> 2, q1 = (first + (uint32_t) (n - 1)) >> 2;
    for (int r = lo; r < hi; r++)
        philox_row(rows[r], (uint32_t) r, q0, (int) (q1 - q0) + 1, c2, c3, key);
}

/* the p normals of each sample into z[i * LP_MC_BATCH + j] (the second
 * normal of an odd p's last pair into spare) */
static inline void
normals(double *restrict z, double *restrict spare, uint32_t (*rows)[ROW_WORDS], int p, int off, int n)
{
    for (int pr = 0; pr < (p + 1) / 2; pr++) {
        double *z0 = z + (size_t) (2 * pr) * LP_MC_BATCH;
        double *z1 = 2 * pr + 1 < p ? z + (size_t) (2 * pr + 1) * LP_MC_BATCH : spare;
        const uint32_t *a = rows[2 * pr + 1] + off, *b = rows[2 * pr + 2] + off;
        for (int j = 0; j < n; j++)
            box_muller(z0 + j, z1 + j, a[j], b[j]);
    }
}

#define PAIRS_PER_LOG 24        /* a product of 24 u >= 2^-1008: a normal double */

/* r2[j] = |z_j|^2 from the words alone, without the normals: the sum of the
 * pairs' squared radii -2 log u is -2 log of the product of their u, one log
 * for every PAIRS_PER_LOG pairs (Box-Muller's radius needs no angle), then
 * the last z^2 of an odd p, whose pair gives one coordinate.  The same
 * arithmetic whether or not the normals are wanted (the weights do not
 * depend on whether a sample's y is asked for). */
static inline void
radii2(double *restrict r2, double *restrict spare, uint32_t (*rows)[ROW_WORDS], int p, int off, int n)
{
    double prod[LP_MC_BATCH], z0[LP_MC_BATCH];
    for (int p0 = 0; p0 < p / 2; p0 += PAIRS_PER_LOG) {
        const int p1 = p0 + PAIRS_PER_LOG < p / 2 ? p0 + PAIRS_PER_LOG : p / 2;
        const uint32_t *a = rows[2 * p0 + 1] + off, *b = rows[2 * p0 + 2] + off;
        for (int j = 0; j < n; j++)
            prod[j] = bm_u(a[j], b[j]);
        for (int pr = p0 + 1; pr < p1; pr++) {
            a = rows[2 * pr + 1] + off;
            b = rows[2 * pr + 2] + off;
            for (int j = 0; j < n; j++)
                prod[j] *= bm_u(a[j], b[j]);
        }
        if (p0 == 0)
            for (int j = 0; j < n; j++)
                r2[j] = -2.0 * lp_vlog(prod[j]);
        else
            for (int j = 0; j < n; j++)
                r2[j] += -2.0 * lp_vlog(prod[j]);
    }
    if (p == 1)
        for (int j = 0; j < n; j++)
            r2[j] = 0.0;
    if (p & 1) {
        const uint32_t *a = rows[p] + off, *b = rows[p + 1] + off;
        for (int j = 0; j < n; j++) {
            box_muller(z0 + j, spare + j, a[j], b[j]);
            r2[j] += z0[j] * z0[j];
        }
    }
}

void
PASTE(lp_gauss_normals_batch_, LP_KERNEL_SUFFIX)(double *restrict z, int p, uint64_t seed,
                                                 uint64_t block, uint32_t first, int n)
{
    static _Thread_local uint32_t rows[MAX_ROWS][ROW_WORDS];
    static _Thread_local double spare[LP_MC_BATCH];
    draw_rows(rows, 1, 2 * ((p + 1) / 2) + 1, seed, block, first, n);
    normals(z, spare, rows, p, (int) (first & 3), n);
}

void
PASTE(lp_gauss_ball_batch_, LP_KERNEL_SUFFIX)(lp_gauss_ball_sums *restrict sums, double *restrict y,
                                              const lp_gauss_ball_kernel *k, uint64_t seed, uint64_t block,
                                              uint32_t first, int n)
{
    const int p = k->p, off = (int) (first & 3);
    static _Thread_local uint32_t rows[MAX_ROWS][ROW_WORDS];
    static _Thread_local double spare[LP_MC_BATCH];
    double r2[LP_MC_BATCH], rr[LP_MC_BATCH];

    draw_rows(rows, 0, 2 * ((p + 1) / 2) + 1, seed, block, first, n);
    radii2(r2, spare, rows, p, off, n);
    /* the radius r of y = factor z: s_k |z| for the component k that row 0's
     * word picks (the word and the cumulative probabilities as doubles,
     * exactly), the shell's c + s_1 |z| */
    {
        const double pick0 = (double) k->pick[0], pick1 = (double) k->pick[1];
        const double s0 = k->scale[0], s1 = k->scale[1], s2 = k->scale[2], c = k->shell_c;
        const uint32_t *pick = rows[0] + off;
        for (int j = 0; j < n; j++) {
            const double u = (double) pick[j];
            const double scale = u < pick0 ? s0 : u < pick1 ? s1 : s2, shift = u >= pick0 && u < pick1 ? c : 0.0;
            rr[j] = shift + scale * sqrt(r2[j]);
        }
    }
    gauss_ball_weights(sums, rr, k, n);
    if (y == NULL)              /* the weights alone (no sup check wants this batch's outputs) */
        return;
    /* y = factor z: the normals, scaled (the shell's factor c / |z| + s_1) */
    normals(y, spare, rows, p, off, n);
    {
        const uint64_t pick0 = k->pick[0], pick1 = k->pick[1];
        const double s0 = k->scale[0], s1 = k->scale[1], s2 = k->scale[2], c = k->shell_c;
        const uint32_t *pick = rows[0] + off;
        double factor[LP_MC_BATCH];
        int i = 0;
        for (int j = 0; j < n; j++) {
            const double rho = sqrt(r2[j]), shell = rho > 0.0 ? s1 + c / rho : s1;
            factor[j] = pick[j] < pick0 ? s0 : pick[j] < pick1 ? shell : s2;
        }
        for (; i + 4 <= p; i += 4) {
            double *z = y + (size_t) i * LP_MC_BATCH;
            for (int j = 0; j < n; j++) {
                const double f = factor[j];
                z[j] *= f;
                z[LP_MC_BATCH + j] *= f;
                z[2 * LP_MC_BATCH + j] *= f;
                z[3 * LP_MC_BATCH + j] *= f;
            }
        }
        for (; i < p; i++) {
            double *yi = y + (size_t) i * LP_MC_BATCH;
            for (int j = 0; j < n; j++)
                yi[j] *= factor[j];
        }
    }
}
