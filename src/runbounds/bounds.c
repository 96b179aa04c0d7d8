/* bounds.c -- the run's bounds beside ReRo: the baseline, Renyi's, the Bayes
 * capacity's, Fisher's (contracts and sources in runbounds.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "account/rdp/phases.h"
#include "compose/run_capacity.h"
#include "core/decimal_ops.h"
#include "core/host.h"
#include "runbounds/runbounds.h"

int
lp_runbounds_kappa(arb_t kappa, const char *text, slong prec)
{
    uint64_t num, den;
    if (text == NULL)
        return -1;
    if (strchr(text, '/')) {
        if (lp_rate_fraction(&num, &den, text) != 0 || num == 0 || num > den)
            return -1;
        arb_set_ui(kappa, num);
        arb_div_ui(kappa, kappa, den, prec);
        return 0;
    }
    if (!lp_decimal_valid(text) || lp_decimal_sign(text) <= 0 || lp_decimal_cmp_exact(text, "1") > 0)
        return -1;
    lp_decimal_arb(kappa, text, prec);
    return 0;
}

/* exp((a-1)/a (rdp + log kappa)), upper end into out */
static void
renyi_at(arf_t out, const arb_t rdp, const arb_t alpha, const arb_t kappa, slong prec)
{
    arb_t t, w;
    arb_init(t);
    arb_init(w);
    arb_log(t, kappa, prec);
    arb_add(t, t, rdp, prec);
    arb_sub_ui(w, alpha, 1, prec);
    arb_div(w, w, alpha, prec);
    arb_mul(t, t, w, prec);
    arb_exp(t, t, prec);
    arb_get_ubound_arf(out, t, prec);
    arb_clear(t);
    arb_clear(w);
}

int
lp_rero_renyi(arf_t bound, char *order, size_t olen, const lp_dpsgd *run, const lp_vmf_step *vmf,
              const arb_t kappa, slong prec)
{
    const char *const *grid = lp_orders_search_grid();
    arf_t b;
    arb_t alpha, rdp;
    int found = -1;
    arf_init(b);
    arb_init(alpha);
    arb_init(rdp);
    arf_one(bound);
    if (order && olen)
        order[0] = '\0';
    if (vmf != NULL) {
        /* the VMF's curve at the grid's integer orders (lp_account_vmf_eval) */
        const char *ints[LP_NORDERS_SEARCH_GRID];
        size_t ni = 0;
        for (size_t i = 0; i < LP_NORDERS_SEARCH_GRID; i++) {
            uint64_t integer;
            if (lp_order_parse(&integer, grid[i]) == 0 && integer >= 2 && integer <= 10000)
                ints[ni++] = grid[i];
        }
        lp_account acc;
        lp_account_init(&acc, ints, ni);
        lp_account_vmf_eval(&acc, NULL, run, vmf, 6);
        for (size_t i = 0; i < acc.norders && !lp_cancelled(); i++) {
            if (acc.order[i].rdp_T.status != LP_OK)
                continue;
            lp_decimal_arb(alpha, acc.order[i].alpha, prec);
            renyi_at(b, acc.order[i].rdp_T.value, alpha, kappa, prec);
            if (arf_cmp(b, bound) < 0) {
                arf_set(bound, b);
                if (order)
                    snprintf(order, olen, "%s", acc.order[i].alpha);
            }
            found = 0;
        }
        lp_account_clear(&acc);
    } else {
        for (size_t i = 0; i < LP_NORDERS_SEARCH_GRID && !lp_cancelled(); i++) {
            uint64_t integer;
            if (lp_order_parse(&integer, grid[i]) != 0)
                continue;
            lp_decimal_arb(alpha, grid[i], prec);
            /* a bound wants the upper end, not digits: 64 bits, more only where the
               integral could not enclose it there */
            for (slong wp = 64; wp <= prec; wp *= 2) {
                lp_account_rdp_T(rdp, run, integer, alpha, wp);
                if (arb_is_finite(rdp) && arb_rel_accuracy_bits(rdp) > 20)
                    break;
            }
            if (!arb_is_finite(rdp))
                continue;
            renyi_at(b, rdp, alpha, kappa, prec);
            if (arf_cmp(b, bound) < 0) {
                arf_set(bound, b);
                if (order)
                    snprintf(order, olen, "%s", grid[i]);
            }
            found = 0;
        }
    }
    arf_clear(b);
    arb_clear(alpha);
    arb_clear(rdp);
    return lp_cancelled() ? -1 : found;
}

int
lp_run_capacity_upper(arb_t c, const lp_runbounds_request *req)
{
    const lp_pld_request *p = &req->pld;
    if (req->p == 0 || p->nphases > 0)
        return -1;
    if (p->mech == LP_PLD_GAUSS && p->M != NULL) {
        /* run-capacity's same-x bound at sigma = M, R = 1 (the clip's units) */
        lp_run_capacity_request rc;
        lp_record *scratch = lp_record_new("scratch");
        char err[300];
        arb_t same;
        int ok;
        arb_init(same);
        arb_indeterminate(same);
        memset(&rc, 0, sizeof rc);
        rc.p = req->p;
        rc.sigma = p->M;
        rc.radius = "1";
        rc.sampling_rate = p->q;
        rc.steps = p->steps;
        rc.digits = 6;
        rc.upper_same = same;
        ok = scratch != NULL && lp_study_run_capacity(scratch, &rc, err, sizeof err) != LP_RUN_BAD_INPUT
             && arb_is_finite(same);
        if (ok)
            arb_set(c, same);
        lp_record_free(scratch);
        arb_clear(same);
        return ok ? 0 : -1;
    }
    if (p->mech == LP_PLD_VMF && p->kappa != NULL) {
        /* (1 - q + q C_vmf)^T: the step's capacity is exact (the uncovered
           release does not depend on x), the product bounds any run */
        const lp_form *form = lp_form_find("vmf", "proof");
        char ptext[32], err[200];
        lp_params par;
        lp_result res;
        arb_t q;
        int ok = 0;
        snprintf(ptext, sizeof ptext, "%llu", (unsigned long long) req->p);
        lp_params_init(&par);
        lp_result_init(&res);
        arb_init(q);
        if (form != NULL && lp_params_set(&par, LP_PARAM_ID_P, ptext, err, sizeof err) == 0
            && lp_params_set(&par, LP_PARAM_ID_KAPPA, p->kappa, err, sizeof err) == 0
            && lp_evaluate(&res, form, LP_ARB, &par, 10, 0) == LP_OK && res.certified
            && lp_runbounds_kappa(q, p->q, 256) == 0) {
            arb_sub_ui(c, res.value, 1, 256);
            arb_mul(c, c, q, 256);
            arb_add_ui(c, c, 1, 256);
            arb_pow_ui(c, c, p->steps, 256);
            ok = arb_is_finite(c);
        }
        arb_clear(q);
        lp_result_clear(&res);
        lp_params_clear(&par);
        return ok ? 0 : -1;
    }
    return -1;
}

int
lp_rero_fisher(arb_t mse, const lp_runbounds_request *req, slong prec)
{
    const lp_pld_request *p = &req->pld;
    arb_t info, t, M, q;
    int rc = 0;
    if (req->p == 0)
        return -1;
    if (p->nphases > 0) {
        for (size_t i = 0; i < p->nphases; i++)
            if (p->phases[i].mech != LP_PLD_GAUSS || p->phases[i].M == NULL)
                return -1;
    } else if (p->mech != LP_PLD_GAUSS || p->M == NULL) {
        return -1;
    }
    arb_init(info);
    arb_init(t);
    arb_init(M);
    arb_init(q);
    /* tr(I)/p = sum over phases T_i q_i / M_i^2 */
    for (size_t i = 0; i < (p->nphases ? p->nphases : 1) && rc == 0; i++) {
        const char *Mt = p->nphases ? p->phases[i].M : p->M, *qt = p->nphases ? p->phases[i].q : p->q;
        const uint64_t T = p->nphases ? p->phases[i].steps : p->steps;
        lp_decimal_arb(M, Mt, prec);
        if (lp_runbounds_kappa(q, qt, prec) != 0) {
            if (lp_rate_is_zero(qt))
                continue;       /* a phase that never uses the record adds nothing */
            rc = -1;
            break;
        }
        arb_mul_ui(t, q, T, prec);
        arb_div(t, t, M, prec);
        arb_div(t, t, M, prec);
        arb_add(info, info, t, prec);
    }
    if (rc == 0 && arb_is_positive(info)) {
        arb_set_ui(mse, req->p);
        arb_div(mse, mse, info, prec);
    } else {
        rc = -1;
    }
    arb_clear(info);
    arb_clear(t);
    arb_clear(M);
    arb_clear(q);
    return rc;
}
