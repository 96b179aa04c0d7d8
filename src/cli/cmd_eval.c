/* cmd_eval.c -- `leakproof eval FORMULA ...`: one form by one method. */
#include <getopt.h>
#include <math.h>
#include <string.h>
#include "cli.h"

static const char *const cmd = "eval";

static void
eval_usage(FILE *out)
{
    fputs("usage: leakproof eval gauss --p P --sigma S --radius R [options]\n"
          "       leakproof eval vmf   --p P --kappa K            [options]\n"
          "       leakproof eval laplace-l1 --p P --b B --radius R [options]\n"
          "       leakproof eval gauss-layers --sigma S --clip C --layers P1,P2,...|--layers-file F [--digits D] [--json]\n"
          "\n"
          "  --p P          dimension, an integer from 1 to 2147483647\n"
          "  --sigma S      Gaussian noise scale, a decimal number > 0 (read exactly)\n"
          "  --radius R     clipping radius, a decimal number >= 0 (read exactly)\n"
          "  --kappa K      von Mises-Fisher concentration, a decimal number >= 0\n"
          "  --b B          Laplace scale per coordinate, a decimal number > 0\n"
          "  --form F       printed (the theorem's statement) or proof (what its proof\n"
          "                 derives); default proof; gauss also steiner (intrinsic volumes)\n"
          "  --method M     arb (certified, default), mpfr, double, logdouble, gsl\n"
          "  --digits D     significant digits, 1 to 1000 (default 30); certified for arb\n"
          "  --prec BITS    working precision of the mpfr method (default: enough for D)\n"
          "  --compare      also evaluate by arb and report the relative error\n"
          "  --json         one JSON object on stdout\n", out);
}

typedef struct {
    const char *formula, *form_name, *method_name;
    const char *p_text, *sigma, *radius, *kappa, *b;
    long digits, prec;
    int json, compare;
} eval_opts;

static int
parse(eval_opts *o, lp_params *par, const lp_form **form, lp_method *method,
      int argc, char **argv)
{
    enum { O_P = 256, O_SIGMA, O_RADIUS, O_KAPPA, O_B, O_FORM, O_METHOD, O_DIGITS,
           O_PREC, O_JSON, O_COMPARE, O_HELP };
    static const struct option longopts[] = {
        { "p", required_argument, NULL, O_P },
        { "sigma", required_argument, NULL, O_SIGMA },
        { "radius", required_argument, NULL, O_RADIUS },
        { "kappa", required_argument, NULL, O_KAPPA },
        { "b", required_argument, NULL, O_B },
        { "form", required_argument, NULL, O_FORM },
        { "method", required_argument, NULL, O_METHOD },
        { "digits", required_argument, NULL, O_DIGITS },
        { "prec", required_argument, NULL, O_PREC },
        { "json", no_argument, NULL, O_JSON },
        { "compare", no_argument, NULL, O_COMPARE },
        { "help", no_argument, NULL, O_HELP },
        { NULL, 0, NULL, 0 }
    };
    const char *digits_text = NULL, *prec_text = NULL;
    int c, m, rc;

    memset(o, 0, sizeof *o);
    memset(par, 0, sizeof *par);
    o->form_name = NULL;
    o->method_name = "arb";
    o->digits = 30;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case O_P: o->p_text = optarg; break;
        case O_SIGMA: o->sigma = optarg; break;
        case O_RADIUS: o->radius = optarg; break;
        case O_KAPPA: o->kappa = optarg; break;
        case O_B: o->b = optarg; break;
        case O_FORM: o->form_name = optarg; break;
        case O_METHOD: o->method_name = optarg; break;
        case O_DIGITS: digits_text = optarg; break;
        case O_PREC: prec_text = optarg; break;
        case O_JSON: o->json = 1; break;
        case O_COMPARE: o->compare = 1; break;
        case O_HELP: eval_usage(stdout); return -1;
        case ':': return lp_usage_error(cmd, "option %s needs a value", argv[optind - 1]);
        default: return lp_usage_error(cmd, "unknown option '%s' (see leakproof eval --help)",
                                       argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return lp_usage_error(cmd, "missing formula: gauss or vmf");
    if (optind + 1 < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[optind + 1]);
    o->formula = argv[optind];
    if (!lp_formula_exists(o->formula))
        return lp_usage_error(cmd, "unknown formula '%s': gauss, vmf, laplace-l1 or gauss-layers", o->formula);
    if (o->form_name == NULL)       /* proof where there is one, else the formula's only form */
        for (size_t i = 0; i < lp_nforms; i++)
            if (strcmp(lp_forms[i].formula, o->formula) == 0
                && (o->form_name == NULL || strcmp(lp_forms[i].form, "proof") == 0))
                o->form_name = lp_forms[i].form;
    if ((*form = lp_form_find(o->formula, o->form_name)) == NULL) {
        char forms[200] = "";
        for (size_t i = 0; i < lp_nforms; i++)
            if (strcmp(lp_forms[i].formula, o->formula) == 0)
                snprintf(forms + strlen(forms), sizeof forms - strlen(forms), "%s%s",
                         forms[0] ? ", " : "", lp_forms[i].form);
        return lp_usage_error(cmd, "--form for %s must be one of %s (got '%s')", o->formula, forms,
                              o->form_name);
    }
    if ((m = lp_method_from_name(o->method_name)) < 0)
        return lp_usage_error(cmd, "--method must be arb, mpfr, double, logdouble or gsl (got '%s')",
                              o->method_name);
    *method = (lp_method) m;

    if (o->p_text == NULL)
        return lp_usage_error(cmd, "missing --p (dimension, an integer from 1 to 2147483647)");
    if ((rc = lp_arg_dimension(&par->p, cmd, "--p", o->p_text)))
        return rc;
    if ((*form)->params & LP_PARAM_SIGMA) {
        if (o->sigma == NULL)
            return lp_usage_error(cmd, "missing --sigma (noise scale, a decimal number > 0)");
        if ((rc = lp_arg_positive(&par->sigma_d, cmd, "--sigma", o->sigma, "noise scale")))
            return rc;
        par->sigma = o->sigma;
    } else if (o->sigma) {
        return lp_usage_error(cmd, "--sigma does not apply to %s", o->formula);
    }
    if ((*form)->params & LP_PARAM_RADIUS) {
        if (o->radius == NULL)
            return lp_usage_error(cmd, "missing --radius (clipping radius, a decimal number >= 0)");
        if ((rc = lp_arg_nonnegative(&par->radius_d, cmd, "--radius", o->radius, "clipping radius")))
            return rc;
        par->radius = o->radius;
    } else if (o->radius) {
        return lp_usage_error(cmd, "--radius does not apply to %s", o->formula);
    }
    if ((*form)->params & LP_PARAM_KAPPA) {
        if (o->kappa == NULL)
            return lp_usage_error(cmd, "missing --kappa (concentration, a decimal number >= 0)");
        if ((rc = lp_arg_nonnegative(&par->kappa_d, cmd, "--kappa", o->kappa, "concentration")))
            return rc;
        par->kappa = o->kappa;
    } else if (o->kappa) {
        return lp_usage_error(cmd, "--kappa does not apply to %s", o->formula);
    }
    if ((*form)->params & LP_PARAM_B) {
        if (o->b == NULL)
            return lp_usage_error(cmd, "missing --b (Laplace scale, a decimal number > 0)");
        if ((rc = lp_arg_positive(&par->b_d, cmd, "--b", o->b, "Laplace scale")))
            return rc;
        par->b = o->b;
    } else if (o->b) {
        return lp_usage_error(cmd, "--b does not apply to %s", o->formula);
    }
    if (digits_text && (rc = lp_arg_int_range(&o->digits, cmd, "--digits", digits_text, 1, 1000)))
        return rc;
    if (prec_text && (rc = lp_arg_int_range(&o->prec, cmd, "--prec", prec_text, 2, 1000000)))
        return rc;
    return 0;
}

static void
print_json(const eval_opts *o, const lp_form *form, lp_method method,
           const lp_result *res, const char *value, const char *log10v,
           double rel_error)
{
    printf("{\"formula\":");
    lp_json_string(stdout, form->formula);
    printf(",\"form\":");
    lp_json_string(stdout, form->form);
    printf(",\"method\":");
    lp_json_string(stdout, lp_method_name(method));
    printf(",\"p\":%s", o->p_text ? "" : "null");
    if (o->p_text) {
        uint64_t p;
        lp_decimal_uint64(&p, o->p_text);
        printf("%llu", (unsigned long long) p);
    }
    if (form->params & LP_PARAM_SIGMA) {
        printf(",\"sigma\":");
        lp_json_string(stdout, o->sigma);
    }
    if (form->params & LP_PARAM_RADIUS) {
        printf(",\"radius\":");
        lp_json_string(stdout, o->radius);
    }
    if (form->params & LP_PARAM_KAPPA) {
        printf(",\"kappa\":");
        lp_json_string(stdout, o->kappa);
    }
    if (form->params & LP_PARAM_B) {
        printf(",\"b\":");
        lp_json_string(stdout, o->b);
    }
    printf(",\"value\":");
    lp_json_string(stdout, value);
    printf(",\"log10\":");
    lp_json_string(stdout, log10v);
    printf(",\"certified\":%s", res->certified ? "true" : "false");
    printf(",\"digits\":");
    if (res->status == LP_OK)
        printf("%ld", (long) res->digits);
    else
        printf("null");
    printf(",\"rel_error_bound\":");
    lp_json_number(stdout, res->certified ? lp_rel_error_bound(res) : NAN);
    if (o->compare) {
        printf(",\"rel_error\":");
        lp_json_number(stdout, rel_error >= 0 ? rel_error : NAN);
    }
    printf(",\"status\":");
    lp_json_string(stdout, lp_status_name(res->status));
    printf(",\"prec_bits\":%ld", (long) res->prec);
    printf(",\"note\":");
    lp_json_string(stdout, res->note[0] ? res->note : NULL);
    printf(",\"source\":");
    lp_json_string(stdout, form->source);
    printf("}\n");
}

static void
print_human(const eval_opts *o, const lp_form *form, lp_method method,
            const lp_result *res, const char *value, const char *log10v,
            double rel_error)
{
    printf("%s %s (%s): ", form->formula, form->form, lp_method_name(method));
    if (res->status != LP_OK) {
        printf("%s%s%s\n", lp_status_name(res->status), res->note[0] ? ": " : "", res->note);
        return;
    }
    printf("%s  [log10 %s", value ? value : "?", log10v ? log10v : "?");
    if (res->certified) {
        printf("; %ld digits certified", (long) res->digits);
        if (res->digits < o->digits)
            printf(" (of %ld asked)", o->digits);
        printf(", rel. error <= %.2g", lp_rel_error_bound(res));
    } else {
        printf("; not certified");
        if (o->compare) {
            if (rel_error >= 0)
                printf(", rel. error vs arb %.3g", rel_error);
            else
                printf(", no arb reference");
        }
    }
    printf("]\n");
    if (res->note[0])
        printf("  note: %s\n", res->note);
}

int
lp_cmd_eval(int argc, char **argv)
{
    eval_opts o;
    lp_params par;
    const lp_form *form = NULL;
    lp_method method = LP_ARB;
    lp_result res, ref;
    char *value = NULL, *log10v = NULL;
    double rel_error = -1;
    int rc;

    for (int i = 1; i < argc; i++)          /* gauss-layers has options of its own */
        if (strcmp(argv[i], "gauss-layers") == 0)
            return lp_cmd_eval_layers(argc, argv);
    if ((rc = parse(&o, &par, &form, &method, argc, argv)) != 0)
        return rc < 0 ? lp_close_stdout(LP_EXIT_OK) : rc;

    lp_result_init(&res);
    lp_result_init(&ref);
    lp_evaluate(&res, form, method, &par, o.digits, o.prec);
    if (o.compare && method != LP_ARB && res.status == LP_OK) {
        lp_evaluate(&ref, form, LP_ARB, &par, 20, 0);
        rel_error = lp_rel_error(&res, &ref);
    }
    if (res.status == LP_OK) {
        slong d = res.certified ? res.digits : FLINT_MIN(res.digits, o.digits);
        value = lp_format_value(&res, d);
        log10v = lp_format_log10(&res, d);
    }
    if (o.json)
        print_json(&o, form, method, &res, value, log10v, rel_error);
    else
        print_human(&o, form, method, &res, value, log10v, rel_error);

    flint_free(value);
    flint_free(log10v);
    lp_result_clear(&res);
    lp_result_clear(&ref);
    return lp_close_stdout(LP_EXIT_OK);
}
