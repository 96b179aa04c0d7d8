/* cmd_channel_run.c -- the runners of `leakproof channel`: read the inputs,
 * call the study (src/channel), emit its record.  Contracts in cmd_channel.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli/cmd_channel.h"
#include "channel/channel.h"

static const char *const cmd = "channel";

/* The study's record out, or its refusal as bad input (prefix: the option). */
static int
finish(lp_record *rec, lp_study_status st, const char *prefix, const char *err, int json)
{
    int rc = LP_EXIT_OK;
    if (st == LP_STUDY_BAD_INPUT)
        rc = lp_usage_error(cmd, "%s%s%s", prefix ? prefix : "", prefix ? ": " : "", err);
    else if (lp_emit(rec, json) != 0)
        rc = LP_EXIT_FAIL;
    else
        rc = lp_close_stdout(st == LP_STUDY_OK ? LP_EXIT_OK : LP_EXIT_UNCERTIFIED);
    lp_record_free(rec);
    return rc;
}

static lp_record *
new_record(const lp_channel_opts *o)
{
    char title[64];
    snprintf(title, sizeof title, "channel %s", o->sub);
    return lp_record_new(title);
}

static int
need_positive(const char *opt, const char *text, const char *max, const char *what)
{
    char err[300];
    if (text == NULL)
        return lp_usage_error(cmd, "missing %s (%s)", opt, what);
    if (lp_study_check_positive(opt, text, max, err, sizeof err))
        return lp_usage_error(cmd, "%s", err);
    return 0;
}

static char **
read_file(const char *opt, const char *path, size_t *n, size_t *rows, long *cols)
{
    char err[600];
    char **t = lp_read_numbers(path, n, rows, cols, err, sizeof err);
    if (t == NULL)
        lp_usage_error(cmd, "%s %s", opt, err);
    else if (*n == 0) {
        lp_usage_error(cmd, "%s %s: no numbers in the file", opt, path);
        lp_free_texts(t, *n);
        t = NULL;
    }
    return t;
}

/* The spectrum from --eigenvalues, --eigenvalues-file or --data; *opt names
 * the one given.  0 or LP_EXIT_USAGE (message printed). */
static int
load_spectrum(lp_spectrum *s, const lp_channel_opts *o, const char **opt)
{
    char **t, err[600];
    size_t n = 0, rows;
    long cols;
    int given = (o->eig != NULL) + (o->eig_file != NULL) + (o->data != NULL);
    if (given != 1)
        return lp_usage_error(cmd, "give exactly one of --eigenvalues, --eigenvalues-file%s",
                              strcmp(o->sub, "capacity") ? " or --data" : "");
    *opt = o->eig ? "--eigenvalues" : o->eig_file ? "--eigenvalues-file" : "--data";
    if (o->eig) {
        char *copy = strdup(o->eig), *p = copy;
        for (const char *c = o->eig; *c; c++)
            n += *c == ',';
        t = calloc(n + 1, sizeof(char *));
        for (size_t i = 0; i <= n; i++) {
            char *comma = strchr(p, ',');
            if (comma)
                *comma = '\0';
            t[i] = strdup(p);
            p = comma ? comma + 1 : p + strlen(p);
        }
        free(copy);
        n++;
    } else if ((t = read_file(*opt, o->eig_file ? o->eig_file : o->data, &n, &rows, &cols)) == NULL)
        return LP_EXIT_USAGE;
    if (o->data) {
        int rc = lp_spectrum_sample_covariance(s, t, rows, (size_t) cols, err, sizeof err);
        lp_free_texts(t, n);
        return rc ? lp_usage_error(cmd, "--data %s: %s", o->data, err) : 0;
    }
    lp_spectrum_init(s, n);
    for (size_t i = 0; i < n; i++) {
        if (!lp_decimal_valid(t[i]) || lp_decimal_sign(t[i]) < 0) {
            int rc = lp_usage_error(cmd, "%s: eigenvalue %zu must be a decimal number >= 0 (got '%s')",
                                    *opt, i + 1, t[i]);
            lp_free_texts(t, n);
            lp_spectrum_clear(s);
            return rc;
        }
        lp_spectrum_set_text(s, i, t[i], 64);
    }
    lp_free_texts(t, n);
    return 0;
}

/* capacity, natural, white: a spectrum and one decimal */
static int
run_spectrum(const lp_channel_opts *o, const char *opt, const char *text, const char *max, const char *what,
             lp_study_status (*study)(lp_record *, lp_spectrum *, const char *, slong, char *, size_t))
{
    lp_spectrum s;
    const char *source = NULL;
    char err[600];
    int rc;
    lp_record *rec;
    lp_study_status st;
    if ((rc = need_positive(opt, text, max, what)) || (rc = load_spectrum(&s, o, &source)))
        return rc;
    rec = new_record(o);
    st = study(rec, &s, text, o->digits, err, sizeof err);
    lp_spectrum_clear(&s);
    return finish(rec, st, source, err, o->json);
}

int
lp_channel_run_capacity(const lp_channel_opts *o)
{
    return run_spectrum(o, "--noise-variance", o->noise_variance, NULL, "the noise variance sigma, a "
                        "decimal number > 0", lp_study_channel_capacity);
}

int
lp_channel_run_natural(const lp_channel_opts *o)
{
    return run_spectrum(o, "--capacity", o->capacity, LP_CAPACITY_MAX, "the target capacity kappa in nats",
                        lp_study_channel_natural);
}

int
lp_channel_run_white(const lp_channel_opts *o)
{
    return run_spectrum(o, "--capacity", o->capacity, LP_CAPACITY_MAX, "the target capacity kappa in nats",
                        lp_study_channel_white);
}

int
lp_channel_run_personalized(const lp_channel_opts *o)
{
    char **tc = NULL, **tb = NULL, err[600];
    size_t n = 0, rows, nb = 0, brows;
    long cols, bcols;
    double *cov = NULL, *beta = NULL;
    int rc;
    if (o->cov == NULL)
        return lp_usage_error(cmd, "missing --covariance F (a symmetric positive definite matrix)");
    if (o->beta == NULL)
        return lp_usage_error(cmd, "missing --beta F (relative noise levels beta_i > 0)");
    if ((rc = need_positive("--capacity", o->capacity, LP_CAPACITY_MAX, "the target capacity kappa in nats")))
        return rc;
    if ((tc = read_file("--covariance", o->cov, &n, &rows, &cols)) == NULL)
        return LP_EXIT_USAGE;
    if ((size_t) cols != rows)
        rc = lp_usage_error(cmd, "--covariance %s: %zu rows of %ld numbers, not a square matrix", o->cov, rows, cols);
    else if ((tb = read_file("--beta", o->beta, &nb, &brows, &bcols)) == NULL)
        rc = LP_EXIT_USAGE;
    else if (nb != rows)
        rc = lp_usage_error(cmd, "--beta %s: %zu values for a %zux%zu covariance", o->beta, nb, rows, rows);
    for (size_t i = 0; rc == 0 && i < nb; i++)
        if (lp_decimal_sign(tb[i]) <= 0)
            rc = lp_usage_error(cmd, "--beta %s: beta_%zu must be > 0 (got '%s')", o->beta, i + 1, tb[i]);
    if (rc == 0) {
        cov = malloc(sizeof(double) * n);
        beta = malloc(sizeof(double) * nb);
        if (lp_study_doubles(cov, tc, n, err, sizeof err))
            rc = lp_usage_error(cmd, "--covariance %s: %s", o->cov, err);
        else if (lp_study_doubles(beta, tb, nb, err, sizeof err))
            rc = lp_usage_error(cmd, "--beta %s: %s", o->beta, err);
    }
    if (rc == 0) {
        lp_record *rec = new_record(o);
        lp_study_status st = lp_study_channel_personalized(rec, rows, cov, beta, o->capacity, err, sizeof err);
        char prefix[300];
        snprintf(prefix, sizeof prefix, "--covariance %s", o->cov);
        rc = finish(rec, st, prefix, err, o->json);
    }
    free(cov);
    free(beta);
    if (tc)
        lp_free_texts(tc, n);
    if (tb)
        lp_free_texts(tb, nb);
    return rc;
}

int
lp_channel_run_dp(const lp_channel_opts *o)
{
    lp_dp_inputs in = { 0, o->clip, o->mult, o->eps, o->delta };
    char err[600];
    int rc;
    if (o->batch == NULL)
        return lp_usage_error(cmd, "missing --batch (the batch size B, an integer >= 1)");
    if (lp_decimal_uint64(&in.batch, o->batch) != 0 || in.batch < 1)
        return lp_usage_error(cmd, "--batch must be an integer >= 1 (got '%s')", o->batch);
    if ((rc = need_positive("--clip", o->clip, NULL, "the clipping bound S")))
        return rc;
    if ((o->mult != NULL) == (o->eps != NULL || o->delta != NULL))
        return lp_usage_error(cmd, "give either --noise-multiplier M or both --epsilon E and --delta D");
    if (o->mult)
        rc = need_positive("--noise-multiplier", o->mult, NULL, "M");
    else if (!(rc = need_positive("--epsilon", o->eps, NULL, "epsilon > 0")) && o->delta == NULL)
        rc = lp_usage_error(cmd, "missing --delta (in (0, 1)); --epsilon and --delta go together");
    else if (rc == 0 && (!lp_decimal_valid(o->delta) || lp_decimal_sign(o->delta) <= 0
                         || lp_decimal_compare(o->delta, "1") >= 0))
        rc = lp_usage_error(cmd, "--delta must be a decimal number in (0, 1) (got '%s')", o->delta);
    if (rc)
        return rc;
    {
        lp_record *rec = new_record(o);
        return finish(rec, lp_study_channel_dp(rec, &in, o->digits, err, sizeof err), NULL, err, o->json);
    }
}

int
lp_channel_run_toy(const lp_channel_opts *o)
{
    lp_record *rec = new_record(o);
    return finish(rec, lp_study_channel_toy(rec, o->digits), NULL, "", o->json);
}
