/* Theorem III.1 as printed, with GSL's special functions (gamma, choose,
 * integer powers) and their status codes.  Measured, never trusted. */
#include <math.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_pow_int.h>
#include "core/host.h"
#include "forms/forms.h"

lp_status
lp_gauss_printed_gsl(lp_result *res, const lp_params *par, slong prec)
{
    const double s = par->sigma_d, R = par->radius_d;
    lp_gsl_quiet_enter();
    gsl_sf_result g, b, x, y;
    double Z = 0.0, C;
    int st = GSL_SUCCESS;
    unsigned int p, i;
    (void) prec;

    if (par->p > LP_TERMS_MAX_DOUBLE) {
        lp_gsl_quiet_leave();
        return lp_result_fail(res, LP_DECLINED, "p terms is more than %llu",
                              (unsigned long long) LP_TERMS_MAX_DOUBLE);
    }
    p = (unsigned int) par->p;
    for (i = 0; i < p && st == GSL_SUCCESS; i++) {
        st = gsl_sf_gamma_e((p - i) / 2.0, &g);
        if (!st) st = gsl_sf_pow_int_e(sqrt(2.0) * s, (int) (p - i), &x);
        if (!st) st = gsl_sf_choose_e(p - 1, i, &b);
        if (!st) st = gsl_sf_pow_int_e(R, (int) i, &y);
        if (!st) Z += g.val * x.val * b.val * y.val;
    }
    if (!st) st = gsl_sf_gamma_e(p / 2.0, &g);
    if (!st) st = gsl_sf_pow_int_e(s, (int) p, &x);
    if (!st) st = gsl_sf_pow_int_e(R, (int) p, &y);
    lp_gsl_quiet_leave();
    if (st)
        return lp_result_fail(res, lp_gsl_status(st), "GSL: %s (at term %u)",
                              gsl_strerror(st), i ? i - 1 : 0);
    lp_fp_watch_begin();
    C = 2.0 / (g.val * pow(2.0, p / 2.0) * x.val) * Z
        + y.val / (g.val * (p / 2.0) * pow(2.0, p / 2.0) * x.val);
    {
        static const char *const names[] = { "sigma^p", "R^p", "Gamma(p/2)" };
        const double vals[] = { x.val, y.val, g.val };
        lp_result_set_double(res, C, lp_fp_watch_end());
        return lp_result_check_subnormal(res, names, vals, 3);
    }
}
