/* Theorem IV.1 as printed, with GSL: gsl_sf_bessel_Inu_e (nu >= 0 only),
 * gsl_sf_gamma_e, gsl_sf_exp_e.  Measured, never trusted. */
#include <math.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_bessel.h>
#include <gsl/gsl_sf_exp.h>
#include <gsl/gsl_sf_gamma.h>
#include "core/host.h"
#include "forms/forms.h"

lp_status
lp_vmf_printed_gsl(lp_result *res, const lp_params *par, slong prec)
{
    const double k = par->kappa_d, p = (double) par->p, nu = p / 2.0 - 1.0;
    lp_gsl_quiet_enter();
    gsl_sf_result I, g, e;
    double C;
    int st;
    (void) prec;
    st = gsl_sf_bessel_Inu_e(nu, k, &I);
    if (!st) st = gsl_sf_gamma_e(p / 2.0, &g);
    if (!st) st = gsl_sf_exp_e(k, &e);
    lp_gsl_quiet_leave();
    if (st)
        return lp_result_fail(res, lp_gsl_status(st), "GSL: %s", gsl_strerror(st));
    lp_fp_watch_begin();
    C = 2.0 / g.val * pow(k, nu) / (pow(2.0, p / 2.0) * I.val) * e.val;
    {
        static const char *const names[] = { "I_nu(kappa)", "Gamma(p/2)" };
        const double vals[] = { I.val, g.val };
        lp_result_set_double(res, C, lp_fp_watch_end());
        lp_result_check_subnormal(res, names, vals, 2);
        return lp_result_check_gsl_err(res, "I_nu(kappa)", I.val, I.err);
    }
}
