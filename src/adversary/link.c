/* The link between the seeds: for a delta-ball gain and any prior, the
 * multiplicative leakage of a mechanism is at most its Bayes capacity
 * (Biswas et al., Section III; eq. (1)-(2)).  Checked for the Gaussian
 * mechanism with clipping, p = 1: on a discretised channel, and by Monte Carlo
 * on the continuous one with the uniform prior on [-R, R].  In units of R:
 * sigma and delta here are sigma/R and delta/R. */
#include <math.h>
#include <stdlib.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include "core/host.h"
#include "adversary/adversary.h"
#include "mc/mc.h"

double
lp_adversary_link_discrete(double *capacity, int *inputs, int *outputs, double sigma, double delta,
                           int priors, gsl_rng *r)
{
    const double radius = 1, step = fmin(sigma, radius) / 8;
    lp_channel c;
    int nx;
    double *g, *pi, worst = 0;
    lp_gauss_discrete_channel(&c, &nx, sigma, radius, step, step, 9.0);
    g = c.m ? malloc(sizeof(double) * (size_t) nx * nx) : NULL;
    pi = malloc(sizeof(double) * (size_t) nx);
    if (g == NULL || pi == NULL) {
        free(c.m);
        free(g);
        free(pi);
        return -1;
    }
    *inputs = c.nx;
    *outputs = c.ny;
    for (int i = 0; i < nx; i++)                        /* actions: the input grid */
        for (int w = 0; w < nx; w++)
            g[w * nx + i] = fabs((w - i) * step) <= delta + 1e-12;
    *capacity = lp_channel_bayes_capacity(&c);
    for (int t = 0; t < priors; t++) {
        double s = 0;
        for (int i = 0; i < nx; i++)
            s += pi[i] = t == 0 ? 1.0 : gsl_ran_exponential(r, 1.0) * (gsl_rng_uniform(r) < 0.2 ? 10 : 1);
        for (int i = 0; i < nx; i++)
            pi[i] /= s;
        worst = fmax(worst, lp_channel_g_leakage(&c, pi, g, nx));
    }
    free(c.m);
    free(g);
    free(pi);
    return worst;
}

/* max over w in [-R, R] of the mass of [w - delta, w + delta] cut to [-R, R]
 * under x -> phi_sigma(y - x) / (2R): a grid, then golden-section refinement */
static double
best_action(double y, double sigma, double radius, double delta)
{
    double best = 0, bw = 0;
    const int n = 200;
    for (int k = 0; k <= n; k++) {
        double w = -radius + 2 * radius * k / n;
        double lo = fmax(-radius, w - delta), hi = fmin(radius, w + delta);
        double v = gsl_cdf_gaussian_P(y - lo, sigma) - gsl_cdf_gaussian_P(y - hi, sigma);
        if (v > best) { best = v; bw = w; }
    }
    {
        double a = fmax(-radius, bw - 2 * radius / n), b = fmin(radius, bw + 2 * radius / n);
        for (int it = 0; it < 60; it++) {
            double m1 = a + (b - a) * 0.381966, m2 = a + (b - a) * 0.618034;
            double v1 = gsl_cdf_gaussian_P(y - fmax(-radius, m1 - delta), sigma)
                        - gsl_cdf_gaussian_P(y - fmin(radius, m1 + delta), sigma);
            double v2 = gsl_cdf_gaussian_P(y - fmax(-radius, m2 - delta), sigma)
                        - gsl_cdf_gaussian_P(y - fmin(radius, m2 + delta), sigma);
            if (v1 > v2) b = m2; else a = m1;
            best = fmax(best, fmax(v1, v2));
        }
    }
    return best / (2 * radius);
}

void
lp_adversary_link_mc(double *leakage, double *std_error, double sigma, double delta,
                     uint64_t samples, gsl_rng *r)
{
    const double radius = 1;
    double s = 0, s2 = 0, prior_v = fmin(2 * delta, 2 * radius) / (2 * radius);
    for (uint64_t k = 0; k < samples; k++) {
        if ((k & 4095) == 0 && lp_cancelled())      /* interrupted: nothing is emitted */
            break;
        /* y from the channel's output law under the prior: x ~ U[-R, R], y = x + noise */
        double y = -radius + 2 * radius * gsl_rng_uniform(r) + gsl_ran_gaussian_ziggurat(r, sigma);
        double q = (gsl_cdf_gaussian_P(y + radius, sigma) - gsl_cdf_gaussian_P(y - radius, sigma)) / (2 * radius);
        double w = best_action(y, sigma, radius, delta) / q;
        s += w;
        s2 += w * w;
    }
    s /= samples;
    *leakage = s / prior_v;
    *std_error = sqrt(fmax(s2 / samples - s * s, 0) / (samples - 1)) / prior_v;
}
