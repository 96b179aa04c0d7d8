/* pld_spectral.c -- the composed PLD kept as its few powered coefficients
 * (issue 42): where T is large, |y^_k| <= r_cut for all but a few k near 0
 * (M 1.1, q 1e-3, T 1e7: 78 of the 3 2^20 + 1 on n = 3 2^21 points), the
 * power drops the rest (step 6, pld_compose.c), and the window's masses are
 * a trigonometric polynomial of that degree.  Then the inverse transform of
 * n points and the suffix sums over them (steps 6's end and 7, a third of
 * such a run) are not made: delta_Y's two sums at the one index j0 an
 * epsilon needs are summed from the coefficients in closed form, in Arb.
 *
 * The argument.  Let Z^_k (k = 0 .. n/2, the powered coefficients as
 * computed, zero where dropped; Z^_{n-k} := conj Z^_k) and p^_j :=
 * Re (1/n) sum_{k<n} Z^_k w^{(ja + j) k}, w = e^{2 pi i/n}: the exact inverse
 * transform of the computed spectrum on the window.  With p~ the exact
 * circular composition and G_k the transform of any weights g_j of the form
 * delta_Y uses (g_j = 1 - e^{e - s_j} for j >= j0, else 0),
 *   |sum_j (p^_j - p~_j) g_j| <= sum_k |Z^_k - Z_k| |G_k| / n <= sum_E,
 * step 6's own sum (the weights w_k >= |G_k|/n, the errors Err_k >= |Z^_k -
 * Z_k|, the dropped coefficients' 2^-1000 included; |Re x| <= |x|): the
 * bound of the ordinary route without the inverse's rounding (sum_z) and
 * without the suffix sums' (rnd_rel C_j).  And sum_j p^_j g_j is summed
 * exactly by geometric series, Arb enclosing every operation: with c =
 * w^{j0}, N = n - j0, r = e^{-h}, R = r^N,
 *   A := sum_{j >= j0} p^_j       = (1/n) Re [Z^_0 N + sum_{k != 0} a_k (c^k - 1)],
 *   B := sum_{j >= j0} p^_j r^(j - j0)
 *                                 = (1/n) Re [Z^_0 (1 - R)/(1 - r) + sum_{k != 0} b_k (c^k - R)],
 *   a_k = Z^_k w^{ja k} / (1 - w^k),  b_k = Z^_k w^{ja k} / (1 - r w^k),
 * the terms k and n - k conjugate (twice the real part of one, k = n/2
 * once), and sum_j p^_j g_j = A - e^{e - s_j0} B.  So delta_Y's bracket is
 * that ball widened by err_fft = sum_E (1 + 1e-6) + 1e-290 and the tails,
 * as before.  Taken where the coefficients kept are at most n / 2^13 (the
 * closed form costs some 50 Arb operations a coefficient and a bisection
 * evaluates it some 200 times; the inverse and the sums cost some 30
 * operations a point; measured: q 1e-4, T 1e7, width 0.069, n 1.5 M, 103
 * kept: 0.113 -> 0.098 s; at n / 2^6, q 1e-5, T 1e7, width 1.5, n 98304,
 * 80 kept: 15 -> 33 ms), in doubles only (the x87 route keeps its arrays). */
#include <stdlib.h>
#include <stdio.h>
#include "acb.h"
#include "account/pld/compose/pld_compose.h"
#include "core/host.h"

#define SPECTRAL_PREC 64

/* The sums A, B at each j0 already asked, by j0 (open addressing, linear
 * probing; MEMO_SIZE slots, filled up to MEMO_FILL, then the rest summed
 * each time).  They are a function of j0 alone (the same operations on the
 * same balls), and lp_pld_epsilon's bisections ask few j0 many times (issue
 * 42: q 1e-4, T 1e7, width 0.069: 846 sums over the two relations, 83
 * distinct j0; j0 = 0, the shifted point below the window, half of them):
 * kept, the same balls come back bit for bit. */
#define MEMO_SIZE 512
#define MEMO_FILL 384

struct pld_spectral_memo {
    size_t used;
    int64_t j0[MEMO_SIZE];      /* -1: the slot is free */
    arb_struct A[MEMO_SIZE], B[MEMO_SIZE];
};

static struct pld_spectral_memo *
memo_new(void)
{
    struct pld_spectral_memo *m = malloc(sizeof *m);
    if (m == NULL)
        return NULL;                            /* no memo: every sum made as asked */
    m->used = 0;
    for (size_t i = 0; i < MEMO_SIZE; i++) {
        m->j0[i] = -1;
        arb_init(m->A + i);
        arb_init(m->B + i);
    }
    return m;
}

static void
memo_free(struct pld_spectral_memo *m)
{
    if (m == NULL)
        return;
    for (size_t i = 0; i < MEMO_SIZE; i++) {
        arb_clear(m->A + i);
        arb_clear(m->B + i);
    }
    free(m);
}

/* j0's slot: the one holding it, or the free one where it would go */
static size_t
memo_slot(const struct pld_spectral_memo *m, int64_t j0)
{
    size_t i = (size_t) (((uint64_t) j0 * UINT64_C(0x9E3779B97F4A7C15)) >> 32) % MEMO_SIZE;
    while (m->j0[i] != -1 && m->j0[i] != j0)
        i = (i + 1) % MEMO_SIZE;
    return i;
}

/* w^m, w = e^{2 pi i/n}, m reduced mod n: exact angle 2 m / n */
static void
root_of_unity(acb_t x, int64_t m, size_t n)
{
    fmpq_t f;
    fmpq_init(f);
    m %= (int64_t) n;
    if (m < 0)
        m += (int64_t) n;
    fmpq_set_si(f, 2 * m, n);
    arb_sin_cos_pi_fmpq(acb_imagref(x), acb_realref(x), f, SPECTRAL_PREC);
    fmpq_clear(f);
}

int
pld_spectral_keep(lp_pld *pld, const double *z, size_t kend, double sum_E)
{
    const size_t n = pld->n, half = n / 2;
    size_t count = 0, i = 0;
    acb_t wk, t, u;
    arb_t r;
    if (kend > half + 1)
        kend = half + 1;
    for (size_t k = 0; k < kend; k++)
        count += z[2 * k] != 0 || z[2 * k + 1] != 0;
    if (pld->spectral < 0 || count == 0 || count > (pld->spectral > 0 ? half : n / PLD_SPECTRAL_RATIO))
        return 0;
    pld->spec_k = malloc(count * sizeof *pld->spec_k);
    pld->spec_a = _acb_vec_init((slong) count);
    pld->spec_b = _acb_vec_init((slong) count);
    pld->nspec = count;                         /* the vectors' length, for their clear */
    pld->spec_memo = memo_new();
    if (pld->spec_k == NULL) {
        pld_spectral_clear(pld);
        return 0;                               /* the ordinary route */
    }
    acb_init(wk);
    acb_init(t);
    acb_init(u);
    arb_init(r);
    arb_set_d(r, -pld->h);
    arb_exp(r, r, SPECTRAL_PREC);               /* r = e^{-h} */
    for (size_t k = 0; k < kend; k++) {
        if (z[2 * k] == 0 && z[2 * k + 1] == 0)
            continue;
        pld->spec_k[i] = k;
        acb_set_d_d(t, z[2 * k], z[2 * k + 1]);         /* Z^_k, exact */
        if (k == 0) {                                   /* a_0 = Z^_0, b_0 = Z^_0 / (1 - r) */
            acb_set(pld->spec_a + i, t);
            arb_sub_ui(acb_realref(u), r, 1, SPECTRAL_PREC);
            arb_neg(acb_realref(u), acb_realref(u));
            arb_zero(acb_imagref(u));
            acb_div(pld->spec_b + i, t, u, SPECTRAL_PREC);
        } else {
            root_of_unity(wk, (int64_t) (((pld->ja % (int64_t) n) + (int64_t) n) % (int64_t) n
                                         * (int64_t) k % (int64_t) n), n);
            acb_mul(t, t, wk, SPECTRAL_PREC);           /* Z^_k w^{ja k} */
            root_of_unity(wk, (int64_t) k, n);
            acb_sub_ui(u, wk, 1, SPECTRAL_PREC);
            acb_neg(u, u);                              /* 1 - w^k */
            acb_div(pld->spec_a + i, t, u, SPECTRAL_PREC);
            acb_mul_arb(u, wk, r, SPECTRAL_PREC);
            acb_sub_ui(u, u, 1, SPECTRAL_PREC);
            acb_neg(u, u);                              /* 1 - r w^k */
            acb_div(pld->spec_b + i, t, u, SPECTRAL_PREC);
        }
        i++;
    }
    arb_set_d(pld->err_fft, sum_E * (1 + 1e-6) + 1e-290);
    if (lp_trace())
        fprintf(lp_trace(), "pld: spectral: %zu of %zu coefficients kept, no inverse, err_fft %g\n",
                count, half + 1, sum_E);
    acb_clear(wk);
    acb_clear(t);
    acb_clear(u);
    arb_clear(r);
    return 1;
}

static void
spectral_sums(arb_t A, arb_t B, const lp_pld *pld, int64_t j0)
{
    const size_t n = pld->n;
    acb_t c, ck, step;
    arb_t r, R, s, x;
    size_t prev = 0;
    acb_init(c);
    acb_init(ck);
    acb_init(step);
    arb_init(r);
    arb_init(R);
    arb_init(s);
    arb_init(x);
    root_of_unity(c, j0, n);                            /* c = w^{j0} */
    arb_set_d(r, -pld->h);
    arb_mul_ui(R, r, n - (size_t) j0, SPECTRAL_PREC);
    arb_exp(R, R, SPECTRAL_PREC);                       /* R = e^{-h N} = r^N */
    arb_zero(A);
    arb_zero(B);
    acb_one(ck);
    for (size_t i = 0; i < pld->nspec; i++) {
        const size_t k = pld->spec_k[i];
        if (k == 0) {
            arb_mul_ui(s, acb_realref(pld->spec_a + i), n - (size_t) j0, SPECTRAL_PREC);
            arb_add(A, A, s, SPECTRAL_PREC);
            arb_sub_ui(s, R, 1, SPECTRAL_PREC);
            arb_neg(s, s);
            arb_mul(s, s, acb_realref(pld->spec_b + i), SPECTRAL_PREC);
            arb_add(B, B, s, SPECTRAL_PREC);
            continue;
        }
        if (k - prev == 1) {                            /* c^k from c^prev */
            acb_mul(ck, ck, c, SPECTRAL_PREC);
        } else {
            acb_pow_ui(step, c, k - prev, SPECTRAL_PREC);
            acb_mul(ck, ck, step, SPECTRAL_PREC);
        }
        prev = k;
        /* the real parts only: Re a (x + i y) = Re a x - Im a y */
        arb_sub_ui(x, acb_realref(ck), 1, SPECTRAL_PREC);
        arb_mul(s, acb_realref(pld->spec_a + i), x, SPECTRAL_PREC);
        arb_submul(s, acb_imagref(pld->spec_a + i), acb_imagref(ck), SPECTRAL_PREC);
        arb_mul_2exp_si(s, s, 2 * k == n ? 0 : 1);      /* Re a_k (c^k - 1), twice */
        arb_add(A, A, s, SPECTRAL_PREC);
        arb_sub(x, acb_realref(ck), R, SPECTRAL_PREC);
        arb_mul(s, acb_realref(pld->spec_b + i), x, SPECTRAL_PREC);
        arb_submul(s, acb_imagref(pld->spec_b + i), acb_imagref(ck), SPECTRAL_PREC);
        arb_mul_2exp_si(s, s, 2 * k == n ? 0 : 1);      /* Re b_k (c^k - R), twice */
        arb_add(B, B, s, SPECTRAL_PREC);
    }
    arb_div_ui(A, A, n, SPECTRAL_PREC);
    arb_div_ui(B, B, n, SPECTRAL_PREC);
    acb_clear(c);
    acb_clear(ck);
    acb_clear(step);
    arb_clear(r);
    arb_clear(R);
    arb_clear(s);
    arb_clear(x);
}

void
pld_spectral_sums(arb_t A, arb_t B, const lp_pld *pld, int64_t j0)
{
    struct pld_spectral_memo *m = pld->spec_memo;
    size_t i;
    if (m == NULL) {
        spectral_sums(A, B, pld, j0);
        return;
    }
    i = memo_slot(m, j0);
    if (m->j0[i] == j0) {
        arb_set(A, m->A + i);
        arb_set(B, m->B + i);
        return;
    }
    spectral_sums(A, B, pld, j0);
    if (m->used < MEMO_FILL) {
        m->j0[i] = j0;
        arb_set(m->A + i, A);
        arb_set(m->B + i, B);
        m->used++;
    }
}

void
pld_spectral_clear(lp_pld *pld)
{
    memo_free(pld->spec_memo);
    pld->spec_memo = NULL;
    if (pld->spec_a)
        _acb_vec_clear(pld->spec_a, (slong) pld->nspec);
    if (pld->spec_b)
        _acb_vec_clear(pld->spec_b, (slong) pld->nspec);
    pld->spec_a = NULL;
    pld->spec_b = NULL;
    free(pld->spec_k);
    pld->spec_k = NULL;
    pld->nspec = 0;
}
