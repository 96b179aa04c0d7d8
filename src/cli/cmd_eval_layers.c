/* cmd_eval_layers.c -- `leakproof eval gauss-layers --sigma S --clip C
 * --layers P1,P2,...|--layers-file F`: per-layer clipping, certified, beside
 * Theorem III.1 at R = L c and R = c sqrt(L) and the whole-vector clip c. */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

static const char *const cmd = "eval";

/* log10 of the gauss `form` at p, sigma and a radius given as a ball (printed
 * to 40 digits for the evaluator's decimal input); NULL if not ok */
static char *
log10_at(const char *form, uint64_t p, const char *sigma, const arb_t radius, slong digits)
{
    lp_params par = { 0 };
    lp_result r;
    char *rad = lp_format_ball(radius, 40), *out = NULL;
    par.p = p;
    par.sigma = sigma;
    par.radius = rad;
    par.sigma_d = strtod(sigma, NULL);
    par.radius_d = rad ? strtod(rad, NULL) : 0;
    lp_result_init(&r);
    if (rad && lp_evaluate(&r, lp_form_find("gauss", form), LP_ARB, &par, digits, 0) == LP_OK)
        out = lp_format_log10(&r, digits);
    lp_result_clear(&r);
    flint_free(rad);
    return out;
}

int
lp_cmd_eval_layers(int argc, char **argv)
{
    enum { O_SIGMA = 256, O_CLIP, O_LAYERS, O_LFILE, O_DIGITS, O_JSON, O_HELP, O_METHOD };
    static const struct option longopts[] = {
        { "sigma", required_argument, NULL, O_SIGMA },
        { "clip", required_argument, NULL, O_CLIP },
        { "layers", required_argument, NULL, O_LAYERS },
        { "layers-file", required_argument, NULL, O_LFILE },
        { "digits", required_argument, NULL, O_DIGITS },
        { "method", required_argument, NULL, O_METHOD },
        { "json", no_argument, NULL, O_JSON },
        { "help", no_argument, NULL, O_HELP },
        { NULL, 0, NULL, 0 }
    };
    const char *sigma = NULL, *clip = NULL, *layers = NULL, *lfile = NULL, *digits_text = NULL;
    long digits = 30;
    int json = 0, c, rc;
    double dummy;
    char **texts = NULL, err[600];
    size_t n = 0;
    uint64_t *sizes, total = 0;
    lp_result res;

    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case O_SIGMA: sigma = optarg; break;
        case O_CLIP: clip = optarg; break;
        case O_LAYERS: layers = optarg; break;
        case O_LFILE: lfile = optarg; break;
        case O_DIGITS: digits_text = optarg; break;
        case O_METHOD:
            if (strcmp(optarg, "arb") != 0)
                return lp_usage_error(cmd, "--method for gauss-layers must be arb (got '%s')", optarg);
            break;
        case O_JSON: json = 1; break;
        case O_HELP:
            puts("usage: leakproof eval gauss-layers --sigma S --clip C --layers P1,P2,...|--layers-file F\n"
                 "                                  [--digits D] [--json]\n"
                 "  Gaussian noise with each layer clipped to C: the product of the layers' capacities,\n"
                 "  certified, beside Theorem III.1 at R = L C and R = C sqrt(L) and the whole-vector clip C");
            return lp_close_stdout(LP_EXIT_OK);
        case ':': return lp_usage_error(cmd, "option %s needs a value", argv[optind - 1]);
        default: return lp_usage_error(cmd, "unknown option '%s' for gauss-layers", argv[optind - 1]);
        }
    }
    for (int i = optind; i < argc; i++)
        if (strcmp(argv[i], "gauss-layers") != 0)
            return lp_usage_error(cmd, "unexpected argument '%s'", argv[i]);
    if (sigma == NULL)
        return lp_usage_error(cmd, "missing --sigma (noise scale, a decimal number > 0)");
    if ((rc = lp_arg_positive(&dummy, cmd, "--sigma", sigma, "noise scale")))
        return rc;
    if (clip == NULL)
        return lp_usage_error(cmd, "missing --clip (per-layer clipping norm, a decimal number >= 0)");
    if ((rc = lp_arg_nonnegative(&dummy, cmd, "--clip", clip, "per-layer clipping norm")))
        return rc;
    if ((layers == NULL) == (lfile == NULL))
        return lp_usage_error(cmd, "give exactly one of --layers and --layers-file");
    if (digits_text && (rc = lp_arg_int_range(&digits, cmd, "--digits", digits_text, 1, 200)))
        return rc;
    if (layers) {
        char *copy = strdup(layers), *save = NULL, *tok;
        for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            texts = realloc(texts, (n + 1) * sizeof *texts);
            texts[n++] = strdup(tok);
        }
        free(copy);
    } else {
        size_t rows;
        long cols;
        if ((texts = lp_read_numbers(lfile, &n, &rows, &cols, err, sizeof err)) == NULL)
            return lp_usage_error(cmd, "--layers-file %s", err);
    }
    sizes = malloc(sizeof(uint64_t) * (n ? n : 1));
    for (size_t i = 0; i < n; i++) {
        if (lp_decimal_uint64(&sizes[i], texts[i]) != 0 || sizes[i] < 1 || sizes[i] > LP_P_MAX
            || total + sizes[i] > LP_P_MAX) {
            int r = lp_usage_error(cmd, "layer %zu: a layer size is an integer from 1 to 2147483647, and "
                                   "the total at most that (got '%s')", i + 1, texts[i]);
            lp_free_texts(texts, n);
            free(sizes);
            return r;
        }
        total += sizes[i];
    }
    lp_free_texts(texts, n);
    if (n == 0) {
        free(sizes);
        return lp_usage_error(cmd, "--layers is empty");
    }
    lp_result_init(&res);
    lp_gauss_layers(&res, sizes, n, sigma, clip, digits);
    {
        char *v = lp_format_value(&res, res.digits), *l10 = lp_format_log10(&res, res.digits > 12 ? 12 : res.digits);
        char *a, *b, *cc, *d;
        arb_t R;
        arb_init(R);
        lp_decimal_arb(R, clip, 256);
        arb_mul_ui(R, R, n, 256);
        a = log10_at("printed", total, sigma, R, 12);
        b = log10_at("proof", total, sigma, R, 12);
        lp_decimal_arb(R, clip, 256);
        {
            arb_t s;
            arb_init(s);
            arb_sqrt_ui(s, n, 256);
            arb_mul(R, R, s, 256);
            arb_clear(s);
        }
        cc = log10_at("proof", total, sigma, R, 12);
        lp_decimal_arb(R, clip, 256);
        d = log10_at("proof", total, sigma, R, 12);
        if (json) {
            printf("{\"formula\":\"gauss-layers\",\"form\":\"product\",\"method\":\"arb\",\"layers\":%zu,\"p\":%llu,"
                   "\"sigma\":", n, (unsigned long long) total);
            lp_json_string(stdout, sigma);
            printf(",\"clip\":");
            lp_json_string(stdout, clip);
            printf(",\"value\":");
            lp_json_string(stdout, v);
            printf(",\"log10\":");
            lp_json_string(stdout, l10);
            printf(",\"certified\":%s,\"digits\":%ld,\"rel_error_bound\":", res.status == LP_OK ? "true" : "false",
                   (long) res.digits);
            lp_json_number(stdout, res.status == LP_OK ? lp_rel_error_bound(&res) : NAN);
            printf(",\"status\":\"%s\",\"log10_theorem_printed_R_Lc\":", lp_status_name(res.status));
            lp_json_string(stdout, a);
            printf(",\"log10_theorem_proof_R_Lc\":");
            lp_json_string(stdout, b);
            printf(",\"log10_proof_R_c_sqrtL\":");
            lp_json_string(stdout, cc);
            printf(",\"log10_whole_vector_R_c\":");
            lp_json_string(stdout, d);
            printf(",\"note\":\"the comparison radii L c and c sqrt(L) are rounded to 40 digits\"}\n");
        } else {
            printf("gauss-layers (arb): %s  [log10 %s; %ld digits certified] for %zu layers, p = %llu, sigma = %s, "
                   "clip %s per layer\n", v ? v : "?", l10 ? l10 : "?", (long) res.digits, n,
                   (unsigned long long) total, sigma, clip);
            printf("  log10 C beside it: Theorem III.1 printed at R = L c: %s; its proof form at R = L c: %s;\n"
                   "  at R = c sqrt(L) (the ball that holds the product): %s; whole vector clipped to c: %s\n",
                   a ? a : "?", b ? b : "?", cc ? cc : "?", d ? d : "?");
        }
        flint_free(v); flint_free(l10); flint_free(a); flint_free(b); flint_free(cc); flint_free(d);
        arb_clear(R);
    }
    lp_result_clear(&res);
    free(sizes);
    return lp_close_stdout(LP_EXIT_OK);
}
