/* record_json.c -- a record as one JSON object on one line, through jansson.
 * Contracts in record.h. */
#define _GNU_SOURCE
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "core/host.h"
#include "core/record_internal.h"

char *
lp_record_bound_key(const field *f)
{
    char *k = NULL;
    if (!f->absolute && strcmp(f->key, "value") == 0)
        return lp_record_strdup("rel_error_bound");
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
            char *bk = lp_record_bound_key(f);
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
