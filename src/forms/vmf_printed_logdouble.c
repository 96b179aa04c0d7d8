/* Theorem IV.1 as printed, in log-space doubles: lgamma, and log I_nu by
 * log-sum-exp over its power series.  Measured, never trusted. */
#include <math.h>
#include "core/host.h"
#include "forms/forms.h"

lp_status
lp_vmf_printed_logdouble(lp_result *res, const lp_params *par, slong prec)
{
    const double k = par->kappa_d, p = (double) par->p, nu = p / 2.0 - 1.0;
    double log_i;
    (void) prec;
    if (!lp_bessel_i_series_affordable(res, LP_LOGDOUBLE, nu, k, 53))
        return res->status;
    if (lp_bessel_i_series_log(&log_i, nu, k) != 0)
        return lp_result_fail(res, LP_DECLINED, "the I_nu series needs more than %llu terms",
                              (unsigned long long) LP_TERMS_MAX_DOUBLE);
    lp_result_set_log(res, log(2.0) - lp_lgamma(p / 2.0) + nu * log(k)
                           - (p / 2.0) * log(2.0) - log_i + k);
    return lp_result_check_log_magnitude(res, fabs(lp_lgamma(p / 2.0)) + fabs(nu * log(k))
                                              + (p / 2.0) * log(2.0) + fabs(log_i) + k);
}
