/* `channel capacity`: f(sigma) of eq. (15)/(18) at a given noise variance,
 * certified by the precision loop.  Contract in channel.h. */
#include "core/host.h"
#include "channel/channel.h"
#include "core/attacker.h"
#include "core/study.h"
#include "core/precision_loop.h"

lp_study_status
lp_study_channel_capacity(lp_record *rec, lp_spectrum *s, const char *noise_variance,
                          slong digits, char *err, size_t errlen)
{
    lp_ziv z;
    arb_t v, f;
    slong least = digits;
    if (lp_study_check_positive("noise_variance", noise_variance, NULL, err, errlen))
        return LP_STUDY_BAD_INPUT;
    arb_init(v);
    arb_init(f);
    for (lp_ziv_init(&z, digits, &lp_ziv_default);;) {
        lp_spectrum_set_prec(s, z.prec);
        lp_decimal_arb(v, noise_variance, z.prec);
        lp_channel_f_arb(f, s, v, z.prec);
        if (lp_study_accurate(f, digits)
            || lp_cancelled()          /* SIGINT/SIGTERM: no record */
            || !lp_ziv_next(&z))
            break;
    }
    lp_record_text(rec, "command", "channel capacity");
    lp_record_int(rec, "d", (int64_t) s->d);
    lp_record_text(rec, "noise_variance", noise_variance);
    lp_study_record_ball(rec, "capacity", f, digits, &least);
    lp_record_text(rec, "unit", "nats");
    lp_attacker_shannon(rec, f);        /* what the capacity means for an attacker */
    lp_ziv_record(rec, least, z.prec);
    lp_record_text(rec, "note", s->note[0] ? s->note : NULL);
    arb_clear(v);
    arb_clear(f);
    return least > 0 ? LP_STUDY_OK : LP_STUDY_UNCERTIFIED;
}
