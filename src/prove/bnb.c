/* bnb.c -- the prover's search: split the domain until every box is closed (bnb_close.c), or a
 * counterexample is found, or the budget is spent.  Contracts in prove.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/host.h"
#include "prove/bnb.h"

#define MAX_BOXES_DEFAULT 200000
#define MAX_PREC_DEFAULT 1024
#define FIRST_PREC 64
#define MAX_TAIL_DOUBLINGS 200

void
lp_end_init(lp_end *e)
{
    fmpq_init(e->v);
    e->inf = 0;
}

void
lp_end_clear(lp_end *e)
{
    fmpq_clear(e->v);
}

void
lp_end_set(lp_end *e, const lp_end *f)
{
    fmpq_set(e->v, f->v);
    e->inf = f->inf;
}

int
lp_end_set_str(lp_end *e, const char *s)
{
    fmpq_t q;
    int rc = 0;
    e->inf = strcmp(s, "inf") == 0 ? 1 : strcmp(s, "-inf") == 0 ? -1 : 0;
    fmpq_init(q);
    if (!e->inf)
        rc = fmpq_set_str(q, s, 10);
    fmpq_swap(e->v, q);
    fmpq_clear(q);
    return rc;
}

void
lp_bnb_box_init(lp_bnb_box *b, int np)
{
    memset(b, 0, sizeof *b);
    for (int i = 0; i < np; i++) {
        lp_end_init(&b->lo[i]);
        lp_end_init(&b->hi[i]);
    }
}

void
lp_bnb_box_clear(lp_bnb_box *b, int np)
{
    for (int i = 0; i < np; i++) {
        lp_end_clear(&b->lo[i]);
        lp_end_clear(&b->hi[i]);
    }
}

void
lp_bnb_box_set(lp_bnb_box *b, const lp_bnb_box *c, int np)
{
    for (int i = 0; i < np; i++) {
        lp_end_set(&b->lo[i], &c->lo[i]);
        lp_end_set(&b->hi[i], &c->hi[i]);
    }
    b->method = c->method;
    b->var = c->var;
    b->order = c->order;
    b->at = c->at;
    b->prec = c->prec;
}

/* a growing list of boxes: the cover, and the search's queue (boxes head .. n - 1 waiting:
 * breadth first, so that a counterexample anywhere is met before the search digs into one
 * corner, such as a curve where the margin vanishes) */
typedef struct {
    lp_bnb_box *b;
    long n, cap, head;
} boxes;

static lp_bnb_box *
push(boxes *s, int np)
{
    if (s->n == s->cap && s->head > s->cap / 2) {     /* reuse the slots already taken */
        memmove(s->b, s->b + s->head, (size_t) (s->n - s->head) * sizeof *s->b);
        s->n -= s->head;
        s->head = 0;
    }
    if (s->n == s->cap) {
        long cap = s->cap ? 2 * s->cap : 64;
        lp_bnb_box *p = flint_realloc(s->b, (size_t) cap * sizeof *p);
        s->b = p;
        s->cap = cap;
    }
    lp_bnb_box_init(&s->b[s->n], np);
    return &s->b[s->n++];
}

/* how far the box reaches in parameter i, on the scale it is split on: log2(hi/lo) for a scale
 * parameter away from 0, else the width relative to max(1, |ends|); 0 for a point */
static double
reach(const lp_param *p, const lp_bnb_box *b, int i)
{
    double lo = fmpq_get_d(b->lo[i].v), hi = fmpq_get_d(b->hi[i].v), s;
    if (fmpq_equal(b->lo[i].v, b->hi[i].v))
        return 0;
    if (p->geometric && lo > 0)
        return log2(hi / lo);
    s = fabs(lo) > fabs(hi) ? fabs(lo) : fabs(hi);
    return (hi - lo) / (s > 1 ? s : 1);
}

/* the split point of a finite [lo, hi] in parameter i, strictly inside: an integer for an
 * integer parameter (the halves are [lo, c] and [c + 1, hi]), a power of 2 near the geometric
 * mean for a scale parameter spanning more than a factor 4, else the midpoint */
static void
split_point(fmpq_t c, const lp_param *p, const lp_bnb_box *b, int i)
{
    const fmpq *lo = b->lo[i].v, *hi = b->hi[i].v;
    fmpq_add(c, lo, hi);
    fmpq_div_2exp(c, c, 1);
    if (p->integer) {
        fmpz_t f;
        fmpz_init(f);
        fmpz_fdiv_q(f, fmpq_numref(c), fmpq_denref(c));
        fmpz_swap(fmpq_numref(c), f);
        fmpz_one(fmpq_denref(c));
        fmpz_clear(f);
    } else if (p->geometric && fmpq_sgn(lo) >= 0) {
        double l = fmpq_get_d(lo), h = fmpq_get_d(hi);
        if (l == 0)
            fmpq_div_2exp(c, hi, 4);
        else if (h > 4 * l) {
            fmpq_t t;
            fmpq_init(t);
            fmpq_one(t);
            {
                long e = lround((log2(l) + log2(h)) / 2);
                if (e >= 0)
                    fmpq_mul_2exp(t, t, (ulong) e);
                else
                    fmpq_div_2exp(t, t, (ulong) -e);
            }
            if (fmpq_cmp(t, lo) > 0 && fmpq_cmp(t, hi) < 0)
                fmpq_set(c, t);
            fmpq_clear(t);
        }
    }
}

/* a tail is tried from the statement's tail_from on: below it the search covers the domain */
static int
tail_allowed(const lp_box_stmt *st, const lp_bnb_box *b, int i)
{
    fmpq_t a;
    int ok;
    if (st->tail_from == NULL)
        return 1;
    fmpq_init(a);
    ok = fmpq_set_str(a, st->tail_from, 10) == 0 && fmpq_cmp(b->lo[i].v, a) >= 0;
    fmpq_clear(a);
    return ok;
}

/* tries every closure on b at prec: 1 closed (b says how), -1 counterexample (b narrowed to
 * it), 0 undecided */
static int
close_box(const lp_box_stmt *st, lp_bnb_box *b, slong prec)
{
    static const struct { lp_at at; int order; } tries[] = {
        { LP_AT_MID, 1 }, { LP_AT_LO, 1 }, { LP_AT_LO, 2 }, { LP_AT_LO, 3 }, { LP_AT_LO, 4 },
        { LP_AT_HI, 1 }, { LP_AT_HI, 2 }, { LP_AT_MID, 2 } };
    int r = lp_bnb_interval(st, b, prec);
    b->prec = prec;
    if (r != 0) {
        b->method = LP_CLOSE_INTERVAL;
        return r;
    }
    for (int i = 0; i < st->np; i++)
        for (size_t t = 0; t < sizeof tries / sizeof tries[0]; t++)
            if ((r = lp_bnb_taylor(st, b, i, tries[t].order, tries[t].at, prec)) != 0) {
                b->method = LP_CLOSE_TAYLOR;
                b->var = i;
                b->order = tries[t].order;
                b->at = tries[t].at;
                return r;
            }
    return 0;
}

static void
finish_undecided(lp_cert *c, const char *why)
{
    c->result = LP_UNDECIDED;
    snprintf(c->why, sizeof c->why, "%s", why);
}

static void
search(lp_cert *c, const lp_box_stmt *st, const lp_prove_limits *lim)
{
    long max_boxes = lim && lim->max_boxes > 0 ? lim->max_boxes : MAX_BOXES_DEFAULT;
    slong max_prec = lim && lim->max_prec > 0 ? lim->max_prec : MAX_PREC_DEFAULT;
    boxes todo = { 0 }, cover = { 0 };
    lp_bnb_box *d = push(&todo, st->np);
    long seen = 0;
    int tails = 0;
    fmpq_t cut;
    fmpq_init(cut);
    for (int i = 0; i < st->np; i++)
        if (lp_end_set_str(&d->lo[i], st->p[i].lo) || lp_end_set_str(&d->hi[i], st->p[i].hi)
            || d->lo[i].inf > 0 || d->hi[i].inf < 0 || d->lo[i].inf < 0) {
            finish_undecided(c, "the statement's domain is malformed (or runs to -inf)");
            goto out;
        }
    d->prec = FIRST_PREC;
    while (todo.head < todo.n) {
        lp_bnb_box b;
        int inf = -1, r = 0, widest = -1;
        double w = 0;
        if (lp_cancelled()) {
            finish_undecided(c, "interrupted");
            goto out;
        }
        if (++seen > max_boxes) {
            snprintf(c->why, sizeof c->why, "undecided after %ld boxes", max_boxes);
            c->result = LP_UNDECIDED;
            goto out;
        }
        b = todo.b[todo.head++];                        /* taken: b owns its ends now */
        for (int i = 0; i < st->np; i++)
            if (b.hi[i].inf)
                inf = i;
        if (inf >= 0 && tail_allowed(st, &b, inf) && lp_bnb_tail(st, &b, inf, b.prec)) {
            b.method = LP_CLOSE_TAIL;
            b.var = inf;
            r = 1;
        } else if (inf >= 0) {                          /* the tail starts further out */
            lp_bnb_box *f, *t;
            if (++tails > MAX_TAIL_DOUBLINGS) {
                finish_undecided(c, "no tail closes the unbounded end");
                lp_bnb_box_clear(&b, st->np);
                goto out;
            }
            fmpq_abs(cut, b.lo[inf].v);
            fmpq_mul_2exp(cut, cut, 1);
            if (fmpq_cmp_si(cut, 1) < 0)
                fmpq_add_si(cut, b.lo[inf].v, 1);
            f = push(&todo, st->np);
            lp_bnb_box_set(f, &b, st->np);
            fmpq_set(f->hi[inf].v, cut);
            if (st->p[inf].integer)                 /* the integers below the tail's first */
                fmpq_sub_si(f->hi[inf].v, cut, 1);
            f->hi[inf].inf = 0;
            t = push(&todo, st->np);
            lp_bnb_box_set(t, &b, st->np);
            fmpq_set(t->lo[inf].v, cut);
            lp_bnb_box_clear(&b, st->np);
            continue;
        } else
            r = close_box(st, &b, b.prec);
        if (r > 0) {
            lp_bnb_box *k = push(&cover, st->np);
            lp_bnb_box_set(k, &b, st->np);
            c->by[b.method]++;
        } else if (r < 0) {
            c->result = LP_COUNTEREXAMPLE;
            lp_bnb_box_init(&c->cex, st->np);
            lp_bnb_box_set(&c->cex, &b, st->np);
            snprintf(c->why, sizeof c->why, "the margin violates the relation on a box");
            lp_bnb_box_clear(&b, st->np);
            goto out;
        } else {
            lp_bnb_box pt;                          /* a counterexample may sit inside */
            lp_bnb_box_init(&pt, st->np);
            if (lp_bnb_midpoint(st, &b, &pt, b.prec) < 0) {
                c->result = LP_COUNTEREXAMPLE;
                lp_bnb_box_init(&c->cex, st->np);
                lp_bnb_box_set(&c->cex, &pt, st->np);
                snprintf(c->why, sizeof c->why, "the margin violates the relation at a point");
                lp_bnb_box_clear(&pt, st->np);
                lp_bnb_box_clear(&b, st->np);
                goto out;
            }
            lp_bnb_box_clear(&pt, st->np);
            for (int i = 0; i < st->np; i++) {
                double ri = reach(&st->p[i], &b, i);
                if (ri > w) {
                    w = ri;
                    widest = i;
                }
            }
            if (widest < 0 || w < ldexp(1, -(int) (b.prec / 2))) {     /* too small to split */
                if (2 * b.prec > max_prec) {
                    finish_undecided(c, "a box stays undecided at the highest precision");
                    lp_bnb_box_clear(&b, st->np);
                    goto out;
                }
                lp_bnb_box *again = push(&todo, st->np);
                lp_bnb_box_set(again, &b, st->np);
                again->prec = 2 * b.prec;
            } else {
                lp_bnb_box *lo = push(&todo, st->np), *hi;
                split_point(cut, &st->p[widest], &b, widest);
                lp_bnb_box_set(lo, &b, st->np);
                fmpq_set(lo->hi[widest].v, cut);
                hi = push(&todo, st->np);
                lp_bnb_box_set(hi, &b, st->np);
                if (st->p[widest].integer)
                    fmpq_add_si(cut, cut, 1);
                fmpq_set(hi->lo[widest].v, cut);
            }
        }
        lp_bnb_box_clear(&b, st->np);
    }
    c->result = LP_PROVED;
out:
    for (long i = todo.head; i < todo.n; i++)
        lp_bnb_box_clear(&todo.b[i], st->np);
    flint_free(todo.b);
    c->box = cover.b;
    c->n = cover.n;
    c->cap = cover.cap;
    fmpq_clear(cut);
}

lp_cert *
lp_prove(const lp_stmt *s, const lp_prove_limits *lim)
{
    lp_cert *c = flint_calloc(1, sizeof *c);
    c->stmt = s;
    if (s->exact != NULL)
        lp_prove_exact(c, s->exact);
    else
        search(c, s->box, lim);
    return c;
}

lp_prove_result
lp_cert_result(const lp_cert *c)
{
    return c->result;
}

long
lp_cert_boxes(const lp_cert *c, long *interval, long *taylor, long *tail)
{
    if (interval)
        *interval = c->by[LP_CLOSE_INTERVAL];
    if (taylor)
        *taylor = c->by[LP_CLOSE_TAYLOR];
    if (tail)
        *tail = c->by[LP_CLOSE_TAIL];
    return c->n;
}

const char *
lp_cert_why(const lp_cert *c)
{
    return c->why;
}

void
lp_cert_free(lp_cert *c)
{
    int np;
    if (c == NULL)
        return;
    np = c->stmt->box ? c->stmt->box->np : 0;
    for (long i = 0; i < c->n; i++)
        lp_bnb_box_clear(&c->box[i], np);
    flint_free(c->box);
    if (c->result == LP_COUNTEREXAMPLE && np > 0)
        lp_bnb_box_clear(&c->cex, np);
    flint_free(c);
}
