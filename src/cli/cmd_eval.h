/* cmd_eval.h -- `leakproof eval`'s options: what cmd_eval.c parses, and the
 * helpers in cmd_eval_options.c (usage, layers files, DP-SGD's vocabulary). */
#ifndef LP_CMD_EVAL_H
#define LP_CMD_EVAL_H

#include "cli.h"

typedef struct {
    const char *mechanism_name, *form_name, *method_name;
    const char *text[LP_NPARAMS];
    const char *layers_file, *params_from;
    const char *noise_multiplier, *batch, *secret, *clip;
    long digits, prec;
    int json, compare;
    const char *ratio_to;       /* --ratio-to SPEC, or NULL */
    char *owned[3];             /* derived decimal texts, freed at the end */
} eval_opts;

enum { O_PARAM = 256, O_LAYERS_FILE = O_PARAM + LP_NPARAMS, O_FORM, O_METHOD, O_DIGITS,
       O_PREC, O_JSON, O_COMPARE, O_HELP, O_NOISE_MULTIPLIER, O_BATCH, O_SECRET, O_PARAMS_FROM,
       O_RATIO_TO };


/* The usage text, from the registry's mechanisms and descriptors. */
void lp_eval_usage(FILE *out);
/* The layers of a file into par (sum_only: p only, no layers); 0, or the
 * exit status of a message naming `opt` and the file. */
int lp_eval_read_layers(lp_params *par, const char *opt, const char *path, int sum_only);
/* DP-SGD's vocabulary (noise multiplier, clip, secret, batch) onto the
 * mechanism's parameters, exactly: sigma (or b) = M C, R = C or B C (for
 * gauss-layers the per-layer clip).  0, or the exit status of a message. */
int lp_eval_map_dpsgd(eval_opts *o, const lp_mechanism_spec *mech);

#endif
