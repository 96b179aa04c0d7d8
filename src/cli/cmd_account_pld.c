/* cmd_account_pld.c -- `leakproof account --accountant pld`: the checks of
 * one Gaussian run's values (M or --epsilon, q, T, delta or
 * --delta-for-epsilon, relation, width, digits, resolution), also the shared
 * part of the VMF's and the phases' checks (cmd_account_pld_mech.c), and
 * the run: the bracket's study or the least multiplier's.  Contract in
 * cmd_account.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/decimal_ops.h"
#include "cli.h"
#include "cmd_account.h"
#include "account/pld/study/pld_least_multiplier.h"

static const char *const cmd = "account";

/* --accountant pld: M, q in [1e-300, 1], T in 1 .. 1e9, delta (>= 1e-300) or
 * --delta-for-epsilon */
int
lp_account_parse_pld_run(lp_account_opts *o, const char *digits_text, const char *res_text)
{
    int rc;
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
            o->rel = 3;         /* replace-one, the Gaussian (account/pld/study/pld_study_replace.c) */
        else if (strcmp(o->relation, "both") != 0)
            return lp_usage_error(cmd, "--relation must be add, remove, both or replace (got '%s')",
                                  o->relation);
        if (o->rel == 3 && (o->nphases || o->eps || o->pld_mech))
            return lp_usage_error(cmd, "--relation replace with --accountant pld takes one Gaussian "
                                  "run (not %s); the RDP "
                                  "accountant's --relation replace takes the others",
                                  o->nphases ? "--phase" : o->eps ? "--epsilon" : "--mechanism");
    }
    o->width = 0.01;
    if (o->width_text) {
        char *end;
        double w = lp_strtod(o->width_text, &end);
        if (!lp_decimal_valid(o->width_text) || *end || !(w >= 1e-5 && w <= 2))
            return lp_usage_error(cmd, "--width must be a decimal in [1e-5, 2] (got '%s')",
                                  o->width_text);
        o->width = w;
    }
    o->max_n = LP_PLD_MAX_N;
    if (o->max_grid_text) {     /* a power of two: the circle sizes are 2^k and 3 2^k below it */
        long n;
        if ((rc = lp_arg_int_range(&n, cmd, "--max-grid-size", o->max_grid_text, 1 << 16, 1 << 27)))
            return rc;
        if (n & (n - 1))
            return lp_usage_error(cmd, "--max-grid-size must be a power of two in [65536, 134217728] "
                                  "(got '%s')", o->max_grid_text);
        o->max_n = (size_t) n;
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

lp_record *
lp_account_pld_run(const lp_account_opts *o, int *rc)
{
    lp_pld_request pr;
    lp_record *rec;
    int st;
    *rc = LP_EXIT_OK;
    if (o->eps) {               /* the least multiplier under PLD */
        lp_account_pld_request(&pr, o, 1);
        rec = lp_record_new("least noise multiplier (privacy loss distribution, certified bracket)");
        st = lp_pld_least_multiplier(rec, &pr, o->resolution);
        if (st == LP_PLD_UNCERTIFIED) {
            fprintf(lp_err(), "leakproof account: no multiplier up to 1e4 meets epsilon <= %s (PLD)\n",
                    o->eps);
            *rc = LP_EXIT_FAIL;         /* with its record: status not_found */
        }
    } else {
        lp_account_pld_request(&pr, o, 0);
        rec = lp_record_new(o->nphases ? "DP-SGD accountant over phases (privacy loss distribution, "
                            "certified bracket)" : o->fixed_batch ? "DP-SGD accountant (fixed-size "
                            "batches drawn without replacement, Gaussian, privacy loss "
                            "distribution, certified bracket)" : o->pld_mech ? "DP-SGD accountant (Poisson-subsampled von Mises-Fisher, "
                            "privacy loss distribution, certified bracket)"
                            : "DP-SGD accountant (Poisson-subsampled Gaussian, privacy loss "
                            "distribution, certified bracket)");
        st = lp_pld_study(rec, &pr);
        if (st == LP_PLD_UNCERTIFIED)
            *rc = LP_EXIT_UNCERTIFIED;  /* the record says why */
    }
    if (st == LP_PLD_OUT_OF_MEMORY || st == LP_PLD_INTERRUPTED) {
        if (st == LP_PLD_OUT_OF_MEMORY)         /* nothing on stdout, status 4 */
            fprintf(lp_err(), "leakproof account: out of memory (the PLD grid)\n");
        lp_record_free(rec);    /* interrupted: the dispatcher says so */
        *rc = st == LP_PLD_OUT_OF_MEMORY ? LP_EXIT_RESOURCES : LP_EXIT_INTERRUPTED;
        return NULL;
    }
    return rec;
}
