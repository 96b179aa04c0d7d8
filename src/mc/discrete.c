/* The discrete arbiter: finite channels, their Bayes capacity and
 * multiplicative g-leakage (Biswas et al., Section II-B, eq. (1)-(3)), and the
 * Gaussian mechanism discretised.  Contracts in mc.h. */
#include <math.h>
#include <stdlib.h>
#include "mc/mc.h"

double
lp_channel_bayes_capacity(const lp_channel *c)
{
    double s = 0.0;
    for (int y = 0; y < c->ny; y++) {
        double top = 0.0;
        for (int x = 0; x < c->nx; x++)
            top = fmax(top, c->m[(size_t) x * c->ny + y]);
        s += top;
    }
    return s;
}

double
lp_channel_g_leakage(const lp_channel *c, const double *prior, const double *g, int nw)
{
    double prior_v = 0.0, post_v = 0.0;
    for (int w = 0; w < nw; w++) {          /* V_g(pi) = max_w sum_x pi_x g(w,x) */
        double s = 0.0;
        for (int x = 0; x < c->nx; x++)
            s += prior[x] * g[(size_t) w * c->nx + x];
        prior_v = fmax(prior_v, s);
    }
    for (int y = 0; y < c->ny; y++) {       /* V_g(pi,M) = sum_y max_w sum_x pi_x M_xy g(w,x) */
        double top = 0.0;
        for (int w = 0; w < nw; w++) {
            double s = 0.0;
            for (int x = 0; x < c->nx; x++)
                s += prior[x] * c->m[(size_t) x * c->ny + y] * g[(size_t) w * c->nx + x];
            top = fmax(top, s);
        }
        post_v += top;
    }
    return post_v / prior_v;
}

void
lp_channel_precompose(lp_channel *out, const int *map, int nx, const lp_channel *d)
{
    out->nx = nx;
    out->ny = d->ny;
    out->m = malloc(sizeof(double) * (size_t) nx * d->ny);
    for (int x = 0; x < nx; x++)
        for (int y = 0; y < d->ny; y++)
            out->m[(size_t) x * d->ny + y] = d->m[(size_t) map[x] * d->ny + y];
}

/* P(a <= x + sigma Z <= b) */
static double
interval_prob(double x, double sigma, double a, double b)
{
    const double s = sigma * M_SQRT2;
    if (a - x > 0)
        return 0.5 * (erfc((a - x) / s) - erfc((b - x) / s));
    if (b - x < 0)
        return 0.5 * (erfc((x - b) / s) - erfc((x - a) / s));
    return 1.0 - 0.5 * (erfc((x - a) / s) + erfc((b - x) / s));
}

/* The grid's sizes, counted in doubles first: 0, or -1 when a count is not
 * finite or the table of n x nb entries passes LP_DISCRETE_MAX_ENTRIES. */
static int
grid_sizes(int *nb, int *ni, double sigma, double radius, double input_step, double bin, double tails)
{
    const double L = radius + tails * sigma, bins = ceil(2.0 * L / bin);
    const double half = floor(radius / input_step * (1 + 1e-12));
    if (!(input_step > 0) || !(bin > 0) || !isfinite(bins) || !isfinite(half) || bins < 1
        || (2 * half + 1) * (bins + 1) > LP_DISCRETE_MAX_ENTRIES)
        return -1;
    *nb = (int) bins;
    *ni = (int) half;
    return 0;
}

double
lp_gauss_discrete_capacity(int p, double sigma, double radius, double input_step,
                           double bin, double tails)
{
    const double L = radius + tails * sigma;
    int nb, ni, n;
    double *q, *m2 = NULL, cap = 0.0, outside = 0.0;
    int *half = NULL;

    if (p < 1 || p > 2 || grid_sizes(&nb, &ni, sigma, radius, input_step, bin, tails) != 0)
        return -1;
    n = 2 * ni + 1;                         /* grid coordinates g_i = (i - ni) step */
    if ((double) n * nb * (p == 2 ? nb + n : 1) > LP_DISCRETE_MAX_WORK)
        return -1;
    /* q[i][k] = P(g_i + sigma Z in bin k): one coordinate at a time */
    q = malloc(sizeof(double) * (size_t) n * nb);
    if (q == NULL)
        return -1;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < nb; k++)
            q[(size_t) i * nb + k] = interval_prob((i - ni) * input_step, sigma,
                                                   -L + k * bin, -L + (k + 1) * bin);
    if (p == 1) {
        for (int k = 0; k < nb; k++) {
            double top = 0.0;
            for (int i = 0; i < n; i++)
                top = fmax(top, q[(size_t) i * nb + k]);
            cap += top;
        }
        for (int i = 0; i < n; i++)
            outside = fmax(outside, 1.0 - interval_prob((i - ni) * input_step, sigma, -L, -L + nb * bin));
    } else {
        /* inputs (g_i, g_j) in the disk: |j - ni| <= half[i].  The max over the
         * disk of q[i][k] q[j][l] is max_i q[i][k] m2[i][l] with
         * m2[i][l] = max_{|j - ni| <= half[i]} q[j][l]: the same maximum, reordered. */
        half = malloc(sizeof(int) * (size_t) n);
        m2 = malloc(sizeof(double) * (size_t) n * nb);
        if (half == NULL || m2 == NULL) {
            free(half);
            free(m2);
            free(q);
            return -1;
        }
        for (int i = 0; i < n; i++) {
            double a = (i - ni) * input_step, b2 = radius * radius - a * a;
            half[i] = b2 < 0 ? -1 : (int) floor(sqrt(b2) / input_step * (1 + 1e-12));
            for (int l = 0; l < nb; l++) {
                double top = 0.0;
                for (int j = ni - half[i]; j <= ni + half[i]; j++)
                    top = fmax(top, q[(size_t) j * nb + l]);
                m2[(size_t) i * nb + l] = top;
            }
        }
        for (int k = 0; k < nb; k++)
            for (int l = 0; l < nb; l++) {
                double top = 0.0;
                for (int i = 0; i < n; i++)
                    if (half[i] >= 0)
                        top = fmax(top, q[(size_t) i * nb + k] * m2[(size_t) i * nb + l]);
                cap += top;
            }
        for (int i = 0; i < n; i++)
            for (int j = ni - half[i]; j <= ni + half[i]; j++) {
                double in = interval_prob((i - ni) * input_step, sigma, -L, -L + nb * bin)
                            * interval_prob((j - ni) * input_step, sigma, -L, -L + nb * bin);
                outside = fmax(outside, 1.0 - in);
            }
        free(half);
        free(m2);
    }
    free(q);
    return cap + outside;
}

int
lp_gauss_discrete_channel(lp_channel *c, int *inputs, double sigma, double radius,
                          double input_step, double bin, double tails)
{
    const double L = radius + tails * sigma;
    int nb, ni, nx;
    c->nx = c->ny = 0;
    c->m = NULL;
    *inputs = 0;
    if (grid_sizes(&nb, &ni, sigma, radius, input_step, bin, tails) != 0)
        return -1;
    nx = 2 * ni + 1;
    c->m = malloc(sizeof(double) * (size_t) nx * (nb + 1));
    if (c->m == NULL)
        return -1;
    c->nx = nx;
    c->ny = nb + 1;
    for (int i = 0; i < nx; i++) {
        double x = -radius + i * input_step;
        for (int k = 0; k < nb; k++)
            c->m[(size_t) i * (nb + 1) + k] = interval_prob(x, sigma, -L + k * bin, -L + (k + 1) * bin);
        c->m[(size_t) i * (nb + 1) + nb] = 1.0 - interval_prob(x, sigma, -L, -L + nb * bin);
    }
    *inputs = nx;
    return 0;
}

int
lp_gauss_discrete_refine(double *step, double *capacity, int grids, int p, double sigma, double radius)
{
    int done = 0;
    for (int i = 0; i < grids; i++) {
        step[i] = ldexp(0.5, -i) * fmin(sigma, radius > 0 ? radius : sigma);
        capacity[i] = lp_gauss_discrete_capacity(p, sigma, radius, step[i], step[i], 9.0);
        if (capacity[i] < 0)
            break;
        done++;
    }
    return done;
}
