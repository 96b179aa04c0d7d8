/* The von Mises-Fisher mechanism of Algorithm 2 and Definition A.1: inputs
 * and outputs on the sphere S^{p-1}, density e^{kappa x.y} / C_{p,kappa}, with
 * C_{p,kappa} by its own route (a one-dimensional quadrature, no Bessel). */
#include <math.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_sf_gamma.h>
#include "core/host.h"
#include "mc/mc.h"

static double
vmf_log_density(const lp_mechanism *m, const double *x, const double *y)
{
    double d = 0.0;
    for (int i = 0; i < m->p; i++)
        d += x[i] * y[i];
    return m->kappa * d - m->log_norm;
}

static void
vmf_grad(const lp_mechanism *m, double *g, const double *x, const double *y)
{
    (void) x;
    for (int i = 0; i < m->p; i++)
        g[i] = m->kappa * y[i];
}

static void
sphere_project(const lp_mechanism *m, double *x)
{
    double r = 0.0;
    for (int i = 0; i < m->p; i++)
        r += x[i] * x[i];
    r = sqrt(r);
    for (int i = 0; i < m->p; i++)
        x[i] = r > 0 ? x[i] / r : (i == 0);
}

/* the proofs' maximiser: x = y */
static void
vmf_proof_argmax(const lp_mechanism *m, double *x, const double *y)
{
    for (int i = 0; i < m->p; i++)
        x[i] = y[i];
}

static void
sphere_sample(const lp_mechanism *m, double *x, lp_stream *r)
{
    for (int i = 0; i < m->p; i++)
        x[i] = lp_stream_normal(r);
    sphere_project(m, x);
}

/* uniform on the sphere: log q = -log A(S^{p-1}) */
static double
vmf_sample_output(const lp_mechanism *m, double *y, lp_stream *r)
{
    const double p = m->p;
    sphere_sample(m, y, r);
    return -(log(2.0) + 0.5 * p * log(M_PI) - lp_lgamma(0.5 * p));
}

typedef struct { double kappa, a, mode, log_peak; } vmf_radial;

static double
exp_shifted(double t, void *v)
{
    return exp(((const vmf_radial *) v)->kappa * (t - 1.0));
}

/* e^{kappa t} (1 - t^2)^a divided by its value at the mode: at most 1, so
 * neither e^kappa nor a large power under- or overflows */
static double
radial_scaled(double t, void *v)
{
    const vmf_radial *r = v;
    return exp(r->kappa * (t - r->mode) + (r->a != 0 ? r->a * log1p(-t * t) : 0.0) - r->log_peak);
}

int
lp_vmf_log_normaliser(double *log_c, double *abs_err, int p, double kappa)
{
    gsl_integration_workspace *ws;
    gsl_integration_qaws_table *tab;
    gsl_function F;
    vmf_radial v = { kappa, 0.5 * (p - 3.0), 0, 0 };
    double val, err, a = 0.5 * (p - 3.0), log_scale = 0;
    int st;

    if (p == 1) {       /* S^0 = {-1, 1}: C = e^k + e^-k */
        *log_c = kappa + log1p(exp(-2.0 * kappa));
        *abs_err = 0.0;
        return 0;
    }
    lp_gsl_quiet_enter();
    ws = gsl_integration_workspace_alloc(1000);
    F.params = &v;
    if (p == 2) {       /* the endpoint singularities (1 - t^2)^{-1/2}: QAWS's weight */
        tab = gsl_integration_qaws_table_alloc(a, a, 0, 0);
        F.function = exp_shifted;
        st = gsl_integration_qaws(&F, -1.0, 1.0, tab, 0.0, 1e-13, 1000, ws, &val, &err);
        gsl_integration_qaws_table_free(tab);
        log_scale = kappa;
    } else {
        /* a smooth integrand peaked at the mode t* of kappa t + a log(1 - t^2)
         * (width about sqrt(a)/kappa when kappa is large): scaled to 1 there
         * and split at t*, where adaptive quadrature meets the peak */
        double pts[3];
        v.mode = kappa > 0 ? (a > 0 ? kappa / (a + sqrt(a * a + kappa * kappa)) : 1.0) : 0.0;
        v.log_peak = v.a != 0 ? v.a * log1p(-v.mode * v.mode) : 0.0;
        pts[0] = -1.0;
        pts[1] = v.mode;
        pts[2] = 1.0;
        F.function = radial_scaled;
        if (v.mode > -0.999 && v.mode < 0.999)
            st = gsl_integration_qagp(&F, pts, 3, 0.0, 1e-13, 1000, ws, &val, &err);
        else
            st = gsl_integration_qags(&F, -1.0, 1.0, 0.0, 1e-13, 1000, ws, &val, &err);
        log_scale = kappa * v.mode + v.log_peak;
    }
    gsl_integration_workspace_free(ws);
    lp_gsl_quiet_leave();
    if (st || !(val > 0))
        return -1;
    /* A(S^{p-2}) = 2 pi^{(p-1)/2} / G((p-1)/2) */
    *log_c = log(2.0) + 0.5 * (p - 1.0) * log(M_PI) - lp_lgamma(0.5 * (p - 1.0)) + log_scale + log(val);
    *abs_err = fabs(err / val) + 1e-15 * fabs(*log_c);
    return 0;
}

int
lp_mechanism_vmf(lp_mechanism *m, int p, double kappa)
{
    if (p < 1 || p > LP_MC_P_MAX || !(kappa >= 0) || !isfinite(kappa))
        return -1;
    m->name = "vmf";
    m->nblocks = 1;
    m->block[0] = p;
    m->b = 0;
    m->l2 = 0;
    m->p = p;
    m->sigma = m->radius = 0;
    m->kappa = kappa;
    if (lp_vmf_log_normaliser(&m->log_norm, &m->log_norm_err, p, kappa) != 0)
        return -1;
    m->log_density = vmf_log_density;
    m->grad_log_density = vmf_grad;
    m->proof_argmax = vmf_proof_argmax;
    m->project = sphere_project;
    m->sample_input = sphere_sample;
    m->sample_output = vmf_sample_output;
    m->step = kappa > 0 ? 0.3 / kappa : 1.0;
    m->path = LP_MC_VMF_NORMALISER;
    return 0;
}

/* Wood's envelope for t = mu.y: b = (p-1) / (2 kappa + sqrt(4 kappa^2 + (p-1)^2))
 * (the stable form of Wood's b), Z ~ Beta(a, a) with a = (p-1)/2, and
 *     1 - t = 2 b Z / E,  1 + t = 2 (1 - Z) / E,  E = 1 - (1 - b) Z,
 * computed so, not from t, to keep 1 - t exact where kappa is large.  The
 * density of t is Beta's density times |dZ/dt| = E^2 / (2 b); the powers of Z
 * and 1 - Z cancel against (1 - t^2)^{(p-3)/2}, leaving the weight
 *     e^{kappa (t - 1)} (1 - t^2)^{(p-3)/2} / g(t)
 *       = (4b)^{(p-3)/2} 2b B(a, a) exp(-2 kappa b Z / E) E^{-(p-1)},
 * a bounded function of Z (E lies in [b, 1]): finite variance for every kappa
 * and p. */
static double
wood_b(int p, double kappa)
{
    return (p - 1.0) / (2.0 * kappa + sqrt(4.0 * kappa * kappa + (p - 1.0) * (p - 1.0)));
}

double
lp_vmf_weight_log_scale(int p, double kappa)
{
    const double a = 0.5 * (p - 1.0), b = wood_b(p, kappa);
    return 0.5 * (p - 3.0) * log(4.0 * b) + log(2.0 * b) + 2.0 * lp_lgamma(a) - lp_lgamma(2.0 * a);
}

double
lp_vmf_normaliser_draw(const lp_mechanism *m, lp_stream *r)
{
    const int p = m->p;
    const double a = 0.5 * (p - 1.0), b = wood_b(p, m->kappa);
    double g1 = lp_stream_gamma(r, a), g2 = lp_stream_gamma(r, a);
    double z = g1 / (g1 + g2), e = 1.0 - (1.0 - b) * z;
    return exp(-2.0 * m->kappa * b * z / e - (p - 1.0) * log(e));
}
