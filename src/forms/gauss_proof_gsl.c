/* The proof of Theorem B.2 with GSL: the radial integral of the raw integrand
 * by adaptive quadrature on [0, oo) (gsl_integration_qagiu), V and A from
 * gsl_sf_gamma.  Measured, never trusted. */
#include <fenv.h>
#include <math.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_sf_gamma.h>
#include "core/host.h"
#include "forms/forms.h"

typedef struct { double R, s, n; } radial;

static double
integrand(double u, void *vr)
{
    const radial *r = vr;
    return pow(u + r->R, r->n) * exp(-u * u / (2.0 * r->s * r->s));
}

lp_status
lp_gauss_proof_gsl(lp_result *res, const lp_params *par, slong prec)
{
    const double s = par->sigma_d, R = par->radius_d, p = (double) par->p;
    lp_gsl_quiet_enter();
    gsl_integration_workspace *ws = gsl_integration_workspace_alloc(1000);
    gsl_function F;
    gsl_sf_result g1, g2;
    radial r = { R, s, p - 1.0 };
    double J, err, V, A, N, C;
    int st, fe;
    (void) prec;

    F.function = integrand;
    F.params = &r;
    lp_fp_watch_begin();
    st = gsl_integration_qagiu(&F, 0.0, 0.0, 1e-12, 1000, ws, &J, &err);
    if (!st) st = gsl_sf_gamma_e(p / 2.0 + 1.0, &g1);
    if (!st) st = gsl_sf_gamma_e(p / 2.0, &g2);
    fe = lp_fp_watch_end();
    gsl_integration_workspace_free(ws);
    lp_gsl_quiet_leave();
    /* a quadrature that gave up (iterations, roundoff, divergence) failed:
       an intermediate inf raised on the way does not make it an overflow */
    if (st)
        return lp_result_fail(res, (st == GSL_EOVRFLW || ((fe & FE_OVERFLOW) && lp_gsl_status(st) != LP_FAILED))
                              ? LP_OVERFLOW : lp_gsl_status(st),
                              "GSL: %s%s", gsl_strerror(st),
                              (fe & FE_OVERFLOW) ? " (an intermediate also overflowed)" : "");
    lp_fp_watch_begin();
    V = pow(M_PI, p / 2.0) * pow(R, p) / g1.val;
    A = 2.0 * pow(M_PI, p / 2.0) / g2.val;
    N = pow(2.0 * M_PI * s * s, p / 2.0);
    C = V / N + A / N * J;
    {
        static const char *const names[] = { "V", "A", "(2 pi s^2)^(p/2)", "the radial integral" };
        const double vals[] = { V, A, N, J };
        lp_result_set_double(res, C, lp_fp_watch_end() | fe);
        lp_result_check_subnormal(res, names, vals, 4);
        return lp_result_check_gsl_err(res, "the radial integral", J, err);
    }
}
