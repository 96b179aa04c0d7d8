/* The precision loop's pieces shared by the adversary's studies.  Contracts
 * in adversary.h. */
#include "adversary/adversary.h"

slong
lp_adversary_certified_digits(const arb_t x, slong wanted)
{
    slong bits, digits;
    if (!arb_is_finite(x) || arb_contains_zero(x))
        return arb_is_zero(x) ? wanted : 0;
    if (arb_is_exact(x))
        return wanted;
    bits = arb_rel_accuracy_bits(x);
    /* a decimal digit needs log2(10) bits; one more bit covers the rounding
       of the printed decimal, which the record's bound carries anyway */
    digits = bits <= 1 ? 0 : (slong) ((bits - 1) * 0.30102999566398120);
    return digits < wanted ? digits : wanted;
}

/* Not lp_ziv_default: these studies start at log2(10) bits a digit + 32
 * (the default: 3.33 + 64) and stop at 16384 bits (the default: 65536).  Kept
 * so that their records stay byte-identical: every record prints its
 * prec_bits (98 at 20 digits here, 130 by the default), and one that reaches
 * the cap prints the cap. */
const lp_ziv_rule lp_adversary_ziv = { 3.3219280948873623, 32, 16384, 0 };

lp_adversary_outcome
lp_adversary_precision_fields(lp_record *rec, slong got, slong wanted, slong prec)
{
    lp_ziv_record(rec, got, prec);
    if (got == 0) {
        lp_record_textf(rec, "note", "not one digit certified at %ld bits (the precision cap)", (long) prec);
        return LP_ADVERSARY_UNCERTIFIED;
    }
    if (got < wanted) {
        lp_record_textf(rec, "note", "%ld of the %ld digits asked certified (%ld bits)", (long) got,
                        (long) wanted, (long) prec);
        return LP_ADVERSARY_PARTIAL;
    }
    return LP_ADVERSARY_OK;
}

int
lp_adversary_decimal_outside(const char *s, const char *lo, const char *hi)
{
    arb_t x, b;
    int out = 0;
    arb_init(x);
    arb_init(b);
    lp_decimal_arb(x, s, 128);
    if (lo) {
        lp_decimal_arb(b, lo, 128);
        out |= arb_lt(x, b);
    }
    if (hi) {
        lp_decimal_arb(b, hi, 128);
        out |= arb_gt(x, b);
    }
    arb_clear(x);
    arb_clear(b);
    return out;
}

void
lp_adversary_model_fields(lp_record *rec, const char *command, const lp_adversary_model *m)
{
    lp_record_text(rec, "command", command);
    lp_record_int(rec, "d", (int64_t) m->d);
    lp_record_text(rec, "prior_var", m->prior_var);
    lp_record_text(rec, "gain", m->gain);
    lp_record_text(rec, "noise", m->noise);
    lp_record_text(rec, "delta", m->delta);
}
