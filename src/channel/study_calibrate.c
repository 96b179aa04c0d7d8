/* `calibrate gaussian`: the classical and the analytic sigma for
 * (epsilon, delta)-DP, and the delta the classical one really gives; the
 * flags decided on the exact decimals.  Contract in channel.h. */
#include <stdio.h>
#include <stdlib.h>
#include "channel/channel.h"
#include "core/study.h"
#include "core/decimal_ops.h"
#include "core/precision_loop.h"
#include "core/host.h"

lp_study_status
lp_study_calibrate_gaussian(lp_record *rec, const char *epsilon, const char *delta,
                            const char *radius, const char *sensitivity, slong digits, char *err,
                            size_t errlen)
{
    lp_ziv z;
    arb_t E, D, S, sc, sa, dc;
    slong least = digits, delta_digits = digits < 6 ? digits : 6;
    int st = -1;
    char *twice = NULL;
    const char *distance;
    if ((radius == NULL) == (sensitivity == NULL)) {
        snprintf(err, errlen, "give radius or sensitivity, not both");
        return LP_STUDY_BAD_INPUT;
    }
    if (lp_study_check_positive("epsilon", epsilon, LP_EPSILON_MAX, err, errlen)
        || (sensitivity && lp_study_check_positive("sensitivity", sensitivity, NULL, err, errlen))
        || (radius && lp_study_check_positive("radius", radius, NULL, err, errlen)))
        return LP_STUDY_BAD_INPUT;
    /* any two secrets of the ball: x and -x at distance 2R, exactly */
    if (radius && (twice = lp_decimal_mul("2", radius)) == NULL) {
        snprintf(err, errlen, "radius must be a decimal number > 0 (got '%s')", radius);
        return LP_STUDY_BAD_INPUT;
    }
    distance = radius ? twice : sensitivity;
    if (delta == NULL || !lp_decimal_valid(delta) || lp_decimal_sign(delta) <= 0
        || lp_decimal_compare(delta, "1") >= 0) {
        snprintf(err, errlen, "delta must be a decimal number in (0, 1) (got '%s')", delta ? delta : "");
        free(twice);
        return LP_STUDY_BAD_INPUT;
    }
    arb_init(E); arb_init(D); arb_init(S); arb_init(sc); arb_init(sa); arb_init(dc);
    for (lp_ziv_init(&z, digits, &lp_ziv_default);;) {
        lp_decimal_arb(E, epsilon, z.prec);
        lp_decimal_arb(D, delta, z.prec);
        lp_decimal_arb(S, distance, z.prec);
        lp_calibrate_classical(sc, E, D, S, z.prec);
        st = lp_calibrate_analytic(sa, E, D, S, digits, z.prec);
        lp_analytic_gaussian_delta(dc, sc, E, S, z.prec);
        if ((st == 0 && lp_study_accurate(sc, digits) && lp_study_accurate(sa, digits)
             && lp_study_accurate(dc, delta_digits)) || !lp_ziv_next(&z) || lp_cancelled())
            break;
    }
    lp_record_text(rec, "command", "calibrate gaussian");
    lp_record_text(rec, "mechanism", "gauss");
    lp_record_text(rec, "epsilon", epsilon);
    lp_record_text(rec, "delta", delta);
    lp_record_text(rec, "radius", radius);
    lp_record_text(rec, "neighbours", radius ? "secrets" : "sensitivity");
    lp_record_text(rec, "sensitivity", sensitivity);
    lp_record_text(rec, "distance", distance);
    lp_study_record_ball(rec, "sigma_classical", sc, digits, &least);
    lp_study_record_ball(rec, "sigma_analytic", sa, digits, &least);
    lp_record_ball(rec, "delta_at_sigma_classical", dc, delta_digits);
    /* the sigmas to use: rounded up, each certainly meets (epsilon, delta)
     * (delta(sigma) decreases in sigma), where a midpoint may lie a hair below */
    if (st == 0 && least > 0) {
        lp_study_record_directed(rec, "sigma_analytic_upper_bound", sa, digits, 1);
        lp_study_record_directed(rec, "sigma_classical_upper_bound", sc, digits, 1);
    } else {
        lp_record_null(rec, "sigma_analytic_upper_bound");
        lp_record_null(rec, "sigma_classical_upper_bound");
    }
    lp_record_bool(rec, "classical_proved", lp_decimal_compare(epsilon, "1") < 0);
    lp_ziv_record(rec, st == 0 ? least : 0, z.prec);
    lp_record_text(rec, "note", "sigma: the noise standard deviation; classical S sqrt(2 ln(1.25/delta)) / "
                   "epsilon with S the distance (proved for epsilon < 1), analytic: the least sigma (Balle "
                   "and Wang 2018); neighbours secrets: any two inputs of the ball of radius R, S = 2R");
    free(twice);
    arb_clear(E); arb_clear(D); arb_clear(S); arb_clear(sc); arb_clear(sa); arb_clear(dc);
    return st == 0 && least > 0 ? LP_STUDY_OK : LP_STUDY_UNCERTIFIED;
}
