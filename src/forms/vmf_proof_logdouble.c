/* The proof of Theorem B.3 in log-space doubles:
 * log A(S^{p-1}) + kappa - log C_{p,kappa}.  Measured, never trusted. */
#include <math.h>
#include "core/host.h"
#include "forms/forms.h"

lp_status
lp_vmf_proof_logdouble(lp_result *res, const lp_params *par, slong prec)
{
    const double k = par->kappa_d, p = (double) par->p, nu = p / 2.0 - 1.0;
    double log_i, log_a, log_norm;
    (void) prec;
    if (!lp_bessel_i_series_affordable(res, LP_LOGDOUBLE, nu, k, 53))
        return res->status;
    if (lp_bessel_i_series_log(&log_i, nu, k) != 0)
        return lp_result_fail(res, LP_DECLINED, "the I_nu series needs more than %llu terms",
                              (unsigned long long) LP_TERMS_MAX_DOUBLE);
    log_a = log(2.0) + (p / 2.0) * log(M_PI) - lp_lgamma(p / 2.0);
    log_norm = (nu + 1.0) * log(2.0 * M_PI) + log_i - nu * log(k);
    lp_result_set_log(res, log_a + k - log_norm);
    return lp_result_check_log_magnitude(res, fabs(log_a) + k + fabs(log_i) + fabs(nu * log(k))
                                              + (nu + 1.0) * log(2.0 * M_PI));
}
