/* cmd_dp.c -- `leakproof dp MECHANISM --p P (--sigma S --radius R | --kappa K |
 * --b B --radius R) (--epsilon E | --delta D | --order A) [--neighbours secrets
 * | --sensitivity S]`: the mechanism's DP guarantee, certified (the study is
 * lp_study_dp in src/privacy). */
#include <getopt.h>
#include <string.h>
#include "cli.h"
#include "privacy/privacy.h"
#include "privacy/dp_work.h"
#include "core/budget.h"
#include <unistd.h>

static const char *const cmd = "dp";

static int
usage(void)
{
    fputs("usage: leakproof dp gauss|vmf|laplace-l1 --p P (--sigma S --radius R | --kappa K | --b B --radius R)\n"
          "                 (--epsilon E | --delta D | --order A) [--neighbours secrets | --sensitivity S]\n"
          "                 [--digits N] [--max-seconds S] [--estimate] [--json]\n"
          "  the mechanism's differential-privacy guarantee, certified: delta(epsilon) (the\n"
          "  privacy profile), the least epsilon for a delta, or the Renyi divergence at an\n"
          "  order; and the pure-DP epsilon where there is one\n"
          "  --p P              dimension, 1 to 2147483647 (vmf: >= 2)\n"
          "  --sigma S          gauss: noise standard deviation, > 0\n"
          "  --kappa K          vmf: concentration, >= 0 (<= " LP_DP_KAPPA_MAX " with --epsilon, --delta)\n"
          "  --b B              laplace-l1: scale per coordinate, > 0\n"
          "  --radius R         gauss, laplace-l1: the input ball's radius, > 0 (neighbours secrets)\n"
          "  --epsilon E        >= 0 and <= 1e6: give delta(E)\n"
          "  --delta D          in (0, 1): give the least epsilon with delta(epsilon) <= D\n"
          "  --order A          > 1 and <= 1e6: give the Renyi divergence D_A\n"
          "  --neighbours secrets  any two inputs of the input set (the default)\n"
          "  --sensitivity S    the pairs at distance <= S (l2; vmf: chordal, <= 2; laplace-l1: l1)\n"
          "  --digits N         certified significant digits, 1 to 1000 (default 6)\n"
          "  --max-seconds S    the work budget (default 60): a run whose estimated work is\n"
          "                     longer is refused with its estimate (see leakproof(1), BUDGETS;\n"
          "                     vmf only, the others are not estimated); SIGINT or SIGTERM\n"
          "                     stops a run cleanly (no record)\n"
          "  --estimate         print the work estimate (estimated_seconds) and compute nothing\n"
          "  -h, --help         this text\n", lp_out());
    return lp_close_stdout(LP_EXIT_OK);
}

int
lp_cmd_dp(int argc, char **argv)
{
    enum { O_P = 256, O_SIGMA, O_KAPPA, O_B, O_RADIUS, O_EPS, O_DELTA, O_ORDER,
           O_NEIGH, O_SENS};
    static const struct option longopts[] = {
        { "p", required_argument, NULL, O_P },
        { "sigma", required_argument, NULL, O_SIGMA },
        { "kappa", required_argument, NULL, O_KAPPA },
        { "b", required_argument, NULL, O_B },
        { "radius", required_argument, NULL, O_RADIUS },
        { "epsilon", required_argument, NULL, O_EPS },
        { "delta", required_argument, NULL, O_DELTA },
        { "order", required_argument, NULL, O_ORDER },
        { "neighbours", required_argument, NULL, O_NEIGH },
        { "sensitivity", required_argument, NULL, O_SENS },
        LP_OPT_SHARED_DIGITS,
        LP_OPT_SHARED_MAX_SECONDS,
        LP_OPT_SHARED_ESTIMATE,
        LP_OPT_SHARED_JSON,
        LP_OPT_SHARED_HELP,
        { NULL, 0, NULL, 0 }
    };
    const char *ptext = NULL, *sigma = NULL, *kappa = NULL, *b = NULL, *radius = NULL;
    const char *eps = NULL, *delta = NULL, *order = NULL, *neigh = NULL, *sens = NULL, *digits_text = NULL;
    long digits = LP_DIGITS_PRIVACY;
    const char *max_seconds_text = NULL;
    int json = 0, help = 0, c, rc, mech, nq, estimate = 0;
    char err[400];
    lp_params par;
    lp_record *rec;
    lp_dp_inputs_t in;

    lp_opt g;
    lp_opt_init(&g, argc, argv, "h", longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        switch (c) {
        case O_P: ptext = g.optarg; break;
        case O_SIGMA: sigma = g.optarg; break;
        case O_KAPPA: kappa = g.optarg; break;
        case O_B: b = g.optarg; break;
        case O_RADIUS: radius = g.optarg; break;
        case O_EPS: eps = g.optarg; break;
        case O_DELTA: delta = g.optarg; break;
        case O_ORDER: order = g.optarg; break;
        case O_NEIGH: neigh = g.optarg; break;
        case O_SENS: sens = g.optarg; break;
        case LP_OPT_DIGITS: digits_text = g.optarg; break;
        case LP_OPT_MAX_SECONDS: max_seconds_text = g.optarg; break;
        case LP_OPT_ESTIMATE: estimate = 1; break;
        case LP_OPT_JSON: json = 1; break;
        case 'h': case LP_OPT_HELP: help = 1; break;
        default: return lp_opt_error(&g, cmd);
        }
    }
    if (help)
        return usage();
    if (g.optind >= argc)
        return lp_usage_error(cmd, "missing mechanism: gauss, vmf or laplace-l1");
    mech = lp_dp_mech_from_name(argv[g.optind]);
    if (mech < 0)
        return lp_usage_error(cmd, "unknown mechanism '%s' (gauss, vmf or laplace-l1)", argv[g.optind]);
    if (g.optind + 1 < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[g.optind + 1]);
    nq = (eps != NULL) + (delta != NULL) + (order != NULL);
    if (nq != 1)
        return lp_usage_error(cmd, nq == 0 ? "missing --epsilon, --delta or --order"
                                           : "give one of --epsilon, --delta and --order");
    if (neigh != NULL && strcmp(neigh, "secrets") != 0)
        return lp_usage_error(cmd, "--neighbours must be 'secrets' (or give --sensitivity S) (got '%s')", neigh);
    if (neigh != NULL && sens != NULL)
        return lp_usage_error(cmd, "give --neighbours secrets or --sensitivity, not both");
    /* one rule with calibrate: the radius states the pairs (2R), so does
       --sensitivity; both would leave one of them silently unused */
    if (radius != NULL && sens != NULL)
        return lp_usage_error(cmd, "give --radius or --sensitivity, not both (--radius: any two secrets "
                              "of the ball, distance 2R; --sensitivity S: the pairs at distance S)");
    if (ptext == NULL)
        return lp_usage_error(cmd, "missing --p");
    lp_params_init(&par);
    rc = 0;
#define SET(id, text, name)                                                              \
    if (rc == 0 && (text) != NULL && lp_params_set(&par, id, text, err, sizeof err) != 0) \
        rc = lp_usage_error(cmd, "--%s %s", name, err);
    SET(LP_PARAM_ID_P, ptext, "p")
    SET(LP_PARAM_ID_SIGMA, sigma, "sigma")
    SET(LP_PARAM_ID_KAPPA, kappa, "kappa")
    SET(LP_PARAM_ID_B, b, "b")
    SET(LP_PARAM_ID_RADIUS, radius, "radius")
#undef SET
    if (rc == 0) {
        const char *own = mech == LP_DP_GAUSS ? "sigma" : mech == LP_DP_VMF ? "kappa" : "b";
        if ((sigma && mech != LP_DP_GAUSS) || (kappa && mech != LP_DP_VMF) || (b && mech != LP_DP_LAPLACE_L1)
            || (radius && mech == LP_DP_VMF))
            rc = lp_usage_error(cmd, "%s takes --%s%s, not %s", argv[g.optind], own,
                                mech == LP_DP_VMF ? "" : " and --radius",
                                sigma && mech != LP_DP_GAUSS ? "--sigma" : kappa && mech != LP_DP_VMF ? "--kappa"
                                : b && mech != LP_DP_LAPLACE_L1 ? "--b" : "--radius");
        else if ((mech == LP_DP_GAUSS && !sigma) || (mech == LP_DP_VMF && !kappa) || (mech == LP_DP_LAPLACE_L1 && !b))
            rc = lp_usage_error(cmd, "missing --%s", own);
        else if (mech != LP_DP_VMF && radius == NULL && sens == NULL)
            rc = lp_usage_error(cmd, "missing --radius (or give --sensitivity S)");
    }
    if (rc == 0 && digits_text)
        rc = lp_arg_int_range(&digits, cmd, "--digits", digits_text, 1, 1000);
    in.mechanism = argv[g.optind];
    in.par = &par;
    in.sensitivity = sens;
    in.query = eps ? LP_DP_Q_EPSILON : delta ? LP_DP_Q_DELTA : LP_DP_Q_ORDER;
    in.value = eps ? eps : delta ? delta : order;
    /* the run's checks before its estimate: --estimate declines what the run would */
    if (rc == 0 && lp_dp_inputs_check(&in, err, sizeof err) != 0)
        rc = lp_usage_error(cmd, "--%s", err);
    if (rc == 0) {              /* the work budget (privacy/dp_work.c) */
        double max = LP_BUDGET_SECONDS;
        double est = lp_dp_work_seconds(argv[g.optind], eps ? 'e' : delta ? 'd' : 'o', par.p, digits);
        char msg[400], dtext[24];
        snprintf(dtext, sizeof dtext, "%ld", digits);
        if (max_seconds_text)
            rc = lp_arg_positive(&max, cmd, "--max-seconds", max_seconds_text, "the work budget in seconds");
        if (rc == 0 && estimate) {
            rec = lp_record_new("work estimate");
            lp_budget_record(rec, "dp", est, max, "--digits");
            rc = lp_close_stdout(lp_emit(rec, json) != 0 ? LP_EXIT_FAIL : LP_EXIT_OK);
            lp_record_free(rec);
            lp_params_clear(&par);
            return rc;
        }
        if (rc == 0 && lp_budget_exceeded(msg, sizeof msg, "--digits", dtext, est, max,
                                          "estimated before starting"))
            rc = lp_usage_error(cmd, "%s", msg);
        else if (rc == 0)
            lp_budget_notice(lp_err(), lp_err() == stderr && isatty(2), cmd, est);
    }
    if (rc != 0) {
        lp_params_clear(&par);
        return rc;
    }
    rec = lp_record_new("dp");
    c = lp_study_dp(rec, &in, digits, err, sizeof err);
    if (c < 0)
        rc = lp_usage_error(cmd, "--%s", err);
    else if (lp_emit(rec, json) != 0)
        rc = LP_EXIT_FAIL;
    else
        rc = lp_close_stdout(c == 0 ? LP_EXIT_OK : LP_EXIT_UNCERTIFIED);
    lp_record_free(rec);
    lp_params_clear(&par);
    return rc;
}
