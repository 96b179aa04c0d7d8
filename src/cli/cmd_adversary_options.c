/* cmd_adversary_options.c -- the adversary command's option table, which
 * both the dispatch (cmd_adversary.c, for getopt_long and the help) and the
 * subcommands (cmd_adversary_run.c, for the names in their messages) read:
 * kept apart so that neither file calls the other back. */
#include "cli.h"
#include "cmd_adversary.h"

const struct option lp_adversary_longopts[] = {
    { "d", required_argument, NULL, ADV_D },
    { "prior-var", required_argument, NULL, ADV_PRIOR_VAR },
    { "gain", required_argument, NULL, ADV_GAIN },
    { "noise", required_argument, NULL, ADV_NOISE },
    { "delta", required_argument, NULL, ADV_DELTA },
    { "g-norm", required_argument, NULL, ADV_G_NORM },
    { "samples", required_argument, NULL, ADV_SAMPLES },
    { "seed", required_argument, NULL, ADV_SEED },
    { "m", required_argument, NULL, ADV_M },
    { "b", required_argument, NULL, ADV_B },
    { "trials", required_argument, NULL, ADV_TRIALS },
    { "sigma", required_argument, NULL, ADV_SIGMA },
    { "radius", required_argument, NULL, ADV_RADIUS },
    { "grad-bias", required_argument, NULL, ADV_GRAD_BIAS },
    { "grad-weight", required_argument, NULL, ADV_GRAD_WEIGHT },
    { "rel-error", required_argument, NULL, ADV_REL_ERROR },
    /* at the indices ADV_DIGITS .. ADV_ESTIMATE: shared(c) maps their vals there */
    LP_OPT_SHARED_DIGITS,
    LP_OPT_SHARED_JSON,
    LP_OPT_SHARED_MAX_SECONDS,
    LP_OPT_SHARED_ESTIMATE,
    LP_OPT_SHARED_HELP,
    { NULL, 0, NULL, 0 }
};

const char *
lp_adversary_option_name(int opt)
{
    return lp_adversary_longopts[opt].name;
}

