/* cmd_channel_other.c -- `channel personalized|dp|toy`: read and check the
 * inputs, run the study.  Contracts in cmd_channel.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli/cmd_channel.h"
#include "channel/channel.h"

static const char *const cmd = "channel";

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
    if ((rc = lp_channel_need_positive("--capacity", o->capacity, LP_CAPACITY_MAX, "the target capacity kappa in nats")))
        return rc;
    if ((tc = lp_channel_read_file("--covariance", o->cov, &n, &rows, &cols)) == NULL)
        return errno == ENOMEM ? LP_EXIT_RESOURCES : LP_EXIT_USAGE;
    if ((size_t) cols != rows)
        rc = lp_usage_error(cmd, "--covariance %s: %zu rows of %ld numbers, not a square matrix", o->cov, rows, cols);
    else if ((tb = lp_channel_read_file("--beta", o->beta, &nb, &brows, &bcols)) == NULL)
        rc = errno == ENOMEM ? LP_EXIT_RESOURCES : LP_EXIT_USAGE;
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
    if (rc == 0 && !o->check_only) {
        lp_record *rec = lp_channel_record(o);
        lp_study_status st;
        char prefix[300];
        err[0] = '\0';         /* the study writes a message only when it refuses */
        st = lp_study_channel_personalized(rec, rows, cov, beta, o->capacity, err, sizeof err);
        if (st == LP_STUDY_BAD_INPUT && strncmp(err, "target_capacity", 15) == 0)
            snprintf(prefix, sizeof prefix, "--capacity");
        else
            snprintf(prefix, sizeof prefix, "--covariance %s", o->cov);
        if (lp_cancelled()) {   /* SIGINT/SIGTERM: no record (the dispatcher says so) */
            lp_record_free(rec);
            rc = LP_EXIT_FAIL;
        } else
            rc = lp_channel_finish(rec, st, prefix, err, o->json);
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
    if ((rc = lp_channel_need_positive("--clip", o->clip, NULL, "the clipping bound S")))
        return rc;
    if ((o->mult != NULL) == (o->eps != NULL || o->delta != NULL))
        return lp_usage_error(cmd, "give either --noise-multiplier M or both --epsilon E and --delta D");
    if (o->mult)
        rc = lp_channel_need_positive("--noise-multiplier", o->mult, NULL, "M");
    else if (!(rc = lp_channel_need_positive("--epsilon", o->eps, NULL, "epsilon > 0")) && o->delta == NULL)
        rc = lp_usage_error(cmd, "missing --delta (in (0, 1)); --epsilon and --delta go together");
    else if (rc == 0 && (!lp_decimal_valid(o->delta) || lp_decimal_sign(o->delta) <= 0
                         || lp_decimal_compare(o->delta, "1") >= 0))
        rc = lp_usage_error(cmd, "--delta must be a decimal number in (0, 1) (got '%s')", o->delta);
    if (rc || o->check_only)
        return rc;
    {
        lp_record *rec = lp_channel_record(o);
        return lp_channel_finish(rec, lp_study_channel_dp(rec, &in, o->digits, err, sizeof err), NULL, err, o->json);
    }
}

int
lp_channel_run_toy(const lp_channel_opts *o)
{
    lp_record *rec;
    if (o->check_only)
        return 0;
    rec = lp_channel_record(o);
    return lp_channel_finish(rec, lp_study_channel_toy(rec, o->digits), NULL, "", o->json);
}
