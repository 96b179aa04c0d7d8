/* `channel dp`: Theorem 4's bound, the capacity its own hypotheses allow
 * (B S^2 / (2 sigma), the supremum over spectra) and their ratio.
 * Contract in channel.h. */
#include <stdio.h>
#include "channel/channel.h"
#include "core/attacker.h"
#include "core/study.h"
#include "core/precision_loop.h"
#include "core/host.h"

lp_study_status
lp_study_channel_dp(lp_record *rec, const lp_dp_inputs *in, slong digits, char *err, size_t errlen)
{
    lp_ziv z;
    arb_t B, S, M, E, D, sigma, bound, sup, ratio;
    slong least = digits;
    const int multiplier = in->noise_multiplier != NULL;
    if (in->batch < 1) {
        snprintf(err, errlen, "batch must be an integer >= 1");
        return LP_STUDY_BAD_INPUT;
    }
    if (lp_study_check_positive("clip", in->clip, NULL, err, errlen)
        || (multiplier && lp_study_check_positive("noise_multiplier", in->noise_multiplier, NULL, err, errlen))
        || (!multiplier && lp_study_check_positive("epsilon", in->epsilon, NULL, err, errlen)))
        return LP_STUDY_BAD_INPUT;
    if (!multiplier && (in->delta == NULL || !lp_decimal_valid(in->delta) || lp_decimal_sign(in->delta) <= 0
                        || lp_decimal_compare(in->delta, "1") >= 0)) {
        snprintf(err, errlen, "delta must be a decimal number in (0, 1) (got '%s')", in->delta ? in->delta : "");
        return LP_STUDY_BAD_INPUT;
    }
    arb_init(B); arb_init(S); arb_init(M); arb_init(E); arb_init(D);
    arb_init(sigma); arb_init(bound); arb_init(sup); arb_init(ratio);
    for (lp_ziv_init(&z, digits, &lp_ziv_default);;) {
        arb_set_ui(B, in->batch);
        lp_decimal_arb(S, in->clip, z.prec);
        if (multiplier) {
            lp_decimal_arb(M, in->noise_multiplier, z.prec);
            arb_mul(sigma, M, S, z.prec);
            arb_sqr(sigma, sigma, z.prec);        /* noise variance (M S)^2 */
            lp_dp_bound1(bound, B, S, sigma, z.prec);
        } else {
            lp_decimal_arb(E, in->epsilon, z.prec);
            lp_decimal_arb(D, in->delta, z.prec);
            lp_dp_sigma_classical(sigma, E, D, S, z.prec);
            lp_dp_bound2(bound, B, E, D, z.prec);
        }
        lp_dp_supremum(sup, B, S, sigma, z.prec);
        arb_div(ratio, bound, sup, z.prec);
        if ((lp_study_accurate(sigma, digits) && lp_study_accurate(bound, digits)
             && lp_study_accurate(sup, digits) && lp_study_accurate(ratio, digits))
            || !lp_ziv_next(&z) || lp_cancelled())
            break;
    }
    lp_record_text(rec, "command", "channel dp");
    lp_record_int(rec, "batch", (int64_t) in->batch);
    lp_record_text(rec, "clip", in->clip);
    lp_record_text(rec, "noise_multiplier", in->noise_multiplier);
    lp_record_text(rec, "epsilon", in->epsilon);
    lp_record_text(rec, "delta", in->delta);
    lp_study_record_ball(rec, "noise_variance", sigma, digits, &least);
    lp_study_record_ball(rec, "bound", bound, digits, &least);
    lp_record_text(rec, "source", multiplier ? "Theorem 4, bound (1): B S^2 / sigma"
                                             : "Theorem 4, bound (2): B epsilon^2 / (2 ln(1.25/delta))");
    lp_study_record_ball(rec, "capacity", sup, digits, &least);
    lp_study_record_ball(rec, "ratio", ratio, digits, &least);
    lp_record_text(rec, "unit", "nats");
    lp_attacker_shannon(rec, sup);      /* what the largest capacity means for an attacker */
    lp_ziv_record(rec, least, z.prec);
    lp_record_text(rec, "note", multiplier
                   ? "noise_variance = (noise_multiplier clip)^2; capacity: the largest its hypotheses "
                     "allow (tr Sigma <= S^2, d -> oo, equal spectrum), B S^2 / (2 sigma); ratio = bound / capacity"
                   : "noise_variance = 2 ln(1.25/delta) clip^2 / epsilon^2 (classical calibration); capacity: "
                     "the largest its hypotheses allow, B S^2 / (2 sigma); ratio = bound / capacity");
    arb_clear(B); arb_clear(S); arb_clear(M); arb_clear(E); arb_clear(D);
    arb_clear(sigma); arb_clear(bound); arb_clear(sup); arb_clear(ratio);
    return least > 0 ? LP_STUDY_OK : LP_STUDY_UNCERTIFIED;
}
