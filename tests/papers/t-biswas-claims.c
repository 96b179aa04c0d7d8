/* t-biswas-claims.c -- the claims of Biswas et al. that no other test checks
 * (cases/claims/biswas.claims): the proof steps of Theorem B.2 at random
 * parameters, in Arb's t-*.c style (random inputs, both sides of each step by
 * independent routes, the inputs printed on failure); Sibson's identity and
 * guessing functions of the secret on random finite channels; the VMF's
 * normaliser, its epsilon d_theta privacy and its spread against kappa.  The
 * routes: GSL quadrature against closed forms in Arb, doubles with stated
 * slack for geometry, Monte Carlo with its standard error. */
#include <math.h>
#include <string.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_sf_gamma.h>
#include "tap.h"
#include "helpers.h"
#include "mutant-arb.h"
#include "privacy/privacy.h"

#define PREC 128

static double
unif(flint_rand_t st)           /* in (0, 1) */
{
    return ((double) (n_randlimb(st) >> 11) + 0.5) / 9007199254740992.0;
}

static double
normal(flint_rand_t st)
{
    return sqrt(-2 * log(unif(st))) * cos(2 * M_PI * unif(st));
}

static void
unit_vector(double *x, int p, flint_rand_t st)
{
    double n = 0;
    for (int i = 0; i < p; i++) {
        x[i] = normal(st);
        n += x[i] * x[i];
    }
    for (int i = 0; i < p; i++)
        x[i] /= sqrt(n);
}

/* ---- finite channels: Sibson's I_infinity, guessing functions of the secret -------------- */

typedef struct { int nx, ny; double m[8][10], pi[8]; } channel;

static void
random_channel(channel *c, flint_rand_t st)
{
    double s = 0;
    c->nx = 2 + (int) n_randint(st, 6);
    c->ny = 2 + (int) n_randint(st, 8);
    for (int x = 0; x < c->nx; x++) {
        double r = 0;
        for (int y = 0; y < c->ny; y++)
            r += c->m[x][y] = n_randint(st, 4) ? unif(st) : 0;   /* zeros too */
        if (r == 0)
            r = c->m[x][0] = 1;
        for (int y = 0; y < c->ny; y++)
            c->m[x][y] /= r;
        s += c->pi[x] = 0.05 + unif(st);
    }
    for (int x = 0; x < c->nx; x++)
        c->pi[x] /= s;
}

static double
bayes_capacity(const channel *c)        /* eq. (3), written here */
{
    double s = 0;
    for (int y = 0; y < c->ny; y++) {
        double mx = 0;
        for (int x = 0; x < c->nx; x++)
            mx = fmax(mx, c->m[x][y]);
        s += mx;
    }
    return s;
}

/* ((alpha-1)/alpha) I_alpha = log sum_y (sum_x pi_x M_xy^alpha)^(1/alpha), in logs */
static double
sibson_scaled(const channel *c, double alpha)
{
    double out = -INFINITY;
    for (int y = 0; y < c->ny; y++) {
        double mx = -INFINITY, s = 0, t;
        for (int x = 0; x < c->nx; x++)
            if (c->m[x][y] > 0)
                mx = fmax(mx, log(c->pi[x]) + alpha * log(c->m[x][y]));
        if (mx == -INFINITY)
            continue;
        for (int x = 0; x < c->nx; x++)
            if (c->m[x][y] > 0)
                s += exp(log(c->pi[x]) + alpha * log(c->m[x][y]) - mx);
        t = (mx + log(s)) / alpha;
        out = out == -INFINITY ? t : fmax(out, t) + log1p(exp(fmin(out, t) - fmax(out, t)));
    }
    return out;
}

static void
check_finite_channels(flint_rand_t st)
{
    long n = test_iterations(300), bad_s = 0, bad_g = 0, bad_k = 0, eq = 0;
    double worst = 0;
    for (long i = 0; i < n; i++) {
        channel c;
        double logc, pmin = 1;
        int h[8], k;
        random_channel(&c, st);
        logc = log(bayes_capacity(&c));
        for (int x = 0; x < c.nx; x++)
            pmin = fmin(pmin, c.pi[x]);
        for (double a = 10; a <= 1e4; a *= 10) {        /* log C + log(pi_min)/a <= J_a <= log C */
            double j = sibson_scaled(&c, a), logc = lp_mut("biswas/intro/sibson", log(bayes_capacity(&c)));
            if (!(j <= logc + 1e-12 && j >= logc + log(pmin) / a - 1e-12)) {
                bad_s++;
                tap_diag("sibson: nx=%d ny=%d alpha=%g: J=%.17g log C=%.17g pi_min=%g", c.nx, c.ny, a, j, logc, pmin);
            }
            if (a == 1e4)
                worst = fmax(worst, logc - j);
        }
        /* guessing a function h of the secret: gain [h(x) = w] */
        k = 1 + (int) n_randint(st, (ulong) c.nx);
        for (int x = 0; x < c.nx; x++)
            h[x] = (int) n_randint(st, (ulong) k);
        {
            double prior = 0, post = 0, pu[8] = { 0 };
            for (int x = 0; x < c.nx; x++)
                pu[h[x]] += c.pi[x];
            for (int u = 0; u < k; u++)
                prior = fmax(prior, pu[u]);
            for (int y = 0; y < c.ny; y++) {
                double q[8] = { 0 }, mx = 0;
                for (int x = 0; x < c.nx; x++)
                    q[h[x]] += c.pi[x] * c.m[x][y];
                for (int u = 0; u < k; u++)
                    mx = fmax(mx, q[u]);
                post += mx;
            }
            if (post / prior > lp_mut_upper("biswas/sec-III/issa", exp(logc)) * (1 + 1e-12)) {
                bad_g++;
                tap_diag("function of the secret: nx=%d ny=%d k=%d: leakage %.17g > C %.17g", c.nx, c.ny, k,
                         post / prior, exp(logc));
            }
        }
        /* k tries (the best k guesses) and the identity under the uniform prior */
        {
            int tries = 1 + (int) n_randint(st, (ulong) c.nx);
            double prior = 0, post = 0, sorted[8];
            for (int x = 0; x < c.nx; x++)
                sorted[x] = c.pi[x];
            for (int r = 0; r < tries; r++) {               /* the k largest: selection */
                int b = r;
                for (int x = r; x < c.nx; x++)
                    if (sorted[x] > sorted[b]) b = x;
                double t = sorted[r]; sorted[r] = sorted[b]; sorted[b] = t;
                prior += sorted[r];
            }
            for (int y = 0; y < c.ny; y++) {
                double col[8];
                for (int x = 0; x < c.nx; x++)
                    col[x] = c.pi[x] * c.m[x][y];
                for (int r = 0; r < tries; r++) {
                    int b = r;
                    for (int x = r; x < c.nx; x++)
                        if (col[x] > col[b]) b = x;
                    double t = col[r]; col[r] = col[b]; col[b] = t;
                    post += col[r];
                }
            }
            if (post / prior > lp_mut_upper("biswas/sec-II-B/gains", exp(logc)) * (1 + 1e-12)) {
                bad_k++;
                tap_diag("k tries: nx=%d ny=%d k=%d: leakage %.17g > C %.17g", c.nx, c.ny, tries, post / prior,
                         exp(logc));
            }
            /* the identity h under the uniform prior attains C */
            post = 0;
            for (int y = 0; y < c.ny; y++) {
                double mx = 0;
                for (int x = 0; x < c.nx; x++)
                    mx = fmax(mx, c.m[x][y] / c.nx);
                post += mx;
            }
            eq += fabs(post * c.nx / lp_mut("biswas/sec-III/issa", exp(logc)) - 1) < 1e-12;
        }
    }
    tap_ok(bad_s == 0, "[biswas/intro/sibson] %ld random channels and full-support priors: Sibson's I_alpha "
           "scaled by (alpha-1)/alpha lies in [log C_Bayes + log(pi_min)/alpha, log C_Bayes] at alpha = 10 .. 1e4 "
           "(largest gap at 1e4: %.3g)", n, worst);
    tap_ok(bad_g == 0 && eq == n, "[biswas/sec-III/issa] guessing a random function of the secret (%ld channels, "
           "random priors): leakage <= C_Bayes; guessing the secret itself under the uniform prior attains it "
           "(%ld of %ld)", n, (long) eq, n);
    tap_ok(bad_k == 0, "[biswas/sec-II-B/gains] guessing in k tries (random k, %ld channels, random priors): "
           "leakage <= C_Bayes", n);
}

/* ---- Algorithm 1's clipping ------------------------------------------------------------- */

static void
check_clipping(flint_rand_t st)
{
    long n = test_iterations(200), bad = 0;
    for (long i = 0; i < n; i++) {
        int p = 1 + (int) n_randint(st, 50), L = 1 + (int) n_randint(st, 8);
        double c = exp(4 * unif(st) - 2), avg[50] = { 0 }, na = 0;
        for (int l = 0; l < L; l++) {
            double g[50], ng = 0, scale = exp(10 * unif(st) - 5), nc = 0, f;
            for (int j = 0; j < p; j++) {
                g[j] = scale * normal(st);
                ng += g[j] * g[j];
            }
            ng = sqrt(ng);
            f = fmax(1, ng / c);
            for (int j = 0; j < p; j++) {
                double cl = g[j] / f;
                nc += cl * cl;
                if (ng <= c && cl != g[j])
                    bad++;
                avg[j] += cl / L;
            }
            if (sqrt(nc) > lp_mut_upper("biswas/alg1/clip", c) * (1 + 1e-14)) {
                bad++;
                tap_diag("clip: p=%d c=%g |g|=%g: |clipped| = %.17g", p, c, ng, sqrt(nc));
            }
        }
        for (int j = 0; j < p; j++)
            na += avg[j] * avg[j];
        if (sqrt(na) > c * (1 + 1e-14)) {
            bad++;
            tap_diag("average: p=%d L=%d c=%g: |avg| = %.17g", p, L, c, sqrt(na));
        }
    }
    tap_ok(bad == 0, "[biswas/alg1/clip] g / max(1, |g|/c) has norm <= c and is g when |g| <= c; the average "
           "of L clipped gradients stays in the ball of radius c (%ld random (p, L, c))", n);
}

/* ---- Theorem B.2, step by step ---------------------------------------------------------- */

static double y[13700], xs[13700], x[13700];

static void
check_geometry(flint_rand_t st)
{
    long n = test_iterations(200), bad_sup = 0, bad_norm = 0;
    for (long i = 0; i < n; i++) {
        int p = i < 2 ? 13700 : 1 + (int) n_randint(st, 20);     /* the paper's p first */
        double R = i < 2 ? 1 : exp(2 * unif(st) - 1), ny = 0, dstar = 0;
        double r = 3 * R * unif(st);
        unit_vector(y, p, st);
        for (int j = 0; j < p; j++)
            y[j] *= r;
        ny = r;
        {   /* the proof's maximiser; the mutation check moves it inwards, staying in the ball */
            double c = lp_mut_apply(lp_mut_which("biswas/B.2/sup-inside biswas/B.2/sup-outside", "rel- half"), 1);
            for (int j = 0; j < p; j++)
                xs[j] = c * (ny <= R ? y[j] : R * y[j] / ny);
        }
        for (int j = 0; j < p; j++)
            dstar += (y[j] - xs[j]) * (y[j] - xs[j]);
        dstar = sqrt(dstar);
        if (ny > R && fabs(dstar - lp_mut("biswas/B.2/norm", ny - R)) > 1e-12 * ny) {
            bad_norm++;
            tap_diag("norm: p=%d R=%g |y|=%.17g: |y - R y/|y|| = %.17g", p, R, ny, dstar);
        }
        for (int k = 0; k < 200; k++) {                 /* random points of the ball, its sphere too, and
                                                           every fifth a point of the ball near the maximiser,
                                                           those beyond the sphere put back on it */
            double d = 0, rad = k % 4 == 0 ? R : R * pow(unif(st), 1.0 / p);
            unit_vector(x, p, st);
            if (k == 1 && ny <= R) {                    /* the output itself, an input when inside */
                memcpy(x, y, sizeof(double) * (size_t) p);
                rad = 1;
            } else if (k % 5 == 0) {
                double nx = 0, e = 1e-4 * R * unif(st);
                for (int j = 0; j < p; j++) {
                    x[j] = xs[j] + e * x[j];
                    nx += x[j] * x[j];
                }
                nx = sqrt(nx);
                rad = nx > R ? R / nx : 1;
            }
            for (int j = 0; j < p; j++)
                d += (y[j] - rad * x[j]) * (y[j] - rad * x[j]);
            if (sqrt(d) < dstar - 1e-12 * (1 + ny)) {   /* a nearer input: a larger density */
                bad_sup++;
                tap_diag("sup: p=%d R=%g |y|=%g: x at %.17g nearer than the maximiser's %.17g", p, R, ny,
                         sqrt(d), dstar);
                break;
            }
        }
    }
    tap_ok(bad_sup == 0, "[biswas/B.2/sup-inside] [biswas/B.2/sup-outside] the density's supremum over the ball "
           "is at x = y inside and at R y/|y| outside: the paper's p = 13700 (R = 1) and %ld random (p <= 20, R, y), "
           "200 inputs each, none nearer", n - 2);
    tap_ok(bad_norm == 0, "[biswas/B.2/norm] |y - R y/|y|| = |y| - R outside the ball, p = 13700 and %ld random "
           "(p, R, y), within 1e-12", n - 2);
}

/* the ball term two ways in Arb: (2 pi s^2)^{-p/2} pi^{p/2} R^p / G(p/2+1) and the theorem's */
static void
check_ball_term(flint_rand_t st)
{
    long n = test_iterations(100), bad = 0, differs = 0;
    for (long i = 0; i < n; i++) {
        uint64_t p = i == 0 ? 13700 : random_dimension(st, UINT64_C(1000000));
        char sb[32], rb[32];
        arb_t s, r, a, b, t, h, md;
        random_decimal(sb, sizeof sb, st, -2, 1);
        random_decimal(rb, sizeof rb, st, -2, 1);
        if (i == 0)                                     /* the paper's p, R = c = 1, sigma = 1 */
            strcpy(sb, "1"), strcpy(rb, "1");
        arb_init(s); arb_init(r); arb_init(a); arb_init(b); arb_init(t); arb_init(h); arb_init(md);
        lp_decimal_arb(s, sb, PREC);
        lp_decimal_arb(r, rb, PREC);
        arb_set_ui(h, p);
        arb_mul_2exp_si(h, h, -1);                      /* p/2 */
        arb_const_pi(t, PREC);                          /* V(B_R^p) = pi^{p/2} R^p / G(p/2+1) */
        arb_pow(a, t, h, PREC);
        arb_pow_ui(t, r, p, PREC);
        arb_mul(a, a, t, PREC);
        arb_add_ui(t, h, 1, PREC);
        arb_gamma(t, t, PREC);
        arb_div(a, a, t, PREC);
        arb_const_pi(t, PREC);                          /* 2 pi s^2 */
        arb_mul_2exp_si(t, t, 1);
        arb_mul(t, t, s, PREC);
        arb_mul(t, t, s, PREC);
        arb_sqrt(md, t, PREC);
        arb_div(md, a, md, PREC);                       /* the .md's V / sqrt(2 pi s^2) */
        arb_pow(t, t, h, PREC);
        arb_div(a, a, t, PREC);                         /* V / (2 pi s^2)^{p/2} */
        arb_pow_ui(b, r, p, PREC);                      /* R^p / (G(p/2+1) 2^{p/2} s^p) */
        arb_add_ui(t, h, 1, PREC);
        arb_gamma(t, t, PREC);
        arb_div(b, b, t, PREC);
        arb_set_ui(t, 2);
        arb_pow(t, t, h, PREC);
        arb_div(b, b, t, PREC);
        arb_pow_ui(t, s, p, PREC);
        arb_div(b, b, t, PREC);
        {
            double f = exp(lp_mut_log("biswas/B.2/inner", 0));
            arb_set_d(t, f);
            arb_mul(b, b, t, PREC);
        }
        if (!arb_overlaps(a, b) || arb_rel_accuracy_bits(a) < 60) {
            bad++;
            tap_diag("ball term: p=%llu sigma=%s R=%s", (unsigned long long) p, sb, rb);
        }
        differs += p >= 2 && !arb_overlaps(md, b);
        arb_clear(s); arb_clear(r); arb_clear(a); arb_clear(b); arb_clear(t); arb_clear(h); arb_clear(md);
    }
    tap_ok(bad == 0, "[biswas/B.2/inner] V(B_R^p) / sqrt(2 pi sigma^2)^p = R^p / (G(p/2+1) 2^{p/2} sigma^p), "
           "the theorem's second term, certified at the paper's p = 13700 (R = sigma = 1) and %ld random "
           "(p up to 1e6, sigma, R); the .md's 1/sqrt(2 pi sigma^2) without the power differs at %ld of them",
           n - 1, differs);
}

/* The integrands of B.2 in logs (p = 13,700 overflows doubles): phi(x) and the integral of
 * e^phi over [a, oo) as phi(peak) + log of GSL's quadrature of e^{phi - phi(peak)} over the
 * window peak +- 60 widths (phi is concave: beyond it the integrand is below e^{-1800}). */
typedef struct { double k, s, R; int kind; } integrand;
enum { IDENTITY, RADIAL, SHIFTED };

static double
phi(double x, const integrand *a)
{
    double lead = a->k == 1 ? 0 : (a->k - 1) * log(a->kind == SHIFTED ? x + a->R : x);
    double q = a->kind == RADIAL ? x - a->R : x;
    return lead - q * q / (2 * a->s * a->s);
}

static double shift_phi;

static double
e_phi(double x, void *v)
{
    return exp(phi(x, v) - shift_phi);
}

static double
log_integral(const integrand *a, gsl_integration_workspace *w)
{
    double s2 = a->s * a->s, k1 = a->k - 1, peak, curv, lo, hi, v, e;
    gsl_function F = { e_phi, (void *) a };
    if (a->kind == IDENTITY) {
        peak = a->s * sqrt(k1);
        curv = (k1 > 0 ? k1 / (peak * peak) : 0) + 1 / s2;
    } else {
        double r = 0.5 * (a->R + sqrt(a->R * a->R + 4 * k1 * s2));    /* (k-1)/r = (r-R)/s^2 */
        peak = a->kind == RADIAL ? r : r - a->R;
        curv = (k1 > 0 ? k1 / (r * r) : 0) + 1 / s2;
    }
    lo = peak - 60 / sqrt(curv);
    hi = peak + 60 / sqrt(curv);
    if (lo < (a->kind == RADIAL ? a->R : 0))
        lo = a->kind == RADIAL ? a->R : 0;
    shift_phi = phi(peak, a);
    gsl_integration_qag(&F, lo, hi, 0, 1e-12, 1000, GSL_INTEG_GAUSS61, w, &v, &e);
    return shift_phi + log(v);
}

/* log(Z/2), Z = sum_{i<p} G((p-i)/2) (sqrt 2 s)^{p-i} C(p-1, i) R^i, in Arb */
static double
log_half_z(int p, double sigma, double R)
{
    arb_t z, t, u, b;
    double out;
    arb_init(z); arb_init(t); arb_init(u); arb_init(b);
    for (int i = 0; i < p; i++) {
        arb_set_ui(t, (ulong) (p - i));
        arb_mul_2exp_si(t, t, -1);
        arb_gamma(t, t, PREC);
        arb_set_d(u, sigma);
        arb_mul(u, u, u, PREC);
        arb_mul_2exp_si(u, u, 1);                       /* 2 s^2 */
        arb_sqrt(u, u, PREC);
        arb_pow_ui(u, u, (ulong) (p - i), PREC);
        arb_mul(t, t, u, PREC);
        arb_bin_uiui(b, (ulong) (p - 1), (ulong) i, PREC);
        arb_mul(t, t, b, PREC);
        arb_set_d(u, R);
        arb_pow_ui(u, u, (ulong) i, PREC);
        arb_mul(t, t, u, PREC);
        arb_add(z, z, t, PREC);
    }
    arb_mul_2exp_si(z, z, -1);
    arb_log(z, z, PREC);
    out = mid_d(z);
    arb_clear(z); arb_clear(t); arb_clear(u); arb_clear(b);
    return out;
}

static void
check_integrals(flint_rand_t st)
{
    /* the paper's p = 13,700 at R = c = 1, with sigma = 1 and Fig. 2's calibrated sigma at
       epsilon = 173 (t-privacy), then random (p <= 40, sigma, R) */
    static const double paper[][3] = { { 13700, 1, 1 }, { 13700, 0.134546, 1 } };
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(1000);
    long n = test_iterations(60) + 2, bad_id = 0, bad_shift = 0, bad_bin = 0, bad_sum = 0;
    double worst = 0;
    for (long i = 0; i < n; i++) {
        integrand a = { (double) (1 + n_randint(st, 40)), exp(3 * unif(st) - 1.5), 3 * unif(st), IDENTITY };
        double v, want, v1, v2, zh;
        int p;
        if (i < 2) {
            a.k = paper[i][0];
            a.s = paper[i][1];
            a.R = paper[i][2];
        }
        p = (int) a.k;
        v = log_integral(&a, w);
        want = lp_mut_log("biswas/B.2/identity", lgamma(a.k / 2) - log(2) + (a.k / 2) * log(2 * a.s * a.s));
        if (!(fabs(v - want) <= 1e-9 * (1 + fabs(want)))) {
            bad_id++;
            tap_diag("identity: k=%g sigma=%.17g: log quadrature %.17g, log closed form %.17g", a.k, a.s, v, want);
        }
        a.kind = RADIAL;
        v1 = log_integral(&a, w);
        a.kind = SHIFTED;
        v2 = log_integral(&a, w);
        v1 = lp_mut_log("biswas/B.2/shift", v1);
        if (!(fabs(v1 - v2) <= 1e-9 * (1 + fabs(v2)))) {
            bad_shift++;
            tap_diag("shift: p=%d sigma=%.17g R=%.17g: log %.17g vs %.17g", p, a.s, a.R, v1, v2);
        }
        zh = lp_mut_log("biswas/B.2/binomial", log_half_z(p, a.s, a.R));
        worst = fmax(worst, fabs(v2 - zh) / (1 + fabs(zh)));
        if (!(fabs(v2 - zh) <= 1e-9 * (1 + fabs(zh)))) {
            bad_bin++;
            tap_diag("binomial: p=%d sigma=%.17g R=%.17g: log quadrature %.17g, log Z/2 %.17g", p, a.s, a.R, v2, zh);
        }
        {   /* the split put together: ball term + (2 pi s^2)^{-p/2} A(S^{p-1}) x quadrature, in logs,
               against the library's proof form (its own Arb route) */
            char sb[32], rb[32];
            lp_params par;
            lp_result res;
            double shell, ball, c, sum;
            arb_t l;
            snprintf(sb, sizeof sb, "%.17g", a.s);
            snprintf(rb, sizeof rb, "%.17g", a.R);
            par = gauss_params((uint64_t) p, sb, rb);
            lp_result_init(&res);
            eval_form(&res, "gauss", "proof", LP_ARB, &par, 20);
            shell = -0.5 * p * log(2 * M_PI * a.s * a.s) + log(2) + 0.5 * p * log(M_PI) - lgamma(0.5 * p) + v2;
            ball = a.R > 0 ? p * log(a.R) - lgamma(0.5 * p + 1) - 0.5 * p * log(2) - p * log(a.s) : -INFINITY;
            sum = lp_mut_log("biswas/B.2/split", fmax(shell, ball) + log1p(exp(fmin(shell, ball) - fmax(shell, ball))));
            arb_init(l);
            arb_log(l, res.value, PREC);
            c = mid_d(l);
            arb_clear(l);
            if (res.status != LP_OK || !(fabs(sum - c) <= 1e-8 * (1 + fabs(c)))) {
                bad_sum++;
                tap_diag("split: p=%d sigma=%s R=%s: log(ball + shell) %.17g, log proof form %.17g", p, sb, rb,
                         sum, c);
            }
            lp_result_clear(&res);
        }
    }
    gsl_integration_workspace_free(w);
    tap_ok(bad_id == 0, "[biswas/B.2/identity] int_0^oo x^{k-1} e^{-x^2/(2 sigma^2)} dx = G(k/2)/2 (2 sigma^2)^{k/2}: "
           "GSL quadrature (in logs) at k = 13700 (sigma = 1, 0.134546) and %ld random (k <= 40, sigma), "
           "within 1e-9", n - 2);
    tap_ok(bad_shift == 0, "[biswas/B.2/shift] int_R^oo r^{p-1} e^{-(r-R)^2/(2 sigma^2)} dr = int_0^oo (s+R)^{p-1} "
           "e^{-s^2/(2 sigma^2)} ds: GSL quadrature at the paper's p = 13700, R = 1 and %ld random (p <= 40, "
           "sigma, R), within 1e-9", n - 2);
    tap_ok(bad_bin == 0, "[biswas/B.2/binomial] int_0^oo (s+R)^{p-1} e^{-s^2/(2 sigma^2)} ds = Z/2 (the sum in "
           "Arb) at the paper's p = 13700, R = 1 and %ld random (p <= 40, sigma, R): largest relative "
           "difference of the logs %.2g", n - 2, worst);
    tap_ok(bad_sum == 0, "[biswas/B.2/split] ball term + (2 pi sigma^2)^{-p/2} A(S^{p-1}) x the radial quadrature "
           "= the proof's form (Arb) at the paper's p = 13700, R = 1 and %ld random (p <= 40, sigma, R), logs "
           "within 1e-8", n - 2);
}

/* B.2's split checked against the integral it splits: C_Bayes = int over R^p of sup_x G(x)(y)
 * = (2 pi sigma^2)^{-p/2} int exp(-dist(y, B_R)^2 / (2 sigma^2)) dy as one integral in Cartesian
 * coordinates (nested GSL quadrature over the whole plane, no split, no spherical coordinates),
 * at p = 1, 2, against the ball term plus the shell term (radial quadrature). */
typedef struct { double s, R, y1; } plane;

static double
sup_density_1(double y1, void *v)       /* p = 1, or the inner integrand at fixed y1 */
{
    const plane *a = v;
    double r = fabs(y1), d = r > a->R ? r - a->R : 0;
    return exp(-d * d / (2 * a->s * a->s));
}

static double
sup_density_2(double y2, void *v)
{
    const plane *a = v;
    double r = hypot(a->y1, y2), d = r > a->R ? r - a->R : 0;
    return exp(-d * d / (2 * a->s * a->s));
}

static double
row_integral(double y1, void *v)        /* int over y2 at fixed y1 */
{
    plane a = *(const plane *) v;
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(1000);
    gsl_function F = { sup_density_2, &a };
    double r, e;
    a.y1 = y1;
    gsl_integration_qagi(&F, 0, 1e-11, 1000, w, &r, &e);
    gsl_integration_workspace_free(w);
    return r;
}

static void
check_split_cartesian(flint_rand_t st)
{
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(1000);
    long n = test_iterations(6), bad = 0;
    double worst = 0;
    for (long i = 0; i < 2 * n; i++) {
        int p = 1 + (int) (i % 2);
        plane a = { exp(2 * unif(st) - 1), 2 * unif(st), 0 };
        integrand sh = { (double) p, a.s, a.R, SHIFTED };
        gsl_function F = { p == 1 ? sup_density_1 : row_integral, &a };
        double whole, e, shell, ball, sum;
        gsl_integration_qagi(&F, 0, 1e-10, 1000, w, &whole, &e);
        whole = log(whole) - 0.5 * p * log(2 * M_PI * a.s * a.s);
        shell = -0.5 * p * log(2 * M_PI * a.s * a.s) + log(2) + 0.5 * p * log(M_PI) - lgamma(0.5 * p)
                + log_integral(&sh, w);
        ball = p * log(a.R) - lgamma(0.5 * p + 1) - 0.5 * p * log(2) - p * log(a.s);
        sum = lp_mut_log("biswas/B.2/split", fmax(shell, ball) + log1p(exp(fmin(shell, ball) - fmax(shell, ball))));
        worst = fmax(worst, fabs(sum - whole));
        if (!(fabs(sum - whole) <= 1e-8 * (1 + fabs(whole)))) {
            bad++;
            tap_diag("split: p=%d sigma=%.17g R=%.17g: log(ball + shell) %.17g, log of the whole integral %.17g", p,
                     a.s, a.R, sum, whole);
        }
    }
    gsl_integration_workspace_free(w);
    tap_ok(bad == 0, "[biswas/B.2/split] the integral over R^p of sup_x G(x)(y) in Cartesian coordinates (nested GSL "
           "quadrature, no split) = ball term + shell term at p = 1, 2 and %ld random (sigma, R) each: largest "
           "difference of the logs %.2g", n, worst);
}

/* The sphere's area and the ball's volume that both proofs use without stating them:
 * A(S^{p-1}) = 2 pi^{p/2} / G(p/2), from the Gaussian integral (2 pi)^{p/2} = A int_0^oo
 * r^{p-1} e^{-r^2/2} dr by quadrature (p = 13700 and random p); V(B_1^p) = pi^{p/2} / G(p/2+1)
 * by Monte Carlo (the ball's share of the cube [-1, 1]^p, p = 2 .. 6) and V = A / p. */
static void
check_sphere(flint_rand_t st)
{
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(1000);
    long n = test_iterations(40), bad_a = 0, bad_v = 0;
    double zmax = 0;
    for (long i = 0; i < n; i++) {
        int p = i == 0 ? 13700 : 1 + (int) n_randint(st, 200);
        integrand a = { (double) p, 1, 0, IDENTITY };
        double la = 0.5 * p * log(2 * M_PI) - log_integral(&a, w);
        double want = lp_mut_log("biswas/B.2/area", log(2) + 0.5 * p * log(M_PI) - lgamma(0.5 * p));
        double lv = lp_mut_log("biswas/B.2/volume", 0.5 * p * log(M_PI) - lgamma(0.5 * p + 1));
        if (!(fabs(la - want) <= 1e-9 * (1 + fabs(want)))) {
            bad_a++;
            tap_diag("area: p=%d: log A by quadrature %.17g, closed form %.17g", p, la, want);
        }
        if (!(fabs(lv - (want - log(p))) <= 1e-12 * (1 + fabs(lv)))) {
            bad_v++;
            tap_diag("volume: p=%d: log V %.17g, log A/p %.17g", p, lv, want - log(p));
        }
    }
    for (int p = 2; p <= 6; p++) {
        long m = 200000, in = 0;
        double frac, want = exp(lp_mut_log("biswas/B.2/volume", 0.5 * p * log(M_PI) - lgamma(0.5 * p + 1)) - p * log(2)),
               se, z;
        for (long k = 0; k < m; k++) {
            double r2 = 0;
            for (int j = 0; j < p; j++) {
                double u = 2 * unif(st) - 1;
                r2 += u * u;
            }
            in += r2 <= 1;
        }
        frac = (double) in / m;
        se = sqrt(want * (1 - want) / m);
        z = (frac - want) / se;
        zmax = fmax(zmax, fabs(z));
        if (fabs(z) > 4.5) {
            bad_v++;
            tap_diag("volume: p=%d: Monte Carlo share %.6f, pi^{p/2}/G(p/2+1)/2^p = %.6f (z = %.2f)", p, frac, want, z);
        }
    }
    gsl_integration_workspace_free(w);
    tap_ok(bad_a == 0, "[biswas/B.2/area] A(S^{p-1}) = 2 pi^{p/2} / G(p/2) from (2 pi)^{p/2} = A int_0^oo r^{p-1} "
           "e^{-r^2/2} dr (GSL quadrature) at the paper's p = 13700 and %ld random p <= 200, within 1e-9", n - 1);
    tap_ok(bad_v == 0, "[biswas/B.2/volume] V(B_1^p) = pi^{p/2} / G(p/2+1): Monte Carlo of the ball's share of the "
           "cube at p = 2 .. 6 (200000 points each, largest |z| %.2f), and V = A(S^{p-1}) / p at the p above", zmax);
}

/* ---- the VMF: normaliser, epsilon d_theta, spread ---------------------------------------- */

typedef struct { double kappa, a; } vmf_int;

/* log C_{p,kappa} = (nu+1) log 2 pi + log I_nu(kappa) - nu log kappa, nu = p/2 - 1, in Arb */
static double
log_normaliser(int p, double kappa)
{
    arb_t c, nu, k, t;
    double out;
    arb_init(c); arb_init(nu); arb_init(k); arb_init(t);
    arb_set_si(nu, p - 2);
    arb_mul_2exp_si(nu, nu, -1);
    arb_set_d(k, kappa);
    arb_hypgeom_bessel_i(c, nu, k, PREC);
    arb_log(c, c, PREC);
    arb_log(t, k, PREC);
    arb_submul(c, nu, t, PREC);
    arb_const_pi(t, PREC);
    arb_mul_2exp_si(t, t, 1);
    arb_log(t, t, PREC);
    arb_add_ui(nu, nu, 1, PREC);
    arb_addmul(c, nu, t, PREC);
    out = mid_d(c);
    arb_clear(c); arb_clear(nu); arb_clear(k); arb_clear(t);
    return out;
}

/* at large p: log int_{-1}^{1} e^{kappa t} (1-t^2)^{(p-3)/2} dt with the peak taken out, over
 * the window peak +- 60 widths (the log integrand is concave) */
typedef struct { double kappa, h, shift; } vmf_log;

static double
vmf_log_phi(double t, const vmf_log *a)
{
    return a->kappa * t + a->h * log1p(-t * t);
}

static double
vmf_log_f(double t, void *v)
{
    const vmf_log *a = v;
    return exp(vmf_log_phi(t, a) - a->shift);
}

static double
log_sphere_integral_large_p(int p, double kappa, gsl_integration_workspace *w)
{
    vmf_log a = { kappa, 0.5 * (p - 3), 0 };
    double t0 = (-a.h + sqrt(a.h * a.h + kappa * kappa)) / kappa, width, lo, hi, v, e;   /* phi' = 0 */
    gsl_function F = { vmf_log_f, &a };
    width = 1 / sqrt(2 * a.h * (1 + t0 * t0) / ((1 - t0 * t0) * (1 - t0 * t0)));
    lo = fmax(-1, t0 - 60 * width);
    hi = fmin(1, t0 + 60 * width);
    a.shift = vmf_log_phi(t0, &a);
    gsl_integration_qag(&F, lo, hi, 0, 1e-12, 1000, GSL_INTEG_GAUSS61, w, &v, &e);
    return a.shift + log(v) + log(2) + 0.5 * (p - 1) * log(M_PI) - lgamma(0.5 * (p - 1));
}

static double
f_vmf(double t, void *v)        /* e^{kappa t}, weight (1-t^2)^{(p-3)/2} by qaws */
{
    const vmf_int *a = v;
    return exp(a->kappa * (t - 1));
}

static void
check_vmf(flint_rand_t st)
{
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(1000);
    long n = test_iterations(40), bad_c = 0, m = test_iterations(300), bad_d = 0, bad_thm = 0;
    double worst = 0, ratio_max = 0, worst_thm = 0;
    for (long i = 0; i < n; i++) {
        int p = 2 + (int) n_randint(st, 40);
        vmf_int a = { exp(7 * unif(st) - 2.5), 0 };
        gsl_function F = { f_vmf, &a };
        gsl_integration_qaws_table *tb = gsl_integration_qaws_table_alloc((p - 3) / 2.0, (p - 3) / 2.0, 0, 0);
        double v, e, logq, logc;
        arb_t c, nu, k, t;
        /* int_S e^{kappa x.y} dy = A(S^{p-2}) int_{-1}^1 e^{kappa t} (1-t^2)^{(p-3)/2} dt */
        gsl_integration_qaws(&F, -1, 1, tb, 0, 1e-11, 1000, w, &v, &e);
        gsl_integration_qaws_table_free(tb);
        logq = log(v) + a.kappa + log(2) + 0.5 * (p - 1) * log(M_PI) - lgamma(0.5 * (p - 1));
        arb_init(c); arb_init(nu); arb_init(k); arb_init(t);
        arb_set_si(nu, p - 2);                          /* C = (2 pi)^{nu+1} I_nu(kappa) / kappa^nu */
        arb_mul_2exp_si(nu, nu, -1);
        arb_set_d(k, a.kappa);
        arb_hypgeom_bessel_i(c, nu, k, PREC);
        arb_log(c, c, PREC);
        arb_log(t, k, PREC);
        arb_submul(c, nu, t, PREC);
        arb_const_pi(t, PREC);
        arb_mul_2exp_si(t, t, 1);
        arb_log(t, t, PREC);
        arb_add_ui(nu, nu, 1, PREC);
        arb_addmul(c, nu, t, PREC);
        logc = lp_mut_log("biswas/eq5/normaliser biswas/B.3/constant", mid_d(c));
        worst = fmax(worst, fabs(logq - logc));
        if (fabs(logq - logc) > 1e-9 * (1 + fabs(logc))) {
            bad_c++;
            tap_diag("normaliser: p=%d kappa=%.17g: log by quadrature %.17g, log C %.17g", p, a.kappa, logq, logc);
        }
        {   /* Theorem IV.1 = B.3 from the quadrature: C_Bayes = e^kappa A(S^{p-1}) / C_{p,kappa}, against the
               printed closed form (the library's, in Arb) */
            char ks[32];
            lp_params par;
            lp_result res;
            double lb = a.kappa + log(2) + 0.5 * p * log(M_PI) - lgamma(0.5 * p) - logq, lt;
            arb_t l;
            snprintf(ks, sizeof ks, "%.17g", a.kappa);
            par = vmf_params((uint64_t) p, ks);
            lp_result_init(&res);
            eval_form(&res, "vmf", "printed", LP_ARB, &par, 20);
            arb_init(l);
            arb_log(l, res.value, PREC);
            lt = lp_mut_log("biswas/thm-IV.1 biswas/thm-B.3 biswas/B.3/result", mid_d(l));
            worst_thm = fmax(worst_thm, fabs(lb - lt));
            if (res.status != LP_OK || !(fabs(lb - lt) <= 1e-9 * (1 + fabs(lt)))) {
                bad_thm++;
                tap_diag("theorem IV.1: p=%d kappa=%s: log e^kappa A / C by quadrature %.17g, log printed %.17g", p,
                         ks, lb, lt);
            }
            arb_clear(l);
            lp_result_clear(&res);
        }
        arb_clear(c); arb_clear(nu); arb_clear(k); arb_clear(t);
    }
    gsl_integration_workspace_free(w);
    {   /* the paper's p = 13,700 at Fig. 2's kappa = 173 and at kappa = 1 */
        static const double ks[] = { 173, 1 };
        gsl_integration_workspace *w2 = gsl_integration_workspace_alloc(1000);
        for (int i = 0; i < 2; i++) {
            double lq = log_sphere_integral_large_p(13700, ks[i], w2),
                   lc = lp_mut_log("biswas/eq5/normaliser biswas/B.3/constant", log_normaliser(13700, ks[i]));
            worst = fmax(worst, fabs(lq - lc));
            if (!(fabs(lq - lc) <= 1e-9 * (1 + fabs(lc)))) {
                bad_c++;
                tap_diag("normaliser: p=13700 kappa=%g: log by quadrature %.17g, log C %.17g", ks[i], lq, lc);
            }
        }
        gsl_integration_workspace_free(w2);
    }
    tap_ok(bad_thm == 0, "[biswas/thm-IV.1] [biswas/thm-B.3] [biswas/B.3/result] the printed C_Bayes of the VMF = "
           "e^kappa A(S^{p-1}) / C_{p,kappa} with the normaliser by GSL quadrature (no Bessel function) at %ld random "
           "(p <= 41, kappa 0.08 .. 90): largest |log difference| %.2g", n, worst_thm);
    tap_ok(bad_c == 0, "[biswas/eq5/normaliser] [biswas/B.3/constant] int_S e^{kappa x.y} dy by GSL "
           "quadrature in t = x.y = (2 pi)^{nu+1} I_nu(kappa) / kappa^nu (Arb) at the paper's p = 13700 (kappa "
           "= 173, 1) and %ld random (p <= 41, kappa 0.08 .. 90): largest |log difference| %.2g, so the density's value at its mean is e^kappa / C", n, worst);
    for (long i = 0; i < m; i++) {                      /* epsilon d_theta privacy, epsilon = kappa */
        int p = 2 + (int) n_randint(st, 49);
        double x[50], x2[50], y[50], kappa = exp(8 * unif(st) - 2), dot = 0, loss = 0, d = 0, th;
        unit_vector(x, p, st);
        unit_vector(x2, p, st);
        if (i % 3 == 0)                                 /* the worst output, and near pairs */
            for (int j = 0; j < p; j++)
                x2[j] = x[j] + 1e-3 * unif(st) * x2[j];
        {
            double nn = 0;
            for (int j = 0; j < p; j++)
                nn += x2[j] * x2[j];
            for (int j = 0; j < p; j++)
                x2[j] /= sqrt(nn);
        }
        for (int j = 0; j < p; j++) {
            dot += x[j] * x2[j];
            d += (x[j] - x2[j]) * (x[j] - x2[j]);
        }
        if (i % 2 == 0)
            for (int j = 0; j < p; j++)
                y[j] = (x[j] - x2[j]) / sqrt(d);
        else
            unit_vector(y, p, st);
        for (int j = 0; j < p; j++)
            loss += kappa * (x[j] - x2[j]) * y[j];      /* log f(x)(y) - log f(x')(y) */
        th = 2 * asin(fmin(1, sqrt(d) / 2));            /* the angle, stable for near pairs */
        if (th > 0)
            ratio_max = fmax(ratio_max, loss / (kappa * th));
        if (loss > lp_mut_upper("biswas/appA/eps-d-theta", kappa * th) * (1 + 1e-12) + 1e-15 * kappa) {
            bad_d++;
            tap_diag("eps d_theta: p=%d kappa=%.17g x.x'=%.17g: loss %.17g > kappa theta %.17g", p, kappa, dot, loss,
                     kappa * th);
        }
    }
    tap_ok(bad_d == 0, "[biswas/appA/eps-d-theta] the VMF's privacy loss log f(x)(y)/f(x')(y) <= kappa d_theta(x, x') "
           "at %ld random (p, kappa, x, x', y), worst outputs and near pairs among them (largest loss / (kappa "
           "d_theta) %.6f)", m, ratio_max);
}

/* B.3: the VMF density f(x)(y) = e^{kappa x.y} / C is largest over y at y = x (and, the same
 * inner product, over the inputs x at x = y): at random (p, kappa, x), no point of the sphere,
 * random or near the claimed maximiser, has a larger log density.  The mutation check turns the
 * claimed maximiser away from x (by 1e-6 or by half a radian), staying on the sphere. */
static void
check_vmf_sup(flint_rand_t st)
{
    long n = test_iterations(100), bad = 0;
    for (long i = 0; i < n; i++) {
        int p = 2 + (int) n_randint(st, 49);
        double xv[51], ys[51], t[51], kappa = exp(8 * unif(st) - 2), best, dot = 0, nt = 0,
               turn = 0;
        unit_vector(xv, p, st);
        unit_vector(t, p, st);
        for (int j = 0; j < p; j++)
            dot += t[j] * xv[j];
        for (int j = 0; j < p; j++) {                   /* a tangent direction at x */
            t[j] -= dot * xv[j];
            nt += t[j] * t[j];
        }
        switch (lp_mut_which("biswas/B.3/max-at-mean biswas/B.3/sup", "rel- half")) {
        case LP_MUT_REL_DOWN: turn = 1e-6; break;
        case LP_MUT_HALF: turn = 0.5; break;
        default: break;
        }
        for (int j = 0; j < p; j++)                     /* the claimed maximiser y = x, turned */
            ys[j] = cos(turn) * xv[j] + sin(turn) * t[j] / sqrt(nt);
        best = 0;
        for (int j = 0; j < p; j++)
            best += kappa * xv[j] * ys[j];
        for (int k = 0; k < 200; k++) {
            double yv[51], ny = 0, v = 0, e = k % 2 ? 1e-3 * unif(st) : 2;
            unit_vector(yv, p, st);
            for (int j = 0; j < p; j++) {
                yv[j] = k % 2 ? ys[j] + e * yv[j] : yv[j];
                ny += yv[j] * yv[j];
            }
            for (int j = 0; j < p; j++)
                v += kappa * xv[j] * yv[j] / sqrt(ny);
            if (v > best + 1e-12 * kappa) {
                bad++;
                tap_diag("vmf sup: p=%d kappa=%.17g: a point of the sphere at log density %.17g above the "
                         "claimed maximiser's %.17g", p, kappa, v, best);
                break;
            }
        }
    }
    tap_ok(bad == 0, "[biswas/B.3/max-at-mean] [biswas/B.3/sup] the VMF's log density kappa x.y is largest at y = x: "
           "%ld random (p <= 50, kappa 0.14 .. 400, x), 200 points of the sphere each, half of them near the "
           "maximiser, none above it", n);
}

/* Section V: the Gaussian and the VMF mechanisms are "incomparable" differential privacy
 * mechanisms: neither privacy curve delta(eps) lies below the other everywhere.  Both curves of
 * two secrets at distance 2 (the antipodal pair, the VMF's worst; the Gaussian's sensitivity 2),
 * the Gaussian calibrated to meet the VMF at one eps0: certified, they cross there.  At p = 3 the
 * VMF's curve in closed form, t = x.y having density kappa e^{kappa t} / (2 sinh kappa):
 *   delta(eps) = e^{-kappa} (e^kappa - e^{kappa a})^2 / (2 sinh kappa), a = eps/(2 kappa) < 1
 * (0 from eps = 2 kappa on), against the library's quadrature; at the paper's p = 13,700 and
 * kappa = 173 by the quadrature. */
static void
vmf3_delta(arb_t d, const arb_t eps, const arb_t kappa, slong prec)
{
    arb_t a, t, u;
    arb_init(a); arb_init(t); arb_init(u);
    arb_div(a, eps, kappa, prec);
    arb_mul_2exp_si(a, a, -1);
    if (arf_cmp_si(arb_midref(a), 1) >= 0) {       /* eps >= 2 kappa: the pure-DP range */
        arb_zero(d);
    } else {
        arb_exp(t, kappa, prec);
        arb_mul(u, kappa, a, prec);
        arb_exp(u, u, prec);
        arb_sub(t, t, u, prec);
        arb_sqr(t, t, prec);
        arb_neg(u, kappa);
        arb_exp(u, u, prec);
        arb_mul(t, t, u, prec);
        arb_sinh(u, kappa, prec);
        arb_mul_2exp_si(u, u, 1);
        arb_div(d, t, u, prec);
    }
    arb_clear(a); arb_clear(t); arb_clear(u);
}

static void
check_incomparable(void)
{
    static const struct { uint64_t p; const char *kappa, *eps0, *lo, *hi; } cases[] = {
        { 3, "2", "2", "0.2", "3" }, { 3, "10", "10", "1", "15" }, { 13700, "173", "5", "1", "20" } };
    const slong prec = 256;
    int cross = 0, agree = 1;
    char got[3][160];
    arb_t k, e, dv, dg, dv3, sig, two, at, lo, hi;
    arb_init(k); arb_init(e); arb_init(dv); arb_init(dg); arb_init(dv3); arb_init(sig); arb_init(two);
    arb_init(at); arb_init(lo); arb_init(hi);
    arb_set_ui(two, 2);
    for (int c = 0; c < 3; c++) {
        int below = 0, above = 0;
        lp_decimal_arb(k, cases[c].kappa, prec);
        lp_decimal_arb(e, cases[c].eps0, prec);
        lp_vmf_profile_arb(dv, e, cases[c].p, k, prec);
        if (cases[c].p == 3) {                      /* the closed form against the quadrature */
            vmf3_delta(dv3, e, k, prec);
            lp_mut_arb("biswas/sec-V/incomparable", dv3, prec);
            agree &= arb_overlaps(dv3, dv) && arb_rel_accuracy_bits(dv) > 30;
        }
        /* the Gaussian through (eps0, delta_VMF(eps0)): the upper end of its certified sigma */
        {
            arf_t u;
            arf_init(u);
            arb_set_arf(at, arb_midref(dv));
            if (lp_calibrate_analytic(sig, e, at, two, 12, prec) != 0) {
                arf_clear(u);
                continue;
            }
            arb_get_ubound_arf(u, sig, prec);
            arb_set_arf(sig, u);
            arf_clear(u);
        }
        lp_decimal_arb(lo, cases[c].lo, prec);
        lp_decimal_arb(hi, cases[c].hi, prec);
        lp_gauss_profile_arb(dg, lo, sig, two, prec);
        lp_vmf_profile_arb(dv, lo, cases[c].p, k, prec);
        arb_sub(dg, dg, dv, prec);
        below = arb_is_negative(dg);                /* the Gaussian more private at small eps */
        snprintf(got[c], sizeof got[c], "p = %llu, kappa = %s: Gaussian sigma %.4g, delta_G - delta_V = %.3g at "
                 "eps = %s", (unsigned long long) cases[c].p, cases[c].kappa, mid_d(sig), mid_d(dg), cases[c].lo);
        lp_gauss_profile_arb(dg, hi, sig, two, prec);
        lp_vmf_profile_arb(dv, hi, cases[c].p, k, prec);
        arb_sub(dg, dg, dv, prec);
        above = arb_is_positive(dg);                /* the VMF more private at large eps */
        snprintf(got[c] + strlen(got[c]), sizeof got[c] - strlen(got[c]), ", %.3g at %s", mid_d(dg), cases[c].hi);
        cross += below && above;
    }
    tap_ok(agree, "[biswas/sec-V/incomparable] the VMF's privacy curve delta(eps) of the antipodal pair at p = 3: the "
           "closed form e^{-kappa}(e^kappa - e^{kappa eps/(2 kappa)})^2/(2 sinh kappa) = the library's quadrature "
           "(kappa = 2, 10), certified");
    tap_ok(cross == 3, "[biswas/sec-V/incomparable] the two mechanisms' privacy curves cross (neither is more private "
           "at every eps, certified): %s; %s; %s", got[0], got[1], got[2]);
    arb_clear(k); arb_clear(e); arb_clear(dv); arb_clear(dg); arb_clear(dv3); arb_clear(sig); arb_clear(two);
    arb_clear(at); arb_clear(lo); arb_clear(hi);
}

/* E[mu.y] = I_{p/2}(kappa) / I_{p/2-1}(kappa), certified, against kappa */
static void
check_spread(flint_rand_t st)
{
    static const ulong ps[] = { 3, 50, 13700 };
    int bad = 0, steps = 0;
    double at173 = 0, zmc;
    arb_t prev, cur, a, b, nu, k;
    arb_init(prev); arb_init(cur); arb_init(a); arb_init(b); arb_init(nu); arb_init(k);
    for (int i = 0; i < 3; i++) {
        for (int e = -2; e <= 9; e++) {
            arb_set_ui(nu, ps[i]);
            arb_mul_2exp_si(nu, nu, -1);
            arb_set_ui(k, 1);
            arb_mul_2exp_si(k, k, e);
            arb_hypgeom_bessel_i(a, nu, k, PREC);
            arb_sub_ui(nu, nu, 1, PREC);
            arb_hypgeom_bessel_i(b, nu, k, PREC);
            arb_div(cur, a, b, PREC);
            if (lp_mut_which("biswas/appA/kappa-spread", LP_MUT_SIGN) == LP_MUT_NEG)
                arb_neg(cur, cur);
            if (e > -2) {
                steps++;
                if (!arb_gt(cur, prev)) {
                    bad++;
                    tap_diag("spread: p=%lu kappa=2^%d: E[mu.y] %.17g not above %.17g", ps[i], e, mid_d(cur),
                             mid_d(prev));
                }
            }
            arb_swap(prev, cur);
        }
    }
    arb_set_ui(nu, 6850);
    arb_set_ui(k, 173);
    arb_hypgeom_bessel_i(a, nu, k, PREC);
    arb_sub_ui(nu, nu, 1, PREC);
    arb_hypgeom_bessel_i(b, nu, k, PREC);
    arb_div(cur, a, b, PREC);
    at173 = mid_d(cur);
    {   /* Monte Carlo at p = 3, kappa = 2: t = 1 + log(u + (1-u) e^{-2 kappa}) / kappa */
        long n = 200000;
        double s = 0, s2 = 0, kap = 2, mean, se, want = 1 / tanh(kap) - 1 / kap;
        for (long i = 0; i < n; i++) {
            double u = unif(st), t = 1 + log(u + (1 - u) * exp(-2 * kap)) / kap;
            s += t;
            s2 += t * t;
        }
        mean = s / n;
        se = sqrt((s2 / n - mean * mean) / n);
        zmc = (mean - want) / se;
    }
    tap_ok(bad == 0 && fabs(zmc) < 4.5, "[biswas/appA/kappa-spread] E[mu.y] = I_{p/2}(kappa)/I_{p/2-1}(kappa) rises "
           "with kappa (certified, %d steps kappa = 2^-2 .. 2^9 at p = 3, 50, 13700; Monte Carlo at p = 3, kappa = 2: "
           "z = %.2f): larger kappa, smaller spread; at the paper's p = 13700, kappa = 173 the mean cosine is "
           "only %.4f", steps, zmc, at173);
    arb_clear(prev); arb_clear(cur); arb_clear(a); arb_clear(b); arb_clear(nu); arb_clear(k);
}

int
main(void)
{
    flint_rand_t st;
    gsl_set_error_handler_off();        /* a quadrature's status is judged by its comparison */
    test_rand_init(st);
    check_finite_channels(st);
    check_clipping(st);
    check_geometry(st);
    check_ball_term(st);
    check_integrals(st);
    check_split_cartesian(st);
    check_sphere(st);
    check_vmf(st);
    check_vmf_sup(st);
    check_incomparable();
    check_spread(st);
    flint_randclear(st);
    flint_cleanup();
    return tap_done();
}
