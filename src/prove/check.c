/* check.c -- the checker: reads a certificate (text, version 1), finds the statement it names
 * and re-verifies what it says: for a box statement that the boxes tile the statement's
 * domain (check_cover.c) and that each is closed by the method it names (check_box.c), or
 * that the counterexample box is one; for an exact statement its own route (check_exact.c).
 * Every field of the certificate that restates the statement (its claims, relation, kind,
 * parameters) must agree with the statement itself: a certificate cannot prove more, or less,
 * than the statement says.  Contracts in prove.h. */
#include <stdlib.h>
#include <string.h>
#include "prove/check.h"

void
lp_ck_box_init(lp_ck_box *b)
{
    memset(b, 0, sizeof *b);
    for (int i = 0; i < LP_BOX_MAXP; i++) {
        fmpq_init(b->lo[i].v);
        fmpq_init(b->hi[i].v);
    }
}

void
lp_ck_box_clear(lp_ck_box *b)
{
    for (int i = 0; i < LP_BOX_MAXP; i++) {
        fmpq_clear(b->lo[i].v);
        fmpq_clear(b->hi[i].v);
    }
}

int
lp_xq_cmp(const lp_xq *a, const lp_xq *b)
{
    if (a->side != b->side)
        return a->side < b->side ? -1 : 1;
    return a->side ? 0 : fmpq_cmp(a->v, b->v);
}

int
lp_xq_parse(lp_xq *x, const char *s, size_t len)
{
    char buf[256];
    if (len == 0 || len >= sizeof buf)
        return -1;
    memcpy(buf, s, len);
    buf[len] = '\0';
    x->side = strcmp(buf, "inf") == 0 ? 1 : strcmp(buf, "-inf") == 0 ? -1 : 0;
    if (x->side) {
        fmpq_zero(x->v);
        return 0;
    }
    for (size_t i = 0; i < len; i++)            /* digits, one sign, one slash: nothing else */
        if (!((buf[i] >= '0' && buf[i] <= '9') || buf[i] == '/' || (i == 0 && buf[i] == '-')))
            return -1;
    return fmpq_set_str(x->v, buf, 10) == 0 ? 0 : -1;
}

static const char *
relation_name(lp_relation r)
{
    static const char *const names[] = { ">", ">=", "!=", "=", "<" };
    return names[r];
}

/* "[a, b] [c, d] ..." for np parameters at s; returns the rest of the line or NULL */
static const char *
parse_ranges(lp_ck_box *b, const char *s, int np)
{
    for (int i = 0; i < np; i++) {
        const char *comma, *close;
        while (*s == ' ')
            s++;
        if (*s != '[' || (comma = strchr(s, ',')) == NULL || (close = strchr(comma, ']')) == NULL)
            return NULL;
        if (lp_xq_parse(&b->lo[i], s + 1, (size_t) (comma - s - 1)) != 0)
            return NULL;
        comma++;
        while (*comma == ' ')
            comma++;
        if (lp_xq_parse(&b->hi[i], comma, (size_t) (close - comma)) != 0)
            return NULL;
        s = close + 1;
    }
    return s;
}

static int
param_index(const lp_box_stmt *st, const char *name)
{
    for (int i = 0; i < st->np; i++)
        if (strcmp(st->p[i].name, name) == 0)
            return i;
    return -1;
}

/* the closure after the ranges: "interval", "taylor VAR K lo|mid|hi", "tail VAR"; " prec P" */
static int
parse_method(lp_ck_box *b, const lp_box_stmt *st, const char *s)
{
    char m[16], var[64] = "", at[8] = "";
    long prec = 64;
    const char *p;
    int k = 0;
    if (sscanf(s, " %15s", m) != 1)
        return -1;
    if (strcmp(m, "interval") == 0)
        b->method = 'i';
    else if (strcmp(m, "taylor") == 0 && sscanf(s, " taylor %63s %d %7s", var, &k, at) == 3) {
        b->method = 't';
        b->order = k;
        b->at = strcmp(at, "lo") == 0 ? -1 : strcmp(at, "hi") == 0 ? 1 : strcmp(at, "mid") == 0 ? 0 : 9;
        if (b->at == 9)
            return -1;
    } else if (strcmp(m, "tail") == 0 && sscanf(s, " tail %63s", var) == 1)
        b->method = 'T';
    else
        return -1;
    if (b->method != 'i' && (b->var = param_index(st, var)) < 0)
        return -1;
    if ((p = strstr(s, " prec ")) != NULL && sscanf(p, " prec %ld", &prec) == 1 && prec >= 16 && prec <= 1 << 16)
        b->prec = prec;
    else
        b->prec = 64;
    return 0;
}

/* a box lies inside the domain's closure, ends in order, integer ends on integer parameters */
static int
well_formed(const lp_box_stmt *st, const lp_ck_box *b)
{
    for (int i = 0; i < st->np; i++) {
        lp_xq d;
        int ok;
        if (lp_xq_cmp(&b->lo[i], &b->hi[i]) > 0)
            return 0;
        if (st->p[i].integer && ((!b->lo[i].side && !fmpz_is_one(fmpq_denref(b->lo[i].v)))
                                 || (!b->hi[i].side && !fmpz_is_one(fmpq_denref(b->hi[i].v)))))
            return 0;
        fmpq_init(d.v);
        ok = lp_xq_parse(&d, st->p[i].lo, strlen(st->p[i].lo)) == 0 && lp_xq_cmp(&b->lo[i], &d) >= 0
             && lp_xq_parse(&d, st->p[i].hi, strlen(st->p[i].hi)) == 0 && lp_xq_cmp(&b->hi[i], &d) <= 0;
        fmpq_clear(d.v);
        if (!ok)
            return 0;
    }
    return 1;
}

typedef struct {
    char *line;
    size_t cap;
    int no;
    FILE *f;
} reader;

/* the next line's value for key ("key: value"), or NULL */
static const char *
field(reader *rd, const char *key)
{
    ssize_t got = getline(&rd->line, &rd->cap, rd->f);
    size_t k = strlen(key);
    if (got < 0)
        return NULL;
    rd->no++;
    while (got > 0 && (rd->line[got - 1] == '\n' || rd->line[got - 1] == '\r'))
        rd->line[--got] = '\0';
    if (strncmp(rd->line, key, k) != 0 || rd->line[k] != ':')
        return NULL;
    return rd->line[k + 1] == ' ' ? rd->line + k + 2 : rd->line + k + 1;
}

#define FAIL(...) do { snprintf(r->why, sizeof r->why, __VA_ARGS__); goto out; } while (0)

static void
check_boxes(lp_check_result *r, reader *rd, const lp_box_stmt *st, const char *result)
{
    lp_ck_box *boxes = NULL;
    long n = 0, cap = 0, count = 0;
    const char *v;
    char names[256] = "";
    for (int i = 0; i < st->np; i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? " " : "", st->p[i].name);
    if ((v = field(rd, "params")) == NULL || strcmp(v, names) != 0)
        FAIL("line %d: the parameters are not the statement's (%s)", rd->no, names);
    if (strcmp(result, "counterexample") == 0) {
        lp_ck_box b;
        lp_ck_box_init(&b);
        if ((v = field(rd, "counterexample")) == NULL || (v = parse_ranges(&b, v, st->np)) == NULL
            || !well_formed(st, &b))
            snprintf(r->why, sizeof r->why, "line %d: no well-formed counterexample box in the domain", rd->no);
        else {
            b.line = rd->no;
            if (lp_ck_counterexample(st, &b, r->why, sizeof r->why)) {
                r->verified = 1;
                r->boxes = 1;
                snprintf(r->why, sizeof r->why, "the counterexample box is one");
            }
        }
        lp_ck_box_clear(&b);
        return;
    }
    if ((v = field(rd, "boxes")) == NULL || (count = atol(v)) <= 0)
        FAIL("line %d: no count of boxes", rd->no);
    for (;;) {                                  /* the box lines, as many as there are, then end */
        const char *rest;
        if ((v = field(rd, "box")) == NULL)
            break;
        if (n == cap) {
            long c2 = cap ? 2 * cap : 64;
            lp_ck_box *p = realloc(boxes, (size_t) c2 * sizeof *p);
            if (p == NULL)
                FAIL("out of memory for %ld boxes", c2);
            boxes = p;
            cap = c2;
        }
        lp_ck_box_init(&boxes[n++]);
        if ((rest = parse_ranges(&boxes[n - 1], v, st->np)) == NULL || parse_method(&boxes[n - 1], st, rest) != 0)
            FAIL("line %d: not a box line", rd->no);
        if (!well_formed(st, &boxes[n - 1]))
            FAIL("line %d: the box is malformed or leaves the domain", rd->no);
        boxes[n - 1].line = rd->no;
    }
    if (strcmp(rd->line, "end") != 0 || n != count)
        FAIL("line %d: %ld box lines for a count of %ld, or no end", rd->no, n, count);
    if (!lp_ck_cover(st, boxes, n, r->why, sizeof r->why))
        goto out;
    for (long i = 0; i < n; i++) {
        if (!lp_ck_closure(st, &boxes[i], r->why, sizeof r->why))
            goto out;
        r->boxes++;
    }
    r->verified = 1;
    snprintf(r->why, sizeof r->why, "%ld boxes tile the domain, each closed by its method", n);
out:
    if (boxes) {
        for (long i = 0; i < n; i++)
            lp_ck_box_clear(&boxes[i]);
        free(boxes);
    }
}

int
lp_check_cert(lp_check_result *r, FILE *f, const char *name)
{
    return lp_check_cert_in(r, f, name, NULL, 0);
}

int
lp_check_cert_in(lp_check_result *r, FILE *f, const char *name, const lp_stmt *extra, size_t nextra)
{
    reader rd = { NULL, 0, 0, f };
    const lp_stmt *s = NULL;
    const char *v;
    char result[32];
    memset(r, 0, sizeof *r);
    if (getline(&rd.line, &rd.cap, f) < 0 || strcmp(rd.line, "leakproof certificate 1\n") != 0)
        FAIL("%s: not a leakproof certificate (version 1)", name);
    rd.no = 1;
    if ((v = field(&rd, "statement")) != NULL)
        for (size_t i = 0; i < nextra && s == NULL; i++)
            if (strcmp(extra[i].key, v) == 0)
                s = &extra[i];
    if (v == NULL || (s == NULL && (s = lp_stmt_find(v)) == NULL))
        FAIL("%s:%d: no statement of that name", name, rd.no);
    r->stmt = s;
    if ((v = field(&rd, "claims")) == NULL || strcmp(v, s->ids) != 0)
        FAIL("%s:%d: the claims are not the statement's (%s)", name, rd.no, s->ids);
    if ((v = field(&rd, "expect")) == NULL || strcmp(v, s->expect == LP_EXPECT_PROOF ? "proof" : "disproof") != 0)
        FAIL("%s:%d: expect is not the statement's", name, rd.no);
    if ((v = field(&rd, "says")) == NULL || strcmp(v, s->says) != 0)
        FAIL("%s:%d: says is not the statement's", name, rd.no);
    if ((v = field(&rd, "domain")) == NULL || strcmp(v, s->domain) != 0)
        FAIL("%s:%d: the domain is not the statement's (%s)", name, rd.no, s->domain);
    if ((v = field(&rd, "kind")) == NULL || strcmp(v, s->box ? "box" : "exact") != 0)
        FAIL("%s:%d: the kind is not the statement's", name, rd.no);
    if ((v = field(&rd, "relation")) == NULL
        || strcmp(v, relation_name(s->box ? s->box->rel : s->exact->rel)) != 0)
        FAIL("%s:%d: the relation is not the statement's", name, rd.no);
    if ((v = field(&rd, "result")) == NULL || (strcmp(v, "proved") && strcmp(v, "counterexample")))
        FAIL("%s:%d: the result is neither proved nor counterexample", name, rd.no);
    snprintf(result, sizeof result, "%s", v);
    r->result = strcmp(result, "proved") == 0 ? LP_PROVED : LP_COUNTEREXAMPLE;
    if (s->box)
        check_boxes(r, &rd, s->box, result);
    else if (r->result != LP_PROVED)
        FAIL("%s:%d: an exact statement's certificate proves it or is not one", name, rd.no);
    else {
        char method[32];
        if ((v = field(&rd, "method")) == NULL)
            FAIL("%s:%d: no method", name, rd.no);
        snprintf(method, sizeof method, "%s", v);
        if (lp_ck_exact(s->exact, method, r->why, sizeof r->why)) {
            r->verified = 1;
            snprintf(r->why, sizeof r->why, "recomputed exactly (%s)", method);
        }
    }
out:
    free(rd.line);
    return r->verified;
}
