/* cmd_channel_common.c -- what the runners of `leakproof channel` share:
 * option checks, file reading, emitting the study's record.  Contracts in
 * cmd_channel.h. */
#include <errno.h>
#include <stdio.h>
#include "cli.h"
#include "cli/cmd_channel.h"
#include "channel/channel.h"

static const char *const cmd = "channel";

int
lp_channel_finish(lp_record *rec, int st, const char *prefix, const char *err, int json)
{
    int rc = LP_EXIT_OK;
    if (st == LP_STUDY_BAD_INPUT)
        rc = lp_usage_error(cmd, "%s%s%s", prefix ? prefix : "", prefix ? ": " : "", err);
    else if (lp_emit(rec, json) != 0)
        rc = LP_EXIT_FAIL;
    else
        rc = lp_close_stdout(st == LP_STUDY_OK ? LP_EXIT_OK
                             : st == LP_STUDY_FAILED ? LP_EXIT_FAIL : LP_EXIT_UNCERTIFIED);
    lp_record_free(rec);
    return rc;
}

lp_record *
lp_channel_record(const lp_channel_opts *o)
{
    char title[64];
    snprintf(title, sizeof title, "channel %s", o->sub);
    return lp_record_new(title);
}

int
lp_channel_need_positive(const char *opt, const char *text, const char *max, const char *what)
{
    char err[300];
    if (text == NULL)
        return lp_usage_error(cmd, "missing %s (%s)", opt, what);
    if (lp_study_check_positive(opt, text, max, err, sizeof err))
        return lp_usage_error(cmd, "%s", err);
    return 0;
}

char **
lp_channel_read_file(const char *opt, const char *path, size_t *n, size_t *rows, long *cols)
{
    char err[600];
    char **t = lp_read_numbers(path, n, rows, cols, err, sizeof err);
    if (t == NULL && errno == ENOMEM) {
        fprintf(lp_err(), "leakproof %s: %s %s\n", cmd, opt, err);
        errno = ENOMEM;
    } else if (t == NULL)
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
