/* pld_better.c -- the better of two valid bounds (the PLD accountant's
 * choices between certified bounds: pld_tails.c, pld_delta.c). */
#include "account/pld/bounds/pld_bounds.h"

/* x = the better of two valid bounds: the smaller upper end (upper != 0)
 * or the larger lower end */
void
pld_take_better(arb_t x, const arb_t y, int upper)
{
    arf_t ex, ey;
    if (!arb_is_finite(y))
        return;
    arf_init(ex);
    arf_init(ey);
    if (upper) {
        arb_get_ubound_arf(ex, x, 64);
        arb_get_ubound_arf(ey, y, 64);
        if (!arb_is_finite(x) || arf_cmp(ey, ex) < 0)
            arb_set(x, y);
    } else {
        arb_get_lbound_arf(ex, x, 64);
        arb_get_lbound_arf(ey, y, 64);
        if (!arb_is_finite(x) || arf_cmp(ey, ex) > 0)
            arb_set(x, y);
    }
    arf_clear(ex);
    arf_clear(ey);
}
