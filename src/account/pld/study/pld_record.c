/* pld_record.c -- what the PLD records share: the run's keys (one run of
 * one mechanism, or the phases', each mechanism's parameters by its row of
 * pairs/), and the two directed formatters: an epsilon end (a double, null
 * where not finite) and a ball's lower or upper end, each rounded outward at
 * `digits`.  Contracts in pld_request.h. */
#include <math.h>
#include <string.h>
#include "account/pld/study/pld_request.h"

void
pld_record_eps(lp_record *rec, const char *key, double v, slong digits, int up)
{
    if (!isfinite(v)) {
        lp_record_null(rec, key);
        return;
    }
    {
        arf_t x;
        char *t;
        arf_init(x);
        arf_set_d(x, v);
        t = lp_format_arf_directed(x, digits, up);
        lp_record_text(rec, key, t);
        flint_free(t);
        arf_clear(x);
    }
}

void
pld_record_arb_directed(lp_record *rec, const char *key, const arb_t x, slong digits, int up)
{
    arf_t e;
    char *t;
    arf_init(e);
    if (up)
        arb_get_ubound_arf(e, x, 64);
    else
        arb_get_lbound_arf(e, x, 64);
    t = lp_format_arf_directed(e, digits, up);
    lp_record_text(rec, key, t);
    flint_free(t);
    arf_clear(e);
}

/* the phases' keys of the mechanisms' parameters, in the records' order
 * (each phase has every key: null where its mechanism has no such
 * parameter); a mechanism with a parameter none had adds its key here */
static const char *const param_keys[] = {
    "noise_multiplier", "kappa", "p", "laplace_scale", "step_epsilon", "step_delta",
};

/* the row's parameter called key, or NULL; *integer whether the key (of
 * whichever row has it) is an integer's */
static const lp_pld_param *
param_of(const lp_pld_mech *row, const char *key, int *integer)
{
    *integer = 0;
    for (int id = 0; id < LP_PLD_NMECH; id++) {
        const lp_pld_mech *r = pld_mech_of((lp_pld_mech_id) id);
        for (int i = 0; i < r->nparams; i++)
            if (strcmp(r->params[i].key, key) == 0) {
                *integer = r->params[i].hi > 0;
                if (r == row)
                    return &r->params[i];
            }
    }
    return NULL;
}

/* key = the phase's value of the parameter, or null */
static void
record_param(lp_record *rec, const char *key, const lp_pld_phase *ph)
{
    const lp_pld_mech *row = pld_mech_of(ph->mech);
    int integer;
    const lp_pld_param *par = param_of(row, key, &integer);
    if (par == NULL && integer)
        lp_record_null(rec, key);
    else if (par == NULL)
        lp_record_text(rec, key, NULL);
    else if (integer)
        lp_record_int(rec, key, (int64_t) fmpz_get_ui(ph->par[par - row->params].m));
    else
        lp_record_text(rec, key, ph->par[par - row->params].text);
}

void
lp_pld_record_run(lp_record *rec, const lp_pld_phase *run)
{
    const lp_pld_mech *row = pld_mech_of(run->mech);
    if (run->mech == LP_PLD_GAUSS) {
        lp_record_text(rec, "noise_multiplier", run->par[0].text);
    } else {                    /* another mechanism's step: its pair's dominance cited */
        lp_record_text(rec, "mechanism", row->name);
        lp_record_null(rec, "noise_multiplier");
        for (int i = 0; i < row->nparams; i++)
            record_param(rec, row->params[i].key, run);
        lp_record_text(rec, "dominance", row->dominance);
    }
    lp_record_text(rec, "sampling_rate", run->q.text);
    lp_record_int(rec, "steps", (int64_t) run->steps);
}

void
lp_pld_record_phases(lp_record *rec, const lp_pld_phase *phases, size_t nphases)
{
    int cited = 0, checked = 0;
    uint64_t total = 0;
    for (size_t i = 0; i < nphases; i++) {
        const lp_pld_phase *ph = phases + i;
        const lp_pld_mech *row = pld_mech_of(ph->mech);
        lp_record *o = lp_record_append(rec, "phases");
        lp_record_text(o, "mechanism", row->name);
        for (size_t k = 0; k < sizeof param_keys / sizeof *param_keys; k++)
            record_param(o, param_keys[k], ph);
        lp_record_text(o, "sampling_rate", ph->q.text);
        lp_record_int(o, "steps", (int64_t) ph->steps);
        total += ph->steps;
        cited |= row->dominance_status != NULL;
        checked |= row->dominance_status != NULL && strcmp(row->dominance_status, "checked") == 0;
    }
    lp_record_int(rec, "steps", (int64_t) total);
    if (cited)       /* the weakest of the phases' pairs: checked (Laplace) or cited */
        lp_record_text(rec, "dominance_status", checked ? "checked" : "cited");
    if (cited)
        lp_record_text(rec, "dominance", "each phase's pair dominates its step (the Gaussian's and the "
                       "VMF's antipodal pair: proved; randomized response and the (epsilon, delta) "
                       "pair: Kairouz, Oh and Viswanath 2015, cited; Laplace's one-coordinate pair: checked, "
                       "not proved); their Poisson-subsampled pairs and "
                       "the product over the steps dominate the run (Zhu, Dong and Wang 2022's "
                       "theorems for dominating pairs: cited, not proved here)");
}
