/* check_cover.c -- the checker: do the certificate's boxes tile the statement's domain?
 * Decided exactly and with no help from the prover's search: a region is tiled by a set of
 * boxes when it is one box equal to the region, or when some coordinate value c cuts the
 * region so that every box lies on one side of c and each side's boxes tile that side
 * (a guillotine partition, which is what bisection produces).  An integer parameter's range
 * [m, n] is the real interval [m - 1/2, n + 1/2] here, so that its points tile too.  Contracts
 * in check.h. */
#include <stdlib.h>
#include <string.h>
#include "prove/check.h"

typedef struct {
    lp_xq lo[LP_BOX_MAXP], hi[LP_BOX_MAXP];
} region;

typedef struct {
    int np;
    region *box;            /* the boxes on the tiling's scale */
    long *idx;
    int dim;                /* the sort's key */
    char *why;
    size_t len;
} tiling;

static _Thread_local tiling *sort_ctx;     /* qsort has no context argument: one per thread */

static int
by_lo(const void *a, const void *b)
{
    const region *x = &sort_ctx->box[*(const long *) a], *y = &sort_ctx->box[*(const long *) b];
    return lp_xq_cmp(&x->lo[sort_ctx->dim], &y->lo[sort_ctx->dim]);
}

static void
region_init(region *r, int np)
{
    for (int i = 0; i < np; i++) {
        fmpq_init(r->lo[i].v);
        fmpq_init(r->hi[i].v);
        r->lo[i].side = r->hi[i].side = 0;
    }
}

static void
region_clear(region *r, int np)
{
    for (int i = 0; i < np; i++) {
        fmpq_clear(r->lo[i].v);
        fmpq_clear(r->hi[i].v);
    }
}

static void
xq_set(lp_xq *x, const lp_xq *y)
{
    fmpq_set(x->v, y->v);
    x->side = y->side;
}

/* x, shifted by -1/2 (lower end) or +1/2 (upper end) on an integer parameter */
static void
widen(lp_xq *x, const lp_xq *y, int integer, int sign)
{
    xq_set(x, y);
    if (integer && x->side == 0) {
        fmpq_t h;
        fmpq_init(h);
        fmpq_set_si(h, sign, 2);
        fmpq_add(x->v, x->v, h);
        fmpq_clear(h);
    }
}

static int
tile(tiling *t, const region *r, long *idx, long n, int depth)
{
    int np = t->np;
    if (n == 0) {
        snprintf(t->why, t->len, "a part of the domain is covered by no box");
        return 0;
    }
    if (n == 1) {
        for (int i = 0; i < np; i++)
            if (lp_xq_cmp(&t->box[idx[0]].lo[i], &r->lo[i]) != 0 || lp_xq_cmp(&t->box[idx[0]].hi[i], &r->hi[i]) != 0) {
                snprintf(t->why, t->len, "box %ld does not fill its part of the domain (a gap, an overlap or a "
                         "box outside the domain)", idx[0] + 1);
                return 0;
            }
        return 1;
    }
    for (int k = 0; k < np; k++) {
        long best = -1;
        const lp_xq *maxhi = NULL;
        sort_ctx = t;
        t->dim = k;
        qsort(idx, (size_t) n, sizeof *idx, by_lo);
        for (long j = 0; j + 1 < n; j++) {        /* a cut after j: every box so far ends before the next begins */
            const lp_xq *h = &t->box[idx[j]].hi[k];
            if (maxhi == NULL || lp_xq_cmp(h, maxhi) > 0)
                maxhi = h;
            if (lp_xq_cmp(maxhi, &t->box[idx[j + 1]].lo[k]) <= 0
                && (best < 0 || labs(2 * j + 1 - n) < labs(2 * best + 1 - n)))
                best = j;
        }
        if (best >= 0) {
            const lp_xq *c = &t->box[idx[best + 1]].lo[k];
            region a, b;
            int ok;
            if (lp_xq_cmp(c, &r->lo[k]) <= 0 || lp_xq_cmp(c, &r->hi[k]) >= 0) {
                snprintf(t->why, t->len, "a box lies outside its part of the domain");
                return 0;
            }
            region_init(&a, np);
            region_init(&b, np);
            for (int i = 0; i < np; i++) {
                xq_set(&a.lo[i], &r->lo[i]);
                xq_set(&a.hi[i], i == k ? c : &r->hi[i]);
                xq_set(&b.lo[i], i == k ? c : &r->lo[i]);
                xq_set(&b.hi[i], &r->hi[i]);
            }
            ok = tile(t, &a, idx, best + 1, depth + 1) && tile(t, &b, idx + best + 1, n - best - 1, depth + 1);
            region_clear(&a, np);
            region_clear(&b, np);
            return ok;
        }
    }
    snprintf(t->why, t->len, "no cut separates the boxes: they overlap or do not form a partition");
    return 0;
}

int
lp_ck_cover(const lp_box_stmt *st, lp_ck_box *boxes, long n, char *why, size_t len)
{
    tiling t;
    region dom;
    int ok = 1;
    memset(&dom, 0, sizeof dom);
    t.np = st->np;
    t.why = why;
    t.len = len;
    t.box = calloc((size_t) (n > 0 ? n : 1), sizeof *t.box);
    t.idx = calloc((size_t) (n > 0 ? n : 1), sizeof *t.idx);
    if (t.box == NULL || t.idx == NULL) {
        free(t.box);
        free(t.idx);
        snprintf(why, len, "out of memory checking the cover");
        return 0;
    }
    region_init(&dom, st->np);
    for (int i = 0; i < st->np && ok; i++) {
        lp_xq d;
        fmpq_init(d.v);
        ok = lp_xq_parse(&d, st->p[i].lo, strlen(st->p[i].lo)) == 0;
        widen(&dom.lo[i], &d, st->p[i].integer, -1);
        ok = ok && lp_xq_parse(&d, st->p[i].hi, strlen(st->p[i].hi)) == 0;
        widen(&dom.hi[i], &d, st->p[i].integer, +1);
        fmpq_clear(d.v);
    }
    for (long j = 0; j < n; j++) {
        region_init(&t.box[j], st->np);
        t.idx[j] = j;
        for (int i = 0; i < st->np; i++) {
            widen(&t.box[j].lo[i], &boxes[j].lo[i], st->p[i].integer, -1);
            widen(&t.box[j].hi[i], &boxes[j].hi[i], st->p[i].integer, +1);
        }
    }
    if (!ok)
        snprintf(why, len, "the statement's domain does not parse");
    else
        ok = tile(&t, &dom, t.idx, n, 0);
    for (long j = 0; j < n; j++)
        region_clear(&t.box[j], st->np);
    region_clear(&dom, st->np);
    free(t.box);
    free(t.idx);
    return ok;
}
