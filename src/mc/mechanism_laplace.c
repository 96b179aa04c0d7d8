/* Laplace noise of scale b per coordinate (Balunovic et al.'s Laplace defense),
 * inputs in the l1 ball or the l2 ball of radius R. */
#include <math.h>
#include <stdlib.h>
#include "mc/mc.h"

static double
l1(const double *x, int p)
{
    double s = 0;
    for (int i = 0; i < p; i++)
        s += fabs(x[i]);
    return s;
}

static double
laplace_log_density(const lp_mechanism *m, const double *x, const double *y)
{
    double s = 0;
    for (int i = 0; i < m->p; i++)
        s += fabs(y[i] - x[i]);
    return -m->log_norm - s / m->b;
}

/* a subgradient in x: sign(y - x) / b */
static void
laplace_grad(const lp_mechanism *m, double *g, const double *x, const double *y)
{
    for (int i = 0; i < m->p; i++)
        g[i] = (y[i] > x[i]) - (y[i] < x[i]);
    for (int i = 0; i < m->p; i++)
        g[i] /= m->b;
}

static int
cmp_desc(const void *a, const void *b)
{
    double u = *(const double *) a, v = *(const double *) b;
    return (u < v) - (u > v);
}

/* Euclidean projection onto the l1 ball (sort and threshold) */
static void
l1_project(const lp_mechanism *m, double *x)
{
    double u[LP_MC_P_MAX], cum = 0, theta = 0;
    int p = m->p;
    if (l1(x, p) <= m->radius)
        return;
    for (int i = 0; i < p; i++)
        u[i] = fabs(x[i]);
    qsort(u, p, sizeof u[0], cmp_desc);
    for (int k = 0; k < p; k++) {
        cum += u[k];
        if (u[k] - (cum - m->radius) / (k + 1) > 0)
            theta = (cum - m->radius) / (k + 1);
    }
    for (int i = 0; i < p; i++) {
        double a = fabs(x[i]) - theta;
        x[i] = a > 0 ? copysign(a, x[i]) : 0.0;
    }
}

static void
l2_project(const lp_mechanism *m, double *x)
{
    double r = 0;
    for (int i = 0; i < m->p; i++)
        r += x[i] * x[i];
    r = sqrt(r);
    if (r > m->radius)
        for (int i = 0; i < m->p; i++)
            x[i] = r > 0 ? x[i] * m->radius / r : 0;
}

double
lp_l1_distance_to_l2_ball(double *x, const double *y, int p, double radius)
{
    double r2 = 0, lo = 0, hi = 0, d = 0, u[LP_MC_P_MAX];
    for (int i = 0; i < p; i++) {
        r2 += y[i] * y[i];
        u[i] = fabs(y[i]);
        hi = fmax(hi, u[i]);
    }
    if (r2 <= radius * radius) {
        for (int i = 0; i < p; i++)
            x[i] = y[i];
        return 0;
    }
    /* sum min(|y_i|, t)^2 rises with t from 0 to |y|^2 > R^2: bisection.  The
     * sum is monotone in t in floating point too, so once lo and hi are
     * adjacent doubles (the midpoint is one of them) no step moves lo: the
     * loop stops there, with the lo that 200 steps would give. */
    for (int it = 0; it < 200; it++) {
        double t = 0.5 * (lo + hi), s = 0;
        if (t <= lo || t >= hi)
            break;
        for (int i = 0; i < p; i++) {
            double a = u[i] < t ? u[i] : t;
            s += a * a;
        }
        if (s > radius * radius)
            hi = t;
        else
            lo = t;
    }
    for (int i = 0; i < p; i++) {
        x[i] = copysign(fmin(fabs(y[i]), lo), y[i]);
        d += fabs(y[i] - x[i]);
    }
    return d;
}

/* the maximiser of x -> f(x)(y): the l1-nearest point of the ball.  l1 ball:
 * R y / |y|_1 (any point of the ball between 0 and y with |x|_1 = R); l2 ball:
 * water-filling. */
static void
laplace_argmax(const lp_mechanism *m, double *x, const double *y)
{
    if (m->l2) {
        lp_l1_distance_to_l2_ball(x, y, m->p, m->radius);
    } else {
        double n = l1(y, m->p);
        for (int i = 0; i < m->p; i++)
            x[i] = n > m->radius ? y[i] * m->radius / n : y[i];
    }
}

static void
laplace_project(const lp_mechanism *m, double *x)
{
    if (m->l2)
        l2_project(m, x);
    else
        l1_project(m, x);
}

/* uniform in the ball: l2 as for the Gaussian; l1 by exponential spacings */
static void
laplace_sample_input(const lp_mechanism *m, double *x, lp_stream *r)
{
    const int p = m->p;
    if (m->l2) {
        double n = 0, rad;
        for (int i = 0; i < p; i++) {
            x[i] = lp_stream_normal(r);
            n += x[i] * x[i];
        }
        rad = m->radius * pow(lp_stream_uniform(r), 1.0 / p) / sqrt(n);
        for (int i = 0; i < p; i++)
            x[i] *= rad;
    } else {
        double s = 0, e[LP_MC_P_MAX + 1];
        for (int i = 0; i <= p; i++)
            s += e[i] = lp_stream_exponential(r);
        for (int i = 0; i < p; i++)
            x[i] = (lp_stream_u32(r) >> 31 ? -1 : 1) * m->radius * e[i] / s;
    }
}

/* an equal mixture of three product-Laplace laws, every scale above b: the
 * proposal's tails dominate exp(-|y|_1 / b) */
static double
laplace_sample_output(const lp_mechanism *m, double *y, lp_stream *r)
{
    const int p = m->p;
    const double s = m->scale[lp_stream_below(r, 3)];
    double n1 = 0, lq[3], top, sum = 0;
    for (int i = 0; i < p; i++) {
        y[i] = (lp_stream_u32(r) >> 31 ? -s : s) * lp_stream_exponential(r);
        n1 += fabs(y[i]);
    }
    for (int k = 0; k < 3; k++)
        lq[k] = m->mix_log_c[k] - n1 * m->mix_a[k];
    top = fmax(fmax(lq[0], lq[1]), lq[2]);
    for (int k = 0; k < 3; k++)
        sum += exp(lq[k] - top);
    return top + log(sum);
}

int
lp_mechanism_laplace(lp_mechanism *m, int p, double b, double radius, int l2)
{
    double reach;
    if (p < 1 || p > LP_MC_P_MAX || !(b > 0) || !isfinite(b) || !(radius >= 0) || !isfinite(radius))
        return -1;
    m->name = l2 ? "laplace-l2" : "laplace-l1";
    m->p = p;
    m->b = b;
    m->l2 = l2;
    m->radius = radius;
    m->sigma = m->kappa = 0;
    m->nblocks = 1;
    m->block[0] = p;
    m->log_norm = p * log(2.0 * b);
    m->log_norm_err = 0;
    reach = l2 ? radius * sqrt((double) p) : radius;       /* the l1 reach of the ball */
    m->scale[0] = 1.25 * b;
    m->scale[1] = 1.25 * (b + reach / p);
    m->scale[2] = 1.25 * (b + reach);
    for (int k = 0; k < 3; k++) {
        m->mix_log_c[k] = -log(3.0) - p * log(2.0 * m->scale[k]);
        m->mix_a[k] = 1.0 / m->scale[k];
    }
    m->log_density = laplace_log_density;
    m->grad_log_density = laplace_grad;
    m->proof_argmax = laplace_argmax;
    m->project = laplace_project;
    m->sample_input = laplace_sample_input;
    m->sample_output = laplace_sample_output;
    m->step = 0.05 * b * (radius > 0 ? radius : 1.0);
    m->path = LP_MC_SCALAR;
    /* log w <= log 3 + p log(s_2 / b) + reach / s_2: the widest component's
     * tail against e^{-(|y|_1 - reach)/b} */
    if (!(log(3.0) + p * log(m->scale[2] / b) + reach / m->scale[2] < 690.0))
        return LP_MC_TOO_WIDE;
    return 0;
}
