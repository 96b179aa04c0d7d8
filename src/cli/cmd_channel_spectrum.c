/* cmd_channel_spectrum.c -- `channel capacity|natural|white`: a spectrum
 * (inline, from a file, or from data) and one decimal, then the study.
 * Contracts in cmd_channel.h. */
#include "core/host.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli/cmd_channel.h"
#include "channel/channel.h"

static const char *const cmd = "channel";

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
    } else if ((t = lp_channel_read_file(*opt, o->eig_file ? o->eig_file : o->data, &n, &rows, &cols)) == NULL)
        return errno == ENOMEM ? LP_EXIT_RESOURCES : LP_EXIT_USAGE;
    if (o->data && o->check_only) {     /* --estimate: its shape was sized, nothing computed */
        lp_free_texts(t, n);
        lp_spectrum_init(s, 0);
        return 0;
    }
    if (o->data) {
        int rc = lp_spectrum_sample_covariance(s, t, rows, (size_t) cols, err, sizeof err);
        lp_free_texts(t, n);
        if (rc && lp_cancelled())       /* SIGINT/SIGTERM: no record (the dispatcher says so) */
            return LP_EXIT_FAIL;
        return rc ? lp_usage_error(cmd, "--data %s: %s", o->data, err) : 0;
    }
    lp_spectrum_init(s, n);
    for (size_t i = 0; i < n; i++) {
        if (lp_cancelled()) {   /* SIGINT/SIGTERM: no record (the dispatcher says so) */
            lp_free_texts(t, n);
            lp_spectrum_clear(s);
            return LP_EXIT_FAIL;
        }
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
    if ((rc = lp_channel_need_positive(opt, text, max, what)) || (rc = load_spectrum(&s, o, &source)))
        return rc;
    if (o->check_only) {
        lp_spectrum_clear(&s);
        return 0;
    }
    rec = lp_channel_record(o);
    st = study(rec, &s, text, o->digits, err, sizeof err);
    lp_spectrum_clear(&s);
    return lp_channel_finish(rec, st, source, err, o->json);
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
