/* cmd_account_lists.c -- `leakproof account --delta D1,D2,...` and
 * `--delta-for-epsilon E1,E2,...`: one composition of the RDP accountant,
 * many queries (src/account/rdp/lists.c).  A comma in either makes both
 * lists (either may be one value); they may be given together.  With
 * --accountant pld: one composed PLD per relation (account/pld/study/pld_profile.c),
 * its grid sized for the smallest delta (and the greatest epsilon) of the
 * lists.  Contracts in cmd_account.h. */
#include <string.h>
#include "core/decimal_ops.h"
#include "core/host.h"
#include "cli.h"
#include "cmd_account.h"
#include "account/pld/study/pld_profile.h"

static const char *const cmd = "account";

int
lp_account_is_list(const char *v)
{
    return v != NULL && strchr(v, ',') != NULL;
}

/* text's entries into out (pointers into buf), each checked */
static int
split(char *buf, size_t len, const char **out, size_t *n, const char *opt, const char *text,
      int is_delta)
{
    char *p, *c;
    int rc;
    if (strlen(text) >= len)
        return lp_usage_error(cmd, "%s: the list is longer than %zu characters", opt, len - 1);
    strcpy(buf, text);
    *n = 0;
    for (p = buf;; p = c + 1) {
        c = strchr(p, ',');
        if (c)
            *c = '\0';
        if (*n == LP_ACCOUNT_LIST_MAX)
            return lp_usage_error(cmd, "%s: at most %d values", opt, LP_ACCOUNT_LIST_MAX);
        if (is_delta) {
            if ((rc = lp_arg_unit_interval(cmd, opt, p, 1)))
                return rc;
        } else if (lp_decimal_exponent_beyond(p) || !lp_decimal_valid(p) || lp_decimal_sign(p) < 0
                   || !(lp_strtod(p, NULL) <= 10000)) {
            return lp_usage_error(cmd, "%s must list decimal numbers in [0, 1e4] (got '%s')", opt, p);
        }
        out[(*n)++] = p;
        if (c == NULL)
            return 0;
    }
}

/* the least (sign 1) or the greatest (sign -1) of a list by value, among
 * the values > 0 (NULL when none) */
static const char *
extreme_of(const char *const *v, size_t n, int sign)
{
    const char *best = NULL;
    for (size_t i = 0; i < n; i++) {
        double x = lp_strtod(v[i], NULL);
        if (x > 0 && (best == NULL || sign * (x - lp_strtod(best, NULL)) < 0))
            best = v[i];
    }
    return best;
}

/* --accountant pld with lists: each mode's checks by lp_account_parse_pld
 * on the grid's reference values (the least delta, else the greatest
 * epsilon), then both lists kept.  The grid's epsilon is the greatest asked:
 * its width is a fraction of it, so the cost is the single query's at that
 * epsilon, and smaller epsilons get the same absolute width. */
static int
parse_pld_lists(lp_account_opts *o, const char *digits_text)
{
    int rc;
    if (o->delta && (rc = split(o->list_buf[0], sizeof o->list_buf[0], o->list_delta, &o->n_delta,
                                "--delta", o->delta, 1)))
        return rc;
    if (o->delta_for_eps && (rc = split(o->list_buf[1], sizeof o->list_buf[1], o->list_eps,
                                        &o->n_eps, "--delta-for-epsilon", o->delta_for_eps, 0)))
        return rc;
    for (size_t i = 0; i < o->n_delta; i++)
        if (!(lp_strtod(o->list_delta[i], NULL) >= 1e-300))
            return lp_usage_error(cmd, "--delta below 1e-300 (or 0) is declined with --accountant pld "
                                  "(the grid is sized in doubles; got '%s')", o->list_delta[i]);
    o->delta = extreme_of(o->list_delta, o->n_delta, 1);
    o->delta_for_eps = o->delta ? NULL : extreme_of(o->list_eps, o->n_eps, -1);
    if (o->delta == NULL && o->delta_for_eps == NULL)
        o->delta_for_eps = "0";         /* every epsilon 0: the grid by its own estimate */
    /* each mechanism's own checks, as its single query's (cmd_account_pld_mech.c) */
    if (o->mechanism && strcmp(o->mechanism, "vmf") == 0)
        rc = lp_account_parse_pld_vmf(o, digits_text, NULL, NULL, NULL);
    else if (o->mechanism && lp_account_is_pld_step_mechanism(o->mechanism))
        rc = lp_account_parse_pld_mechanism(o, digits_text, NULL, NULL, NULL);
    else if (o->mechanism && strcmp(o->mechanism, "gauss") != 0)
        rc = lp_usage_error(cmd, "--mechanism must be gauss, vmf, laplace, rr or epsdelta (got "
                            "'%s')", o->mechanism);
    else if (o->kappa || o->p_text || o->sensitivity)
        rc = lp_usage_error(cmd, "%s needs --mechanism vmf", o->kappa ? "--kappa"
                            : o->p_text ? "--p" : "--sensitivity");
    else
        rc = lp_account_parse_pld(o, digits_text, NULL);
    if (rc)
        return rc;
    /* the grid's epsilon: the greatest asked, with deltas too */
    o->delta_for_eps = extreme_of(o->list_eps, o->n_eps, -1);
    o->lists = 1;
    return 0;
}

lp_record *
lp_account_pld_lists(const lp_account_opts *o, int *rc)
{
    lp_pld_request pr;
    lp_record *rec = lp_record_new("DP-SGD accountant, one composition and many queries (privacy "
                                   "loss distribution, certified brackets)");
    int st;
    lp_account_pld_request(&pr, o, 0);
    st = lp_pld_lists_study(rec, &pr, o->list_delta_x, o->n_delta, o->list_eps_x, o->n_eps);
    if (st == LP_PLD_OUT_OF_MEMORY || st == LP_PLD_INTERRUPTED) {
        if (st == LP_PLD_OUT_OF_MEMORY)
            fprintf(lp_err(), "leakproof account: out of memory (the PLD grid)\n");
        lp_record_free(rec);
        *rc = st == LP_PLD_OUT_OF_MEMORY ? LP_EXIT_RESOURCES : LP_EXIT_INTERRUPTED;
        return NULL;
    }
    *rc = st == LP_PLD_UNCERTIFIED ? LP_EXIT_UNCERTIFIED : LP_EXIT_OK;
    if (st == LP_PLD_UNCERTIFIED)       /* the rows keep their own status: say so, not just 3 */
        fprintf(lp_err(), "leakproof account: not every row is certified: each row's status and "
                "why say which; the certified rows stand\n");
    return rec;
}

int
lp_account_parse_lists(lp_account_opts *o, const char *digits_text, const char *res_text,
                       const char *batch_text, const char *epochs_text)
{
    const int pld = o->accountant && strcmp(o->accountant, "pld") == 0;
    const int other_mech = o->mechanism && strcmp(o->mechanism, "gauss") != 0;
    const char *bad = o->eps ? "--epsilon" : o->stated ? "--stated-epsilon" : o->compare ? "--compare"
                      : res_text ? "--resolution" : epochs_text && !batch_text ? "--epochs" : NULL;
    int rc;
    if ((o->width_text || o->max_grid_text) && !pld)
        return lp_usage_error(cmd, "%s needs --accountant pld", o->width_text ? "--width" : "--max-grid-size");
    if (batch_text)             /* B and N give q = B/N; B alone does not */
        return lp_usage_error(cmd, "lists of --delta or --delta-for-epsilon take --batch with "
                              "--dataset-size only (q = B/N)");
    if (bad)
        return lp_usage_error(cmd, "lists of --delta or --delta-for-epsilon (one composition) do "
                              "not take %s", bad);
    if (pld)                    /* every mechanism of the PLD accountant */
        return parse_pld_lists(o, digits_text);
    if (other_mech)
        return lp_usage_error(cmd, "lists of --delta or --delta-for-epsilon under the RDP "
                              "accountant take the Gaussian (not --mechanism %s; --accountant pld "
                              "takes it)", o->mechanism);
    if (o->kappa || o->p_text || o->sensitivity)
        return lp_usage_error(cmd, "%s needs --mechanism vmf (with --accountant pld for lists)",
                              o->kappa ? "--kappa" : o->p_text ? "--p" : "--sensitivity");
    if (o->method_text && strcmp(o->method_text, "arb") != 0)
        return lp_usage_error(cmd, "lists of --delta or --delta-for-epsilon are certified: "
                              "--method arb only (got '%s')", o->method_text);
    if (o->relation && strcmp(o->relation, "replace") == 0)
        o->replace = 1;
    else if (o->relation)
        return lp_usage_error(cmd, "--relation: the RDP accountant takes replace (got '%s')",
                              o->relation);
    if (o->nphases) {
        if (o->M || o->q || o->T)
            return lp_usage_error(cmd, "--phase gives each phase's multiplier, rate and steps: it "
                                  "takes no %s", o->M ? "--noise-multiplier" : o->q
                                  ? "--sampling-rate" : "--steps");
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
    if (o->delta && (rc = split(o->list_buf[0], sizeof o->list_buf[0], o->list_delta, &o->n_delta,
                                "--delta", o->delta, 1)))
        return rc;
    if (o->delta_for_eps && (rc = split(o->list_buf[1], sizeof o->list_buf[1], o->list_eps,
                                        &o->n_eps, "--delta-for-epsilon", o->delta_for_eps, 0)))
        return rc;
    if (digits_text && (rc = lp_arg_int_range(&o->digits, cmd, "--digits", digits_text, 1, 60)))
        return rc;
    o->lists = 1;
    return lp_account_parse_orders(o);
}
