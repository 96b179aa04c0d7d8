/* cmd_eval.c -- `leakproof eval MECHANISM ...`: one form by one method.  The
 * options are the registry's parameter descriptors; DP-SGD's vocabulary
 * (noise multiplier, clipping norm, batch) maps onto them exactly
 * (cmd_eval_options.c). */
#include <stdlib.h>
#include <string.h>
#include "cmd_eval.h"
#include "registry/eval_record.h"

static const char *const cmd = "eval";

static int
parse(eval_opts *o, lp_params *par, const lp_form **form, lp_method *method, int argc, char **argv)
{
    struct option longopts[LP_NPARAMS + 16];
    const char *digits_text = NULL, *prec_text = NULL;
    const lp_mechanism_spec *mech;
    int c, m, rc, k = 0;
    char err[300];
    lp_opt g;

    for (int id = 0; id < LP_NPARAMS; id++)
        longopts[k++] = (struct option) { lp_param_specs[id].name, required_argument, NULL, O_PARAM + id };
    longopts[k++] = (struct option) { "layers-file", required_argument, NULL, O_LAYERS_FILE };
    longopts[k++] = (struct option) { "form", required_argument, NULL, O_FORM };
    longopts[k++] = (struct option) { "method", required_argument, NULL, O_METHOD };
    longopts[k++] = (struct option) LP_OPT_SHARED_DIGITS;
    longopts[k++] = (struct option) { "prec", required_argument, NULL, O_PREC };
    longopts[k++] = (struct option) LP_OPT_SHARED_JSON;
    longopts[k++] = (struct option) { "compare", no_argument, NULL, O_COMPARE };
    longopts[k++] = (struct option) { "ratio-to", required_argument, NULL, O_RATIO_TO };
    longopts[k++] = (struct option) LP_OPT_SHARED_HELP;
    longopts[k++] = (struct option) { "noise-multiplier", required_argument, NULL, O_NOISE_MULTIPLIER };
    longopts[k++] = (struct option) { "batch", required_argument, NULL, O_BATCH };
    longopts[k++] = (struct option) { "secret", required_argument, NULL, O_SECRET };
    longopts[k++] = (struct option) { "params-from", required_argument, NULL, O_PARAMS_FROM };
    longopts[k++] = (struct option) { NULL, 0, NULL, 0 };

    o->method_name = "arb";
    o->digits = LP_DIGITS_VALUE;
    /* the mechanism may stand before, between or after the options */
    lp_opt_init(&g, argc, argv, "h", longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        if (c >= O_PARAM && c < O_PARAM + LP_NPARAMS) {
            o->text[c - O_PARAM] = g.optarg;
            continue;
        }
        switch (c) {
        case O_LAYERS_FILE: o->layers_file = g.optarg; break;
        case O_FORM: o->form_name = g.optarg; break;
        case O_METHOD: o->method_name = g.optarg; break;
        case LP_OPT_DIGITS: digits_text = g.optarg; break;
        case O_PREC: prec_text = g.optarg; break;
        case LP_OPT_JSON: o->json = 1; break;
        case O_COMPARE: o->compare = 1; break;
        case O_RATIO_TO: o->ratio_to = g.optarg; break;
        case O_NOISE_MULTIPLIER: o->noise_multiplier = g.optarg; break;
        case O_BATCH: o->batch = g.optarg; break;
        case O_SECRET: o->secret = g.optarg; break;
        case O_PARAMS_FROM: o->params_from = g.optarg; break;
        case 'h': case LP_OPT_HELP: lp_eval_usage(lp_out()); return -1;
        default: return lp_opt_error(&g, cmd);
        }
    }
    if (g.optind >= argc)
        return lp_usage_error(cmd, "missing mechanism: gauss, vmf, laplace-l1 or gauss-layers");
    if (g.optind + 1 < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[g.optind + 1]);
    o->mechanism_name = argv[g.optind];
    if ((mech = lp_mechanism_find(o->mechanism_name)) == NULL)
        return lp_usage_error(cmd, "unknown mechanism '%s': gauss, vmf, laplace-l1 or gauss-layers",
                              o->mechanism_name);
    if ((rc = lp_eval_map_dpsgd(o, mech)) != 0)
        return rc;
    if (o->form_name == NULL)
        o->form_name = mech->default_form;
    if ((*form = lp_form_find(mech->name, o->form_name)) == NULL) {
        char forms[200] = "";
        for (size_t i = 0; i < lp_nforms; i++)
            if (strcmp(lp_forms[i].formula, mech->name) == 0)
                snprintf(forms + strlen(forms), sizeof forms - strlen(forms), "%s%s",
                         forms[0] ? ", " : "", lp_forms[i].form);
        return lp_usage_error(cmd, "--form for %s must be one of %s (got '%s')", mech->name, forms,
                              o->form_name);
    }
    if ((m = lp_method_from_name(o->method_name)) < 0)
        return lp_usage_error(cmd, "--method must be arb, mpfr, double, logdouble or gsl (got '%s')",
                              o->method_name);
    *method = (lp_method) m;
    if ((*form)->method[m] == NULL)
        return lp_usage_error(cmd, "--method %s is not implemented for %s %s", o->method_name,
                              mech->name, (*form)->form);

    /* the parameters: each from its descriptor, each checked to apply */
    if (o->layers_file && o->text[LP_PARAM_ID_LAYERS])
        return lp_usage_error(cmd, "give one of --layers and --layers-file");
    if (o->params_from && o->text[LP_PARAM_ID_P])
        return lp_usage_error(cmd, "give one of --p and --params-from");
    if (o->layers_file && !(mech->params & LP_PARAM_LAYERS))
        return lp_usage_error(cmd, "--layers-file does not apply to %s", mech->name);
    if (o->params_from && !(mech->params & LP_PARAM_P))
        return lp_usage_error(cmd, "--params-from does not apply to %s (use --layers-file)", mech->name);
    for (int id = 0; id < LP_NPARAMS; id++) {
        const char *name = lp_param_specs[id].name;
        int applies = (mech->params & (1u << id)) != 0;
        if (!applies && o->text[id])
            return lp_usage_error(cmd, "--%s does not apply to %s", name, mech->name);
        if (!applies)
            continue;
        if (id == LP_PARAM_ID_P && o->params_from) {
            if ((rc = lp_eval_read_layers(par, "--params-from", o->params_from, 1)) != 0)
                return rc;
            continue;
        }
        if (id == LP_PARAM_ID_LAYERS && o->layers_file) {
            if ((rc = lp_eval_read_layers(par, "--layers-file", o->layers_file, 0)) != 0)
                return rc;
            continue;
        }
        if (o->text[id] == NULL && id == LP_PARAM_ID_LAYERS)
            return lp_usage_error(cmd, "missing --layers or --layers-file (%s)", lp_param_specs[id].meaning);
        if (o->text[id] == NULL && id == LP_PARAM_ID_P)
            return lp_usage_error(cmd, "missing --p or --params-from (%s: %s)", lp_param_specs[id].meaning,
                                  lp_domain_text(lp_param_specs[id].domain));
        if (o->text[id] == NULL)
            return lp_usage_error(cmd, "missing --%s (%s: %s)", name, lp_param_specs[id].meaning,
                                  lp_domain_text(lp_param_specs[id].domain));
        if (lp_params_set(par, (lp_param_id) id, o->text[id], err, sizeof err) != 0)
            return lp_usage_error(cmd, "--%s %s", name, err);
    }
    if (digits_text && (rc = lp_arg_int_range(&o->digits, cmd, "--digits", digits_text, 1, 1000)))
        return rc;
    if (prec_text && (rc = lp_arg_int_range(&o->prec, cmd, "--prec", prec_text, 2, 1000000)))
        return rc;
    if (prec_text && *method != LP_MPFR)
        return lp_usage_error(cmd, "--prec applies to --method mpfr only");
    if (o->compare && *method == LP_ARB)
        return lp_usage_error(cmd, "--compare applies to the non-certified methods only (--method is arb)");
    if (o->ratio_to && *method != LP_ARB)
        return lp_usage_error(cmd, "--ratio-to applies to --method arb only");
    return 0;
}

int
lp_cmd_eval(int argc, char **argv)
{
    eval_opts o;
    lp_params par;
    const lp_form *form = NULL;
    lp_method method = LP_ARB;
    lp_record *rec;
    int rc;
    char title[120];

    memset(&o, 0, sizeof o);
    lp_params_init(&par);
    if ((rc = parse(&o, &par, &form, &method, argc, argv)) != 0) {
        lp_params_clear(&par);
        for (int i = 0; i < 3; i++)
            free(o.owned[i]);
        return rc < 0 ? lp_close_stdout(LP_EXIT_OK) : rc;
    }
    snprintf(title, sizeof title, "%s %s (%s)", form->formula, form->form, lp_method_name(method));
    rec = lp_record_new(title);
    rc = lp_eval_record(rec, form, method, &par, o.digits, o.prec, o.compare);
    if (o.ratio_to) {
        char err[200];
        if (lp_eval_ratio_record(rec, form, &par, o.ratio_to, o.digits, err, sizeof err) != 0) {
            lp_record_free(rec);
            lp_params_clear(&par);
            for (int i = 0; i < 3; i++)
                free(o.owned[i]);
            return lp_usage_error(cmd, "--ratio-to %s", err);
        }
    }
    if (o.noise_multiplier) {
        lp_record *d = lp_record_object(rec, "dpsgd");
        lp_record_text(d, "noise_multiplier", o.noise_multiplier);
        lp_record_text(d, "clip", o.clip);
        lp_record_text(d, "secret", o.secret);
        lp_record_text(d, "batch", o.batch);
    }
    if (rc == 0 && strcmp(form->formula, "gauss-layers") == 0)
        lp_gauss_layers_compare(rec, &par, 12);
    lp_emit(rec, o.json);
    lp_record_free(rec);
    lp_params_clear(&par);
    for (int i = 0; i < 3; i++)
        free(o.owned[i]);
    if (rc == 3)
        return lp_close_stdout(LP_EXIT_UNCERTIFIED);
    return lp_close_stdout(rc == 1 && method == LP_ARB ? LP_EXIT_FAIL : LP_EXIT_OK);
}
