/* cmd_account_modes.c -- `leakproof account`: the checks of each mode's
 * values (the RDP accountant's, --accountant pld, --mechanism vmf, --phase and
 * --delta-for-epsilon), shared with the parser (cmd_account.c).  Contracts in
 * cmd_account.h. */
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
/* --sampling-rate: a decimal in (0, 1] ((0, 1) with open_hi), or a fraction
 * N/D of integers (1/568 read exactly) in the same range */
int
lp_account_check_rate(const char *v, int open_hi)
{
    uint64_t num, den;
    if (v && strchr(v, '/')) {
        if (lp_rate_fraction(&num, &den, v) != 0 || num == 0 || num > den || (open_hi && num == den))
            return lp_usage_error(cmd, "--sampling-rate must be a decimal number or a fraction N/D "
                                  "of integers in %s (got '%s')", open_hi ? "(0, 1)" : "(0, 1]", v);
        return 0;
    }
    return lp_arg_unit_interval(cmd, "--sampling-rate", v, open_hi);
}

int
lp_account_check_positive(const char *opt, const char *v)
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

/* --accountant pld: M, q in [1e-300, 1], T in 1 .. 1e9, delta (>= 1e-300) or
 * --delta-for-epsilon */
int
lp_account_parse_pld(lp_account_opts *o, const char *digits_text, const char *res_text)
{
    int rc;
    if (o->nphases)             /* phases of any mechanism (cmd_account_pld_mech.c) */
        return lp_account_parse_pld_phases(o, digits_text, res_text);
    if (o->stated || o->orders_text || o->method_text || o->compare || o->per_order)
        return lp_usage_error(cmd, "--accountant pld does not take %s",
                              o->stated ? "--stated-epsilon"
                              : o->orders_text ? "--orders" : o->method_text ? "--method"
                              : o->compare ? "--compare" : "--per-order");
    if (o->eps) {               /* the least multiplier (account/pld_least_multiplier.c) */
        char *end;
        double e = lp_strtod(o->eps, &end);
        if (o->M)
            return lp_usage_error(cmd, "--epsilon and --noise-multiplier exclude each other "
                                  "(give M to get epsilon, or epsilon to get the least M)");
        if (o->delta_for_eps)
            return lp_usage_error(cmd, "--epsilon and --delta-for-epsilon exclude each other");
        if (!lp_decimal_valid(o->eps) || *end || !(e > 0 && e <= 10000))
            return lp_usage_error(cmd, "--epsilon must be a decimal in (0, 1e4] with --accountant "
                                  "pld (got '%s')", o->eps);
    } else if ((rc = lp_account_check_positive("--noise-multiplier", o->M))) {
        return rc;
    }
    if (o->M) {
        double m = lp_strtod(o->M, NULL);
        if (!(m >= 0.01 && m <= 10000))
            return lp_usage_error(cmd, "--noise-multiplier must be in [0.01, 1e4] with --accountant "
                                  "pld (got '%s')", o->M);
    }
    /* q = 1 (full batch) takes the closed form (account/pld_full_batch.c);
     * q and delta below 1e-300 are declined before starting: the grid's
     * doubles cannot size them (a decline, not a null bound) */
    if ((rc = lp_account_check_rate(o->q, 0)))
        return rc;
    if (!strchr(o->q, '/') && !(lp_strtod(o->q, NULL) >= 1e-300))
        return lp_usage_error(cmd, "--sampling-rate below 1e-300 is declined with --accountant "
                              "pld (the grid is sized in doubles; got '%s'): epsilon is below "
                              "that of q = 1e-300", o->q);
    if (o->T == NULL)
        return lp_usage_error(cmd, "missing --steps");
    if (lp_decimal_uint64(&o->steps, o->T) != 0 || o->steps < 1 || o->steps > 1000000000)
        return lp_usage_error(cmd, "--steps must be an integer in 1 .. 1e9 with --accountant pld "
                              "(got '%s')", o->T);
    if (o->delta && o->delta_for_eps)
        return lp_usage_error(cmd, "--delta and --delta-for-epsilon exclude each other");
    if (o->delta_for_eps) {
        if (!lp_decimal_valid(o->delta_for_eps) || lp_decimal_sign(o->delta_for_eps) < 0
            || !(lp_strtod(o->delta_for_eps, NULL) <= 10000))
            return lp_usage_error(cmd, "--delta-for-epsilon must be a decimal number in [0, 1e4] "
                                  "(got '%s')", o->delta_for_eps);
    } else if (o->delta == NULL) {
        return lp_usage_error(cmd, "missing --delta or --delta-for-epsilon");
    } else if ((rc = lp_arg_unit_interval(cmd, "--delta", o->delta, 1))) {
        return rc;
    } else if (!(lp_strtod(o->delta, NULL) >= 1e-300)) {
        return lp_usage_error(cmd, "--delta below 1e-300 is declined with --accountant pld "
                              "(the grid is sized in doubles; got '%s')", o->delta);
    }
    o->rel = 2;
    if (o->relation) {
        if (strcmp(o->relation, "remove") == 0)
            o->rel = 0;
        else if (strcmp(o->relation, "add") == 0)
            o->rel = 1;
        else if (strcmp(o->relation, "replace") == 0)
            o->rel = 3;         /* replace-one, the Gaussian (account/pld/pld_study_replace.c) */
        else if (strcmp(o->relation, "both") != 0)
            return lp_usage_error(cmd, "--relation must be add, remove, both or replace (got '%s')",
                                  o->relation);
        if (o->rel == 3 && (o->nphases || o->eps || o->plot || o->pld_mech))
            return lp_usage_error(cmd, "--relation replace with --accountant pld takes one Gaussian "
                                  "run (not %s); the RDP "
                                  "accountant's --relation replace takes the others",
                                  o->nphases ? "--phase" : o->eps ? "--epsilon" : o->plot ? "--plot"
                                  : "--mechanism");
    }
    o->width = 0.01;
    if (o->width_text) {
        char *end;
        double w = lp_strtod(o->width_text, &end);
        if (!lp_decimal_valid(o->width_text) || *end || !(w >= 1e-4 && w <= 1))
            return lp_usage_error(cmd, "--width must be a decimal in [1e-4, 1] (got '%s')",
                                  o->width_text);
        o->width = w;
    }
    if (digits_text && (rc = lp_arg_int_range(&o->digits, cmd, "--digits", digits_text, 1, 12)))
        return rc;
    if (res_text && !o->eps)
        return lp_usage_error(cmd, "--resolution needs --epsilon (the least multiplier's grid)");
    if (res_text && (rc = lp_arg_int_range(&o->resolution, cmd, "--resolution", res_text, 0, 4)))
        return rc;
    o->pld = 1;
    return 0;
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
        || epochs_text || o->relation || o->width_text || o->delta_for_eps || o->nphases)
        return lp_usage_error(cmd, "--mechanism vmf does not take %s",
                              o->nphases ? "--phase" : o->M ? "--noise-multiplier" : o->eps ? "--epsilon"
                              : o->stated ? "--stated-epsilon" : o->method_text ? "--method"
                              : o->compare ? "--compare" : res_text ? "--resolution"
                              : batch_text ? "--batch" : epochs_text ? "--epochs"
                              : o->relation ? "--relation" : o->width_text ? "--width"
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

/* --delta: a decimal in (0, 1), or 0 where zero_ok (epsilon is then +infinity
 * for q > 0: rdp_edges.c) */
int
lp_account_check_delta(const char *v, int zero_ok)
{
    if (v == NULL)
        return lp_usage_error(cmd, "missing --delta (or --delta-for-epsilon)");
    if (zero_ok && v && lp_decimal_valid(v) && !lp_decimal_exponent_beyond(v) && lp_decimal_sign(v) == 0)
        return 0;
    return lp_arg_unit_interval(cmd, "--delta", v, 1);
}

int
lp_account_check_zero_or_positive(const char *opt, const char *v)
{
    if (v && lp_decimal_valid(v) && !lp_decimal_exponent_beyond(v) && lp_decimal_sign(v) == 0)
        return 0;
    return lp_account_check_positive(opt, v);
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
        char buf[256], err[300];
        const char *M, *q, *T;
        uint64_t steps;
        if (o->convention || o->M || o->q || o->T)
            return lp_usage_error(cmd, "--phase gives each phase's multiplier, rate and steps: it "
                                  "takes no %s", o->convention ? "--dataset-size" : o->M
                                  ? "--noise-multiplier" : o->q ? "--sampling-rate" : "--steps");
        for (size_t i = 0; i < o->nphases; i++)
            if (lp_phase_split(buf, sizeof buf, o->phase[i], &M, &q, &T, &steps, err, sizeof err) != 0)
                return lp_usage_error(cmd, "--phase: %s", err);
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
