/* pld_full_batch.c -- the PLD accountant at q = 1: one Gaussian of ratio
 * sqrt(T)/M in closed form.  Contract and sources in pld_full_batch.h. */
#include <math.h>
#include "account/pld/study/pld_full_batch.h"
#include "core/host.h"
#include "privacy/privacy.h"

void
lp_pld_full_batch_delta(arb_t d, const lp_dpsgd *run, const arb_t eps)
{
    arb_t dist, rel;
    arb_init(dist);
    arb_init(rel);
    for (slong prec = 128; prec <= 4096; prec *= 2) {
        /* sensitivity 1 over T steps: distance sqrt(T), noise M */
        arb_sqrt_ui(dist, run->steps, prec);
        lp_gauss_profile_arb(d, eps, run->M, dist, prec);
        /* the difference of two tails cancels at large eps: more bits until
         * the radius is small against the value (or the value is 0) */
        if (arb_is_exact(d) || arf_is_zero(arb_midref(d)))
            break;
        arb_get_rad_arb(rel, d);
        arb_div_arf(rel, rel, arb_midref(d), 30);
        arb_abs(rel, rel);
        if (arb_is_finite(d) && arf_cmpabs_2exp_si(arb_midref(rel), -20) < 0)
            break;
    }
    arb_clear(dist);
    arb_clear(rel);
}

/* +1: delta(e) > delta certainly; -1: delta(e) < delta certainly; 0 undecided */
static int
side(const lp_dpsgd *run, double e)
{
    arb_t x, d;
    int r = 0;
    arb_init(x);
    arb_init(d);
    arb_set_d(x, e);
    lp_pld_full_batch_delta(d, run, x);
    if (arb_gt(d, run->delta))
        r = 1;
    else if (arb_lt(d, run->delta))
        r = -1;
    arb_clear(x);
    arb_clear(d);
    return r;
}

static void
record_bound(lp_record *rec, const char *key, const arf_t x, slong digits, int up)
{
    char *t = lp_format_arf_directed(x, digits, up);
    lp_record_text(rec, key, t);
    flint_free(t);
}

int
lp_pld_full_batch(lp_record *rec, const lp_dpsgd *run, const lp_pld_request *req, const arb_t eps)
{
    const double mu = sqrt((double) run->steps) / run->M_d;
    arf_t b;
    int ok = 1;
    arf_init(b);
    lp_record_text(rec, "route", "full batch (q = 1): T Gaussian steps compose to one Gaussian of "
                   "ratio sqrt(T)/M; delta(epsilon) in closed form (Balle and Wang 2018), both "
                   "relations alike");
    lp_record_double(rec, "gaussian_ratio", mu);
    if (eps) {
        arb_t d;
        arb_init(d);
        lp_pld_full_batch_delta(d, run, eps);
        arb_get_lbound_arf(b, d, 64);
        if (arf_sgn(b) < 0)
            arf_zero(b);
        record_bound(rec, "delta_lower_bound", b, req->digits, 0);
        arb_get_ubound_arf(b, d, 64);
        if (arf_cmp_si(b, 1) > 0)
            arf_one(b);
        record_bound(rec, "delta_upper_bound", b, req->digits, 1);
        ok = arb_is_finite(d);
        arb_clear(d);
    } else {
        /* delta(e) decreases in e: [lo, hi] with side(lo) = +1 (or lo = 0)
         * and side(hi) = -1; hi found by doubling from the Gaussian's own
         * scale (delta(e) <= e^{-(e/mu - mu/2)^2/2}: bounded doublings) */
        double lo = 0, hi = fmax(1e-3, mu * mu / 2 + mu * sqrt(2 * fmax(-log(run->delta_d), 1.0)));
        int tries = 0;
        if (side(run, 0) <= 0) {
            hi = 0;             /* delta(0) <= delta: epsilon 0 (certified when < ) */
            if (side(run, 0) < 0)
                lo = 0;
            else
                ok = 0;
        } else {
            while (side(run, hi) >= 0 && tries++ < 60 && !lp_cancelled()) {
                lo = side(run, hi) > 0 ? hi : lo;
                hi *= 2;
            }
            if (tries >= 60)
                ok = 0;
            for (int it = 0; it < 200 && hi - lo > 1e-12 * hi && !lp_cancelled(); it++) {
                double m = 0.5 * (lo + hi);
                int s = side(run, m);
                if (s > 0)
                    lo = m;
                else if (s < 0)
                    hi = m;
                else
                    break;      /* the ball at m decides nothing: the bracket stays */
            }
        }
        arf_set_d(b, lo);
        record_bound(rec, "epsilon_lower_bound", b, req->digits, 0);
        arf_set_d(b, hi);
        record_bound(rec, "epsilon_upper_bound", b, req->digits, 1);
    }
    lp_record_bool(rec, "certified", ok);
    arf_clear(b);
    return lp_cancelled() ? LP_PLD_INTERRUPTED : ok ? LP_PLD_OK : LP_PLD_UNCERTIFIED;
}
