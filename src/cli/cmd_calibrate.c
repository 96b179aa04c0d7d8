/* cmd_calibrate.c -- `leakproof calibrate gaussian --epsilon E --delta D
 * [--sensitivity S]`: the noise standard deviation sigma for (epsilon,
 * delta)-DP, classical and analytic, both certified (the study is
 * lp_study_calibrate_gaussian). */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "core/budget.h"
#include "core/host.h"
#include "channel/channel.h"
#include "privacy/privacy.h"

static const char *const cmd = "calibrate";

static int
usage(void)
{
    fputs("usage: leakproof calibrate gaussian --epsilon E --delta D [--radius R | --sensitivity S] [--digits D] [--json]\n"
          "       leakproof calibrate vmf --p P [--sensitivity S] --epsilon E --delta D [--digits D] [--json]\n"
          "       leakproof calibrate laplace-l1 (--radius R | --sensitivity S) --epsilon E --delta D [--json]\n"
          "  gaussian: sigma (noise standard deviation) for (epsilon, delta)-DP: classical\n"
          "  S sqrt(2 ln(1.25/delta))/epsilon, and the analytic Gaussian mechanism's exact\n"
          "  least sigma (Balle and Wang 2018), both certified; the pair at distance S = 2R\n"
          "  (any two secrets of the ball of radius R, as dp gauss and eval gauss) unless\n"
          "  --sensitivity S gives the distance\n"
          "  vmf: the kappa where the antipodal pair's delta(epsilon) crosses delta (any two\n"
          "  secrets on the unit sphere; with --sensitivity S, the pair at chordal distance S),\n"
          "  certified; laplace-l1: the least scale b, certified\n"
          "  --epsilon E      > 0 and <= " LP_EPSILON_MAX " (every mechanism: e^E must stay evaluable)\n"
          "  --delta D        in (0, 1), decided on the exact decimal\n"
          "  --sensitivity S  > 0, the pairs at distance S (laplace-l1: l1; vmf: chordal, <= 2)\n"
          "  --p P            vmf: the dimension, 2 to 2147483647\n"
          "  --radius R       gaussian (default 1), laplace-l1: the ball's radius, > 0 (any\n"
          "                   two secrets: distance 2R)\n"
          "  --digits D       certified significant digits, 1 to 1000 (default 20)\n"
          "  --max-seconds S  the work budget (default 60): a run whose estimated work is\n"
          "                   longer is refused with its estimate (vmf: see leakproof(1),\n"
          "                   BUDGETS); SIGINT or SIGTERM stops a run cleanly (no record)\n"
          "  --estimate       print the work estimate (estimated_seconds) and compute nothing\n"
          "  -h, --help       this text\n", lp_out());
    return lp_close_stdout(LP_EXIT_OK);
}

/* calibrate vmf | laplace-l1: parse, call lp_study_calibrate_dp, emit */
/* The work budget of calibrate vmf (the only calibration that can run long:
 * p = 2^31 - 1 at --digits 100 took 24 s).  Cost model, measured with one
 * thread at epsilon 1, delta 1e-5: (0.2 + 0.35 log10 p) (digits/20)^1.4 s
 * (p = 3: 0.2 s at 20 digits, 0.76 s at 60; p = 1000: 1.7 s at 20;
 * p = 2^31 - 1: 2.9 s at 20, 9.3 s at 40, 24 s at 100).  NaN: not estimated
 * (gaussian, laplace-l1: closed forms and a bisection, seconds at most).
 * 0 to go on, -1 when --estimate printed the estimate, else the exit status. */
/* |log10 E| of a tiny epsilon (0 for E >= 1): the root's precision grows with
 * it, and so does the work (p = 100: 1e-100 0.21 s, 1e-1000 1.38 s; the
 * 100,000-zero epsilon ran past 45 s where the estimate said 0.9 s) */
static double
tiny_decades(const char *eps)
{
    arb_t x;
    double d = 0;
    if (eps == NULL || !lp_decimal_valid(eps) || lp_decimal_sign(eps) <= 0)
        return 0;
    arb_init(x);
    lp_decimal_arb(x, eps, 64);
    if (arb_is_finite(x) && arb_is_positive(x)) {
        arb_log_base_ui(x, x, 10, 64);
        d = -arf_get_d(arb_midref(x), ARF_RND_NEAR);
    }
    arb_clear(x);
    return d > 0 ? d : 0;
}

static int
budget(int vmf, long p, long digits, const char *digits_text, const char *max_text, int estimate,
       int json, const char *eps)
{
    double max = LP_BUDGET_SECONDS, est = NAN, decades = vmf ? tiny_decades(eps) : 0;
    char msg[400];
    int rc;
    if (max_text && (rc = lp_arg_positive(&max, cmd, "--max-seconds", max_text, "the work budget in seconds")))
        return rc;
    if (vmf)
        est = (0.2 + 0.35 * log10((double) p)) * pow((double) digits / 20.0, 1.4) * (1 + decades / 700);
    if (estimate) {
        lp_record *rec = lp_record_new("work estimate");
        lp_budget_record(rec, vmf ? "calibrate vmf" : "calibrate", est, max, decades > 100 ? "--epsilon" : "--digits");
        rc = lp_emit(rec, json) != 0 ? LP_EXIT_FAIL : -1;
        lp_record_free(rec);
        return rc;
    }
    if (lp_budget_exceeded(msg, sizeof msg, decades > 100 ? "--epsilon" : "--digits",
                           decades > 100 ? "(a tiny epsilon)" : digits_text ? digits_text : "20", est, max,
                           "estimated before starting"))
        return lp_usage_error(cmd, "%s", msg);
    lp_budget_notice(lp_err(), lp_err() == stderr && isatty(2), cmd, est);
    return 0;
}

static int
calibrate_dp(const char *mech, const char *eps, const char *delta, const char *sens, const char *ptext,
             const char *radius, const char *digits_text, int json, const char *max_text, int estimate)
{
    long digits = LP_DIGITS_STUDY;
    int rc = 0, c;
    char err[400];
    lp_params par;
    lp_record *rec;
    int vmf = strcmp(mech, "vmf") == 0;
    if (eps == NULL || delta == NULL)
        return lp_usage_error(cmd, "missing %s", eps == NULL ? "--epsilon" : "--delta");
    if (vmf && ptext == NULL)
        return lp_usage_error(cmd, "missing --p (vmf)");
    if (vmf && radius != NULL)
        return lp_usage_error(cmd, "vmf takes no --radius (any two secrets: the antipodal pair)");
    if (!vmf && ptext != NULL)
        return lp_usage_error(cmd, "laplace-l1 takes no --p (its profile does not depend on p)");
    if (!vmf && (radius == NULL) == (sens == NULL))
        return lp_usage_error(cmd, radius == NULL ? "missing --radius (or --sensitivity)"
                                                  : "give --radius or --sensitivity, not both");
    lp_params_init(&par);
    if (ptext != NULL && lp_params_set(&par, LP_PARAM_ID_P, ptext, err, sizeof err) != 0)
        rc = lp_usage_error(cmd, "--p %s", err);
    else if (vmf && par.p < 2)
        rc = lp_usage_error(cmd, "--p must be >= 2 for vmf (got '%s')", ptext);
    else if (radius != NULL && (lp_params_set(&par, LP_PARAM_ID_RADIUS, radius, err, sizeof err) != 0
                                || lp_decimal_sign(radius) <= 0))
        rc = lp_usage_error(cmd, "--radius must be a decimal number > 0 (got '%s')", radius);
    else if (digits_text)
        rc = lp_arg_int_range(&digits, cmd, "--digits", digits_text, 1, 1000);
    /* the run's checks before its estimate: --estimate declines what the run would */
    if (rc == 0 && lp_study_calibrate_dp(NULL, mech, &par, sens, eps, delta, digits, err, sizeof err) < 0)
        rc = lp_usage_error(cmd, "--%s", err);
    if (rc == 0 && (rc = budget(vmf, vmf ? (long) par.p : 0, digits, digits_text, max_text, estimate, json, eps)) == -1)
        rc = lp_close_stdout(LP_EXIT_OK);        /* --estimate: printed */
    if (rc != 0 || estimate) {
        lp_params_clear(&par);
        return rc;
    }
    rec = lp_record_new(vmf ? "calibrate vmf" : "calibrate laplace-l1");
    c = lp_study_calibrate_dp(rec, mech, &par, sens, eps, delta, digits, err, sizeof err);
    if (c < 0 && !lp_cancelled())
        rc = lp_usage_error(cmd, "--%s", err);
    else if (c < 0)
        rc = LP_EXIT_FAIL;      /* interrupted: lp_cli_run says so */
    else if (lp_emit(rec, json) != 0)
        rc = LP_EXIT_FAIL;
    else
        rc = lp_close_stdout(c == 0 ? LP_EXIT_OK : LP_EXIT_UNCERTIFIED);
    lp_record_free(rec);
    lp_params_clear(&par);
    return rc;
}

int
lp_cmd_calibrate(int argc, char **argv)
{
    enum { O_EPS = 256, O_DELTA, O_SENS, O_P, O_RADIUS};
    static const struct option longopts[] = {
        { "epsilon", required_argument, NULL, O_EPS },
        { "delta", required_argument, NULL, O_DELTA },
        { "sensitivity", required_argument, NULL, O_SENS },
        { "p", required_argument, NULL, O_P },
        { "radius", required_argument, NULL, O_RADIUS },
        LP_OPT_SHARED_DIGITS,
        LP_OPT_SHARED_JSON,
        LP_OPT_SHARED_MAX_SECONDS,
        LP_OPT_SHARED_ESTIMATE,
        LP_OPT_SHARED_HELP,
        { NULL, 0, NULL, 0 }
    };
    const char *eps = NULL, *delta = NULL, *sens = "1", *digits_text = NULL, *ptext = NULL, *radius = NULL;
    const char *max_text = NULL;
    int estimate = 0;
    int sens_given = 0;
    long digits = LP_DIGITS_STUDY;
    int json = 0, help = 0, c, rc;
    char err[400];
    lp_record *rec;
    lp_study_status st;

    lp_opt g;

    lp_opt_init(&g, argc, argv, "h", longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        switch (c) {
        case O_EPS: eps = g.optarg; break;
        case O_DELTA: delta = g.optarg; break;
        case O_SENS: sens = g.optarg; sens_given = 1; break;
        case O_P: ptext = g.optarg; break;
        case O_RADIUS: radius = g.optarg; break;
        case LP_OPT_DIGITS: digits_text = g.optarg; break;
        case LP_OPT_JSON: json = 1; break;
        case LP_OPT_MAX_SECONDS: max_text = g.optarg; break;
        case LP_OPT_ESTIMATE: estimate = 1; break;
        case 'h': case LP_OPT_HELP: help = 1; break;
        default: return lp_opt_error(&g, cmd);
        }
    }
    if (help)
        return usage();
    if (g.optind >= argc)
        return lp_usage_error(cmd, "missing mechanism: gaussian, vmf or laplace-l1");
    if (g.optind + 1 < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[g.optind + 1]);
    if (strcmp(argv[g.optind], "vmf") == 0 || strcmp(argv[g.optind], "laplace-l1") == 0)
        return calibrate_dp(argv[g.optind], eps, delta, sens_given ? sens : NULL, ptext, radius, digits_text, json, max_text,
                            estimate);
    if (strcmp(argv[g.optind], "gaussian") != 0)
        return lp_usage_error(cmd, "unknown mechanism '%s' (gaussian, vmf or laplace-l1)", argv[g.optind]);
    if (ptext != NULL)
        return lp_usage_error(cmd, "gaussian takes no --p (its profile does not depend on p)");
    if (radius != NULL && sens_given)
        return lp_usage_error(cmd, "give --radius or --sensitivity, not both");
    /* the default relation is dp gauss's: any two secrets of the ball of
       radius R (default 1), distance 2R (leakproof(1), NEIGHBOURS) */
    if (!sens_given && radius == NULL)
        radius = "1";
    if (eps == NULL || delta == NULL)
        return lp_usage_error(cmd, "missing %s", eps == NULL ? "--epsilon" : "--delta");
    if (lp_study_check_positive("--epsilon", eps, LP_EPSILON_MAX, err, sizeof err)
        || (sens_given && lp_study_check_positive("--sensitivity", sens, NULL, err, sizeof err))
        || (radius && lp_study_check_positive("--radius", radius, NULL, err, sizeof err)))
        return lp_usage_error(cmd, "%s", err);
    if (!lp_decimal_valid(delta) || lp_decimal_sign(delta) <= 0 || lp_decimal_compare(delta, "1") >= 0)
        return lp_usage_error(cmd, "--delta must be a decimal number in (0, 1) (got '%s')", delta);
    if (digits_text && (rc = lp_arg_int_range(&digits, cmd, "--digits", digits_text, 1, 1000)))
        return rc;
    if ((rc = budget(0, 0, digits, digits_text, max_text, estimate, json, NULL)) != 0)
        return rc == -1 ? lp_close_stdout(LP_EXIT_OK) : rc;     /* -1: --estimate printed */
    rec = lp_record_new("calibrate gaussian");
    st = lp_study_calibrate_gaussian(rec, eps, delta, radius, sens_given ? sens : NULL, digits, err, sizeof err);
    if (st == LP_STUDY_BAD_INPUT)
        rc = lp_usage_error(cmd, "%s", err);
    else if (lp_emit(rec, json) != 0)
        rc = LP_EXIT_FAIL;
    else
        rc = lp_close_stdout(st == LP_STUDY_OK ? LP_EXIT_OK : LP_EXIT_UNCERTIFIED);
    lp_record_free(rec);
    return rc;
}
