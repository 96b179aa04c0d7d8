/* cmd_adversary.c -- `leakproof adversary SUBCOMMAND ...`: the subcommands,
 * the options each one takes (any other is refused by name), their help, and
 * the dispatch.  The option table is cmd_adversary_options.c; the
 * subcommands themselves parse their values, call their study and emit
 * (cmd_adversary_run.c). */
#include <string.h>
#include "cli.h"
#include "cmd_adversary.h"

#define BIT(o) (1u << (o))
#define MODEL (BIT(ADV_D) | BIT(ADV_PRIOR_VAR) | BIT(ADV_GAIN) | BIT(ADV_NOISE) | BIT(ADV_DELTA))

static const struct subcommand {
    const char *name;
    int (*run)(const char *const *value);
    unsigned options;
    const char *usage;
} subcommands[] = {
    { "gaussian", lp_adversary_run_gaussian,
      MODEL | BIT(ADV_SAMPLES) | BIT(ADV_SEED) | BIT(ADV_DIGITS) | BIT(ADV_MAX_SECONDS) | BIT(ADV_ESTIMATE),
      "gaussian --d D --prior-var V --gain A --noise S --delta R [--samples N] [--seed K] [--digits D]\n"
      "         [--max-seconds S] [--estimate]\n"
      "  x ~ N(0, V I_d), g = A x + N(0, S^2 I_d): the Bayes optimal delta-ball adversary's success\n"
      "  (ball at the posterior mean), the prior-only success and their ratio (the leakage), certified\n"
      "  to D digits (default 20); with --samples N (2..1e9) a Monte Carlo estimate, seed K (default 1)\n" },
    { "jensen", lp_adversary_run_jensen, MODEL | BIT(ADV_G_NORM) | BIT(ADV_SEED) | BIT(ADV_DIGITS),
      "jensen --d D --prior-var V --gain A --noise S --delta R [--g-norm N] [--seed K] [--digits D]\n"
      "  both sides of the Jensen step before eq. (3) with C = 1/delta^d (printed) and C = 1/vol(B),\n"
      "  certified to D digits (default 20), for an observation of norm N (default 0); eq. (3)'s\n"
      "  k-sample objective for k = 1..1e4 by Monte Carlo (500 repetitions each, seed K)\n" },
    { "laplace", lp_adversary_run_laplace,
      BIT(ADV_D) | BIT(ADV_GAIN) | BIT(ADV_B) | BIT(ADV_DELTA) | BIT(ADV_SAMPLES) | BIT(ADV_SEED),
      "laplace --delta R [--d D] [--gain A] [--b B] [--samples N] [--seed K]\n"
      "  x ~ N(0, I_d), g = A x + Laplace(B) (d 1..64, default 5; A, B in [1e-3, 1e3], default 1;\n"
      "  R in (0, 1e3]): the delta-ball success of three centres (posterior mean, MAP, mean shift)\n"
      "  on N exact posterior draws (100..1e7, default 200000; N d at most 2e7), seed K\n" },
    { "attacks", lp_adversary_run_attacks,
      BIT(ADV_D) | BIT(ADV_M) | BIT(ADV_B) | BIT(ADV_TRIALS) | BIT(ADV_SEED) | BIT(ADV_MAX_SECONDS) | BIT(ADV_ESTIMATE),
      "attacks [--d D] [--m M] [--b B] [--trials T] [--seed K] [--max-seconds S] [--estimate]\n"
      "  Table 1 in numbers: x ~ N(0, I_d), G = u x^T + Laplace(B), u ~ N(0, I_m) (d, m 1..64,\n"
      "  defaults 20, 10; B in [1e-6, 1e6], default 0.1): the mean squared error per coordinate of\n"
      "  the l2, l1, cosine and Bayes reconstructions over T trials (2..1e7, default 1000), seed K\n" },
    { "link", lp_adversary_run_link,
      BIT(ADV_SIGMA) | BIT(ADV_RADIUS) | BIT(ADV_DELTA) | BIT(ADV_SAMPLES) | BIT(ADV_SEED) | BIT(ADV_DIGITS),
      "link --sigma S --radius R --delta D [--samples N] [--seed K] [--digits D]\n"
      "  the delta-ball leakage of the Gaussian mechanism (p = 1, clipping radius R) against its\n"
      "  Bayes capacity (certified): discretised over 50 priors, and by Monte Carlo with N draws\n"
      "  (2..1e8, default 100000); S/R must lie in [1/16, 1000] and D/R be at least 1e-6\n" },
    { "linear-layer", lp_adversary_run_linear_layer,
      BIT(ADV_GRAD_BIAS) | BIT(ADV_GRAD_WEIGHT) | BIT(ADV_REL_ERROR) | BIT(ADV_DIGITS),
      "linear-layer --grad-bias G --grad-weight W1,W2,... [--rel-error E] [--digits D]\n"
      "  Section 5: x = dl/dA_i / dl/db_i in ball arithmetic (every entry known to relative error E),\n"
      "  declined when dl/db_i may be 0; D digits (default 20)\n" },
};
static const size_t n_subcommands = sizeof subcommands / sizeof subcommands[0];

static int
help(const struct subcommand *only)
{
    FILE *out = lp_out();
    for (size_t i = 0; i < n_subcommands; i++)
        if (only == NULL || only == &subcommands[i])
            fprintf(out, "%sleakproof adversary %s", i && !only ? "\n" : "usage: ", subcommands[i].usage);
    fputs("  every subcommand: [--json] (one JSON record), -h|--help\n", out);
    /* the budget's lines only where the subcommand takes them (t-options.sh) */
    if (only == NULL || (only->options & BIT(ADV_MAX_SECONDS)))
        fputs("  --max-seconds S: the work budget of gaussian's and attacks' Monte Carlo (default 3600):\n"
              "  a run estimated longer is refused with its estimate; Ctrl-C stops a run cleanly;\n"
              "  --estimate prints the estimate (estimated_seconds) and computes nothing\n", out);
    return lp_close_stdout(LP_EXIT_OK);
}

/* a shared option's val (cli.h) as the index of the value array */
static int
shared(int c)
{
    return c == LP_OPT_DIGITS ? ADV_DIGITS : c == LP_OPT_JSON ? ADV_JSON
           : c == LP_OPT_MAX_SECONDS ? ADV_MAX_SECONDS : c == LP_OPT_ESTIMATE ? ADV_ESTIMATE
           : c == LP_OPT_HELP ? 'h' : c;
}

static int
options_of(char *buf, size_t len, unsigned mask)
{
    size_t used = 0;
    buf[0] = '\0';
    for (const struct option *o = lp_adversary_longopts; o->name; o++)
        if (shared(o->val) < ADV_N_OPTIONS && (mask & BIT(shared(o->val))) && used + strlen(o->name) + 4 < len)
            used += (size_t) snprintf(buf + used, len - used, "%s--%s", used ? " " : "", o->name);
    return 0;
}

int
lp_cmd_adversary(int argc, char **argv)
{
    const struct subcommand *sub = NULL;
    const char *value[ADV_N_OPTIONS] = { NULL };
    char name[64], allowed[256];
    int c;
    if (argc < 2)
        return lp_usage_error("adversary", "missing subcommand: gaussian, jensen, laplace, attacks, link or "
                              "linear-layer (try leakproof adversary --help)");
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
        return help(NULL);
    for (size_t i = 0; i < n_subcommands; i++)
        if (strcmp(argv[1], subcommands[i].name) == 0)
            sub = &subcommands[i];
    if (sub == NULL)
        return lp_usage_error("adversary", "unknown subcommand '%s': gaussian, jensen, laplace, attacks, link or "
                              "linear-layer", argv[1]);
    snprintf(name, sizeof name, "adversary %s", sub->name);
    lp_opt g;
    lp_opt_init(&g, argc - 1, argv + 1, "h", lp_adversary_longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        c = shared(c);
        if (c == 'h')
            return help(sub);
        if (c == LP_OPT_ERROR)
            return lp_opt_error(&g, name);
        if (!(sub->options & BIT(c)) && c != ADV_JSON) {
            options_of(allowed, sizeof allowed, sub->options);
            return lp_usage_error(name, "--%s is not an option of %s (it takes %s --json)",
                                  lp_adversary_longopts[c].name, sub->name, allowed);
        }
        value[c] = c == ADV_JSON || c == ADV_ESTIMATE ? "" : g.optarg;
    }
    if (g.optind < argc - 1)
        return lp_usage_error(name, "unexpected argument '%s'", argv[g.optind + 1]);
    return sub->run(value);
}
