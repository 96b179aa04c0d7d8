/* record_human.c -- a record for people: a title, one key: value line per
 * field, lists as tables; and the emitter that picks human or JSON.
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

/* One field's value as human text (malloc'd). */
char *
lp_record_human_value(const field *f)
{
    char *s = NULL;
    int n = 0;
    switch (f->kind) {
    case F_TEXT: return lp_record_strdup(f->text ? f->text : "-");
    case F_INT: n = asprintf(&s, "%lld", (long long) f->i); break;
    case F_BOOL: return lp_record_strdup(f->i ? "yes" : "no");
    case F_NULL: return lp_record_strdup("-");
    case F_DOUBLE:
        if (isfinite(f->d))
            n = asprintf(&s, "%.10g", f->d);
        else
            return lp_record_strdup("-");
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
            return lp_record_strdup("- (no digit certified)");
        n = asprintf(&s, "%s (%s error <= %s)", f->text, f->absolute ? "abs." : "rel.", f->bound);
        break;
    default:
        return lp_record_strdup("");
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
            cell[j][c] = g && g->kind != F_OBJECT && g->kind != F_LIST ? lp_record_human_value(g) : lp_record_strdup("-");
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
            char *v = lp_record_human_value(f);
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
        if (rec->headline)          /* the answer first, details after */
            fprintf(out, "%s\n", rec->headline);
        if (rec->title[0])
            fprintf(out, "%s\n", rec->title);
        human(rec, out, rec->title[0] ? 2 : 0);
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
