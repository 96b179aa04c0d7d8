/* `channel white`: eq. (19)'s noise variance per eigenvalue and f at them.
 * Contract in channel.h. */
#include "core/host.h"
#include <stdio.h>
#include <string.h>
#include "channel/channel.h"
#include "core/attacker.h"
#include "core/study.h"
#include "core/precision_loop.h"

lp_study_status
lp_study_channel_white(lp_record *rec, lp_spectrum *s, const char *target_capacity,
                       slong digits, char *err, size_t errlen)
{
    lp_ziv z;
    arb_t kappa, f;
    arb_ptr sig;
    slong least = digits;
    char note[sizeof s->note + 200];
    int accurate;
    if (lp_study_check_positive("target_capacity", target_capacity, LP_CAPACITY_MAX, err, errlen))
        return LP_STUDY_BAD_INPUT;
    arb_init(kappa);
    arb_init(f);
    sig = _arb_vec_init((slong) s->d);
    for (lp_ziv_init(&z, digits, &lp_ziv_default);;) {
        lp_spectrum_set_prec(s, z.prec);
        lp_decimal_arb(kappa, target_capacity, z.prec);
        lp_channel_white(sig, s, kappa, z.prec);
        lp_channel_white_f(f, s, sig, z.prec);
        accurate = lp_study_accurate(f, digits);
        for (size_t i = 0; i < s->d; i++)
            accurate &= lp_study_accurate(sig + i, digits);
        if (accurate
            || lp_cancelled()          /* SIGINT/SIGTERM: no record */
            || !lp_ziv_next(&z))
            break;
    }
    lp_record_text(rec, "command", "channel white");
    lp_record_int(rec, "d", (int64_t) s->d);
    lp_record_text(rec, "target_capacity", target_capacity);
    lp_study_record_ball(rec, "capacity", f, digits, &least);
    lp_record_text(rec, "unit", "nats");
    lp_attacker_shannon(rec, f);        /* what the capacity means for an attacker */
    for (size_t i = 0; i < s->d; i++) {
        lp_record *row = lp_record_append(rec, "noise_variances");
        lp_record_int(row, "i", (int64_t) i + 1);
        lp_study_record_ball(row, "noise_variance", sig + i, digits, &least);
    }
    lp_ziv_record(rec, least, z.prec);
    snprintf(note, sizeof note, "%s", s->note);
    if (s->positive < s->d)
        snprintf(note + strlen(note), sizeof note - strlen(note), "%s%zu zero eigenvalues get noise "
                 "variance 0 and carry no information: the equal shares cannot all be 2 kappa/d, and "
                 "capacity sums the %zu positive ones", note[0] ? "; " : "", s->d - s->positive,
                 s->positive);
    lp_record_text(rec, "note", note[0] ? note : NULL);
    _arb_vec_clear(sig, (slong) s->d);
    arb_clear(kappa);
    arb_clear(f);
    return least > 0 ? LP_STUDY_OK : LP_STUDY_UNCERTIFIED;
}
