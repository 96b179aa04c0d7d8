/* pld_fft_sparse_body.h -- the transform pruned where it acts on zeros
 * (issue 42), written once for the real type lp_real of pld_real.h
 * (included at the end of pld_fft_stages_body.h): an input zero (+0) but on
 * a cyclic run of K points (the composition's masses: some 55 thousand of 3
 * 2^19 at q 1e-4, T 1e7, width 0.069), transformed bit for bit as the
 * whole input would be, so pld_fft.c's bound holds as it is.
 *
 * Why the bits are the same.  A butterfly of +0 inputs gives +0 outputs
 * whatever its twiddle (w 0 is +-0, and +0 +- (+-0) = +0 rounded to
 * nearest), so a group of points all +0 left out holds what the full stage
 * would have written there; the bit reversal and the de-interleaving are
 * permutations of exact copies, made here for the run's points only.
 *
 * Where the zeros are.  In an n-point transform (n a power of 2) of input
 * x_i, zero but for i in the cyclic run a .. a + K - 1 (mod n), position p
 * holds x_rev(p) after the bit reversal (rev over log2 n bits), so the g-th
 * aligned sub-block of S positions holds the x_i with i = rev(g) mod P, P =
 * n/S (rev over log2 P bits): only where the run meets that residue class
 * is any of them nonzero.  Where K < P the run meets each class at most
 * once.  In block Bi of the block stages (Q = n/block blocks, nb = block/S
 * sub-blocks each, g = Bi nb + t) rev(g) = rev(t) Q + c, c = rev(Bi) (over
 * log2 Q bits): the block holds the x_i with i = c mod Q, the run's points
 * a + d + j Q, d = (c - a) mod Q, j < ceil((K - d)/Q), each at position
 * rev(i) (the block filled from them in cache: no pass over the whole
 * vector to zero it, gather it and reverse it), and its sub-blocks with a
 * nonzero input are t = rev(u) (over log2 nb bits), u = u0 + j (mod nb),
 * u0 Q + c = a + d (mod P): found without a test each.  From the first
 * stage with K >= P on, every stage runs whole. */

/* v's low `bits` bits reversed (bits <= 63) */
static size_t
rev_bits(size_t v, unsigned bits)
{
    uint64_t r = v;
    if (bits == 0)
        return 0;
    r = ((r >> 1) & UINT64_C(0x5555555555555555)) | ((r & UINT64_C(0x5555555555555555)) << 1);
    r = ((r >> 2) & UINT64_C(0x3333333333333333)) | ((r & UINT64_C(0x3333333333333333)) << 2);
    r = ((r >> 4) & UINT64_C(0x0F0F0F0F0F0F0F0F)) | ((r & UINT64_C(0x0F0F0F0F0F0F0F0F)) << 4);
    r = ((r >> 8) & UINT64_C(0x00FF00FF00FF00FF)) | ((r & UINT64_C(0x00FF00FF00FF00FF)) << 8);
    r = ((r >> 16) & UINT64_C(0x0000FFFF0000FFFF)) | ((r & UINT64_C(0x0000FFFF0000FFFF)) << 16);
    r = (r >> 32) | (r << 32);
    return (size_t) (r >> (64 - bits));
}

static unsigned
log2_exact(size_t n)                    /* n a power of 2 */
{
    unsigned b = 0;
    while (((size_t) 1 << b) < n)
        b++;
    return b;
}

/* The input of one power-of-2 transform: its x_i, i = (a + t) mod n, t <
 * K, at src[(s0 + step t) mod sm] (complex points); zero elsewhere. */
struct fft_fill {
    const lp_real *src;
    size_t s0, step, sm;
    size_t a, K;                        /* a < n, K < n */
};

/* Block Bi = base/block of an n-point transform (n a power of 2): zeroed,
 * its points of f's run put at their bit-reversed places, and its stages
 * while K < P run on the sub-blocks with a nonzero input only, in
 * fft_block_stages's order and pairs (see the top).  Returns the first
 * stage's len to run whole (past block: none). */
static size_t
fft_block_fill(lp_real *x, size_t base, size_t n, size_t block, const lp_real *tw, lp_real cs,
               const struct fft_fill *f)
{
    const size_t Q = n / block, c = rev_bits(base / block, log2_exact(Q)), a = f->a, K = f->K;
    const size_t d = (c + Q - (a & (Q - 1))) & (Q - 1);
    const size_t Kj = K > d ? (K - d + Q - 1) / Q : 0;  /* the block's points of the run */
    const unsigned L = log2_exact(n);
    size_t l = 2;
    memset(x + 2 * base, 0, 2 * block * sizeof *x);
    for (size_t j = 0; j < Kj; j++) {
        const size_t t = d + j * Q, i = (a + t) & (n - 1);
        const lp_real *s = f->src + 2 * ((f->s0 + f->step * t) % f->sm);
        lp_real *y = x + 2 * rev_bits(i, L);
        y[0] = s[0];
        y[1] = s[1];
    }
    while (l <= block) {
        const int pair = 2 * l <= block;
        const size_t S = pair ? 2 * l : l, P = n / S, nb = block / S;
        const size_t u0 = ((a + d) & (P - 1)) / Q;
        const unsigned bt = log2_exact(nb);
        if (K >= P)
            return l;
        for (size_t j = 0; j < Kj; j++) {
            lp_real *xs = x + 2 * (base + rev_bits((u0 + j) & (nb - 1), bt) * S);
            if (pair)
                stage_pair_group(xs, l, tw, block / l, tw, block / (2 * l), cs);
            else
                fft_stage(xs, S, l, block / l, tw, cs);
        }
        l = pair ? 4 * l : 2 * l;
    }
    return l;
}

/* fft_core for an input zero (+0) but on the cyclic run x_a .. x_{a+K-1}
 * (mod n), a < n: the same result bit for bit, x read on the run only (what
 * lies elsewhere is taken as +0).  The run is copied out (K points) and
 * the transform made in x itself, each block filled from the copy: for 3
 * M, part r (x_{3m + r}, whose m are a run too: m = (a + d_r + 3 t) / 3, t
 * < K_r, the copy's points d_r + 3 t) at x + 2 r M, and the radix-3 stage in
 * place (each of its steps reads its three points before it writes them):
 * no scratch of n points to fault in.  Returns 0; -1, with x untouched,
 * where no stage would be pruned (K >= n/4) or the copy's memory is not
 * there: then fft_core, on x zeroed off the run, is the caller's. */
static int
LP_R_NAME(fft_core_sparse, )(lp_real *x, size_t n, const lp_real *w, size_t wstride, lp_real cs,
                             lp_real *tw, size_t a, size_t K)
{
    struct fft_fill f;
    const int three = (n & (n - 1)) != 0;
    lp_real *run;
    if (tw == NULL || n < 4 || K >= n / 4 || K == 0)
        return -1;
    run = malloc(2 * K * sizeof *run);
    if (run == NULL)
        return -1;
    for (size_t t = 0, i = a; t < K; t++, i = i + 1 < n ? i + 1 : 0) {
        run[2 * t] = x[2 * i];
        run[2 * t + 1] = x[2 * i + 1];
    }
    f.src = run;
    f.sm = K;
    if (!three) {
        f.s0 = 0;
        f.step = 1;
        f.a = a;
        f.K = K;
        LP_R_NAME(fft_block_stages, )(x, n, w, wstride, cs, tw, &f);
        LP_R_NAME(fft_large_stages, )(x, 1, n, w, wstride, cs, tw);
    } else {
        const size_t M = n / 3;
        for (size_t r = 0; r < 3; r++) {
            /* part r's run: z = a + d, a + d + 3, ... (mod n), m = z / 3 */
            const size_t d = (r + 3 - a % 3) % 3;
            f.s0 = d;
            f.step = 3;
            f.a = ((a + d) % n) / 3;
            f.K = K > d ? (K - d + 2) / 3 : 0;
            LP_R_NAME(fft_block_stages, )(x + 2 * r * M, M, w, 3 * wstride, cs, tw, &f);
        }
        LP_R_NAME(fft_large_stages, )(x, 3, M, w, 3 * wstride, cs, tw);
        fft_radix3(x, x, M, w, wstride, n * wstride / 2, cs);
    }
    free(run);
    return 0;
}
