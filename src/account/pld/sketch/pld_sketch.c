/* pld_sketch.c -- the loss of one step in doubles for the PLD grid's
 * choices.  Contract in pld_sketch.h. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "account/pld/sketch/pld_sketch.h"

double
pld_loss_d(double u, double q, double M, lp_pld_relation rel)
{
    double s = u / M - 0.5 / (M * M), g;
    if (s > 0)
        g = s + log(q + (1 - q) * exp(-s));
    else
        g = log1p(q * expm1(s));
    return rel == LP_PLD_REMOVE ? g : -g;
}

int
pld_sketch_alloc(loss_sketch *sk, size_t n, int keep_weights)
{
    const size_t m = n > 0 ? n : 1;
    memset(sk, 0, sizeof *sk);
    sk->n = n;
    sk->l = malloc(m * sizeof *sk->l);
    /* lw and, after it, the weights themselves (one block: the callers free lw) */
    sk->lw = malloc((keep_weights ? 2 : 1) * m * sizeof *sk->lw);
    if (sk->l == NULL || sk->lw == NULL) {
        free(sk->l);
        free(sk->lw);
        sk->l = sk->lw = NULL;
        return -1;
    }
    if (keep_weights)
        sk->w = sk->lw + n;
    return 0;
}

void
pld_sketch_moments(loss_sketch *sk, double sw, double s1, double s2)
{
    sk->mean = sw > 0 ? s1 / sw : 0;
    sk->var = fmax(sw > 0 ? s2 / sw - sk->mean * sk->mean : 0, 1e-300);
}

void
pld_sketch_normalise(loss_sketch *sk)
{
    double sw = 0, s1 = 0, s2 = 0, mx = -INFINITY;
    for (size_t i = 0; i < sk->n; i++)
        mx = fmax(mx, sk->lw[i]);
    for (size_t i = 0; i < sk->n; i++)
        sw += exp(sk->lw[i] - mx);
    for (size_t i = 0; i < sk->n; i++) {
        double w;
        sk->lw[i] -= mx + log(sw);
        w = exp(sk->lw[i]);
        s1 += w * sk->l[i];
        s2 += w * sk->l[i] * sk->l[i];
    }
    sk->mean = s1;
    sk->var = fmax(s2 - s1 * s1, 1e-300);
}

static int sketch_build(loss_sketch *sk, double q, double M, lp_pld_relation rel);

/* The last SKETCH_SLOTS sketches, remembered whole (each 7200 points, three
 * arrays: 170 kB): a pure function of (q, M, rel), built afresh by the work
 * estimate, the pair's floors and the run, three times a relation a call
 * (issue 42: 4 % of a call at M 1.1, q 1e-5, T 1e5, width 1).  A copy is
 * handed out, bitwise the one the build gives. */
#define SKETCH_SLOTS 4

static struct {
    double q, M;
    int rel;
    loss_sketch sk;             /* sk.n 0: empty */
} sketch_memo[SKETCH_SLOTS];
static unsigned sketch_next;
static pthread_mutex_t sketch_lock = PTHREAD_MUTEX_INITIALIZER;

/* sk a copy of c (its arrays allocated as pld_sketch_alloc does); -1 when out of memory */
static int
sketch_copy(loss_sketch *sk, const loss_sketch *c)
{
    if (pld_sketch_alloc(sk, c->n, c->w != NULL) != 0)
        return -1;
    memcpy(sk->l, c->l, c->n * sizeof *sk->l);
    memcpy(sk->lw, c->lw, (c->w ? 2 : 1) * c->n * sizeof *sk->lw);
    sk->mean = c->mean;
    sk->var = c->var;
    sk->lmax = c->lmax;
    return 0;
}

/* 0, or -1 when out of memory (nothing left allocated) */
int
pld_sketch_init(loss_sketch *sk, double q, double M, lp_pld_relation rel)
{
    int found = -1;
    pthread_mutex_lock(&sketch_lock);
    for (int i = 0; i < SKETCH_SLOTS && found < 0; i++)
        if (sketch_memo[i].sk.n > 0 && sketch_memo[i].q == q && sketch_memo[i].M == M
            && sketch_memo[i].rel == (int) rel)
            found = sketch_copy(sk, &sketch_memo[i].sk) == 0 ? 1 : 0;
    pthread_mutex_unlock(&sketch_lock);
    if (found == 1)
        return 0;
    if (sketch_build(sk, q, M, rel) != 0)
        return -1;
    {
        loss_sketch keep;
        if (sketch_copy(&keep, sk) != 0)
            return 0;           /* not kept: the next call builds it again */
        pthread_mutex_lock(&sketch_lock);
        {
            const unsigned i = sketch_next++ % SKETCH_SLOTS;
            free(sketch_memo[i].sk.l);
            free(sketch_memo[i].sk.lw);
            sketch_memo[i].q = q;
            sketch_memo[i].M = M;
            sketch_memo[i].rel = (int) rel;
            sketch_memo[i].sk = keep;
        }
        pthread_mutex_unlock(&sketch_lock);
    }
    return 0;
}

static int
sketch_build(loss_sketch *sk, double q, double M, lp_pld_relation rel)
{
    /* du 0.004 (it was 0.002: the sizing, twice per relation with the
     * work estimate's, was a third of a run at T 10; a choice, the
     * window and tails are certified) */
    const double du = 0.004, lo = -14.0, hi = 1.0 / M + 14.0;
    double sw = 0, s1 = 0, s2 = 0;
    if (pld_sketch_alloc(sk, (size_t) ((hi - lo) / du) + 1, 1) != 0)
        return -1;
    for (size_t i = 0; i < sk->n; i++) {
        double u = lo + i * du, d0 = exp(-0.5 * u * u), w;
        if (rel == LP_PLD_REMOVE) {
            double v = u - 1.0 / M;
            w = (1 - q) * d0 + q * exp(-0.5 * v * v);
        } else {
            w = d0;
        }
        w *= du / sqrt(2 * M_PI);
        sk->l[i] = pld_loss_d(u, q, M, rel);
        sk->lw[i] = w > 0 ? log(w) : -INFINITY;
        sk->lw[sk->n + i] = w;
        sw += w;
        s1 += w * sk->l[i];
        s2 += w * sk->l[i] * sk->l[i];
    }
    pld_sketch_moments(sk, sw, s1, s2);
    return 0;
}

/* log E[e^{lambda L}] on the sketch (pld_sketch.h) */
double
pld_sketch_logmgf(const loss_sketch *sk, double lambda)
{
    double mx = -INFINITY, s = 0, lmax = sk->lmax;
    if (fabs(lambda) * lmax < 600) {
        /* log(1 + E[e^{lambda L} - 1]) by expm1 and log1p: for tiny losses
         * (q = 1e-8) the shifted sum below loses every digit */
        double sw = 0, last_l = NAN, last_e = 0;
        for (size_t i = 0; i < sk->n; i++) {
            /* e^lw, kept by pld_sketch_init; the other mechanisms' sketches
             * (pld_mech_*.c) have lw only */
            const double w = sk->w ? sk->w[i] : sk->lw[i] > -INFINITY ? exp(sk->lw[i]) : 0;
            if (w > 0) {
                /* a run of equal losses (the clamped ends: a third of the
                 * Gaussian's sketch at q 1e-5) takes expm1 once, the same
                 * value (issue 42: the window's golden sections were a
                 * first call's largest cost) */
                if (!(sk->l[i] == last_l && signbit(sk->l[i]) == signbit(last_l))) {
                    last_l = sk->l[i];
                    last_e = expm1(lambda * last_l);
                }
                s += w * last_e;
                sw += w;
            }
        }
        return log1p(s / sw) + log(sw);
    }
    for (size_t i = 0; i < sk->n; i++)
        mx = fmax(mx, sk->lw[i] + lambda * sk->l[i]);
    for (size_t i = 0; i < sk->n; i++) {
        const double x = sk->lw[i] + lambda * sk->l[i] - mx;
        /* below -746, exp(x) is +0 (under 2^-1075) and adds nothing: most
         * of the sketch at the golden sections' large lambda (the same sum) */
        if (!(x < -746))
            s += exp(x);
    }
    return mx + log(s);
}

double
pld_chernoff_search(double (*T_logm)(const void *ctx, double lambda), const void *ctx,
                    double log_inv_eta, int sign, int iterations, double *lam)
{
    const double g = (sqrt(5.0) - 1) / 2;
    double lo = log(1e-4), hi = log(1e7), x1, x2, f1, f2;
#define CH(x) (sign * (T_logm(ctx, sign * exp(x)) + log_inv_eta) / exp(x))
    x1 = hi - g * (hi - lo);
    x2 = lo + g * (hi - lo);
    f1 = CH(x1);
    f2 = CH(x2);
    for (int it = 0; it < iterations; it++) {
        /* sign +1: minimise; sign -1: the point is -(...)/lambda, maximise it */
        int left = sign > 0 ? f1 <= f2 : f1 >= f2;
        if (left) {
            hi = x2; x2 = x1; f2 = f1; x1 = hi - g * (hi - lo); f1 = CH(x1);
        } else {
            lo = x1; x1 = x2; f1 = f2; x2 = lo + g * (hi - lo); f2 = CH(x2);
        }
    }
#undef CH
    *lam = exp((sign > 0 ? f1 <= f2 : f1 >= f2) ? x1 : x2);
    return sign > 0 ? fmin(f1, f2) : fmax(f1, f2);
}

typedef struct {
    const loss_sketch *sk;
    double T;
} one_step;

/* T log E[e^{lambda L}]: T identical steps */
static double
T_logmgf(const void *ctx, double lambda)
{
    const one_step *c = ctx;
    return c->T * pld_sketch_logmgf(c->sk, lambda);
}

/* The Chernoff point of T identical steps.  0.618^32 of the range (log
 * lambda over 25.3): lambda to 5e-6 relative, where the bound is flat (it
 * was 50 iterations, 1e-10: a fifth of a small run's time; a choice, the
 * window is certified) */
double
pld_chernoff_point(const loss_sketch *sk, double T, double log_inv_eta, int sign, double *lam)
{
    const one_step c = { sk, T };
    return pld_chernoff_search(T_logmgf, &c, log_inv_eta, sign, 32, lam);
}
