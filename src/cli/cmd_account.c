/* cmd_account.c -- `leakproof account`: DP-SGD's epsilon over T steps by the
 * Renyi-DP accountant of the Poisson-subsampled Gaussian mechanism, certified
 * (or as the accountants compute it in doubles); or, given --epsilon, the
 * least noise multiplier that meets it. */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "account/account.h"

static const char *const cmd = "account";

static const char usage_text[] =
    "usage: leakproof account --noise-multiplier M --sampling-rate Q --steps T --delta D\n"
    "                         [--orders LIST] [--method arb|double|logdouble] [--compare]\n"
    "                         [--digits N] [--json]\n"
    "       leakproof account --epsilon E --sampling-rate Q --steps T --delta D\n"
    "                         [--orders LIST] [--resolution K] [--json]\n"
    "  epsilon of DP-SGD (Poisson sampling rate Q, noise multiplier M, T steps) by the\n"
    "  Renyi-DP accountant of the subsampled Gaussian (Mironov, Talwar, Zhang 2019),\n"
    "  converted by Balle et al. 2020 (Opacus's conversion) and by the classic\n"
    "  log(1/delta)/(alpha-1); minimum over the orders.  arb: a certified upper bound.\n"
    "  --orders LIST   comma-separated orders > 1 (integers up to 1e7, fractional up to\n"
    "                  1000), or 'default' (2..64, 72, 80, 96, 128, 192, 256, 512, 1024)\n"
    "                  or 'opacus' (Opacus 1.1.2: 1.1, 1.2, ..., 10.9, 12..63)\n"
    "  --compare       with a double method: also arb, and the relative error\n"
    "  --epsilon E     find the least M on the grid 10^-K (--resolution K, default 3)\n"
    "                  whose certified epsilon is <= E\n";

typedef struct {
    const char *M, *q, *T, *delta, *eps, *orders_text, *method_text;
    long digits, resolution;
    int json, compare;
    uint64_t steps;
    lp_method method;
    char **orders;
    size_t norders;
    int orders_owned;
} account_opts;

/* A decimal in (lo, hi) or (lo, hi] (hi_closed), checked on the exact value. */
static int
check_interval(const char *opt, const char *v, int hi_closed, const char *range)
{
    int ok;
    arb_t x;
    if (v == NULL)
        return lp_usage_error(cmd, "missing %s", opt);
    if (!lp_decimal_valid(v) || lp_decimal_sign(v) <= 0)
        return lp_usage_error(cmd, "%s must be a decimal number in %s (got '%s')", opt, range, v);
    arb_init(x);
    lp_decimal_arb(x, v, 256);
    arb_sub_ui(x, x, 1, 256);
    ok = hi_closed ? (arb_is_zero(x) || arb_is_negative(x)) : arb_is_negative(x);
    arb_clear(x);
    return ok ? 0 : lp_usage_error(cmd, "%s must be a decimal number in %s (got '%s')", opt, range, v);
}

static int
check_positive(const char *opt, const char *v)
{
    if (v == NULL)
        return lp_usage_error(cmd, "missing %s", opt);
    if (!lp_decimal_valid(v) || lp_decimal_sign(v) <= 0)
        return lp_usage_error(cmd, "%s must be a decimal number > 0 (got '%s')", opt, v);
    return 0;
}

static int
parse_orders(account_opts *o)
{
    const char *t = o->orders_text;
    char *copy, *save = NULL, *tok;
    size_t cap = 8;
    if (t == NULL || strcmp(t, "default") == 0) {
        o->orders = (char **) lp_orders_default;
        o->norders = lp_norders_default;
        return 0;
    }
    if (strcmp(t, "opacus") == 0) {
        o->orders = (char **) lp_orders_opacus;
        o->norders = lp_norders_opacus;
        return 0;
    }
    o->orders = malloc(cap * sizeof *o->orders);
    o->norders = 0;
    o->orders_owned = 1;
    copy = strdup(t);
    for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        uint64_t integer;
        if (lp_order_parse(&integer, tok) != 0) {
            int rc = lp_usage_error(cmd, "--orders: '%s' is not an order (a decimal > 1: "
                                    "integer up to 10000000 or fractional below 1000)", tok);
            free(copy);
            return rc;
        }
        if (o->norders == cap)
            o->orders = realloc(o->orders, (cap *= 2) * sizeof *o->orders);
        o->orders[o->norders++] = strdup(tok);
    }
    free(copy);
    if (o->norders == 0)
        return lp_usage_error(cmd, "--orders: no orders in '%s'", t);
    return 0;
}

static void
free_orders(account_opts *o)
{
    if (!o->orders_owned)
        return;
    for (size_t i = 0; i < o->norders; i++)
        free(o->orders[i]);
    free(o->orders);
}

static int
parse(account_opts *o, int argc, char **argv)
{
    enum { O_M = 256, O_Q, O_T, O_DELTA, O_EPS, O_ORDERS, O_METHOD, O_COMPARE, O_DIGITS,
           O_RES, O_JSON, O_HELP };
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
        { "json", no_argument, NULL, O_JSON },
        { "help", no_argument, NULL, O_HELP },
        { NULL, 0, NULL, 0 }
    };
    const char *digits_text = NULL, *res_text = NULL;
    int c, rc;

    memset(o, 0, sizeof *o);
    o->digits = 6;
    o->resolution = 3;
    o->method = LP_ARB;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case O_M: o->M = optarg; break;
        case O_Q: o->q = optarg; break;
        case O_T: o->T = optarg; break;
        case O_DELTA: o->delta = optarg; break;
        case O_EPS: o->eps = optarg; break;
        case O_ORDERS: o->orders_text = optarg; break;
        case O_METHOD: o->method_text = optarg; break;
        case O_COMPARE: o->compare = 1; break;
        case O_DIGITS: digits_text = optarg; break;
        case O_RES: res_text = optarg; break;
        case O_JSON: o->json = 1; break;
        case O_HELP:
            fputs(usage_text, lp_out());
            return -1;
        case ':': return lp_usage_error(cmd, "option %s needs a value", argv[optind - 1]);
        default: return lp_usage_error(cmd, "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[optind]);
    if (o->eps && o->M)
        return lp_usage_error(cmd, "--epsilon and --noise-multiplier exclude each other "
                              "(give M to get epsilon, or epsilon to get the least M)");
    if (o->eps ? (rc = check_positive("--epsilon", o->eps)) : (rc = check_positive("--noise-multiplier", o->M)))
        return rc;
    if ((rc = check_interval("--sampling-rate", o->q, 1, "(0, 1]")))
        return rc;
    if (o->T == NULL)
        return lp_usage_error(cmd, "missing --steps");
    if (lp_decimal_uint64(&o->steps, o->T) != 0 || o->steps < 1)
        return lp_usage_error(cmd, "--steps must be an integer >= 1 (got '%s')", o->T);
    if ((rc = check_interval("--delta", o->delta, 0, "(0, 1)")))
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
        if (o->eps && m != LP_ARB)
            return lp_usage_error(cmd, "--method: the least multiplier is certified (arb only)");
    }
    if (o->compare && o->method == LP_ARB)
        return lp_usage_error(cmd, "--compare needs --method double or logdouble");
    return parse_orders(o);
}

/* ---- output: one record per mode ----------------------------------------------- */

/* The accountant's minimum under one conversion: the certified upper bound
 * (rounded up), the best order and its epsilon (a ball for arb, the method's
 * point otherwise), and against arb the relative error. */
static void
record_conversion(lp_record *rec, const account_opts *o, const lp_account *acc,
                  const lp_account *ref, int balle)
{
    long bi = balle ? acc->best_balle : acc->best_classic;
    const lp_result *best;
    lp_record_text(rec, "conversion", balle ? "Balle et al. 2020 (Opacus)" : "classic (Mironov 2017)");
    if (bi < 0) {
        lp_record_null(rec, "epsilon_upper_bound");
        lp_record_null(rec, "order");
        lp_record_text(rec, "status", lp_status_name(acc->order[0].eps_balle.status));
        lp_record_text(rec, "note", acc->order[0].eps_balle.note);
        return;
    }
    best = balle ? &acc->order[bi].eps_balle : &acc->order[bi].eps_classic;
    if (acc->method == LP_ARB) {
        char *up = lp_format_arf_directed(balle ? acc->eps_upper_balle : acc->eps_upper_classic,
                                          o->digits, 1);
        lp_record_text(rec, "epsilon_upper_bound", up);
        flint_free(up);
    } else {
        lp_record_null(rec, "epsilon_upper_bound");
    }
    lp_record_text(rec, "order", acc->order[bi].alpha);
    if (best->certified) {
        /* GCC 12 misjudges the size of a ball reached through the order
         * table here (a false -Wstringop-overread; valgrind is clean) */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overread"
        lp_record_ball(rec, "value", best->value, o->digits);
#pragma GCC diagnostic pop
    }
    else
        lp_record_double(rec, "value", arf_get_d(arb_midref(best->value), ARF_RND_NEAR));
    lp_record_bool(rec, "certified", best->certified);
    if (ref) {
        long ri = balle ? ref->best_balle : ref->best_classic;
        const lp_result *rb = ri >= 0 ? (balle ? &ref->order[ri].eps_balle : &ref->order[ri].eps_classic) : NULL;
        double rel = rb ? lp_rel_error(best, rb) : -1;
        if (rel >= 0)
            lp_record_double(rec, "rel_error", rel);
        else
            lp_record_null(rec, "rel_error");
    }
    lp_record_text(rec, "status", "ok");
}

static int
emit_forward(const account_opts *o, const lp_account *acc, const lp_account *ref)
{
    lp_record *rec = lp_record_new("DP-SGD accountant (Poisson-subsampled Gaussian, Renyi DP)");
    int rc;
    lp_record_text(rec, "command", "account");
    lp_record_text(rec, "noise_multiplier", o->M);
    lp_record_text(rec, "sampling_rate", o->q);
    lp_record_int(rec, "steps", (int64_t) o->steps);
    lp_record_text(rec, "delta", o->delta);
    lp_record_text(rec, "method", lp_method_name(acc->method));
    lp_record_text(rec, "orders", o->orders_text ? o->orders_text : "default");
    lp_record_int(rec, "norders", (int64_t) acc->norders);
    lp_record_int(rec, "orders_failed", (int64_t) acc->nfailed);
    if (acc->nfailed) {
        size_t f = 0;
        while (f < acc->norders && acc->order[f].eps_balle.status == LP_OK)
            f++;
        lp_record_textf(rec, "first_failure", "order %s: %s: %s", acc->order[f].alpha,
                        lp_status_name(acc->order[f].eps_balle.status), acc->order[f].eps_balle.note);
    } else {
        lp_record_null(rec, "first_failure");
    }
    record_conversion(lp_record_object(rec, "balle2020"), o, acc, ref, 1);
    record_conversion(lp_record_object(rec, "classic"), o, acc, ref, 0);
    rc = lp_emit(rec, o->json);
    lp_record_free(rec);
    return rc == 0 ? LP_EXIT_OK : LP_EXIT_FAIL;
}

static int
run_forward(const account_opts *o)
{
    lp_dpsgd run;
    lp_account acc, ref;
    int have_ref = o->compare, rc;
    lp_dpsgd_init(&run, o->M, o->q, o->steps, o->delta);
    lp_account_init(&acc, (const char *const *) o->orders, o->norders);
    lp_account_eval(&acc, &run, o->method, o->digits + 2);
    if (have_ref) {
        lp_account_init(&ref, (const char *const *) o->orders, o->norders);
        lp_account_eval(&ref, &run, LP_ARB, 17);
    }
    rc = emit_forward(o, &acc, have_ref ? &ref : NULL);
    if (have_ref)
        lp_account_clear(&ref);
    lp_account_clear(&acc);
    lp_dpsgd_clear(&run);
    return rc;
}

static int
emit_inverse(const account_opts *o, const char *M_hi, const char *M_lo, const arf_t eps_hi,
             const arf_t eps_lo, int below_certain)
{
    lp_record *rec = lp_record_new("least noise multiplier (Renyi-DP accountant, Balle et al. 2020 "
                                   "conversion, certified)");
    char *up = lp_format_arf_directed(eps_hi, o->digits, 1);
    char *lo = lp_format_arf_directed(eps_lo, o->digits, 0);
    int rc;
    lp_record_text(rec, "command", "account least-multiplier");
    lp_record_text(rec, "epsilon", o->eps);
    lp_record_text(rec, "sampling_rate", o->q);
    lp_record_int(rec, "steps", (int64_t) o->steps);
    lp_record_text(rec, "delta", o->delta);
    lp_record_text(rec, "orders", o->orders_text ? o->orders_text : "default");
    lp_record_int(rec, "resolution", o->resolution);
    lp_record_text(rec, "noise_multiplier", M_hi);
    lp_record_text(rec, "epsilon_upper_bound", up);
    lp_record_text(rec, "below", M_lo);
    lp_record_text(rec, "epsilon_below_lower_bound", lo);
    lp_record_bool(rec, "below_certainly_exceeds", below_certain);
    rc = lp_emit(rec, o->json);
    lp_record_free(rec);
    flint_free(up);
    flint_free(lo);
    return rc == 0 ? LP_EXIT_OK : LP_EXIT_FAIL;
}

static int
run_inverse(const account_opts *o)
{
    lp_dpsgd run;
    arb_t target;
    arf_t eps_hi, eps_lo;
    char *M_hi = NULL, *M_lo = NULL;
    int below = 0, rc;
    lp_dpsgd_init(&run, "1", o->q, o->steps, o->delta);
    arb_init(target);
    arf_init(eps_hi);
    arf_init(eps_lo);
    lp_decimal_arb(target, o->eps, 256);
    rc = lp_account_least_multiplier(&M_hi, &M_lo, eps_hi, eps_lo, &below, &run, target,
                                     (const char *const *) o->orders, o->norders, o->resolution);
    if (rc == 0)
        rc = emit_inverse(o, M_hi, M_lo, eps_hi, eps_lo, below);
    else
        fprintf(lp_err(), "leakproof account: no multiplier up to 10^6 meets epsilon <= %s\n", o->eps);
    flint_free(M_hi);
    flint_free(M_lo);
    arb_clear(target);
    arf_clear(eps_hi);
    arf_clear(eps_lo);
    lp_dpsgd_clear(&run);
    return rc == -1 ? LP_EXIT_FAIL : rc;
}

int
lp_cmd_account(int argc, char **argv)
{
    account_opts o;
    int rc = parse(&o, argc, argv);
    if (rc == -1)
        return lp_close_stdout(LP_EXIT_OK);
    if (rc != 0) {
        free_orders(&o);
        return rc;
    }
    rc = o.eps ? run_inverse(&o) : run_forward(&o);
    free_orders(&o);
    return lp_close_stdout(rc);
}
