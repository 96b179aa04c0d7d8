/* run.c -- one simulated training run and the attacker's posterior at its
 * end (runattack.h has the model and the projection argument).  The steps'
 * releases exist only as their inner products with the candidates (and m0):
 * gauss B_t G[k][j] + sigma (A z)_j; vmf t G[u][j] + sqrt(1 - t^2) v_j with
 * t = mu.y from Wood's rejection sampler and v the uniform direction
 * orthogonal to mu = w_u, projected. */
#include <math.h>
#include "runattack/run.h"

/* One step's log(1 - q + q e^l) for a candidate, as the posterior needs it:
 * up to log(1 - q), which every candidate shares, it is log(1 + c e^l), c =
 * q / (1 - q), and the steps' sum of logs is kept as a running product of
 * the factors 1 + c e^l, its log added to *ll when it passes 2^600 and at the
 * run's end (mix_fold): one exp a candidate and step instead of an expm1 and
 * a log1p.  A factor above 2^64 goes to the log at once, so nothing
 * overflows at any l.  Rounding: exp, the sum 1 + c e^l and the product
 * each err by at most an ulp, about 3 2^-53 of the log-likelihood a step
 * (1e-11 over 23,650 steps), where adding each step's log1p to a sum near
 * 100 rounded by 1.4e-14 a step. */
static void
mix_step(double *ll, double *prod, const lp_runattack_ctx *c, double l)
{
    const double f = c->mix_c * exp(l);
    if (f < 0x1p64) {
        *prod *= 1 + f;
        if (*prod > 0x1p600) {
            *ll += log(*prod);
            *prod = 1;
        }
    } else {
        *ll += c->mix_log_c + l + log1p(1 / f);    /* log(c e^l) + log(1 + 1/f) */
    }
}

static void
mix_fold(double *ll, double *prod, int n)
{
    for (int j = 0; j < n; j++) {
        ll[j] += log(prod[j]);
        prod[j] = 1;
    }
}

/* t = mu.y for y ~ VMF(mu, kappa) on S^{d-1} (Wood 1994), and sqrt(1 - t^2):
 * with b = (d-1)/(2 kappa + sqrt(4 kappa^2 + (d-1)^2)), Z ~ Beta(a, a), a =
 * (d-1)/2, E = 1 - (1-b) Z, the proposal is t = 1 - 2bZ/E, so 1 - t^2 =
 * 4 b Z (1-Z) / E^2, and Wood's acceptance kappa t + (d-1) log(1 - x0 t) - c
 * >= log U, x0 = (1-b)/(1+b), c = kappa x0 + (d-1) log(1 - x0^2), reads
 * kappa (2b/(1+b) - 2bZ/E) + (d-1) log((1+b) / (2E)) >= log U: every term
 * without cancellation, at any kappa and d. */
static double
vmf_t(double *s, double kappa, double d, lp_stream *r)
{
    const double m1 = d - 1, a = 0.5 * m1;
    const double b = m1 / (2 * kappa + sqrt(4 * kappa * kappa + m1 * m1));
    for (;;) {
        const double g1 = lp_stream_gamma(r, a), g2 = lp_stream_gamma(r, a);
        const double z = g1 / (g1 + g2), e = 1 - (1 - b) * z;
        const double accept = kappa * (2 * b / (1 + b) - 2 * b * z / e) + m1 * log((1 + b) / (2 * e));
        if (accept >= log(lp_stream_uniform(r))) {
            *s = 2 * sqrt(b * z * (1 - z)) / e;
            return 1 - 2 * b * z / e;
        }
    }
}

/* The projections' loop built for AVX2 beside the baseline where the
 * compiler can (the processor's choosing at load time; not under
 * ThreadSanitizer, whose runtime is not up when the clones' resolver runs):
 * AVX2 without FMA contracts nothing, so the bits are the baseline's. */
#if defined(__x86_64__) && defined(__ELF__) && defined(__has_attribute) && !defined(__SANITIZE_THREAD__)
#if __has_attribute(target_clones)
#define RUN_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef RUN_CLONES
#define RUN_CLONES
#endif

/* proj[j] = (A z)_j over the n' rows, z ~ N(0, I_r) drawn into w->z: column
 * by column (A^T's rows), so the n' sums run side by side in vector lanes,
 * each adding its r terms in the order a = 0 .. r-1 as a row's dot product
 * would (the same bits) */
RUN_CLONES static void
project(double *restrict proj, const double *restrict At, const double *restrict z, int side, int r)
{
    for (int j = 0; j < side; j++)
        proj[j] = 0;
    for (int a = 0; a < r; a++) {
        const double *col = At + (size_t) a * side, za = z[a];
#pragma omp simd
        for (int j = 0; j < side; j++)
            proj[j] += col[j] * za;
    }
}

static void
noise_projections(double *proj, const lp_runattack_ctx *c, double *z, lp_stream *r)
{
    for (int a = 0; a < c->r; a++)
        z[a] = lp_stream_normal(r);
    project(proj, c->At, z, c->side, c->r);
}

static void
gauss_step(double *ll, const lp_runattack_ctx *c, lp_runattack_scratch *w, int k, int in, lp_stream *r)
{
    const lp_runattack_setup *s = c->s;
    const double inv = 1 / (s->sigma * s->sigma);
    noise_projections(w->proj, c, w->z, r);
    for (int j = 0; j < s->n; j++) {
        const double y = (in ? c->gram[(size_t) k * c->side + j] : 0) + s->sigma * w->proj[j];
        const double l = (y - 0.5 * c->gram[(size_t) j * c->side + j]) * inv;
        if (s->q >= 1)
            ll[j] += l;
        else
            mix_step(&ll[j], &w->mix[j], c, l);
    }
}

static void
vmf_step(double *ll, const lp_runattack_ctx *c, lp_runattack_scratch *w, int u, lp_stream *r)
{
    const lp_runattack_setup *s = c->s;
    const double *g = c->gram + (size_t) u * c->side;       /* mu.w_j */
    double sin_t, dot = 0, norm2 = 0;
    const double t = vmf_t(&sin_t, s->kappa, (double) s->d, r);
    const double len = c->row_norm[u] > 0 ? c->row_norm[u] : 1;
    noise_projections(w->proj, c, w->z, r);
    /* a = A_u / |A_u|: the component of z along mu is not part of the direction */
    for (int a = 0; a < c->r; a++) {
        dot += c->A[(size_t) u * c->r + a] / len * w->z[a];
        norm2 += w->z[a] * w->z[a];
    }
    norm2 -= dot * dot;
    if (s->d > (uint64_t) c->r)
        norm2 += 2 * lp_stream_gamma(r, 0.5 * (double) (s->d - (uint64_t) c->r));
    const double f = norm2 > 0 ? sin_t / sqrt(norm2) : 0;
    for (int j = 0; j < c->side; j++)       /* y.w_j, with (A a)_j = G[j][u] / |A_u| */
        w->proj[j] = t * g[j] + f * (w->proj[j] - dot * g[j] / len);
    if (s->q >= 1) {
        for (int j = 0; j < s->n; j++)
            ll[j] += s->kappa * w->proj[j];
    } else {
        for (int j = 0; j < s->n; j++)
            mix_step(&ll[j], &w->mix[j], c, s->kappa * (w->proj[j] - w->proj[s->n]));
    }
}

int
lp_runattack_one(lp_runattack_sums *b, const lp_runattack_ctx *c, lp_runattack_scratch *w, lp_stream *r)
{
    const lp_runattack_setup *s = c->s;
    const int n = s->n, side = c->side;
    const int *cancel = lp_cancel_flag();
    const int k = (int) lp_stream_below(r, (uint32_t) n);
    double *ll = w->ll, top = -INFINITY, z = 0, zl = 0, diag = 0, quad = 0;

    for (int j = 0; j < n; j++) {
        ll[j] = 0;
        w->mix[j] = 1;
    }
    for (uint64_t t = 0; t < s->steps; t++) {
        const int in = s->q >= 1 || lp_stream_uniform(r) <= s->q;
        if ((t & 255) == 255 && lp_flag_set(cancel))
            return -1;
        if (s->noise == LP_RECON_GAUSS)
            gauss_step(ll, c, w, k, in, r);
        else
            vmf_step(ll, c, w, in ? k : n, r);
    }
    mix_fold(ll, w->mix, n);
    for (int j = 0; j < n; j++)
        top = fmax(top, ll[j]);
    for (int j = 0; j < n; j++) {
        const double p = exp(ll[j] - top);
        zl += p * (ll[j] - top);
        z += p;
        w->post[j] = p;
    }
    for (int j = 0; j < n; j++)
        w->post[j] /= z;
    /* the posterior variance sum_j P_j |x_j|^2 - |sum_j P_j x_j|^2, from G */
    for (int i = 0; i < n; i++) {
        const double *row = c->gram + (size_t) i * side;
        double gi = 0;
        if (!(w->post[i] > 0))
            continue;
        for (int j = 0; j < n; j++)
            gi += row[j] * w->post[j];
        diag += w->post[i] * row[i];
        quad += w->post[i] * gi;
    }
    const double succ = 1 / z, var = fmax(0, diag - quad), info = log((double) n) + zl / z - log(z);
    b->success += succ;
    b->success2 += succ * succ;
    b->err += var;
    b->err2 += var * var;
    b->info += info;
    b->info2 += info * info;
    return 0;
}
