/* Theorem III.1 as printed, in log-space doubles: every term as a log from
 * lgamma, the sum by log-sum-exp.  Measured, never trusted. */
#include <math.h>
#include "core/host.h"
#include "forms/forms.h"

lp_status
lp_gauss_printed_logdouble(lp_result *res, const lp_params *par, slong prec)
{
    const double s = par->sigma_d, R = par->radius_d, p = (double) par->p;
    const double log_s2 = log(sqrt(2.0) * s), log_r = log(R), lg_p = lp_lgamma(p);
    double log_z, log_pre, log_c;
    lp_lse z, c;
    (void) prec;
    if (par->p > LP_TERMS_MAX_DOUBLE)
        return lp_result_fail(res, LP_DECLINED, "p terms is more than %llu",
                              (unsigned long long) LP_TERMS_MAX_DOUBLE);
    lp_lse_init(&z);
    for (uint64_t i = 0; i < par->p; i++) {
        double di = (double) i;
        double t = lp_lgamma((p - di) / 2.0) + (p - di) * log_s2
                   + lg_p - lp_lgamma(di + 1.0) - lp_lgamma(p - di)
                   + (i == 0 ? 0.0 : di * log_r);        /* R^0 = 1, also at R = 0 */
        lp_lse_add(&z, t);
    }
    log_z = lp_lse_value(&z);
    log_pre = lp_lgamma(p / 2.0) + (p / 2.0) * log(2.0) + p * log(s);
    lp_lse_init(&c);
    lp_lse_add(&c, log(2.0) + log_z - log_pre);
    lp_lse_add(&c, p * log_r - log(p / 2.0) - log_pre);  /* R^p/(G(p/2+1)...) */
    log_c = lp_lse_value(&c);
    lp_result_set_log(res, log_c);
    return lp_result_check_log_magnitude(res, 3.0 * fabs(lg_p) + fabs(log_pre) + fabs(p * log_s2)
                                              + (R > 0 ? fabs(p * log_r) : 0.0));
}
