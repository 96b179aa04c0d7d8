/* cmd_adversary.h -- the adversary command's options (indices into the
 * value array every subcommand receives: NULL when not given) and its
 * subcommands, each parse -> study -> emit. */
#ifndef LP_CMD_ADVERSARY_H
#define LP_CMD_ADVERSARY_H

#include <getopt.h>      /* struct option */

enum {
    ADV_D, ADV_PRIOR_VAR, ADV_GAIN, ADV_NOISE, ADV_DELTA, ADV_G_NORM, ADV_SAMPLES, ADV_SEED, ADV_M, ADV_B,
    ADV_TRIALS, ADV_SIGMA, ADV_RADIUS, ADV_GRAD_BIAS, ADV_GRAD_WEIGHT, ADV_REL_ERROR, ADV_DIGITS, ADV_JSON, ADV_MAX_SECONDS,
    ADV_ESTIMATE,
    ADV_N_OPTIONS
};

/* The options, indexed by the enum above (cmd_adversary_options.c), and an
 * option's long name, without dashes. */
extern const struct option lp_adversary_longopts[];
const char *lp_adversary_option_name(int opt);

/* Each returns the exit status: 0, 2 (bad input, one message naming the
 * option), 3 (not one digit certified) or 1 (failure). */
int lp_adversary_run_gaussian(const char *const *value);
int lp_adversary_run_jensen(const char *const *value);
int lp_adversary_run_laplace(const char *const *value);
int lp_adversary_run_attacks(const char *const *value);
int lp_adversary_run_link(const char *const *value);
int lp_adversary_run_linear_layer(const char *const *value);

#endif
