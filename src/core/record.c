/* record.c -- records of named fields and the one emitter (human, JSON through
 * jansson).  Contracts in record.h. */
#define _GNU_SOURCE
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "core/host.h"
#include "core/record.h"

typedef enum { F_TEXT, F_INT, F_BOOL, F_NULL, F_DOUBLE, F_DOUBLES, F_INTS, F_TEXTS, F_BALL, F_OBJECT, F_LIST } field_kind;

typedef struct field {
    char *key;
    field_kind kind;
    char *text;            /* F_TEXT (NULL: null); F_BALL: the decimal d (NULL: null) */
    char *bound;           /* F_BALL: the two-digit bound, rounded up (NULL: null)   */
    double bound_d;        /* F_BALL: a double >= bound, for JSON                     */
    int absolute;          /* F_BALL: absolute bound                                  */
    int64_t i;
    double d;
    double *ds;
    int64_t *is;
    char **ts;
    size_t nds;
    lp_record *child;      /* F_OBJECT                                                */
    lp_record **items;     /* F_LIST                                                  */
    size_t nitems;
} field;

struct lp_record {
    char *title;
    field *f;
    size_t n, cap;
};

static char *
str_dup(const char *s)
{
    char *d;
    if (s == NULL)
        return NULL;
    d = malloc(strlen(s) + 1);
    if (d == NULL)
        abort();
    return strcpy(d, s);
}

lp_record *
lp_record_new(const char *title)
{
    lp_record *rec = calloc(1, sizeof *rec);
    if (rec == NULL)
        abort();
    rec->title = str_dup(title ? title : "");
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
    f->key = str_dup(key);
    f->kind = kind;
    return f;
}

void
lp_record_text(lp_record *rec, const char *key, const char *text)
{
    add(rec, key, F_TEXT)->text = str_dup(text);
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
        f->ts[j] = str_dup(v[j]);
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

/* ---- the printed-number contract ------------------------------------------ */

/* Arb's decimal text ("12.5", "0.00125", "1.25e+4", "-1.25e-7") rewritten in
 * scientific notation with the same significant digits; NULL when `text` is
 * not a plain decimal (Arb prints "[+/- r]" when no digit is certain). */
static char *
scientific(const char *text)
{
    const char *c = text;
    size_t len = strlen(text);
    char *digits = malloc(len + 2), *es, *out;
    size_t nd = 0;
    slong point = -1, lead = 0;
    fmpz_t e;
    int neg = 0, seen = 0;

    if (digits == NULL)
        abort();
    if (*c == '-') { neg = 1; c++; }
    for (; *c && *c != 'e'; c++) {
        if (*c == '.') { point = (slong) nd + lead; continue; }
        if (*c < '0' || *c > '9') { free(digits); return NULL; }
        if (*c == '0' && !seen) { lead++; continue; }
        seen = 1;
        digits[nd++] = *c;
    }
    if (point < 0)
        point = (slong) nd + lead;
    if (nd == 0) {
        digits[nd++] = '0';
        lead = point = 1;
        neg = 0;
    }
    fmpz_init(e);
    if (*c == 'e' && fmpz_set_str(e, c + 1 + (c[1] == '+'), 10) != 0) {
        fmpz_clear(e);
        free(digits);
        return NULL;
    }
    fmpz_add_si(e, e, point - lead - 1);
    es = fmpz_get_str(NULL, 10, e);
    out = malloc(nd + strlen(es) + 8);
    if (out == NULL)
        abort();
    {
        char *o = out;
        if (neg) *o++ = '-';
        *o++ = digits[0];
        if (nd > 1) {
            *o++ = '.';
            memcpy(o, digits + 1, nd - 1);
            o += nd - 1;
        }
        *o++ = 'e';
        if (fmpz_sgn(e) >= 0) *o++ = '+';
        strcpy(o, es);
    }
    flint_free(es);
    free(digits);
    fmpz_clear(e);
    return out;
}

char *
lp_ball_decimal(const arb_t x, slong digits)
{
    char *s, *out;
    if (!arb_is_finite(x) || digits < 1)
        return NULL;
    if (arb_is_zero(x))
        return str_dup("0");
    if (arb_contains_zero(x))
        return NULL;                    /* not even the sign is certain */
    s = arb_get_str(x, digits, ARB_STR_NO_RADIUS);
    out = strchr(s, '[') ? NULL : scientific(s);
    flint_free(s);
    return out;
}

char *
lp_ball_decimal_fixed(const arb_t x, slong decimals)
{
    char *s, *out;
    slong intdigits = 0;
    if (!arb_is_finite(x) || decimals < 0)
        return NULL;
    if (arb_contains_zero(x))
        return str_dup("0");               /* its absolute bound is sup |x| */
    {
        /* digits before the point, from the exponent: a choice of how many
           digits to print, never part of a bound */
        slong e = (slong) fmpz_get_si(ARF_EXPREF(arb_midref(x)));
        if (e > 0)
            intdigits = (slong) (e * 0.30102999566398120) + 1;
    }
    s = arb_get_str(x, decimals + intdigits, ARB_STR_NO_RADIUS);
    out = NULL;
    if (!strchr(s, '['))
        out = str_dup(s);
    flint_free(s);
    return out;
}

/* The two-significant-digit decimal m*10^e >= b (b > 0 finite), rounded up. */
static char *
decimal_up(const arf_t b)
{
    arb_t t, p10;
    arf_t u;
    fmpz_t m, e;
    char buf[64], *ms, *es;
    slong prec = 64;

    if (arf_cmp_2exp_si(b, -997) < 0)      /* 2^-997 < 1e-300 */
        return str_dup("1e-300");
    arb_init(t);
    arb_init(p10);
    arf_init(u);
    fmpz_init(m);
    fmpz_init(e);
    /* e: an estimate of floor(log10 b) - 1 from the binary exponent; any e
       gives a valid upper bound, a good one gives two digits */
    fmpz_set(e, ARF_EXPREF(b));
    fmpz_mul_ui(e, e, 30103);
    fmpz_fdiv_q_ui(e, e, 100000);
    fmpz_sub_ui(e, e, 2);
    for (;;) {
        arb_set_ui(p10, 10);
        if (fmpz_sgn(e) >= 0) {
            arb_pow_fmpz(p10, p10, e, prec);
            arb_set_arf(t, b);
            arb_div(t, t, p10, prec);
        } else {
            fmpz_t ne;
            fmpz_init(ne);
            fmpz_neg(ne, e);
            arb_pow_fmpz(p10, p10, ne, prec);
            arb_set_arf(t, b);
            arb_mul(t, t, p10, prec);
            fmpz_clear(ne);
        }
        arb_get_ubound_arf(u, t, prec);
        arf_get_fmpz(m, u, ARF_RND_CEIL);
        if (fmpz_cmp_ui(m, 100) < 0)
            break;
        fmpz_add_ui(e, e, 1);             /* too many digits: one place up */
    }
    if (fmpz_is_zero(m))
        fmpz_one(m);
    ms = fmpz_get_str(NULL, 10, m);
    es = fmpz_get_str(NULL, 10, e);
    if (strlen(ms) == 2 && ms[1] != '0') {
        /* m = ab: a.b e(e+1) */
        fmpz_add_ui(e, e, 1);
        flint_free(es);
        es = fmpz_get_str(NULL, 10, e);
        snprintf(buf, sizeof buf, "%c.%ce%s%s", ms[0], ms[1], fmpz_sgn(e) >= 0 ? "+" : "", es);
    } else if (strlen(ms) == 2) {
        fmpz_add_ui(e, e, 1);
        flint_free(es);
        es = fmpz_get_str(NULL, 10, e);
        snprintf(buf, sizeof buf, "%ce%s%s", ms[0], fmpz_sgn(e) >= 0 ? "+" : "", es);
    } else {
        snprintf(buf, sizeof buf, "%se%s%s", ms, fmpz_sgn(e) >= 0 ? "+" : "", es);
    }
    flint_free(ms);
    flint_free(es);
    arb_clear(t);
    arb_clear(p10);
    arf_clear(u);
    fmpz_clear(m);
    fmpz_clear(e);
    return str_dup(buf);
}

char *
lp_bound_decimal_up(const arb_t x, const char *d, int absolute)
{
    arb_t dd, err;
    arf_t b;
    char *out = NULL;
    slong prec;

    if (d == NULL || !arb_is_finite(x))
        return NULL;
    /* enough bits to resolve the last printed digit (under 4 bits each), so
       that the bound is the rounding of d and not the working precision */
    prec = FLINT_MAX(arb_bits(x), 64) + 64 + 4 * (slong) strlen(d);
    arb_init(dd);
    arb_init(err);
    arf_init(b);
    lp_decimal_arb(dd, d, prec);
    arb_sub(err, x, dd, prec);
    if (!absolute) {
        if (arb_contains_zero(dd)) {
            if (arb_is_zero(x) && arb_is_zero(dd))
                out = str_dup("0");
            goto done;
        }
        arb_div(err, err, dd, prec);
    }
    arb_get_abs_ubound_arf(b, err, prec);
    if (arf_is_zero(b))
        out = str_dup("0");
    else if (arf_is_finite(b))
        out = decimal_up(b);
done:
    arb_clear(dd);
    arb_clear(err);
    arf_clear(b);
    return out;
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

/* ---- JSON ------------------------------------------------------------------ */

static char *
bound_key(const field *f)
{
    char *k = NULL;
    if (!f->absolute && strcmp(f->key, "value") == 0)
        return str_dup("rel_error_bound");
    if (asprintf(&k, "%s_%s_error_bound", f->key, f->absolute ? "abs" : "rel") < 0)
        abort();
    return k;
}

/* A text as a JSON string.  JSON strings are UTF-8 and jansson refuses any
 * other bytes (json_string returns NULL, and the key vanished: a non-UTF-8
 * file name gave "files":[]); each byte that is not part of valid UTF-8 is
 * written as the four characters \xHH instead, so that the name can still be
 * told apart and found. */
static json_t *
json_text(const char *s)
{
    json_t *v = json_string(s);
    size_t n = strlen(s), k = 0;
    char *buf;
    if (v != NULL)
        return v;
    if ((buf = malloc(4 * n + 1)) == NULL)
        return json_null();
    for (size_t i = 0; i < n;) {
        const unsigned char c = (unsigned char) s[i];
        size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        json_t *probe = NULL;
        if (len > 1 && i + len <= n && (probe = json_stringn(s + i, len)) != NULL) {
            memcpy(buf + k, s + i, len);        /* one valid multi-byte character */
            k += len;
            i += len;
        } else if (len == 1) {
            buf[k++] = (char) c;
            i++;
        } else {
            k += (size_t) sprintf(buf + k, "\\x%02x", c);
            i++;
        }
        json_decref(probe);
    }
    v = json_stringn(buf, k);
    free(buf);
    return v ? v : json_null();
}

static json_t *
real_or_null(double v)
{
    return isfinite(v) ? json_real(v) : json_null();
}

static json_t *
to_json(const lp_record *rec)
{
    json_t *o = json_object();
    for (size_t k = 0; k < rec->n; k++) {
        const field *f = &rec->f[k];
        json_t *v = NULL;
        switch (f->kind) {
        case F_TEXT: v = f->text ? json_text(f->text) : json_null(); break;
        case F_INT: v = json_integer((json_int_t) f->i); break;
        case F_BOOL: v = json_boolean(f->i); break;
        case F_NULL: v = json_null(); break;
        case F_DOUBLE: v = real_or_null(f->d); break;
        case F_DOUBLES:
            v = json_array();
            for (size_t j = 0; j < f->nds; j++)
                json_array_append_new(v, real_or_null(f->ds[j]));
            break;
        case F_TEXTS:
            v = json_array();
            for (size_t j = 0; j < f->nds; j++)
                json_array_append_new(v, f->ts[j] ? json_text(f->ts[j]) : json_null());
            break;
        case F_INTS:
            v = json_array();
            for (size_t j = 0; j < f->nds; j++)
                json_array_append_new(v, json_integer((json_int_t) f->is[j]));
            break;
        case F_BALL: {
            char *bk = bound_key(f);
            json_object_set_new(o, f->key, f->text ? json_text(f->text) : json_null());
            json_object_set_new(o, bk, f->text ? json_real(f->bound_d) : json_null());
            free(bk);
            continue;
        }
        case F_OBJECT: v = to_json(f->child); break;
        case F_LIST:
            v = json_array();
            for (size_t j = 0; j < f->nitems; j++)
                json_array_append_new(v, to_json(f->items[j]));
            break;
        }
        json_object_set_new(o, f->key, v);
    }
    return o;
}

static char *
lp_record_json_c(const lp_record *rec)
{
    json_t *o = to_json(rec);
    char *s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    json_decref(o);
    if (s == NULL)
        abort();
    return s;
}

/* ---- human ------------------------------------------------------------------ */

/* One field's value as human text (malloc'd). */
static char *
human_value(const field *f)
{
    char *s = NULL;
    int n = 0;
    switch (f->kind) {
    case F_TEXT: return str_dup(f->text ? f->text : "-");
    case F_INT: n = asprintf(&s, "%lld", (long long) f->i); break;
    case F_BOOL: return str_dup(f->i ? "yes" : "no");
    case F_NULL: return str_dup("-");
    case F_DOUBLE:
        if (isfinite(f->d))
            n = asprintf(&s, "%.10g", f->d);
        else
            return str_dup("-");
        break;
    case F_TEXTS:
    case F_INTS:
    case F_DOUBLES: {
        size_t len = 1;
        char item[40];
        s = malloc(len);
        if (s == NULL)
            abort();
        s[0] = '\0';
        for (size_t j = 0; j < f->nds; j++) {
            if (f->kind == F_TEXTS)
                snprintf(item, sizeof item, "%s%.30s", j ? ", " : "", f->ts[j] ? f->ts[j] : "-");
            else if (f->kind == F_INTS)
                snprintf(item, sizeof item, "%s%lld", j ? ", " : "", (long long) f->is[j]);
            else if (isfinite(f->ds[j]))
                snprintf(item, sizeof item, "%s%.10g", j ? ", " : "", f->ds[j]);
            else
                snprintf(item, sizeof item, "%s-", j ? ", " : "");
            len += strlen(item);
            s = realloc(s, len);
            if (s == NULL)
                abort();
            strcat(s, item);
        }
        return s;
    }
    case F_BALL:
        if (f->text == NULL)
            return str_dup("- (no digit certified)");
        n = asprintf(&s, "%s (%s error <= %s)", f->text, f->absolute ? "abs." : "rel.", f->bound);
        break;
    default:
        return str_dup("");
    }
    if (n < 0)
        abort();
    return s;
}

static void human(const lp_record *rec, FILE *out, int indent);

static void
human_table(const field *f, FILE *out, int indent)
{
    /* the columns of the first row that are scalars; nested parts below */
    const lp_record *r0 = f->items[0];
    size_t nc = r0->n, *w = calloc(nc ? nc : 1, sizeof *w);
    char ***cell = calloc(f->nitems, sizeof *cell);
    if (w == NULL || cell == NULL)
        abort();
    for (size_t c = 0; c < nc; c++)
        w[c] = strlen(r0->f[c].key);
    for (size_t j = 0; j < f->nitems; j++) {
        cell[j] = calloc(nc ? nc : 1, sizeof **cell);
        if (cell[j] == NULL)
            abort();
        for (size_t c = 0; c < nc; c++) {
            const field *g = NULL;
            for (size_t k = 0; k < f->items[j]->n; k++)
                if (strcmp(f->items[j]->f[k].key, r0->f[c].key) == 0)
                    g = &f->items[j]->f[k];
            cell[j][c] = g && g->kind != F_OBJECT && g->kind != F_LIST ? human_value(g) : str_dup("-");
            if (strlen(cell[j][c]) > w[c])
                w[c] = strlen(cell[j][c]);
        }
    }
    fprintf(out, "%*s%s:\n%*s", indent, "", f->key, indent + 2, "");
    for (size_t c = 0; c < nc; c++)
        if (c + 1 < nc)
            fprintf(out, "%-*s  ", (int) w[c], r0->f[c].key);
        else
            fprintf(out, "%s\n", r0->f[c].key);
    for (size_t j = 0; j < f->nitems; j++) {
        fprintf(out, "%*s", indent + 2, "");
        for (size_t c = 0; c < nc; c++) {
            if (c + 1 < nc)
                fprintf(out, "%-*s  ", (int) w[c], cell[j][c]);
            else
                fprintf(out, "%s\n", cell[j][c]);
            free(cell[j][c]);
        }
        free(cell[j]);
    }
    free(cell);
    free(w);
}

static void
human(const lp_record *rec, FILE *out, int indent)
{
    for (size_t k = 0; k < rec->n; k++) {
        const field *f = &rec->f[k];
        if (f->kind == F_OBJECT) {
            fprintf(out, "%*s%s:\n", indent, "", f->key);
            human(f->child, out, indent + 2);
        } else if (f->kind == F_LIST) {
            int nested = 0;
            for (size_t j = 0; j < f->nitems; j++)
                for (size_t c = 0; c < f->items[j]->n; c++)
                    nested |= f->items[j]->f[c].kind == F_OBJECT || f->items[j]->f[c].kind == F_LIST;
            if (f->nitems == 0)
                fprintf(out, "%*s%s: (none)\n", indent, "", f->key);
            else if (!nested)
                human_table(f, out, indent);
            else
                for (size_t j = 0; j < f->nitems; j++) {
                    fprintf(out, "%*s%s %zu:\n", indent, "", f->key, j + 1);
                    human(f->items[j], out, indent + 2);
                }
        } else {
            char *v = human_value(f);
            fprintf(out, "%*s%s: %s\n", indent, "", f->key, v);
            free(v);
        }
    }
}

static int
lp_record_emit_c(const lp_record *rec, FILE *out, int json)
{
    if (json) {
        char *s = lp_record_json(rec);
        fputs(s, out);
        fputc('\n', out);
        free(s);
    } else {
        if (rec->title[0])
            fprintf(out, "%s\n", rec->title);
        human(rec, out, rec->title[0] ? 2 : 0);
    }
    return ferror(out) ? -1 : 0;
}

/* ---- CSV ------------------------------------------------------------------- */

static void
csv_text(FILE *out, const char *s)
{
    if (s == NULL)
        return;
    if (strpbrk(s, ",\"\n") == NULL) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static int
lp_record_emit_csv_c(const lp_record *rec, const char *key, FILE *out)
{
    const field *list = NULL;
    const lp_record *r0;
    for (size_t k = 0; k < rec->n; k++)
        if (rec->f[k].kind == F_LIST && strcmp(rec->f[k].key, key) == 0)
            list = &rec->f[k];
    if (list == NULL || list->nitems == 0)
        return ferror(out) ? -1 : 0;
    r0 = list->items[0];
    for (size_t c = 0; c < r0->n; c++) {
        const field *f = &r0->f[c];
        if (f->kind == F_OBJECT || f->kind == F_LIST)
            continue;
        fprintf(out, "%s%s", c ? "," : "", f->key);
        if (f->kind == F_BALL) {
            char *bk = bound_key(f);
            fprintf(out, ",%s", bk);
            free(bk);
        }
    }
    fputc('\n', out);
    for (size_t j = 0; j < list->nitems; j++) {
        const lp_record *r = list->items[j];
        for (size_t c = 0; c < r0->n; c++) {
            const field *f = NULL;
            if (r0->f[c].kind == F_OBJECT || r0->f[c].kind == F_LIST)
                continue;
            for (size_t k = 0; k < r->n; k++)
                if (strcmp(r->f[k].key, r0->f[c].key) == 0)
                    f = &r->f[k];
            if (c)
                fputc(',', out);
            if (f == NULL || f->kind == F_NULL)
                continue;
            switch (f->kind) {
            case F_TEXT: csv_text(out, f->text); break;
            case F_INT: fprintf(out, "%lld", (long long) f->i); break;
            case F_BOOL: fputs(f->i ? "true" : "false", out); break;
            case F_DOUBLE: if (isfinite(f->d)) fprintf(out, "%.17g", f->d); break;
            case F_BALL:
                if (f->text)
                    fprintf(out, "%s,%s", f->text, f->bound);
                else
                    fputc(',', out);
                break;
            default: {
                char *v = human_value(f);
                csv_text(out, v);
                free(v);
            }
            }
        }
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}

/* the C locale for the whole call, whatever the host's (numbers in text) */
int
lp_record_emit(const lp_record *rec, FILE *out, int json)
{
    int v;
    locale_t old = lp_locale_enter();
    v = lp_record_emit_c(rec, out, json);
    lp_locale_leave(old);
    return v;
}

/* the C locale for the whole call, whatever the host's (numbers in text) */
int
lp_record_emit_csv(const lp_record *rec, const char *key, FILE *out)
{
    int v;
    locale_t old = lp_locale_enter();
    v = lp_record_emit_csv_c(rec, key, out);
    lp_locale_leave(old);
    return v;
}

/* the C locale for the whole call, whatever the host's (numbers in text) */
char *
lp_record_json(const lp_record *rec)
{
    char *v;
    locale_t old = lp_locale_enter();
    v = lp_record_json_c(rec);
    lp_locale_leave(old);
    return v;
}
