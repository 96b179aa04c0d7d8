/* Rigorous sum of a positive log-concave sequence, summing only the terms that
 * matter.  Contract in numeric.h. */
#include <string.h>
#include "numeric/numeric.h"
#include "core/host.h"

/* 1 if t is below 2^-(prec+16) of the (positive) running sum s. */
static int
negligible(const arb_t t, const arb_t s, slong prec)
{
    mag_t mt, ms;
    int r;
    mag_init(mt);
    mag_init(ms);
    arb_get_mag(mt, t);
    arb_get_mag_lower(ms, s);
    mag_mul_2exp_si(ms, ms, -(prec + 16));
    r = mag_cmp(mt, ms) < 0;
    mag_clear(mt);
    mag_clear(ms);
    return r;
}

/* The working precision for the step from t: a term 2^-g below the running
 * sum s needs only about prec - g bits for the sum to keep prec (its error
 * is relative to itself, and the terms after it are smaller still on the way
 * down); the balls carry every rounding either way, so this moves the cost,
 * never the enclosure.  Near the peak (or uphill) it is prec. */
static slong
step_prec(const arb_t t, const arb_t s, slong prec)
{
    slong es = arf_abs_bound_lt_2exp_si(arb_midref(s));
    slong et = arf_abs_bound_lt_2exp_si(arb_midref(t));
    slong w;
    if (es >= WORD_MAX / 4 || es <= -WORD_MAX / 4 || et >= WORD_MAX / 4 || et <= -WORD_MAX / 4)
        return prec;
    w = prec + 24 - (es - et);
    return FLINT_MAX(FLINT_MIN(w, prec), FLINT_MIN(prec, 64));
}

/* Bound on  last * (q + q^2 + ...)  with q = last / before, added to s as an
 * error.  q is an enclosure of a ratio that, by log-concavity, bounds every
 * ratio further out; if it is not certainly below 1 the bound is infinite. */
static void
add_geometric_tail(arb_t s, const arb_t last, const arb_t before, slong prec)
{
    arb_t q, t;
    mag_t m;
    arb_init(q);
    arb_init(t);
    mag_init(m);
    arb_div(q, last, before, prec);
    arb_sub_ui(t, q, 1, prec);
    arb_neg(t, t);                          /* 1 - q */
    if (arb_is_positive(t)) {
        arb_div(t, q, t, prec);
        arb_mul(t, t, last, prec);
        arb_get_mag(m, t);
    } else {
        mag_inf(m);
    }
    /* the tail lies in [0, m]: centre the extra interval */
    mag_mul_2exp_si(m, m, -1);
    arb_add_error_mag(s, m);
    arf_set_mag(arb_midref(t), m);
    mag_zero(arb_radref(t));
    arb_add(s, s, t, prec);
    arb_clear(q);
    arb_clear(t);
    mag_clear(m);
}

/* Terms a block walks per chain (2 LP_BLOCK terms a block). */
#define LP_BLOCK 16

/* One chain's block from t0 = T_{i0}: the ratios at i0, i0 + 2 dir, ...
 * (B of them, exact fractions r_l = a_l 2^e / b_l), the sum of the B terms
 * they give, T_{i0 + 2 dir} + ... + T_{i0 + 2 B dir}, as (t0 / D) N with
 *   N / D = r_0 (1 + r_1 (1 + ... (1 + r_{B-1})))  (Horner, in integers),
 * and the last of them as (t0 / D) a_0 ... a_{B-1} 2^(B e).  0 when a ratio
 * is not available. */
/* x = x v (x of n limbs, room for n + 1); the new size */
static mp_size_t
limbs_mul1(mp_limb_t *x, mp_size_t n, ulong v)
{
    mp_limb_t c = mpn_mul_1(x, x, n, v);
    if (c != 0)
        x[n++] = c;
    return n;
}

/* The block of chain_block when e = 0, in limbs on the stack (no fmpz: its
 * allocations were a third of the time); the same integers. */
static void
chain_block_limbs(arb_t block_sum, arb_t last, const arb_t t0, const ulong *a, const ulong *b,
                  slong prec)
{
    /* each of the B - 1 steps adds at most one limb to D and prod and two to
     * N (the sum, then the product): at most 2 B - 1 limbs */
    mp_limb_t num[2 * LP_BLOCK + 2], den[2 * LP_BLOCK + 2], prod[2 * LP_BLOCK + 2], t[2 * LP_BLOCK + 2];
    mp_size_t nn = 1, dn = 1, pn = 1, tn;
    arf_t x;
    num[0] = a[LP_BLOCK - 1];
    den[0] = b[LP_BLOCK - 1];
    prod[0] = a[LP_BLOCK - 1];
    for (int l = LP_BLOCK - 2; l >= 0; l--) {
        mp_limb_t c = nn >= dn ? mpn_add(t, num, nn, den, dn) : mpn_add(t, den, dn, num, nn);
        tn = FLINT_MAX(nn, dn);
        if (c != 0)
            t[tn++] = c;
        memcpy(num, t, tn * sizeof(mp_limb_t));
        nn = limbs_mul1(num, tn, a[l]);             /* a_l (D + N) */
        dn = limbs_mul1(den, dn, b[l]);             /* b_l D */
        pn = limbs_mul1(prod, pn, a[l]);
    }
    arf_init(x);
    arf_set_mpn(x, den, dn, 0);
    arb_div_arf(last, t0, x, prec);                 /* t0 / D */
    arf_set_mpn(x, num, nn, 0);
    arb_mul_arf(block_sum, last, x, prec);
    arf_set_mpn(x, prod, pn, 0);
    arb_mul_arf(last, last, x, prec);
    arf_clear(x);
}

static int
chain_block(arb_t block_sum, arb_t last, const arb_t t0, uint64_t i0, int dir,
            lp_ratio2_fn ratio, void *ctx, slong prec)
{
    ulong a[LP_BLOCK], b[LP_BLOCK];
    slong e = 0, el;
    fmpz_t num, den, prod;
    for (int l = 0; l < LP_BLOCK; l++)
        if (!ratio(&a[l], &b[l], &el, dir > 0 ? i0 + 2 * (uint64_t) l : i0 - 2 * (uint64_t) l, dir, ctx)
            || (l > 0 && el != e) || a[l] == 0 || b[l] == 0)
            return 0;
        else
            e = el;
    if (e == 0) {
        chain_block_limbs(block_sum, last, t0, a, b, prec);
        return 1;
    }
    fmpz_init(num); fmpz_init(den); fmpz_init(prod);
    fmpz_set_ui(num, a[LP_BLOCK - 1]);
    fmpz_set_ui(den, b[LP_BLOCK - 1]);
    fmpz_set_ui(prod, a[LP_BLOCK - 1]);
    if (e > 0)
        fmpz_mul_2exp(num, num, (ulong) e);
    else if (e < 0)
        fmpz_mul_2exp(den, den, (ulong) -e);
    for (int l = LP_BLOCK - 2; l >= 0; l--) {
        fmpz_add(num, num, den);
        fmpz_mul_ui(num, num, a[l]);                /* a_l 2^e (D + N) */
        fmpz_mul_ui(den, den, b[l]);                /* b_l D */
        fmpz_mul_ui(prod, prod, a[l]);
        if (e > 0)
            fmpz_mul_2exp(num, num, (ulong) e);
        else if (e < 0)
            fmpz_mul_2exp(den, den, (ulong) -e);
    }
    if (e > 0)
        fmpz_mul_2exp(prod, prod, (ulong) (e * LP_BLOCK));
    arb_div_fmpz(last, t0, den, prec);              /* t0 / D */
    arb_mul_fmpz(block_sum, last, num, prec);
    arb_mul_fmpz(last, last, prod, prec);
    fmpz_clear(num); fmpz_clear(den); fmpz_clear(prod);
    return 1;
}

void
lp_logconcave_sum_arb(arb_t sum, uint64_t n, uint64_t k,
                      const arb_t tk, const arb_t tk1,
                      lp_step2_fn step, void *ctx, slong prec)
{
    lp_logconcave_sum_ratio_arb(sum, n, k, tk, tk1, step, NULL, ctx, prec);
}

void
lp_logconcave_sum_ratio_arb(arb_t sum, uint64_t n, uint64_t k,
                            const arb_t tk, const arb_t tk1,
                            lp_step2_fn step, lp_ratio2_fn ratio, void *ctx, slong prec)
{
    arb_t s, lo, hi, next, a, b;
    uint64_t j;

    arb_init(s);
    arb_init(lo);
    arb_init(hi);
    arb_init(next);
    arb_init(a);
    arb_init(b);

    arb_set(s, tk);
    if (n == 0) {
        arb_swap(sum, s);
        goto done;
    }
    arb_add(s, s, tk1, prec);

    /* upward: lo = T_{j-1}, hi = T_j */
    arb_set(lo, tk);
    arb_set(hi, tk1);
    for (j = k + 1; j < n; j++) {
        /* the test every fourth term: a few terms more, a quarter of the tests */
        if ((j & 3) == 0 && arf_cmp(arb_midref(hi), arb_midref(lo)) <= 0 && negligible(hi, s, prec))
            break;
        if ((j & 1023) == 0 && lp_cancelled())
            goto cancelled;     /* a walk of ~p terms at p = 2^31 - 1: stop when told */
        /* a block: T_{j+1}, T_{j+3}, ... from lo = T_{j-1}; T_{j+2}, ... from
         * hi = T_j; the terms j+1 .. j+2B, ending with lo, hi = T_{j+2B-1}, T_{j+2B} */
        while (ratio != NULL && n - j >= 2 * LP_BLOCK
               && chain_block(next, a, lo, j - 1, +1, ratio, ctx, prec)
               && chain_block(b, hi, hi, j, +1, ratio, ctx, prec)) {
            arb_add(s, s, next, prec);
            arb_add(s, s, b, prec);
            arb_swap(lo, a);
            j += 2 * LP_BLOCK;
            if (arf_cmp(arb_midref(hi), arb_midref(lo)) <= 0 && negligible(hi, s, prec))
                goto up_done;
        }
        if (j >= n)
            break;
        step(next, lo, j - 1, +1, ctx, step_prec(lo, s, prec));      /* T_{j+1} */
        arb_add(s, s, next, prec);
        arb_swap(lo, hi);
        arb_swap(hi, next);
    }
up_done:
    if (j < n)
        add_geometric_tail(s, hi, lo, prec);        /* terms j+1 .. n */

    /* downward: lo = T_j, hi = T_{j+1} */
    arb_set(lo, tk);
    arb_set(hi, tk1);
    for (j = k; j > 0; j--) {
        if ((j & 3) == 0 && arf_cmp(arb_midref(lo), arb_midref(hi)) <= 0 && negligible(lo, s, prec))
            break;
        if ((j & 1023) == 0 && lp_cancelled())
            goto cancelled;
        /* a block: T_{j-1}, T_{j-3}, ... from hi = T_{j+1}; T_{j-2}, ... from
         * lo = T_j; the terms j-1 .. j-2B, ending with lo, hi = T_{j-2B}, T_{j-2B+1} */
        while (ratio != NULL && j >= 2 * LP_BLOCK
               && chain_block(next, a, hi, j + 1, -1, ratio, ctx, prec)
               && chain_block(b, lo, lo, j, -1, ratio, ctx, prec)) {
            arb_add(s, s, next, prec);
            arb_add(s, s, b, prec);
            arb_swap(hi, a);
            j -= 2 * LP_BLOCK;
            if (arf_cmp(arb_midref(lo), arb_midref(hi)) <= 0 && negligible(lo, s, prec))
                goto down_done;
        }
        if (j == 0)
            break;
        step(next, hi, j + 1, -1, ctx, step_prec(hi, s, prec));      /* T_{j-1} */
        arb_add(s, s, next, prec);
        arb_swap(hi, lo);
        arb_swap(lo, next);
    }
down_done:
    if (j > 0)
        add_geometric_tail(s, lo, hi, prec);        /* terms 0 .. j-1 */

    arb_swap(sum, s);
    goto done;
cancelled:                      /* interrupted: no value (the caller sees the flag) */
    arb_indeterminate(sum);
done:
    arb_clear(s);
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(next);
    arb_clear(a);
    arb_clear(b);
}
