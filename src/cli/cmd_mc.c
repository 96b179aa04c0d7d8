/* cmd_mc.c -- `leakproof mc gauss|vmf|laplace|gauss-layers ...`: the Monte Carlo
 * estimate of the continuous Bayes capacity, and `leakproof mc discrete`: the
 * discretised Gaussian mechanism converging to it.  Parse, call src/mc, emit
 * one record. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "core/budget.h"
#include "mc/work.h"
#include "core/host.h"
#include "mc/parallel.h"
#include "mc/study.h"

static const char *const cmd = "mc";

static const char usage[] =
    "usage: leakproof mc gauss --p P --sigma S --radius R --samples N --seed K [options]\n"
    "       leakproof mc vmf   --p P --kappa K            --samples N --seed K [options]\n"
    "       leakproof mc laplace --p P --b B --radius R --clip l1|l2 --samples N --seed K [options]\n"
    "       leakproof mc gauss-layers --sigma S --clip C --layers P1,P2,... --samples N --seed K [options]\n"
    "       leakproof mc discrete --p 1|2 --sigma S --radius R [--json]\n"
    "\n"
    "  --p P            dimension, 1 to 64 (the arbiter is for small p)\n"
    "  --sigma, --radius, --kappa   as for leakproof eval, between 1e-300 and 1e300\n"
    "  --samples N      outer samples, 2 to 1e12\n"
    "  --seed K         seed, 0 to 2^63-1: the estimate depends on it alone\n"
    "  --threads T      threads, 1 to 1024 (default: all cores); no effect on the result\n"
    "  --sup-checks M   outputs y also given a numerical maximisation, in all (default 1000)\n"
    "  --max-seconds S  the work budget (default 3600): a run estimated longer is refused\n"
    "                   with its estimate; progress on stderr when it is a terminal\n"
    "                   (or with --progress);\n"
    "                   Ctrl-C (SIGINT, SIGTERM) stops it cleanly\n"
    "  --estimate       print the work estimate (estimated_seconds) and compute nothing\n"
    "  --json           one JSON object on stdout\n"
#ifdef LP_HAVE_MPI
    "MPI: built in: mpirun -np N leakproof mc ... shares the blocks over N ranks (same bits)\n";
#else
    "MPI: not built (./configure --with-mpi)\n";
#endif

enum { O_P, O_SIGMA, O_RADIUS, O_KAPPA, O_SAMPLES, O_SEED, O_THREADS, O_CHECKS, O_B, O_CLIP,
       O_LAYERS, O_N, O_PROGRESS};
static const char *const names[O_N] = { "--p", "--sigma", "--radius", "--kappa", "--samples", "--seed",
                                        "--threads", "--sup-checks", "--b", "--clip", "--layers" };

/* which options each mechanism takes (the others are refused, named) */
static const struct { const char *name; unsigned takes; } mechanisms[] = {
    { "gauss", 1u << O_P | 1u << O_SIGMA | 1u << O_RADIUS },
    { "vmf", 1u << O_P | 1u << O_KAPPA },
    { "laplace", 1u << O_P | 1u << O_B | 1u << O_RADIUS | 1u << O_CLIP },
    { "gauss-layers", 1u << O_SIGMA | 1u << O_CLIP | 1u << O_LAYERS },
    { "discrete", 1u << O_P | 1u << O_SIGMA | 1u << O_RADIUS },
};
#define RUN_OPTIONS (1u << O_SAMPLES | 1u << O_SEED | 1u << O_THREADS | 1u << O_CHECKS)

/* a decimal option read as a double the arbiter can carry */
static int
number(double *d, const char *const *v, int o, int zero_ok, const char *what)
{
    int rc = zero_ok ? lp_arg_nonnegative(d, cmd, names[o], v[o], what)
                     : lp_arg_positive(d, cmd, names[o], v[o], what);
    if (rc == 0 && !(*d <= 1e300 && (*d >= 1e-300 || (zero_ok && *d == 0))))
        return lp_usage_error(cmd, "%s (%s) must lie between 1e-300 and 1e300 for the Monte Carlo "
                              "arbiter's doubles (got '%s')", names[o], what, v[o]);
    return rc;
}

int
lp_cmd_mc(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "p", 1, NULL, O_P }, { "sigma", 1, NULL, O_SIGMA }, { "radius", 1, NULL, O_RADIUS },
        { "kappa", 1, NULL, O_KAPPA }, { "samples", 1, NULL, O_SAMPLES }, { "seed", 1, NULL, O_SEED },
        { "threads", 1, NULL, O_THREADS }, { "sup-checks", 1, NULL, O_CHECKS }, { "b", 1, NULL, O_B },
        { "clip", 1, NULL, O_CLIP }, { "layers", 1, NULL, O_LAYERS }, LP_OPT_SHARED_JSON,
        LP_OPT_SHARED_MAX_SECONDS, { "progress", 0, NULL, O_PROGRESS },
        LP_OPT_SHARED_ESTIMATE, LP_OPT_SHARED_HELP, { NULL, 0, NULL, 0 } };
    const char *v[O_N] = { 0 }, *max_seconds_text = NULL;
    double max_seconds = LP_MC_BUDGET_SECONDS;
    double sigma = 0, radius = 0, kappa = 0, b = 0;
    int c, json = 0, progress = 0, estimate = 0, rc, mech = -1, layers[LP_MC_P_MAX], nlayers = 0;
    long p = 0, threads = 0;
    lp_mechanism m;
    lp_mc_options opt = { 0 };
    lp_mc_input inputs[O_N];
    lp_record *rec;

    lp_opt g;

    lp_opt_init(&g, argc, argv, "", longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        if (c >= 0 && c < O_N)
            v[c] = g.optarg;
        else if (c == LP_OPT_JSON)
            json = 1;
        else if (c == O_PROGRESS)
            progress = 1;
        else if (c == LP_OPT_ESTIMATE)
            estimate = 1;
        else if (c == LP_OPT_MAX_SECONDS)
            max_seconds_text = g.optarg;
        else if (c == LP_OPT_HELP) {
            fputs(usage, lp_out());
            return lp_close_stdout(LP_EXIT_OK);
        } else
            return lp_opt_error(&g, cmd);
    }
    if (g.optind >= argc)
        return lp_usage_error(cmd, "missing mechanism: gauss, vmf, laplace, gauss-layers or discrete");
    if (g.optind + 1 < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[g.optind + 1]);
    for (size_t i = 0; i < sizeof mechanisms / sizeof mechanisms[0]; i++)
        if (strcmp(argv[g.optind], mechanisms[i].name) == 0)
            mech = (int) i;
    if (mech < 0)
        return lp_usage_error(cmd, "unknown mechanism '%s': gauss, vmf, laplace, gauss-layers or discrete",
                              argv[g.optind]);
    for (int o = 0; o < O_N; o++) {
        unsigned takes = mechanisms[mech].takes | (mech == 4 ? 0 : RUN_OPTIONS);
        if (v[o] && !(takes >> o & 1))
            return lp_usage_error(cmd, "%s does not apply to mc %s", names[o], mechanisms[mech].name);
        if (!v[o] && (mechanisms[mech].takes >> o & 1 || (mech != 4 && (o == O_SAMPLES || o == O_SEED))))
            return lp_usage_error(cmd, "missing %s (see leakproof mc --help)", names[o]);
    }
    if (v[O_P] && (rc = lp_arg_int_range(&p, cmd, "--p", v[O_P], 1, mech == 4 ? 2 : LP_MC_P_MAX)))
        return rc;
    if ((v[O_SIGMA] && (rc = number(&sigma, v, O_SIGMA, 0, "noise scale")))
        || (v[O_RADIUS] && (rc = number(&radius, v, O_RADIUS, 1, "clipping radius")))
        || (v[O_KAPPA] && (rc = number(&kappa, v, O_KAPPA, 1, "concentration")))
        || (v[O_B] && (rc = number(&b, v, O_B, 0, "Laplace scale")))
        || (mech == 3 && (rc = number(&radius, v, O_CLIP, 1, "per-layer clipping norm"))))
        return rc;
    if (mech == 2 && strcmp(v[O_CLIP], "l1") != 0 && strcmp(v[O_CLIP], "l2") != 0)
        return lp_usage_error(cmd, "--clip for laplace must be l1 or l2 (got '%s')", v[O_CLIP]);
    if (mech == 3) {
        char *copy = strdup(v[O_LAYERS]), *save = NULL;
        for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            uint64_t size;
            if (nlayers >= LP_MC_P_MAX || lp_decimal_uint64(&size, tok) != 0 || size < 1
                || (p += (long) size) > LP_MC_P_MAX) {
                free(copy);
                return lp_usage_error(cmd, "--layers: sizes are integers >= 1 adding up to at most %d (got '%s')",
                                      LP_MC_P_MAX, v[O_LAYERS]);
            }
            layers[nlayers++] = (int) size;
        }
        free(copy);
        if (nlayers == 0)
            return lp_usage_error(cmd, "--layers is empty");
    }
    if (mech == 4 && estimate)
        return lp_usage_error(cmd, "--estimate does not apply to mc discrete (its grid is small and fixed)");
    if (mech == 4) {
        rec = lp_record_new("discretised Gaussian mechanism (inputs on a grid in the ball, "
                            "square bins over [-R-9 sigma, R+9 sigma]^p plus the outside)");
        lp_mc_study_discrete(rec, (int) p, sigma, radius, v[O_SIGMA], v[O_RADIUS]);
        goto emit;
    }
    if (lp_decimal_uint64(&opt.samples, v[O_SAMPLES]) != 0 || opt.samples < 2
        || opt.samples > UINT64_C(1000000000000))
        return lp_usage_error(cmd, "--samples must be an integer from 2 to 1e12 (got '%s')", v[O_SAMPLES]);
    if (lp_decimal_uint64(&opt.seed, v[O_SEED]) != 0)
        return lp_usage_error(cmd, "--seed must be an integer from 0 to 2^63-1 (got '%s')", v[O_SEED]);
    if (v[O_THREADS] && (rc = lp_arg_int_range(&threads, cmd, "--threads", v[O_THREADS], 1, 1024)))
        return rc;
    opt.threads = (int) threads;
    opt.sup_checks = LP_MC_DEFAULT_SUP_CHECKS;
    if (v[O_CHECKS] && (lp_decimal_uint64(&opt.sup_checks, v[O_CHECKS]) != 0 || opt.sup_checks > opt.samples))
        return lp_usage_error(cmd, "--sup-checks must be an integer from 0 to --samples (got '%s')", v[O_CHECKS]);
    if (max_seconds_text && (rc = lp_arg_positive(&max_seconds, cmd, "--max-seconds", max_seconds_text,
                                                   "the work budget in seconds")))
        return rc;
    {
        /* the work, estimated before it starts (src/mc/work.c) */
        const double work = lp_mc_work_seconds(mech == 2 ? (strcmp(v[O_CLIP], "l2") == 0 ? "laplace-l2"
                                                                                  : "laplace-l1")
                                               : mechanisms[mech].name, (int) p, opt.samples,
                                               lp_threads_effective((int) threads));
        char what[64], msg[400];
        lp_snprintf(what, sizeof what, "estimated at %d threads", lp_threads_effective((int) threads));
        if (estimate) {
            rec = lp_record_new("work estimate");
            lp_budget_record(rec, "mc", work, max_seconds, "--samples");
            rc = lp_emit(rec, json) != 0 ? LP_EXIT_FAIL : LP_EXIT_OK;
            lp_record_free(rec);
            return lp_close_stdout(rc);
        }
        if (lp_budget_exceeded(msg, sizeof msg, "--samples", v[O_SAMPLES], work, max_seconds, what))
            return lp_usage_error(cmd, "%s", msg);
    }
    /* a progress line on the program's stderr, never a host's (lp_call): on a
       terminal, or everywhere with --progress */
    opt.progress = lp_err() != stderr ? 0 : progress ? 2 : 1;
    rc = mech == 0 ? lp_mechanism_gauss(&m, (int) p, sigma, radius)
         : mech == 1 ? lp_mechanism_vmf(&m, (int) p, kappa)
         : mech == 2 ? lp_mechanism_laplace(&m, (int) p, b, radius, strcmp(v[O_CLIP], "l2") == 0)
         : lp_mechanism_gauss_layers(&m, layers, nlayers, sigma, radius);
    if (rc == LP_MC_TOO_WIDE)
        return lp_usage_error(cmd, "%s %s is too large against %s %s at p = %ld: the importance weights "
                              "(about (R/scale)^p) would overflow the arbiter's doubles",
                              mech == 3 ? "--clip" : "--radius", mech == 3 ? v[O_CLIP] : v[O_RADIUS],
                              mech == 2 ? "--b" : "--sigma", mech == 2 ? v[O_B] : v[O_SIGMA], p);
    if (rc != 0)
        return lp_usage_error(cmd, mech == 1 ? "--kappa %s: C_{p,kappa} could not be computed"
                              : "the mechanism cannot be set up for these parameters%s", mech == 1 ? v[O_KAPPA] : "");
    for (int o = O_SIGMA; o < O_N; o++)         /* the mechanism's inputs, echoed */
        inputs[o - O_SIGMA] = (lp_mc_input) { names[o] + 2, o < O_SAMPLES || o > O_CHECKS ? v[o] : NULL };
    rec = lp_record_new("Monte Carlo estimate of the Bayes capacity");
    if (lp_mc_study_estimate(rec, &m, &opt, inputs, O_N - O_SIGMA) != 0) {
        lp_record_free(rec);
        if (!lp_cancelled())    /* interrupted: lp_cli_run says so */
            fprintf(lp_err(), "leakproof mc: out of memory\n");
        return LP_EXIT_FAIL;
    }
emit:
    if (lp_mc_rank() == 0)      /* under MPI every rank holds the result; one prints it */
        lp_emit(rec, json);
    lp_record_free(rec);
    return lp_close_stdout(LP_EXIT_OK);
}
