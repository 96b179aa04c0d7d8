/* vmf-draws.h -- the Monte Carlo pieces the VMF tests share, written apart
 * from the library's arbiter (an independent route): a running mean with its
 * standard error, the hinge (1 - e^(eps - L))+ whose mean is delta(eps), and
 * t = mu.y for y ~ VMF(mu, kappa) on S^(p-1). */
#ifndef LP_TEST_VMF_DRAWS_H
#define LP_TEST_VMF_DRAWS_H

#include <math.h>
#include "mc/stream.h"

typedef struct { double s, s2; long n; } mc_mean;

static inline void mc_mean_add(mc_mean *a, double v) { a->s += v; a->s2 += v * v; a->n++; }
static inline double mc_mean_value(const mc_mean *a) { return a->s / a->n; }

static inline double
mc_mean_se(const mc_mean *a)
{
    double m = mc_mean_value(a);
    return sqrt(fmax(a->s2 / a->n - m * m, 0) / (a->n - 1));
}

static inline double mc_hinge(double eps, double L) { return L > eps ? -expm1(eps - L) : 0.0; }

/* p = 3: the inverse CDF of kappa e^(kappa t) / (2 sinh kappa) */
static inline double
vmf_draw_t3(lp_stream *r, double kappa)
{
    double u = lp_stream_uniform(r);
    return 1.0 + log(u + (1.0 - u) * exp(-2.0 * kappa)) / kappa;
}

/* p = 2 by rejection from the uniform angle; p > 3: the p = 3 draw accepted
 * with probability (1 - t^2)^((p-3)/2) (the density ratio, at most 1) */
static inline double
vmf_draw_t(lp_stream *r, double kappa, int p)
{
    if (p == 2)
        for (;;) {
            double c = cos(2 * M_PI * lp_stream_uniform(r));
            if (lp_stream_uniform(r) <= exp(kappa * (c - 1)))
                return c;
        }
    for (;;) {
        double t = vmf_draw_t3(r, kappa);
        if (p == 3 || lp_stream_uniform(r) <= pow(1 - t * t, 0.5 * (p - 3)))
            return t;
    }
}

#endif
