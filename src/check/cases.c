/* cases.c -- the case-file reader.  Contract in cases.h. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/host.h"
#include "check/cases.h"
#include "input/lines.h"
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

/* The registry's mechanism called `name`, or the arbiter-only laplace-l2. */
static const lp_mechanism_spec *
find_mechanism(const char *name)
{
    if (strcmp(name, lp_laplace_l2_spec.name) == 0)
        return &lp_laplace_l2_spec;
    return lp_mechanism_find(name);
}

static void
mechanism_names(char *buf, size_t len)
{
    size_t k = 0;
    for (size_t i = 0; i < lp_nmechanisms && k < len; i++)
        k += (size_t) snprintf(buf + k, len - k, "%s, ", lp_mechanisms[i].name);
    if (k < len)
        snprintf(buf + k, len - k, "%s", lp_laplace_l2_spec.name);
}

int
lp_case_params(lp_params *par, const lp_case *c, char *err, size_t errlen)
{
    char why[300];
    for (int id = 0; id < LP_NPARAMS; id++) {
        if (!(c->mech->params & (1u << id)))
            continue;
        if (lp_params_set(par, (lp_param_id) id, c->text[id], why, sizeof why) != 0) {
            snprintf(err, errlen, "%s %s", lp_param_specs[id].name, why);
            return -1;
        }
    }
    return 0;
}

static int
parse_line(lp_case *c, char *text, const char *path, int line, char *err, size_t errlen)
{
    char *save = NULL, *tok = strtok_r(text, " \t", &save), why[400];
    int have_samples = 0, have_seed = 0, rc;
    lp_params par;
    lp_mechanism m;
    memset(c, 0, sizeof *c);
    c->file = path;
    c->line = line;
    if ((c->mech = find_mechanism(tok)) == NULL) {
        mechanism_names(why, sizeof why);
        return fail(err, errlen, path, line, "unknown mechanism '%s' (%s)", tok, why);
    }
    if (c->mech->mc_make == NULL)
        return fail(err, errlen, path, line, "%s has no Monte Carlo arbiter to verify it against", tok);
    while ((tok = strtok_r(NULL, " \t", &save)) != NULL) {
        char *eq = strchr(tok, '='), *key = tok, *val;
        int id;
        if (eq == NULL || eq == tok || eq[1] == '\0')
            return fail(err, errlen, path, line, "expected key=value, got '%s'", tok);
        *eq = '\0';
        val = eq + 1;
        if (strcmp(key, "samples") == 0) {
            if (have_samples++ || lp_decimal_uint64(&c->samples, val) != 0 || c->samples < 2
                || c->samples > UINT64_C(1000000000000))
                return fail(err, errlen, path, line, "samples must be given once, an integer from 2 to 1e12 (got '%s')", val);
            continue;
        }
        if (strcmp(key, "seed") == 0) {
            if (have_seed++ || lp_decimal_uint64(&c->seed, val) != 0)
                return fail(err, errlen, path, line, "seed must be given once, an integer from 0 to 2^63-1 (got '%s')", val);
            continue;
        }
        id = lp_param_from_name(key);
        if (id < 0 || !(c->mech->params & (1u << id)))
            return fail(err, errlen, path, line, "unknown key '%s' for %s", key, c->mech->name);
        if (c->text[id][0] != '\0')
            return fail(err, errlen, path, line, "%s given twice", key);
        if (strlen(val) >= LP_CASE_TEXT)
            return fail(err, errlen, path, line, "%s is longer than %d characters", key, LP_CASE_TEXT - 1);
        if ((lp_param_specs[id].domain == LP_DOM_POSITIVE || lp_param_specs[id].domain == LP_DOM_NONNEGATIVE)
            && lp_decimal_valid(val) && lp_strtod(val, NULL) > 1e300)
            return fail(err, errlen, path, line, "%s must be at most 1e300 for the Monte Carlo arbiter "
                        "(got '%s')", key, val);
        strcpy(c->text[id], val);
    }
    for (int id = 0; id < LP_NPARAMS; id++)
        if ((c->mech->params & (1u << id)) && c->text[id][0] == '\0')
            return fail(err, errlen, path, line, "missing %s=", lp_param_specs[id].name);
    if (!have_samples)
        return fail(err, errlen, path, line, "missing samples=");
    if (!have_seed)
        return fail(err, errlen, path, line, "missing seed=");
    lp_params_init(&par);
    rc = lp_case_params(&par, c, why, sizeof why);
    c->p = par.p;
    if (rc == 0 && (par.p < 1 || par.p > LP_MC_P_MAX)) {
        snprintf(why, sizeof why, "%s must give a dimension from 1 to %d for the Monte Carlo arbiter (got %llu)",
                 c->mech->params & LP_PARAM_LAYERS ? "layers" : "p", LP_MC_P_MAX, (unsigned long long) par.p);
        rc = -1;
    }
    if (rc == 0 && c->mech->mc_make(&m, &par) != 0) {
        /* values the parser accepts but the arbiter's doubles cannot carry
         * (sigma = 1e-400, kappa = 1e299): refused here, at read time */
        snprintf(why, sizeof why, "the %s mechanism cannot be set up with these values (the Monte Carlo "
                 "arbiter needs them finite and positive as doubles, below 1e300%s)", c->mech->name,
                 c->mech->params & LP_PARAM_KAPPA ? ", and kappa within the reach of its normaliser" : "");
        rc = -1;
    }
    lp_params_clear(&par);
    return rc == 0 ? 0 : fail(err, errlen, path, line, "%s", why);
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
    char why[160];
    FILE *f = lp_open_regular(path, why, sizeof why);
    int rc;
    if (f == NULL)
        return fail(err, errlen, path, 0, "%s", why);
    rc = lp_cases_read_stream(cases, n, f, path, err, errlen);
    fclose(f);
    return rc;
}
