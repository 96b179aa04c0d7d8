/* t-tan-maxent.c -- Tan et al.'s maximum-entropy steps for data that is not
 * Gaussian: Section 2.2's maximum-entropy statement (closed forms), Lemma 1
 * and eq. (12)-(13) / (23) for discrete inputs through a Gaussian channel
 * (differential entropies by rigorous quadrature with a certified tail bound),
 * the claim that larger batches tighten bound (15) (Central Limit Theorem:
 * sums of Rademacher variables), and Theorem 1 with its proof's steps (1)-(4)
 * for uniform data by Monte Carlo with standard errors.
 *
 * A discrete X (atoms m_k, weights w_k) plus Y ~ N(0, s) has density
 *   p(z) = phi_s(z) G(z),  G(z) = sum_k w_k exp((m_k z - m_k^2/2)/s),
 * so h(X + Y) = 1/2 ln(2 pi s) + (s + E X^2)/(2 s) - E ln G(X + Y), and
 * E ln G(X + Y) = sum_j w_j int phi(u) ln G(m_j + sqrt(s) u) du.  The integral
 * runs over [-L, L] by acb_calc_integrate; outside, |ln G(z)| <= (M |z| +
 * M^2/2)/s with M = max |m_k|, which bounds the tails in closed form. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include "tap.h"
#include "helpers.h"

#define MAXK 20
#define TAIL_L 14

typedef struct {
    slong K;
    arb_struct m[MAXK], w[MAXK];
    arb_t s, shift;             /* shift = m_j: the integrand's centre */
} mixture;

/* phi(u) ln G(m_j + sqrt(s) u), holomorphic where G stays off the branch cut */
static int
integrand(acb_ptr res, const acb_t u, void *param, slong order, slong prec)
{
    mixture *x = param;
    acb_t z, g, t, e;
    arb_t r;
    if (order > 1)
        flint_abort();
    acb_init(z); acb_init(g); acb_init(t); acb_init(e);
    arb_init(r);
    arb_sqrt(r, x->s, prec);
    acb_mul_arb(z, u, r, prec);
    acb_add_arb(z, z, x->shift, prec);
    acb_zero(g);
    for (slong k = 0; k < x->K; k++) {
        arb_sqr(r, x->m + k, prec);
        arb_mul_2exp_si(r, r, -1);
        acb_mul_arb(t, z, x->m + k, prec);
        acb_sub_arb(t, t, r, prec);
        acb_div_arb(t, t, x->s, prec);
        acb_exp(t, t, prec);
        acb_mul_arb(t, t, x->w + k, prec);
        acb_add(g, g, t, prec);
    }
    acb_log_analytic(g, g, order != 0, prec);
    acb_sqr(e, u, prec);                            /* phi(u) = exp(-u^2/2)/sqrt(2 pi) */
    acb_mul_2exp_si(e, e, -1);
    acb_neg(e, e);
    acb_exp(e, e, prec);
    arb_const_pi(r, prec);
    arb_mul_2exp_si(r, r, 1);
    arb_rsqrt(r, r, prec);
    acb_mul_arb(e, e, r, prec);
    acb_mul(res, g, e, prec);
    acb_clear(z); acb_clear(g); acb_clear(t); acb_clear(e);
    arb_clear(r);
    return 0;
}

/* E ln G(X + Y), certified (the tails bounded in closed form) */
static int
e_log_g(arb_t res, mixture *x, slong prec)
{
    acb_t a, b, I;
    arb_t M, A, C, tail, t;
    mag_t tol;
    acb_calc_integrate_opt_t opt;
    int ok = 1;
    acb_init(a); acb_init(b); acb_init(I);
    arb_init(M); arb_init(A); arb_init(C); arb_init(tail); arb_init(t);
    mag_init(tol);
    acb_calc_integrate_opt_init(opt);
    mag_set_ui_2exp_si(tol, 1, -prec + 10);
    arb_zero(res);
    arb_zero(M);
    for (slong k = 0; k < x->K; k++) {
        arb_abs(t, x->m + k);
        arb_max(M, M, t, prec);
    }
    acb_set_si(a, -TAIL_L);
    acb_set_si(b, TAIL_L);
    for (slong j = 0; j < x->K; j++) {
        arb_set(x->shift, x->m + j);
        acb_calc_integrate(I, integrand, x, a, b, prec, tol, opt, prec);
        ok &= arb_is_finite(acb_realref(I));
        arb_addmul(res, x->w + j, acb_realref(I), prec);
    }
    /* tails: int_{|u| > L} phi(u) (A + C |u|) du = A erfc(L/sqrt 2) + 2 C phi(L),
     * A = 3 M^2 / (2 s) (|z| <= M + sqrt(s) |u|), C = M / sqrt(s) */
    arb_sqr(A, M, prec);
    arb_mul_ui(A, A, 3, prec);
    arb_div(A, A, x->s, prec);
    arb_mul_2exp_si(A, A, -1);
    arb_sqrt(t, x->s, prec);
    arb_div(C, M, t, prec);
    arb_set_ui(t, TAIL_L);
    arb_sqrt_ui(tail, 2, prec);
    arb_div(t, t, tail, prec);
    arb_hypgeom_erfc(tail, t, prec);
    arb_mul(tail, tail, A, prec);
    arb_set_si(t, -TAIL_L * TAIL_L);
    arb_mul_2exp_si(t, t, -1);
    arb_exp(t, t, prec);
    arb_mul(t, t, C, prec);
    arb_mul_2exp_si(t, t, 1);
    {
        arb_t r;
        arb_init(r);
        arb_const_pi(r, prec);
        arb_mul_2exp_si(r, r, 1);
        arb_rsqrt(r, r, prec);
        arb_mul(t, t, r, prec);
        arb_clear(r);
    }
    arb_add(tail, tail, t, prec);
    {
        mag_t m;
        mag_init(m);
        arb_get_mag(m, tail);
        arb_add_error_mag(res, m);
        mag_clear(m);
    }
    acb_clear(a); acb_clear(b); acb_clear(I);
    arb_clear(M); arb_clear(A); arb_clear(C); arb_clear(tail); arb_clear(t);
    mag_clear(tol);
    return ok;
}

/* h(X + Y), its Gaussian maximum 1/2 ln(2 pi e (Var X + s)), and
 * I(X; X + Y) = h(X + Y) - 1/2 ln(2 pi e s) with the bound 1/2 ln(1 + Var X / s) */
static int
mixture_entropy(arb_t h, arb_t hgauss, arb_t I, arb_t f, mixture *x, slong prec)
{
    arb_t ex, ex2, var, t, twopie;
    int ok;
    arb_init(ex); arb_init(ex2); arb_init(var); arb_init(t); arb_init(twopie);
    for (slong k = 0; k < x->K; k++) {
        arb_addmul(ex, x->w + k, x->m + k, prec);
        arb_sqr(t, x->m + k, prec);
        arb_addmul(ex2, x->w + k, t, prec);
    }
    arb_sqr(t, ex, prec);
    arb_sub(var, ex2, t, prec);
    ok = e_log_g(t, x, prec);
    arb_const_pi(twopie, prec);
    arb_mul_2exp_si(twopie, twopie, 1);                 /* 2 pi */
    arb_mul(h, twopie, x->s, prec);
    arb_log(h, h, prec);
    arb_mul_2exp_si(h, h, -1);                           /* 1/2 ln(2 pi s) */
    arb_sub(h, h, t, prec);
    arb_add(t, ex2, x->s, prec);
    arb_div(t, t, x->s, prec);
    arb_mul_2exp_si(t, t, -1);
    arb_add(h, h, t, prec);                              /* + (s + E X^2)/(2 s) */
    arb_const_e(t, prec);
    arb_mul(twopie, twopie, t, prec);                    /* 2 pi e */
    arb_add(t, var, x->s, prec);
    arb_mul(hgauss, twopie, t, prec);
    arb_log(hgauss, hgauss, prec);
    arb_mul_2exp_si(hgauss, hgauss, -1);
    arb_mul(t, twopie, x->s, prec);
    arb_log(t, t, prec);
    arb_mul_2exp_si(t, t, -1);
    arb_sub(I, h, t, prec);
    arb_div(f, var, x->s, prec);
    arb_log1p(f, f, prec);
    arb_mul_2exp_si(f, f, -1);
    arb_clear(ex); arb_clear(ex2); arb_clear(var); arb_clear(t); arb_clear(twopie);
    return ok;
}

static void
mixture_init(mixture *x, slong K)
{
    x->K = K;
    for (slong k = 0; k < MAXK; k++) {
        arb_init(x->m + k);
        arb_init(x->w + k);
    }
    arb_init(x->s);
    arb_init(x->shift);
}

static void
mixture_clear(mixture *x)
{
    for (slong k = 0; k < MAXK; k++) {
        arb_clear(x->m + k);
        arb_clear(x->w + k);
    }
    arb_clear(x->s);
    arb_clear(x->shift);
}

static void
print_mixture(const mixture *x)
{
    printf("# failing input: s = %.17g, atoms", mid_d(x->s));
    for (slong k = 0; k < x->K; k++)
        printf(" %.17g (w %.17g)", mid_d(x->m + k), mid_d(x->w + k));
    printf("\n");
}

/* ---- Section 2.2: the Gaussian has the largest entropy for its variance -- */
static void
test_maxent_closed_forms(flint_rand_t st)
{
    long n = test_iterations(100), ok = 0;
    for (long it = 0; it < n; it++) {
        slong prec = 32 + (slong) n_randint(st, 500);
        arb_t a, h, g, t, twopie;
        int good = 1;
        arb_init(a); arb_init(h); arb_init(g); arb_init(t); arb_init(twopie);
        arb_set_ui(a, 1 + n_randint(st, 1000));
        arb_mul_2exp_si(a, a, (slong) n_randint(st, 40) - 25);
        arb_const_pi(twopie, prec);
        arb_mul_2exp_si(twopie, twopie, 1);
        arb_const_e(t, prec);
        arb_mul(twopie, twopie, t, prec);
        /* uniform on [-a, a]: h = ln 2a, variance a^2/3 */
        arb_mul_2exp_si(h, a, 1);
        arb_log(h, h, prec);
        arb_sqr(g, a, prec);
        arb_div_ui(g, g, 3, prec);
        arb_mul(g, g, twopie, prec);
        arb_log(g, g, prec);
        arb_mul_2exp_si(g, g, -1);
        good &= arb_lt(h, g);
        /* Laplace(b = a): h = 1 + ln 2a, variance 2 a^2 */
        arb_mul_2exp_si(h, a, 1);
        arb_log(h, h, prec);
        arb_add_ui(h, h, 1, prec);
        arb_sqr(g, a, prec);
        arb_mul_2exp_si(g, g, 1);
        arb_mul(g, g, twopie, prec);
        arb_log(g, g, prec);
        arb_mul_2exp_si(g, g, -1);
        good &= arb_lt(h, g);
        /* exponential (mean a): h = 1 + ln a, variance a^2 */
        arb_log(h, a, prec);
        arb_add_ui(h, h, 1, prec);
        arb_sqr(g, a, prec);
        arb_mul(g, g, twopie, prec);
        arb_log(g, g, prec);
        arb_mul_2exp_si(g, g, -1);
        good &= arb_lt(h, g);
        ok += good;
        if (!good)
            printf("# failing input: a = %.17g prec=%ld\n", mid_d(a), (long) prec);
        arb_clear(a); arb_clear(h); arb_clear(g); arb_clear(t); arb_clear(twopie);
    }
    tap_ok(ok == n, "[tan/sec2.2/maxent] h(X) < h(N(mu, Var X)) for uniform, Laplace and exponential X of random "
           "scale (2^-25..2^24) at random precision: %ld/%ld, certified", ok, n);
}

/* ---- Lemma 1, eq. (12)-(13), (23): discrete inputs ----------------------- */
static void
test_lemma1(flint_rand_t st)
{
    long n = test_iterations(12), l1 = 0, e13 = 0, gap = 0;
    double worst_ratio = 0;
    for (long it = 0; it < n; it++) {
        slong K = 2 + (slong) n_randint(st, 3), prec = 64 + (slong) n_randint(st, 64);
        mixture x;
        arb_t h, hg, I, f, tot;
        int ok;
        mixture_init(&x, K);
        arb_init(h); arb_init(hg); arb_init(I); arb_init(f); arb_init(tot);
        arb_set_ui(x.s, 4 + n_randint(st, 60));
        arb_mul_2exp_si(x.s, x.s, -4);                  /* s in [1/4, 4) */
        for (slong k = 0; k < K; k++) {
            arb_set_si(x.m + k, (slong) n_randint(st, 17) - 8);
            arb_mul_2exp_si(x.m + k, x.m + k, -2);       /* atoms in [-2, 2], M/sqrt(s) <= 4 */
            arb_set_ui(x.w + k, 1 + n_randint(st, 9));
            arb_add(tot, tot, x.w + k, prec);
        }
        arb_add_ui(x.m + 1, x.m + 0, 1 + n_randint(st, 4), prec);   /* two distinct atoms at least */
        for (slong k = 0; k < K; k++)
            arb_div(x.w + k, x.w + k, tot, prec);
        ok = mixture_entropy(h, hg, I, f, &x, prec) && arb_rel_accuracy_bits(h) > 20;
        if (ok && arb_lt(h, hg))
            l1++;
        else
            print_mixture(&x);
        if (ok && arb_lt(I, f) && arb_is_positive(I))
            e13++;
        worst_ratio = fmax(worst_ratio, mid_d(I) / mid_d(f));
        gap += ok && arb_is_positive(I);
        mixture_clear(&x);
        arb_clear(h); arb_clear(hg); arb_clear(I); arb_clear(f); arb_clear(tot);
    }
    tap_ok(l1 == n, "[tan/lemma1] [tan/B.2/moments] h(X + Y) < h(N(mu_X + mu_Y, Var X + Var Y)) for random discrete X (2..4 atoms) and "
           "Gaussian Y: %ld/%ld, certified by quadrature with bounded tails", l1, n);
    tap_ok(e13 == n, "[tan/eq12] [tan/eq13] [tan/B.3/eq23] [tan/thm2] I(D; D + sqrt(s) xi) = h(D + sqrt(s) xi) - "
           "h(N(0, s)) < 1/2 ln(1 + Var D / s) = f(s) for non-Gaussian D: %ld/%ld (largest I/f %.4f), certified",
           e13, n, worst_ratio);
}

/* ---- larger batches tighten bound (15): Rademacher sums ------------------ */
static void
binomial_mixture(mixture *x, ulong B, int normalised, const arb_t s, slong prec)
{
    /* atoms (2k - B)/sqrt(B) (normalised, B a square) or (2k - B)/B, weights C(B,k)/2^B */
    ulong r = n_sqrt(B);
    fmpz_t c;
    fmpz_init(c);
    x->K = (slong) B + 1;
    arb_set(x->s, s);
    for (ulong k = 0; k <= B; k++) {
        arb_set_si(x->m + k, 2 * (slong) k - (slong) B);
        arb_div_ui(x->m + k, x->m + k, normalised ? r : B, prec);
        fmpz_bin_uiui(c, B, k);
        arb_set_fmpz(x->w + k, c);
        arb_mul_2exp_si(x->w + k, x->w + k, -(slong) B);
    }
    fmpz_clear(c);
}

static void
test_clt(void)
{
    static const ulong Bs[] = { 1, 4, 16 };
    double gn[3], gu[3], In[3], fn[3];
    int ok = 1;
    slong prec = 80;
    arb_t s, h, hg, I, f, prevn, prevu, g;
    mixture x;
    mixture_init(&x, 2);
    arb_init(s); arb_init(h); arb_init(hg); arb_init(I); arb_init(f); arb_init(prevn); arb_init(prevu); arb_init(g);
    arb_one(s);
    for (int i = 0; i < 3; i++) {
        binomial_mixture(&x, Bs[i], 1, s, prec);
        ok &= mixture_entropy(h, hg, I, f, &x, prec);
        arb_sub(g, f, I, prec);                          /* the gap of bound (15), same variance */
        ok &= arb_is_positive(g) && (i == 0 || arb_lt(g, prevn));
        arb_set(prevn, g);
        gn[i] = mid_d(g);
        In[i] = mid_d(I);
        fn[i] = mid_d(f);
        binomial_mixture(&x, Bs[i], 0, s, prec);         /* the batch mean: variance 1/B */
        ok &= mixture_entropy(h, hg, I, f, &x, prec);
        arb_sub(g, f, I, prec);
        ok &= arb_is_positive(g) && (i == 0 || arb_lt(g, prevu));
        arb_set(prevu, g);
        gu[i] = mid_d(g);
    }
    tap_ok(ok, "[tan/sec5.1/clt] [tan/sec5.2/guideline-batch] [tan/sec8/tighten] larger batches tighten bound (15): "
           "Rademacher gradients, noise s = 1; at fixed variance (sum/sqrt B) the gap f - I is %.3e, %.3e, %.3e "
           "(I = %.6f, %.6f, %.6f of f = %.6f) for B = 1, 4, 16; for the batch mean (variance 1/B) %.3e, %.3e, "
           "%.3e; certified", gn[0], gn[1], gn[2], In[0], In[1], In[2], fn[0], gu[0], gu[1], gu[2]);
    mixture_clear(&x);
    arb_clear(s); arb_clear(h); arb_clear(hg); arb_clear(I); arb_clear(f); arb_clear(prevn); arb_clear(prevu);
    arb_clear(g);
}

/* ---- Theorem 1 and its proof for uniform data, by Monte Carlo ------------- */
typedef struct { double n, s, s2; } acc;

static void
acc_add(acc *a, double v)
{
    a->n++;
    a->s += v;
    a->s2 += v * v;
}

static double
acc_mean(const acc *a)
{
    return a->s / a->n;
}

static double
acc_se(const acc *a)
{
    double m = acc_mean(a);
    return sqrt(fmax(a->s2 / a->n - m * m, 0) / (a->n - 1));
}

/* D ~ U[-a, a], W = D + sqrt(s) N: the posterior is N(w, s) truncated to
 * [-a, a]; its mean, variance and ln p(w) */
static void
posterior(double w, double a, double s, double *mean, double *var, double *logp)
{
    double r = sqrt(s), al = (-a - w) / r, be = (a - w) / r, Z, pa, pb;
    /* Z = Phi(be) - Phi(al), in the tail that keeps its digits */
    Z = w > 0 ? gsl_cdf_ugaussian_Q(al) - gsl_cdf_ugaussian_Q(be) : gsl_cdf_ugaussian_P(be) - gsl_cdf_ugaussian_P(al);
    pa = gsl_ran_ugaussian_pdf(al);
    pb = gsl_ran_ugaussian_pdf(be);
    *mean = w + r * (pa - pb) / Z;
    *var = s * (1 + (al * pa - be * pb) / Z - ((pa - pb) / Z) * ((pa - pb) / Z));
    *logp = log(Z / (2 * a));
}

static void
test_theorem1_uniform(flint_rand_t st)
{
    static const double cases[][2] = { { 1, 0.25 }, { 1, 0.5 }, { 2, 0.5 } };   /* (a, s) */
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    long N = 100000 * test_iterations(1);
    gsl_rng_set(rng, n_randlimb(st));                /* the draws follow LEAKPROOF_TEST_SEED */
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        double a = cases[c][0], s = cases[c][1], hD = log(2 * a), hN = 0.5 * log(2 * M_PI * M_E * s);
        acc mse, lnp, step1, step3, step3opt, lnv, vB, kl;
        memset(&mse, 0, sizeof mse); memset(&lnp, 0, sizeof lnp); memset(&step1, 0, sizeof step1);
        memset(&step3, 0, sizeof step3); memset(&step3opt, 0, sizeof step3opt); memset(&lnv, 0, sizeof lnv);
        memset(&vB, 0, sizeof vB);
        memset(&kl, 0, sizeof kl);
        for (long i = 0; i < N; i++) {
            double d = a * (2 * gsl_rng_uniform(rng) - 1), w = d + gsl_ran_gaussian(rng, sqrt(s)), m, v, lp;
            posterior(w, a, s, &m, &v, &lp);
            acc_add(&mse, (d - m) * (d - m));
            acc_add(&lnp, -lp);                              /* h(W) = -E ln p(W) */
            {
                /* h(N(0, v)) - h(W) = E[ln p(W) - ln q(W)] for the Gaussian q of W's
                 * variance v (-ln q is quadratic, so E_p[-ln q] = h(q)): a KL
                 * divergence, estimated per draw with a small variance */
                double vq = a * a / 3 + s;
                acc_add(&kl, lp + 0.5 * log(2 * M_PI * vq) + w * w / (2 * vq));
            }
            /* step (1): 1/2 ln(2 pi e Var(D|w)) - [h(D) + h(N(0,s)) + ln p(w)], mean E[...] - h(D|W) */
            acc_add(&step1, 0.5 * log(2 * M_PI * M_E * v) - (hD + hN + lp));
            acc_add(&step3, (d - w) * (d - w) - v);          /* the estimator w: E[(D - w)^2 | w] - Var >= 0 */
            acc_add(&step3opt, (d - m) * (d - m) - v);       /* the posterior mean: = 0 */
            acc_add(&lnv, log(v));
            /* an independent draw for Jensen's right side */
            {
                double d2 = a * (2 * gsl_rng_uniform(rng) - 1), w2 = d2 + gsl_ran_gaussian(rng, sqrt(s)), m2, v2, lp2;
                posterior(w2, a, s, &m2, &v2, &lp2);
                acc_add(&vB, v2);
            }
        }
        {
            double hW = acc_mean(&lnp), hDW = hD + hN - hW, I = hW - hN;
            double bound = exp(2 * hDW) / (2 * M_PI * M_E), bound_se = 2 * bound * acc_se(&lnp);
            double bound2 = exp(2 * hD) / (2 * M_PI * M_E) * exp(-2 * I);
            double m = acc_mean(&mse), se = acc_se(&mse), diff_se = sqrt(se * se + bound_se * bound_se);
            double jl = acc_mean(&lnv), jl_se = acc_se(&lnv), jr = log(acc_mean(&vB)), jr_se = acc_se(&vB) / acc_mean(&vB);
            tap_ok(m - bound > 5 * diff_se && fabs(bound2 - bound) <= 1e-12 * bound,
                   "[tan/thm1] [tan/B.1/final] uniform D on [-%g, %g], noise %g: minimum MSE %.6f +- %.1e above the "
                   "bound e^{2h(D)}/(2 pi e) e^{-2I} = %.6f +- %.1e (I = %.5f nats by Monte Carlo, %ld draws)",
                   a, a, s, m, se, bound, bound_se, I, (long) N);
            tap_ok(acc_mean(&kl) > 3 * acc_se(&kl),
                   "[tan/lemma1] [tan/eq13] uniform D on [-%g, %g] plus N(0, %g): h(N(0, a^2/3 + s)) - h(D + Y) = "
                   "E[ln p - ln q] = %.3e +- %.1e, more than 3 standard errors above 0 (Monte Carlo, the density in closed form)",
                   a, a, s, acc_mean(&kl), acc_se(&kl));
            tap_ok(acc_mean(&step1) > 5 * acc_se(&step1),
                   "[tan/B.1/step1] a = %g, s = %g: E[1/2 ln(2 pi e Var(D|W))] - h(D|W) = %.5f +- %.1e > 0 (maximum "
                   "entropy given the posterior's variance)", a, s, acc_mean(&step1), acc_se(&step1));
            tap_ok(acc_mean(&step3) > 5 * acc_se(&step3) && fabs(acc_mean(&step3opt)) < 5 * acc_se(&step3opt),
                   "[tan/B.1/step3] a = %g, s = %g: E[(D - w)^2 | W] - tr Cov(D|W) = %.5f +- %.1e > 0 for the estimator "
                   "w, %.1e +- %.1e (zero) for the posterior mean", a, s, acc_mean(&step3), acc_se(&step3),
                   acc_mean(&step3opt), acc_se(&step3opt));
            tap_ok(jr - jl > 5 * sqrt(jl_se * jl_se + jr_se * jr_se),
                   "[tan/B.1/step4] a = %g, s = %g: Jensen, E ln Var(D|W) = %.5f +- %.1e < ln E Var(D|W) = %.5f +- %.1e "
                   "(independent draws)", a, s, jl, jl_se, jr, jr_se);
        }
    }
    gsl_rng_free(rng);
}

/* Section 3.1: the lower bound of eq. (5) falls as I grows */
static void
test_bound_decreasing(flint_rand_t st)
{
    long n = test_iterations(100), ok = 0;
    for (long it = 0; it < n; it++) {
        slong prec = 32 + (slong) n_randint(st, 200), d = 1 + (slong) n_randint(st, 3072);
        arb_t i1, i2, b1, b2;
        arb_init(i1); arb_init(i2); arb_init(b1); arb_init(b2);
        arb_set_ui(i1, n_randint(st, 10000));
        arb_mul_2exp_si(i1, i1, -4);
        arb_add_ui(i2, i1, 1 + n_randint(st, 100), prec);
        arb_mul_2exp_si(b1, i1, 1);
        arb_div_si(b1, b1, d, prec);
        arb_neg(b1, b1);
        arb_exp(b1, b1, prec);
        arb_mul_2exp_si(b2, i2, 1);
        arb_div_si(b2, b2, d, prec);
        arb_neg(b2, b2);
        arb_exp(b2, b2, prec);
        ok += arb_gt(b1, b2);
        arb_clear(i1); arb_clear(i2); arb_clear(b1); arb_clear(b2);
    }
    tap_ok(ok == n, "[tan/sec3.1/bound-decreasing] e^{-2 I/d} (eq. (5)'s factor) falls strictly as I grows: %ld/%ld "
           "random (I, d), certified", ok, n);
}

int
main(void)
{
    flint_rand_t st;
    test_rand_init(st);
    test_maxent_closed_forms(st);
    test_lemma1(st);
    test_clt();
    test_theorem1_uniform(st);
    test_bound_decreasing(st);
    flint_randclear(st);
    flint_cleanup();
    return tap_done();
}
