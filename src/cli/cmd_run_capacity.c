/* cmd_run_capacity.c -- `leakproof run-capacity --p P (--sigma S --radius R
 * | --noise-multiplier M --clip C) --sampling-rate Q --steps T`: the Bayes
 * capacity of a DP-SGD run, bracketed and certified (the study is
 * lp_study_run_capacity, src/account/run_capacity.h). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "account/run_capacity.h"
#include "core/decimal_ops.h"
#include "channel/channel.h"

static const char *const cmd = "run-capacity";

static int
usage(void)
{
    fputs("usage: leakproof run-capacity --p P (--sigma S --radius R | --noise-multiplier M --clip C)\n"
          "                              --sampling-rate Q --steps T [--digits D] [--json]\n"
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
          "  --digits D            certified significant digits, 1 to 30 (default 6)\n"
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

int
lp_cmd_run_capacity(int argc, char **argv)
{
    enum { O_P = 256, O_SIGMA, O_RADIUS, O_M, O_CLIP, O_Q, O_T};
    static const struct option longopts[] = {
        { "p", required_argument, NULL, O_P },
        { "sigma", required_argument, NULL, O_SIGMA },
        { "radius", required_argument, NULL, O_RADIUS },
        { "noise-multiplier", required_argument, NULL, O_M },
        { "clip", required_argument, NULL, O_CLIP },
        { "sampling-rate", required_argument, NULL, O_Q },
        { "steps", required_argument, NULL, O_T },
        LP_OPT_SHARED_DIGITS,
        LP_OPT_SHARED_JSON,
        LP_OPT_SHARED_HELP,
        { NULL, 0, NULL, 0 }
    };
    const char *ptext = NULL, *sigma = NULL, *radius = NULL, *M = NULL, *clip = NULL, *q = NULL,
               *T = NULL, *digits_text = NULL;
    char *owned = NULL, err[400];
    long digits = LP_DIGITS_PRIVACY;
    int json = 0, help = 0, c, rc;
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
    if (ptext == NULL)
        return lp_usage_error(cmd, "missing --p");
    if ((rc = lp_arg_dimension(&req.p, cmd, "--p", ptext)))
        return rc;
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
    /* the Bayes capacity's threat model: any secret of the ball of radius C,
       so any two at distance up to 2C (leakproof(1), NEIGHBOURS) */
    lp_record_text(rec, "neighbours", "secrets");
    lp_record_text(rec, "sensitivity", NULL);
    if (st == LP_RUN_BAD_INPUT)
        rc = lp_usage_error(cmd, "--%s", err);
    else if (lp_emit(rec, json) != 0)
        rc = LP_EXIT_FAIL;
    else
        rc = lp_close_stdout(st == LP_RUN_OK ? LP_EXIT_OK : LP_EXIT_UNCERTIFIED);
    lp_record_free(rec);
    free(owned);
    return rc;
}
