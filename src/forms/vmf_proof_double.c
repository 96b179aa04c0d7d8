/* The proof of Theorem B.3 naively in C doubles: A(S^{p-1}) e^kappa / C_{p,kappa}
 * with I_nu by its power series in doubles.  Measured, never trusted. */
#include <math.h>
#include "forms/forms.h"

lp_status
lp_vmf_proof_double(lp_result *res, const lp_params *par, slong prec)
{
    const double k = par->kappa_d, p = (double) par->p, nu = p / 2.0 - 1.0;
    double I, A, norm, C;
    int fe;
    (void) prec;
    lp_fp_watch_begin();
    if (!lp_bessel_i_series_affordable(res, LP_DOUBLE, nu, k, 53))
        return res->status;
    if (lp_bessel_i_series_double(&I, nu, k) != 0)
        return lp_result_fail(res, LP_DECLINED, "the I_nu series needs more than %llu terms",
                              (unsigned long long) LP_TERMS_MAX_DOUBLE);
    A = 2.0 * pow(M_PI, p / 2.0) / tgamma(p / 2.0);
    norm = pow(2.0 * M_PI, nu + 1.0) * I / pow(k, nu);
    C = A * exp(k) / norm;
    fe = lp_fp_watch_end();
    {
        static const char *const names[] = { "I_nu(kappa)", "kappa^nu", "A" };
        const double vals[] = { I, pow(k, nu), A };
        lp_result_set_double(res, C, fe);
        return lp_result_check_subnormal(res, names, vals, 3);
    }
}
