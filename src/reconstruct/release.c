/* release.c -- the mechanisms' releases y ~ f(x) and their log-likelihoods,
 * from the definitions (not the Monte Carlo arbiter's code: the check of a
 * capacity by this study does not share its path).  Contract in reconstruct.h. */
#include <math.h>
#include "reconstruct/reconstruct.h"
#include "core/host.h"

/* von Mises-Fisher on S^{p-1} with mean direction x (|x| = 1), p >= 2: Wood's
 * (1994) rejection sampler for t = x.y, then a uniform direction orthogonal
 * to x.  Written in the small quantities so that it holds at every kappa the
 * command takes (up to 1e300): in the textbook form t = (1 - (1+b) Z) /
 * (1 - (1-b) Z) and x0 = (1-b)/(1+b) round to 1 from kappa ~ 5e16, log(1 -
 * x0 t) to log 0, and the acceptance test to NaN: the loop never ended.
 * With b = (p-1) / (2 kappa + hypot(2 kappa, p-1)) (no cancellation, no
 * overflow of kappa^2), Z ~ Beta(a, a), a = (p-1)/2, and E = 1 - (1-b) Z =
 * (1 - Z) + b Z:
 *     1 - t = 2 b Z / E,   1 + t = 2 (1 - Z) / E,
 * and Wood's test kappa t + (p-1) log(1 - x0 t) - kappa x0 - (p-1) log(1 -
 * x0^2) >= log U is, exactly,
 *     2 kappa b (1/(1+b) - Z/E) + (p-1) log((1+b) / (2E)) >= log U
 * (1 - x0 t = (2b/(1+b)) / E), with kappa b -> (p-1)/4 as kappa grows: the
 * same draws accepted, the same distribution, at every kappa.  The loop
 * checks the cancel flag (its acceptance rate is bounded below, so it ends
 * quickly; the check is for an interrupt in the middle of a block). */
static void
vmf_release(double *y, int p, double kappa, const double *x, lp_stream *r)
{
    const double m1 = p - 1.0;
    const double b = m1 / (2 * kappa + hypot(2 * kappa, m1)), kb = kappa * b;
    double one_minus_t = 0, one_plus_t = 2, dot, norm2;
    for (;;) {
        const double g1 = lp_stream_gamma(r, m1 / 2), g2 = lp_stream_gamma(r, m1 / 2);
        const double z = g1 / (g1 + g2), omz = g2 / (g1 + g2), e = omz + b * z;
        if (lp_cancelled())
            break;              /* the run is being stopped: no result is kept */
        if (!(e > 0))
            continue;           /* Z = 1 exactly with b below the doubles: redraw */
        one_minus_t = 2 * b * z / e;
        one_plus_t = 2 * omz / e;
        if (2 * kb * (1 / (1 + b) - z / e) + m1 * log((1 + b) / (2 * e))
            >= log(lp_stream_uniform(r)))
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
    } while (norm2 == 0 && !lp_cancelled());
    {
        /* t = 1 - (1 - t); sqrt(1 - t^2) from the two small factors */
        const double t = one_plus_t >= one_minus_t ? 1 - one_minus_t : one_plus_t - 1;
        const double f = norm2 > 0 ? sqrt(fmax(0, one_minus_t * one_plus_t) / norm2) : 0;
        for (int i = 0; i < p; i++)
            y[i] = t * x[i] + f * y[i];
    }
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
