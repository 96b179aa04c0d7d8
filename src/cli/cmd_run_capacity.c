/* cmd_run_capacity.c -- `leakproof run-capacity --p P (--sigma S --radius R
 * | --noise-multiplier M --clip C) --sampling-rate Q --steps T`: the Bayes
 * capacity of a DP-SGD run, bracketed and certified (the study is
 * lp_study_run_capacity, src/compose/run_capacity.h). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "compose/run_capacity.h"
#include "core/decimal_ops.h"
#include "channel/channel.h"
#include "core/budget.h"
#include "core/host.h"
#include "input/numbers.h"
#include <math.h>
#include <unistd.h>

static const char *const cmd = "run-capacity";

static int
usage(void)
{
    fputs("usage: leakproof run-capacity (--p P | --params-from F) (--sigma S --radius R | --noise-multiplier M\n"
          "                              --clip C) (--sampling-rate Q --steps T | --batch B --dataset-size N\n"
          "                              --epochs E) [--digits D] [--max-seconds S] [--estimate] [--json]\n"
          "  the Bayes capacity of a DP-SGD run (Gaussian noise, inputs in the l2 ball, Poisson\n"
          "  sampling at rate Q, T steps), certified: the step's 1 - Q + Q C, a lower bound, an\n"
          "  upper bound when the example's clipped gradient is the same at every step, and\n"
          "  one for any gradients chosen adaptively (leakproof(1), RUN CAPACITY)\n"
          "  --p P                 dimension, an integer from 1 to 2147483647\n"
          "  --sigma S             noise standard deviation, > 0\n"
          "  --radius R            clipping radius, >= 0\n"
          "  --noise-multiplier M  with --clip C: sigma = M*C, radius = C (DP-SGD's vocabulary)\n"
          "  --clip C              the clipping norm, > 0\n"
          "  --sampling-rate Q     in [0, 1], a decimal or a fraction N/D of integers (1/568)\n"
          "  --steps T             an integer from 1 to 1000000000\n"
          "  --params-from F       p = the parameter count of a model (a layers file), as eval\n"
          "  --batch B --dataset-size N --epochs E  DP-SGD's terms, as account: q = B/N,\n"
          "                        T = E ceil(N/B) (--steps-rule opacus: floor(E N/B);\n"
          "                        tf-privacy: ceil(E N/B))\n"
          "  --digits D            certified significant digits, 1 to 30 (default 6)\n"
          "  --max-seconds S       the work budget (default 60): a run estimated longer is\n"
          "                        refused with its estimate; SIGINT or SIGTERM stops a run\n"
          "                        cleanly (no record)\n"
          "  --estimate            print the work estimate (estimated_seconds), compute nothing\n"
          "  -h, --help            this text\n", lp_out());
    return lp_close_stdout(LP_EXIT_OK);
}

static int
check_decimal(const char *opt, const char *text, int zero_ok)
{
    if (!lp_decimal_valid(text) || lp_decimal_sign(text) < (zero_ok ? 0 : 1))
        return lp_usage_error(cmd, "%s must be a decimal number %s (got '%s')", opt,
                              zero_ok ? ">= 0" : "> 0", text);
    return 0;
}

/* The work estimate (a model, not a bound; leakproof(1), BUDGETS): the
 * evaluations of C(p, sigma/sqrt k) the bracket takes, at most the study's
 * cap (6000, sqrt(1e5/p) of it beyond p = 1e5, at least 300) and about
 * 10 + 20 log2(T + 1), each costing 3e-5 + 2.5e-5 p^0.35 min(1, p/1e6) s,
 * and at p >= 1e8 less for short runs (sigma/sqrt k stays large): times
 * max(0.05, min(1, (T/1e8)^0.4)).  Measured CPU seconds (q = 0.5, M = C = 1):
 * p = 2^31 - 1: T = 100 0.04, 1e4 0.21, 1e6 1.07, 3e7 10.7, 1e8 13.7,
 * 3e8 16; p = 1e8, T = 1e9 4.1; p = 1e7, T = 1e7 3.4; p = 1e6: T = 1e6 3.7,
 * T = 1e9 0.5; p = 13,700, T = 1e9 0.22 (model 0.32, 0.63, 2.1, 8.4, 13.5,
 * 13.5; 4.7; 3.4; 1.3, 2.0; 0.07). */
static double
work_seconds(uint64_t p, uint64_t T)
{
    double cap = 6000, evals = 10 + 20 * log2((double) T + 1), pd = (double) p;
    double each = 3e-5 + 2.5e-5 * pow(pd, 0.35) * fmin(1.0, pd / 1e6);
    if (p > 100000 && (cap = 6000 * sqrt(100000.0 / pd)) < 300)
        cap = 300;
    if (evals > cap)
        evals = cap;
    if (pd >= 1e8)
        each *= fmax(0.05, fmin(1.0, pow((double) T / 1e8, 0.4)));
    return 0.05 + evals * each;
}

/* p from a layers file (--params-from): the sum of its sizes */
static int
params_from(uint64_t *p, const char *path)
{
    char **texts, err[700];
    size_t n, rows;
    long cols;
    unsigned __int128 total = 0;
    uint64_t v;
    int rc = 0;
    if ((texts = lp_read_numbers(path, &n, &rows, &cols, err, sizeof err)) == NULL)
        return lp_usage_error(cmd, "--params-from %s", err);
    for (size_t i = 0; i < n && rc == 0; i++)
        if (lp_decimal_uint64(&v, texts[i]) != 0 || v < 1 || v > LP_P_MAX)
            rc = lp_usage_error(cmd, "--params-from %s: entry %zu: a layer size is an integer from 1 to "
                                "2147483647 (got '%s')", path, i + 1, texts[i]);
        else
            total += v;
    if (rc == 0 && (n == 0 || total > LP_P_MAX))
        rc = lp_usage_error(cmd, "--params-from %s: the parameter count must be from 1 to 2147483647", path);
    *p = (uint64_t) total;
    lp_free_texts(texts, n);
    return rc;
}

/* --batch B --dataset-size N --epochs E (with --steps-rule): q = B/N and T,
 * as account takes them, into the buffers */
static int
from_dataset(char *qbuf, size_t qlen, char *tbuf, size_t tlen, const char *B, const char *N,
             const char *E, const char *rule)
{
    long b, n, e;
    int rc;
    uint64_t K, T;
    unsigned __int128 EN;
    if (B == NULL || N == NULL || E == NULL)
        return lp_usage_error(cmd, "missing %s (give --batch, --dataset-size and --epochs together)",
                              B == NULL ? "--batch" : N == NULL ? "--dataset-size" : "--epochs");
    if ((rc = lp_arg_int_range(&n, cmd, "--dataset-size", N, 1, 1000000000000L))
        || (rc = lp_arg_int_range(&b, cmd, "--batch", B, 1, 1000000000))
        || (rc = lp_arg_int_range(&e, cmd, "--epochs", E, 1, 1000000)))
        return rc;
    if (b > n)
        return lp_usage_error(cmd, "--batch (%ld) must be at most --dataset-size (%ld)", b, n);
    K = ((uint64_t) n + (uint64_t) b - 1) / (uint64_t) b;
    EN = (unsigned __int128) e * (uint64_t) n;
    if (rule == NULL || strcmp(rule, "loader") == 0)
        T = K * (uint64_t) e;
    else if (strcmp(rule, "opacus") == 0)
        T = (uint64_t) (EN / (uint64_t) b);
    else if (strcmp(rule, "tf-privacy") == 0)
        T = (uint64_t) ((EN + (uint64_t) b - 1) / (uint64_t) b);
    else
        return lp_usage_error(cmd, "--steps-rule must be loader, opacus or tf-privacy (got '%s')", rule);
    snprintf(qbuf, qlen, "%ld/%ld", b, n);
    snprintf(tbuf, tlen, "%llu", (unsigned long long) T);
    return 0;
}

int
lp_cmd_run_capacity(int argc, char **argv)
{
    enum { O_P = 256, O_SIGMA, O_RADIUS, O_M, O_CLIP, O_Q, O_T, O_BATCH, O_DATASET, O_EPOCHS,
           O_PARAMS_FROM, O_STEPS_RULE };
    static const struct option longopts[] = {
        { "p", required_argument, NULL, O_P },
        { "sigma", required_argument, NULL, O_SIGMA },
        { "radius", required_argument, NULL, O_RADIUS },
        { "noise-multiplier", required_argument, NULL, O_M },
        { "clip", required_argument, NULL, O_CLIP },
        { "sampling-rate", required_argument, NULL, O_Q },
        { "steps", required_argument, NULL, O_T },
        { "batch", required_argument, NULL, O_BATCH },
        { "dataset-size", required_argument, NULL, O_DATASET },
        { "epochs", required_argument, NULL, O_EPOCHS },
        { "steps-rule", required_argument, NULL, O_STEPS_RULE },
        { "params-from", required_argument, NULL, O_PARAMS_FROM },
        LP_OPT_SHARED_BUDGET,
        LP_OPT_SHARED_DIGITS,
        LP_OPT_SHARED_JSON,
        LP_OPT_SHARED_HELP,
        { NULL, 0, NULL, 0 }
    };
    const char *ptext = NULL, *sigma = NULL, *radius = NULL, *M = NULL, *clip = NULL, *q = NULL,
               *T = NULL, *digits_text = NULL, *batch = NULL, *dataset = NULL, *epochs = NULL,
               *from = NULL, *rule = NULL, *max_text = NULL;
    char *owned = NULL, err[400], qbuf[48], tbuf[32];
    long digits = LP_DIGITS_PRIVACY;
    int json = 0, help = 0, c, rc, estimate = 0;
    lp_run_capacity_request req;
    lp_record *rec;
    lp_run_status st;

    lp_opt g;
    lp_opt_init(&g, argc, argv, "h", longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        switch (c) {
        case O_P: ptext = g.optarg; break;
        case O_SIGMA: sigma = g.optarg; break;
        case O_RADIUS: radius = g.optarg; break;
        case O_M: M = g.optarg; break;
        case O_CLIP: clip = g.optarg; break;
        case O_Q: q = g.optarg; break;
        case O_T: T = g.optarg; break;
        case O_BATCH: batch = g.optarg; break;
        case O_DATASET: dataset = g.optarg; break;
        case O_EPOCHS: epochs = g.optarg; break;
        case O_STEPS_RULE: rule = g.optarg; break;
        case O_PARAMS_FROM: from = g.optarg; break;
        case LP_OPT_MAX_SECONDS: max_text = g.optarg; break;
        case LP_OPT_ESTIMATE: estimate = 1; break;
        case LP_OPT_DIGITS: digits_text = g.optarg; break;
        case LP_OPT_JSON: json = 1; break;
        case 'h': case LP_OPT_HELP: help = 1; break;
        default: return lp_opt_error(&g, cmd);
        }
    }
    if (help)
        return usage();
    if (g.optind < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[g.optind]);
    memset(&req, 0, sizeof req);
    if (ptext && from)
        return lp_usage_error(cmd, "give one of --p and --params-from");
    if (ptext == NULL && from == NULL)
        return lp_usage_error(cmd, "missing --p (or --params-from)");
    if (ptext ? (rc = lp_arg_dimension(&req.p, cmd, "--p", ptext)) : (rc = params_from(&req.p, from)))
        return rc;
    if (batch || dataset || epochs || rule) {
        /* DP-SGD's terms, as account takes them (leakproof(1), account) */
        if (q || T)
            return lp_usage_error(cmd, "--batch, --dataset-size and --epochs give the run's rate and steps: "
                                  "they take no %s", q ? "--sampling-rate" : "--steps");
        if ((rc = from_dataset(qbuf, sizeof qbuf, tbuf, sizeof tbuf, batch, dataset, epochs, rule)))
            return rc;
        q = qbuf;
        T = tbuf;
    }
    if (M || clip) {
        if (sigma || radius)
            return lp_usage_error(cmd, "--noise-multiplier and --clip replace --%s; give one or the other",
                                  sigma ? "sigma" : "radius");
        if (M == NULL || clip == NULL)
            return lp_usage_error(cmd, "missing %s (give --noise-multiplier and --clip together)",
                                  M == NULL ? "--noise-multiplier" : "--clip");
        if ((rc = check_decimal("--noise-multiplier", M, 0)) || (rc = check_decimal("--clip", clip, 0)))
            return rc;
    } else {
        if (sigma == NULL || radius == NULL)
            return lp_usage_error(cmd, "missing %s (or --noise-multiplier and --clip)",
                                  sigma == NULL ? "--sigma" : "--radius");
        if ((rc = check_decimal("--sigma", sigma, 0)) || (rc = check_decimal("--radius", radius, 1)))
            return rc;
    }
    if (q == NULL)
        return lp_usage_error(cmd, "missing --sampling-rate");
    /* a decimal, or a fraction N/D read exactly; the library checks the fraction's range */
    if (!strchr(q, '/') && (!lp_decimal_valid(q) || lp_decimal_sign(q) < 0 || lp_decimal_compare(q, "1") > 0))
        return lp_usage_error(cmd, "--sampling-rate must be a decimal number or a fraction N/D in [0, 1] (got '%s')", q);
    if (T == NULL)
        return lp_usage_error(cmd, "missing --steps");
    if (lp_decimal_uint64(&req.steps, T) != 0 || req.steps < 1 || req.steps > LP_RUN_STEPS_MAX)
        return lp_usage_error(cmd, "--steps must be an integer from 1 to 1000000000 (got '%s')", T);
    if (digits_text && (rc = lp_arg_int_range(&digits, cmd, "--digits", digits_text, 1, 30)))
        return rc;
    {   /* the work budget: estimated before starting */
        double max = LP_BUDGET_SECONDS, est = work_seconds(req.p, req.steps);
        char msg[400];
        if (max_text && (rc = lp_arg_positive(&max, cmd, "--max-seconds", max_text, "the work budget in seconds")))
            return rc;
        if (estimate) {
            rec = lp_record_new("work estimate");
            lp_budget_record(rec, "run-capacity", est, max, "--steps");
            rc = lp_emit(rec, json) != 0 ? LP_EXIT_FAIL : LP_EXIT_OK;
            lp_record_free(rec);
            return lp_close_stdout(rc);
        }
        if (lp_budget_exceeded(msg, sizeof msg, batch ? "--epochs" : "--steps", batch ? epochs : T, est, max,
                               "estimated before starting"))
            return lp_usage_error(cmd, "%s", msg);
        lp_budget_notice(lp_err(), lp_err() == stderr && isatty(2), cmd, est);
    }
    if (M) {
        sigma = owned = lp_decimal_mul(M, clip);
        radius = clip;
    }
    req.sigma = sigma;
    req.radius = radius;
    req.noise_multiplier = M;
    req.clip = clip;
    req.sampling_rate = q;
    req.digits = digits;
    rec = lp_record_new("run-capacity");
    st = lp_study_run_capacity(rec, &req, err, sizeof err);
    if (st != LP_RUN_BAD_INPUT && lp_cancelled()) {     /* interrupted: lp_cli_run says so */
        lp_record_free(rec);
        free(owned);
        return LP_EXIT_FAIL;
    }
    /* the Bayes capacity's threat model: any secret of the ball of radius C,
       so any two at distance up to 2C (leakproof(1), NEIGHBOURS) */
    lp_record_text(rec, "neighbours", "secrets");
    lp_record_text(rec, "sensitivity", NULL);
    if (st == LP_RUN_BAD_INPUT && M && (strncmp(err, "sigma", 5) == 0 || strncmp(err, "radius", 6) == 0))
        /* the study's sigma is M C and its radius C: name what the user typed */
        rc = lp_usage_error(cmd, "--noise-multiplier %s and --clip %s: sigma = M C and radius = C: %s", M,
                            clip, err);
    else if (st == LP_RUN_BAD_INPUT && batch && strncmp(err, "sampling-rate", 13) == 0)
        rc = lp_usage_error(cmd, "--batch %s --dataset-size %s: q = %s: %s", batch, dataset, q, err);
    else if (st == LP_RUN_BAD_INPUT)
        rc = lp_usage_error(cmd, "--%s", err);
    else if (lp_emit(rec, json) != 0)
        rc = LP_EXIT_FAIL;
    else
        rc = lp_close_stdout(st == LP_RUN_OK ? LP_EXIT_OK : LP_EXIT_UNCERTIFIED);
    lp_record_free(rec);
    free(owned);
    return rc;
}
