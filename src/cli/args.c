/* args.c -- reading and checking command-line parameters.  Contracts in cli.h. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

int
lp_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(lp_err(), "leakproof %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(lp_err(), fmt, ap);
    va_end(ap);
    fputc('\n', lp_err());
    return LP_EXIT_USAGE;
}

int
lp_arg_dimension(uint64_t *p, const char *cmd, const char *opt, const char *text)
{
    if (lp_decimal_uint64(p, text) != 0 || *p < 1 || *p > LP_P_MAX)
        return lp_usage_error(cmd, "%s must be an integer from 1 to 2147483647 (got '%s')",
                              opt, text);
    return 0;
}

int
lp_arg_positive(double *d, const char *cmd, const char *opt, const char *text, const char *what)
{
    if (!lp_decimal_valid(text) || lp_decimal_sign(text) <= 0)
        return lp_usage_error(cmd, "%s (%s) must be a decimal number > 0 (got '%s')",
                              opt, what, text);
    *d = strtod(text, NULL);
    return 0;
}

int
lp_arg_nonnegative(double *d, const char *cmd, const char *opt, const char *text, const char *what)
{
    if (!lp_decimal_valid(text) || lp_decimal_sign(text) < 0)
        return lp_usage_error(cmd, "%s (%s) must be a decimal number >= 0 (got '%s')",
                              opt, what, text);
    *d = strtod(text, NULL);
    return 0;
}

int
lp_arg_int_range(long *v, const char *cmd, const char *opt, const char *text, long lo, long hi)
{
    uint64_t u;
    if (lp_decimal_uint64(&u, text) != 0 || u < (uint64_t) lo || u > (uint64_t) hi)
        return lp_usage_error(cmd, "%s must be an integer from %ld to %ld (got '%s')",
                              opt, lo, hi, text);
    *v = (long) u;
    return 0;
}

void
lp_json_string(FILE *out, const char *s)
{
    if (s == NULL) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char) *s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

void
lp_json_number(FILE *out, double x)
{
    if (isfinite(x))
        fprintf(out, "%.6g", x);
    else
        fputs("null", out);
}

int
lp_close_stdout(int status)
{
    FILE *out = lp_out();
    if (out != stdout) {
        if (fflush(out) != 0 || ferror(out)) {
            fprintf(lp_err(), "leakproof: writing the output failed\n");
            return status ? status : LP_EXIT_FAIL;
        }
        return status;
    }
    if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
        perror("leakproof: writing standard output");
        return status ? status : LP_EXIT_FAIL;
    }
    return status;
}

/* Reads the numbers of a file: comma- or blank-separated, '#' comments.  Each
 * row's count goes to *cols (the first row's; -1 if rows differ).  Returns a
 * malloc'd array of strdup'd texts, or NULL with a message naming file:line. */
char **
lp_read_numbers(const char *path, size_t *n, size_t *rows, long *cols, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    char line[1 << 16], **out = NULL;
    size_t cap = 0;
    int lineno = 0;
    *n = *rows = 0;
    *cols = 0;
    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    while (fgets(line, sizeof line, f)) {
        char *save = NULL, *tok, *hash = strchr(line, '#');
        long k = 0;
        lineno++;
        if (hash)
            *hash = '\0';
        for (tok = strtok_r(line, ", \t\r\n", &save); tok; tok = strtok_r(NULL, ", \t\r\n", &save)) {
            if (!lp_decimal_valid(tok)) {
                snprintf(err, errlen, "%s:%d: '%s' is not a decimal number", path, lineno, tok);
                goto fail;
            }
            if (*n == cap) {
                cap = cap ? 2 * cap : 1024;
                out = realloc(out, cap * sizeof *out);
            }
            out[(*n)++] = strdup(tok);
            k++;
        }
        if (k == 0)
            continue;
        if (*rows == 0)
            *cols = k;
        else if (*cols != k) {
            snprintf(err, errlen, "%s:%d: %ld numbers where the first row has %ld", path, lineno, k, *cols);
            goto fail;
        }
        (*rows)++;
    }
    fclose(f);
    if (*n == 0) {
        snprintf(err, errlen, "%s: no numbers", path);
        free(out);
        return NULL;
    }
    return out;
fail:
    fclose(f);
    for (size_t i = 0; i < *n; i++)
        free(out[i]);
    free(out);
    return NULL;
}

void
lp_free_texts(char **t, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(t[i]);
    free(t);
}
