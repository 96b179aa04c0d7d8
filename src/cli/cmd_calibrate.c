/* cmd_calibrate.c -- `leakproof calibrate gaussian --epsilon E --delta D
 * [--sensitivity S]`: the noise standard deviation sigma for (epsilon,
 * delta)-DP, classical and analytic, both certified (the study is
 * lp_study_calibrate_gaussian). */
#include <string.h>
#include "cli.h"
#include "channel/channel.h"

static const char *const cmd = "calibrate";

static int
usage(void)
{
    fputs("usage: leakproof calibrate gaussian --epsilon E --delta D [--sensitivity S] [--digits D] [--json]\n"
          "  sigma (noise standard deviation) for (epsilon, delta)-DP: classical\n"
          "  S sqrt(2 ln(1.25/delta))/epsilon, and the analytic Gaussian mechanism's exact\n"
          "  least sigma (Balle and Wang 2018), both certified\n"
          "  --epsilon E      > 0 and <= " LP_EPSILON_MAX "\n"
          "  --delta D        in (0, 1), decided on the exact decimal\n"
          "  --sensitivity S  > 0 (default 1)\n"
          "  --digits D       certified significant digits, 1 to 1000 (default 20)\n"
          "  -h, --help       this text\n", lp_out());
    return lp_close_stdout(LP_EXIT_OK);
}

int
lp_cmd_calibrate(int argc, char **argv)
{
    enum { O_EPS = 256, O_DELTA, O_SENS, O_DIGITS, O_JSON, O_HELP };
    static const struct option longopts[] = {
        { "epsilon", required_argument, NULL, O_EPS },
        { "delta", required_argument, NULL, O_DELTA },
        { "sensitivity", required_argument, NULL, O_SENS },
        { "digits", required_argument, NULL, O_DIGITS },
        { "json", no_argument, NULL, O_JSON },
        { "help", no_argument, NULL, O_HELP },
        { NULL, 0, NULL, 0 }
    };
    const char *eps = NULL, *delta = NULL, *sens = "1", *digits_text = NULL;
    long digits = 20;
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
        case O_SENS: sens = g.optarg; break;
        case O_DIGITS: digits_text = g.optarg; break;
        case O_JSON: json = 1; break;
        case 'h': case O_HELP: help = 1; break;
        default: return lp_opt_error(&g, cmd);
        }
    }
    if (help)
        return usage();
    if (g.optind >= argc || strcmp(argv[g.optind], "gaussian") != 0)
        return lp_usage_error(cmd, g.optind >= argc ? "missing mechanism: gaussian"
                                                  : "unknown mechanism (only gaussian)");
    if (g.optind + 1 < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[g.optind + 1]);
    if (eps == NULL || delta == NULL)
        return lp_usage_error(cmd, "missing %s", eps == NULL ? "--epsilon" : "--delta");
    if (lp_study_check_positive("--epsilon", eps, LP_EPSILON_MAX, err, sizeof err)
        || lp_study_check_positive("--sensitivity", sens, NULL, err, sizeof err))
        return lp_usage_error(cmd, "%s", err);
    if (!lp_decimal_valid(delta) || lp_decimal_sign(delta) <= 0 || lp_decimal_compare(delta, "1") >= 0)
        return lp_usage_error(cmd, "--delta must be a decimal number in (0, 1) (got '%s')", delta);
    if (digits_text && (rc = lp_arg_int_range(&digits, cmd, "--digits", digits_text, 1, 1000)))
        return rc;
    rec = lp_record_new("calibrate gaussian");
    st = lp_study_calibrate_gaussian(rec, eps, delta, sens, digits, err, sizeof err);
    if (st == LP_STUDY_BAD_INPUT)
        rc = lp_usage_error(cmd, "%s", err);
    else if (lp_emit(rec, json) != 0)
        rc = LP_EXIT_FAIL;
    else
        rc = lp_close_stdout(st == LP_STUDY_OK ? LP_EXIT_OK : LP_EXIT_UNCERTIFIED);
    lp_record_free(rec);
    return rc;
}
