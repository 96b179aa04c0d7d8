/* attacker.c -- what a Bayes capacity means for an attacker (contract in
 * attacker.h). */
#include <math.h>
#include "core/attacker.h"

void
lp_attacker_record(lp_record *rec, const arb_t log2c, double n)
{
    const double bits = arf_get_d(arb_midref(log2c), ARF_RND_NEAR);
    lp_record_ball_abs(rec, "log2_capacity", log2c, 3);
    lp_record_ball_abs(rec, "attacker_min_entropy_bits", log2c, 3);
    if (n >= 1) {
        /* min(1, C/n) = 2^min(0, log2 C - log2 n), n an integer (exact in a double) */
        arb_t b, t;
        arb_init(b);
        arb_init(t);
        arb_set_d(t, n);
        arb_log(t, t, 128);
        arb_const_log2(b, 128);
        arb_div(t, t, b, 128);
        arb_sub(b, log2c, t, 128);
        arb_zero(t);
        arb_min(b, b, t, 128);
        arb_set_ui(t, 2);
        arb_pow(b, t, b, 128);
        arb_clear(t);
        lp_record_ball(rec, "attacker_success_bound", b, 4);
        arb_clear(b);
        if (bits >= log2(n))
            lp_record_textf(rec, "attacker_note", "vacuous: n = %.6g equally likely secrets carry "
                            "log2 n = %.4g bits of min-entropy, not more than log2 C = %.4g: the capacity "
                            "allows an exact-reconstruction attacker success 1", n, log2(n), bits);
        else
            lp_record_textf(rec, "attacker_note", "an exact-reconstruction attacker's success is at most "
                            "C/n = %.4g for n = %.6g equally likely secrets", exp2(bits - log2(n)), n);
        return;
    }
    if (bits >= LP_ATTACKER_PRACTICAL_BITS)
        lp_record_textf(rec, "attacker_note", "vacuous in practice: an exact-reconstruction attacker's "
                        "success is at most C times the prior's largest probability, min(1, C/n) for n "
                        "equally likely secrets; it is below 1 only for a secret of more than %.4g bits "
                        "of min-entropy (a 128-bit key has 128)", bits);
    else
        lp_record_textf(rec, "attacker_note", "an exact-reconstruction attacker's success is at most C "
                        "times the prior's largest probability, min(1, C/n) for n equally likely "
                        "secrets: below 1 only for a secret of more than %.4g bits of min-entropy", bits);
}

void
lp_attacker_null(lp_record *rec)
{
    lp_record_null(rec, "log2_capacity");
    lp_record_null(rec, "log2_capacity_abs_error_bound");
    lp_record_null(rec, "attacker_min_entropy_bits");
    lp_record_null(rec, "attacker_min_entropy_bits_abs_error_bound");
    lp_record_null(rec, "attacker_note");
}

void
lp_attacker_record_capacity(lp_record *rec, const arb_t c, slong prec)
{
    arb_t l, two;
    if (!arb_is_positive(c) || !arb_is_finite(c)) {
        lp_attacker_null(rec);
        return;
    }
    arb_init(l);
    arb_init(two);
    arb_log(l, c, prec);
    arb_const_log2(two, prec);
    arb_div(l, l, two, prec);
    lp_attacker_record(rec, l, 0);
    arb_clear(l);
    arb_clear(two);
}
