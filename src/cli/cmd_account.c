/* cmd_account.c -- `leakproof account`: DP-SGD's epsilon over T steps by the
 * Renyi-DP accountant of the Poisson-subsampled Gaussian mechanism, certified
 * (or as the accountants compute it in doubles); given --epsilon, the least
 * noise multiplier that meets it; given --stated-epsilon, the dataset sizes
 * that reproduce a stated epsilon. */
#include <stdlib.h>
#include <string.h>
#include "core/decimal_ops.h"
#include "cli.h"
#include "account/account.h"

static const char *const cmd = "account";

static const char usage_text[] =
    "usage: leakproof account --noise-multiplier M --sampling-rate Q --steps T --delta D\n"
    "                         [--orders LIST] [--method arb|double|logdouble] [--compare]\n"
    "                         [--digits N] [--json]\n"
    "       leakproof account --epsilon E --sampling-rate Q --steps T --delta D\n"
    "                         [--orders LIST] [--resolution K] [--json]\n"
    "       leakproof account --noise-multiplier M --stated-epsilon E --batch B --epochs N\n"
    "                         --delta D [--orders LIST] [--digits N] [--json]\n"
    "  epsilon of DP-SGD (Poisson sampling rate Q, noise multiplier M, T steps) by the\n"
    "  Renyi-DP accountant of the subsampled Gaussian (Mironov, Talwar, Zhang 2019),\n"
    "  converted by Balle et al. 2020 (Opacus's conversion) and by the classic\n"
    "  log(1/delta)/(alpha-1); minimum over the orders.  arb: a certified upper bound.\n"
    "  --orders LIST   comma-separated orders > 1 (integers up to 1e7, fractional up to\n"
    "                  1000), or 'default' (2..64, 72, 80, 96, 128, 192, 256, 512, 1024)\n"
    "                  or 'opacus' (Opacus 1.1.2: 1.1, 1.2, ..., 10.9, 12..63)\n"
    "  --compare       with a double method: also arb, and the relative error\n"
    "  --epsilon E     find the least M on the grid 10^-K (--resolution K, default 3)\n"
    "                  whose certified epsilon is <= E\n"
    "  --stated-epsilon E  the batches per epoch K (q = 1/K, T = N K, Opacus's Poisson\n"
    "                  loader at batch size B) whose certified epsilon rounds to E as\n"
    "                  printed, the dataset sizes B(K-1)+1..BK, and epsilon at the nearest K\n";

typedef struct {
    const char *M, *q, *T, *delta, *eps, *stated, *orders_text, *method_text;
    long digits, resolution, batch, epochs;
    int json, compare;
    uint64_t steps;
    lp_method method;
    lp_order_list orders;
} account_opts;

static int
check_positive(const char *opt, const char *v)
{
    if (v == NULL)
        return lp_usage_error(cmd, "missing %s", opt);
    if (lp_decimal_exponent_beyond(v)) {
        char m[300];
        lp_decimal_exponent_message(m, sizeof m, opt, v);
        return lp_usage_error(cmd, "%s", m);
    }
    if (!lp_decimal_valid(v) || lp_decimal_sign(v) <= 0)
        return lp_usage_error(cmd, "%s must be a decimal number > 0 (got '%s')", opt, v);
    return 0;
}

static int
parse_orders(account_opts *o)
{
    char err[300];
    if (lp_order_list_parse(&o->orders, o->orders_text, err, sizeof err) != 0)
        return lp_usage_error(cmd, "--orders: %s", err);
    return 0;
}

static int
parse(account_opts *o, int argc, char **argv)
{
    enum { O_M = 256, O_Q, O_T, O_DELTA, O_EPS, O_ORDERS, O_METHOD, O_COMPARE, O_DIGITS,
           O_RES, O_JSON, O_HELP, O_STATED, O_BATCH, O_EPOCHS };
    static const struct option longopts[] = {
        { "noise-multiplier", required_argument, NULL, O_M },
        { "sampling-rate", required_argument, NULL, O_Q },
        { "steps", required_argument, NULL, O_T },
        { "delta", required_argument, NULL, O_DELTA },
        { "epsilon", required_argument, NULL, O_EPS },
        { "orders", required_argument, NULL, O_ORDERS },
        { "method", required_argument, NULL, O_METHOD },
        { "compare", no_argument, NULL, O_COMPARE },
        { "digits", required_argument, NULL, O_DIGITS },
        { "resolution", required_argument, NULL, O_RES },
        { "stated-epsilon", required_argument, NULL, O_STATED },
        { "batch", required_argument, NULL, O_BATCH },
        { "epochs", required_argument, NULL, O_EPOCHS },
        { "json", no_argument, NULL, O_JSON },
        { "help", no_argument, NULL, O_HELP },
        { NULL, 0, NULL, 0 }
    };
    const char *digits_text = NULL, *res_text = NULL, *batch_text = NULL, *epochs_text = NULL;
    int c, rc;

    memset(o, 0, sizeof *o);
    o->digits = 6;
    o->resolution = 3;
    o->method = LP_ARB;
    lp_opt g;
    lp_opt_init(&g, argc, argv, "", longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        switch (c) {
        case O_M: o->M = g.optarg; break;
        case O_Q: o->q = g.optarg; break;
        case O_T: o->T = g.optarg; break;
        case O_DELTA: o->delta = g.optarg; break;
        case O_EPS: o->eps = g.optarg; break;
        case O_ORDERS: o->orders_text = g.optarg; break;
        case O_METHOD: o->method_text = g.optarg; break;
        case O_COMPARE: o->compare = 1; break;
        case O_DIGITS: digits_text = g.optarg; break;
        case O_RES: res_text = g.optarg; break;
        case O_STATED: o->stated = g.optarg; break;
        case O_BATCH: batch_text = g.optarg; break;
        case O_EPOCHS: epochs_text = g.optarg; break;
        case O_JSON: o->json = 1; break;
        case O_HELP:
            fputs(usage_text, lp_out());
            return -1;
        default: return lp_opt_error(&g, cmd);
        }
    }
    if (g.optind < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[g.optind]);
    if (o->eps && o->M)
        return lp_usage_error(cmd, "--epsilon and --noise-multiplier exclude each other "
                              "(give M to get epsilon, or epsilon to get the least M)");
    if (o->eps == NULL && o->M == NULL)
        return lp_usage_error(cmd, "missing --noise-multiplier (epsilon of M) or --epsilon (the least M)");
    if (o->eps ? (rc = check_positive("--epsilon", o->eps)) : (rc = check_positive("--noise-multiplier", o->M)))
        return rc;
    if (o->stated) {
        /* the run is given by batches and epochs; its rate and steps follow */
        if (o->eps || o->q || o->T || res_text || o->compare)
            return lp_usage_error(cmd, "--stated-epsilon takes --batch and --epochs, not %s",
                                  o->eps ? "--epsilon" : o->q ? "--sampling-rate" : o->T ? "--steps"
                                  : res_text ? "--resolution" : "--compare");
        if (!lp_account_stated_valid(o->stated))
            return lp_usage_error(cmd, "--stated-epsilon must be a decimal > 0 as printed, digits "
                                  "and a point, no exponent (got '%s')", o->stated);
        if (batch_text == NULL || epochs_text == NULL)
            return lp_usage_error(cmd, "missing %s", batch_text ? "--epochs" : "--batch");
        if ((rc = lp_arg_int_range(&o->batch, cmd, "--batch", batch_text, 1, 1000000000))
            || (rc = lp_arg_int_range(&o->epochs, cmd, "--epochs", epochs_text, 1, 1000000)))
            return rc;
    } else {
        if (batch_text || epochs_text)
            return lp_usage_error(cmd, "%s needs --stated-epsilon", batch_text ? "--batch" : "--epochs");
        if ((rc = lp_arg_unit_interval(cmd, "--sampling-rate", o->q, 0)))
            return rc;
        if (o->T == NULL)
            return lp_usage_error(cmd, "missing --steps");
        if (lp_decimal_uint64(&o->steps, o->T) != 0 || o->steps < 1)
            return lp_usage_error(cmd, "--steps must be an integer >= 1 (got '%s')", o->T);
    }
    if ((rc = lp_arg_unit_interval(cmd, "--delta", o->delta, 1)))
        return rc;
    if (digits_text && (rc = lp_arg_int_range(&o->digits, cmd, "--digits", digits_text, 1, 60)))
        return rc;
    if (res_text && (rc = lp_arg_int_range(&o->resolution, cmd, "--resolution", res_text, 0, 9)))
        return rc;
    if (o->method_text) {
        int m = lp_method_from_name(o->method_text);
        if (m != LP_ARB && m != LP_DOUBLE && m != LP_LOGDOUBLE)
            return lp_usage_error(cmd, "--method must be arb, double or logdouble (got '%s')",
                                  o->method_text);
        o->method = (lp_method) m;
        if ((o->eps || o->stated) && m != LP_ARB)
            return lp_usage_error(cmd, "--method: the %s is certified (arb only)",
                                  o->eps ? "least multiplier" : "fit of a stated epsilon");
    }
    if (o->compare && o->method == LP_ARB)
        return lp_usage_error(cmd, "--compare needs --method double or logdouble");
    return parse_orders(o);
}

static int
run(const account_opts *o)
{
    lp_account_request req = { o->M, o->q, o->delta, o->steps, &o->orders, o->method,
                               o->compare, o->digits };
    lp_record *rec;
    int rc = LP_EXIT_OK;
    if (o->stated) {
        lp_account_fit_request fit = { o->M, o->stated, o->delta, (uint64_t) o->batch,
                                       (uint64_t) o->epochs, &o->orders, o->digits };
        rec = lp_record_new("dataset sizes that reproduce a stated epsilon (Renyi-DP accountant, "
                            "Opacus's Poisson loader, certified)");
        lp_account_fit_study(rec, &fit);
    } else if (o->eps == NULL) {
        rec = lp_record_new("DP-SGD accountant (Poisson-subsampled Gaussian, Renyi DP)");
        lp_account_study(rec, &req);
    } else {
        rec = lp_record_new("least noise multiplier (Renyi-DP accountant, Balle et al. 2020 "
                            "conversion, certified)");
        if (lp_account_least_multiplier_study(rec, o->eps, &req, o->resolution) != 0) {
            fprintf(lp_err(), "leakproof account: no multiplier up to 10^6 meets epsilon <= %s\n",
                    o->eps);
            rc = LP_EXIT_FAIL;          /* with its record: status not_found */
        }
    }
    if (lp_emit(rec, o->json) != 0)
        rc = LP_EXIT_FAIL;
    lp_record_free(rec);
    return rc;
}

int
lp_cmd_account(int argc, char **argv)
{
    account_opts o;
    int rc = parse(&o, argc, argv);
    if (rc == -1)
        return lp_close_stdout(LP_EXIT_OK);
    if (rc != 0) {
        lp_order_list_clear(&o.orders);
        return rc;
    }
    rc = run(&o);
    lp_order_list_clear(&o.orders);
    return lp_close_stdout(rc);
}
