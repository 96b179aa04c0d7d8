/* The proof of Theorem B.2 in log-space doubles: log V, log A and log of the
 * normaliser from lgamma; the radial integral h = int (t+a)^n e^{-t^2/2} dt as
 * phi(t*) + log of a Simpson sum (4096 panels) of exp(phi - phi(t*)) over t* +- 16 widths.
 * Measured, never trusted. */
#include <math.h>
#include "core/host.h"
#include "forms/forms.h"

#define PANELS 4096

static double
phi(double t, double a, double n)
{
    return (n == 0 ? 0.0 : n * log(t + a)) - t * t / 2.0;
}

lp_status
lp_gauss_proof_logdouble(lp_result *res, const lp_params *par, slong prec)
{
    const double s = par->sigma_d, R = par->radius_d, p = (double) par->p;
    const double a = R / s, n = p - 1.0;
    double t_peak, w, lo, hi, h, top, sum = 0.0, log_h, log_v, log_a, log_n;
    lp_lse c;
    (void) prec;
    lp_gauss_radial_peak(&t_peak, &w, par->p - 1, a);
    lo = fmax(0.0, t_peak - 16.0 * w);
    hi = t_peak + 16.0 * w;
    h = (hi - lo) / PANELS;
    top = phi(t_peak, a, n);
    for (int j = 0; j <= PANELS; j++) {
        double f = exp(phi(lo + j * h, a, n) - top);
        sum += f * ((j == 0 || j == PANELS) ? 1.0 : (j % 2 ? 4.0 : 2.0));
    }
    log_h = top + log(sum * h / 3.0);

    log_v = (p / 2.0) * log(M_PI) + p * log(R) - lp_lgamma(p / 2.0 + 1.0);
    log_a = log(2.0) + (p / 2.0) * log(M_PI) - lp_lgamma(p / 2.0);
    log_n = (p / 2.0) * log(2.0 * M_PI * s * s);
    lp_lse_init(&c);
    lp_lse_add(&c, log_v - log_n);
    lp_lse_add(&c, log_a + p * log(s) + log_h - log_n);   /* J = s^p h */
    lp_result_set_log(res, lp_lse_value(&c));
    /* the logs summed: their rounding sets the result's relative error */
    return lp_result_check_log_magnitude(res, fabs(log_v) + fabs(log_a) + fabs(log_n)
                                              + fabs(p * log(s)) + fabs(top));
}
