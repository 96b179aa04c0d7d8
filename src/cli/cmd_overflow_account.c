/* cmd_overflow_account.c -- `leakproof overflow account --method M ...`: where
 * the accountants' double arithmetic breaks as the order grows, the sampling
 * rate falls and the steps grow, for each noise multiplier of a grid. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "account/account.h"
#include "check/overflow_account.h"

static const char *const cmd = "overflow account";

static void
usage(FILE *out)
{
    fputs("usage: leakproof overflow account --method M (double, opacus, logdouble, dp-accounting,\n"
          "                                  tf-privacy) [--map K]\n"
          "                                  [--noise-multiplier-grid M1,M2,...] [--sampling-rate Q]\n"
          "                                  [--steps T] [--delta D] [--order A] [--order-max N]\n"
          "                                  [--json|--csv]\n"
          "  for each multiplier (default 0.5,1,2): the smallest integer order at which the\n"
          "  method's status is not ok or its T-step RDP differs from arb's by more than 1e-8\n"
          "  (exact: it fails there and not one order below; defaults Q = 0.01, T = 1000,\n"
          "  D = 1e-5, orders up to N = 100000); then at order A (default 8) the first\n"
          "  sampling rate 1e-1, 1e-2, ..., 1e-30 and the first step count 1, 10, ..., 1e18\n"
          "  at which it fails.  --csv: the order search as a table.\n"
          "  --map K         also the whole accountant (the method's own default orders and\n"
          "                  conversion) against the certified one at q = 1e-1 .. 1e-K for each\n"
          "                  multiplier: where it is off, by how much, and whether below (unsound)\n", out);
}

int
lp_cmd_overflow_account(int argc, char **argv)
{
    enum { O_METHOD = 256, O_GRID, O_Q, O_T, O_DELTA, O_ORDER, O_ORDER_MAX, O_CSV, O_MAP };
    static const struct option longopts[] = {
        { "method", required_argument, NULL, O_METHOD },
        { "noise-multiplier-grid", required_argument, NULL, O_GRID },
        { "sampling-rate", required_argument, NULL, O_Q },
        { "steps", required_argument, NULL, O_T },
        { "delta", required_argument, NULL, O_DELTA },
        { "order", required_argument, NULL, O_ORDER },
        { "order-max", required_argument, NULL, O_ORDER_MAX },
        LP_OPT_SHARED_JSON,
        { "csv", no_argument, NULL, O_CSV },
        LP_OPT_SHARED_HELP,
        { "map", required_argument, NULL, O_MAP },
        { NULL, 0, NULL, 0 }
    };
    const char *method_name = NULL, *grid_text = "0.5,1,2", *q = "0.01", *delta = "1e-5";
    const char *steps_text = "1000", *order_text = "8", *order_max_text = "100000", *map_text = NULL;
    long map = 0;
    uint64_t steps, order, order_max;
    char **grid = NULL, *copy, *tok, *save = NULL;
    size_t ng = 0;
    int c, json = 0, csv = 0, rc = 0;
    const lp_peer *peer;
    lp_record *rec;

    lp_opt g;

    lp_opt_init(&g, argc, argv, "", longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        switch (c) {
        case O_METHOD: method_name = g.optarg; break;
        case O_GRID: grid_text = g.optarg; break;
        case O_Q: q = g.optarg; break;
        case O_T: steps_text = g.optarg; break;
        case O_DELTA: delta = g.optarg; break;
        case O_ORDER: order_text = g.optarg; break;
        case O_ORDER_MAX: order_max_text = g.optarg; break;
        case LP_OPT_JSON: json = 1; break;
        case O_CSV: csv = 1; break;
        case O_MAP: map_text = g.optarg; break;
        case LP_OPT_HELP: usage(lp_out()); return lp_close_stdout(LP_EXIT_OK);
        default: return lp_opt_error(&g, cmd);
        }
    }
    if (g.optind < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[g.optind]);
    if (method_name == NULL)
        return lp_usage_error(cmd, "missing --method (double, opacus, logdouble, dp-accounting "
                              "or tf-privacy)");
    if ((peer = lp_peer_find(method_name)) == NULL)
        return lp_usage_error(cmd, "--method must be double, opacus, logdouble, dp-accounting or "
                              "tf-privacy (got '%s')", method_name);
    if (map_text && (rc = lp_arg_int_range(&map, cmd, "--map", map_text, 0, 30)))
        return rc;
    if ((rc = lp_arg_unit_interval(cmd, "--sampling-rate", q, 0))
        || (rc = lp_arg_unit_interval(cmd, "--delta", delta, 1)))
        return rc;
    if (lp_decimal_uint64(&steps, steps_text) != 0 || steps < 1)
        return lp_usage_error(cmd, "--steps must be an integer >= 1 (got '%s')", steps_text);
    if (lp_decimal_uint64(&order_max, order_max_text) != 0 || order_max < 2
        || order_max > LP_ORDER_INT_MAX)
        return lp_usage_error(cmd, "--order-max must be an integer from 2 to %llu (got '%s')",
                              (unsigned long long) LP_ORDER_INT_MAX, order_max_text);
    if (lp_decimal_uint64(&order, order_text) != 0 || order < 2 || order > order_max)
        return lp_usage_error(cmd, "--order must be an integer from 2 to --order-max (got '%s')",
                              order_text);
    if (json && csv)
        return lp_usage_error(cmd, "--json and --csv exclude each other");
    copy = strdup(grid_text);
    for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (!lp_decimal_valid(tok) || lp_decimal_sign(tok) <= 0) {
            rc = lp_usage_error(cmd, "--noise-multiplier-grid: entry %zu must be a decimal number "
                                "> 0 (got '%s')", ng + 1, tok);
            break;
        }
        grid = realloc(grid, (ng + 1) * sizeof *grid);
        grid[ng++] = tok;
    }
    if (rc == 0 && ng == 0)
        rc = lp_usage_error(cmd, "--noise-multiplier-grid: no multipliers in '%s'", grid_text);
    if (rc == 0) {
        rec = lp_record_new("the accountant by double arithmetic: the smallest order, sampling rate "
                            "and step count where it fails or leaves arb by more than the tolerance");
        /* about half the digits of a double, as for the mechanisms' overflow search */
        lp_account_overflow_record(rec, peer, grid, ng, q, steps, delta, order, order_max,
                                   LP_INACCURATE_TOL);
        if (map > 0) {
            const char *const *ord;
            const char *oname;
            size_t no;
            lp_account_peer_orders(&ord, &no, &oname, peer);
            lp_account_peer_map_record(rec, peer, grid, ng, steps, delta, (int) map,
                                       ord, no, oname);
        }
        if (csv)
            lp_record_emit_csv(rec, "points", lp_out());
        else
            lp_emit(rec, json);
        lp_record_free(rec);
        rc = lp_close_stdout(LP_EXIT_OK);
    }
    free(grid);
    free(copy);
    return rc;
}
