/* release.c -- the mechanisms' releases y ~ f(x) and their log-likelihoods,
 * from the definitions (not the Monte Carlo arbiter's code: the check of a
 * capacity by this study does not share its path).  Contract in reconstruct.h. */
#include <math.h>
#include "reconstruct/reconstruct.h"

/* von Mises-Fisher on S^{p-1} with mean direction x (|x| = 1), p >= 2: Wood's
 * (1994) rejection sampler for t = x.y, then a uniform direction orthogonal
 * to x.  b is written (p-1)/(2 kappa + sqrt(4 kappa^2 + (p-1)^2)) so that it
 * does not cancel at large kappa. */
static void
vmf_release(double *y, int p, double kappa, const double *x, lp_stream *r)
{
    const double m1 = p - 1.0;
    const double b = m1 / (2 * kappa + sqrt(4 * kappa * kappa + m1 * m1));
    const double x0 = (1 - b) / (1 + b), c = kappa * x0 + m1 * log(1 - x0 * x0);
    double t, dot, norm2;
    for (;;) {
        const double g1 = lp_stream_gamma(r, m1 / 2), g2 = lp_stream_gamma(r, m1 / 2);
        const double z = g1 / (g1 + g2);
        t = (1 - (1 + b) * z) / (1 - (1 - b) * z);
        if (kappa * t + m1 * log(1 - x0 * t) - c >= log(lp_stream_uniform(r)))
            break;
    }
    do {
        dot = 0;
        norm2 = 0;
        for (int i = 0; i < p; i++) {
            y[i] = lp_stream_normal(r);
            dot += y[i] * x[i];
        }
        for (int i = 0; i < p; i++) {
            y[i] -= dot * x[i];
            norm2 += y[i] * y[i];
        }
    } while (norm2 == 0);
    const double f = sqrt(fmax(0, 1 - t * t) / norm2);
    for (int i = 0; i < p; i++)
        y[i] = t * x[i] + f * y[i];
}

void
lp_recon_release(double *y, const lp_recon_setup *s, const double *x, lp_stream *r)
{
    switch (s->noise) {
    case LP_RECON_GAUSS:
        for (int i = 0; i < s->p; i++)
            y[i] = x[i] + s->scale * lp_stream_normal(r);
        return;
    case LP_RECON_LAPLACE:
        for (int i = 0; i < s->p; i++)
            y[i] = x[i] + s->scale * (lp_stream_exponential(r) - lp_stream_exponential(r));
        return;
    case LP_RECON_VMF:
        vmf_release(y, s->p, s->scale, x, r);
        return;
    }
}

double
lp_recon_loglik(const lp_recon_setup *s, const double *x, const double *y)
{
    double sum = 0;
    switch (s->noise) {
    case LP_RECON_GAUSS:
        for (int i = 0; i < s->p; i++)
            sum += (y[i] - x[i]) * (y[i] - x[i]);
        return -sum / (2 * s->scale * s->scale);
    case LP_RECON_LAPLACE:
        for (int i = 0; i < s->p; i++)
            sum += fabs(y[i] - x[i]);
        return -sum / s->scale;
    case LP_RECON_VMF:
        for (int i = 0; i < s->p; i++)
            sum += x[i] * y[i];
        return s->scale * sum;
    }
    return NAN;
}
