/* cmd_eval_options.c -- `leakproof eval`'s options beyond the registry's
 * descriptors: the usage text, layers files, and DP-SGD's vocabulary mapped
 * exactly onto the mechanisms' parameters.  Contracts in cmd_eval.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cmd_eval.h"
#include "core/decimal_ops.h"

static const char *const cmd = "eval";

void
lp_eval_usage(FILE *out)
{
    fputs("usage: leakproof eval MECHANISM [parameters] [--form F] [--method M] [--digits D]\n"
          "                      [--prec BITS] [--compare] [--ratio-to SPEC] [--json]\n"
          "\nmechanisms and their parameters:\n", out);
    for (size_t i = 0; i < lp_nmechanisms; i++) {
        const lp_mechanism_spec *m = &lp_mechanisms[i];
        fprintf(out, "  %-13s", m->name);
        for (int id = 0; id < LP_NPARAMS; id++)
            if (m->params & (1u << id))
                fprintf(out, " --%s", lp_param_specs[id].name);
        fprintf(out, "\n                %s\n", m->description);
    }
    fputs("\nparameters:\n", out);
    for (int id = 0; id < LP_NPARAMS; id++)
        fprintf(out, "  --%-13s %s: %s\n", lp_param_specs[id].name, lp_param_specs[id].meaning,
                lp_domain_text(lp_param_specs[id].domain));
    fputs("  --layers-file F  the layer sizes from a file (cases/networks/*.layers)\n"
          "\nDP-SGD's vocabulary (instead of --sigma and --radius/--b):\n"
          "  --noise-multiplier M  noise standard deviation M*C for clipping norm C\n"
          "  --clip C              the clipping norm (per example; per layer for gauss-layers)\n"
          "  --secret example|batch  what the adversary wants (default example): one example's\n"
          "                        clipped gradient (R = C), or a batch's sum (R = B*C)\n"
          "  --batch B             the batch size, with --secret batch\n"
          "  --params-from F       p = the parameter count of a model (a layers file)\n"
          "\n  --form F        a form of the mechanism (leakproof forms); default: proof where\n"
          "                  there is one\n"
          "  --method M      arb (certified, default), mpfr, double, logdouble, gsl\n"
          "  --digits D      significant digits, 1 to 1000 (default 30); certified for arb\n"
          "  --prec BITS     working precision of the mpfr method (default: enough for D)\n"
          "  --compare       also evaluate by arb and report the method's relative error\n"
          "  --ratio-to SPEC also the certified ratio of this value to the one with SPEC's\n"
          "                  changes (form=F, NAME=VALUE; comma-separated), both by arb\n"
          "  --json          one JSON object on stdout\n", out);
}

int
lp_eval_read_layers(lp_params *par, const char *opt, const char *path, int sum_only)
{
    char **texts, err[700];
    size_t n, rows;
    long cols;
    uint64_t *sizes;
    int rc = 0;
    if ((texts = lp_read_numbers(path, &n, &rows, &cols, err, sizeof err)) == NULL) {
        if (errno == ENOMEM) {
            fprintf(lp_err(), "leakproof %s: %s %s\n", cmd, opt, err);
            return LP_EXIT_RESOURCES;
        }
        return lp_usage_error(cmd, "%s %s", opt, err);
    }
    sizes = malloc((n ? n : 1) * sizeof *sizes);
    if (sizes == NULL)
        abort();
    for (size_t i = 0; i < n && rc == 0; i++)
        if (lp_decimal_uint64(&sizes[i], texts[i]) != 0)
            rc = lp_usage_error(cmd, "%s %s: entry %zu: a layer size is an integer from 1 to "
                                "2147483647 (got '%s')", opt, path, i + 1, texts[i]);
    if (rc == 0 && lp_params_set_layers(par, sizes, n, err, sizeof err) != 0)
        rc = lp_usage_error(cmd, "%s %s: %s", opt, path, err);
    if (rc == 0 && sum_only) {
        free(par->layers);
        par->layers = NULL;
        par->nlayers = 0;
    }
    lp_free_texts(texts, n);
    free(sizes);
    return rc;
}

int
lp_eval_map_dpsgd(eval_opts *o, const lp_mechanism_spec *mech)
{
    const char *clip = o->text[LP_PARAM_ID_CLIP], *radius = clip;
    int layers = (mech->params & LP_PARAM_CLIP) != 0;
    lp_param_id noise = (mech->params & LP_PARAM_B) ? LP_PARAM_ID_B : LP_PARAM_ID_SIGMA;

    if (o->noise_multiplier == NULL) {
        if (o->batch || o->secret)
            return lp_usage_error(cmd, "--%s needs --noise-multiplier and --clip",
                                  o->batch ? "batch" : "secret");
        if (clip && !layers)
            return lp_usage_error(cmd, "--clip for %s needs --noise-multiplier (or give --%s and --radius)",
                                  mech->name, lp_param_specs[noise].name);
        return 0;
    }
    if (!(mech->params & (LP_PARAM_SIGMA | LP_PARAM_B)))
        return lp_usage_error(cmd, "--noise-multiplier does not apply to %s", mech->name);
    if (clip == NULL)
        return lp_usage_error(cmd, "--noise-multiplier needs --clip (the clipping norm C)");
    if (o->text[noise] || o->text[LP_PARAM_ID_RADIUS])
        return lp_usage_error(cmd, "--noise-multiplier and --clip replace --%s%s; give one or the other",
                              lp_param_specs[noise].name, layers ? "" : " and --radius");
    {
        char m[300];
        const char *beyond = lp_decimal_exponent_beyond(o->noise_multiplier) ? "--noise-multiplier"
                             : lp_decimal_exponent_beyond(clip) ? "--clip" : NULL;
        if (beyond) {
            lp_decimal_exponent_message(m, sizeof m, beyond, beyond[2] == 'n' ? o->noise_multiplier : clip);
            return lp_usage_error(cmd, "%s", m);
        }
    }
    if (!lp_decimal_valid(o->noise_multiplier) || lp_decimal_sign(o->noise_multiplier) <= 0)
        return lp_usage_error(cmd, "--noise-multiplier must be a decimal number > 0 (got '%s')",
                              o->noise_multiplier);
    if (!lp_decimal_valid(clip) || lp_decimal_sign(clip) <= 0)
        return lp_usage_error(cmd, "--clip must be a decimal number > 0 (got '%s')", clip);
    o->clip = clip;
    if (o->secret == NULL)
        o->secret = "example";
    if (strcmp(o->secret, "batch") == 0) {
        uint64_t b;
        if (o->batch == NULL)
            return lp_usage_error(cmd, "--secret batch needs --batch (the batch size)");
        if (lp_decimal_uint64(&b, o->batch) != 0 || b < 1 || b > LP_P_MAX)
            return lp_usage_error(cmd, "--batch must be an integer from 1 to 2147483647 (got '%s')",
                                  o->batch);
        radius = o->owned[0] = lp_decimal_mul(o->batch, clip);
    } else if (strcmp(o->secret, "example") == 0) {
        if (o->batch)
            return lp_usage_error(cmd, "--batch applies with --secret batch only");
    } else {
        return lp_usage_error(cmd, "--secret must be example or batch (got '%s')", o->secret);
    }
    o->text[noise] = o->owned[1] = lp_decimal_mul(o->noise_multiplier, clip);
    /* the products are read as the registry's decimals: out of their range,
       name the options the user gave, not --sigma or --radius */
    if (o->text[noise] && !lp_decimal_valid(o->text[noise]))
        return lp_usage_error(cmd, "--noise-multiplier %s times --clip %s is %s, whose exponent is beyond "
                              "+-100000 (leakproof reads decimals with exponents from -100000 to 100000)",
                              o->noise_multiplier, clip, o->text[noise]);
    if (radius && !lp_decimal_valid(radius))
        return lp_usage_error(cmd, "--batch %s times --clip %s is %s, whose exponent is beyond +-100000 "
                              "(leakproof reads decimals with exponents from -100000 to 100000)",
                              o->batch, clip, radius);
    if (layers)
        o->text[LP_PARAM_ID_CLIP] = radius;
    else {
        o->text[LP_PARAM_ID_RADIUS] = radius;
        o->text[LP_PARAM_ID_CLIP] = NULL;
    }
    return 0;
}
