/* study.c -- `leakproof run-bounds`'s record: the run's bounds side by side
 * (contract in runbounds.h; keys in leakproof(1), RUN-BOUNDS). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/decimal_ops.h"
#include "core/host.h"
#include "account/rdp/phases.h"
#include "runbounds/runbounds.h"

#define PREC 256

void
lp_runbounds_record_end(lp_record *rec, const char *key, const arf_t x, slong digits, int up)
{
    char *t = lp_format_arf_directed(x, digits, up);
    lp_record_text(rec, key, t);
    flint_free(t);
}

/* min(1, x) of an upper end */
static void
cap1(arf_t x)
{
    if (arf_cmp_si(x, 1) > 0 || arf_is_nan(x))
        arf_one(x);
}

static void
record_run(lp_record *rec, const lp_runbounds_request *req)
{
    const lp_pld_request *p = &req->pld;
    lp_record_text(rec, "mechanism", p->nphases ? "phases" : lp_pld_mech_name(p->run->mech));
    if (p->nphases) {
        lp_pld_record_phases(rec, p->phases, p->nphases);
    } else {
        lp_record_text(rec, "noise_multiplier", p->run->mech == LP_PLD_GAUSS ? p->run->par[0].text : NULL);
        if (p->run->mech == LP_PLD_VMF)
            lp_record_text(rec, "kappa", p->run->par[0].text);
        lp_record_text(rec, "sampling_rate", p->run->q.text);
        lp_record_int(rec, "steps", (int64_t) p->run->steps);
    }
    lp_record_text(rec, "relation", p->relation == 3 ? "replace" : p->relation == 0 ? "remove" : "both");
    lp_record_text(rec, "sampling", p->fixed_batch ? "fixed-batch" : "poisson");
    if (req->p)
        lp_record_int(rec, "p", (int64_t) req->p);
    else
        lp_record_null(rec, "p");
}

/* e^eps kappa + delta at the run's certified eps for delta (the profile's
   DP relation), and the best over delta (eps >= 0) */
static void
eps_delta(lp_record *rec, const lp_runbounds_request *req, const lp_pld_profile *pr, const arb_t kappa)
{
    arf_t lo, hi;
    double at;
    arf_init(lo);
    arf_init(hi);
    if (req->delta != NULL) {
        double elo, ehi;
        arb_t d, b;
        arb_init(d);
        arb_init(b);
        lp_decimal_arb(d, req->delta, PREC);
        lp_pld_profile_epsilon(&elo, &ehi, pr, d);
        lp_record_text(rec, "delta", req->delta);
        if (isfinite(ehi)) {
            arb_set_d(b, ehi);
            arb_exp(b, b, PREC);
            arb_mul(b, b, kappa, PREC);
            arb_add(b, b, d, PREC);
            arb_get_ubound_arf(hi, b, PREC);
            cap1(hi);
            arf_set_d(lo, ehi);
            lp_runbounds_record_end(rec, "epsilon_upper_bound", lo, req->digits, 1);
            lp_runbounds_record_end(rec, "eps_delta_bound", hi, req->digits, 1);
        } else {
            lp_record_null(rec, "epsilon_upper_bound");
            lp_record_null(rec, "eps_delta_bound");
        }
        arb_clear(d);
        arb_clear(b);
    } else {
        lp_record_null(rec, "delta");
        lp_record_null(rec, "epsilon_upper_bound");
        lp_record_null(rec, "eps_delta_bound");
    }
    if (lp_pld_profile_tradeoff(lo, hi, &at, pr, 0, kappa, 0.0, 1e-3) == 0) {
        cap1(hi);
        lp_runbounds_record_end(rec, "eps_delta_bound_best", hi, req->digits, 1);
        if (isfinite(at))
            lp_record_double(rec, "eps_delta_best_epsilon", at);
        else
            lp_record_null(rec, "eps_delta_best_epsilon");
    } else {
        lp_record_null(rec, "eps_delta_bound_best");
        lp_record_null(rec, "eps_delta_best_epsilon");
    }
    arf_clear(lo);
    arf_clear(hi);
}

static void
renyi(lp_record *rec, const lp_runbounds_request *req, const arb_t kappa)
{
    arf_t b;
    char order[40];
    int rc = -1;
    arf_init(b);
    if (req->vmf != NULL && req->pld.nphases == 0) {
        lp_dpsgd run;
        lp_exact one, d5;
        lp_exact_init_ui(&one, 1);
        lp_exact_init(&d5, "1e-5");
        lp_dpsgd_init_exact(&run, &one, &req->pld.run->q, req->pld.run->steps,
                            req->pld.delta ? req->pld.delta : &d5);
        rc = lp_rero_renyi(b, order, sizeof order, &run, req->vmf, kappa, PREC);
        lp_dpsgd_clear(&run);
        lp_exact_clear(&one);
        lp_exact_clear(&d5);
    } else if (req->rdp != NULL) {
        lp_dpsgd run;
        struct lp_phases ph;
        lp_account_run_init(&run, &ph, req->rdp);
        rc = lp_rero_renyi(b, order, sizeof order, &run, NULL, kappa, PREC);
        lp_account_run_clear(&run, &ph, req->rdp);
    }
    if (rc == 0) {
        lp_runbounds_record_end(rec, "renyi_bound", b, req->digits, 1);
        lp_record_text(rec, "renyi_order", order[0] ? order : NULL);     /* null: no order below 1 */
    } else {
        lp_record_null(rec, "renyi_bound");
        lp_record_null(rec, "renyi_order");
    }
    arf_clear(b);
}

/* min(1, C kappa) into b, C the run's capacity at req->p; 0, or -1 (none) */
static int
capacity_at(arf_t b, arb_t c, const lp_runbounds_request *req, const arb_t kappa)
{
    arb_t l;
    if (lp_run_capacity_upper(c, req) != 0)
        return -1;
    arb_init(l);
    arb_mul(l, c, kappa, PREC);
    arb_get_ubound_arf(b, l, PREC);
    cap1(b);
    arb_clear(l);
    return 0;
}

static void
capacity(lp_record *rec, const lp_runbounds_request *req, const arb_t kappa)
{
    arb_t c, l;
    arf_t b;
    arb_init(c);
    arb_init(l);
    arf_init(b);
    if (capacity_at(b, c, req, kappa) == 0) {
        lp_runbounds_record_end(rec, "capacity_bound", b, req->digits, 1);
        arb_log(l, c, PREC);
        arb_set_ui(c, 10);
        arb_log(c, c, PREC);
        arb_div(l, l, c, PREC);
        arb_get_ubound_arf(b, l, PREC);
        lp_runbounds_record_end(rec, "log10_capacity", b, req->digits, 1);
        lp_record_text(rec, "capacity_route", req->pld.run->mech == LP_PLD_VMF
                       ? "(1 - q + q C_vmf(p, kappa))^T, the step's capacity exact, the product over steps"
                       : "run-capacity's capacity_upper_same (the record the same at every step)");
    } else {
        lp_record_null(rec, "capacity_bound");
        lp_record_null(rec, "log10_capacity");
        lp_record_text(rec, "capacity_route", req->p == 0 ? "none: the record's dimension --p not given"
                       : "none: the Gaussian or the VMF of one phase only");
    }
    arf_clear(b);
    arb_clear(c);
    arb_clear(l);
}

int
lp_runbounds_capacity_span(lp_record *rec, const lp_runbounds_request *req, uint64_t span)
{
    lp_runbounds_request at = *req;
    arb_t kappa, c;
    arf_t b;
    int rc = -1;
    arb_init(kappa);
    arb_init(c);
    arf_init(b);
    at.p = span < req->p ? span : req->p;
    if (req->pld.run->mech == LP_PLD_GAUSS && req->pld.nphases == 0 && at.p > 0
        && lp_runbounds_kappa(kappa, req->baseline, PREC) == 0 && capacity_at(b, c, &at, kappa) == 0) {
        lp_runbounds_record_end(rec, "capacity_bound_span", b, req->digits, 1);
        lp_record_int(rec, "capacity_span_p", (int64_t) at.p);
        rc = 0;
    } else {
        lp_record_null(rec, "capacity_bound_span");
        lp_record_null(rec, "capacity_span_p");
    }
    arf_clear(b);
    arb_clear(c);
    arb_clear(kappa);
    return rc;
}

static void
fisher(lp_record *rec, const lp_runbounds_request *req)
{
    arb_t m;
    arb_init(m);
    if (lp_rero_fisher(m, req, PREC) == 0) {
        arf_t b;
        arf_init(b);
        arb_get_lbound_arf(b, m, PREC);
        lp_runbounds_record_end(rec, "fisher_mse_bound", b, req->digits, 0);
        arb_div_ui(m, m, req->p, PREC);
        arb_get_lbound_arf(b, m, PREC);
        lp_runbounds_record_end(rec, "fisher_mse_bound_per_coordinate", b, req->digits, 0);
        arf_clear(b);
    } else {
        lp_record_null(rec, "fisher_mse_bound");
        lp_record_null(rec, "fisher_mse_bound_per_coordinate");
    }
    arb_clear(m);
}

int
lp_runbounds_record(lp_record *rec, const lp_runbounds_request *req)
{
    lp_rero r;
    lp_pld_profile pr;
    arb_t kappa;
    int rc = LP_PLD_OK;

    arb_init(kappa);
    lp_runbounds_kappa(kappa, req->baseline, PREC);
    lp_rero_init(&r);
    if (lp_rero_run(&r, &pr, req, kappa) != 0) {
        rc = r.out_of_memory ? LP_PLD_OUT_OF_MEMORY : r.interrupted ? LP_PLD_INTERRUPTED : LP_PLD_UNCERTIFIED;
        lp_record_null(rec, "rero_lower_bound");
        lp_record_null(rec, "rero_upper_bound");
        lp_record_null(rec, "rero_closed_form");
        lp_record_text(rec, "rero_why", r.why);
        lp_record_null(rec, "eps_delta_bound");
        lp_record_null(rec, "eps_delta_bound_best");
    } else {
        lp_runbounds_record_end(rec, "rero_lower_bound", r.lo, req->digits, 0);
        lp_runbounds_record_end(rec, "rero_upper_bound", r.hi, req->digits, 1);
        if (r.closed)
            lp_record_ball(rec, "rero_closed_form", r.closed_form, req->digits);
        else
            lp_record_null(rec, "rero_closed_form");
        lp_record_text(rec, "rero_relation", r.relation);
        lp_record_text(rec, "rero_pair", r.pair);
        if (isfinite(r.eps))
            lp_record_double(rec, "rero_epsilon", r.eps);
        else
            lp_record_null(rec, "rero_epsilon");
        eps_delta(rec, req, &pr, kappa);
    }
    if (rc == LP_PLD_OK || rc == LP_PLD_UNCERTIFIED) {
        renyi(rec, req, kappa);
        capacity(rec, req, kappa);
        fisher(rec, req);
    }
    if (rc == LP_PLD_INTERRUPTED || lp_cancelled())
        rc = LP_PLD_INTERRUPTED;
    lp_pld_profile_clear(&pr);
    lp_rero_clear(&r);
    arb_clear(kappa);
    return rc;
}

int
lp_runbounds_study(lp_record *rec, const lp_runbounds_request *req)
{
    int rc;
    lp_record_text(rec, "command", "run-bounds");
    lp_record_text(rec, "baseline", req->baseline);
    if (req->prior_size)
        lp_record_int(rec, "prior_size", (int64_t) req->prior_size);
    else
        lp_record_null(rec, "prior_size");
    rc = lp_runbounds_record(rec, req);
    if (rc == LP_PLD_OK || rc == LP_PLD_UNCERTIFIED) {
        record_run(rec, req);
        lp_record_bool(rec, "certified", rc == LP_PLD_OK);
        lp_record_text(rec, "note", "bounds on P(the informed adversary's guess is right), the record one of "
                       "answers whose most likely has prior mass kappa (baseline): rero = 1 - f(kappa) of the pair "
                       "that dominates the run with and without it (a certified bracket of the tight bound for "
                       "that pair); eps_delta_bound = e^eps kappa + delta at the delta given, "
                       "eps_delta_bound_best the least over the run's (eps, delta) curve; renyi_bound = min over "
                       "orders of (e^rdp kappa)^((a-1)/a); capacity_bound = min(1, C kappa); fisher_mse_bound: "
                       "the least mean squared error of an unbiased estimate of the record (the clip's units "
                       "squared), not a bound on success; leakproof(1), RUN-BOUNDS");
    }
    return rc;
}
