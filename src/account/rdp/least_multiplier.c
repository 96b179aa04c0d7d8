/* The inverse of the accountant: the least noise multiplier on a decimal grid
 * whose certified epsilon meets a target.  Contract in rdp.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "account/rdp/rdp.h"
#include "account/peers/peers.h"

#define M_GRID_MAX_UNITS 1000000        /* M <= 10^6 */
#define EVAL_DIGITS 12

/* m 10^-d as a fixed-point decimal text; caller frees with flint_free. */
static char *
grid_text(uint64_t m, slong d)
{
    char digits[32], *out = flint_malloc(64);
    size_t n;
    snprintf(digits, sizeof digits, "%0*llu", (int) d + 1, (unsigned long long) m);
    n = strlen(digits);
    if (d == 0) {
        strcpy(out, digits);
    } else {
        memcpy(out, digits, n - d);
        out[n - d] = '.';
        strcpy(out + n - d + 1, digits + n - d);
    }
    return out;
}

/* The accountant at M = m 10^-d: 1 when its certified epsilon (Balle et al.)
 * is certainly <= target; the upper and lower ends go to up, lo. */
static int
meets(arf_t up, arf_t lo, lp_dpsgd *run, uint64_t m, slong d, const arb_t target,
      const char *const *orders, size_t norders, int search)
{
    char *M = grid_text(m, d);
    lp_account acc;
    arb_t u;
    int ok;
    lp_dpsgd_set_M(run, M);
    if (search)
        lp_account_init_search(&acc);
    else
        lp_account_init(&acc, orders, norders);
    lp_account_eval_orders(&acc, run, NULL, EVAL_DIGITS, search);
    arf_set(up, acc.eps_upper_balle);
    arf_set(lo, acc.eps_lower_balle);
    arb_init(u);
    arb_set_arf(u, up);
    ok = acc.best_balle >= 0 && arb_le(u, target);   /* certainly <= (exact point u) */
    arb_clear(u);
    lp_account_clear(&acc);
    flint_free(M);
    return ok;
}

/* The double method's epsilon at M = m 10^-d (Opacus's port over the same
 * orders, the grid for a search list): a guide only, never a verdict. */
static double
eps_double(lp_dpsgd *run, const lp_peer *peer, uint64_t m, slong d,
           const char *const *orders, size_t norders, int search)
{
    char *M = grid_text(m, d);
    lp_account acc;
    double e = NAN;
    lp_dpsgd_set_M(run, M);
    if (search)
        lp_account_init_search(&acc);
    else
        lp_account_init(&acc, orders, norders);
    if (lp_account_eval_orders(&acc, run, peer, 0, search) == LP_OK && acc.best_balle >= 0)
        e = arf_get_d(acc.eps_upper_balle, ARF_RND_NEAR);
    lp_account_clear(&acc);
    flint_free(M);
    return e;
}

/* The least m in [1, top] whose double epsilon is <= target (top + 1 when
 * none is, 0 when the doubles give no number): the place the certified
 * search starts from. */
static uint64_t
guess(lp_dpsgd *run, uint64_t top, slong d, double target, const char *const *orders,
      size_t norders, int search)
{
    const lp_peer *peer = lp_peer_find("opacus");
    uint64_t lo = 0, hi = top;
    double e;
    if (peer == NULL || run->phases || run->replace || run->fixed_batch || !isfinite(target))
        return 0;               /* no port of these runs in doubles */
    e = eps_double(run, peer, hi, d, orders, norders, search);
    if (!isfinite(e))
        return 0;
    if (e > target)
        return top + 1;
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        e = eps_double(run, peer, mid, d, orders, norders, search);
        if (!isfinite(e))
            return 0;
        if (e <= target)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

/* A private copy of the run without its multiplier, which the search sets;
 * cleared by lp_dpsgd_clear. */
static void
run_copy(lp_dpsgd *run, const lp_dpsgd *in)
{
    arb_init(run->M);
    arb_init(run->q);
    arb_init(run->delta);
    arb_set(run->q, in->q);
    arb_set(run->delta, in->delta);
    run->q_d = in->q_d;
    run->delta_d = in->delta_d;
    run->q_is_one = in->q_is_one;
    run->steps = in->steps;
    run->phases = in->phases;
    run->replace = in->replace;
    run->fixed_batch = in->fixed_batch;
}

/* The grid's unit 10^d and its reach: unit 2^k, the largest power of two
 * times unit up to M = 10^6 (where the doubling bracket of the plain
 * bisection ends). */
static uint64_t
grid_reach(uint64_t *unit, slong d)
{
    uint64_t top;
    *unit = 1;
    for (slong i = 0; i < d; i++)
        *unit *= 10;
    for (top = *unit; top * 2 <= *unit * (uint64_t) M_GRID_MAX_UNITS; top *= 2)
        ;
    return top;
}

double
lp_account_guess_multiplier(const lp_dpsgd *run_in, double eps_target, const char *const *orders,
                            size_t norders, int search, slong d)
{
    uint64_t unit, top = grid_reach(&unit, d), g;
    lp_dpsgd run;
    run_copy(&run, run_in);
    g = guess(&run, top, d, eps_target, orders, norders, search);
    lp_dpsgd_clear(&run);
    return g >= 1 && g <= top ? (double) g / (double) unit : NAN;
}

int
lp_account_least_multiplier(char **M_hi, char **M_lo, arf_t eps_hi,
                            arf_t eps_lo_lower, int *below_certain,
                            const lp_dpsgd *run_in, const arb_t eps_target,
                            const char *const *orders, size_t norders, int search,
                            slong d)
{
    uint64_t unit, lo = 0, hi, top = grid_reach(&unit, d), g, failed_at = 0;
    arf_t up, low, failed_low;
    lp_dpsgd run;
    int found = 0;
    arb_t t;

    run_copy(&run, run_in);        /* the multiplier changes along the search */
    arf_init(up);
    arf_init(low);
    arf_init(failed_low);
    arb_init(t);

    /* The certified predicate falls once as m grows, so its least m is found
     * from anywhere: the doubles place it (a guess, usually exact), the
     * certified accountant gallops out from there and bisects, a few
     * evaluations instead of one per halving of [0, 2^k unit]. */
    g = guess(&run, top, d, arf_get_d(arb_midref(eps_target), ARF_RND_NEAR), orders, norders, search);
    if (g >= 1 && g <= top) {
        uint64_t step = 1;
        if (meets(up, low, &run, g, d, eps_target, orders, norders, search)) {
            hi = g;
            arf_set(eps_hi, up);
            lo = 0;
            while (hi > step) {             /* down: lo is the first failure */
                if (!meets(up, low, &run, hi - step, d, eps_target, orders, norders, search)) {
                    lo = hi - step;
                    failed_at = lo;
                    arf_set(failed_low, low);
                    break;
                }
                hi -= step;
                arf_set(eps_hi, up);
                step *= 2;
            }
            found = 1;
        } else {
            lo = g;
            failed_at = g;
            arf_set(failed_low, low);
            for (;;) {                      /* up: hi is the first success */
                uint64_t next = lo + step <= top ? lo + step : top;
                if (meets(up, low, &run, next, d, eps_target, orders, norders, search)) {
                    hi = next;
                    arf_set(eps_hi, up);
                    found = 1;
                    break;
                }
                if (next == top)
                    break;
                lo = next;
                failed_at = lo;
                arf_set(failed_low, low);
                step *= 2;
            }
        }
    } else {
        /* bracket: hi doubles from M = 1 until the target is met */
        for (hi = unit; hi <= top; hi *= 2) {
            if (meets(up, low, &run, hi, d, eps_target, orders, norders, search)) {
                found = 1;
                break;
            }
            lo = hi;
            failed_at = lo;
            arf_set(failed_low, low);
        }
        if (found)
            arf_set(eps_hi, up);
    }
    if (!found)
        goto done;
    /* lo does not meet the target (or is 0); bisect on the integers */
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (meets(up, low, &run, mid, d, eps_target, orders, norders, search)) {
            hi = mid;
            arf_set(eps_hi, up);
        } else {
            lo = mid;
            failed_at = lo;
            arf_set(failed_low, low);
        }
    }
    *M_hi = grid_text(hi, d);
    *M_lo = grid_text(hi - 1, d);
    if (hi - 1 == 0) {
        /* M = 0 adds no noise: epsilon is infinite */
        arf_pos_inf(eps_lo_lower);
        *below_certain = 1;
    } else {
        if (failed_at == hi - 1)        /* evaluated on the way */
            arf_set(low, failed_low);
        else
            meets(up, low, &run, hi - 1, d, eps_target, orders, norders, search);
        arf_set(eps_lo_lower, low);
        arb_set_arf(t, low);
        *below_certain = arb_gt(t, eps_target);
    }
done:
    arf_clear(up);
    arf_clear(low);
    arf_clear(failed_low);
    arb_clear(t);
    lp_dpsgd_clear(&run);
    return found ? 0 : -1;
}
