/* Theorem IV.1 as printed, naively in C doubles, with I_nu by its power series
 * in doubles (C's libm has no I_nu).  Measured, never trusted. */
#include <math.h>
#include "forms/forms.h"

lp_status
lp_vmf_printed_double(lp_result *res, const lp_params *par, slong prec)
{
    const double k = par->kappa_d, p = (double) par->p, nu = p / 2.0 - 1.0;
    double I, C;
    int fe;
    (void) prec;
    lp_fp_watch_begin();
    if (!lp_bessel_i_series_affordable(res, LP_DOUBLE, nu, k, 53))
        return res->status;
    if (lp_bessel_i_series_double(&I, nu, k) != 0)
        return lp_result_fail(res, LP_DECLINED, "the I_nu series needs more than %llu terms",
                              (unsigned long long) LP_TERMS_MAX_DOUBLE);
    C = 2.0 / tgamma(p / 2.0) * pow(k, nu) / (pow(2.0, p / 2.0) * I) * exp(k);
    fe = lp_fp_watch_end();
    {
        static const char *const names[] = { "I_nu(kappa)", "kappa^nu" };
        const double vals[] = { I, pow(k, nu) };
        lp_result_set_double(res, C, fe);
        return lp_result_check_subnormal(res, names, vals, 2);
    }
}
