/* cmd_reconstruct.c -- `leakproof reconstruct gauss|vmf|laplace ...`: the
 * Bayes-optimal reconstruction attacker (MAP's success, the MMSE) against a
 * mechanism of the registry, beside the capacity bound and Tan et al.'s
 * Theorem 1.  Parse, call src/reconstruct, emit one record. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "core/budget.h"
#include "core/host.h"
#include "mc/mc.h"
#include "mc/parallel.h"
#include "reconstruct/study.h"
#include "cmd_reconstruct.h"

static const char *const cmd = "reconstruct";
const char *const lp_recon_names[O_N] = { "--p", "--sigma", "--kappa", "--b", "--radius", "--epsilon",
                                          "--delta", "--relation", "--capacity", "--prior", "--n",
                                          "--prior-scale", "--inner", "--samples", "--seed", "--threads",
                                          "--max-seconds", "--ball-radius", "--data", "--noise-multiplier",
                                          "--sampling-rate", "--steps", "--batch", "--dataset-size", "--epochs",
                                          "--sampling" };
#define names lp_recon_names

static const char usage[] =
    "usage: leakproof reconstruct gauss|vmf|laplace --p P NOISE [PRIOR] --samples N --seed K [options]\n"
    "       leakproof reconstruct linear-gaussian|mlp ... (leakproof reconstruct mlp --help)\n"
    "\n"
    "The Bayes-optimal attacker who knows the prior and the mechanism: the MAP guess's success\n"
    "(exact reconstruction, finite prior) and the posterior mean's error (the MMSE), Monte Carlo\n"
    "estimates with standard errors; beside them the capacity bound min(1, C/n) and Tan et al.'s\n"
    "Theorem 1 (where I(D;W) has a closed form).\n"
    "\n"
    "NOISE, one of:\n"
    "  --sigma S | --kappa K | --b B      the mechanism's scale (gauss | vmf | laplace)\n"
    "  --epsilon E --delta D [--relation any-two|paper]\n"
    "                   calibrated: any-two (default) certified for any two inputs of the input\n"
    "                   set; paper: Biswas et al.'s (classical sigma at clip 1, kappa = epsilon,\n"
    "                   b = 1/epsilon)\n"
    "  --capacity BITS  calibrated to log2 C = BITS (the registry's certified capacity)\n"
    "A WHOLE RUN (the informed adversary sees every step; the run's certified bounds beside it):\n"
    "  --noise-multiplier M  gauss: sigma = M R per step (R = --radius, the clip); or --epsilon E\n"
    "                   --delta D: the run's M calibrated through the PLD (the least on 10^-3)\n"
    "  --kappa K        vmf: each step's concentration\n"
    "  --delta D        the (eps, delta) bound's delta (run-bounds' epsilon_upper_bound and\n"
    "                   eps_delta_bound from the same PLD; with --epsilon, its delta)\n"
    "  --sampling-rate Q --steps T  Poisson rate (a decimal or N/D) and steps; or\n"
    "  --batch B --dataset-size N --epochs E  q = B/N, T = E ceil(N/B)\n"
    "  --sampling poisson|fixed-batch  (fixed-batch: the bounds' replace-one pair)\n"
    "                   the prior finite: points, sphere-points, simplex (any p >= n - 1), digits\n"
    "  --radius R       the input set's radius (gauss: l2 ball, laplace: l1 ball; default 1;\n"
    "                   vmf: the unit sphere)\n"
    "PRIOR:\n"
    "  --prior points|sphere-points|simplex|gauss|ball|sphere|digits   (default points)\n"
    "                   points: n points drawn from the seed in the input set, equally likely;\n"
    "                   sphere-points: on the sphere of radius R; simplex: the n vertices of a\n"
    "                   regular simplex on it (p >= n); gauss: N(0, s^2 I); ball,\n"
    "                   sphere: uniform (vmf: only sphere-points, points, sphere, ball = sphere);\n"
    "                   digits: the first n 8x8 digit images of Debian's python3-sklearn (p = 64),\n"
    "                   centred and scaled into the input set (vmf: onto the sphere)\n"
    "  --data FILE      the digits' gzip'd CSV (default the Debian package's\n"
    "                   " LP_RECON_DIGITS_FILE ")\n"
    "  --n N            points of a finite prior, 1 to 100000 (digits: 1797; default 16)\n"
    "  --prior-scale S  s of the Gaussian prior (default 1)\n"
    "  --inner K        prior draws per sample for a continuous prior's posterior (default 2000)\n"
    "GAIN:\n"
    "  --ball-radius D  also the delta-ball gain 1{|w - x|_2 <= D} (finite prior, n <= 4096):\n"
    "                   the best guess among the prior's points, an upper bound for any guess,\n"
    "                   and the capacity times each gain's prior vulnerability\n"
    "RUN:\n"
    "  --samples N      outer samples (x, y), 2 to 1e12\n"
    "  --seed K         seed, 0 to 2^63-1: the result depends on it alone\n"
    "  --threads T      threads, 1 to 1024 (default: all cores); no effect on the result\n"
    "                   (nor has mpirun -np N where MPI is built in: see leakproof mc --help)\n"
    "  --max-seconds S  the work budget (default 3600): a run estimated longer is refused\n"
    "  --estimate       print the work estimate and compute nothing\n"
    "  --progress       a progress line on stderr (default: when it is a terminal); Ctrl-C stops\n"
    "  --json           one JSON object on stdout\n";

static int
positive(double *d, const char *const *v, int o, const char *what)
{
    int rc = lp_arg_positive(d, cmd, names[o], v[o], what);
    if (rc == 0 && !(*d >= 1e-300 && *d <= 1e300))
        return lp_usage_error(cmd, "%s (%s) must lie between 1e-300 and 1e300 (got '%s')", names[o], what, v[o]);
    return rc;
}

/* the noise scale: given, or calibrated (the calibration echoed in cal) */
static int
noise_scale(lp_recon_setup *s, lp_recon_calibration *cal, const char *const *v)
{
    static const int scale_opt[] = { O_SIGMA, O_KAPPA, O_B };
    const int given = scale_opt[s->noise];
    char err[300];
    int ways = (v[given] != NULL) + (v[O_EPSILON] != NULL || v[O_DELTA] != NULL) + (v[O_CAPACITY] != NULL);
    for (int k = 0; k < 3; k++)
        if (k != (int) s->noise && v[scale_opt[k]])
            return lp_usage_error(cmd, "%s does not apply to reconstruct %s", names[scale_opt[k]],
                                  s->noise == LP_RECON_LAPLACE ? "laplace" : lp_recon_noise_name(s->noise));
    if (ways != 1)
        return lp_usage_error(cmd, "give exactly one of %s, --epsilon with --delta, or --capacity",
                              names[given]);
    if (v[O_RELATION] && !v[O_EPSILON])
        return lp_usage_error(cmd, "--relation applies with --epsilon and --delta only");
    if (v[given]) {
        cal->calibration = "given";
        return positive(&s->scale, v, given, "the noise scale");
    }
    if (v[O_CAPACITY]) {
        double bits;
        int rc = lp_arg_positive(&bits, cmd, "--capacity", v[O_CAPACITY], "log2 C in bits");
        if (rc)
            return rc;
        cal->calibration = "capacity";
        cal->capacity_bits = v[O_CAPACITY];
        if (lp_recon_calibrate_capacity(&s->scale, s->noise, s->p, s->radius, bits, err, sizeof err) != 0)
            return lp_usage_error(cmd, "%s", err);
        return 0;
    }
    if (!v[O_EPSILON] || !v[O_DELTA])
        return lp_usage_error(cmd, "--epsilon and --delta go together");
    {
        double e, d;
        int rc = lp_arg_positive(&e, cmd, "--epsilon", v[O_EPSILON], "the DP epsilon");
        if (rc || (rc = lp_arg_unit_interval(cmd, "--delta", v[O_DELTA], 1)))
            return rc;
        (void) d;
    }
    int paper = 0;
    if (v[O_RELATION] && strcmp(v[O_RELATION], "paper") == 0)
        paper = 1;
    else if (v[O_RELATION] && strcmp(v[O_RELATION], "any-two") != 0)
        return lp_usage_error(cmd, "--relation must be any-two or paper (got '%s')", v[O_RELATION]);
    cal->calibration = paper ? "epsilon-delta-paper" : "epsilon-delta";
    cal->epsilon = v[O_EPSILON];
    cal->delta = v[O_DELTA];
    if (lp_recon_calibrate_dp(&s->scale, s->noise, s->p, s->radius, v[O_EPSILON], v[O_DELTA], paper,
                              err, sizeof err) != 0)
        return lp_usage_error(cmd, "%s", err);
    return 0;
}

static int run(lp_recon_setup *s, const lp_recon_calibration *cal, const char *const *v, int json, int estimate,
               int progress, double max_seconds);

int
lp_cmd_reconstruct(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "p", 1, NULL, O_P }, { "sigma", 1, NULL, O_SIGMA }, { "kappa", 1, NULL, O_KAPPA },
        { "b", 1, NULL, O_B }, { "radius", 1, NULL, O_RADIUS }, { "epsilon", 1, NULL, O_EPSILON },
        { "delta", 1, NULL, O_DELTA }, { "relation", 1, NULL, O_RELATION }, { "capacity", 1, NULL, O_CAPACITY },
        { "prior", 1, NULL, O_PRIOR }, { "n", 1, NULL, O_NPTS }, { "prior-scale", 1, NULL, O_PRIOR_SCALE },
        { "inner", 1, NULL, O_INNER }, { "samples", 1, NULL, O_SAMPLES }, { "seed", 1, NULL, O_SEED },
        { "threads", 1, NULL, O_THREADS }, { "max-seconds", 1, NULL, O_MAX_SECONDS },
        { "ball-radius", 1, NULL, O_BALL }, { "data", 1, NULL, O_DATA },
        { "noise-multiplier", 1, NULL, O_M }, { "sampling-rate", 1, NULL, O_Q }, { "steps", 1, NULL, O_T },
        { "batch", 1, NULL, O_BATCH }, { "dataset-size", 1, NULL, O_DATASET }, { "epochs", 1, NULL, O_EPOCHS },
        { "sampling", 1, NULL, O_SAMPLING },
        { "json", 0, NULL, O_JSON }, { "progress", 0, NULL, O_PROGRESS }, { "estimate", 0, NULL, O_ESTIMATE },
        { "help", 0, NULL, O_HELP }, { NULL, 0, NULL, 0 } };
    const char *v[O_N] = { 0 };
    int c, json = 0, progress = 0, estimate = 0, rc, prior;
    long p = 0, n = 16, inner = 2000, threads = 0;
    double max_seconds = LP_MC_BUDGET_SECONDS;
    lp_recon_setup s = { 0 };
    lp_recon_calibration cal = { 0 };
    double *data = NULL;
    char err[300];
    lp_opt g;

    for (int i = 1; i < argc; i++)      /* the models take their own options */
        if (strcmp(argv[i], "linear-gaussian") == 0 || strcmp(argv[i], "mlp") == 0)
            return lp_cmd_reconstruct_models(argc, argv, argv[i]);
    lp_opt_init(&g, argc, argv, "", longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        if (c >= 0 && c < O_N)
            v[c] = g.optarg;
        else if (c == O_JSON)
            json = 1;
        else if (c == O_PROGRESS)
            progress = 1;
        else if (c == O_ESTIMATE)
            estimate = 1;
        else if (c == O_HELP) {
            fputs(usage, lp_out());
            return lp_close_stdout(LP_EXIT_OK);
        } else
            return lp_opt_error(&g, cmd);
    }
    if (g.optind >= argc)
        return lp_usage_error(cmd, "missing mechanism: gauss, vmf or laplace");
    if (g.optind + 1 < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[g.optind + 1]);
    if (strcmp(argv[g.optind], "gauss") == 0)
        s.noise = LP_RECON_GAUSS;
    else if (strcmp(argv[g.optind], "vmf") == 0)
        s.noise = LP_RECON_VMF;
    else if (strcmp(argv[g.optind], "laplace") == 0)
        s.noise = LP_RECON_LAPLACE;
    else
        return lp_usage_error(cmd, "unknown mechanism '%s': gauss, vmf, laplace, linear-gaussian or mlp",
                              argv[g.optind]);
    const int digits = v[O_PRIOR] && strcmp(v[O_PRIOR], "digits") == 0;
    if (!v[O_P] && !digits)
        return lp_usage_error(cmd, "missing --p (see leakproof reconstruct --help)");
    if (!v[O_SAMPLES] || !v[O_SEED])
        return lp_usage_error(cmd, "missing %s (see leakproof reconstruct --help)",
                              v[O_SAMPLES] ? "--seed" : "--samples");
    const int run_mode = lp_reconstruct_is_run(v);
    const int simplex = v[O_PRIOR] && strcmp(v[O_PRIOR], "simplex") == 0;
    uint64_t d = 0;
    if (!v[O_P])
        p = LP_RECON_DIGITS_P;          /* the digits' 8x8 pixels */
    else if (run_mode && simplex) {     /* a run's attacker needs only the simplex's Gram matrix */
        if ((rc = lp_arg_dimension(&d, cmd, "--p", v[O_P])))
            return rc;
        if (d < (s.noise == LP_RECON_VMF ? 2u : 1u))
            return lp_usage_error(cmd, "--p must be an integer from %d to 2147483647 (got '%s')",
                                  s.noise == LP_RECON_VMF ? 2 : 1, v[O_P]);
        p = d > LP_RECON_P_MAX ? LP_RECON_P_MAX : (long) d;
    } else if ((rc = lp_arg_int_range(&p, cmd, "--p", v[O_P], s.noise == LP_RECON_VMF ? 2 : 1, LP_RECON_P_MAX)))
        return rc;
    s.p = (int) p;
    if (d == 0)
        d = (uint64_t) p;
    s.radius = 1;
    if (v[O_RADIUS] && s.noise == LP_RECON_VMF)
        return lp_usage_error(cmd, "--radius does not apply to reconstruct vmf (its inputs are on the unit sphere)");
    if (v[O_RADIUS] && (rc = positive(&s.radius, v, O_RADIUS, "the input set's radius")))
        return rc;
    prior = v[O_PRIOR] ? lp_recon_prior_from_name(v[O_PRIOR]) : LP_PRIOR_POINTS;
    if (prior < 0)
        return lp_usage_error(cmd, "--prior must be points, sphere-points, simplex, digits, gauss, ball or "
                              "sphere (got '%s')", v[O_PRIOR]);
    s.prior = (lp_recon_prior) prior;
    if (v[O_NPTS] && (rc = lp_arg_int_range(&n, cmd, "--n", v[O_NPTS], 1, LP_RECON_N_MAX)))
        return rc;
    if (v[O_INNER] && (rc = lp_arg_int_range(&inner, cmd, "--inner", v[O_INNER], 1, LP_RECON_INNER_MAX)))
        return rc;
    if (v[O_DATA] && !digits)
        return lp_usage_error(cmd, "--data applies with --prior digits only");
    if (digits && n > LP_RECON_DIGITS_ROWS)
        return lp_usage_error(cmd, "--n must be an integer from 1 to %d with --prior digits", LP_RECON_DIGITS_ROWS);
    if (v[O_BALL] && (rc = positive(&s.ball_radius, v, O_BALL, "the delta-ball gain's radius")))
        return rc;
    s.n = (int) n;
    s.inner = (int) inner;
    s.prior_scale = 1;
    if (v[O_PRIOR_SCALE] && (rc = positive(&s.prior_scale, v, O_PRIOR_SCALE, "the Gaussian prior's scale")))
        return rc;
    if (lp_decimal_uint64(&s.samples, v[O_SAMPLES]) != 0 || s.samples < 2
        || s.samples > UINT64_C(1000000000000))
        return lp_usage_error(cmd, "--samples must be an integer from 2 to 1e12 (got '%s')", v[O_SAMPLES]);
    if (lp_decimal_uint64(&s.seed, v[O_SEED]) != 0 || s.seed > (UINT64_C(1) << 63) - 1)
        return lp_usage_error(cmd, "--seed must be an integer from 0 to 2^63-1 (got '%s')", v[O_SEED]);
    if (v[O_THREADS] && (rc = lp_arg_int_range(&threads, cmd, "--threads", v[O_THREADS], 1, 1024)))
        return rc;
    s.threads = (int) threads;
    if (v[O_MAX_SECONDS] && (rc = lp_arg_positive(&max_seconds, cmd, "--max-seconds", v[O_MAX_SECONDS],
                                                  "the work budget in seconds")))
        return rc;
    if (!run_mode && (rc = noise_scale(&s, &cal, v)))
        return rc;
    if (digits && s.p == LP_RECON_DIGITS_P) {
        /* read now, so that a missing package is one message naming the file */
        s.data_file = v[O_DATA] ? v[O_DATA] : LP_RECON_DIGITS_FILE;
        data = malloc((size_t) s.n * LP_RECON_DIGITS_P * sizeof *data);
        if (data == NULL) {
            fprintf(lp_err(), "leakproof reconstruct: out of memory\n");
            return LP_EXIT_FAIL;
        }
        if (lp_recon_digits_read(data, s.n, s.data_file, err, sizeof err) != 0) {
            free(data);
            return lp_usage_error(cmd, "%s", err);
        }
        s.data = data;
    }
    rc = run_mode ? lp_reconstruct_run(&s, d, v, json, estimate, progress, max_seconds)
                  : run(&s, &cal, v, json, estimate, progress, max_seconds);
    free(data);
    return rc;
}

/* the checked setup: decline or estimate against the budget, else run and emit */
static int
run(lp_recon_setup *sp, const lp_recon_calibration *calp, const char *const *v, int json, int estimate,
    int progress, double max_seconds)
{
    lp_recon_setup s = *sp;
    const lp_recon_calibration cal = *calp;
    char err[300];
    lp_record *rec;
    int rc;

    if (!lp_recon_check(&s, err, sizeof err))
        return lp_usage_error(cmd, "%s", err);
    {
        const int t = lp_threads_effective(s.threads);
        const double work = lp_recon_work_seconds(&s, t);
        char what[64], msg[400];
        lp_snprintf(what, sizeof what, "estimated at %d threads", t);
        if (estimate) {
            rec = lp_record_new("work estimate");
            lp_budget_record(rec, cmd, work, max_seconds, "--samples");
            rc = lp_emit(rec, json) != 0 ? LP_EXIT_FAIL : LP_EXIT_OK;
            lp_record_free(rec);
            return lp_close_stdout(rc);
        }
        if (lp_budget_exceeded(msg, sizeof msg, "--samples", v[O_SAMPLES], work, max_seconds, what))
            return lp_usage_error(cmd, "%s", msg);
        lp_budget_notice(lp_err(), lp_err() == stderr, cmd, work);
    }
    s.progress = lp_err() != stderr ? 0 : progress ? 2 : 1;
    rec = lp_record_new("Bayes-optimal reconstruction (Monte Carlo over the secret and the noise)");
    if (lp_recon_study(rec, &s, &cal) != 0) {
        lp_record_free(rec);
        if (!lp_cancelled())
            fprintf(lp_err(), "leakproof reconstruct: out of memory\n");
        return LP_EXIT_FAIL;
    }
    rc = LP_EXIT_OK;
    if (lp_mc_rank() == 0)      /* under MPI every rank holds the result; one prints it */
        rc = lp_emit(rec, json) != 0 ? LP_EXIT_FAIL : LP_EXIT_OK;
    lp_record_free(rec);
    return lp_close_stdout(rc);
}
