/* attacker.c -- what a Bayes capacity means for an attacker (contract in
 * attacker.h). */
#include <math.h>
#include "core/host.h"
#include "core/attacker.h"

/* attacker_note: what log2 C = bits means for n equally likely secrets (n
 * >= 1) or for any prior (n = 0), after prefix ("" when certified) */
static void
note(lp_record *rec, const char *prefix, double bits, double n)
{
    if (n >= 1 && bits >= log2(n))
        lp_record_textf(rec, "attacker_note", "%svacuous: n = %.6g equally likely secrets carry "
                        "log2 n = %.4g bits of min-entropy, not more than log2 C = %.4g: the capacity "
                        "allows an exact-reconstruction attacker success 1", prefix, n, log2(n), bits);
    else if (n >= 1)
        lp_record_textf(rec, "attacker_note", "%san exact-reconstruction attacker's success is at most "
                        "C/n = %.4g for n = %.6g equally likely secrets", prefix, exp2(bits - log2(n)), n);
    else if (bits >= LP_ATTACKER_PRACTICAL_BITS)
        lp_record_textf(rec, "attacker_note", "%svacuous in practice: an exact-reconstruction attacker's "
                        "success is at most C times the prior's largest probability, min(1, C/n) for n "
                        "equally likely secrets; it is below 1 only for a secret of more than %.4g bits "
                        "of min-entropy (a 128-bit key has 128)", prefix, bits);
    else
        lp_record_textf(rec, "attacker_note", "%san exact-reconstruction attacker's success is at most C "
                        "times the prior's largest probability, min(1, C/n) for n equally likely "
                        "secrets: below 1 only for a secret of more than %.4g bits of min-entropy",
                        prefix, bits);
}

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
    }
    note(rec, "", bits, n);
    lp_record_bool(rec, "attacker_certified", 1);
}

void
lp_attacker_record_uncertified(lp_record *rec, double log2c, const char *basis)
{
    char prefix[400];
    if (!isfinite(log2c)) {
        lp_snprintf(prefix, sizeof prefix, "no bound on an attacker: %s gives log2 C = %g", basis, log2c);
        lp_attacker_absent(rec, prefix);
        return;
    }
    if (log2c < 0)
        log2c = 0;              /* every channel has C >= 1 */
    lp_record_textf(rec, "log2_capacity", "%.3f", log2c);
    lp_record_null(rec, "log2_capacity_abs_error_bound");
    lp_record_textf(rec, "attacker_min_entropy_bits", "%.3f", log2c);
    lp_record_null(rec, "attacker_min_entropy_bits_abs_error_bound");
    lp_snprintf(prefix, sizeof prefix, "not certified (%s): ", basis);
    note(rec, prefix, log2c, 0);
    lp_record_bool(rec, "attacker_certified", 0);
}

void
lp_attacker_absent(lp_record *rec, const char *reason)
{
    lp_record_null(rec, "log2_capacity");
    lp_record_null(rec, "log2_capacity_abs_error_bound");
    lp_record_null(rec, "attacker_min_entropy_bits");
    lp_record_null(rec, "attacker_min_entropy_bits_abs_error_bound");
    lp_record_text(rec, "attacker_note", reason);
    lp_record_null(rec, "attacker_certified");
}

void
lp_attacker_shannon(lp_record *rec, const arb_t kappa)
{
    /* Fano: H(X|Y) <= ln 2 + (1 - s) ln n with H(X|Y) >= ln n - kappa for n
       equally likely secrets, so s <= (kappa + ln 2) / ln n */
    const double k = arf_get_d(arb_midref(kappa), ARF_RND_NEAR);
    char reason[600];
    lp_snprintf(reason, sizeof reason, "a Shannon capacity (mutual information, %.4g nats), not a Bayes "
             "capacity: the Bayes capacity is at least exp(it) and is not known from it, so the "
             "Bayes-capacity keys are null; by Fano's inequality an exact-reconstruction attacker's "
             "success over n equally likely secrets is at most (%.4g + ln 2)/ln n, below 1 only for "
             "more than %.4g bits of min-entropy", k, k, k / log(2.0) + 1);
    lp_attacker_absent(rec, reason);
}

void
lp_attacker_null(lp_record *rec)
{
    lp_attacker_absent(rec, "no bound on an attacker: no capacity was certified here");
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
