/* pld_record.c -- the PLD records' two directed formatters: an epsilon end
 * (a double, null where not finite) and a ball's lower or upper end, each
 * rounded outward at `digits`.  Contract in pld_request.h. */
#include <math.h>
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
