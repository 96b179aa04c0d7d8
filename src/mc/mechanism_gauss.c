/* The Gaussian mechanism of Algorithm 1 as Theorem III.1 models it: inputs in
 * the ball B_R^p, output y = x + N(0, sigma^2 I_p). */
#include <math.h>
#include "mc/mc.h"

static double
dist2(const double *x, const double *y, int p)
{
    double s = 0.0;
    for (int i = 0; i < p; i++)
        s += (y[i] - x[i]) * (y[i] - x[i]);
    return s;
}

static double
gauss_log_density(const lp_mechanism *m, const double *x, const double *y)
{
    return -m->log_norm - dist2(x, y, m->p) / (2.0 * m->sigma * m->sigma);
}

static void
gauss_grad(const lp_mechanism *m, double *g, const double *x, const double *y)
{
    for (int i = 0; i < m->p; i++)
        g[i] = (y[i] - x[i]) / (m->sigma * m->sigma);
}

/* onto each block's ball (one block: the whole vector) */
static void
ball_project(const lp_mechanism *m, double *x)
{
    for (int b = 0, at = 0; b < m->nblocks; at += m->block[b++]) {
        double r = 0.0;
        for (int i = at; i < at + m->block[b]; i++)
            r += x[i] * x[i];
        r = sqrt(r);
        if (r > m->radius)
            for (int i = at; i < at + m->block[b]; i++)
                x[i] = r > 0 ? x[i] * (m->radius / r) : 0.0;
    }
}

/* the proofs' maximiser: y itself inside the ball, else R y/|y| */
static void
gauss_proof_argmax(const lp_mechanism *m, double *x, const double *y)
{
    for (int i = 0; i < m->p; i++)
        x[i] = y[i];
    ball_project(m, x);
}

/* uniform in each block's ball: a uniform direction, radius R U^{1/size} */
static void
ball_sample(const lp_mechanism *m, double *x, lp_stream *r)
{
    for (int b = 0, at = 0; b < m->nblocks; at += m->block[b++]) {
        double n = 0.0, rad;
        for (int i = at; i < at + m->block[b]; i++) {
            x[i] = lp_stream_normal(r);
            n += x[i] * x[i];
        }
        rad = m->radius * pow(lp_stream_uniform(r), 1.0 / m->block[b]) / sqrt(n);
        for (int i = at; i < at + m->block[b]; i++)
            x[i] *= rad;
    }
}

/* Per-layer clipping (one ball draws from the kernel: set_kernel below): an
 * equal mixture of three centred isotropic Gaussians: one just wider than
 * the noise, one matched to the spread of x + noise for x uniform in the ball,
 * one as wide as the ball plus noise.  Every component is wider than sigma, so
 * the proposal's tails dominate exp(-(|y|-R)^2/(2 sigma^2)): the weights are
 * bounded. */
static double
gauss_sample_output(const lp_mechanism *m, double *y, lp_stream *r)
{
    const int p = m->p;
    const double s = m->scale[lp_stream_below(r, 3)];
    double y2 = 0.0, top, sum = 0.0, lq[3];
    for (int i = 0; i < p; i++) {
        y[i] = s * lp_stream_normal(r);
        y2 += y[i] * y[i];
    }
    for (int k = 0; k < 3; k++)
        lq[k] = m->mix_log_c[k] - m->mix_a[k] * y2;
    top = lq[0] > lq[1] ? lq[0] : lq[1];
    top = top > lq[2] ? top : lq[2];
    for (int k = 0; k < 3; k++)
        sum += exp(lq[k] - top);
    return top + log(sum);
}

/* The kernel's proposal (kernel.h) for one ball of radius R: component 0
 * N(0, s_0^2) with s_0 = 1.1 sqrt(sigma^2 + R^2/(p+2)) (the spread of x + noise
 * for x uniform in the ball, a little wider), drawn with probability 0.4; the
 * shell with s_1 = sigma and c = max(0, r* - sigma sqrt(p-1)), which puts its
 * radial mode c + s_1 sqrt(p-1) at r* = (R + sqrt(R^2 + 4 (p-1) sigma^2)) / 2,
 * the mode of r^{p-1} e^{-(r-R)^2/(2 sigma^2)} (the output's radial law outside
 * the ball), probability 0.55; N(0, (sigma + R)^2) with probability 0.05.  Only
 * the mechanism's definition enters (no capacity, no normaliser of the
 * integrand): the estimate is unbiased whatever these choices, they set its
 * variance (relative variance of a weight 0.013 at p = 4, sigma = R = 1, where
 * one centred Gaussian of variance sigma^2 + R^2/(p+2) has 0.28).  0, or
 * LP_MC_TOO_WIDE when the weights could pass e^690. */
static int
set_kernel(lp_gauss_ball_kernel *k, int p, double sigma, double radius)
{
    static const double probability[3] = { 0.4, 0.55, 0.05 };
    const double rstar = 0.5 * (radius + sqrt(radius * radius + 4.0 * (p - 1) * sigma * sigma));
    double cumulative = 0, bound;
    k->p = p;
    k->radius = radius;
    k->inv_two_sigma2 = 1.0 / (2.0 * sigma * sigma);
    k->log_norm = 0.5 * p * log(2.0 * M_PI * sigma * sigma);
    k->scale[0] = 1.1 * sqrt(sigma * sigma + radius * radius / (p + 2.0));
    k->scale[1] = sigma;
    k->scale[2] = sigma + radius;
    k->shell_c = fmax(0.0, rstar - sigma * sqrt(p - 1.0));
    for (int i = 0; i < 3; i++) {
        uint64_t before = i ? k->pick[i - 1] : 0;
        cumulative += probability[i];
        k->pick[i] = i < 2 ? (uint64_t) ldexp(cumulative, 32) : UINT64_C(1) << 32;
        k->mix_log_c[i] = log(ldexp((double) (k->pick[i] - before), -32))
                          - 0.5 * p * log(2.0 * M_PI * k->scale[i] * k->scale[i]);
        k->mix_a[i] = 1.0 / (2.0 * k->scale[i] * k->scale[i]);
    }
    /* log w <= log f - log(probability_2 q_2): at most -log probability_2 +
     * p log(s_2 / sigma) + max over r of r^2 / (2 s_2^2) - max(r - R, 0)^2 /
     * (2 sigma^2), attained at r = R s_2^2 / (s_2^2 - sigma^2) (0 when R = 0).
     * The kernel needs it below 700. */
    bound = -log(ldexp((double) (k->pick[2] - k->pick[1]), -32)) + p * log(k->scale[2] / sigma);
    if (radius > 0) {
        double s2 = k->scale[2] * k->scale[2], r = radius * s2 / (s2 - sigma * sigma), d = r - radius;
        bound += r * r / (2 * s2) - d * d / (2 * sigma * sigma);
    }
    return bound < 690.0 ? 0 : LP_MC_TOO_WIDE;
}

int
lp_mechanism_gauss(lp_mechanism *m, int p, double sigma, double radius)
{
    return lp_mechanism_gauss_layers(m, &p, 1, sigma, radius);
}

int
lp_mechanism_gauss_layers(lp_mechanism *m, const int *layers, int nlayers, double sigma, double radius)
{
    int p = 0;
    for (int l = 0; l < nlayers; l++) {
        if (layers[l] < 1)
            return -1;
        p += layers[l];
    }
    if (nlayers < 1 || p < 1 || p > LP_MC_P_MAX || !(sigma > 0) || !isfinite(sigma)
        || !(radius >= 0) || !isfinite(radius))
        return -1;
    m->b = 0;
    m->l2 = 0;
    m->nblocks = nlayers;
    for (int l = 0; l < nlayers; l++)
        m->block[l] = layers[l];
    m->name = nlayers == 1 ? "gauss" : "gauss-layers";
    m->p = p;
    m->sigma = sigma;
    m->radius = radius;
    m->kappa = 0;
    m->log_norm = 0.5 * p * log(2.0 * M_PI * sigma * sigma);
    m->log_norm_err = 0;
    {
        double rr = radius * sqrt((double) nlayers);
        m->scale[0] = 1.25 * sigma;
        m->scale[1] = 1.25 * sqrt(sigma * sigma + rr * rr / (p + 2.0));
        m->scale[2] = 1.25 * (sigma + rr);
    }
    for (int k = 0; k < 3; k++) {
        m->mix_log_c[k] = -log(3.0) - 0.5 * p * log(2.0 * M_PI * m->scale[k] * m->scale[k]);
        m->mix_a[k] = 1.0 / (2.0 * m->scale[k] * m->scale[k]);
    }
    m->log_density = gauss_log_density;
    m->grad_log_density = gauss_grad;
    m->proof_argmax = gauss_proof_argmax;
    m->project = ball_project;
    m->sample_input = ball_sample;
    m->sample_output = gauss_sample_output;
    m->step = 0.3 * sigma * sigma;
    m->path = nlayers == 1 ? LP_MC_KERNEL_GAUSS_BALL : LP_MC_SCALAR;
    if (m->path == LP_MC_KERNEL_GAUSS_BALL)
        return set_kernel(&m->kernel, p, sigma, radius);
    {
        /* log w <= log f - log(q_2 / 3), q_2 the widest component: at most
         * log 3 + p log(s_2 / sigma) + max over r of
         * r^2 / (2 s_2^2) - max(r - rr, 0)^2 / (2 sigma^2), attained at
         * r = rr s_2^2 / (s_2^2 - sigma^2).  The estimator needs it below 700. */
        double s2 = m->scale[2] * m->scale[2], rr = radius * sqrt((double) nlayers);
        double r = rr * s2 / (s2 - sigma * sigma), d = r - rr;
        double bound = log(3.0) + p * log(m->scale[2] / sigma) + r * r / (2 * s2) - d * d / (2 * sigma * sigma);
        if (!(bound < 690.0))
            return LP_MC_TOO_WIDE;
    }
    return 0;
}
