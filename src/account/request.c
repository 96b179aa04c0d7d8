/* request.c -- the run a request of `leakproof account` describes: the
 * accountant's lp_dpsgd (one phase, or the phases' sum), whether every
 * sampling rate is 0, and the run's fields of every accountant record (the
 * multiplier, rate and steps or the phases, the neighbouring relation).
 * Contracts in study.h. */
#include "account/study.h"
#include "account/rdp/phases.h"

int
lp_account_all_rates_zero(const lp_account_request *req)
{
    if (req->nphases == 0)
        return lp_exact_sign(req->q) == 0;
    for (size_t i = 0; i < req->nphases; i++)
        if (lp_exact_sign(&req->phase[i].q) != 0)
            return 0;
    return 1;
}

void
lp_account_record_run(lp_record *rec, const lp_account_request *req)
{
    uint64_t total = 0;
    if (req->nphases == 0) {
        lp_record_text(rec, "noise_multiplier", req->M->text);
        lp_record_text(rec, "sampling_rate", req->q->text);
        lp_record_int(rec, "steps", (int64_t) req->steps);
        lp_account_record_relation(rec, req);
        return;
    }
    /* the phases: each its own multiplier, rate and steps; steps the total */
    lp_record_null(rec, "noise_multiplier");
    lp_record_null(rec, "sampling_rate");
    for (size_t i = 0; i < req->nphases; i++)
        total += req->phase[i].steps;
    lp_record_int(rec, "steps", (int64_t) total);
    for (size_t i = 0; i < req->nphases; i++) {
        lp_record *row = lp_record_append(rec, "phases");
        lp_record_text(row, "noise_multiplier", req->phase[i].M.text);
        lp_record_text(row, "sampling_rate", req->phase[i].q.text);
        lp_record_int(row, "steps", (int64_t) req->phase[i].steps);
    }
    lp_account_record_relation(rec, req);
}

void
lp_account_record_relation(lp_record *rec, const lp_account_request *req)
{
    if (req->fixed_batch) {     /* the scheme and the relation its bound holds for */
        lp_record_text(rec, "sampling", "fixed-batch");
        lp_record_text(rec, "relation", "replace");
        lp_record_text(rec, "relation_bound", "fixed-size batches drawn without replacement "
                       "(q = batch/dataset size), replace-one neighbours, sensitivity 2C: each "
                       "step's RDP(a) <= min(Wang, Balle, Kasiviswanathan 2019 Thm 9 with the "
                       "Gaussian's 2a/M^2, joint convexity); fractional orders by the chord of "
                       "(a-1) RDP(a) (their Cor. 10); certified, not tight");
        return;
    }
    if (!req->replace)
        return;                 /* add/remove: the records as they were */
    lp_record_text(rec, "relation", "replace");
    lp_record_text(rec, "relation_bound", "replace-one as remove then add: each step's "
                   "RDP(a) <= (a - 1/2)/(a - 1) RDP(2a) + RDP(2a - 1) (Mironov 2017, Prop. 11, "
                   "p = 2), RDP the sampled Gaussian's add/remove curve; certified, not tight");
}

/* the run the accountant sees: one phase, or the phases' sum */
void
lp_account_run_init(lp_dpsgd *run, struct lp_phases *ph, const lp_account_request *req)
{
    if (req->nphases)
        lp_phases_init(ph, run, req->phase, req->nphases, req->delta);
    else
        lp_dpsgd_init_exact(run, req->M, req->q, req->steps, req->delta);
    run->replace = req->replace;
    run->fixed_batch = req->fixed_batch;
}

void
lp_account_run_clear(lp_dpsgd *run, struct lp_phases *ph, const lp_account_request *req)
{
    if (req->nphases)
        lp_phases_clear(ph, run);
    lp_dpsgd_clear(run);
}
