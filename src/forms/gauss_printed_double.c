/* Theorem III.1 as printed, translated naively into C doubles the way a user
 * writes it (tgamma, pow, binomial from tgamma).  Measured, never trusted. */
#include <math.h>
#include "forms/forms.h"

static double
binomial(double n, double k)
{
    return tgamma(n + 1.0) / (tgamma(k + 1.0) * tgamma(n - k + 1.0));
}

lp_status
lp_gauss_printed_double(lp_result *res, const lp_params *par, slong prec)
{
    const double s = par->sigma_d, R = par->radius_d, p = (double) par->p;
    double Z = 0.0, C;
    (void) prec;
    if (par->p > LP_TERMS_MAX_DOUBLE)
        return lp_result_fail(res, LP_DECLINED, "p terms is more than %llu",
                              (unsigned long long) LP_TERMS_MAX_DOUBLE);
    lp_fp_watch_begin();
    for (uint64_t i = 0; i < par->p && isfinite(Z); i++) {
        double di = (double) i;
        Z += tgamma((p - di) / 2.0) * pow(sqrt(2.0) * s, p - di)
             * binomial(p - 1.0, di) * pow(R, di);
    }
    C = 2.0 / (tgamma(p / 2.0) * pow(2.0, p / 2.0) * pow(s, p)) * Z
        + pow(R, p) / (tgamma(p / 2.0 + 1.0) * pow(2.0, p / 2.0) * pow(s, p));
    {
        static const char *const names[] = { "sigma^p", "R^p", "the sum Z" };
        const double vals[] = { pow(s, p), pow(R, p), Z };
        lp_result_set_double(res, C, lp_fp_watch_end());
        return lp_result_check_subnormal(res, names, vals, 3);
    }
}
