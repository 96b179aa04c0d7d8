/* run_capacity_sum.c -- the same-x bound of the run's capacity: the
 * binomial block sum sum_{k=0}^{T} b_k C(p, sigma/sqrt k, R), each block
 * bracketed between two geometric series, refined by halving the widest.
 * The derivation is in run_capacity.h (3.). */
#include <stdlib.h>
#include "compose/run_capacity_internal.h"
#include "core/study.h"

typedef struct {
    uint64_t k1, k2;    /* the steps k1..k2 */
    size_t ilo, ihi;    /* points at some k <= k1 and at k2 */
    arb_t c;            /* encloses sum_{k1..k2} b_k C_k */
} block;

static size_t
point(run_ctx *c, uint64_t k)
{
    return lp_run_capacity_point_ends(c, k, 1);
}

/* b_k = binom(T,k) q^k (1-q)^(T-k), 0 < q < 1 */
static void
binom_term(arb_t b, const run_ctx *c, uint64_t k)
{
    arb_t u;
    arb_init(u);
    arb_set(b, c->lg_T1);
    arb_set_ui(u, k + 1);
    arb_lgamma(u, u, c->prec);
    arb_sub(b, b, u, c->prec);
    arb_set_ui(u, c->T - k + 1);
    arb_lgamma(u, u, c->prec);
    arb_sub(b, b, u, c->prec);
    arb_mul_ui(u, c->log_q, k, c->prec);
    arb_add(b, b, u, c->prec);
    arb_mul_ui(u, c->log_1mq, c->T - k, c->prec);
    arb_add(b, b, u, c->prec);
    arb_exp(b, b, c->prec);
    arb_clear(u);
}

/* log of b_{k+1} / b_k = (T-k) q / ((k+1)(1-q)), k < T */
static void
log_ratio(arb_t l, const run_ctx *c, uint64_t k)
{
    arb_t u;
    arb_init(u);
    arb_set_ui(l, c->T - k);
    arb_log(l, l, c->prec);
    arb_set_ui(u, k + 1);
    arb_log(u, u, c->prec);
    arb_sub(l, l, u, c->prec);
    arb_add(l, l, c->log_q, c->prec);
    arb_sub(l, l, c->log_1mq, c->prec);
    arb_clear(u);
}

/* G = sum_{j<n} rho^j with log rho = l (n >= 1), a ball containing it */
static void
geometric(arb_t G, const arb_t l, uint64_t n, slong prec)
{
    arb_t t, u;
    arb_init(t);
    arb_init(u);
    if (!arb_contains_zero(l)) {
        arb_mul_ui(t, l, n, prec);
        arb_expm1(t, t, prec);
        arb_expm1(u, l, prec);
        arb_div(G, t, u, prec);
    }
    if (arb_contains_zero(l) || !arb_is_finite(G)) {
        /* every term lies between 1 and rho^(n-1) */
        arf_t a, b;
        arf_init(a);
        arf_init(b);
        arb_mul_ui(t, l, n - 1, prec);
        arb_exp(t, t, prec);
        arb_get_lbound_arf(a, t, prec);
        arb_get_ubound_arf(b, t, prec);
        if (arf_cmp_si(a, 1) > 0)
            arf_one(a);
        if (arf_cmp_si(b, 1) < 0)
            arf_one(b);
        arb_set_interval_arf(G, a, b, prec);
        arb_mul_ui(G, G, n, prec);
        arf_clear(a);
        arf_clear(b);
    }
    arb_clear(t);
    arb_clear(u);
}

/* blk->c encloses sum_{k1..k2} b_k C_k: C between the points, the binomial
 * mass between two geometric series (the ratio decreases in k). */
static void
block_sum(run_ctx *c, block *blk)
{
    uint64_t n = blk->k2 - blk->k1 + 1;
    arb_t b, glo, ghi, x, y;
    arf_t a, z;
    arb_init(b); arb_init(glo); arb_init(ghi); arb_init(x); arb_init(y);
    arf_init(a); arf_init(z);
    binom_term(b, c, blk->k1);
    if (n == 1) {
        arb_one(glo);
        arb_one(ghi);
    } else {
        log_ratio(x, c, blk->k2 - 1);
        geometric(glo, x, n, c->prec);
        log_ratio(x, c, blk->k1);
        geometric(ghi, x, n, c->prec);
    }
    arb_mul(x, b, glo, c->prec);
    arb_mul(x, x, c->pt[blk->ilo].lo, c->prec);
    arb_mul(y, b, ghi, c->prec);
    arb_mul(y, y, c->pt[blk->ihi].hi, c->prec);
    arb_get_lbound_arf(a, x, c->prec);
    arb_get_ubound_arf(z, y, c->prec);
    if (arf_sgn(a) < 0)
        arf_zero(a);
    if (arf_cmp(a, z) > 0)          /* only when a ball is not finite */
        arf_set(a, z);
    arb_set_interval_arf(blk->c, a, z, c->prec);
    arb_clear(b); arb_clear(glo); arb_clear(ghi); arb_clear(x); arb_clear(y);
    arf_clear(a); arf_clear(z);
}

static block *
add_block(block **v, size_t *n, size_t *cap, uint64_t k1, uint64_t k2, size_t ilo, size_t ihi)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 64;
        *v = realloc(*v, *cap * sizeof **v);
        if (*v == NULL)
            abort();
    }
    (*v)[*n].k1 = k1;
    (*v)[*n].k2 = k2;
    (*v)[*n].ilo = ilo;
    (*v)[*n].ihi = ihi;
    arb_init((*v)[*n].c);
    return &(*v)[(*n)++];
}

/* The same-x bound: sum_{k=0}^{T} b_k C_k, 0 < q < 1, refined by halving the
 * widest blocks until `digits` are certified or the evaluations run out. */
void
lp_run_capacity_same_x_sum(arb_t total, run_ctx *c, slong digits)
{
    block *v = NULL;
    size_t n = 0, cap = 0, prev = point(c, 0);
    arb_t t;
    arf_t thr, r, big;
    arb_init(t);
    arf_init(thr); arf_init(r); arf_init(big);
    add_block(&v, &n, &cap, 0, 0, prev, prev);
    for (uint64_t k1 = 1; k1 <= c->T; k1 = 2 * k1) {
        uint64_t k2 = 2 * k1 - 1 > c->T ? c->T : 2 * k1 - 1;
        size_t hi = point(c, k2);
        add_block(&v, &n, &cap, k1, k2, k1 == k2 ? hi : prev, hi);
        prev = hi;
    }
    for (size_t i = 0; i < n; i++)
        block_sum(c, &v[i]);
    for (;;) {
        size_t m = n, split = 0;
        arb_zero(total);
        for (size_t i = 0; i < n; i++)
            arb_add(total, total, v[i].c, c->prec);
        if (c->failed || lp_study_accurate(total, digits + 1) || c->evals + 2 > c->evals_max)
            break;
        /* split the blocks wider than max(target / 2n, widest / 8) */
        arb_get_lbound_arf(thr, total, c->prec);
        arf_mul_2exp_si(thr, thr, -(slong) (3.33 * (digits + 2)) - 1);
        arf_div_ui(thr, thr, n, 30, ARF_RND_DOWN);
        arf_zero(big);
        for (size_t i = 0; i < n; i++)
            if (v[i].k1 < v[i].k2) {
                arf_set_mag(r, arb_radref(v[i].c));
                if (arf_cmp(r, big) > 0)
                    arf_set(big, r);
            }
        arf_mul_2exp_si(big, big, -3);
        if (arf_cmp(big, thr) > 0)
            arf_set(thr, big);
        for (size_t i = 0; i < m && c->evals + 2 <= c->evals_max; i++) {
            uint64_t k1 = v[i].k1, k2 = v[i].k2, mid;
            size_t im;
            if (k1 == k2)
                continue;
            arf_set_mag(r, arb_radref(v[i].c));
            if (arf_cmp(r, thr) < 0 || arf_is_zero(r))
                continue;
            mid = k1 + (k2 - k1) / 2;
            im = point(c, mid);
            {
                size_t ilo = v[i].ilo, ihi = v[i].ihi;
                block *right = add_block(&v, &n, &cap, mid + 1, k2, mid + 1 == k2 ? ihi : im, ihi);
                block_sum(c, right);
                v[i].k2 = mid;
                v[i].ihi = im;
                v[i].ilo = k1 == mid ? im : ilo;
                block_sum(c, &v[i]);
            }
            split++;
        }
        if (split == 0)
            break;
    }
    for (size_t i = 0; i < n; i++)
        arb_clear(v[i].c);
    free(v);
    arb_clear(t);
    arf_clear(thr); arf_clear(r); arf_clear(big);
}
