/* The proof of Theorem B.3 with GSL: A(S^{p-1}) kappa^nu / ((2 pi)^{nu+1}
 * I_nu^scaled(kappa)), with gsl_sf_bessel_Inu_scaled_e (nu >= 0 only).
 * Measured, never trusted. */
#include <math.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_bessel.h>
#include <gsl/gsl_sf_gamma.h>
#include "core/host.h"
#include "forms/forms.h"

lp_status
lp_vmf_proof_gsl(lp_result *res, const lp_params *par, slong prec)
{
    const double k = par->kappa_d, p = (double) par->p, nu = p / 2.0 - 1.0;
    lp_gsl_quiet_enter();
    gsl_sf_result I, g;
    double A, C;
    int st;
    (void) prec;
    st = gsl_sf_bessel_Inu_scaled_e(nu, k, &I);
    if (!st) st = gsl_sf_gamma_e(p / 2.0, &g);
    lp_gsl_quiet_leave();
    if (st)
        return lp_result_fail(res, lp_gsl_status(st), "GSL: %s", gsl_strerror(st));
    lp_fp_watch_begin();
    A = 2.0 * pow(M_PI, p / 2.0) / g.val;
    C = A * pow(k, nu) / (pow(2.0 * M_PI, nu + 1.0) * I.val);
    {
        static const char *const names[] = { "I_nu(kappa)", "Gamma(p/2)" };
        const double vals[] = { I.val, g.val };
        lp_result_set_double(res, C, lp_fp_watch_end());
        lp_result_check_subnormal(res, names, vals, 2);
        return lp_result_check_gsl_err(res, "I_nu(kappa)", I.val, I.err);
    }
}
