/* mean_se.c -- a Monte Carlo mean's standard error that covers what the
 * sample did not see, and the spread of a finite prior (contracts in
 * reconstruct.h). */
#include <math.h>
#include "reconstruct/reconstruct.h"

void
lp_recon_mean_se(double *mean, double *se, double sum, double sum2, uint64_t n, double range)
{
    const double dn = (double) n, mu = sum / dn;
    const double var = fmax(0, (sum2 - dn * mu * mu) / (dn - 1));
    *mean = mu;
    *se = hypot(sqrt(var / dn), range / dn);
}

int
lp_recon_posterior_closed(const lp_recon_setup *s)
{
    return s->noise == LP_RECON_GAUSS && s->prior == LP_PRIOR_GAUSS;
}

double
lp_recon_spread(const double *points, int n, int p)
{
    double mean[LP_RECON_P_MAX] = { 0 }, top = 0;
    for (int k = 0; k < n; k++)
        for (int i = 0; i < p; i++)
            mean[i] += points[(size_t) k * p + i] / n;
    for (int k = 0; k < n; k++) {
        double d2 = 0;
        for (int i = 0; i < p; i++) {
            const double d = points[(size_t) k * p + i] - mean[i];
            d2 += d * d;
        }
        top = fmax(top, d2);
    }
    return top;
}
