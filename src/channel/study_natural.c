/* `channel natural`: the certified noise variance whose capacity f is the
 * target, with f at it as a check.  Contract in channel.h. */
#include "core/host.h"
#include <stdio.h>
#include "channel/channel.h"
#include "core/attacker.h"
#include "core/study.h"
#include "core/precision_loop.h"

lp_study_status
lp_study_channel_natural(lp_record *rec, lp_spectrum *s, const char *target_capacity,
                         slong digits, char *err, size_t errlen)
{
    lp_ziv z;
    arb_t kappa, sigma, f;
    slong least = digits;
    int st = -2;
    if (lp_study_check_positive("target_capacity", target_capacity, LP_CAPACITY_MAX, err, errlen))
        return LP_STUDY_BAD_INPUT;
    if (s->positive == 0) {
        snprintf(err, errlen, "every eigenvalue is 0, so f(sigma) = 0 for every noise "
                 "variance and none gives capacity %s", target_capacity);
        return LP_STUDY_BAD_INPUT;
    }
    arb_init(kappa);
    arb_init(sigma);
    arb_init(f);
    for (lp_ziv_init(&z, digits, &lp_ziv_default);;) {
        lp_spectrum_set_prec(s, z.prec);
        lp_decimal_arb(kappa, target_capacity, z.prec);
        st = lp_channel_natural(sigma, s, kappa, digits, z.prec);
        if ((st == 0 && lp_study_accurate(sigma, digits))
            || lp_cancelled()          /* SIGINT/SIGTERM: no record */
            || !lp_ziv_next(&z))
            break;
    }
    lp_channel_f_arb(f, s, sigma, z.prec);
    lp_record_text(rec, "command", "channel natural");
    lp_record_int(rec, "d", (int64_t) s->d);
    lp_record_text(rec, "target_capacity", target_capacity);
    lp_study_record_ball(rec, "noise_variance", sigma, digits, &least);
    lp_study_record_ball(rec, "capacity", f, digits, &least);
    lp_record_text(rec, "unit", "nats");
    lp_attacker_shannon(rec, f);        /* what the capacity means for an attacker */
    lp_ziv_record(rec, st == 0 ? least : 0, z.prec);
    lp_record_text(rec, "note", s->note[0] ? s->note : NULL);
    arb_clear(kappa);
    arb_clear(sigma);
    arb_clear(f);
    return st == 0 && least > 0 ? LP_STUDY_OK : LP_STUDY_UNCERTIFIED;
}
