/* cmd_calibrate.c -- `leakproof calibrate gaussian --epsilon E --delta D
 * [--sensitivity S]`: the noise scale sigma for (epsilon, delta)-DP, classical
 * and analytic (exact), both certified. */
#include <getopt.h>
#include <math.h>
#include <string.h>
#include "cli.h"
#include "channel/channel.h"

static const char *const cmd = "calibrate";

static int
check(const char *opt, const char *v, int open_one)
{
    if (v == NULL)
        return lp_usage_error(cmd, "missing %s", opt);
    if (!lp_decimal_valid(v) || lp_decimal_sign(v) <= 0 || (open_one && !(strtod(v, NULL) < 1)))
        return lp_usage_error(cmd, "%s must be a decimal number %s (got '%s')", opt,
                              open_one ? "in (0, 1)" : "> 0", v);
    return 0;
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
    int json = 0, c, rc, st;
    arb_t E, D, S, sc, sa, dc;
    char *tc, *ta, *td;

    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case O_EPS: eps = optarg; break;
        case O_DELTA: delta = optarg; break;
        case O_SENS: sens = optarg; break;
        case O_DIGITS: digits_text = optarg; break;
        case O_JSON: json = 1; break;
        case O_HELP:
            puts("usage: leakproof calibrate gaussian --epsilon E --delta D [--sensitivity S] [--digits D] [--json]\n"
                 "  sigma (noise standard deviation) for (epsilon, delta)-DP: classical\n"
                 "  S sqrt(2 ln(1.25/delta))/epsilon, and the analytic Gaussian mechanism's exact\n"
                 "  least sigma (Balle and Wang 2018), both certified");
            return lp_close_stdout(LP_EXIT_OK);
        case ':': return lp_usage_error(cmd, "option %s needs a value", argv[optind - 1]);
        default: return lp_usage_error(cmd, "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind >= argc || strcmp(argv[optind], "gaussian") != 0)
        return lp_usage_error(cmd, optind >= argc ? "missing mechanism: gaussian"
                                                  : "unknown mechanism (only gaussian)");
    if (optind + 1 < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[optind + 1]);
    if ((rc = check("--epsilon", eps, 0)) || (rc = check("--delta", delta, 1))
        || (rc = check("--sensitivity", sens, 0)))
        return rc;
    if (digits_text && (rc = lp_arg_int_range(&digits, cmd, "--digits", digits_text, 1, 100)))
        return rc;
    arb_init(E); arb_init(D); arb_init(S); arb_init(sc); arb_init(sa); arb_init(dc);
    lp_decimal_arb(E, eps, 256 + 4 * digits);
    lp_decimal_arb(D, delta, 256 + 4 * digits);
    lp_decimal_arb(S, sens, 256 + 4 * digits);
    lp_calibrate_classical(sc, E, D, S, 128 + 4 * digits);
    st = lp_calibrate_analytic(sa, E, D, S, digits, 64);
    lp_analytic_gaussian_delta(dc, sc, E, S, 128 + 4 * digits);
    tc = lp_format_ball(sc, digits);
    ta = st == 0 ? lp_format_ball(sa, digits) : NULL;
    td = lp_format_ball(dc, 6);
    if (json) {
        printf("{\"mechanism\":\"gaussian\",\"epsilon\":");
        lp_json_string(stdout, eps);
        printf(",\"delta\":");
        lp_json_string(stdout, delta);
        printf(",\"sensitivity\":");
        lp_json_string(stdout, sens);
        printf(",\"sigma_classical\":");
        lp_json_string(stdout, tc);
        printf(",\"sigma_analytic\":");
        lp_json_string(stdout, ta);
        printf(",\"rel_error_bound\":");
        lp_json_number(stdout, st == 0 ? lp_ball_rel_error_bound(sa) : NAN);
        printf(",\"delta_at_sigma_classical\":");
        lp_json_string(stdout, td);
        printf(",\"classical_proved\":%s}\n", strtod(eps, NULL) < 1 ? "true" : "false");
    } else {
        printf("Gaussian mechanism, epsilon=%s delta=%s sensitivity=%s (sigma: noise standard deviation)\n",
               eps, delta, sens);
        printf("  classical  sigma = S sqrt(2 ln(1.25/delta))/epsilon = %s%s\n", tc ? tc : "?",
               strtod(eps, NULL) < 1 ? "" : "  (proved for epsilon < 1 only)");
        printf("             its exact delta = %s\n", td ? td : "?");
        printf("  analytic   sigma (Balle and Wang 2018, least sigma)  = %s\n", ta ? ta : "not certified");
    }
    flint_free(tc);
    flint_free(ta);
    flint_free(td);
    arb_clear(E); arb_clear(D); arb_clear(S); arb_clear(sc); arb_clear(sa); arb_clear(dc);
    return lp_close_stdout(LP_EXIT_OK);
}
