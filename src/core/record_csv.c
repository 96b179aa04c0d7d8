/* record_csv.c -- a record's list as CSV.  Contracts in record.h. */
#define _GNU_SOURCE
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/host.h"
#include "core/record_internal.h"

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
            char *bk = lp_record_bound_key(f);
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
                char *v = lp_record_human_value(f);
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
lp_record_emit_csv(const lp_record *rec, const char *key, FILE *out)
{
    int v;
    locale_t old = lp_locale_enter();
    v = lp_record_emit_csv_c(rec, key, out);
    lp_locale_leave(old);
    return v;
}
