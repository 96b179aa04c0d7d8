/* pld_fft_stages_body.h -- the transform's schedule, written once for the
 * real type lp_real of pld_real.h (included by pld_fft_body.h): the
 * butterflies one stage and two stages a pass, the bit reversal, the stages'
 * twiddles, the power-of-2 transform, the radix-3 stage of lengths 3 2^k and
 * the dispatcher fft_core.  The bound of every one is pld_fft.c's; the
 * pairs and the tiles give its stage-by-stage result bit for bit
 * (t-pld-fft). */

/* The butterflies' loops in doubles built twice on x86-64 where the
 * compiler can, for AVX2 and the baseline, the processor's choosing at load
 * time: AVX2 without FMA contracts nothing, so each operation is the same
 * IEEE rounding and the bits are the baseline's (t-pld-fft's bitwise check
 * runs whichever the machine takes); forward and inverse at n 2^23 0.227 ->
 * 0.187 s.  x87 long doubles have no vector form. */
#ifndef LP_FFT_CLONES
/* Not under ThreadSanitizer: the clones' resolver runs while the dynamic
 * loader relocates the library, before TSan's runtime is up, and its
 * instrumented code crashes there (t-threads, make check-tsan) */
#if !LP_R_LD && defined(__x86_64__) && defined(__ELF__) && defined(__has_attribute) \
    && !defined(__SANITIZE_THREAD__)
#if __has_attribute(target_clones)
#define LP_FFT_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#endif
#ifndef LP_FFT_CLONES
#define LP_FFT_CLONES
#endif

/* one stage of len-point butterflies over x[0 .. m) (m a multiple of len),
 * twiddle w[j step] (conjugated by cs) */
LP_FFT_CLONES static void
fft_stage(lp_real *x, size_t m, size_t len, size_t step, const lp_real *w, lp_real cs)
{
    const size_t half = len / 2;
    for (size_t i = 0; i < m; i += len) {
        lp_real *a = x + 2 * i, *b = x + 2 * (i + half);
        for (size_t j = 0; j < half; j++) {
            const lp_real wr = w[2 * j * step], wi = cs * w[2 * j * step + 1];
            const lp_real br = b[2 * j], bi = b[2 * j + 1];
            const lp_real tr = wr * br - wi * bi, ti = wr * bi + wi * br;
            const lp_real ar = a[2 * j], ai = a[2 * j + 1];
            a[2 * j] = ar + tr;
            a[2 * j + 1] = ai + ti;
            b[2 * j] = ar - tr;
            b[2 * j + 1] = ai - ti;
        }
    }
}

/* stages len and 2 len in one pass over x[0 .. m) (m a multiple of 2 len):
 * each group of four points at i + j + {0, 1, 2, 3} len/2 through stage
 * len's two butterflies (twiddle W_len^j = w1[j s1]) and then stage 2 len's
 * two (W_2len^j = w2[j s2], W_2len^(j + len/2)), held in registers between
 * them.  Each butterfly is fft_stage's, on the same operands (a butterfly of
 * stage 2 len reads only the two of stage len in its own group), so the
 * result is bitwise the two stages' one after the other (where no
 * multiply-add is fused; fused, each butterfly still obeys pld_fft.c's
 * bound) and that bound holds unchanged: half the passes over a vector that
 * does not fit in cache (issue 31; t-pld-fft checks the bits at n 2^14 ..
 * 2^17). */
/* fft_stage_pair's butterflies on one group of 2 len points from x0 (its
 * loop's body; inlined there, and in the pruned stages, which take the
 * groups one by one: pld_fft_sparse_body.h) */
static inline __attribute__((always_inline)) void
stage_pair_group(lp_real *x0, size_t len, const lp_real *w1, size_t s1, const lp_real *w2,
                 size_t s2, lp_real cs)
{
    const size_t q = len / 2;
    lp_real *x1 = x0 + 2 * q, *x2 = x0 + 2 * len, *x3 = x2 + 2 * q;
    for (size_t j = 0; j < q; j++) {
        const lp_real ar = w1[2 * j * s1], ai = cs * w1[2 * j * s1 + 1];
        const lp_real br = w2[2 * j * s2], bi = cs * w2[2 * j * s2 + 1];
        const lp_real cr = w2[2 * (j + q) * s2], ci = cs * w2[2 * (j + q) * s2 + 1];
        lp_real y0r, y0i, y1r, y1i, y2r, y2i, y3r, y3i, tr, ti;
        /* stage len: (x0, x1) and (x2, x3), twiddle W_len^j */
        tr = ar * x1[2 * j] - ai * x1[2 * j + 1];
        ti = ar * x1[2 * j + 1] + ai * x1[2 * j];
        y0r = x0[2 * j] + tr;
        y0i = x0[2 * j + 1] + ti;
        y1r = x0[2 * j] - tr;
        y1i = x0[2 * j + 1] - ti;
        tr = ar * x3[2 * j] - ai * x3[2 * j + 1];
        ti = ar * x3[2 * j + 1] + ai * x3[2 * j];
        y2r = x2[2 * j] + tr;
        y2i = x2[2 * j + 1] + ti;
        y3r = x2[2 * j] - tr;
        y3i = x2[2 * j + 1] - ti;
        /* stage 2 len: (y0, y2) with W_2len^j, (y1, y3) with W_2len^(j + len/2) */
        tr = br * y2r - bi * y2i;
        ti = br * y2i + bi * y2r;
        x0[2 * j] = y0r + tr;
        x0[2 * j + 1] = y0i + ti;
        x2[2 * j] = y0r - tr;
        x2[2 * j + 1] = y0i - ti;
        tr = cr * y3r - ci * y3i;
        ti = cr * y3i + ci * y3r;
        x1[2 * j] = y1r + tr;
        x1[2 * j + 1] = y1i + ti;
        x3[2 * j] = y1r - tr;
        x3[2 * j + 1] = y1i - ti;
    }
}

LP_FFT_CLONES static void
fft_stage_pair(lp_real *x, size_t m, size_t len, const lp_real *w1, size_t s1,
               const lp_real *w2, size_t s2, lp_real cs)
{
    for (size_t i = 0; i < m; i += 2 * len)
        stage_pair_group(x + 2 * i, len, w1, s1, w2, s2, cs);
}

/* the bit-reversal permutation of n = 2^L complex points.  From L = 8 on
 * tile by tile: index i = (a, b, c), a the top and c the bottom 4 bits, b
 * the L - 8 in between, goes to (rev c, rev b, rev a), so the 16 x 16
 * points of tile b trade places with those of tile rev b (16 rows of 16
 * contiguous points each side: in cache, where the point-by-point order
 * missed it at nearly every swap: a tenth of a run at n = 2^23).  A
 * permutation of exact copies: the same result in any order. */
static void
LP_R_NAME(bit_reverse, )(lp_real *x, size_t n)
{
    enum { QB = 4, Q = 1 << QB };
    size_t L = 0;
    while (((size_t) 1 << L) < n)
        L++;
    if (L < 2 * QB) {
        for (size_t i = 1, j = 0; i < n; i++) {
            size_t bit = n >> 1;
            for (; j & bit; bit >>= 1)
                j ^= bit;
            j ^= bit;
            if (i < j) {
                lp_real t0 = x[2 * i], t1 = x[2 * i + 1];
                x[2 * i] = x[2 * j];
                x[2 * i + 1] = x[2 * j + 1];
                x[2 * j] = t0;
                x[2 * j + 1] = t1;
            }
        }
        return;
    }
    {
        const size_t M = L - 2 * QB, hi = L - QB;
        size_t rq[Q];
        for (size_t v = 0; v < Q; v++) {
            rq[v] = 0;
            for (size_t t = 0; t < QB; t++)
                rq[v] |= ((v >> t) & 1) << (QB - 1 - t);
        }
        for (size_t b = 0; b < ((size_t) 1 << M); b++) {
            size_t rb = 0;
            for (size_t t = 0; t < M; t++)
                rb |= ((b >> t) & 1) << (M - 1 - t);
            if (rb < b)                         /* the pair (b, rb) was done at rb */
                continue;
            for (size_t a = 0; a < Q; a++)
                for (size_t c = 0; c < Q; c++) {
                    const size_t i = a << hi | b << QB | c, j = rq[c] << hi | rb << QB | rq[a];
                    if (b < rb || i < j) {
                        lp_real t0 = x[2 * i], t1 = x[2 * i + 1];
                        x[2 * i] = x[2 * j];
                        x[2 * i + 1] = x[2 * j + 1];
                        x[2 * j] = t0;
                        x[2 * j + 1] = t1;
                    }
                }
        }
    }
}

/* stage len's twiddles w[j step], j < len/2: read in place at a step of 1 or
 * 2 (*stride = step), else copied contiguous to dst (*stride = 1): the same
 * values either way (65 % of the stages' time had been the table's strided
 * loads) */
static const lp_real *
stage_twiddles(lp_real *dst, const lp_real *w, size_t len, size_t step, size_t *stride)
{
    if (dst == NULL || step <= 2) {
        *stride = step;
        return w;
    }
    for (size_t j = 0; j < len / 2; j++) {
        dst[2 * j] = w[2 * j * step];
        dst[2 * j + 1] = w[2 * j * step + 1];
    }
    *stride = 1;
    return dst;
}

/* a block filled and its first stages pruned, for an input zero but on a
 * run (pld_fft_sparse_body.h) */
struct fft_fill;
static size_t fft_block_fill(lp_real *x, size_t base, size_t n, size_t block, const lp_real *tw,
                             lp_real cs, const struct fft_fill *f);

/* The stages up to LP_FFT_BLOCK of the n-point transform (n a power of 2),
 * with twiddle e^{-2 pi i j/n} = w[wstride j] (wstride 1: the plan's own
 * size; 2: half of it, the real transforms below; 3 and 6: a third of
 * those, the radix-3 transform's parts), conjugated by cs; tw the plan's
 * scratch (NULL: the table read in place).  x in bit-reversed order, or
 * (f, with tw) each block filled from f's run first and its stages on zeros
 * pruned.  A butterfly of stage len touches only its aligned block of len
 * points, so these stages run block by block (each block through all of
 * them while it is in cache), two stages a pass (fft_stage_pair), and the
 * larger ones (fft_large_stages) over the whole vector after them: the very
 * same butterflies on the same operands, each stage after the one before it
 * on every point it reads, so the result is bitwise the one of
 * stage-by-stage order and pld_fft.c's bound holds unchanged (issue 31: at
 * n = 2^22 the stage-by-stage passes were 43 % of a run, memory-bound). */
static void
LP_R_NAME(fft_block_stages, )(lp_real *x, size_t n, const lp_real *w, size_t wstride, lp_real cs,
                              lp_real *tw, const struct fft_fill *f)
{
    const size_t block = n < LP_FFT_BLOCK ? n : LP_FFT_BLOCK;
    if (tw && n >= 4)                           /* the block stages' table: w[k n/block] */
        for (size_t k = 0; k < block / 2; k++) {
            tw[2 * k] = w[2 * k * (n / block) * wstride];
            tw[2 * k + 1] = w[2 * k * (n / block) * wstride + 1];
        }
    for (size_t base = 0; base < n; base += block) {
        size_t l = 2;
        if (tw && n >= 4) {                     /* in pairs too, from the block's table */
            if (f)
                l = fft_block_fill(x, base, n, block, tw, cs, f);
            for (; 2 * l <= block; l <<= 2)
                fft_stage_pair(x + 2 * base, block, l, tw, block / l, tw, block / (2 * l), cs);
            if (l <= block)
                fft_stage(x + 2 * base, block, l, block / l, tw, cs);
        } else {
            for (; l <= block; l <<= 1)
                fft_stage(x + 2 * base, block, l, n / l * wstride, w, cs);
        }
    }
}

/* The stages past LP_FFT_BLOCK of np transforms of n points (n a power of
 * 2) side by side at x, x + 2n, ... (the radix-3 transform's three parts),
 * after fft_block_stages: the odd one alone, then two a pass; each stage's
 * twiddles copied once for the np (the same table: 12 % of a 3 2^18-point
 * transform had been three copies) */
static void
LP_R_NAME(fft_large_stages, )(lp_real *x, size_t np, size_t n, const lp_real *w, size_t wstride,
                              lp_real cs, lp_real *tw)
{
    const size_t block = n < LP_FFT_BLOCK ? n : LP_FFT_BLOCK;
    size_t len = 2 * block, stages = 0;
    for (size_t l = 2 * block; l <= n; l <<= 1)
        stages++;
    if (stages & 1) {
        size_t s1;
        const lp_real *w1 = stage_twiddles(tw, w, len, n / len * wstride, &s1);
        for (size_t p = 0; p < np; p++)
            fft_stage(x + 2 * p * n, n, len, s1, w1, cs);
        len <<= 1;
    }
    for (; 2 * len <= n; len <<= 2) {
        /* stage len's copy first, stage 2 len's after it (3 len / 2 <= 3n / 16) */
        size_t s1, s2;
        const lp_real *w1 = stage_twiddles(tw, w, len, n / len * wstride, &s1);
        const lp_real *w2 = stage_twiddles(tw ? tw + len : NULL, w, 2 * len,
                                           n / (2 * len) * wstride, &s2);
        for (size_t p = 0; p < np; p++)
            fft_stage_pair(x + 2 * p * n, n, len, w1, s1, w2, s2, cs);
    }
}

/* the n-point transform (n a power of 2) with twiddle e^{-2 pi i j/n} =
 * w[wstride j], conjugated by cs; tw the plan's scratch (NULL: the table
 * read in place) */
static void
LP_R_NAME(fft_pow2, )(lp_real *x, size_t n, const lp_real *w, size_t wstride, lp_real cs,
                      lp_real *tw)
{
    LP_R_NAME(bit_reverse, )(x, n);
    LP_R_NAME(fft_block_stages, )(x, n, w, wstride, cs, tw, NULL);
    LP_R_NAME(fft_large_stages, )(x, 1, n, w, wstride, cs, tw);
}

/* sqrt(3)/2 rounded to lp_real (within u relative) */
#if LP_R_LD
#define LP_R_SQRT3_2 0.86602540378443864676372317075293618347L
#else
#define LP_R_SQRT3_2 0.86602540378443864676372317075293618347
#endif

/* The last stage of an n = 3M point transform (pld_fft.c, lengths 3 2^k):
 * from the three M-point transforms Y_r of x_{3m + r} (y: Y_0, Y_1, Y_2 one
 * after the other), X_{k + tM} = Y_0k + w^t B + w^2t C, t = 0, 1, 2, with
 * B = W^k Y_1k, C = W^2k Y_2k (W = e^{-2 pi i/n}, the table's w[wstride k],
 * its entries past half = n_table/2 as the negated ones half before: W^{j +
 * n/2} = -W^j exactly) and w = e^{-2 pi i/3} = -1/2 - i sqrt(3)/2: s = B +
 * C, d = B - C, X_k = Y_0 + s, X_{k+M}, X_{k+2M} = (Y_0 - s/2) -+ i cs
 * (sqrt(3)/2) d; conjugated by cs (cs = -1: w^t and W^k conjugated).  x
 * may be y (in place: step k reads its three points, k, k + M and k + 2M,
 * before it writes them, and no other step touches them). */
LP_FFT_CLONES static void
fft_radix3(lp_real *x, const lp_real *y, size_t M, const lp_real *w, size_t wstride, size_t half,
           lp_real cs)
{
    const lp_real kap = LP_R_SQRT3_2;
    const lp_real *y1 = y + 2 * M, *y2 = y + 4 * M;
    for (size_t k = 0; k < M; k++) {
        const size_t j1 = k * wstride, j2 = 2 * k * wstride;
        const lp_real t1r = w[2 * j1], t1i = cs * w[2 * j1 + 1];
        const lp_real t2r = j2 < half ? w[2 * j2] : -w[2 * (j2 - half)];
        const lp_real t2i = cs * (j2 < half ? w[2 * j2 + 1] : -w[2 * (j2 - half) + 1]);
        const lp_real br = t1r * y1[2 * k] - t1i * y1[2 * k + 1];
        const lp_real bi = t1r * y1[2 * k + 1] + t1i * y1[2 * k];
        const lp_real cr = t2r * y2[2 * k] - t2i * y2[2 * k + 1];
        const lp_real ci = t2r * y2[2 * k + 1] + t2i * y2[2 * k];
        const lp_real sr = br + cr, si = bi + ci, dr = br - cr, di = bi - ci;
        const lp_real ar = y[2 * k], ai = y[2 * k + 1];
        const lp_real er = ar - sr / 2, ei = ai - si / 2;
        const lp_real gr = kap * dr, gi = kap * di;
        x[2 * k] = ar + sr;
        x[2 * k + 1] = ai + si;
        x[2 * (k + M)] = er + cs * gi;                  /* e - i cs g */
        x[2 * (k + M) + 1] = ei - cs * gr;
        x[2 * (k + 2 * M)] = er - cs * gi;              /* e + i cs g */
        x[2 * (k + 2 * M) + 1] = ei + cs * gr;
    }
}

/* the n-point transform, n a power of 2 (fft_pow2) or 3 M, M a power of 2
 * (buf: room for 2n reals): the three M-point transforms of x_{3m + r}
 * (de-interleaved into buf: exact copies) and the radix-3 stage into x */
static void
LP_R_NAME(fft_core, )(lp_real *x, size_t n, const lp_real *w, size_t wstride, lp_real cs,
                      lp_real *tw, lp_real *buf)
{
    size_t M;
    if ((n & (n - 1)) == 0 || buf == NULL) {
        LP_R_NAME(fft_pow2, )(x, n, w, wstride, cs, tw);
        return;
    }
    M = n / 3;
    for (size_t m = 0; m < M; m++)
        for (size_t r = 0; r < 3; r++) {
            buf[2 * (r * M + m)] = x[2 * (3 * m + r)];
            buf[2 * (r * M + m) + 1] = x[2 * (3 * m + r) + 1];
        }
    for (size_t r = 0; r < 3; r++) {
        LP_R_NAME(bit_reverse, )(buf + 2 * r * M, M);
        LP_R_NAME(fft_block_stages, )(buf + 2 * r * M, M, w, 3 * wstride, cs, tw, NULL);
    }
    LP_R_NAME(fft_large_stages, )(buf, 3, M, w, 3 * wstride, cs, tw);
    fft_radix3(x, buf, M, w, wstride, n * wstride / 2, cs);
}

#include "account/pld/compose/pld_fft_sparse_body.h"
