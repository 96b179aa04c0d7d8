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

int
lp_arg_unit_interval(const char *cmd, const char *opt, const char *text, int open_hi)
{
    const char *range = open_hi ? "(0, 1)" : "(0, 1]";
    int ok = 0;
    if (text == NULL)
        return lp_usage_error(cmd, "missing %s", opt);
    if (lp_decimal_valid(text) && lp_decimal_sign(text) > 0) {
        /* decided on the exact decimal: 1 - 10^-30 is inside, 1 + 10^-30 is not */
        arb_t x;
        arb_init(x);
        lp_decimal_arb(x, text, 256);
        arb_sub_ui(x, x, 1, 256);
        ok = open_hi ? arb_is_negative(x) : (arb_is_zero(x) || arb_is_negative(x));
        arb_clear(x);
    }
    return ok ? 0 : lp_usage_error(cmd, "%s must be a decimal number in %s (got '%s')", opt, range,
                                   text);
}

int
lp_arg_decimal_list(char ***out, size_t *n, const char *cmd, const char *opt, const char *text)
{
    size_t count = 1;
    char **w, *copy = strdup(text), *p = copy;
    for (const char *c = text; *c; c++)
        count += *c == ',';
    w = calloc(count, sizeof *w);
    if (copy == NULL || w == NULL)
        abort();
    for (size_t i = 0; i < count; i++) {
        char *end = strchr(p, ',');
        if (end)
            *end = '\0';
        if (!lp_decimal_valid(p)) {
            int rc = lp_usage_error(cmd, "%s: entry %zu is %s ('%s')", opt, i + 1,
                                    *p ? "not a decimal number" : "empty", p);
            free(w);
            free(copy);
            return rc;
        }
        w[i] = p;
        p = end ? end + 1 : p;
    }
    *out = w;
    *n = count;
    return 0;
}
