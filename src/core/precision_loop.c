/* Ziv's loop: the first precision, the doubling up to the cap, and the
 * record's four precision keys.  Contract in precision_loop.h. */
#include "core/precision_loop.h"

const lp_ziv_rule lp_ziv_default = { 3.33, 64, 65536, 0 };

static int
within_cap(const lp_ziv_rule *rule, slong prec, int doublings)
{
    if (rule->max_bits > 0 && prec > rule->max_bits)
        return 0;
    if (rule->max_doublings > 0 && doublings > rule->max_doublings)
        return 0;
    return 1;
}

int
lp_ziv_init(lp_ziv *z, slong digits, const lp_ziv_rule *rule)
{
    z->rule = rule;
    z->doublings = 0;
    z->prec = (slong) (rule->bits_per_digit * digits) + rule->guard_bits;
    return within_cap(rule, z->prec, 0);
}

int
lp_ziv_next(lp_ziv *z)
{
    if (!within_cap(z->rule, 2 * z->prec, z->doublings + 1))
        return 0;
    z->prec *= 2;
    z->doublings++;
    return 1;
}

void
lp_ziv_record(lp_record *rec, slong digits_certified, slong prec)
{
    lp_record_text(rec, "status", digits_certified > 0 ? "ok" : "uncertified");
    lp_record_int(rec, "digits", digits_certified);
    lp_record_int(rec, "prec_bits", prec);
    lp_record_bool(rec, "certified", digits_certified > 0);
}
