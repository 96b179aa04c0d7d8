/* Balunovic et al. with Laplace noise: the Bayes optimal delta-ball centre
 * (found numerically) and Table 1's attacks compared, in the model
 *   x ~ N(0, I_d),  G = u x^T + Laplace(b) noise, u in R^m fixed
 * (the weight gradient of a linear layer y = W x for upstream gradient u is
 * u x^T: linear in x).  Everything separates over the coordinates of x. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_erf.h>
#include "core/host.h"
#include "adversary/adversary.h"

/* One coordinate's negative log posterior, h(x) = x^2/2 + sum_i |G_i - u_i x| / b:
 * convex; its minimiser (MAP) by bisection on the subgradient. */
static double
coord_map(const double *G, const double *u, int m, double b)
{
    double lo = -1e6, hi = 1e6;
    for (int it = 0; it < 200; it++) {
        double x = 0.5 * (lo + hi), g = x;          /* right derivative */
        for (int i = 0; i < m; i++) {
            double r = G[i] - u[i] * x;
            g += (r > 0 ? -u[i] : r < 0 ? u[i] : fabs(u[i])) / b;
        }
        if (g > 0)
            hi = x;
        else
            lo = x;
    }
    return 0.5 * (lo + hi);
}

/* weighted median of G_i/u_i with weights |u_i|: the l1 attack's coordinate */
typedef struct { double r, w; } wpt;
static int
wpt_cmp(const void *a, const void *b)
{
    double x = ((const wpt *) a)->r, y = ((const wpt *) b)->r;
    return (x > y) - (x < y);
}

static double
coord_l1(const double *G, const double *u, int m)
{
    wpt p[64];
    double tot = 0, acc = 0;
    int n = 0;
    for (int i = 0; i < m && n < 64; i++)
        if (u[i] != 0) {
            p[n].r = G[i] / u[i];
            p[n].w = fabs(u[i]);
            tot += p[n++].w;
        }
    qsort(p, n, sizeof p[0], wpt_cmp);
    for (int k = 0; k < n; k++) {
        acc += p[k].w;
        if (acc >= 0.5 * tot)
            return p[k].r;
    }
    return 0;
}

void
lp_adversary_table1(lp_attack_errors *res, int d, int m, double b, int trials, gsl_rng *r)
{
    double u[64], x[64], G[64], xh[4][64], e[4] = { 0, 0, 0, 0 }, e2[4] = { 0, 0, 0, 0 };
    if (m > 64)
        m = 64;
    if (d > 64)
        d = 64;
    for (int t = 0; t < trials; t++) {
        double uu = 0, nl2 = 0;
        if ((t & 255) == 0 && lp_cancelled())       /* interrupted: nothing is emitted */
            break;
        for (int i = 0; i < m; i++) {
            u[i] = gsl_ran_gaussian(r, 1.0);
            uu += u[i] * u[i];
        }
        for (int j = 0; j < d; j++) {
            double s = 0;
            x[j] = gsl_ran_gaussian(r, 1.0);
            for (int i = 0; i < m; i++) {
                G[i] = u[i] * x[j] + gsl_ran_laplace(r, b);
                s += u[i] * G[i];
            }
            xh[0][j] = s / uu;                      /* l2: least squares */
            xh[1][j] = coord_l1(G, u, m);           /* l1: weighted median */
            xh[3][j] = coord_map(G, u, m, b);       /* Bayes: Gaussian prior, Laplace conditional */
            nl2 += xh[0][j] * xh[0][j];
        }
        /* cosine: the direction of the l2 solution; the scale is not identified,
         * so the attack takes the prior's typical norm sqrt(d) */
        for (int j = 0; j < d; j++)
            xh[2][j] = nl2 > 0 ? xh[0][j] * sqrt((double) d / nl2) : 0;
        for (int k = 0; k < 4; k++) {
            double s = 0;
            for (int j = 0; j < d; j++)
                s += (xh[k][j] - x[j]) * (xh[k][j] - x[j]);
            s /= d;
            e[k] += s;
            e2[k] += s * s;
        }
    }
    for (int k = 0; k < 4; k++) {
        res->mse[k] = e[k] / trials;
        res->se[k] = sqrt(fmax(e2[k] / trials - res->mse[k] * res->mse[k], 0) / (trials - 1));
    }
}

/* Exact draws from one coordinate's posterior exp(-x^2/2 - |g - a x|/b), a > 0:
 * two truncated Gaussians, N(a/b, 1) on x < g/a and N(-a/b, 1) on x > g/a,
 * weighted by e^{-g/b} Phi(c - a/b) and e^{g/b} (1 - Phi(c + a/b)), c = g/a. */
static double
posterior_draw(gsl_rng *r, double g, double a, double b)
{
    const double c = g / a, m1 = a / b, m2 = -a / b;
    /* log Phi in its own right: Phi itself underflows to 0 once a/b passes
       about 38, and two log 0 weights made the choice NaN */
    const double lw1 = -g / b + gsl_sf_log_erfc(-(c - m1) / M_SQRT2) - M_LN2;
    const double lw2 = g / b + gsl_sf_log_erfc((c - m2) / M_SQRT2) - M_LN2;
    const double p1 = 1.0 / (1.0 + exp(lw2 - lw1));
    if (gsl_rng_uniform(r) < p1) {              /* x < c from N(m1, 1) */
        double lim = m1 - c;                    /* m1 - x > lim */
        double y = lim > 0 ? gsl_ran_ugaussian_tail(r, lim) : 0;
        if (lim <= 0)
            do y = gsl_ran_ugaussian(r); while (y <= lim);
        return m1 - y;
    } else {                                    /* x > c from N(m2, 1) */
        double lim = c - m2;
        double y = lim > 0 ? gsl_ran_ugaussian_tail(r, lim) : 0;
        if (lim <= 0)
            do y = gsl_ran_ugaussian(r); while (y <= lim);
        return m2 + y;
    }
}

int
lp_adversary_laplace_centres(lp_centre_result *res, int d, double a, double b, double delta,
                             int samples, gsl_rng *r)
{
    double x[64], g[64], *post, c[4][64];
    if (d > 64)
        d = 64;
    post = malloc(sizeof(double) * (size_t) samples * d);
    if (post == NULL)
        return -1;
    for (int j = 0; j < d; j++) {               /* one secret and its noisy observation */
        x[j] = gsl_ran_gaussian(r, 1.0);
        g[j] = a * x[j] + gsl_ran_laplace(r, b);
    }
    for (int s = 0; s < samples; s++)
        for (int j = 0; j < d; j++)
            post[(size_t) s * d + j] = posterior_draw(r, g[j], a, b);
    /* candidates: posterior mean, coordinatewise MAP, mean shift from the mean */
    for (int j = 0; j < d; j++) {
        double s = 0;
        for (int k = 0; k < samples; k++)
            s += post[(size_t) k * d + j];
        c[0][j] = s / samples;
        {
            double G[1] = { g[j] }, u[1] = { a };
            c[1][j] = coord_map(G, u, 1, b);
        }
        c[2][j] = c[0][j];
    }
    for (int it = 0; it < 200; it++) {          /* flat-kernel mean shift: a local maximum */
        double acc[64] = { 0 };
        int n = 0;
        for (int k = 0; k < samples; k++) {
            double e = 0;
            for (int j = 0; j < d; j++) {
                double t = post[(size_t) k * d + j] - c[2][j];
                e += t * t;
            }
            if (e <= delta * delta) {
                n++;
                for (int j = 0; j < d; j++)
                    acc[j] += post[(size_t) k * d + j];
            }
        }
        if (n == 0)
            break;
        for (int j = 0; j < d; j++)
            c[2][j] = acc[j] / n;
    }
    /* success of each centre on fresh posterior draws */
    for (int s = 0; s < samples; s++)
        for (int j = 0; j < d; j++)
            post[(size_t) s * d + j] = posterior_draw(r, g[j], a, b);
    for (int q = 0; q < 3; q++) {
        int hits = 0;
        for (int k = 0; k < samples; k++) {
            double e = 0;
            for (int j = 0; j < d; j++) {
                double t = post[(size_t) k * d + j] - c[q][j];
                e += t * t;
            }
            hits += e <= delta * delta;
        }
        res->success[q] = (double) hits / samples;
        res->se[q] = sqrt(res->success[q] * (1 - res->success[q]) / samples);
    }
    free(post);
    return 0;
}
