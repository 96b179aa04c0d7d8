/* cmd_adversary_run.c -- each `leakproof adversary` subcommand: read its
 * values (one message naming the option on bad input), call its study in
 * src/adversary, emit the record. */
#include <stdlib.h>
#include <string.h>
#include "core/decimal_ops.h"
#include "core/budget.h"
#include "cli.h"
#include "cmd_adversary.h"
#include "adversary/adversary.h"

/* A decimal option: > 0 (or >= 0 with allow_zero); `fallback` when absent
 * (NULL: the option is required). */
static int
decimal(const char **out, const char *cmd, const char *const *value, int opt, int allow_zero, const char *fallback)
{
    const char *v = value[opt] ? value[opt] : fallback;
    if (v == NULL)
        return lp_usage_error(cmd, "missing --%s", lp_adversary_option_name(opt));
    if (lp_decimal_exponent_beyond(v)) {
        char m[300], o[64];
        snprintf(o, sizeof o, "--%s", lp_adversary_option_name(opt));
        lp_decimal_exponent_message(m, sizeof m, o, v);
        return lp_usage_error(cmd, "%s", m);
    }
    if (!lp_decimal_valid(v) || lp_decimal_sign(v) < (allow_zero ? 0 : 1))
        return lp_usage_error(cmd, "--%s must be a decimal number %s 0 (got '%s')", lp_adversary_option_name(opt),
                              allow_zero ? ">=" : ">", v);
    *out = v;
    return 0;
}

/* An integer option in [lo, hi], `fallback` when absent; required when fallback < 0. */
static int
integer(long *out, const char *cmd, const char *const *value, int opt, long lo, long hi, long fallback)
{
    char name[32];
    if (value[opt] == NULL) {
        if (fallback < 0)
            return lp_usage_error(cmd, "missing --%s (an integer from %ld to %ld)", lp_adversary_option_name(opt), lo, hi);
        *out = fallback;
        return 0;
    }
    snprintf(name, sizeof name, "--%s", lp_adversary_option_name(opt));
    return lp_arg_int_range(out, cmd, name, value[opt], lo, hi);
}

static int
seed(uint64_t *out, const char *cmd, const char *const *value)
{
    *out = 1;
    if (value[ADV_SEED] && lp_decimal_uint64(out, value[ADV_SEED]) != 0)
        return lp_usage_error(cmd, "--seed must be an integer from 0 to 2^63-1 (got '%s')", value[ADV_SEED]);
    return 0;
}

static int
emit(lp_record *rec, lp_adversary_outcome outcome, const char *const *value)
{
    int written = lp_emit(rec, value[ADV_JSON] != NULL);
    lp_record_free(rec);
    if (written != 0)
        return lp_close_stdout(LP_EXIT_FAIL);
    return lp_close_stdout(outcome == LP_ADVERSARY_UNCERTIFIED ? LP_EXIT_UNCERTIFIED
                           : outcome == LP_ADVERSARY_FAILED ? LP_EXIT_FAIL : LP_EXIT_OK);
}

/* gaussian and jensen share the linear-Gaussian model's options */
static int
model(lp_adversary_model *m, const char *cmd, const char *const *value, long default_digits)
{
    long d, digits;
    int rc;
    memset(m, 0, sizeof *m);
    if ((rc = integer(&d, cmd, value, ADV_D, 1, 1000000, -1)) || (rc = decimal(&m->prior_var, cmd, value, ADV_PRIOR_VAR, 0, NULL))
        || (rc = decimal(&m->gain, cmd, value, ADV_GAIN, 1, NULL)) || (rc = decimal(&m->noise, cmd, value, ADV_NOISE, 0, NULL))
        || (rc = decimal(&m->delta, cmd, value, ADV_DELTA, 0, NULL)) || (rc = seed(&m->seed, cmd, value))
        || (rc = integer(&digits, cmd, value, ADV_DIGITS, 1, 1000, default_digits)))
        return rc;
    m->d = (ulong) d;
    m->digits = digits;
    return 0;
}

/* The work budget: estimated seconds against --max-seconds (default 3600); 0
 * to go on, -1 when --estimate printed the estimate, or a refusal naming `opt`
 * with the estimate. */
static int
budget(const char *cmd, const char *const *value, double seconds, const char *opt, const char *what)
{
    double max = 3600;
    int rc;
    if (value[ADV_MAX_SECONDS]
        && (rc = lp_arg_positive(&max, cmd, "--max-seconds", value[ADV_MAX_SECONDS], "the work budget in seconds")))
        return rc;
    if (value[ADV_ESTIMATE]) {
        lp_record *rec = lp_record_new("work estimate");
        lp_budget_record(rec, cmd, seconds, max, opt);
        rc = lp_emit(rec, value[ADV_JSON] != NULL);
        lp_record_free(rec);
        return rc != 0 ? LP_EXIT_FAIL : -1;
    }
    {
        char msg[400];
        if (lp_budget_exceeded(msg, sizeof msg, opt, NULL, seconds, max, what))
            return lp_usage_error(cmd, "%s", msg);
    }
    return 0;
}

int
lp_adversary_run_gaussian(const char *const *value)
{
    const char *cmd = "adversary gaussian";
    lp_adversary_model m;
    long samples;
    int rc;
    lp_record *rec;
    if ((rc = model(&m, cmd, value, LP_DIGITS_STUDY)) || (rc = integer(&samples, cmd, value, ADV_SAMPLES, 2, 1000000000, 0)))
        return rc;
    m.samples = (uint64_t) samples;
    /* measured: about 19 ns per sample and dimension on one core (x 1.5) */
    if ((rc = budget(cmd, value, 3e-8 * (double) samples * (double) m.d,
                     "--samples", "samples x d x 30 ns")))
        return lp_close_stdout(rc < 0 ? LP_EXIT_OK : rc);
    rec = lp_record_new("adversary gaussian: the Bayes optimal delta-ball adversary, linear-Gaussian model");
    return emit(rec, lp_adversary_gaussian_study(rec, &m), value);
}

int
lp_adversary_run_jensen(const char *const *value)
{
    const char *cmd = "adversary jensen";
    lp_adversary_model m;
    int rc;
    lp_record *rec;
    if ((rc = model(&m, cmd, value, LP_DIGITS_STUDY)) || (rc = decimal(&m.g_norm, cmd, value, ADV_G_NORM, 1, "0")))
        return rc;
    rec = lp_record_new("adversary jensen: the Jensen step before eq. (3), linear-Gaussian model");
    return emit(rec, lp_adversary_jensen_study(rec, &m), value);
}

int
lp_adversary_run_laplace(const char *const *value)
{
    const char *cmd = "adversary laplace", *gain, *b, *delta;
    long d, samples;
    uint64_t sd;
    char msg[256];
    int rc;
    lp_record *rec;
    if ((rc = integer(&d, cmd, value, ADV_D, 1, 64, 5)) || (rc = decimal(&gain, cmd, value, ADV_GAIN, 0, "1"))
        || (rc = decimal(&b, cmd, value, ADV_B, 0, "1")) || (rc = decimal(&delta, cmd, value, ADV_DELTA, 0, NULL))
        || (rc = integer(&samples, cmd, value, ADV_SAMPLES, 100, 10000000, 200000)) || (rc = seed(&sd, cmd, value)))
        return rc;
    if (lp_adversary_laplace_check(msg, sizeof msg, (int) d, samples, gain, b, delta) != 0)
        return lp_usage_error(cmd, "%s", msg);
    rec = lp_record_new("adversary laplace: the delta-ball adversary's centre under Laplace noise");
    return emit(rec, lp_adversary_laplace_study(rec, (int) d, gain, b, delta, samples, sd), value);
}

int
lp_adversary_run_attacks(const char *const *value)
{
    const char *cmd = "adversary attacks", *b;
    long d, m, trials;
    uint64_t sd;
    char msg[256];
    int rc;
    lp_record *rec;
    if ((rc = integer(&d, cmd, value, ADV_D, 1, 64, 20)) || (rc = integer(&m, cmd, value, ADV_M, 1, 64, 10))
        || (rc = decimal(&b, cmd, value, ADV_B, 0, "0.1")) || (rc = integer(&trials, cmd, value, ADV_TRIALS, 2, 10000000, 1000))
        || (rc = seed(&sd, cmd, value)))
        return rc;
    if (lp_adversary_attacks_check(msg, sizeof msg, b) != 0)
        return lp_usage_error(cmd, "%s", msg);
    /* measured: 0.47 to 0.66 us per trial and d x m on one core (x 1.5) */
    if ((rc = budget(cmd, value, 1e-6 * (double) trials * (double) d * (double) m, "--trials",
                     "trials x d x m x 1 us")))
        return lp_close_stdout(rc < 0 ? LP_EXIT_OK : rc);
    rec = lp_record_new("adversary attacks: Table 1 on the linear model with Laplace noise");
    return emit(rec, lp_adversary_attacks_study(rec, (int) d, (int) m, b, trials, sd), value);
}

int
lp_adversary_run_link(const char *const *value)
{
    const char *cmd = "adversary link", *sigma, *radius, *delta;
    long samples, digits;
    uint64_t sd;
    char msg[256];
    int rc;
    lp_record *rec;
    if ((rc = decimal(&sigma, cmd, value, ADV_SIGMA, 0, NULL)) || (rc = decimal(&radius, cmd, value, ADV_RADIUS, 0, NULL))
        || (rc = decimal(&delta, cmd, value, ADV_DELTA, 0, NULL))
        || (rc = integer(&samples, cmd, value, ADV_SAMPLES, 2, 100000000, 100000)) || (rc = seed(&sd, cmd, value))
        || (rc = integer(&digits, cmd, value, ADV_DIGITS, 1, 1000, 10)))
        return rc;
    if (lp_adversary_link_check(msg, sizeof msg, sigma, radius, delta) != 0)
        return lp_usage_error(cmd, "%s", msg);
    rec = lp_record_new("adversary link: delta-ball leakage against the Bayes capacity, Gaussian mechanism, p = 1");
    return emit(rec, lp_adversary_link_study(rec, sigma, radius, delta, (uint64_t) samples, sd, digits), value);
}

int
lp_adversary_run_linear_layer(const char *const *value)
{
    const char *cmd = "adversary linear-layer", *gb = value[ADV_GRAD_BIAS], *rel = NULL;
    char **w = NULL;
    size_t n = 0;
    long digits;
    int rc;
    lp_record *rec;
    if (gb == NULL)
        return lp_usage_error(cmd, "missing --grad-bias (dl/db_i, a decimal number)");
    if (!lp_decimal_valid(gb))
        return lp_usage_error(cmd, "--grad-bias must be a decimal number (got '%s')", gb);
    if (value[ADV_GRAD_WEIGHT] == NULL)
        return lp_usage_error(cmd, "missing --grad-weight (dl/dA_i, decimal numbers, comma-separated)");
    if ((value[ADV_REL_ERROR] && (rc = decimal(&rel, cmd, value, ADV_REL_ERROR, 1, NULL)))
        || (rc = integer(&digits, cmd, value, ADV_DIGITS, 1, 1000, LP_DIGITS_STUDY)) || (rc = lp_arg_decimal_list(&w, &n, cmd, "--grad-weight", value[ADV_GRAD_WEIGHT])))
        return rc;
    rec = lp_record_new("adversary linear-layer: Section 5's reconstruction x = dl/dA_i / dl/db_i");
    rc = emit(rec, lp_adversary_linear_layer_study(rec, gb, (const char *const *) w, (slong) n, rel, digits), value);
    free(w[0]);
    free(w);
    return rc;
}
