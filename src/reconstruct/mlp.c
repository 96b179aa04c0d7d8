/* mlp.c -- the 2-layer MLP of Balunovic et al.'s synthetic experiment, its parameter gradient
 * and the attack's gradient in the input, written out (contract in mlp.h).
 *
 * Forward: z = A x + a, h = relu(z), o = B h + b, p = softmax(o), e = p - onehot(y).
 * Gradient: g_b = e, g_B = e h^T, d = (B^T e) .* [z > 0], g_a = d, g_A = d x^T.
 * For fixed v = (V_A, V_a, V_B, V_b), S(x) = <v, g(x)> = V_b.e + e^T V_B h + (V_a + V_A x).d:
 *   dS/de = V_b + V_B h + B ([z > 0] .* (V_a + V_A x)),  dS/do = (diag p - p p^T) dS/de,
 *   dS/dh = V_B^T e + B^T dS/do,  dS/dz = [z > 0] .* dS/dh,  dS/dx = V_A^T d + A^T dS/dz
 * (the relu's mask is piecewise constant: no term of its own). */
#include <math.h>
#include <string.h>
#include "mc/stream.h"
#include "reconstruct/mlp.h"
#include "reconstruct/reconstruct.h"

#define H LP_MLP_HIDDEN
#define K LP_MLP_CLASSES
#define D LP_MLP_IN
#define OFF_a (H * D)
#define OFF_B (OFF_a + H)
#define OFF_b (OFF_B + K * H)

static const char *const variant_names[] = { "gaussian prior, laplace conditional (Bayes)",
                                             "laplace prior, laplace conditional",
                                             "gaussian prior, gaussian conditional",
                                             "laplace prior, gaussian conditional" };

const char *
lp_mlp_variant_name(int variant)
{
    return variant_names[variant];
}

void
lp_mlp_init(lp_mlp *net, uint64_t seed)
{
    lp_stream r;
    lp_stream_init(&r, seed, LP_STREAM_RECON_MLP, 0);
    for (int i = 0; i < H; i++) {
        for (int j = 0; j < D; j++)
            net->A[i][j] = lp_stream_normal(&r) / sqrt((double) D);
        net->a[i] = 0.1 * lp_stream_normal(&r);
    }
    for (int k = 0; k < K; k++) {
        for (int i = 0; i < H; i++)
            net->B[k][i] = lp_stream_normal(&r) / sqrt((double) H);
        net->b[k] = 0.1 * lp_stream_normal(&r);
        for (int j = 0; j < D; j++)
            net->W[k][j] = lp_stream_normal(&r);
    }
}

int
lp_mlp_label(const lp_mlp *net, const double *x)
{
    int best = 0;
    double top = -INFINITY;
    for (int k = 0; k < K; k++) {
        double s = 0;
        for (int j = 0; j < D; j++)
            s += net->W[k][j] * x[j];
        if (s > top)
            top = s, best = k;
    }
    return best;
}

typedef struct {
    double z[H], h[H], p[K], e[K], d[H];
} forward;

static void
run(forward *f, const lp_mlp *net, const double *x, int y)
{
    double top = -INFINITY, sum = 0, o[K];
    for (int i = 0; i < H; i++) {
        double s = net->a[i];
        for (int j = 0; j < D; j++)
            s += net->A[i][j] * x[j];
        f->z[i] = s;
        f->h[i] = s > 0 ? s : 0;
    }
    for (int k = 0; k < K; k++) {
        double s = net->b[k];
        for (int i = 0; i < H; i++)
            s += net->B[k][i] * f->h[i];
        o[k] = s;
        top = fmax(top, s);
    }
    for (int k = 0; k < K; k++)
        sum += (f->p[k] = exp(o[k] - top));
    for (int k = 0; k < K; k++) {
        f->p[k] /= sum;
        f->e[k] = f->p[k] - (k == y);
    }
    for (int i = 0; i < H; i++) {
        double s = 0;
        for (int k = 0; k < K; k++)
            s += net->B[k][i] * f->e[k];
        f->d[i] = f->z[i] > 0 ? s : 0;
    }
}

void
lp_mlp_gradient(double *g, const lp_mlp *net, const double *x, int y)
{
    forward f;
    run(&f, net, x, y);
    for (int i = 0; i < H; i++) {
        for (int j = 0; j < D; j++)
            g[i * D + j] = f.d[i] * x[j];
        g[OFF_a + i] = f.d[i];
    }
    for (int k = 0; k < K; k++) {
        for (int i = 0; i < H; i++)
            g[OFF_B + k * H + i] = f.e[k] * f.h[i];
        g[OFF_b + k] = f.e[k];
    }
}

void
lp_mlp_gradient_dot_dx(double *out, const lp_mlp *net, const double *x, int y, const double *v)
{
    forward f;
    double u[H], ds_de[K], ds_do[K], ds_dh[H], pv = 0;
    run(&f, net, x, y);
    for (int i = 0; i < H; i++) {           /* u = [z > 0] .* (V_a + V_A x) */
        double s = v[OFF_a + i];
        for (int j = 0; j < D; j++)
            s += v[i * D + j] * x[j];
        u[i] = f.z[i] > 0 ? s : 0;
    }
    for (int k = 0; k < K; k++) {
        double s = v[OFF_b + k];
        for (int i = 0; i < H; i++)
            s += v[OFF_B + k * H + i] * f.h[i] + net->B[k][i] * u[i];
        ds_de[k] = s;
        pv += f.p[k] * s;
    }
    for (int k = 0; k < K; k++)
        ds_do[k] = f.p[k] * (ds_de[k] - pv);
    for (int i = 0; i < H; i++) {
        double s = 0;
        for (int k = 0; k < K; k++)
            s += v[OFF_B + k * H + i] * f.e[k] + net->B[k][i] * ds_do[k];
        ds_dh[i] = f.z[i] > 0 ? s : 0;     /* now dS/dz */
    }
    for (int j = 0; j < D; j++) {
        double s = 0;
        for (int i = 0; i < H; i++)
            s += v[i * D + j] * f.d[i] + net->A[i][j] * ds_dh[i];
        out[j] = s;
    }
}

void
lp_mlp_trial(double *dist, const lp_mlp *net, double b, int steps, const double *lr, uint64_t seed,
             uint64_t trial)
{
    static const double beta1 = 0.9, beta2 = 0.999;
    const double sigma2 = 2 * b * b, prior_l = sqrt(0.5);
    double x[D], x0[D], g[LP_MLP_PARAMS], noisy[LP_MLP_PARAMS], v[LP_MLP_PARAMS];
    lp_stream r;
    lp_stream_init(&r, seed, LP_STREAM_RECON_MLP, trial + 1);
    for (int j = 0; j < D; j++)
        x[j] = lp_stream_normal(&r);
    for (int j = 0; j < D; j++)
        x0[j] = lp_stream_normal(&r);       /* the attacks' common start, from the prior */
    const int y = lp_mlp_label(net, x);
    lp_mlp_gradient(g, net, x, y);
    for (int k = 0; k < LP_MLP_PARAMS; k++)
        noisy[k] = g[k] + b * (lp_stream_exponential(&r) - lp_stream_exponential(&r));
    for (int var = 0; var < LP_MLP_VARIANTS; var++) {
        const int laplace_prior = var & 1, gauss_cond = var >> 1 & 1;
        double xt[D], m[D] = { 0 }, s[D] = { 0 }, grad[D];
        memcpy(xt, x0, sizeof xt);
        for (int t = 0; t <= steps; t++) {
            double d2 = 0;
            for (int j = 0; j < D; j++)
                d2 += (xt[j] - x[j]) * (xt[j] - x[j]);
            dist[var * (steps + 1) + t] = sqrt(d2);
            if (t == steps)
                break;
            /* -log p(g~|x): phi(r), r = g~ - g(x); its x-gradient is -d/dx <phi'(r), g(x)> */
            lp_mlp_gradient(g, net, xt, y);
            for (int k = 0; k < LP_MLP_PARAMS; k++) {
                const double res = noisy[k] - g[k];
                v[k] = gauss_cond ? res / sigma2 : (res > 0) - (res < 0);
                if (!gauss_cond)
                    v[k] /= b;
            }
            lp_mlp_gradient_dot_dx(grad, net, xt, y, v);
            for (int j = 0; j < D; j++) {
                const double gp = laplace_prior ? ((xt[j] > 0) - (xt[j] < 0)) / prior_l : xt[j];
                const double gj = -grad[j] + gp;
                m[j] = beta1 * m[j] + (1 - beta1) * gj;
                s[j] = beta2 * s[j] + (1 - beta2) * gj * gj;
                const double mh = m[j] / (1 - pow(beta1, t + 1)), sh = s[j] / (1 - pow(beta2, t + 1));
                xt[j] -= lr[var] * mh / (sqrt(sh) + 1e-8);
            }
        }
    }
}
