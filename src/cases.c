/* cases.c -- the case-file reader.  Contract in cases.h. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cases.h"
#include "lines.h"
#include "leakproof.h"
#include "mc/mc.h"

static int
fail(char *err, size_t errlen, const char *path, int line, const char *fmt, ...)
{
    va_list ap;
    int k = line > 0 ? snprintf(err, errlen, "%s:%d: ", path, line)
                     : snprintf(err, errlen, "%s: ", path);
    va_start(ap, fmt);
    if (k >= 0 && (size_t) k < errlen)
        vsnprintf(err + k, errlen - k, fmt, ap);
    va_end(ap);
    return -1;
}

/* The Monte Carlo arbiter's mechanism for the case, set up as verify will:
 * values the parser accepts but the doubles cannot carry (sigma = 1e-400,
 * kappa = 1e299) are refused here, at read time, with file:line. */
static int
mechanism_setup(const lp_case *c)
{
    lp_mechanism m;
    if (strcmp(c->mechanism, "gauss") == 0)
        return lp_mechanism_gauss(&m, (int) c->p, strtod(c->sigma, NULL), strtod(c->radius, NULL));
    if (strcmp(c->mechanism, "laplace") == 0)
        return lp_mechanism_laplace(&m, (int) c->p, strtod(c->b, NULL), strtod(c->radius, NULL),
                                    strcmp(c->clip, "l2") == 0);
    if (strcmp(c->mechanism, "gauss-layers") == 0)
        return lp_mechanism_gauss_layers(&m, c->layers, c->nlayers, strtod(c->sigma, NULL),
                                         strtod(c->clip, NULL));
    return lp_mechanism_vmf(&m, (int) c->p, strtod(c->kappa, NULL));
}

static int
parse_line(lp_case *c, char *text, const char *path, int line, char *err, size_t errlen)
{
    char *save = NULL, *tok = strtok_r(text, " \t", &save);
    int have_p = 0, have_samples = 0, have_seed = 0, gauss, laplace, layered;

    memset(c, 0, sizeof *c);
    c->file = path;
    c->line = line;
    if (strcmp(tok, "gauss") != 0 && strcmp(tok, "vmf") != 0 && strcmp(tok, "laplace") != 0
        && strcmp(tok, "gauss-layers") != 0)
        return fail(err, errlen, path, line, "unknown mechanism '%s' (gauss, vmf, laplace or gauss-layers)", tok);
    strcpy(c->mechanism, tok);
    gauss = strcmp(tok, "gauss") == 0;
    laplace = strcmp(tok, "laplace") == 0;
    layered = strcmp(tok, "gauss-layers") == 0;
    while ((tok = strtok_r(NULL, " \t", &save)) != NULL) {
        char *eq = strchr(tok, '='), *key = tok, *val;
        if (eq == NULL || eq == tok || eq[1] == '\0')
            return fail(err, errlen, path, line, "expected key=value, got '%s'", tok);
        *eq = '\0';
        val = eq + 1;
        if (layered && strcmp(key, "layers") == 0) {
            char *t2 = val, *comma;
            if (c->nlayers)
                return fail(err, errlen, path, line, "layers given twice");
            do {                    /* every entry between commas, empty ones too */
                uint64_t v;
                if ((comma = strchr(t2, ',')) != NULL)
                    *comma = '\0';
                if (c->nlayers >= 64 || lp_decimal_uint64(&v, t2) != 0 || v < 1 || (c->p += v) > LP_MC_P_MAX)
                    return fail(err, errlen, path, line, "layers must be at most 64 integers >= 1 adding up to "
                                "at most %d (got '%s')", LP_MC_P_MAX, t2);
                c->layers[c->nlayers++] = (int) v;
                if (comma != NULL)
                    t2 = comma + 1;
            } while (comma != NULL);
            have_p = 1;
        } else if (laplace && strcmp(key, "clip") == 0) {
            if (c->clip[0] || (strcmp(val, "l1") != 0 && strcmp(val, "l2") != 0))
                return fail(err, errlen, path, line, "clip must be given once, l1 or l2 (got '%s')", val);
            strcpy(c->clip, val);
        } else if (!layered && strcmp(key, "p") == 0) {
            if (have_p++ || lp_decimal_uint64(&c->p, val) != 0 || c->p < 1 || c->p > LP_MC_P_MAX)
                return fail(err, errlen, path, line, "p must be given once, an integer from 1 to %d (got '%s')",
                            LP_MC_P_MAX, val);
        } else if (strcmp(key, "samples") == 0) {
            if (have_samples++ || lp_decimal_uint64(&c->samples, val) != 0 || c->samples < 2
                || c->samples > UINT64_C(1000000000000))
                return fail(err, errlen, path, line, "samples must be given once, an integer from 2 to 1e12 (got '%s')", val);
        } else if (strcmp(key, "seed") == 0) {
            if (have_seed++ || lp_decimal_uint64(&c->seed, val) != 0)
                return fail(err, errlen, path, line, "seed must be given once, an integer from 0 to 2^63-1 (got '%s')", val);
        } else if (((gauss || layered) && strcmp(key, "sigma") == 0)
                   || ((gauss || laplace) && strcmp(key, "radius") == 0)
                   || (laplace && strcmp(key, "b") == 0)
                   || (layered && strcmp(key, "clip") == 0)
                   || (!gauss && !laplace && !layered && strcmp(key, "kappa") == 0)) {
            char *slot = key[0] == 's' ? c->sigma : key[0] == 'r' ? c->radius : key[0] == 'b' ? c->b
                         : key[0] == 'c' ? c->clip : c->kappa;
            int positive = key[0] == 's' || key[0] == 'b';
            if (slot[0] != '\0')
                return fail(err, errlen, path, line, "%s given twice", key);
            if (strlen(val) >= LP_CASE_TEXT || !lp_decimal_valid(val)
                || lp_decimal_sign(val) < positive)
                return fail(err, errlen, path, line, "%s must be a decimal number %s 0 (got '%.*s')",
                            key, positive ? ">" : ">=", LP_CASE_TEXT, val);
            if (strtod(val, NULL) > 1e300)
                return fail(err, errlen, path, line, "%s must be at most 1e300 for the Monte Carlo arbiter "
                            "(got '%s')", key, val);
            strcpy(slot, val);
        } else {
            return fail(err, errlen, path, line, "unknown key '%s' for %s", key, c->mechanism);
        }
    }
    if (!have_p)
        return fail(err, errlen, path, line, layered ? "missing layers=" : "missing p=");
    if ((gauss || layered) && c->sigma[0] == '\0')
        return fail(err, errlen, path, line, "missing sigma=");
    if ((gauss || laplace) && c->radius[0] == '\0')
        return fail(err, errlen, path, line, "missing radius=");
    if (laplace && c->b[0] == '\0')
        return fail(err, errlen, path, line, "missing b=");
    if ((laplace || layered) && c->clip[0] == '\0')
        return fail(err, errlen, path, line, "missing clip=");
    if (!gauss && !laplace && !layered && c->kappa[0] == '\0')
        return fail(err, errlen, path, line, "missing kappa=");
    if (!have_samples)
        return fail(err, errlen, path, line, "missing samples=");
    if (!have_seed)
        return fail(err, errlen, path, line, "missing seed=");
    if (mechanism_setup(c) != 0)
        return fail(err, errlen, path, line, "the %s mechanism cannot be set up with these values "
                    "(the Monte Carlo arbiter needs them finite and positive as doubles%s)", c->mechanism,
                    gauss || layered || laplace ? "" : ", and kappa within the reach of its normaliser");
    return 0;
}

int
lp_cases_read_stream(lp_case **cases, size_t *n, FILE *f, const char *path, char *err, size_t errlen)
{
    char *buf = NULL;
    size_t cap = 0, len, before = *n;
    int line = 0, rc = 0;
    lp_line_status st;

    while ((st = lp_read_line(f, &buf, &cap, &len, LP_CASES_LINE_MAX)) != LP_LINE_EOF) {
        char *s = buf, *hash;
        line++;
        if (st == LP_LINE_TOO_LONG) {
            rc = fail(err, errlen, path, line, "line longer than %d bytes", LP_CASES_LINE_MAX);
            break;
        }
        if (st == LP_LINE_NUL) {
            rc = fail(err, errlen, path, line, "a NUL byte (not a text file?)");
            break;
        }
        if (st == LP_LINE_ERROR) {
            rc = fail(err, errlen, path, 0, "read error: %s", strerror(errno));
            break;
        }
        if (line == 1)
            s += lp_utf8_bom_length(s, len);
        if ((hash = strchr(s, '#')) != NULL)
            *hash = '\0';
        for (char *c = s; *c; c++)
            if (*c == '\r' || *c == '\v' || *c == '\f')
                *c = ' ';
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == '\0')
            continue;
        {
            lp_case *grown = realloc(*cases, (*n + 1) * sizeof **cases);
            if (grown == NULL) {
                rc = fail(err, errlen, path, line, "out of memory");
                break;
            }
            *cases = grown;
        }
        if ((rc = parse_line(&(*cases)[*n], s, path, line, err, errlen)) != 0)
            break;
        (*n)++;
    }
    if (rc == 0 && *n == before)
        rc = fail(err, errlen, path, 0, "no cases (a case file holds at least one)");
    free(buf);
    return rc;
}

int
lp_cases_read(lp_case **cases, size_t *n, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    int rc;
    if (f == NULL)
        return fail(err, errlen, path, 0, "cannot open: %s", strerror(errno));
    rc = lp_cases_read_stream(cases, n, f, path, err, errlen);
    fclose(f);
    return rc;
}
