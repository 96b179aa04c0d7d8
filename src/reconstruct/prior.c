/* prior.c -- the secrets: a finite set of points drawn once from the seed, or
 * a continuous prior drawn per sample.  Contract in reconstruct.h. */
#include <math.h>
#include "reconstruct/reconstruct.h"

/* the input set of the mechanism: the l1 ball for laplace, else the l2 ball */
static int
l1_set(const lp_recon_setup *s)
{
    return s->noise == LP_RECON_LAPLACE;
}

/* a uniform direction on S^{p-1}, times r */
static void
on_sphere(double *x, int p, double r, lp_stream *st)
{
    double norm2;
    do {
        norm2 = 0;
        for (int i = 0; i < p; i++) {
            x[i] = lp_stream_normal(st);
            norm2 += x[i] * x[i];
        }
    } while (norm2 == 0);
    const double f = r / sqrt(norm2);
    for (int i = 0; i < p; i++)
        x[i] *= f;
}

/* uniform in the l2 ball (radius R u^{1/p} on a uniform direction) or in the
 * l1 ball (signs times a uniform point of the simplex: p+1 exponentials,
 * normalised, the last one dropped) */
static void
in_ball(double *x, const lp_recon_setup *s, lp_stream *st)
{
    const int p = s->p;
    if (!l1_set(s)) {
        on_sphere(x, p, s->radius * pow(lp_stream_uniform(st), 1.0 / p), st);
        return;
    }
    double sum = lp_stream_exponential(st);
    for (int i = 0; i < p; i++)
        sum += (x[i] = lp_stream_exponential(st));
    for (int i = 0; i < p; i++)
        x[i] *= (lp_stream_uniform(st) < 0.5 ? -s->radius : s->radius) / sum;
}

static double
set_radius(const lp_recon_setup *s)
{
    return s->noise == LP_RECON_VMF ? 1.0 : s->radius;
}

/* uniform on the boundary of the l1 ball of radius r: signs times a
   uniform point of the simplex (p exponentials, normalised) */
static void
on_l1_sphere(double *x, int p, double r, lp_stream *st)
{
    double sum = 0;
    for (int i = 0; i < p; i++)
        sum += (x[i] = lp_stream_exponential(st));
    for (int i = 0; i < p; i++)
        x[i] *= (lp_stream_uniform(st) < 0.5 ? -r : r) / sum;
}

/* the boundary of the input set: the l2 sphere, or the l1 sphere (laplace) */
static void
on_boundary(double *x, const lp_recon_setup *s, lp_stream *st)
{
    if (l1_set(s))
        on_l1_sphere(x, s->p, s->radius, st);
    else
        on_sphere(x, s->p, set_radius(s), st);
}

int
lp_recon_prior_finite(const lp_recon_setup *s)
{
    return s->prior == LP_PRIOR_POINTS || s->prior == LP_PRIOR_SPHERE_POINTS || s->prior == LP_PRIOR_DIGITS
           || s->prior == LP_PRIOR_SIMPLEX;
}

/* the input set's norm of a point: l1 for laplace, else l2 */
static double
set_norm(const lp_recon_setup *s, const double *x)
{
    double sum = 0;
    for (int i = 0; i < s->p; i++)
        sum += l1_set(s) ? fabs(x[i]) : x[i] * x[i];
    return l1_set(s) ? sum : sqrt(sum);
}

/* the data set's rows centred on their mean and scaled by one factor into the
   input set (the farthest on its boundary), or each onto the sphere (vmf) */
static void
data_points(double *x, const lp_recon_setup *s)
{
    double mean[LP_RECON_P_MAX] = { 0 }, top = 0;
    const size_t np = (size_t) s->n * s->p;
    for (int k = 0; k < s->n; k++)
        for (int i = 0; i < s->p; i++)
            mean[i] += s->data[(size_t) k * s->p + i] / s->n;
    for (size_t t = 0; t < np; t++)
        x[t] = s->data[t] - mean[t % s->p];
    for (int k = 0; k < s->n; k++) {
        double *xk = x + (size_t) k * s->p;
        const double r = set_norm(s, xk);
        if (s->noise == LP_RECON_VMF) {
            if (r > 0)
                for (int i = 0; i < s->p; i++)
                    xk[i] /= r;
            else
                xk[0] = 1;      /* a lone image is its own mean: any point of the sphere */
        }
        top = fmax(top, r);
    }
    if (s->noise != LP_RECON_VMF && top > 0)
        for (size_t t = 0; t < np; t++)
            x[t] *= s->radius / top;
}

double
lp_recon_digits_peak(const lp_recon_setup *s)
{
    double mean[LP_RECON_P_MAX] = { 0 }, top = 0;
    if (s->prior != LP_PRIOR_DIGITS || s->noise == LP_RECON_VMF || s->data == NULL)
        return NAN;
    for (int k = 0; k < s->n; k++)
        for (int i = 0; i < s->p; i++)
            mean[i] += s->data[(size_t) k * s->p + i] / s->n;
    for (int k = 0; k < s->n; k++) {
        double row[LP_RECON_P_MAX];
        for (int i = 0; i < s->p; i++)
            row[i] = s->data[(size_t) k * s->p + i] - mean[i];
        top = fmax(top, set_norm(s, row));
    }
    return top > 0 ? 16 * s->radius / top : NAN;
}

double
lp_recon_psnr(double *se, double mse, double mse_se, int p, double peak)
{
    if (!(mse > 0) || !isfinite(peak)) {
        *se = NAN;
        return NAN;
    }
    *se = 10 / log(10.0) * mse_se / mse;
    return 10 * log10(peak * peak * p / mse);
}

void
lp_recon_points(double *x, const lp_recon_setup *s)
{
    lp_stream st;
    if (s->prior == LP_PRIOR_DIGITS) {
        data_points(x, s);
        return;
    }
    if (s->prior == LP_PRIOR_SIMPLEX) {         /* R (e_k - 1/n) / sqrt(1 - 1/n) */
        const double n = s->n, f = n > 1 ? set_radius(s) / sqrt(1 - 1 / n) : set_radius(s);
        for (int k = 0; k < s->n; k++)
            for (int i = 0; i < s->p; i++)
                x[(size_t) k * s->p + i] = i < s->n ? f * ((i == k) - (s->n > 1 ? 1 / n : 0)) : 0;
        return;
    }
    lp_stream_init(&st, s->seed, LP_STREAM_RECON_POINTS, 0);
    for (int k = 0; k < s->n; k++) {
        if (s->prior == LP_PRIOR_SPHERE_POINTS || s->noise == LP_RECON_VMF)
            on_boundary(x + (size_t) k * s->p, s, &st);
        else
            in_ball(x + (size_t) k * s->p, s, &st);
    }
}

int
lp_recon_prior_draw(double *x, const lp_recon_setup *s, const double *points, lp_stream *r)
{
    switch (s->prior) {
    case LP_PRIOR_POINTS:
    case LP_PRIOR_SPHERE_POINTS:
    case LP_PRIOR_DIGITS:
    case LP_PRIOR_SIMPLEX: {
        const int k = (int) lp_stream_below(r, (uint32_t) s->n);
        for (int i = 0; i < s->p; i++)
            x[i] = points[(size_t) k * s->p + i];
        return k;
    }
    case LP_PRIOR_GAUSS:
        for (int i = 0; i < s->p; i++)
            x[i] = s->prior_scale * lp_stream_normal(r);
        return -1;
    case LP_PRIOR_BALL:
        if (s->noise != LP_RECON_VMF)
            in_ball(x, s, r);
        else
            on_sphere(x, s->p, set_radius(s), r);   /* the vmf's "ball" is its sphere */
        return -1;
    case LP_PRIOR_SPHERE:
        on_boundary(x, s, r);
        return -1;
    }
    return -1;
}

double
lp_recon_prior_mse(const lp_recon_setup *s, const double *points)
{
    const double p = s->p, r2 = set_radius(s) * set_radius(s);
    switch (s->prior) {
    case LP_PRIOR_POINTS:
    case LP_PRIOR_SPHERE_POINTS:
    case LP_PRIOR_DIGITS:
    case LP_PRIOR_SIMPLEX: {
        double mean[LP_RECON_P_MAX] = { 0 }, sum = 0;
        for (int k = 0; k < s->n; k++)
            for (int i = 0; i < s->p; i++)
                mean[i] += points[(size_t) k * s->p + i] / s->n;
        for (int k = 0; k < s->n; k++)
            for (int i = 0; i < s->p; i++) {
                const double d = points[(size_t) k * s->p + i] - mean[i];
                sum += d * d;
            }
        return sum / s->n;
    }
    case LP_PRIOR_GAUSS:
        return p * s->prior_scale * s->prior_scale;
    case LP_PRIOR_BALL:
        if (s->noise == LP_RECON_VMF)
            return r2;
        /* E|x|^2: p/(p+2) R^2 in the l2 ball; in the l1 ball each |x_i|/R is a
           Dirichlet(1,...,1) coordinate of p+1, E D^2 = 2/((p+1)(p+2)) */
        return l1_set(s) ? 2 * p * r2 / ((p + 1) * (p + 2)) : p * r2 / (p + 2);
    case LP_PRIOR_SPHERE:
        /* the l1 sphere: |x_i|/R a Dirichlet(1,...,1) coordinate of p, E D^2 = 2/(p(p+1)) */
        return l1_set(s) ? 2 * r2 / (p + 1) : r2;
    }
    return NAN;
}
