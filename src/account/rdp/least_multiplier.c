/* The inverse of the accountant: the least noise multiplier on a decimal grid
 * whose certified epsilon meets a target.  Contract in rdp.h. */
#include <stdio.h>
#include <string.h>
#include "account/rdp/rdp.h"

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

int
lp_account_least_multiplier(char **M_hi, char **M_lo, arf_t eps_hi,
                            arf_t eps_lo_lower, int *below_certain,
                            const lp_dpsgd *run_in, const arb_t eps_target,
                            const char *const *orders, size_t norders, int search,
                            slong d)
{
    uint64_t unit = 1, lo = 0, hi;
    arf_t up, low;
    lp_dpsgd run;
    int found = 0;
    arb_t t;

    for (slong i = 0; i < d; i++)
        unit *= 10;
    /* a private copy: the multiplier changes along the search */
    arb_init(run.M);
    arb_init(run.q);
    arb_init(run.delta);
    arb_set(run.q, run_in->q);
    arb_set(run.delta, run_in->delta);
    run.q_d = run_in->q_d;
    run.delta_d = run_in->delta_d;
    run.q_is_one = run_in->q_is_one;
    run.steps = run_in->steps;
    run.phases = run_in->phases;
    run.replace = run_in->replace;
    run.fixed_batch = run_in->fixed_batch;
    arf_init(up);
    arf_init(low);
    arb_init(t);

    /* bracket: hi doubles from M = 1 until the target is met */
    for (hi = unit; hi <= unit * (uint64_t) M_GRID_MAX_UNITS; hi *= 2) {
        if (meets(up, low, &run, hi, d, eps_target, orders, norders, search)) {
            found = 1;
            break;
        }
        lo = hi;
    }
    if (!found)
        goto done;
    arf_set(eps_hi, up);
    /* lo does not meet the target (or is 0); bisect on the integers */
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (meets(up, low, &run, mid, d, eps_target, orders, norders, search)) {
            hi = mid;
            arf_set(eps_hi, up);
        } else {
            lo = mid;
        }
    }
    *M_hi = grid_text(hi, d);
    *M_lo = grid_text(hi - 1, d);
    if (hi - 1 == 0) {
        /* M = 0 adds no noise: epsilon is infinite */
        arf_pos_inf(eps_lo_lower);
        *below_certain = 1;
    } else {
        meets(up, low, &run, hi - 1, d, eps_target, orders, norders, search);
        arf_set(eps_lo_lower, low);
        arb_set_arf(t, low);
        *below_certain = arb_gt(t, eps_target);
    }
done:
    arf_clear(up);
    arf_clear(low);
    arb_clear(t);
    lp_dpsgd_clear(&run);
    return found ? 0 : -1;
}
