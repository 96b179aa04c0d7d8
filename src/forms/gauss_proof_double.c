/* The proof of Theorem B.2 translated naively into C doubles: V and A from
 * tgamma and pow, the radial integral by composite Simpson on the raw
 * integrand (u+R)^{p-1} exp(-u^2/(2 s^2)) over [0, u* + 12 s].  Measured,
 * never trusted. */
#include <math.h>
#include "forms/forms.h"

#define SIMPSON_PANELS 4000

lp_status
lp_gauss_proof_double(lp_result *res, const lp_params *par, slong prec)
{
    const double s = par->sigma_d, R = par->radius_d, p = (double) par->p;
    double t_peak, width, hi, h, J = 0.0, V, A, N, C;
    (void) prec;
    lp_gauss_radial_peak(&t_peak, &width, par->p - 1, R / s);
    hi = s * (t_peak + 12.0);
    h = hi / SIMPSON_PANELS;
    lp_fp_watch_begin();
    for (int j = 0; j <= SIMPSON_PANELS; j++) {
        double u = j * h;
        double f = pow(u + R, p - 1.0) * exp(-u * u / (2.0 * s * s));
        J += f * ((j == 0 || j == SIMPSON_PANELS) ? 1.0 : (j % 2 ? 4.0 : 2.0));
    }
    J *= h / 3.0;
    V = pow(M_PI, p / 2.0) * pow(R, p) / tgamma(p / 2.0 + 1.0);
    A = 2.0 * pow(M_PI, p / 2.0) / tgamma(p / 2.0);
    N = pow(2.0 * M_PI * s * s, p / 2.0);
    C = V / N + A / N * J;
    {
        static const char *const names[] = { "V", "A", "(2 pi s^2)^(p/2)", "the radial integral" };
        const double vals[] = { V, A, N, J };
        lp_result_set_double(res, C, lp_fp_watch_end());
        return lp_result_check_subnormal(res, names, vals, 4);
    }
}
