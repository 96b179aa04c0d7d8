/* cmd_eval.c -- `leakproof eval MECHANISM ...`: one form by one method.  The
 * options are the registry's parameter descriptors; DP-SGD's vocabulary
 * (noise multiplier, clipping norm, batch) maps onto them exactly. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "eval_record.h"
#include "core/decimal_ops.h"

static const char *const cmd = "eval";

static void
eval_usage(FILE *out)
{
    fputs("usage: leakproof eval MECHANISM [parameters] [--form F] [--method M] [--digits D]\n"
          "                      [--prec BITS] [--compare] [--json]\n"
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
          "  --json          one JSON object on stdout\n", out);
}

typedef struct {
    const char *mechanism_name, *form_name, *method_name;
    const char *text[LP_NPARAMS];
    const char *layers_file, *params_from;
    const char *noise_multiplier, *batch, *secret, *clip;
    long digits, prec;
    int json, compare;
    char *owned[3];             /* derived decimal texts, freed at the end */
} eval_opts;

enum { O_PARAM = 256, O_LAYERS_FILE = O_PARAM + LP_NPARAMS, O_FORM, O_METHOD, O_DIGITS,
       O_PREC, O_JSON, O_COMPARE, O_HELP, O_NOISE_MULTIPLIER, O_BATCH, O_SECRET, O_PARAMS_FROM };

/* The sum of a layers file's sizes, or the sizes themselves into par. */
static int
read_layers(lp_params *par, const char *opt, const char *path, int sum_only)
{
    char **texts, err[700];
    size_t n, rows;
    long cols;
    uint64_t *sizes;
    int rc = 0;
    if ((texts = lp_read_numbers(path, &n, &rows, &cols, err, sizeof err)) == NULL)
        return lp_usage_error(cmd, "%s %s", opt, err);
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

/* DP-SGD's vocabulary onto the mechanism's parameters, exactly. */
static int
map_dpsgd(eval_opts *o, const lp_mechanism_spec *mech)
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
    if (layers)
        o->text[LP_PARAM_ID_CLIP] = radius;
    else {
        o->text[LP_PARAM_ID_RADIUS] = radius;
        o->text[LP_PARAM_ID_CLIP] = NULL;
    }
    return 0;
}

static int
parse(eval_opts *o, lp_params *par, const lp_form **form, lp_method *method, int argc, char **argv)
{
    struct option longopts[LP_NPARAMS + 16];
    const char *digits_text = NULL, *prec_text = NULL;
    const lp_mechanism_spec *mech;
    int c, m, rc, k = 0;
    char err[300];

    for (int id = 0; id < LP_NPARAMS; id++)
        longopts[k++] = (struct option) { lp_param_specs[id].name, required_argument, NULL, O_PARAM + id };
    longopts[k++] = (struct option) { "layers-file", required_argument, NULL, O_LAYERS_FILE };
    longopts[k++] = (struct option) { "form", required_argument, NULL, O_FORM };
    longopts[k++] = (struct option) { "method", required_argument, NULL, O_METHOD };
    longopts[k++] = (struct option) { "digits", required_argument, NULL, O_DIGITS };
    longopts[k++] = (struct option) { "prec", required_argument, NULL, O_PREC };
    longopts[k++] = (struct option) { "json", no_argument, NULL, O_JSON };
    longopts[k++] = (struct option) { "compare", no_argument, NULL, O_COMPARE };
    longopts[k++] = (struct option) { "help", no_argument, NULL, O_HELP };
    longopts[k++] = (struct option) { "noise-multiplier", required_argument, NULL, O_NOISE_MULTIPLIER };
    longopts[k++] = (struct option) { "batch", required_argument, NULL, O_BATCH };
    longopts[k++] = (struct option) { "secret", required_argument, NULL, O_SECRET };
    longopts[k++] = (struct option) { "params-from", required_argument, NULL, O_PARAMS_FROM };
    longopts[k++] = (struct option) { NULL, 0, NULL, 0 };

    o->method_name = "arb";
    o->digits = 30;
    opterr = 0;
    optind = 1;
    /* getopt permutes: the mechanism may stand before, between or after the options */
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        if (c >= O_PARAM && c < O_PARAM + LP_NPARAMS) {
            o->text[c - O_PARAM] = optarg;
            continue;
        }
        switch (c) {
        case O_LAYERS_FILE: o->layers_file = optarg; break;
        case O_FORM: o->form_name = optarg; break;
        case O_METHOD: o->method_name = optarg; break;
        case O_DIGITS: digits_text = optarg; break;
        case O_PREC: prec_text = optarg; break;
        case O_JSON: o->json = 1; break;
        case O_COMPARE: o->compare = 1; break;
        case O_NOISE_MULTIPLIER: o->noise_multiplier = optarg; break;
        case O_BATCH: o->batch = optarg; break;
        case O_SECRET: o->secret = optarg; break;
        case O_PARAMS_FROM: o->params_from = optarg; break;
        case 'h': case O_HELP: eval_usage(lp_out()); return -1;
        case ':': return lp_usage_error(cmd, "option %s needs a value", argv[optind - 1]);
        default: return lp_usage_error(cmd, "unknown option '%s' (see leakproof eval --help)",
                                       argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return lp_usage_error(cmd, "missing mechanism: gauss, vmf, laplace-l1 or gauss-layers");
    if (optind + 1 < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[optind + 1]);
    o->mechanism_name = argv[optind];
    if ((mech = lp_mechanism_find(o->mechanism_name)) == NULL)
        return lp_usage_error(cmd, "unknown mechanism '%s': gauss, vmf, laplace-l1 or gauss-layers",
                              o->mechanism_name);
    if ((rc = map_dpsgd(o, mech)) != 0)
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
            if ((rc = read_layers(par, "--params-from", o->params_from, 1)) != 0)
                return rc;
            continue;
        }
        if (id == LP_PARAM_ID_LAYERS && o->layers_file) {
            if ((rc = read_layers(par, "--layers-file", o->layers_file, 0)) != 0)
                return rc;
            continue;
        }
        if (o->text[id] == NULL && id == LP_PARAM_ID_LAYERS)
            return lp_usage_error(cmd, "missing --layers or --layers-file (%s)", lp_param_specs[id].meaning);
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
