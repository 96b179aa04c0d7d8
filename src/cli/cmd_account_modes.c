/* cmd_account_modes.c -- `leakproof account`: the modes' parsers (the orders,
 * a run given by its dataset or epochs, --accountant pld's dispatch,
 * --mechanism vmf, --phase and --delta-for-epsilon of the RDP accountant),
 * shared with the parser (cmd_account.c); the values' checks in
 * cmd_account_checks.c.  Contracts in cmd_account.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/decimal_ops.h"
#include "cli.h"
#include "cmd_account.h"
#include "account/pld/pld.h"
#include "account/rdp/vmf_account.h"
#include "channel/channel.h"

static const char *const cmd = "account";
int
lp_account_parse_orders(lp_account_opts *o)
{
    char err[300];
    if (lp_order_list_parse(&o->orders, o->orders_text, err, sizeof err) != 0)
        return lp_usage_error(cmd, "--orders: %s", err);
    return 0;
}

/* --batch B --dataset-size N --epochs E: DP-SGD's terms for the run.  K =
 * ceil(N/B) batches an epoch, T = E K steps; Poisson sampling at q = B/N (the
 * default: every example joins each step with probability B/N), or Opacus's
 * DataLoader, q = 1/K.  q is a fraction of integers, read exactly. */
int
lp_account_from_dataset(lp_account_opts *o, const char *batch_text, const char *dataset_text, const char *epochs_text)
{
    int rc;
    uint64_t K;
    if (o->stated)
        return lp_usage_error(cmd, "--stated-epsilon finds the dataset size: it takes no %s",
                              dataset_text ? "--dataset-size" : "--sampling");
    if (dataset_text == NULL)
        return lp_usage_error(cmd, "%s needs --batch, --dataset-size and --epochs",
                              o->convention ? "--sampling" : "--steps-rule");
    if (o->q || o->T)
        return lp_usage_error(cmd, "--dataset-size gives the run's rate and steps: it takes no %s",
                              o->q ? "--sampling-rate" : "--steps");
    if (batch_text == NULL || epochs_text == NULL)
        return lp_usage_error(cmd, "missing %s (with --dataset-size)", batch_text ? "--epochs" : "--batch");
    if ((rc = lp_arg_int_range(&o->dataset_size, cmd, "--dataset-size", dataset_text, 1, 1000000000000L))
        || (rc = lp_arg_int_range(&o->batch, cmd, "--batch", batch_text, 1, 1000000000))
        || (rc = lp_arg_int_range(&o->epochs, cmd, "--epochs", epochs_text, 1, 1000000)))
        return rc;
    if (o->batch > o->dataset_size)
        return lp_usage_error(cmd, "--batch (%ld) must be at most --dataset-size (%ld)", o->batch,
                              o->dataset_size);
    if (o->convention == NULL)
        o->convention = "poisson";
    if (strcmp(o->convention, "poisson") != 0 && strcmp(o->convention, "opacus") != 0
        && strcmp(o->convention, "fixed-batch") != 0)
        return lp_usage_error(cmd, "--sampling must be poisson, opacus or fixed-batch (got '%s')",
                              o->convention);
    K = ((uint64_t) o->dataset_size + (uint64_t) o->batch - 1) / (uint64_t) o->batch;
    if (strcmp(o->convention, "opacus") != 0)     /* poisson, fixed-batch: B/N */
        snprintf(o->q_buf, sizeof o->q_buf, "%ld/%ld", o->batch, o->dataset_size);
    else
        snprintf(o->q_buf, sizeof o->q_buf, "1/%llu", (unsigned long long) K);
    {   /* the three rules in use for T (leakproof(1), account: Opacus and the peers) */
        const unsigned __int128 EN = (unsigned __int128) o->epochs * (uint64_t) o->dataset_size;
        uint64_t T = K * (uint64_t) o->epochs;
        const char *rule = o->steps_rule ? o->steps_rule : "loader";
        if (strcmp(rule, "loader") == 0)
            o->steps_rule_said = "loader: T = epochs * ceil(dataset_size/batch)";
        else if (strcmp(rule, "opacus") == 0) {
            T = (uint64_t) (EN / (uint64_t) o->batch);
            o->steps_rule_said = "opacus: T = floor(epochs * dataset_size/batch) (Opacus's int(epochs / sample_rate))";
        } else if (strcmp(rule, "tf-privacy") == 0) {
            T = (uint64_t) ((EN + (uint64_t) o->batch - 1) / (uint64_t) o->batch);
            o->steps_rule_said = "tf-privacy: T = ceil(epochs * dataset_size/batch) (TF Privacy's compute_dp_sgd_privacy)";
        } else
            return lp_usage_error(cmd, "--steps-rule must be loader, opacus or tf-privacy (got '%s')", rule);
        snprintf(o->T_buf, sizeof o->T_buf, "%llu", (unsigned long long) T);
    }
    o->q = o->q_buf;
    o->T = o->T_buf;
    return 0;
}

int
lp_account_steps_from_rate(lp_account_opts *o, const char *epochs_text)
{
    int rc;
    uint64_t lo = 0, hi = 1000000000000ULL;
    if ((rc = lp_arg_int_range(&o->epochs, cmd, "--epochs", epochs_text, 1, 1000000)))
        return rc;
    if (lp_rate_is_zero(o->q) || (rc = lp_account_check_rate(o->q, 0)))
        return rc ? rc : lp_usage_error(cmd, "--epochs with --sampling-rate 0: give --steps");
    /* the largest T with T q <= E, decided on the exact decimals (q may be N/D):
       bisection on T with an exact comparison of T q against E */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo + 1) / 2;
        char t[32], *tq;
        int le;
        snprintf(t, sizeof t, "%llu", (unsigned long long) mid);
        if (strchr(o->q, '/')) {
            unsigned long long n = 0, d = 0;
            sscanf(o->q, "%llu/%llu", &n, &d);
            le = (unsigned __int128) mid * n <= (unsigned __int128) o->epochs * d;
        } else {
            if ((tq = lp_decimal_mul(t, o->q)) == NULL)
                return lp_usage_error(cmd, "--sampling-rate: not a decimal (got '%s')", o->q);
            snprintf(t, sizeof t, "%ld", o->epochs);
            le = lp_decimal_cmp_exact(tq, t) <= 0;
            free(tq);
        }
        if (le)
            lo = mid;
        else
            hi = mid - 1;
    }
    if (lo < 1)
        return lp_usage_error(cmd, "--epochs %ld at --sampling-rate %s is less than one step", o->epochs, o->q);
    snprintf(o->T_buf, sizeof o->T_buf, "%llu", (unsigned long long) lo);
    o->T = o->T_buf;
    o->steps_rule_said = "opacus: T = floor(epochs / sampling_rate) (Opacus's int(epochs / sample_rate))";
    return 0;
}

/* --accountant pld: phases of any mechanism (cmd_account_pld_mech.c), or one
 * Gaussian run (cmd_account_pld.c) */
int
lp_account_parse_pld(lp_account_opts *o, const char *digits_text, const char *res_text)
{
    if (o->nphases)
        return lp_account_parse_pld_phases(o, digits_text, res_text);
    return lp_account_parse_pld_run(o, digits_text, res_text);
}

/* --mechanism vmf: kappa > 0 (<= 1e6), p in 2 .. 1e9, q, T, delta, integer
 * orders only, --sensitivity in (0, 2]; the RDP route only */
int
lp_account_parse_vmf(lp_account_opts *o, const char *digits_text, const char *res_text,
          const char *batch_text, const char *epochs_text)
{
    int rc;
    long p;
    if (o->accountant && strcmp(o->accountant, "pld") == 0)
        return lp_account_parse_pld_vmf(o, digits_text, res_text, batch_text, epochs_text);
    if (o->M || o->eps || o->stated || o->method_text || o->compare || res_text || batch_text
        || epochs_text || o->relation || o->width_text || o->max_grid_text || o->delta_for_eps || o->nphases)
        return lp_usage_error(cmd, "--mechanism vmf does not take %s",
                              o->nphases ? "--phase" : o->M ? "--noise-multiplier" : o->eps ? "--epsilon"
                              : o->stated ? "--stated-epsilon" : o->method_text ? "--method"
                              : o->compare ? "--compare" : res_text ? "--resolution"
                              : batch_text ? "--batch" : epochs_text ? "--epochs"
                              : o->relation ? "--relation" : o->width_text ? "--width"
                              : o->max_grid_text ? "--max-grid-size"
                              : "--delta-for-epsilon");
    if ((rc = lp_account_check_positive("--kappa", o->kappa)))
        return rc;
    if (lp_decimal_compare(o->kappa, "1e6") > 0)
        return lp_usage_error(cmd, "--kappa must be at most 1e6 (got '%s')", o->kappa);
    if (o->p_text == NULL)
        return lp_usage_error(cmd, "missing --p");
    if ((rc = lp_arg_int_range(&p, cmd, "--p", o->p_text, 2, 1000000000)))
        return rc;
    o->p = (uint64_t) p;
    if (o->sensitivity) {
        if ((rc = lp_account_check_positive("--sensitivity", o->sensitivity)))
            return rc;
        if (lp_decimal_compare(o->sensitivity, "2") > 0)
            return lp_usage_error(cmd, "--sensitivity must be a chordal distance in (0, 2] "
                                  "(got '%s')", o->sensitivity);
    }
    if ((rc = lp_account_check_rate(o->q, 0)))
        return rc;
    if (o->T == NULL)
        return lp_usage_error(cmd, "missing --steps");
    if (lp_decimal_uint64(&o->steps, o->T) != 0 || o->steps < 1)
        return lp_usage_error(cmd, "--steps must be an integer >= 1 (got '%s')", o->T);
    if ((rc = lp_arg_unit_interval(cmd, "--delta", o->delta, 1)))
        return rc;
    if (digits_text && (rc = lp_arg_int_range(&o->digits, cmd, "--digits", digits_text, 1, 60)))
        return rc;
    if (o->orders_text == NULL || strcmp(o->orders_text, "default") == 0)
        o->orders_text = "integers";
    if ((rc = lp_account_parse_orders(o)))
        return rc;
    for (size_t i = 0; i < o->orders.n; i++) {
        uint64_t a;
        if (lp_order_parse(&a, o->orders.order[i]) != 0 || a == 0 || a > LP_VMF_ORDER_MAX)
            return lp_usage_error(cmd, "--orders: --mechanism vmf takes integer orders 2 .. %d "
                                  "(got '%s')", LP_VMF_ORDER_MAX, o->orders.order[i]);
    }
    o->vmf = 1;
    return 0;
}

/* --phase M,q,T (repeated) and --delta-for-epsilon E of the RDP accountant
 * (issue 20, part 6; the studies in src/account/rdp_edges.c) */
int
lp_account_parse_edges(lp_account_opts *o, const char *digits_text, const char *res_text,
            const char *batch_text, const char *epochs_text)
{
    const char *what = o->nphases ? "--phase" : "--delta-for-epsilon";
    const char *bad = o->eps ? "--epsilon" : o->stated ? "--stated-epsilon" : o->compare ? "--compare"
                      : res_text ? "--resolution" : batch_text ? "--batch" : epochs_text ? "--epochs"
                      : o->per_order && o->delta_for_eps ? "--per-order" : NULL;
    int rc;
    if (bad)
        return lp_usage_error(cmd, "%s does not take %s", what, bad);
    if (o->method_text && strcmp(o->method_text, "arb") != 0)
        return lp_usage_error(cmd, "%s is certified: --method arb only (got '%s')", what,
                              o->method_text);
    if (o->nphases) {
        if (o->convention || o->M || o->q || o->T)
            return lp_usage_error(cmd, "--phase gives each phase's multiplier, rate and steps: it "
                                  "takes no %s", o->convention ? "--dataset-size" : o->M
                                  ? "--noise-multiplier" : o->q ? "--sampling-rate" : "--steps");
        if ((rc = lp_account_read_phases(o)))
            return rc;
    } else {
        if ((rc = lp_account_check_positive("--noise-multiplier", o->M)))
            return rc;
        if (!lp_rate_is_zero(o->q) && (rc = lp_account_check_rate(o->q, 0)))
            return rc;
        if (o->T == NULL)
            return lp_usage_error(cmd, "missing --steps");
        if (lp_decimal_uint64(&o->steps, o->T) != 0 || o->steps < 1)
            return lp_usage_error(cmd, "--steps must be an integer >= 1 (got '%s')", o->T);
    }
    if (o->delta_for_eps) {
        if (o->delta)
            return lp_usage_error(cmd, "--delta and --delta-for-epsilon exclude each other");
        if (lp_decimal_exponent_beyond(o->delta_for_eps) || !lp_decimal_valid(o->delta_for_eps)
            || lp_decimal_sign(o->delta_for_eps) < 0 || !(lp_strtod(o->delta_for_eps, NULL) <= 10000))
            return lp_usage_error(cmd, "--delta-for-epsilon must be a decimal number in [0, 1e4] "
                                  "(got '%s')", o->delta_for_eps);
    } else if ((rc = lp_account_check_delta(o->delta, 1))) {
        return rc;
    }
    if (digits_text && (rc = lp_arg_int_range(&o->digits, cmd, "--digits", digits_text, 1, 60)))
        return rc;
    return 0;
}

int
lp_account_read_phases(lp_account_opts *o)
{
    char err[300];
    for (size_t i = 0; i < o->nphases; i++)
        if (lp_phase_read(&o->rdp_phase[i], o->rdp_phase_buf[i], sizeof o->rdp_phase_buf[i],
                          o->phase[i], err, sizeof err) != 0)
            return lp_usage_error(cmd, "--phase: %s", err);
    return 0;
}
