/* pld_rdp_upper.c -- the upper end of the PLD bracket where the grid cannot
 * reach it: delta below the composition's error bounds (the FFT's absolute
 * rounding, ~1e-13 in doubles, ~1e-16 in x87's extended precision, and the
 * window's tails), e.g. M 0.5, q 0.01, T 1000, delta 1e-15.  There the
 * certified RDP accountant bounds epsilon from above instead (integer orders
 * 2 .. 1024, Balle et al. 2020's conversion, Arb): a valid upper end for both
 * relations (Mironov, Talwar and Zhang 2019: the add direction's Renyi
 * divergence is at most the remove direction's, the one computed), looser
 * than the PLD's.  The record names the route and the bracket's width. */
#include <math.h>
#include "account/pld/bounds/pld_bounds.h"
#include "account/rdp/rdp.h"
#include "core/host.h"

double
lp_pld_rdp_upper(const lp_dpsgd *run)
{
    lp_account acc;
    double hi = INFINITY;
    lp_account_init(&acc, lp_orders_default, lp_norders_default);
    if (lp_account_eval(&acc, run, NULL, 6) == LP_OK && !lp_cancelled()
        && arf_is_finite(acc.eps_upper_balle))
        hi = arf_get_d(acc.eps_upper_balle, ARF_RND_UP);
    lp_account_clear(&acc);
    return hi;
}
