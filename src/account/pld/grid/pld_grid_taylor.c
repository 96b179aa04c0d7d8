/* pld_grid_taylor.c -- the Gaussian step's certified masses (pld_masses'
 * contract, pld_grid.h) by Taylor blocks in the loss l: Arb only at each
 * block's anchors, each mass a polynomial evaluated in doubles or long
 * doubles with a proved bound (issue 31: the per-point Arb arithmetic of pld_grid.c's route was
 * half of a run's time at q = 1e-4).
 *
 * H(l) = P(X <= l); for a block of interior masses m_i = H(l_i) - H(l_{i-1}),
 * i0 <= i < i1, around the index ic (l_c = l_ic), j = i - ic, B = max |j|:
 *  1. Arb: the Taylor coefficients c_1 .. c_N of H at l_c (H is built of exp,
 *     log and erfc: Arb's power series), d_k = c_k h^k, and
 *     e_k = sum_{k < k' <= N} d_k' binom(k', k) (-1)^(k'-k+1), so that
 *     sum_{k<N} e_k j^k = P(j h) - P((j-1) h) exactly, P the Taylor polynomial
 *     of degree N (its constant term cancels: no difference of H's values,
 *     so no bits lost to H/m);
 *  2. Lagrange: with R = H(l_c + .) - P, m_i = sum_k e_k j^k + R(jh) - R((j-1)h),
 *     and R(jh) - R((j-1)h) is h R'(s) for some s in [(j-1)h, jh], where R' is
 *     the remainder of H' 's Taylor polynomial P' of degree N - 1:
 *     |R'(s)| <= |H^(N+1)(xi)| |s|^N / N! for some xi in
 *     Xi = [l_{i0-1}, l_{i1-1}], so the remainder is at most
 *     h (N+1) |c_{N+1}(Xi)| ((B+1) h)^N, c_{N+1}(Xi) the coefficient N+1 of H's
 *     series at the ball Xi (it holds H^(N+1)(xi)/(N+1)! for every xi in Xi);
 *  3. the polynomial in doubles or x87 long doubles with a proved bound
 *     eps on each mass (pld_grid_horner.c).
 * A block is kept when eps + rad(e_0) is below 2^-52 of the least mass of
 * the block and the remainder below 2^-56 (choices, the bound certified
 * either way; 2^-36 and 2^-40 where the bracket asked is loose, --width >=
 * 0.5: q 1e-5, T 1e6, width 1.55, 12.5 -> 9.5 ms, the records' digits the
 * same); else it is made smaller (the remainder
 * dominates: the next size from the remainder's ratio to its allowance, as
 * it grows like B^N) or its precision raised (the balls' radii dominate).
 * Below BLOCK_MIN points the masses are H's differences in Arb directly
 * (pld_grid_direct.c: the smaller tail's, each boundary once): near the
 * loss's infimum (remove) or supremum (add), where H's derivatives grow as
 * (l - log(1-q))^-k and the blocks shrink geometrically, and where a cell
 * spans much of the Gaussian's scale.  (At large M the cells next to the
 * loss's end were most of the grid, all direct: M = 50, q = 0.01, 5,861 of
 * 9,663; the accountant's grid now clamps that end, pld_mech_gauss.c.)
 * The tails G_i = P(X > l_i) and F_i = P(X <= l_i) are the masses' suffix
 * and prefix sums in Arb (radii relative to themselves).  One thread: the
 * masses no longer dominate a run (the relations run at once, pld_study.c),
 * and the results do not depend on any thread count. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "account/pld/grid/pld_grid.h"
#include "core/host.h"

#define TERMS 16                /* N: the polynomial's terms, degree N - 1 */
#define BLOCK_MAX 4096
#define BLOCK_MIN 12             /* below, masses one by one: a block's two series cost more */
#define SERIES_PREC_MAX 320

/* The block i0 <= i < i1 around ic (see the top).  Returns 0 and fills
 * mass[i0 .. i1), or 1 when the remainder bound is too large (a smaller
 * block), 2 when the balls are (raise prec), -1 when E is not positive on
 * Xi.  *ratio: the remainder over its allowance (a double, for the next
 * block's size: the remainder grows as B^N). */
static int
block(arb_ptr mass, double *ratio, int64_t i0, int64_t i1, const pld_gauss_series_ctx *x, slong prec,
      long double *v)
{
    const int64_t ic = i0 + (i1 - i0 - 1) / 2;
    const int64_t B = (ic - i0 > i1 - 1 - ic) ? ic - i0 : i1 - 1 - ic;
    arb_ptr c0 = _arb_vec_init(TERMS + 2), c1 = _arb_vec_init(TERMS + 2);
    slong scale = 0;
    arb_t l, t, hp, Bh;
    mag_t R, tm, Bm, eps, Bk;
    int r = 0;
    arb_init(l);
    arb_init(t);
    arb_init(hp);
    arb_init(Bh);
    mag_init(R);
    mag_init(tm);
    mag_init(Bm);
    mag_init(eps);
    mag_init(Bk);
    arb_set_d(hp, x->h);
    /* the remainder first (cheap to fail): c_{N+1} at Xi = [l_{i0-1}, l_{i1-1}] */
    pld_grid_point(l, x->kmin + i0 - 1, x->h);
    pld_grid_point(t, x->kmin + i1 - 1, x->h);
    arb_union(l, l, t, prec);
    *ratio = INFINITY;
    if (pld_gauss_cdf_series(c1, l, TERMS + 2, x, prec) != 0) {
        r = -1;
        goto done;
    }
    arb_get_mag(R, c1 + TERMS + 1);
    mag_mul_ui(R, R, TERMS + 1);
    arb_mul_si(Bh, hp, B + 1, prec);
    arb_get_mag(Bm, Bh);                                /* (B + 1) h */
    mag_pow_ui(tm, Bm, TERMS);
    mag_mul(R, R, tm);
    arb_get_mag(tm, hp);
    mag_mul(R, R, tm);                                  /* h (N+1) |c_{N+1}| ((B+1) h)^N */
    /* every mass of the block is h H'(xi) for some xi in Xi: at least
     * h min |c_1(Xi)|; the remainder must be far below that */
    arb_get_mag_lower(Bk, c1 + 1);
    arb_get_mag_lower(eps, hp);
    mag_mul_lower(Bk, Bk, eps);
    mag_mul_2exp_si(tm, R, x->bits + 4);
    *ratio = mag_is_zero(Bk) ? INFINITY : mag_get_d(tm) / mag_get_d(Bk);
    if (mag_cmp(tm, Bk) > 0) {
        r = 1;
        goto done;
    }
    /* the coefficients: d_k = c_k h^k of H's series at l_c (k = 1 .. N),
     * then e_k = sum_{k' > k} d_k' binom(k', k) (-1)^(k'-k+1) */
    pld_grid_point(l, x->kmin + ic, x->h);
    if (pld_gauss_cdf_series(c0, l, TERMS + 1, x, prec) != 0) {
        r = -1;
        goto done;
    }
    arb_set(t, hp);
    for (int k = 1; k <= TERMS; k++) {
        arb_mul(c0 + k, c0 + k, t, prec);
        arb_mul(t, t, hp, prec);
    }
    for (int k = 0; k < TERMS; k++) {
        ulong binom = (ulong) (k + 1);                  /* binom(k', k) from k' = k + 1 */
        arb_zero(c1 + k);
        for (int kk = k + 1; kk <= TERMS; kk++) {
            if ((kk - k) & 1)
                arb_addmul_ui(c1 + k, c0 + kk, binom, prec);
            else
                arb_submul_ui(c1 + k, c0 + kk, binom, prec);
            binom = binom * (ulong) (kk + 1) / (ulong) (kk + 1 - k);
        }
    }
    /* scaled by 2^-E, E the exponent of e_0 (exact): the doubles then hold
     * masses of any size near 1, far from underflow (delta 1e-300 puts the
     * grid's end where the masses are 1e-300 and below) */
    scale = arf_is_zero(arb_midref(c1 + 0)) || !arb_is_finite(c1 + 0) ? 0
            : arf_abs_bound_lt_2exp_si(arb_midref(c1 + 0));
    if (scale > 1000000 || scale < -1000000) {
        r = 1;
        goto done;
    }
    _arb_vec_scalar_mul_2exp_si(c1, c1, TERMS, -scale);
    mag_mul_2exp_si(R, R, -scale);
    r = pld_block_horner(mass, i0, i1, ic, c1, TERMS, R, scale, prec, x->bits, v);
done:
    _arb_vec_clear(c0, TERMS + 2);
    _arb_vec_clear(c1, TERMS + 2);
    arb_clear(l);
    arb_clear(t);
    arb_clear(hp);
    arb_clear(Bh);
    mag_clear(R);
    mag_clear(tm);
    mag_clear(Bm);
    mag_clear(eps);
    mag_clear(Bk);
    return r;
}

arb_ptr
pld_masses_taylor(const lp_dpsgd *run, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
                  arb_ptr *tails, arb_ptr *lower)
{
    return pld_masses_taylor_bits(run, rel, kmin, K, h, PLD_MASS_BITS, tails, lower);
}

arb_ptr
pld_masses_taylor_bits(const lp_dpsgd *run, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
                       slong bits, arb_ptr *tails, arb_ptr *lower)
{
    arb_ptr mass = _arb_vec_init(K);
    const int64_t nb = K > 1 ? K - 1 : 1;
    pld_gauss_series_ctx x;
    long double *v = malloc(BLOCK_MAX * sizeof *v);         /* a block's v_j */
    if (v == NULL) {
        _arb_vec_clear(mass, K);
        return NULL;
    }
    pld_gauss_series_init(&x, run, rel, kmin, h);
    x.bits = bits;
    if (K == 1) {
        arb_one(mass + 0);
    } else {
        arb_t l;
        int64_t i = 1, b = 64, blocks = 0, tries = 0, directs = 0, backoff = 1;
        pld_direct_cache dc;
        /* the series' precision (raised where the balls, not the remainder,
         * keep a block from 2^-50) */
        slong prec = 80;
        /* the least size that failed lately, let grow 3 % a kept block for
         * 8 blocks, then 50 % a block: the next block stays below 0.9 of it
         * (a choice: with the remainder's ratio alone, a block that failed
         * on its doubles' spread was halved, kept, doubled again and failed
         * again, two series a block: M 5, q 1e-3, T 1e3, 232 tries for 134
         * blocks) */
        double cap = INFINITY;
        int kept = 0;
        arb_init(dc.H);
        dc.i = -1;
        dc.upper = 0;
        dc.prec = 0;
        arb_init(l);
        /* the ends: the clamped tails (m_0 = P(X <= l_kmin), m_{K-1} = P(X > l_{kmax-1})) */
        pld_grid_point(l, kmin, h);
        pld_loss_cdf_arb(mass + 0, run, rel, l, 1, MASS_PREC + 64);
        pld_grid_point(l, kmin + K - 2, h);
        pld_loss_cdf_arb(mass + K - 1, run, rel, l, 0, MASS_PREC + 64);
        arb_clear(l);
        while (i < K - 1 && !lp_cancelled()) {
            const int64_t end = i + b < K - 1 ? i + b : K - 1;
            double ratio = INFINITY, f;
            const int r = end - i >= BLOCK_MIN ? block(mass, &ratio, i, end, &x, prec, v) : -1;
            tries++;
            /* the next size from the remainder's ratio (R ~ B^N), at most
             * doubled, at least quartered (a choice) */
            f = 0.85 * pow(ratio, -1.0 / TERMS);
            f = isfinite(f) ? fmin(2.0, fmax(0.25, f)) : 0.25;
            if (r == 0) {
                blocks++;
                i = end;
                cap *= ++kept <= 8 ? 1.03 : 1.5;
                b = (int64_t) fmin((double) BLOCK_MAX, fmax((double) BLOCK_MIN,
                                                           floor(fmin(f * (double) b, 0.9 * cap))));
            } else if (r == 2 && prec < SERIES_PREC_MAX) {
                prec = prec * 3 / 2 > SERIES_PREC_MAX ? SERIES_PREC_MAX : prec * 3 / 2;
            } else if (end - i >= 2 * BLOCK_MIN) {
                cap = (double) (end - i);
                kept = 0;
                b = (int64_t) fmax((double) BLOCK_MIN, floor(fmin(f, 0.7) * (double) (end - i)));
            } else {
                /* points one by one in Arb: a few at the loss's end, or a run
                 * where the loss crosses the Gaussian's scale in a few cells
                 * (then the next try of a block waits, as long again each
                 * time it fails: a try costs a series) */
                const int64_t stop = i + backoff < K - 1 ? i + backoff : K - 1;
                for (; i < stop && !lp_cancelled(); i++, directs++)
                    pld_direct_mass(mass + i, run, i, pld_upper_is_smaller(&x, i), &x, &dc);
                backoff = backoff < 64 ? 2 * backoff : 64;
                b = BLOCK_MIN;
            }
            if (r == 0)
                backoff = 1;
        }
        arb_clear(dc.H);
        if (lp_trace())
            fprintf(lp_trace(), "pld: masses: %lld blocks (%lld tries), %lld direct, series at %ld bits\n",
                    (long long) blocks, (long long) tries, (long long) directs, (long) prec);
    }
    /* the midpoints' signs: a ball of a negative midpoint moved to 0 */
    for (int64_t i = 0; i < K && !lp_cancelled(); i++)
        if (arf_sgn(arb_midref(mass + i)) < 0) {
            mag_t a;
            mag_init(a);
            arf_get_mag(a, arb_midref(mass + i));
            mag_add(arb_radref(mass + i), arb_radref(mass + i), a);
            arf_zero(arb_midref(mass + i));
            mag_clear(a);
        }
    pld_gauss_series_clear(&x);
    free(v);
    /* the tails: G_i = P(X > l_i) = sum_{k > i} m_k, F_i = sum_{k <= i} m_k */
    if (tails) {
        arb_ptr G = _arb_vec_init(nb);
        if (K > 1) {
            arb_set(G + K - 2, mass + K - 1);
            for (int64_t i = K - 2; i-- > 0 && !lp_cancelled();)
                arb_add(G + i, G + i + 1, mass + i + 1, MASS_PREC);
        }
        *tails = G;
    }
    if (lower) {
        *lower = NULL;
        if (rel == LP_PLD_ADD) {
            arb_ptr F = _arb_vec_init(nb);
            if (K > 1) {
                arb_set(F + 0, mass + 0);
                for (int64_t i = 1; i < K - 1 && !lp_cancelled(); i++)
                    arb_add(F + i, F + i - 1, mass + i, MASS_PREC);
            }
            *lower = F;
        }
    }
    return mass;
}
