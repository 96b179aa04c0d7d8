/* cmd_channel.c -- `leakproof channel SUB ...`: Tan et al.'s data-space
 * channels.  Parses the options, rejects those the subcommand does not use,
 * and hands over to its runner (cmd_channel_run.c). */
#include <string.h>
#include "cli.h"
#include "cli/cmd_channel.h"
#include "channel/channel.h"
#include "channel/channel_work.h"
#include "core/budget.h"
#include <math.h>
#include <unistd.h>

static const char *const cmd = "channel";

/* the options' slots: the table's index; the shared options (cli.h) come
   last, in LP_OPT_*'s order, so that SLOT(val) is the index of every one */
enum { O_EIG, O_EIGF, O_DATA, O_COV, O_BETA, O_NVAR, O_CAP, O_BATCH, O_CLIP, O_MULT, O_EPS,
       O_DELTA, O_SHARED, O_COUNT = O_SHARED + 5 };
#define SLOT(c) ((int) (c) >= (int) LP_OPT_DIGITS ? (int) O_SHARED + (int) (c) - (int) LP_OPT_DIGITS : (int) (c))

static const struct option longopts[] = {
    { "eigenvalues", required_argument, NULL, O_EIG },
    { "eigenvalues-file", required_argument, NULL, O_EIGF },
    { "data", required_argument, NULL, O_DATA },
    { "covariance", required_argument, NULL, O_COV },
    { "beta", required_argument, NULL, O_BETA },
    { "noise-variance", required_argument, NULL, O_NVAR },
    { "capacity", required_argument, NULL, O_CAP },
    { "batch", required_argument, NULL, O_BATCH },
    { "clip", required_argument, NULL, O_CLIP },
    { "noise-multiplier", required_argument, NULL, O_MULT },
    { "epsilon", required_argument, NULL, O_EPS },
    { "delta", required_argument, NULL, O_DELTA },
    LP_OPT_SHARED_DIGITS,
    LP_OPT_SHARED_JSON,
    LP_OPT_SHARED_HELP,
    LP_OPT_SHARED_MAX_SECONDS,
    LP_OPT_SHARED_ESTIMATE,
    { NULL, 0, NULL, 0 }
};

#define BIT(o) (1u << SLOT(o))
#define COMMON (BIT(LP_OPT_JSON) | BIT(LP_OPT_HELP))
#define SPECTRUM (BIT(O_EIG) | BIT(O_EIGF) | BIT(LP_OPT_MAX_SECONDS) | BIT(LP_OPT_ESTIMATE))

static const struct {
    const char *name;
    unsigned allowed;
    int (*run)(const lp_channel_opts *o);
    const char *usage;
} subs[] = {
    { "capacity", COMMON | SPECTRUM | BIT(O_NVAR) | BIT(LP_OPT_DIGITS), lp_channel_run_capacity,
      "leakproof channel capacity --eigenvalues L1,L2,...|--eigenvalues-file F --noise-variance V\n"
      "                          [--digits D] [--json]\n"
      "  the capacity f(V) = 1/2 sum ln(1 + lambda_i / V) in nats, certified" },
    { "natural", COMMON | SPECTRUM | BIT(O_DATA) | BIT(O_CAP) | BIT(LP_OPT_DIGITS), lp_channel_run_natural,
      "leakproof channel natural --eigenvalues ...|--eigenvalues-file F|--data F.csv --capacity K\n"
      "                          [--digits D] [--json]\n"
      "  the noise variance V with f(V) = K (eq. (18)), certified" },
    { "white", COMMON | SPECTRUM | BIT(O_DATA) | BIT(O_CAP) | BIT(LP_OPT_DIGITS), lp_channel_run_white,
      "leakproof channel white --eigenvalues ...|--eigenvalues-file F|--data F.csv --capacity K\n"
      "                        [--digits D] [--json]\n"
      "  per-eigenvalue noise variances lambda_i / (exp(2 K/d) - 1) (eq. (19)), certified" },
    { "personalized", COMMON | BIT(O_COV) | BIT(O_BETA) | BIT(O_CAP) | BIT(LP_OPT_MAX_SECONDS) | BIT(LP_OPT_ESTIMATE),
      lp_channel_run_personalized,
      "leakproof channel personalized --covariance F --beta F --capacity K [--json]\n"
      "  eq. (20), its proof's form and Theorem 3 solved in doubles (not certified)" },
    { "dp", COMMON | BIT(O_BATCH) | BIT(O_CLIP) | BIT(O_MULT) | BIT(O_EPS) | BIT(O_DELTA) | BIT(LP_OPT_DIGITS),
      lp_channel_run_dp,
      "leakproof channel dp --batch B --clip S (--noise-multiplier M | --epsilon E --delta D)\n"
      "                     [--digits D] [--json]\n"
      "  Theorem 4's bound against the capacity its hypotheses allow, certified" },
    { "toy", COMMON | BIT(LP_OPT_DIGITS), lp_channel_run_toy,
      "leakproof channel toy [--digits D] [--json]\n"
      "  Section 5.2's example: noise on the gradient against noise on the data" },
};
#define NSUBS (sizeof subs / sizeof subs[0])

static void
usage(FILE *out, int only)
{
    for (size_t i = 0; i < NSUBS; i++)
        if (only < 0 || (size_t) only == i)
            fprintf(out, "%s %s\n", i == 0 || only >= 0 ? "usage:" : "      ", subs[i].usage);
    fputs("\n  Tan et al.'s sigma is a noise VARIANCE (W~ = W + sqrt(sigma) xi): --noise-variance\n"
          "  --eigenvalues      decimal numbers >= 0, comma-separated (read exactly)\n"
          "  --eigenvalues-file one or more eigenvalues per line, '#' comments (read exactly)\n"
          "  --data F.csv       one sample per row; the sample covariance's eigenvalues (GSL, doubles)\n"
          "  --covariance F     a symmetric positive definite matrix, one CSV row per line\n"
          "  --beta F           the relative noise levels beta_i > 0, one per line or CSV\n"
          "  --capacity K       the target capacity kappa (nats), > 0 and <= " LP_CAPACITY_MAX "\n"
          "  --batch B          the batch size, an integer >= 1\n"
          "  --digits D         certified significant digits, 1 to 1000 (default 20)\n"
          "  --max-seconds S    capacity, natural, white, personalized: the work budget\n"
          "                     (default 60), the eigenvalues counted or the --data or\n"
          "                     --covariance file sized first; a run estimated longer is\n"
          "                     refused (see leakproof(1), BUDGETS); SIGINT or SIGTERM stops a run\n"
          "  --estimate         print the work estimate (estimated_seconds), compute nothing\n"
          "  -h, --help         this text\n", out);
}

int
lp_cmd_channel(int argc, char **argv)
{
    lp_channel_opts o;
    const char *given[O_COUNT] = { 0 };
    int c, help = 0;
    size_t k;
    memset(&o, 0, sizeof o);
    o.digits = LP_DIGITS_STUDY;
    lp_opt g;
    lp_opt_init(&g, argc, argv, "h", longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        if (c == 'h' || c == LP_OPT_HELP)
            help = 1;
        else if (c < 0 || SLOT(c) >= O_COUNT)
            return lp_opt_error(&g, cmd);
        else
            given[SLOT(c)] = g.optarg ? g.optarg : "";
    }
    if (g.optind >= argc && help) {
        usage(lp_out(), -1);
        return lp_close_stdout(LP_EXIT_OK);
    }
    if (g.optind >= argc)
        return lp_usage_error(cmd, "missing subcommand: capacity, natural, white, personalized, dp or toy");
    if (g.optind + 1 < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[g.optind + 1]);
    for (k = 0; k < NSUBS && strcmp(argv[g.optind], subs[k].name) != 0; k++)
        ;
    if (k == NSUBS)
        return lp_usage_error(cmd, "unknown subcommand '%s': capacity, natural, white, personalized, dp or toy",
                              argv[g.optind]);
    if (help) {
        usage(lp_out(), (int) k);
        return lp_close_stdout(LP_EXIT_OK);
    }
    for (int i = 0; i < O_COUNT; i++)
        if (given[i] && !(subs[k].allowed & (1u << i)))
            return lp_usage_error(cmd, "--%s does not apply to channel %s", longopts[i].name, subs[k].name);
    if (given[SLOT(LP_OPT_DIGITS)] && lp_arg_int_range(&o.digits, cmd, "--digits", given[SLOT(LP_OPT_DIGITS)], 1, 1000))
        return LP_EXIT_USAGE;
    o.sub = subs[k].name;
    o.eig = given[O_EIG];
    o.eig_file = given[O_EIGF];
    o.data = given[O_DATA];
    o.cov = given[O_COV];
    o.beta = given[O_BETA];
    o.noise_variance = given[O_NVAR];
    o.capacity = given[O_CAP];
    o.batch = given[O_BATCH];
    o.clip = given[O_CLIP];
    o.mult = given[O_MULT];
    o.eps = given[O_EPS];
    o.delta = given[O_DELTA];
    o.json = given[SLOT(LP_OPT_JSON)] != NULL;
    if (given[SLOT(LP_OPT_MAX_SECONDS)] || given[SLOT(LP_OPT_ESTIMATE)] || o.eig_file || o.eig || o.data || o.cov) {
        /* the work budget (channel/channel_work.c): the eigenvalues counted,
           a --data or --covariance file sized (its first line), first */
        double max = LP_BUDGET_SECONDS, est = NAN;
        size_t n = 0, rows, cols;
        const char *opt = o.eig_file ? "--eigenvalues-file" : o.eig ? "--eigenvalues"
                          : o.data ? "--data" : o.cov ? "--covariance" : "--eigenvalues";
        const char *file = o.eig_file ? o.eig_file : o.data ? o.data : o.cov;
        char msg[600];
        if (given[SLOT(LP_OPT_MAX_SECONDS)] && lp_arg_positive(&max, cmd, "--max-seconds", given[SLOT(LP_OPT_MAX_SECONDS)],
                                                    "the work budget in seconds"))
            return LP_EXIT_USAGE;
        if (o.eig_file)
            n = lp_channel_count_values(o.eig_file);
        else if (o.eig) {
            n = 1;
            for (const char *t = o.eig; *t; t++)
                n += *t == ',';
        }
        if ((o.eig_file || o.eig) && n != (size_t) -1)
            est = lp_channel_work_seconds(o.sub, n, o.digits);
        else if (!o.eig_file && !o.eig && o.data && lp_channel_csv_shape(o.data, &rows, &cols) == 0)
            est = lp_channel_data_seconds(rows, cols) + lp_channel_work_seconds(o.sub, cols, o.digits);
        else if (!o.eig_file && !o.eig && !o.data && o.cov && lp_channel_csv_shape(o.cov, &rows, &cols) == 0)
            est = lp_channel_personalized_seconds(cols);
        if (given[SLOT(LP_OPT_ESTIMATE)]) {
            lp_record *rec;
            int rc;
            /* the run's own checks first: an estimate of a run the command
               refuses would say "within budget" for it */
            o.check_only = 1;
            if ((rc = subs[k].run(&o)) != 0)
                return rc;
            rec = lp_record_new("work estimate");
            lp_budget_record(rec, "channel", est, max, opt);
            rc = lp_emit(rec, o.json) != 0 ? LP_EXIT_FAIL : LP_EXIT_OK;
            lp_record_free(rec);
            return lp_close_stdout(rc);
        }
        if (lp_budget_exceeded(msg, sizeof msg, opt, file, est, max, "estimated before starting"))
            return lp_usage_error(cmd, "%s", msg);
        lp_budget_notice(lp_err(), lp_err() == stderr && isatty(2), cmd, est);
    }
    return subs[k].run(&o);
}
