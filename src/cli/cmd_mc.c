/* cmd_mc.c -- `leakproof mc gauss|vmf ...`: the Monte Carlo estimate of the
 * continuous Bayes capacity, and `leakproof mc discrete`: the discretised
 * Gaussian mechanism converging to it. */
#include <getopt.h>
#include <math.h>
#include <string.h>
#include "cli.h"
#include "mc/mc.h"

static const char *const cmd = "mc";

static void
mc_usage(FILE *out)
{
    fputs("usage: leakproof mc gauss --p P --sigma S --radius R --samples N --seed K [options]\n"
          "       leakproof mc vmf   --p P --kappa K            --samples N --seed K [options]\n"
          "       leakproof mc laplace --p P --b B --radius R --clip l1|l2 --samples N --seed K [options]\n"
          "       leakproof mc gauss-layers --sigma S --clip C --layers P1,P2,... --samples N --seed K [options]\n"
          "       leakproof mc discrete --p 1|2 --sigma S --radius R [--json]\n"
          "\n"
          "  --p P            dimension, 1 to 64 (the arbiter is for small p)\n"
          "  --sigma, --radius, --kappa   as for leakproof eval\n"
          "  --samples N      outer samples, 2 to 1e12\n"
          "  --seed K         seed, 0 to 2^63-1: the estimate depends on it alone\n"
          "  --threads T      threads, 1 to 1024 (default: all cores); no effect on the result\n"
          "  --sup-checks M   outputs y also given a numerical maximisation (default 1000)\n"
          "  --json           one JSON object on stdout\n", out);
}

typedef struct {
    const char *formula, *p_text, *sigma, *radius, *kappa, *samples, *seed, *threads, *checks;
    const char *b, *clip, *layers;
    int json;
} mc_opts;

static int
parse(mc_opts *o, int argc, char **argv)
{
    enum { O_P = 256, O_SIGMA, O_RADIUS, O_KAPPA, O_SAMPLES, O_SEED, O_THREADS, O_CHECKS,
           O_JSON, O_HELP, O_B, O_CLIP, O_LAYERS };
    static const struct option longopts[] = {
        { "p", required_argument, NULL, O_P },
        { "sigma", required_argument, NULL, O_SIGMA },
        { "radius", required_argument, NULL, O_RADIUS },
        { "kappa", required_argument, NULL, O_KAPPA },
        { "samples", required_argument, NULL, O_SAMPLES },
        { "seed", required_argument, NULL, O_SEED },
        { "threads", required_argument, NULL, O_THREADS },
        { "sup-checks", required_argument, NULL, O_CHECKS },
        { "b", required_argument, NULL, O_B },
        { "clip", required_argument, NULL, O_CLIP },
        { "layers", required_argument, NULL, O_LAYERS },
        { "json", no_argument, NULL, O_JSON },
        { "help", no_argument, NULL, O_HELP },
        { NULL, 0, NULL, 0 }
    };
    int c;
    memset(o, 0, sizeof *o);
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case O_P: o->p_text = optarg; break;
        case O_SIGMA: o->sigma = optarg; break;
        case O_RADIUS: o->radius = optarg; break;
        case O_KAPPA: o->kappa = optarg; break;
        case O_SAMPLES: o->samples = optarg; break;
        case O_SEED: o->seed = optarg; break;
        case O_THREADS: o->threads = optarg; break;
        case O_CHECKS: o->checks = optarg; break;
        case O_B: o->b = optarg; break;
        case O_CLIP: o->clip = optarg; break;
        case O_LAYERS: o->layers = optarg; break;
        case O_JSON: o->json = 1; break;
        case O_HELP: mc_usage(stdout); return -1;
        case ':': return lp_usage_error(cmd, "option %s needs a value", argv[optind - 1]);
        default: return lp_usage_error(cmd, "unknown option '%s' (see leakproof mc --help)",
                                       argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return lp_usage_error(cmd, "missing mechanism: gauss, vmf or discrete");
    if (optind + 1 < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[optind + 1]);
    o->formula = argv[optind];
    return 0;
}

/* Checks an option that must be present, or absent, for this mechanism. */
static int
need(const char *value, int wanted, const char *opt, const char *formula, const char *what)
{
    if (wanted && value == NULL)
        return lp_usage_error(cmd, "missing %s (%s)", opt, what);
    if (!wanted && value != NULL)
        return lp_usage_error(cmd, "%s does not apply to %s", opt, formula);
    return 0;
}

static int
run_discrete(const mc_opts *o, int p, double sigma, double radius)
{
    /* refine inputs and bins together; tails fixed wide enough (9 sigma) */
    static const double steps[] = { 0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625 };
    double cap[6];
    int n = 0;
    for (int i = 0; i < 6; i++) {
        double h = steps[i] * fmin(sigma, radius > 0 ? radius : sigma);
        if ((cap[i] = lp_gauss_discrete_capacity(p, sigma, radius, h, h, 9.0)) < 0)
            break;
        n++;
    }
    if (o->json) {
        printf("{\"mechanism\":\"gauss\",\"p\":%d,\"sigma\":", p);
        lp_json_string(stdout, o->sigma);
        printf(",\"radius\":");
        lp_json_string(stdout, o->radius);
        printf(",\"grids\":[");
        for (int i = 0; i < n; i++) {
            double h = steps[i] * fmin(sigma, radius > 0 ? radius : sigma);
            printf("%s{\"input_step\":%.6g,\"bin\":%.6g,\"capacity\":%.12g}", i ? "," : "", h, h, cap[i]);
        }
        printf("]}\n");
    } else {
        printf("discretised Gaussian mechanism, p=%d sigma=%s R=%s (inputs on a grid in the ball,\n"
               "outputs in square bins over [-R-9 sigma, R+9 sigma]^p plus the outside)\n", p,
               o->sigma, o->radius);
        printf("%12s %12s %18s\n", "input step", "bin", "C_Bayes(discrete)");
        for (int i = 0; i < n; i++) {
            double h = steps[i] * fmin(sigma, radius > 0 ? radius : sigma);
            printf("%12.6g %12.6g %18.12f\n", h, h, cap[i]);
        }
    }
    return lp_close_stdout(LP_EXIT_OK);
}

int
lp_cmd_mc(int argc, char **argv)
{
    mc_opts o;
    lp_mechanism mech;
    lp_mc_options opt = { 0 };
    lp_mc_result res;
    uint64_t p = 0, u;
    double sigma = 0, radius = 0, kappa = 0, bscale = 0;
    long threads = 0, dummy;
    int gauss, laplace, layered, rc, layer_sizes[LP_MC_P_MAX], nlayers = 0;

    if ((rc = parse(&o, argc, argv)) != 0)
        return rc < 0 ? lp_close_stdout(LP_EXIT_OK) : rc;
    {
        static const char *const known[] = { "gauss", "vmf", "discrete", "laplace", "gauss-layers" };
        int ok = 0;
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
            ok |= strcmp(o.formula, known[i]) == 0;
        if (!ok)
            return lp_usage_error(cmd, "unknown mechanism '%s': gauss, vmf, laplace, gauss-layers or discrete",
                                  o.formula);
    }
    gauss = strcmp(o.formula, "gauss") == 0 || strcmp(o.formula, "discrete") == 0;
    laplace = strcmp(o.formula, "laplace") == 0;
    layered = strcmp(o.formula, "gauss-layers") == 0;
    if (layered) {
        char *copy, *save = NULL, *tok;
        if (o.p_text)
            return lp_usage_error(cmd, "--p does not apply to gauss-layers (the layers give it)");
        if (o.layers == NULL)
            return lp_usage_error(cmd, "missing --layers (layer sizes, integers, comma-separated)");
        copy = strdup(o.layers);
        for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            uint64_t v;
            if (nlayers >= LP_MC_P_MAX || lp_decimal_uint64(&v, tok) != 0 || v < 1 || v > LP_MC_P_MAX
                || (p += v) > LP_MC_P_MAX) {
                free(copy);
                return lp_usage_error(cmd, "--layers: sizes are integers >= 1 adding up to at most %d (got '%s')",
                                      LP_MC_P_MAX, o.layers);
            }
            layer_sizes[nlayers++] = (int) v;
        }
        free(copy);
        if (nlayers == 0)
            return lp_usage_error(cmd, "--layers is empty");
    } else {
        if (o.p_text == NULL)
            return lp_usage_error(cmd, "missing --p (dimension, an integer from 1 to %d)", LP_MC_P_MAX);
        if ((rc = lp_arg_int_range(&dummy, cmd, "--p", o.p_text, 1,
                                   strcmp(o.formula, "discrete") == 0 ? 2 : LP_MC_P_MAX)))
            return rc;
        p = (uint64_t) dummy;
        if (o.layers)
            return lp_usage_error(cmd, "--layers does not apply to %s", o.formula);
    }
    if ((rc = need(o.sigma, gauss || layered, "--sigma", o.formula, "noise scale, a decimal number > 0"))
        || (rc = need(o.radius, gauss || laplace, "--radius", o.formula, "clipping radius, a decimal number >= 0"))
        || (rc = need(o.kappa, !gauss && !laplace && !layered, "--kappa", o.formula, "concentration, a decimal number >= 0"))
        || (rc = need(o.b, laplace, "--b", o.formula, "Laplace scale, a decimal number > 0"))
        || (rc = need(o.clip, laplace || layered, "--clip", o.formula,
                      laplace ? "l1 or l2" : "per-layer clipping norm, a decimal number >= 0")))
        return rc;
    if ((gauss || layered) && (rc = lp_arg_positive(&sigma, cmd, "--sigma", o.sigma, "noise scale")))
        return rc;
    if ((gauss || laplace) && (rc = lp_arg_nonnegative(&radius, cmd, "--radius", o.radius, "clipping radius")))
        return rc;
    if (layered && (rc = lp_arg_nonnegative(&radius, cmd, "--clip", o.clip, "per-layer clipping norm")))
        return rc;
    if (laplace && (rc = lp_arg_positive(&bscale, cmd, "--b", o.b, "Laplace scale")))
        return rc;
    if (laplace && strcmp(o.clip, "l1") != 0 && strcmp(o.clip, "l2") != 0)
        return lp_usage_error(cmd, "--clip for laplace must be l1 or l2 (got '%s')", o.clip);
    if (!gauss && !laplace && !layered
        && (rc = lp_arg_nonnegative(&kappa, cmd, "--kappa", o.kappa, "concentration")))
        return rc;
    if (!(isfinite(sigma) && isfinite(radius) && isfinite(kappa) && sigma < 1e300 && radius < 1e300
          && kappa < 1e300 && bscale < 1e300))
        return lp_usage_error(cmd, "parameters must be below 1e300 for the Monte Carlo arbiter");
    if (strcmp(o.formula, "discrete") == 0) {
        if (o.samples || o.seed || o.threads || o.checks)
            return lp_usage_error(cmd, "mc discrete takes only --p, --sigma, --radius and --json");
        return run_discrete(&o, (int) p, sigma, radius);
    }
    if (o.samples == NULL)
        return lp_usage_error(cmd, "missing --samples (an integer from 2 to 1e12)");
    if (lp_decimal_uint64(&u, o.samples) != 0 || u < 2 || u > UINT64_C(1000000000000))
        return lp_usage_error(cmd, "--samples must be an integer from 2 to 1e12 (got '%s')", o.samples);
    opt.samples = u;
    if (o.seed == NULL)
        return lp_usage_error(cmd, "missing --seed (an integer from 0 to 2^63-1)");
    if (lp_decimal_uint64(&opt.seed, o.seed) != 0)
        return lp_usage_error(cmd, "--seed must be an integer from 0 to 2^63-1 (got '%s')", o.seed);
    if (o.threads && (rc = lp_arg_int_range(&threads, cmd, "--threads", o.threads, 1, 1024)))
        return rc;
    opt.threads = (int) threads;
    opt.sup_checks = 1000;
    if (o.checks) {
        if (lp_decimal_uint64(&u, o.checks) != 0 || u > opt.samples)
            return lp_usage_error(cmd, "--sup-checks must be an integer from 0 to --samples (got '%s')",
                                  o.checks);
        opt.sup_checks = u;
    }
    opt.progress = 1;
    rc = gauss ? lp_mechanism_gauss(&mech, (int) p, sigma, radius)
         : layered ? lp_mechanism_gauss_layers(&mech, layer_sizes, nlayers, sigma, radius)
         : laplace ? lp_mechanism_laplace(&mech, (int) p, bscale, radius, strcmp(o.clip, "l2") == 0)
         : lp_mechanism_vmf(&mech, (int) p, kappa);
    if (rc != 0)
        return lp_usage_error(cmd, !gauss && !laplace && !layered
                              ? "C_{p,kappa} could not be computed for --kappa %s"
                              : "the mechanism cannot be set up for these parameters%s", !gauss && !laplace && !layered ? o.kappa : "");
    if (lp_mc_estimate(&res, &mech, &opt) != 0) {
        fprintf(stderr, "leakproof mc: out of memory\n");
        return LP_EXIT_FAIL;
    }
    if (o.json) {
        printf("{\"mechanism\":\"%s\",\"p\":%llu", mech.name, (unsigned long long) p);
        if (gauss || layered) {
            printf(",\"sigma\":");
            lp_json_string(stdout, o.sigma);
        }
        if (gauss || laplace) {
            printf(",\"radius\":");
            lp_json_string(stdout, o.radius);
        }
        if (laplace || layered) {
            printf(",\"b\":");
            lp_json_string(stdout, o.b);
            printf(",\"clip\":");
            lp_json_string(stdout, o.clip);
        }
        if (!gauss && !laplace && !layered) {
            printf(",\"kappa\":");
            lp_json_string(stdout, o.kappa);
        }
        printf(",\"estimate\":%.17g,\"std_error\":%.17g,\"rounding_error\":%.3g"
               ",\"ci_999\":[%.17g,%.17g],\"ess\":%.6g",
               res.estimate, res.std_error, res.rounding_error, res.ci_lo, res.ci_hi, res.ess);
        printf(",\"samples\":%llu,\"seed\":%llu,\"sup_gap\":", (unsigned long long) res.samples,
               (unsigned long long) res.seed);
        lp_json_number(stdout, res.sup_gap);
        printf(",\"sup_checked\":%llu", (unsigned long long) res.sup_checked);
        if (!gauss && !laplace && !layered)
            printf(",\"log_normaliser_mc\":%.17g,\"log_normaliser_mc_std_error\":%.3g"
                   ",\"log_normaliser_quadrature\":%.17g,\"log_normaliser_quadrature_err\":%.3g",
                   res.log_norm_mc, res.log_norm_mc_se, res.log_norm_quad, res.log_norm_quad_err);
        printf("}\n");
    } else {
        printf("mc %s p=%llu: C_Bayes ~ %.10g +- %.3g (99.9%%: [%.10g, %.10g]), "
               "ESS %.4g of %llu, seed %llu\n", mech.name, (unsigned long long) p,
               res.estimate, res.std_error, res.ci_lo, res.ci_hi, res.ess,
               (unsigned long long) res.samples, (unsigned long long) res.seed);
        if (res.sup_checked)
            printf("  sup check: %llu outputs maximised numerically, largest gain over the proofs' "
                   "maximiser %.3g\n", (unsigned long long) res.sup_checked, res.sup_gap);
        else
            printf("  sup check: none (--sup-checks 0)\n");
        if (!gauss && !laplace && !layered)
            printf("  log C_{p,kappa}: Monte Carlo (importance sampling in t = mu.y) %.12g +- %.3g; "
                   "quadrature check %.12g (+- %.2g)\n",
                   res.log_norm_mc, res.log_norm_mc_se, res.log_norm_quad, res.log_norm_quad_err);
    }
    return lp_close_stdout(LP_EXIT_OK);
}
