/* inverse.c -- the least noise multiplier whose certified ReRo bound is at
 * most a target success (contract in runbounds.h).  The bound decreases as
 * M grows (the pair at a larger M is a post-processing of the pair at a
 * smaller: add independent noise), so the grid's multipliers split into
 * those whose certified upper end meets the target and those below them;
 * bisection over the grid m 10^-K finds the least certified one. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/decimal_ops.h"
#include "core/host.h"
#include "runbounds/runbounds.h"

#define PREC 256

/* the bracket at multiplier m 10^-K: 1 meets (upper end <= target), 0 not,
   -1 failed (r->why); r keeps the bracket */
static int
at(lp_rero *r, const lp_runbounds_request *req, uint64_t m, long K, const arb_t kappa, const arf_t target)
{
    lp_runbounds_request q = *req;
    lp_pld_profile pr;
    char M[48];
    int rc;
    snprintf(M, sizeof M, "%llue-%ld", (unsigned long long) m, K);
    q.pld.M = M;
    lp_rero_clear(r);
    lp_rero_init(r);
    rc = lp_rero_run(r, &pr, &q, kappa);
    lp_pld_profile_clear(&pr);
    if (rc != 0)
        return -1;
    return arf_cmp(r->hi, target) <= 0;
}

/* the grid point m 10^-K as the record's text (K decimals, exact) */
static void
record_multiplier(lp_record *rec, const char *key, uint64_t m, long K)
{
    char M[48], *txt;
    arb_t Mb;
    snprintf(M, sizeof M, "%llue-%ld", (unsigned long long) m, K);
    arb_init(Mb);
    lp_decimal_arb(Mb, M, PREC);
    txt = lp_ball_decimal_fixed(Mb, K);
    lp_record_text(rec, key, txt ? txt : M);
    free(txt);
    arb_clear(Mb);
}

int
lp_runbounds_least_multiplier(lp_record *rec, const lp_runbounds_request *req, const char *target, long K)
{
    lp_rero r;
    arb_t kappa, tb;
    arf_t t, below_lo;
    uint64_t lo = 0, hi, unit = 1;
    int rc = LP_PLD_OK, s;

    for (long i = 0; i < K; i++)
        unit *= 10;
    arb_init(kappa);
    arb_init(tb);
    arf_init(t);
    arf_init(below_lo);
    lp_runbounds_kappa(kappa, req->baseline, PREC);
    lp_decimal_arb(tb, target, PREC);
    arb_get_lbound_arf(t, tb, PREC);
    lp_rero_init(&r);
    lp_record_text(rec, "command", "run-bounds least-multiplier");
    lp_record_text(rec, "baseline", req->baseline);
    lp_record_text(rec, "target_success", target);
    lp_record_text(rec, "sampling_rate", req->pld.q);
    lp_record_int(rec, "steps", (int64_t) req->pld.steps);
    lp_record_text(rec, "relation", req->pld.relation == 3 ? "replace" : "remove");
    lp_record_int(rec, "resolution", K);
    /* an upper grid point that meets the target: M = 1, 2, 4, ... up to 1e4 */
    hi = unit;
    while ((s = at(&r, req, hi, K, kappa, t)) == 0 && hi < 10000 * unit)
        hi *= 2;
    if (s != 1) {
        rc = s < 0 ? (r.out_of_memory ? LP_PLD_OUT_OF_MEMORY : r.interrupted || lp_cancelled()
                      ? LP_PLD_INTERRUPTED : LP_PLD_UNCERTIFIED) : LP_PLD_UNCERTIFIED;
        lp_record_null(rec, "noise_multiplier");
        lp_record_text(rec, "status", s < 0 ? "failed" : "not_found");
        lp_record_text(rec, "why", s < 0 ? r.why : "no multiplier up to 1e4 has a certified bound at or below "
                       "the target");
        goto done;
    }
    /* bisection: lo fails (or is 0), hi meets */
    {
        uint64_t probe = hi / 2;
        while (probe >= 1 && (s = at(&r, req, probe, K, kappa, t)) == 1) {
            hi = probe;
            probe /= 2;
        }
        if (s < 0)
            goto failed;
        lo = probe;
    }
    while (hi - lo > 1) {
        const uint64_t mid = lo + (hi - lo) / 2;
        if ((s = at(&r, req, mid, K, kappa, t)) < 0)
            goto failed;
        if (s)
            hi = mid;
        else
            lo = mid;
    }
    /* the answer's bracket, and the point below's lower end */
    if ((s = at(&r, req, hi, K, kappa, t)) != 1)
        goto failed;
    record_multiplier(rec, "noise_multiplier", hi, K);
    lp_runbounds_record_end(rec, "rero_upper_bound", r.hi, req->digits, 1);
    if (lo >= 1) {
        if (at(&r, req, lo, K, kappa, t) < 0)
            goto failed;
        record_multiplier(rec, "below", lo, K);
        lp_runbounds_record_end(rec, "rero_lower_bound_below", r.lo, req->digits, 0);
        lp_record_bool(rec, "below_certainly_exceeds", arf_cmp(r.lo, t) > 0);
    } else {
        lp_record_null(rec, "below");
        lp_record_null(rec, "rero_lower_bound_below");
        lp_record_null(rec, "below_certainly_exceeds");
    }
    lp_record_text(rec, "status", "ok");
    goto done;
failed:
    rc = r.out_of_memory ? LP_PLD_OUT_OF_MEMORY : lp_cancelled() ? LP_PLD_INTERRUPTED : LP_PLD_UNCERTIFIED;
    lp_record_null(rec, "noise_multiplier");
    lp_record_text(rec, "status", "failed");
    lp_record_text(rec, "why", r.why ? r.why : "the ReRo bound could not be certified");
done:
    lp_rero_clear(&r);
    arb_clear(kappa);
    arb_clear(tb);
    arf_clear(t);
    arf_clear(below_lo);
    return rc;
}
