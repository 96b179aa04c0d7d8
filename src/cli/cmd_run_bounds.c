/* cmd_run_bounds.c -- `leakproof run-bounds RUN (--prior-size N | --baseline
 * K) [--p P] [--target-success S]`: a training run's reconstruction bounds
 * side by side (src/runbounds/).  The run is read by account's own parser
 * (lp_account_parse, as `account --accountant pld` takes it: mechanism, M, q,
 * T or the DP-SGD vocabulary, sampling, relation, phases); this file takes
 * only what is its own, hands the rest over, and says account's messages
 * under its own name. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cmd_account.h"
#include "account/pld/study/pld_plan.h"
#include "core/budget.h"
#include "core/decimal_ops.h"
#include "runbounds/runbounds.h"

static const char *const cmd = "run-bounds";

static const char usage[] =
    "usage: leakproof run-bounds RUN (--prior-size N | --baseline K) [--p P] [--delta D]\n"
    "                            [--digits N] [--width W] [--max-grid-size N] [--max-seconds S]\n"
    "                            [--estimate] [--json]\n"
    "       leakproof run-bounds RUN --target-success S (--prior-size N | --baseline K)\n"
    "                            [--resolution K] [...]\n"
    "\n"
    "What bounds an informed attacker's success at reconstructing one training record from a\n"
    "whole DP-SGD run, every bound side by side, certified, at the prior's baseline kappa:\n"
    "  rero        1 - f(kappa): the run's trade-off curve at kappa, a certified bracket of the\n"
    "              tight bound for the pair that dominates the run with and without the record\n"
    "              (Hayes, Mahloujifar, Balle 2023; Kaissis et al. 2023); at q = 1 the\n"
    "              Gaussian's closed form Phi(Phi^-1(kappa) + sqrt(T)/M) beside it\n"
    "  eps-delta   e^eps kappa + delta at the run's certified epsilon (--delta), and the best\n"
    "              over delta\n"
    "  renyi       min over orders of (e^RDP(a) kappa)^((a-1)/a)\n"
    "  capacity    min(1, C kappa), C the run's Bayes capacity (needs --p)\n"
    "  fisher      the least MSE of an unbiased estimate of the record, p M^2 C^2/(T q) (needs --p)\n"
    "RUN: as leakproof account --accountant pld takes it (see leakproof account --help):\n"
    "  --noise-multiplier M --sampling-rate Q --steps T, or --batch B --dataset-size N --epochs E\n"
    "  [--sampling poisson|opacus|fixed-batch] [--steps-rule R], --sampling-rate 1 (full batch),\n"
    "  --phase M,Q,T ..., --mechanism vmf --kappa K --p P | laplace --b B | rr | epsdelta,\n"
    "  --relation remove|both|replace (default both: the ReRo bound takes the remove\n"
    "  direction, the attacker's pair; the eps-delta bound the worse)\n"
    "BASELINE:\n"
    "  --prior-size N    kappa = 1/N: N equally likely candidates\n"
    "  --baseline K      kappa = K, a decimal or N/D in (0, 1): the largest prior mass any one\n"
    "                    answer has (Hayes et al.'s kappa)\n"
    "  --p P             the record's dimension (the clipped gradient's): the capacity and\n"
    "                    Fisher bounds (vmf: the sphere's, as account)\n"
    "  --delta D         the delta of the (eps, delta) bound (default: none; the grid sized\n"
    "                    for 1e-5)\n"
    "  --target-success S  the least multiplier M on the grid 10^-K (--resolution K, default\n"
    "                    2) whose certified ReRo bound is at most S (one Gaussian run)\n"
    "  --digits N        significant digits of the printed bounds (default 6)\n"
    "  --max-seconds S   the work budget (default 60); --estimate prints it, computes nothing\n"
    "  --json            one JSON object on stdout\n";

/* run-bounds' own options; the rest is account's */
enum { O_PRIOR_SIZE, O_BASELINE, O_P, O_TARGET, O_RESOLUTION, O_MAX_SECONDS, O_N };
static const char *const own[O_N] = { "--prior-size", "--baseline", "--p", "--target-success", "--resolution",
                                      "--max-seconds" };

/* account's messages under run-bounds' name */
static void
relabel(const char *text)
{
    const char *from = "leakproof account:";
    while (text && *text) {
        const char *nl = strchr(text, '\n');
        size_t len = nl ? (size_t) (nl - text + 1) : strlen(text);
        if (strncmp(text, from, strlen(from)) == 0)
            fprintf(lp_err(), "leakproof %s:%.*s", cmd, (int) (len - strlen(from)), text + strlen(from));
        else
            fprintf(lp_err(), "%.*s", (int) len, text);
        text += len;
    }
}

/* account's parser over av (its messages relabelled) */
static int
parse_run(lp_account_opts *o, int ac, char **av)
{
    FILE *out = lp_out(), *err = lp_err(), *mem;
    char *buf = NULL;
    size_t len = 0;
    int rc;
    if ((mem = open_memstream(&buf, &len)) == NULL)
        return lp_usage_error(cmd, "out of memory");
    lp_cli_redirect(out, mem);
    rc = lp_account_parse(o, ac, av);
    if (rc == 0 && o->fixed_batch)      /* as account does after its parse */
        rc = lp_account_check_fixed_batch(o);
    lp_cli_redirect(out, err);
    fclose(mem);
    relabel(buf);
    free(buf);
    return rc;
}

static int
has(char **av, int ac, const char *name)
{
    for (int i = 1; i < ac; i++)
        if (strcmp(av[i], name) == 0 || (strncmp(av[i], name, strlen(name)) == 0 && av[i][strlen(name)] == '='))
            return 1;
    return 0;
}

static int run(const lp_account_opts *o, const char *const *v, int json, int estimate, int delta_given);

int
lp_cmd_run_bounds(int argc, char **argv)
{
    const char *v[O_N] = { 0 };
    char **av = malloc((size_t) (argc + 10) * sizeof *av);
    int ac = 0, json = 0, estimate = 0, vmf, rc, delta_given;
    lp_account_opts o;

    if (av == NULL)
        return lp_usage_error(cmd, "out of memory");
    av[ac++] = "account";
    for (int i = 1; i < argc; i++) {
        int k = -1;
        const char *val = NULL;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            free(av);
            fputs(usage, lp_out());
            return lp_close_stdout(LP_EXIT_OK);
        }
        if (strcmp(argv[i], "--") == 0) {       /* no operands: what follows is account's */
            for (i++; i < argc; i++)
                av[ac++] = argv[i];
            break;
        }
        for (int j = 0; j < O_N; j++) {
            const size_t n = strlen(own[j]);
            if (strcmp(argv[i], own[j]) == 0 || (strncmp(argv[i], own[j], n) == 0 && argv[i][n] == '=')) {
                k = j;
                val = argv[i][n] == '=' ? argv[i] + n + 1 : i + 1 < argc ? argv[++i] : NULL;
            }
        }
        if (k < 0) {
            if (strcmp(argv[i], "--json") == 0)
                json = 1;
            else if (strcmp(argv[i], "--estimate") == 0)
                estimate = 1;
            else
                av[ac++] = argv[i];
            continue;
        }
        if (val == NULL) {
            free(av);
            return lp_usage_error(cmd, "%s needs a value", own[k]);
        }
        if (v[k]) {
            free(av);
            return lp_usage_error(cmd, "%s given twice", own[k]);
        }
        v[k] = val;
    }
    /* what run-bounds asks of account's parser: the PLD, a delta to size its grid */
    if (has(av, ac, "--epsilon") || has(av, ac, "--delta-for-epsilon") || has(av, ac, "--plot")) {
        const char *bad = has(av, ac, "--epsilon") ? "--epsilon" : has(av, ac, "--plot") ? "--plot"
                                                                                          : "--delta-for-epsilon";
        free(av);
        return lp_usage_error(cmd, "%s is account's; run-bounds takes --target-success (the least multiplier "
                              "whose ReRo bound meets it) and --delta (the eps-delta bound's)", bad);
    }
    vmf = 0;
    for (int i = 1; i + 1 < ac; i++)
        if (strcmp(av[i], "--mechanism") == 0 && strcmp(av[i + 1], "vmf") == 0)
            vmf = 1;
    if (!has(av, ac, "--accountant")) {
        av[ac++] = "--accountant";
        av[ac++] = "pld";
    }
    delta_given = has(av, ac, "--delta");
    if (!delta_given) {
        av[ac++] = "--delta";
        av[ac++] = "1e-5";
    }
    if (vmf && v[O_P]) {
        av[ac++] = "--p";
        av[ac++] = (char *) v[O_P];
    }
    if (v[O_TARGET]) {
        if (has(av, ac, "--noise-multiplier")) {
            free(av);
            return lp_usage_error(cmd, "--target-success and --noise-multiplier exclude each other (give M to "
                                  "get its bounds, or a target success to get the least M)");
        }
        av[ac++] = "--noise-multiplier";
        av[ac++] = "1";         /* a placeholder for the parser: the search sets M */
    }
    if (v[O_MAX_SECONDS] && (rc = lp_arg_positive(&(double) { 0 }, cmd, "--max-seconds", v[O_MAX_SECONDS],
                                                  "the work budget in seconds"))) {
        free(av);
        return rc;
    }
    av[ac] = NULL;
    rc = parse_run(&o, ac, av);
    free(av);
    if (rc != 0) {
        lp_account_opts_clear(&o);
        return rc == -1 ? lp_close_stdout(LP_EXIT_OK) : rc;
    }
    lp_account_read(&o);        /* every check of account's passed: its numbers read, once */
    rc = run(&o, v, json, estimate, delta_given);
    lp_account_opts_clear(&o);
    return lp_close_stdout(rc);
}

/* the checks of what is run-bounds' own, the budget, the study, the record */
static int
run(const lp_account_opts *o, const char *const *v, int json, int estimate, int delta_given)
{
    lp_runbounds_request req;
    lp_account_request rdp;
    lp_account_phase gauss_phase[LP_ACCOUNT_PHASES_MAX];
    lp_vmf_step vstep = { &o->kappa_x, o->p, o->sensitivity ? &o->sensitivity_x : NULL };
    char baseline[48];
    long resolution = 2;
    uint64_t n = 0, p = 0;
    double max = LP_BUDGET_SECONDS, est, bytes;
    size_t nmax, kmax;
    const char *why = NULL;
    lp_record *rec;
    int rc, gauss_only;
    arb_t k;

    if (!o->pld || o->lists)
        return lp_usage_error(cmd, "run-bounds composes the PLD of one run: --accountant pld, one --delta");
    if (o->rel == 1)
        return lp_usage_error(cmd, "--relation add: the attacker's pair is the run with the record against the "
                              "run without it, the remove direction (or both, or replace)");
    if ((v[O_PRIOR_SIZE] != NULL) == (v[O_BASELINE] != NULL))
        return lp_usage_error(cmd, "give exactly one of --prior-size N (kappa = 1/N) and --baseline K");
    if (v[O_PRIOR_SIZE]) {
        if (lp_decimal_uint64(&n, v[O_PRIOR_SIZE]) != 0 || n < 2 || n > UINT64_C(1000000000000))
            return lp_usage_error(cmd, "--prior-size must be an integer from 2 to 1e12 (got '%s')", v[O_PRIOR_SIZE]);
        snprintf(baseline, sizeof baseline, "1/%llu", (unsigned long long) n);
    } else {
        arb_init(k);
        rc = lp_runbounds_kappa(k, v[O_BASELINE], 128);
        arb_clear(k);
        if (rc != 0 || lp_decimal_cmp_exact(v[O_BASELINE], "1") == 0 || strcmp(v[O_BASELINE], "1/1") == 0)
            return lp_usage_error(cmd, "--baseline must be a decimal or a fraction N/D in (0, 1) (got '%s')",
                                  v[O_BASELINE]);
        snprintf(baseline, sizeof baseline, "%s", v[O_BASELINE]);
    }
    if (v[O_P] && (rc = lp_arg_dimension(&p, cmd, "--p", v[O_P])))
        return rc;
    if (o->vmf || o->pld_mech == 1)
        p = o->p;
    if (v[O_RESOLUTION] && !v[O_TARGET])
        return lp_usage_error(cmd, "--resolution needs --target-success (the least multiplier's grid)");
    if (v[O_RESOLUTION] && (rc = lp_arg_int_range(&resolution, cmd, "--resolution", v[O_RESOLUTION], 0, 4)))
        return rc;
    if (v[O_MAX_SECONDS])
        max = lp_strtod(v[O_MAX_SECONDS], NULL);
    memset(&req, 0, sizeof req);
    lp_account_rdp_request(&rdp, o);
    rdp.peer = NULL;            /* the RDP curve alone: no peer, no comparison, no per-order table */
    rdp.compare = 0;
    rdp.per_order = 0;
    rdp.delta_for_eps = NULL;
    rdp.replace = o->rel == 3 && !o->fixed_batch;     /* the PLD's parse leaves o->replace unset */
    rdp.phase = NULL;           /* the PLD's parse reads its phases into o->pld_phase: the */
    rdp.nphases = 0;            /* Gaussian ones are RDP's phases too, the same values */
    gauss_only = lp_account_rdp_pld_phases(&rdp, gauss_phase, o);
    lp_account_pld_request(&req.pld, o, 0);
    req.rdp = o->pld_mech == 0 && gauss_only ? &rdp : NULL;
    req.vmf = o->pld_mech == 1 ? &vstep : NULL;
    req.baseline = baseline;
    req.prior_size = n;
    req.p = p;
    req.delta = delta_given ? o->delta : NULL;
    req.digits = o->digits;
    if (v[O_TARGET]) {
        if (o->nphases || o->pld_mech != 0)
            return lp_usage_error(cmd, "--target-success takes one Gaussian run (not phases nor --mechanism)");
        arb_init(k);
        rc = lp_runbounds_kappa(k, v[O_TARGET], 128);
        arb_clear(k);
        if (rc != 0 || lp_decimal_cmp_exact(v[O_TARGET], "1") >= 0)
            return lp_usage_error(cmd, "--target-success must be a decimal in (0, 1) (got '%s')", v[O_TARGET]);
    }
    /* the budget: the PLD's grid (pld_plan.c) for both relations, the
       inverse about 15 compositions */
    {
        lp_pld_request pr = req.pld;   /* with --target-success M is the parser's placeholder 1 */
        char msg[400];
        est = lp_pld_work_seconds(&pr, &bytes, &nmax, &kmax, &why) * (v[O_TARGET] ? 15 : 1.5);
        if (why && !lp_cancelled())
            return lp_usage_error(cmd, "declined before starting: %s", why);
        if (estimate) {
            rec = lp_record_new("work estimate");
            lp_budget_record(rec, cmd, est, max, "--width");
            rc = lp_emit(rec, json) != 0 ? LP_EXIT_FAIL : LP_EXIT_OK;
            lp_record_free(rec);
            return rc;
        }
        if (lp_budget_exceeded(msg, sizeof msg, "--width", o->width_text ? o->width_text : "0.01", est, max,
                               "estimated before starting"))
            return lp_usage_error(cmd, "%s", msg);
        lp_budget_notice(lp_err(), lp_err() == stderr, cmd, est);
    }
    if (v[O_TARGET]) {
        rec = lp_record_new("least noise multiplier whose ReRo bound meets a target success (privacy loss "
                            "distribution, certified)");
        rc = lp_runbounds_least_multiplier(rec, &req, v[O_TARGET], resolution);
    } else {
        rec = lp_record_new("a run's reconstruction bounds (ReRo, eps-delta, Renyi, capacity, Fisher; certified)");
        rc = lp_runbounds_study(rec, &req);
    }
    if (rc == LP_PLD_OUT_OF_MEMORY || rc == LP_PLD_INTERRUPTED) {
        if (rc == LP_PLD_OUT_OF_MEMORY)
            fprintf(lp_err(), "leakproof %s: out of memory (the PLD grid)\n", cmd);
        lp_record_free(rec);
        return rc == LP_PLD_OUT_OF_MEMORY ? LP_EXIT_RESOURCES : LP_EXIT_INTERRUPTED;
    }
    if (lp_emit(rec, json) != 0)
        rc = LP_EXIT_FAIL;
    else
        rc = rc == LP_PLD_OK ? LP_EXIT_OK : v[O_TARGET] ? LP_EXIT_FAIL : LP_EXIT_UNCERTIFIED;
    lp_record_free(rec);
    return rc;
}
