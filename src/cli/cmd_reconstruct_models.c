/* cmd_reconstruct_models.c -- `leakproof reconstruct linear-gaussian` (Tan et al.'s figures in
 * their linear-Gaussian model) and `leakproof reconstruct mlp` (Balunovic et al.'s Fig. 4).
 * Parse, call src/reconstruct, emit one record. */
#include <string.h>
#include "cli.h"
#include "core/budget.h"
#include "core/host.h"
#include "reconstruct/mlp.h"
#include "reconstruct/models.h"

static const char *const cmd = "reconstruct";

static const char usage[] =
    "usage: leakproof reconstruct linear-gaussian [--json]\n"
    "       leakproof reconstruct mlp [--trials N] [--steps S] [--seed K] [--estimate] [--max-seconds S] [--json]\n"
    "\n"
    "linear-gaussian: Tan et al.'s Figs. 6, 8, 10, 13, 14 in their linear-Gaussian model (data\n"
    "  N(0, diag lambda), lambda_i = 222.21 i^-1.2), the optimal attacker's MSE in closed form.\n"
    "mlp: Balunovic et al.'s Fig. 4: 20-dimensional N(0, I) inputs, labels argmax(Wx), a 2-layer\n"
    "  MLP, Laplace noise 0.1 on its gradient; the four prior x conditional attacks by Adam,\n"
    "  the mean distance to the input per step over N trials (default 100, 2 to 100000), S steps\n"
    "  (default 200, 1 to 1000), network and trials from seed K (default 7).\n";

int
lp_cmd_reconstruct_models(int argc, char **argv, const char *model)
{
    enum { O_TRIALS, O_STEPS, O_SEED, O_MAX, O_JSON, O_EST, O_HELP };
    static const struct option longopts[] = {
        { "trials", 1, NULL, O_TRIALS }, { "steps", 1, NULL, O_STEPS }, { "seed", 1, NULL, O_SEED },
        { "max-seconds", 1, NULL, O_MAX }, { "json", 0, NULL, O_JSON }, { "estimate", 0, NULL, O_EST },
        { "help", 0, NULL, O_HELP }, { NULL, 0, NULL, 0 } };
    const int mlp = strcmp(model, "mlp") == 0;
    long trials = 100, steps = 200;
    double max_seconds = LP_BUDGET_SECONDS;
    uint64_t seed = 7;
    int c, json = 0, estimate = 0, rc;
    lp_record *rec;
    lp_opt g;

    lp_opt_init(&g, argc, argv, "", longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        if (c == O_HELP) {
            fputs(usage, lp_out());
            return lp_close_stdout(LP_EXIT_OK);
        } else if (c == O_JSON) {
            json = 1;
        } else if (!mlp && (c == O_TRIALS || c == O_STEPS || c == O_SEED || c == O_MAX || c == O_EST)) {
            return lp_usage_error(cmd, "reconstruct linear-gaussian takes no %s", argv[g.optind - 1]);
        } else if (c == O_TRIALS) {
            if ((rc = lp_arg_int_range(&trials, cmd, "--trials", g.optarg, 2, 100000)))
                return rc;
        } else if (c == O_STEPS) {
            if ((rc = lp_arg_int_range(&steps, cmd, "--steps", g.optarg, 1, LP_MLP_STEPS_MAX)))
                return rc;
        } else if (c == O_SEED) {
            if (lp_decimal_uint64(&seed, g.optarg) != 0 || seed > (UINT64_C(1) << 63) - 1)
                return lp_usage_error(cmd, "--seed must be an integer from 0 to 2^63-1 (got '%s')", g.optarg);
        } else if (c == O_MAX) {
            if ((rc = lp_arg_positive(&max_seconds, cmd, "--max-seconds", g.optarg, "the work budget in seconds")))
                return rc;
        } else if (c == O_EST) {
            estimate = 1;
        } else {
            return lp_opt_error(&g, cmd);
        }
    }
    if (g.optind + 1 < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[g.optind + 1]);
    if (!mlp) {
        rec = lp_record_new("Tan et al.'s figures in the linear-Gaussian model (closed-form MMSE)");
        lp_lg_study(rec);
    } else {
        /* about 6 ms a trial of 200 steps and four attacks on one core, times 1.5; 40 tuning trials */
        const double work = 1.5 * 3e-5 * (double) steps * (double) (trials + 40);
        char msg[400];
        if (estimate) {
            rec = lp_record_new("work estimate");
            lp_budget_record(rec, cmd, work, max_seconds, "--trials");
            rc = lp_emit(rec, json) != 0 ? LP_EXIT_FAIL : LP_EXIT_OK;
            lp_record_free(rec);
            return lp_close_stdout(rc);
        }
        if (lp_budget_exceeded(msg, sizeof msg, "--trials", NULL, work, max_seconds, "estimated"))
            return lp_usage_error(cmd, "%s", msg);
        lp_budget_notice(lp_err(), lp_err() == stderr, cmd, work);
        rec = lp_record_new("Balunovic et al.'s Fig. 4: four Bayes attacks on a 2-layer MLP");
        if (lp_mlp_study(rec, (int) trials, (int) steps, seed) != 0) {
            lp_record_free(rec);
            if (!lp_cancelled())
                fprintf(lp_err(), "leakproof reconstruct: out of memory\n");
            return LP_EXIT_FAIL;
        }
    }
    rc = lp_emit(rec, json) != 0 ? LP_EXIT_FAIL : LP_EXIT_OK;
    lp_record_free(rec);
    return lp_close_stdout(rc);
}
