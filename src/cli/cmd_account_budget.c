/* cmd_account_budget.c -- `leakproof account`'s work budget: each mode's
 * estimate before the run starts, --estimate, and the decline past
 * --max-seconds. */
#include <math.h>
#include <unistd.h>
#include "cli.h"
#include "cmd_account.h"
#include "account/pld/study/pld_plan.h"
#include "account/rdp/vmf_account.h"
#include "account/study.h"
#include "account/work.h"
#include "core/budget.h"

static const char *const cmd = "account";

/* The work budget: the estimate (account/work.c) against --max-seconds
 * (default LP_BUDGET_SECONDS); --estimate prints it instead of the run.
 * Contract in cmd_account.h. */
int
lp_account_budget(const lp_account_opts *o)
{
    double max = LP_BUDGET_SECONDS, est, bytes = NAN;
    const char *opt = "--orders", *value = NULL;
    size_t n_max = 0, K_max = 0;
    char msg[400];
    int rc;
    if (o->max_seconds_text && (rc = lp_arg_positive(&max, cmd, "--max-seconds", o->max_seconds_text,
                                                     "the work budget in seconds")))
        return rc;
    if (o->pld) {               /* the grid lp_pld_init will choose (account/pld_plan.c) */
        /* --epsilon: the least multiplier's search, about 20 compositions
         * at width 0.05 (pld_least_multiplier.c), costed at M = 1 */
        lp_pld_request pr;
        lp_pld_phase run1 = o->pld_run;     /* (a copy of the values: read, never cleared) */
        lp_exact one, d10;
        const char *why = NULL;
        lp_exact_init_ui(&one, 1);
        lp_exact_init(&d10, "1e-10");
        if (o->eps)
            run1.par[0] = one;
        lp_account_pld_request(&pr, o, 0);
        pr.run = &run1;
        pr.relation = o->rel == 3 ? 0 : o->rel;         /* replace: remove's grid */
        pr.width = o->eps ? fmax(o->width, 0.05) : o->width;
        est = lp_pld_work_seconds(&pr, &bytes, &n_max, &K_max, &why);
        if (o->eps)
            est *= 20;
        if (o->plot && why == NULL) {   /* --plot's own composition: its grid for delta 1e-10 */
            lp_pld_request pp = pr;
            double b2 = NAN;
            size_t n2 = 0, K2 = 0;
            pp.delta = &d10;
            pp.eps = NULL;
            est += lp_pld_work_seconds(&pp, &b2, &n2, &K2, &why);
            bytes = fmax(bytes, b2);
            n_max = n2 > n_max ? n2 : n_max;
            K_max = K2 > K_max ? K2 : K_max;
        }
        lp_exact_clear(&one);
        lp_exact_clear(&d10);
        if (why && !lp_cancelled())     /* declined before starting, with the reason */
            return lp_usage_error(cmd, "declined before starting: %s", why);
        opt = "--width";        /* the knob: a wider bracket, a coarser grid */
        value = o->width_text ? o->width_text : "0.01";
    } else if (o->vmf) {        /* every integer order up to the list's largest */
        est = lp_account_vmf_work_seconds(o->p, &o->orders, o->digits);
    } else if (o->nphases) {    /* the sum over the phases, each at its own multiplier */
        est = 0;
        for (size_t i = 0; i < o->nphases; i++)
            est += lp_account_work_seconds(LP_WORK_EPSILON, o->rdp_phase[i].M.d, &o->orders,
                                           o->digits, &opt);
        opt = "--orders";
    }
    else if (o->peer && !o->compare)    /* doubles only: no certified integral */
        est = 0;
    else if (o->eps && !o->stated && !o->replace && !o->fixed_batch) {
        /* the least multiplier: its few accountants at the M the doubles place
           (a small M costs the certified integrals far more than M = 1) */
        lp_account_request req;
        lp_account_rdp_request(&req, o);
        est = lp_account_work_seconds(LP_WORK_LEAST_M_GUIDED,
                                      lp_account_least_multiplier_guess(&req, &o->eps_x, o->resolution),
                                      &o->orders, o->digits, &opt);
    } else
        est = lp_account_work_seconds(o->stated ? LP_WORK_FIT : o->eps ? LP_WORK_LEAST_M : LP_WORK_EPSILON,
                                      o->M ? lp_strtod(o->M, NULL) : 1, &o->orders, o->digits, &opt);
    if (o->estimate) {
        lp_record *rec = lp_record_new("work estimate");
        lp_budget_record(rec, "account", est, max, opt);
        if (o->pld) {           /* the grid, and the memory it needs (pld_plan.c) */
            lp_record_int(rec, "grid_size", (int64_t) n_max);
            lp_record_int(rec, "step_support", (int64_t) K_max);
            lp_record_double(rec, "estimated_bytes", bytes);
        }
        rc = lp_emit(rec, o->json) != 0 ? LP_EXIT_FAIL : LP_EXIT_OK;
        lp_record_free(rec);
        return rc == LP_EXIT_OK ? -1 : rc;
    }
    if (!isnan(est) && lp_budget_exceeded(msg, sizeof msg, opt, value ? value : opt[2] == 'o' ? o->orders.text : o->M, est,
                                          max, "estimated before starting"))
        return lp_usage_error(cmd, "%s", msg);
    lp_budget_notice(lp_err(), lp_err() == stderr && isatty(2), cmd, est);
    return 0;
}
