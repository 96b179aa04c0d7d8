/* record.c -- records of named fields: building them (text, numbers, lists,
 * nested records, certified balls).  The writers are record_json.c,
 * record_human.c and record_csv.c; the contract's decimals record_contract.c.
 * Contracts in record.h. */
#define _GNU_SOURCE
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/host.h"
#include "core/record_internal.h"

lp_record *
lp_record_new(const char *title)
{
    lp_record *rec = calloc(1, sizeof *rec);
    if (rec == NULL)
        abort();
    rec->title = lp_record_strdup(title ? title : "");
    return rec;
}

void
lp_record_free(lp_record *rec)
{
    if (rec == NULL)
        return;
    for (size_t k = 0; k < rec->n; k++) {
        field *f = &rec->f[k];
        free(f->key);
        free(f->text);
        free(f->bound);
        free(f->ds);
        free(f->is);
        for (size_t j = 0; f->ts && j < f->nds; j++)
            free(f->ts[j]);
        free(f->ts);
        lp_record_free(f->child);
        for (size_t j = 0; j < f->nitems; j++)
            lp_record_free(f->items[j]);
        free(f->items);
    }
    free(rec->f);
    free(rec->title);
    free(rec->headline);
    free(rec);
}

/* The field `key`, replaced if it exists (a record has each key once). */
static field *
add(lp_record *rec, const char *key, field_kind kind)
{
    field *f = NULL;
    for (size_t k = 0; k < rec->n; k++)
        if (strcmp(rec->f[k].key, key) == 0) {
            f = &rec->f[k];
            free(f->key); free(f->text); free(f->bound); free(f->ds); free(f->is);
            for (size_t j = 0; f->ts && j < f->nds; j++)
                free(f->ts[j]);
            free(f->ts);
            lp_record_free(f->child);
            for (size_t j = 0; j < f->nitems; j++)
                lp_record_free(f->items[j]);
            free(f->items);
            break;
        }
    if (f == NULL) {
        if (rec->n == rec->cap) {
            rec->cap = rec->cap ? 2 * rec->cap : 16;
            rec->f = realloc(rec->f, rec->cap * sizeof *rec->f);
            if (rec->f == NULL)
                abort();
        }
        f = &rec->f[rec->n++];
    }
    memset(f, 0, sizeof *f);
    f->key = lp_record_strdup(key);
    f->kind = kind;
    return f;
}

void
lp_record_text(lp_record *rec, const char *key, const char *text)
{
    add(rec, key, F_TEXT)->text = lp_record_strdup(text);
}

void
lp_record_textf(lp_record *rec, const char *key, const char *fmt, ...)
{
    va_list ap;
    char *s = NULL;
    int n;
    va_start(ap, fmt);
    n = vasprintf(&s, fmt, ap);
    va_end(ap);
    if (n < 0)
        abort();
    add(rec, key, F_TEXT)->text = s;
}

void
lp_record_int(lp_record *rec, const char *key, int64_t v)
{
    add(rec, key, F_INT)->i = v;
}

void
lp_record_bool(lp_record *rec, const char *key, int v)
{
    add(rec, key, F_BOOL)->i = v != 0;
}

void
lp_record_null(lp_record *rec, const char *key)
{
    add(rec, key, F_NULL);
}

void
lp_record_double(lp_record *rec, const char *key, double v)
{
    add(rec, key, F_DOUBLE)->d = v;
}

void
lp_record_doubles(lp_record *rec, const char *key, const double *v, size_t n)
{
    field *f = add(rec, key, F_DOUBLES);
    f->ds = malloc((n ? n : 1) * sizeof *v);
    if (f->ds == NULL)
        abort();
    if (n)
        memcpy(f->ds, v, n * sizeof *v);
    f->nds = n;
}

void
lp_record_texts(lp_record *rec, const char *key, const char *const *v, size_t n)
{
    field *f = add(rec, key, F_TEXTS);
    f->ts = calloc(n ? n : 1, sizeof *f->ts);
    if (f->ts == NULL)
        abort();
    for (size_t j = 0; j < n; j++)
        f->ts[j] = lp_record_strdup(v[j]);
    f->nds = n;
}

void
lp_record_ints(lp_record *rec, const char *key, const int64_t *v, size_t n)
{
    field *f = add(rec, key, F_INTS);
    f->is = malloc((n ? n : 1) * sizeof *v);
    if (f->is == NULL)
        abort();
    if (n)
        memcpy(f->is, v, n * sizeof *v);
    f->nds = n;
}

lp_record *
lp_record_object(lp_record *rec, const char *key)
{
    field *f = add(rec, key, F_OBJECT);
    f->child = lp_record_new(key);
    return f->child;
}

lp_record *
lp_record_append(lp_record *rec, const char *key)
{
    field *f = NULL;
    for (size_t k = 0; k < rec->n; k++)
        if (strcmp(rec->f[k].key, key) == 0 && rec->f[k].kind == F_LIST)
            f = &rec->f[k];
    if (f == NULL)
        f = add(rec, key, F_LIST);
    f->items = realloc(f->items, (f->nitems + 1) * sizeof *f->items);
    if (f->items == NULL)
        abort();
    return f->items[f->nitems++] = lp_record_new(key);
}

void
lp_record_headline(lp_record *rec, const char *text)
{
    free(rec->headline);
    rec->headline = text ? lp_record_strdup(text) : NULL;
}

const lp_record *
lp_record_get_object(const lp_record *rec, const char *key)
{
    for (size_t k = rec->n; k-- > 0;)
        if (strcmp(rec->f[k].key, key) == 0)
            return rec->f[k].kind == F_OBJECT ? rec->f[k].child : NULL;
    return NULL;
}

const lp_record *
lp_record_get_item(const lp_record *rec, const char *key, size_t i)
{
    for (size_t k = rec->n; k-- > 0;)
        if (strcmp(rec->f[k].key, key) == 0)
            return rec->f[k].kind == F_LIST && i < rec->f[k].nitems ? rec->f[k].items[i] : NULL;
    return NULL;
}

const char *
lp_record_get_text(const lp_record *rec, const char *key)
{
    for (size_t k = rec->n; k-- > 0;)
        if (strcmp(rec->f[k].key, key) == 0)
            return rec->f[k].kind == F_TEXT ? rec->f[k].text : NULL;
    return NULL;
}

/* A double >= the decimal s, so that JSON's 17-digit text of it, rounded
 * monotonically from a two-digit decimal, is >= s as well. */
static double
double_up(const char *s)
{
    double v = lp_strtod(s, NULL);
    arb_t a, ds;
    arb_init(a);
    arb_init(ds);
    lp_decimal_arb(ds, s, 128);
    for (int k = 0; k < 4; k++) {
        arb_set_d(a, v);
        if (arb_ge(a, ds))
            break;
        v = nextafter(v, INFINITY);
    }
    arb_clear(a);
    arb_clear(ds);
    return v;
}

static slong
count_digits(const char *d)
{
    slong n = 0;
    for (const char *c = d; *c && *c != 'e'; c++)
        n += (*c >= '0' && *c <= '9');
    return n;
}

static slong
ball_field(lp_record *rec, const char *key, const arb_t x, slong digits, int absolute)
{
    field *f = add(rec, key, F_BALL);
    f->absolute = absolute;
    f->text = absolute ? lp_ball_decimal_fixed(x, digits) : lp_ball_decimal(x, digits);
    f->bound = lp_bound_decimal_up(x, f->text, absolute);
    if (f->bound == NULL) {            /* no bound, no number */
        free(f->text);
        f->text = NULL;
        return 0;
    }
    f->bound_d = double_up(f->bound);
    if (!isfinite(f->bound_d)) {       /* a bound beyond doubles says nothing */
        free(f->text); free(f->bound);
        f->text = f->bound = NULL;
        return 0;
    }
    return count_digits(f->text);
}

slong
lp_record_ball(lp_record *rec, const char *key, const arb_t x, slong digits)
{
    return ball_field(rec, key, x, digits, 0);
}

slong
lp_record_ball_abs(lp_record *rec, const char *key, const arb_t x, slong decimals)
{
    return ball_field(rec, key, x, decimals, 1);
}
