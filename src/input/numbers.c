/* numbers.c -- the number-file reader.  Contract in numbers.h.  Each text is
 * its own allocation: the commands build such arrays from inline lists too
 * and free both with lp_free_texts. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/host.h"
#include "leakproof.h"
#include "input/lines.h"
#include "input/numbers.h"

typedef struct {
    char **text;
    size_t n, cap;
} text_list;

static int
text_add(text_list *l, const char *tok)
{
    char *copy;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        char **t = realloc(l->text, (cap + 1) * sizeof *t);
        if (t == NULL)
            return -1;
        l->text = t;
        l->cap = cap;
    }
    if ((copy = strdup(tok)) == NULL)
        return -1;
    l->text[l->n++] = copy;
    return 0;
}

void
lp_free_texts(char **t, size_t n)
{
    if (t == NULL)
        return;
    for (size_t i = 0; i < n; i++)
        free(t[i]);
    free(t);
}

/* At most 40 bytes of tok, non-printing bytes as '?': a message stays one line. */
static const char *
shown(char out[48], const char *tok)
{
    size_t i;
    for (i = 0; i < 40 && tok[i]; i++)
        out[i] = (tok[i] >= 0x20 && tok[i] < 0x7f) ? tok[i] : '?';
    strcpy(out + i, tok[i] ? "..." : "");
    return out;
}

static int
finite_as_double(const char *tok)
{
    return isfinite(lp_strtod(tok, NULL));
}

char **
lp_read_numbers_stream(FILE *f, const char *path, unsigned flags, size_t *n, size_t *rows,
                       long *cols, char *err, size_t errlen)
{
    text_list l = { 0 };
    char *line = NULL, **out = NULL;
    size_t cap = 0, len;
    unsigned long lineno = 0;
    lp_line_status st;
    int nomem = 0;

    *n = *rows = 0;
    *cols = 0;
    while ((st = lp_read_line(f, &line, &cap, &len, LP_NUMBERS_LINE_MAX)) != LP_LINE_EOF) {
        char *s, *save = NULL, *tok, *hash, show[48];
        long k = 0;
        lineno++;
        if (st == LP_LINE_TOO_LONG) {
            snprintf(err, errlen, "%s:%lu: line longer than %zu bytes", path, lineno,
                     (size_t) LP_NUMBERS_LINE_MAX);
            goto fail;
        }
        if (st == LP_LINE_NUL) {
            snprintf(err, errlen, "%s:%lu: a NUL byte (not a text file?)", path, lineno);
            goto fail;
        }
        if (st == LP_LINE_ERROR) {
            nomem = errno == ENOMEM;
            snprintf(err, errlen, nomem ? "%s: out of memory" : "%s: read error: %s", path, strerror(errno));
            goto fail;
        }
        s = line + (lineno == 1 ? lp_utf8_bom_length(line, len) : 0);
        if ((hash = strchr(s, '#')) != NULL)
            *hash = '\0';
        for (tok = strtok_r(s, ", \t\r", &save); tok; tok = strtok_r(NULL, ", \t\r", &save)) {
            if (!lp_decimal_valid(tok)) {
                snprintf(err, errlen, "%s:%lu: '%s' is not a decimal number", path, lineno,
                         shown(show, tok));
                goto fail;
            }
            if ((flags & LP_NUMBERS_DOUBLE) && !finite_as_double(tok)) {
                snprintf(err, errlen, "%s:%lu: '%s' is beyond the double range (|x| <= 1.8e308)",
                         path, lineno, shown(show, tok));
                goto fail;
            }
            if (l.n >= LP_NUMBERS_COUNT_MAX) {
                snprintf(err, errlen, "%s:%lu: more than %zu numbers", path, lineno,
                         (size_t) LP_NUMBERS_COUNT_MAX);
                goto fail;
            }
            if (text_add(&l, tok) != 0) {
                snprintf(err, errlen, "%s:%lu: out of memory", path, lineno);
                nomem = 1;
                goto fail;
            }
            k++;
        }
        if (k == 0)
            continue;
        if (*rows == 0)
            *cols = k;
        else if (*cols != k) {
            snprintf(err, errlen, "%s:%lu: %ld numbers where the first row has %ld", path, lineno, k, *cols);
            goto fail;
        }
        (*rows)++;
    }
    if (l.n == 0) {
        snprintf(err, errlen, "%s: no numbers", path);
        goto fail;
    }
    out = l.text;
    *n = l.n;
    free(line);
    errno = 0;
    return out;
fail:
    free(line);
    lp_free_texts(l.text, l.n);
    *n = *rows = 0;
    *cols = 0;
    errno = nomem ? ENOMEM : 0;         /* the caller tells bad input from no memory */
    return NULL;
}

char **
lp_read_numbers_opt(const char *path, unsigned flags, size_t *n, size_t *rows, long *cols,
                    char *err, size_t errlen)
{
    char why[160];
    FILE *f = lp_open_regular(path, why, sizeof why);
    char **out;
    if (f == NULL) {
        snprintf(err, errlen, "%s: %s", path, why);
        *n = *rows = 0;
        *cols = 0;
        return NULL;
    }
    out = lp_read_numbers_stream(f, path, flags, n, rows, cols, err, errlen);
    fclose(f);
    return out;
}

char **
lp_read_numbers(const char *path, size_t *n, size_t *rows, long *cols, char *err, size_t errlen)
{
    return lp_read_numbers_opt(path, 0, n, rows, cols, err, errlen);
}
