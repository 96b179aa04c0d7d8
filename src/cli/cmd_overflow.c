/* cmd_overflow.c -- `leakproof overflow MECHANISM --method M ...`: for every
 * grid point, the smallest p at which the method fails (exact: p fails, p - 1
 * does not), and for mpfr the precision that keeps 15 digits as p grows.  The
 * options come from the registry: --NAME-grid for the parameter that varies,
 * --NAME for the others. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "core/host.h"
#include "check/overflow.h"
#include "check/overflow_work.h"
#include "core/budget.h"
#include <unistd.h>

static const char *const cmd = "overflow";

/* The default grid of a mechanism's first noise parameter. */
static const struct { lp_param_id id; const char *grid; } default_grids[] = {
    { LP_PARAM_ID_SIGMA, "0.5,1,2" }, { LP_PARAM_ID_KAPPA, "1,10,173" }, { LP_PARAM_ID_B, "0.1,1" },
};

static void
overflow_usage(FILE *out)
{
    fputs("usage: leakproof overflow MECHANISM --method M [--form F] [--NAME-grid V1,V2,...]\n"
          "                          [--NAME V] [--p-max P] [--max-seconds S] [--estimate]\n"
          "                          [--json|--csv]\n"
          "  for each grid point, the smallest p at which the method returns inf, NaN or 0, or\n"
          "  agrees with arb to fewer than half its digits (exact: p fails and p - 1 does not);\n"
          "  methods: mpfr (at the bits of 17 digits), double, logdouble, gsl.  With mpfr, also the\n"
          "  precision that keeps 15 digits at p = 10, 100, 1000, 13700, 100000.\n"
          "  gauss:      --sigma-grid (default 0.5,1,2), --radius (default 1)\n"
          "  vmf:        --kappa-grid (default 1,10,173)\n"
          "  laplace-l1: --b-grid (default 0.1,1), --radius (default 1)\n"
          "  One parameter varies (its --NAME-grid); the others are fixed (--NAME).\n"
          "  --max-seconds S  the work budget (default 60): a run whose estimated work is longer\n"
          "                   is refused with its estimate (see leakproof(1), BUDGETS); SIGINT or\n"
          "                   SIGTERM stops a run cleanly (no record)\n"
          "  --estimate       print the work estimate (estimated_seconds) and compute nothing\n"
          "  leakproof overflow account --method double|logdouble ...: the DP-SGD accountant\n"
          "  (see leakproof overflow account --help).\n", out);
}

int
lp_cmd_overflow(int argc, char **argv)
{
    enum { O_FORM = 256, O_METHOD, O_PMAX, O_CSV, O_VALUE = 300, O_GRID = 400 };
    struct option longopts[2 * LP_NPARAMS + 10];
    const char *max_seconds_text = NULL;
    int estimate = 0;
    char names[LP_NPARAMS][24];
    const char *value[LP_NPARAMS] = { 0 }, *gridtext[LP_NPARAMS] = { 0 };
    const char *form_name = NULL, *method_name = NULL, *pmax_text = NULL;
    const lp_mechanism_spec *mech;
    const lp_form *form;
    lp_params base;
    int k = 0, c, m, rc, json = 0, csv = 0, grid_id = -1;
    uint64_t p_max = LP_P_MAX;
    char **grid = NULL, err[300];
    size_t ng = 0;
    lp_record *rec;

    /* the accountant has options of its own (cmd_overflow_account.c) */
    if (argc > 1 && strcmp(argv[1], "account") == 0)
        return lp_cmd_overflow_account(argc - 1, argv + 1);
    for (int id = 0; id < LP_NPARAMS; id++) {
        if (id == LP_PARAM_ID_P || id == LP_PARAM_ID_LAYERS)
            continue;
        snprintf(names[id], sizeof names[id], "%s-grid", lp_param_specs[id].name);
        longopts[k++] = (struct option) { lp_param_specs[id].name, required_argument, NULL, O_VALUE + id };
        longopts[k++] = (struct option) { names[id], required_argument, NULL, O_GRID + id };
    }
    longopts[k++] = (struct option) { "form", required_argument, NULL, O_FORM };
    longopts[k++] = (struct option) { "method", required_argument, NULL, O_METHOD };
    longopts[k++] = (struct option) { "p-max", required_argument, NULL, O_PMAX };
    longopts[k++] = (struct option) LP_OPT_SHARED_JSON;
    longopts[k++] = (struct option) { "csv", no_argument, NULL, O_CSV };
    longopts[k++] = (struct option) LP_OPT_SHARED_HELP;
    longopts[k++] = (struct option) LP_OPT_SHARED_MAX_SECONDS;
    longopts[k++] = (struct option) LP_OPT_SHARED_ESTIMATE;
    longopts[k++] = (struct option) { NULL, 0, NULL, 0 };

    lp_opt g;

    lp_opt_init(&g, argc, argv, "h", longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        if (c >= O_VALUE && c < O_VALUE + LP_NPARAMS) { value[c - O_VALUE] = g.optarg; continue; }
        if (c >= O_GRID && c < O_GRID + LP_NPARAMS) { gridtext[c - O_GRID] = g.optarg; continue; }
        switch (c) {
        case O_FORM: form_name = g.optarg; break;
        case O_METHOD: method_name = g.optarg; break;
        case O_PMAX: pmax_text = g.optarg; break;
        case LP_OPT_JSON: json = 1; break;
        case O_CSV: csv = 1; break;
        case LP_OPT_MAX_SECONDS: max_seconds_text = g.optarg; break;
        case LP_OPT_ESTIMATE: estimate = 1; break;
        case 'h': case LP_OPT_HELP: overflow_usage(lp_out()); return lp_close_stdout(LP_EXIT_OK);
        default: return lp_opt_error(&g, cmd);
        }
    }
    if (g.optind >= argc)
        return lp_usage_error(cmd, "missing mechanism: gauss, vmf or laplace-l1");
    if (g.optind + 1 < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[g.optind + 1]);
    if ((mech = lp_mechanism_find(argv[g.optind])) == NULL || !(mech->params & LP_PARAM_P))
        return lp_usage_error(cmd, "unknown mechanism '%s': gauss, vmf or laplace-l1", argv[g.optind]);
    if ((form = lp_form_find(mech->name, form_name ? form_name : mech->default_form)) == NULL)
        return lp_usage_error(cmd, "--form: %s has no form '%s' (see leakproof forms)", mech->name,
                              form_name);
    if (method_name == NULL)
        return lp_usage_error(cmd, "missing --method (mpfr, double, logdouble or gsl)");
    if ((m = lp_method_from_name(method_name)) < 0 || m == LP_ARB)
        return lp_usage_error(cmd, "--method must be mpfr, double, logdouble or gsl (got '%s')", method_name);
    if (form->method[m] == NULL)
        return lp_usage_error(cmd, "--method %s is not implemented for %s %s", method_name,
                              mech->name, form->form);
    if (json && csv)
        return lp_usage_error(cmd, "--json and --csv exclude each other");
    if (pmax_text && (rc = lp_arg_dimension(&p_max, cmd, "--p-max", pmax_text)))
        return rc;

    /* which parameter varies, and the fixed ones */
    lp_params_init(&base);
    for (int id = 0; id < LP_NPARAMS; id++) {
        int applies = (mech->params & (1u << id)) != 0;
        if ((value[id] || gridtext[id]) && !applies)
            return lp_usage_error(cmd, "--%s%s does not apply to %s", lp_param_specs[id].name,
                                  gridtext[id] ? "-grid" : "", mech->name);
        if (value[id] && gridtext[id])
            return lp_usage_error(cmd, "give one of --%s and --%s-grid", lp_param_specs[id].name,
                                  lp_param_specs[id].name);
        if (gridtext[id]) {
            if (grid_id >= 0)
                return lp_usage_error(cmd, "--%s-grid and --%s-grid: one parameter varies at a time",
                                      lp_param_specs[grid_id].name, lp_param_specs[id].name);
            grid_id = id;
        }
    }
    for (size_t i = 0; grid_id < 0 && i < sizeof default_grids / sizeof default_grids[0]; i++)
        if (mech->params & (1u << default_grids[i].id)) {
            grid_id = default_grids[i].id;
            gridtext[grid_id] = default_grids[i].grid;
        }
    for (int id = 0; id < LP_NPARAMS; id++) {
        if (!(mech->params & (1u << id)) || id == LP_PARAM_ID_P || id == grid_id)
            continue;
        if (lp_params_set(&base, (lp_param_id) id, value[id] ? value[id] : "1", err, sizeof err) != 0)
            return lp_usage_error(cmd, "--%s %s", lp_param_specs[id].name, err);
    }
    {
        /* the grid: every value checked against the descriptor's domain */
        const char *t = gridtext[grid_id];
        char *copy = strdup(t), *tok = copy;
        for (;;) {
            char *comma = strchr(tok, ',');
            lp_params probe;
            if (comma)
                *comma = '\0';
            lp_params_init(&probe);
            if (lp_params_set(&probe, (lp_param_id) grid_id, tok, err, sizeof err) != 0) {
                rc = lp_usage_error(cmd, "--%s-grid: entry %zu %s", lp_param_specs[grid_id].name,
                                    ng + 1, err);
                for (size_t i = 0; i < ng; i++)
                    free(grid[i]);
                free(grid);
                free(copy);
                return rc;
            }
            grid = realloc(grid, (ng + 1) * sizeof *grid);
            grid[ng++] = strdup(tok);
            if (comma == NULL)
                break;
            tok = comma + 1;
        }
        free(copy);
    }
    /* the work budget (check/overflow_work.c): the grid's points searched to p_max */
    {
        double max = LP_BUDGET_SECONDS, est = lp_overflow_work_seconds(mech->name, form->form, method_name,
                                                                          ng, p_max);
        char opt[48], msg[400];
        rc = 0;
        snprintf(opt, sizeof opt, "--%s-grid", lp_param_specs[grid_id].name);
        if (max_seconds_text)
            rc = lp_arg_positive(&max, cmd, "--max-seconds", max_seconds_text, "the work budget in seconds");
        if (rc == 0 && estimate) {
            rec = lp_record_new("work estimate");
            lp_budget_record(rec, "overflow", est, max, opt);
            rc = lp_emit(rec, json) != 0 ? LP_EXIT_FAIL : LP_EXIT_OK;
            lp_record_free(rec);
            rc = lp_close_stdout(rc);
        } else if (rc == 0 && lp_budget_exceeded(msg, sizeof msg, opt, gridtext[grid_id], est, max,
                                                 "estimated before starting")) {
            rc = lp_usage_error(cmd, "%s", msg);
        } else if (rc == 0) {
            lp_budget_notice(lp_err(), lp_err() == stderr && isatty(2), cmd, est);
            rc = -1;            /* go on */
        }
        if (rc != -1) {
            for (size_t i = 0; i < ng; i++)
                free(grid[i]);
            free(grid);
            lp_params_clear(&base);
            return rc;
        }
    }
    /* about half the digits of a double (and of mpfr, run at 17 digits' bits) */
    {
        char title[120];
        snprintf(title, sizeof title, "%s %s by %s: the smallest p where it returns inf/NaN/0 "
                 "or loses half its digits", form->formula, form->form, method_name);
        rec = lp_record_new(title);
    }
    lp_overflow_record(rec, form, (lp_method) m, &base, (lp_param_id) grid_id, grid, ng, p_max, 1e-8);
    if (csv && !lp_cancelled())         /* interrupted: no rows (lp_emit says the same) */
        lp_record_emit_csv(rec, "points", lp_out());
    else
        lp_emit(rec, json);
    lp_record_free(rec);
    for (size_t i = 0; i < ng; i++)
        free(grid[i]);
    free(grid);
    lp_params_clear(&base);
    return lp_close_stdout(LP_EXIT_OK);
}
