/* t-balunovic-derivations.c -- Balunovic et al.'s Section 4 derivations,
 * step by step, in the style of Arb's t-*.c: the adversarial risk and its
 * rewriting, the Bayes optimal adversary and eq. (2)'s Bayes-rule steps on
 * random discrete models in exact rationals (every adversary enumerated), the
 * delta -> 0 limit to the MAP on a random Gaussian-mixture posterior (maximisers
 * bracketed by certified sign changes), the Jensen step at random parameters
 * by a route of its own (erf, finite chi-square sums), eq. (3)'s Monte Carlo
 * objective and Algorithm 1 on the linear-Gaussian model.  Section 5's and
 * Appendix A.5's derivations are in t-balunovic-layers. */
#include <math.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_cdf.h>
#include "tap.h"
#include "helpers.h"
#include "mutant-arb.h"
#include "adversary/adversary.h"
#include "flint/fmpq.h"

/* ---- random discrete models, exact ------------------------------------------------ */

#define NX 5    /* inputs (points of Z^dim), also the adversary's candidates */
#define NG 4    /* gradients */

typedef struct {
    int dim, pt[NX][3];
    fmpq_t px[NX], pgx[NX][NG];     /* p(x), p(g|x) */
    fmpq_t delta2;                  /* delta^2, rational */
} dmodel;

static void
dmodel_init(dmodel *m)
{
    fmpq_init(m->delta2);
    for (int i = 0; i < NX; i++) {
        fmpq_init(m->px[i]);
        for (int j = 0; j < NG; j++)
            fmpq_init(m->pgx[i][j]);
    }
}

static void
dmodel_clear(dmodel *m)
{
    fmpq_clear(m->delta2);
    for (int i = 0; i < NX; i++) {
        fmpq_clear(m->px[i]);
        for (int j = 0; j < NG; j++)
            fmpq_clear(m->pgx[i][j]);
    }
}

static long
sqdist(const dmodel *m, int a, int b)
{
    long s = 0;
    for (int c = 0; c < 3; c++)
        s += (long) (m->pt[a][c] - m->pt[b][c]) * (m->pt[a][c] - m->pt[b][c]);
    return s;
}

/* weights w_i / sum w, w_i in 1..100 (some 0 in the channel) */
static void
rand_law(fmpq *out, int n, flint_rand_t st, int zeros)
{
    ulong w[NG > NX ? NG : NX], s = 0;
    for (int i = 0; i < n; i++) {
        w[i] = (zeros && n_randint(st, 4) == 0) ? 0 : 1 + n_randint(st, 100);
        s += w[i];
    }
    if (s == 0) {
        w[0] = 1;
        s = 1;
    }
    for (int i = 0; i < n; i++)
        fmpq_set_si(out + i, (slong) w[i], s);
}

static void
dmodel_rand(dmodel *m, flint_rand_t st)
{
    fmpq row[NG];
    m->dim = 1 + (int) n_randint(st, 3);
    for (int i = 0; i < NX; i++) {
        int dup;
        do {                            /* distinct points: the MAP of a point is its ball's mass below delta = 1 */
            for (int c = 0; c < 3; c++)
                m->pt[i][c] = c < m->dim ? (int) n_randint(st, 7) - 3 : 0;
            dup = 0;
            for (int k = 0; k < i; k++)
                dup |= sqdist(m, i, k) == 0;
        } while (dup);
    }
    for (int j = 0; j < NG; j++)
        fmpq_init(row + j);
    {
        fmpq pxv[NX];
        for (int i = 0; i < NX; i++)
            fmpq_init(pxv + i);
        rand_law(pxv, NX, st, 0);
        for (int i = 0; i < NX; i++) {
            fmpq_set(m->px[i], pxv + i);
            fmpq_clear(pxv + i);
        }
    }
    for (int i = 0; i < NX; i++) {
        rand_law(row, NG, st, 1);
        for (int j = 0; j < NG; j++)
            fmpq_set(m->pgx[i][j], row + j);
    }
    for (int j = 0; j < NG; j++)
        fmpq_clear(row + j);
    fmpq_set_si(m->delta2, 1 + (slong) n_randint(st, 40), 1 + n_randint(st, 4));
}

/* 1 if |x_a - x_b| > delta (exact: squared distance against delta^2); exact = 1: the loss 1_{x != x'} */
static int
loss(const dmodel *m, int a, int b, int exact)
{
    fmpq_t d;
    int r;
    if (exact)
        return sqdist(m, a, b) != 0;
    fmpq_init(d);
    fmpq_set_si(d, sqdist(m, a, b), 1);
    r = fmpq_cmp(d, m->delta2) > 0;
    fmpq_clear(d);
    return r;
}

/* R(f) three ways: E_x E_{g|x} L (the definition), E_g E_{x|g} L, and
 * 1 - E_g sum_{x in B(f(g), delta)} p(x|g) (the identity's last line) */
static void
risks(fmpq_t r1, fmpq_t r2, fmpq_t r3, const dmodel *m, const int *f, int exact)
{
    fmpq_t t, pg, post;
    fmpq_init(t); fmpq_init(pg); fmpq_init(post);
    fmpq_zero(r1);
    for (int i = 0; i < NX; i++)
        for (int j = 0; j < NG; j++)
            if (loss(m, i, f[j], exact)) {
                fmpq_mul(t, m->px[i], m->pgx[i][j]);
                fmpq_add(r1, r1, t);
            }
    fmpq_zero(r2);
    fmpq_one(r3);
    for (int j = 0; j < NG; j++) {
        fmpq_zero(pg);
        for (int i = 0; i < NX; i++)
            fmpq_addmul(pg, m->px[i], m->pgx[i][j]);
        if (fmpq_is_zero(pg))
            continue;
        for (int i = 0; i < NX; i++) {
            fmpq_mul(post, m->pgx[i][j], m->px[i]);
            fmpq_div(post, post, pg);                  /* p(x|g), Bayes' rule */
            fmpq_mul(t, pg, post);
            if (loss(m, i, f[j], exact))
                fmpq_add(r2, r2, t);
            else
                fmpq_sub(r3, r3, t);
        }
    }
    fmpq_clear(t); fmpq_clear(pg); fmpq_clear(post);
}

/* the ball's mass around candidate c for gradient j: posterior (norm = 1) or
 * p(g|x) p(x) (norm = 0) */
static void
ball_mass(fmpq_t r, const dmodel *m, int c, int j, int posterior)
{
    fmpq_t t, pg;
    fmpq_init(t); fmpq_init(pg);
    fmpq_zero(r);
    fmpq_zero(pg);
    for (int i = 0; i < NX; i++) {
        fmpq_mul(t, m->px[i], m->pgx[i][j]);
        fmpq_add(pg, pg, t);
        if (!loss(m, i, c, 0))
            fmpq_add(r, r, t);
    }
    if (posterior && !fmpq_is_zero(pg))
        fmpq_div(r, r, pg);
    fmpq_clear(t); fmpq_clear(pg);
}

static void
print_dmodel(const dmodel *m)
{
    printf("# dim=%d delta^2=", m->dim);
    fmpq_print(m->delta2);
    printf("\n");
    for (int i = 0; i < NX; i++) {
        printf("# x%d=(%d,%d,%d) p=", i, m->pt[i][0], m->pt[i][1], m->pt[i][2]);
        fmpq_print(m->px[i]);
        printf(" p(g|x)=");
        for (int j = 0; j < NG; j++) {
            fmpq_print(m->pgx[i][j]);
            printf(" ");
        }
        printf("\n");
    }
}

static void
test_discrete(flint_rand_t st)
{
    long n = test_iterations(60), bad_def = 0, bad_id = 0, bad_opt = 0, bad_bayes = 0, bad_exact = 0;
    long differ = 0, map_small = 0, bad_map = 0;
    dmodel m;
    fmpq_t r1, r2, r3, best, a, b;
    dmodel_init(&m);
    fmpq_init(r1); fmpq_init(r2); fmpq_init(r3); fmpq_init(best); fmpq_init(a); fmpq_init(b);
    for (long it = 0; it < n; it++) {
        int f[NG], fstar[NG], total = 1;
        dmodel_rand(&m, st);
        /* f*(g) = argmax_c mass of B(c, delta) under p(x|g) (first maximiser) */
        for (int j = 0; j < NG; j++) {
            int arg_post = 0, arg_joint = 0;
            for (int c = 1; c < NX; c++) {
                ball_mass(a, &m, c, j, 1);
                ball_mass(b, &m, arg_post, j, 1);
                if (fmpq_cmp(a, b) > 0)
                    arg_post = c;
                ball_mass(a, &m, c, j, 0);
                ball_mass(b, &m, arg_joint, j, 0);
                if (fmpq_cmp(a, b) > 0)
                    arg_joint = c;
            }
            fstar[j] = arg_post;
            /* eq. (2): dividing by p(g) changes no argmax (log is monotone: the same order) */
            ball_mass(a, &m, arg_post, j, 0);
            ball_mass(b, &m, arg_joint, j, 0);
            lp_mut_fmpq("balunovic/eq2", a);
            if (!fmpq_equal(a, b))
                bad_bayes++;
        }
        /* every adversary f: {g} -> candidates */
        for (int j = 0; j < NG; j++)
            total *= NX;
        fmpq_set_si(best, 2, 1);
        for (int code = 0; code < total; code++) {
            for (int j = 0, c = code; j < NG; j++, c /= NX)
                f[j] = c % NX;
            risks(r1, r2, r3, &m, f, 0);
            lp_mut_fmpq("balunovic/sec4/risk", r2);
            lp_mut_fmpq("balunovic/sec4/risk-identity", r3);
            if (!fmpq_equal(r1, r2) || !fmpq_equal(r1, r3)) {
                bad_def += !fmpq_equal(r1, r2);
                bad_id += !fmpq_equal(r1, r3);
                if (bad_def + bad_id <= 2) {
                    printf("# adversary code %d\n", code);
                    print_dmodel(&m);
                }
            }
            if (fmpq_cmp(r1, best) < 0)
                fmpq_set(best, r1);
        }
        risks(r1, r2, r3, &m, fstar, 0);
        lp_mut_fmpq("balunovic/sec4/bayes-adversary", r1);
        if (!fmpq_equal(r1, best)) {
            bad_opt++;
            print_dmodel(&m);
        }
        /* delta below the smallest distance between distinct points: the delta-loss is the exact loss */
        {
            long dmin = 1000;
            for (int i = 0; i < NX; i++)
                for (int k = 0; k < NX; k++)
                    if (sqdist(&m, i, k) > 0 && sqdist(&m, i, k) < dmin)
                        dmin = sqdist(&m, i, k);
            fmpq_set_si(a, 1, 1);
            fmpq_set(b, m.delta2);
            for (int j = 0, c = it; j < NG; j++, c /= NX)
                f[j] = c % NX;
            risks(r1, r2, r3, &m, f, 1);            /* exact loss */
            risks(a, r2, r3, &m, f, 0);             /* delta loss at the model's delta */
            if (!fmpq_equal(a, r1))
                differ++;
            fmpq_set_si(m.delta2, 2 * dmin - 1, 2 * dmin + 2);   /* delta^2 < 1 <= dmin */
            risks(a, r2, r3, &m, f, 0);
            lp_mut_fmpq("balunovic/sec4/delta-to-exact", a);
            if (!fmpq_equal(a, r1)) {
                bad_exact++;
                print_dmodel(&m);
            }
            /* and there the Bayes adversary is the MAP argmax p(x|g) (ties: some maximiser) */
            for (int j = 0; j < NG; j++) {
                int arg = 0, map = 0;
                for (int c = 1; c < NX; c++) {
                    ball_mass(r2, &m, c, j, 1);
                    ball_mass(r3, &m, arg, j, 1);
                    if (fmpq_cmp(r2, r3) > 0)
                        arg = c;
                    fmpq_mul(r2, m.px[c], m.pgx[c][j]);
                    fmpq_mul(r3, m.px[map], m.pgx[map][j]);
                    if (fmpq_cmp(r2, r3) > 0)
                        map = c;
                }
                /* duplicate points add their mass: compare the values, not the indices */
                ball_mass(r2, &m, arg, j, 1);
                ball_mass(r3, &m, map, j, 1);
                lp_mut_fmpq("balunovic/sec4/map-limit", r3);
                bad_map += !fmpq_equal(r2, r3);
                map_small++;
            }
            fmpq_set(m.delta2, b);
        }
    }
    tap_ok(bad_def == 0, "[balunovic/sec4/risk] R(f) = E_x E_{g|x} L = E_g E_{x|g} L exactly on %ld random discrete "
           "models (5 inputs in Z^1..3, 4 gradients, every one of the 625 adversaries): %ld disagree", n, bad_def);
    tap_ok(bad_id == 0, "[balunovic/sec4/risk-identity] R(f) = 1 - E_g int_{B(f(g), delta)} p(x|g) dx exactly for "
           "every adversary of %ld random models (%ld disagree)", n, bad_id);
    tap_ok(bad_opt == 0, "[balunovic/sec4/bayes-adversary] f(g) = argmax_x0 int_B(x0, delta) p(x|g) attains the least "
           "risk over all 625 adversaries in %ld of %ld random models", n - bad_opt, n);
    tap_ok(bad_bayes == 0, "[balunovic/eq2] argmax of the ball's posterior mass = argmax of int_B p(g|x) p(x) (p(g) "
           "dropped; the log changes no order): %ld disagreements in %ld x %d gradients", bad_bayes, n, NG);
    tap_ok(bad_exact == 0 && differ > 0, "[balunovic/sec4/delta-to-exact] with delta below the least distance between "
           "inputs the delta-loss risk equals the exact-loss risk (%ld of %ld models disagree); at the random "
           "delta they differ in %ld", bad_exact, n, differ);
    tap_ok(bad_map == 0, "[balunovic/sec4/map-limit] discrete models, delta below the least distance: the Bayes "
           "adversary's ball mass equals the MAP's, max_x p(x|g), in %ld of %ld cases", map_small - bad_map, map_small);
    dmodel_clear(&m);
    fmpq_clear(r1); fmpq_clear(r2); fmpq_clear(r3); fmpq_clear(best); fmpq_clear(a); fmpq_clear(b);
}

/* ---- the delta -> 0 limit on a continuous posterior ------------------------------- */

/* a two-component Gaussian mixture density p and its derivatives p', p'', p''' at x (arb) */
typedef struct { double w, m1, s1, m2, s2; } mix;

static void
mix_deriv(arb_t r, const mix *q, const arb_t x, int order, slong prec)
{
    arb_t z, phi, poly, t, acc;
    double w[2] = { q->w, 1 - q->w }, m[2] = { q->m1, q->m2 }, s[2] = { q->s1, q->s2 };
    arb_init(z); arb_init(phi); arb_init(poly); arb_init(t); arb_init(acc);
    arb_zero(acc);
    for (int c = 0; c < 2; c++) {
        arb_set_d(t, m[c]);
        arb_sub(z, x, t, prec);
        arb_set_d(t, s[c]);
        arb_div(z, z, t, prec);
        arb_sqr(phi, z, prec);
        arb_mul_2exp_si(phi, phi, -1);
        arb_neg(phi, phi);
        arb_exp(phi, phi, prec);
        arb_const_sqrt_pi(t, prec);
        arb_mul_2exp_si(t, t, 0);
        arb_div(phi, phi, t, prec);
        arb_sqrt_ui(t, 2, prec);
        arb_div(phi, phi, t, prec);              /* phi(z) */
        /* phi^(n)(z) = He-polynomial * phi: 1, -z, z^2 - 1, 3z - z^3 */
        switch (order) {
        case 0: arb_one(poly); break;
        case 1: arb_neg(poly, z); break;
        case 2: arb_sqr(poly, z, prec); arb_sub_ui(poly, poly, 1, prec); break;
        default: arb_pow_ui(poly, z, 3, prec); arb_mul_ui(t, z, 3, prec); arb_sub(poly, t, poly, prec); break;
        }
        arb_mul(poly, poly, phi, prec);
        arb_set_d(t, s[c]);
        arb_pow_ui(t, t, order + 1, prec);
        arb_div(poly, poly, t, prec);
        arb_set_d(t, w[c]);
        arb_addmul(acc, poly, t, prec);
    }
    arb_set(r, acc);
    arb_clear(z); arb_clear(phi); arb_clear(poly); arb_clear(t); arb_clear(acc);
}

static double
mix_d(const mix *q, double x, int order)
{
    arb_t a, r;
    double v;
    arb_init(a); arb_init(r);
    arb_set_d(a, x);
    mix_deriv(r, q, a, order, 64);
    v = arf_get_d(arb_midref(r), ARF_RND_NEAR);
    arb_clear(a); arb_clear(r);
    return v;
}

/* h(c) = p(c + delta) - p(c - delta) (delta > 0), or p'(c) (delta = 0): its
 * value in arb at the double c */
static void
h_arb(arb_t r, const mix *q, double c, double delta, slong prec)
{
    arb_t x, y;
    arb_init(x); arb_init(y);
    if (delta == 0) {
        arb_set_d(x, c);
        mix_deriv(r, q, x, 1, prec);
    } else {
        arb_set_d(x, c);
        arb_set_d(y, delta);
        arb_add(x, x, y, prec);
        mix_deriv(r, q, x, 0, prec);
        arb_set_d(x, c);
        arb_sub(x, x, y, prec);
        mix_deriv(y, q, x, 0, prec);
        arb_sub(r, r, y, prec);
    }
    arb_clear(x); arb_clear(y);
}

/* the maximiser of the ball mass F(c + delta) - F(c - delta) (delta = 0: of p):
 * a grid scan picks the basin (doubles: a heuristic, not a bound), bisection on
 * h, and a certified sign change h(lo) > 0 > h(hi); returns 1 when certified */
static int
maximiser(double *lo, double *hi, const mix *q, double delta)
{
    double best = -1, arg = 0, step = 1e-3;
    arb_t v;
    int ok;
    for (double c = -6; c <= 8; c += step) {
        double m = delta == 0 ? mix_d(q, c, 0)
                              : gsl_cdf_gaussian_P(c + delta - q->m1, q->s1) * q->w
                                    + gsl_cdf_gaussian_P(c + delta - q->m2, q->s2) * (1 - q->w)
                                    - gsl_cdf_gaussian_P(c - delta - q->m1, q->s1) * q->w
                                    - gsl_cdf_gaussian_P(c - delta - q->m2, q->s2) * (1 - q->w);
        if (m > best) {
            best = m;
            arg = c;
        }
    }
    *lo = arg - 2 * step;
    *hi = arg + 2 * step;
    arb_init(v);
    for (int i = 0; i < 60; i++) {
        double mid = 0.5 * (*lo + *hi);
        h_arb(v, q, mid, delta, 128);
        if (arb_is_positive(v))
            *lo = mid;
        else if (arb_is_negative(v))
            *hi = mid;
        else
            break;
    }
    h_arb(v, q, *lo, delta, 128);
    ok = arb_is_positive(v);
    h_arb(v, q, *hi, delta, 128);
    ok &= arb_is_negative(v);
    arb_clear(v);
    return ok;
}

static void
test_map_limit(flint_rand_t st)
{
    static const double deltas[] = { 0.4, 0.1, 0.025, 0.00625 };
    long n = test_iterations(6), bad = 0;
    double worst_ratio = 0, example[4] = { 0 };
    for (long it = 0; it < n; it++) {
        mix q = { 0.55 + 0.35 * n_randint(st, 1000) / 1000.0, 0, 0.6 + 0.8 * n_randint(st, 1000) / 1000.0,
                  1.2 + 1.5 * n_randint(st, 1000) / 1000.0, 0.4 + 0.8 * n_randint(st, 1000) / 1000.0 };
        double mlo, mhi, map, kappa, dist[4], ratio;
        int ok = maximiser(&mlo, &mhi, &q, 0);
        map = 0.5 * (mlo + mhi);
        kappa = lp_mut("balunovic/sec4/map-limit", -mix_d(&q, map, 3) / (6 * mix_d(&q, map, 2)));
                                                                    /* c_delta - MAP ~ kappa delta^2 */
        for (int k = 0; k < 4; k++) {
            double lo, hi;
            ok &= maximiser(&lo, &hi, &q, deltas[k]);
            dist[k] = 0.5 * (lo + hi) - map;
            ok &= hi - lo < 1e-12 && mhi - mlo < 1e-12;
        }
        /* distances shrink, and like kappa delta^2 */
        for (int k = 1; k < 4; k++)
            ok &= fabs(dist[k]) < fabs(dist[k - 1]) || fabs(dist[k]) < 1e-11;
        ratio = dist[3] / (kappa * deltas[3] * deltas[3]);
        ok &= fabs(ratio - 1) < 0.01 || fabs(kappa) < 1e-6;
        worst_ratio = fmax(worst_ratio, fabs(ratio - 1));
        if (it == 0)
            for (int k = 0; k < 4; k++)
                example[k] = dist[k];
        if (!ok) {
            bad++;
            printf("# mixture w=%.17g m1=%.17g s1=%.17g m2=%.17g s2=%.17g: MAP %.15g, offsets %.3g %.3g %.3g %.3g, "
                   "kappa %.6g\n", q.w, q.m1, q.s1, q.m2, q.s2, map, dist[0], dist[1], dist[2], dist[3], kappa);
        }
    }
    tap_ok(bad == 0, "[balunovic/sec4/map-limit] random two-Gaussian posteriors (%ld): the delta-ball maximiser "
           "(certified sign changes of p(c+delta) - p(c-delta)) tends to the MAP as delta = 0.4 .. 0.00625, like "
           "-p'''/(6p'') delta^2 (worst relative deviation %.2g at delta = 0.00625); first model's offsets "
           "%.3g, %.3g, %.3g, %.3g", n, worst_ratio, example[0], example[1], example[2], example[3]);
}

/* ---- the Jensen step and eq. (3) -------------------------------------------------- */

/* P(chi^2_d <= x): d = 1 by erf, d even by the finite Poisson sum; NULL for odd d > 1 */
static int
chi2_cdf(arb_t res, ulong d, const arb_t x, slong prec)
{
    arb_t z, t, s;
    if (d > 1 && d % 2)
        return 0;
    arb_init(z); arb_init(t); arb_init(s);
    arb_mul_2exp_si(z, x, -1);
    if (d == 1) {
        arb_sqrt(t, z, prec);
        arb_hypgeom_erf(res, t, prec);
    } else {
        arb_one(t);
        arb_one(s);
        for (ulong j = 1; j < d / 2; j++) {
            arb_mul(t, t, z, prec);
            arb_div_ui(t, t, j, prec);
            arb_add(s, s, t, prec);
        }
        arb_neg(t, z);
        arb_exp(t, t, prec);
        arb_mul(s, s, t, prec);
        arb_sub_ui(res, s, 1, prec);
        arb_neg(res, res);
    }
    arb_clear(z); arb_clear(t); arb_clear(s);
    return 1;
}

/* log vol(B_delta) in R^d = (d/2) log pi + d log delta - lgamma(d/2 + 1) */
static void
log_vol(arb_t r, ulong d, const arb_t delta, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_const_pi(r, prec);
    arb_log(r, r, prec);
    arb_mul_ui(r, r, d, prec);
    arb_mul_2exp_si(r, r, -1);
    arb_log(t, delta, prec);
    arb_addmul_ui(r, t, d, prec);
    arb_set_ui(t, d + 2);
    arb_mul_2exp_si(t, t, -1);
    arb_lgamma(t, t, prec);
    arb_sub(r, r, t, prec);
    arb_clear(t);
}

/* The linear-Gaussian model x ~ N(0, v I), g = a x + N(0, s^2 I), |g| given:
 * q(x) = log p(g|x) + log p(x) = K - alpha |x - mu|^2; the ball at mu.
 * lhs(C) = log C + K + (d/2) log(pi/alpha) + log P(chi^2_d <= 2 alpha delta^2),
 * rhs(C) = C vol(B) (K - alpha d delta^2/(d + 2)).  Sets both for C = 1/delta^d
 * (printed) and C = 1/vol(B), and K, alpha. */
static void
jensen_sides(arb_t lp, arb_t rp, arb_t lv, arb_t rv, arb_t K, arb_t alpha, ulong d, const arb_t v, const arb_t a,
             const arb_t s, const arb_t delta, const arb_t gn, slong prec)
{
    arb_t t, u, mu2, lvol, logint, mean;
    arb_init(t); arb_init(u); arb_init(mu2); arb_init(lvol); arb_init(logint); arb_init(mean);
    arb_div(t, a, s, prec);
    arb_sqr(t, t, prec);
    arb_inv(u, v, prec);
    arb_add(alpha, t, u, prec);
    arb_mul_2exp_si(alpha, alpha, -1);
    /* |mu| = a |g| / (2 alpha s^2) */
    arb_mul(mu2, a, gn, prec);
    arb_div(mu2, mu2, alpha, prec);
    arb_sqr(t, s, prec);
    arb_div(mu2, mu2, t, prec);
    arb_mul_2exp_si(mu2, mu2, -1);
    arb_sqr(mu2, mu2, prec);
    /* K = -(d/2) log(4 pi^2 s^2 v) - |g|^2/(2 s^2) + alpha |mu|^2 */
    arb_const_pi(t, prec);
    arb_sqr(t, t, prec);
    arb_mul_2exp_si(t, t, 2);
    arb_sqr(u, s, prec);
    arb_mul(t, t, u, prec);
    arb_mul(t, t, v, prec);
    arb_log(t, t, prec);
    arb_mul_ui(K, t, d, prec);
    arb_mul_2exp_si(K, K, -1);
    arb_neg(K, K);
    arb_div(t, gn, s, prec);
    arb_sqr(t, t, prec);
    arb_mul_2exp_si(t, t, -1);
    arb_sub(K, K, t, prec);
    arb_addmul(K, alpha, mu2, prec);
    /* log int_B e^q */
    arb_sqr(t, delta, prec);
    arb_mul(t, t, alpha, prec);
    arb_mul_2exp_si(t, t, 1);
    chi2_cdf(logint, d, t, prec);
    arb_log(logint, logint, prec);
    arb_const_pi(t, prec);
    arb_div(t, t, alpha, prec);
    arb_log(t, t, prec);
    arb_mul_ui(t, t, d, prec);
    arb_mul_2exp_si(t, t, -1);
    arb_add(logint, logint, t, prec);
    arb_add(logint, logint, K, prec);
    /* mean of q over the ball */
    arb_sqr(t, delta, prec);
    arb_mul_ui(t, t, d, prec);
    arb_div_ui(t, t, d + 2, prec);
    arb_mul(t, t, alpha, prec);
    arb_sub(mean, K, t, prec);
    log_vol(lvol, d, delta, prec);
    /* C = 1/vol */
    arb_sub(lv, logint, lvol, prec);
    arb_set(rv, mean);
    /* C = 1/delta^d: log C = -d log delta; C vol = exp(lvol - d log delta) */
    arb_log(t, delta, prec);
    arb_mul_ui(t, t, d, prec);
    arb_sub(lp, logint, t, prec);
    arb_sub(u, lvol, t, prec);
    arb_exp(u, u, prec);
    arb_mul(rp, u, mean, prec);
    arb_clear(t); arb_clear(u); arb_clear(mu2); arb_clear(lvol); arb_clear(logint); arb_clear(mean);
}

static void
rand_range(arb_t x, flint_rand_t st, double lo, double hi)
{
    arb_set_d(x, lo + (hi - lo) * (double) n_randint(st, 1 << 20) / (1 << 20));
}

static void
test_jensen(flint_rand_t st)
{
    long n = test_iterations(300), vol_holds = 0, vol_undecided = 0, printed_holds = 0, printed_fails = 0;
    double ex[6] = { 0 };
    ulong ex_d = 0;
    arb_t v, a, s, delta, gn, lp, rp, lv, rv, K, alpha, t;
    arb_init(v); arb_init(a); arb_init(s); arb_init(delta); arb_init(gn); arb_init(lp); arb_init(rp);
    arb_init(lv); arb_init(rv); arb_init(K); arb_init(alpha); arb_init(t);
    for (long it = 0; it < n; it++) {
        ulong d = n_randint(st, 2) ? 1 : 2 * (1 + n_randint(st, 25));
        slong prec = 64 + n_randint(st, 400);
        rand_range(v, st, 0.1, 4);
        rand_range(a, st, 0.1, 3);
        rand_range(s, st, 0.05, 1);
        rand_range(delta, st, 0.05, 2);
        rand_range(gn, st, 0, 3);
        jensen_sides(lp, rp, lv, rv, K, alpha, d, v, a, s, delta, gn, prec);
        lp_mut_arb_lower("balunovic/sec4/jensen", rv, prec);          /* Jensen's lower side */
        lp_mut_arb("balunovic/sec4/jensen", rp, prec);
        arb_sub(t, lv, rv, prec);
        if (arb_is_nonnegative(t))
            vol_holds++;
        else if (arb_contains_zero(t))
            vol_undecided++;
        else {
            printf("# Jensen with 1/vol fails: d=%lu prec=%ld v=%.17g a=%.17g s=%.17g delta=%.17g |g|=%.17g\n", d, prec,
                   arf_get_d(arb_midref(v), ARF_RND_NEAR), arf_get_d(arb_midref(a), ARF_RND_NEAR),
                   arf_get_d(arb_midref(s), ARF_RND_NEAR), arf_get_d(arb_midref(delta), ARF_RND_NEAR),
                   arf_get_d(arb_midref(gn), ARF_RND_NEAR));
        }
        arb_sub(t, lp, rp, prec);
        if (arb_is_nonnegative(t))
            printed_holds++;
        else if (arb_is_negative(t)) {
            if (printed_fails++ == 0) {
                ex_d = d;
                ex[0] = arf_get_d(arb_midref(delta), ARF_RND_NEAR);
                ex[1] = arf_get_d(arb_midref(s), ARF_RND_NEAR);
                ex[2] = arf_get_d(arb_midref(a), ARF_RND_NEAR);
                ex[3] = arf_get_d(arb_midref(v), ARF_RND_NEAR);
                ex[4] = arf_get_d(arb_midref(lp), ARF_RND_NEAR);
                ex[5] = arf_get_d(arb_midref(rp), ARF_RND_NEAR);
            }
        }
    }
    tap_ok(vol_holds + vol_undecided == n && vol_holds >= n * 9 / 10,
           "[balunovic/sec4/jensen] with C = 1/vol(B) the step log(C int_B p) >= C int_B log p holds, certified, in "
           "%ld of %ld random linear-Gaussian models (d = 1 or even up to 50; %ld too close to call)", vol_holds, n,
           vol_undecided);
    tap_todo(printed_fails == 0,
             "[balunovic/sec4/jensen] with the printed C = 1/delta^d it fails, certified, in %ld of %ld random models "
             "(holds in %ld); e.g. d=%lu delta=%.4g s=%.4g a=%.4g v=%.4g: lhs %.6g < rhs %.6g",
             printed_fails, n, printed_holds, ex_d, ex[0], ex[1], ex[2], ex[3], ex[4], ex[5]);
    arb_clear(v); arb_clear(a); arb_clear(s); arb_clear(delta); arb_clear(gn); arb_clear(lp); arb_clear(rp);
    arb_clear(lv); arb_clear(rv); arb_clear(K); arb_clear(alpha); arb_clear(t);
}

/* C = 1/delta^d "is a normalization constant": the uniform law on B has
 * density 1/vol(B) = C Gamma(d/2 + 1) / pi^(d/2) */
static void
test_constant(void)
{
    arb_t one, lv, f;
    int never_one = 1;
    double f1 = 0, f20 = 0, fmax = 0;
    ulong dmax = 0;
    arb_init(one); arb_init(lv); arb_init(f);
    arb_one(one);
    for (ulong d = 1; d <= 100; d++) {
        log_vol(lv, d, one, 128);
        arb_exp(f, lv, 128);                 /* vol(B_1) = vol(B_delta) / delta^d */
        lp_mut_arb("balunovic/sec4/jensen-constant", f, 128);
        never_one &= !arb_contains_si(f, 1);
        if (d == 1)
            f1 = arf_get_d(arb_midref(f), ARF_RND_NEAR);
        if (d == 20)
            f20 = arf_get_d(arb_midref(f), ARF_RND_NEAR);
        if (arf_get_d(arb_midref(f), ARF_RND_NEAR) > fmax) {
            fmax = arf_get_d(arb_midref(f), ARF_RND_NEAR);
            dmax = d;
        }
    }
    tap_todo(!never_one,
             "[balunovic/sec4/jensen-constant] C = 1/delta^d is not the uniform law's normaliser on B(x0, delta): "
             "vol(B)/delta^d = pi^(d/2)/Gamma(d/2+1) is certified != 1 for d = 1..100 (%.6g at d = 1, largest %.6g at "
             "d = %lu, %.6g at d = 20)", f1, fmax, dmax, f20);
    arb_clear(one); arb_clear(lv); arb_clear(f);
}

/* eq. (3): (1/k) sum q(x_i), x_i uniform in B(mu, delta), estimates the ball
 * average (1/vol) int_B q, i.e. the right side with C = 1/vol(B), not the
 * printed C int_B q.  q(x) = K - alpha |x - mu|^2, |x - mu|^2 = delta^2 U^(2/d). */
static void
test_eq3(void)
{
    const ulong d = 20;
    const long reps = 20000;
    arb_t v, a, s, delta, gn, lp, rp, lv, rv, K, alpha;
    double k_d, al, dl, sum = 0, sum2 = 0, mean, se;
    gsl_rng *r = lp_adversary_rng(30, 0);
    arb_init(v); arb_init(a); arb_init(s); arb_init(delta); arb_init(gn); arb_init(lp); arb_init(rp);
    arb_init(lv); arb_init(rv); arb_init(K); arb_init(alpha);
    arb_one(v); arb_one(a); arb_set_d(s, 0.1); arb_set_d(delta, 0.5); arb_one(gn);
    jensen_sides(lp, rp, lv, rv, K, alpha, d, v, a, s, delta, gn, 128);
    k_d = arf_get_d(arb_midref(K), ARF_RND_NEAR);
    al = arf_get_d(arb_midref(alpha), ARF_RND_NEAR);
    dl = 0.5;
    for (long i = 0; i < reps; i++) {
        /* k = 4 samples: one draw of eq. (3) */
        double obj = 0;
        for (int j = 0; j < 4; j++) {
            /* a uniform point of the ball: Gaussian direction, radius delta U^(1/d) */
            double nrm = 0, z[20], rad = dl * pow(gsl_rng_uniform_pos(r), 1.0 / d), r2 = 0;
            for (ulong c = 0; c < d; c++) {
                z[c] = gsl_ran_gaussian_ziggurat(r, 1);
                nrm += z[c] * z[c];
            }
            for (ulong c = 0; c < d; c++) {
                double x = rad * z[c] / sqrt(nrm);
                r2 += x * x;
            }
            obj += k_d - al * r2;
        }
        obj /= 4;
        sum += obj;
        sum2 += obj * obj;
    }
    mean = sum / reps;
    se = sqrt((sum2 / reps - mean * mean) / (reps - 1));
    lp_mut_arb("balunovic/eq3", rv, 128);
    tap_ok(fabs(mean - arf_get_d(arb_midref(rv), ARF_RND_NEAR)) < TAP_DECIDE_Z * se
           && fabs(mean - arf_get_d(arb_midref(rp), ARF_RND_NEAR)) >= TAP_DECIDE_Z * se,
           "[balunovic/eq3] eq. (3) with k = 4 uniform samples (d=20 delta=0.5 v=1 a=1 s=0.1 |g|=1): mean %.6f +- %.2g "
           "estimates (1/vol) int_B q = %.6f, not the printed C int_B q = %.6f (C = 1/delta^d)", mean, se,
           arf_get_d(arb_midref(rv), ARF_RND_NEAR), arf_get_d(arb_midref(rp), ARF_RND_NEAR));
    gsl_rng_free(r);
    arb_clear(v); arb_clear(a); arb_clear(s); arb_clear(delta); arb_clear(gn); arb_clear(lp); arb_clear(rp);
    arb_clear(lv); arb_clear(rv); arb_clear(K); arb_clear(alpha);
}

/* Algorithm 1 (and A.7's k = 1 update) on q(x) = K - alpha |x - mu|^2: x <- x +
 * eta grad (1/k) sum q(x_i), x_i uniform in B(x, delta); the iterates settle
 * around the posterior mean mu (the MAP), their time average within its error */
static void
test_algorithm1(void)
{
    const int d = 5, steps = 4000, burn = 1000;
    const double alpha = 50.5, eta = 0.002, delta = 0.3, mu[5] = { 0.4, -0.2, 0.1, 0.0, 0.3 };
    gsl_rng *r = lp_adversary_rng(31, 0);
    int ok = 1;
    double worst = 0;
    for (int k = 1; k <= 16; k *= 4) {
        double x[5] = { 2, 2, 2, 2, 2 }, avg[5] = { 0 }, sq[5] = { 0 };
        for (int it = 0; it < steps; it++) {
            double grad[5] = { 0 };
            for (int j = 0; j < k; j++) {
                double z[5], nrm = 0, rad = delta * pow(gsl_rng_uniform_pos(r), 1.0 / d);
                for (int c = 0; c < d; c++) {
                    z[c] = gsl_ran_gaussian_ziggurat(r, 1);
                    nrm += z[c] * z[c];
                }
                for (int c = 0; c < d; c++)
                    grad[c] += -2 * alpha * (x[c] + rad * z[c] / sqrt(nrm) - mu[c]) / k;
            }
            for (int c = 0; c < d; c++) {
                x[c] += eta * grad[c];
                if (it >= burn) {
                    avg[c] += x[c];
                    sq[c] += x[c] * x[c];
                }
            }
        }
        for (int c = 0; c < d; c++) {
            double m = avg[c] / (steps - burn), var = sq[c] / (steps - burn) - m * m;
            /* iterates are correlated over ~1/(2 alpha eta) = 5 steps: inflate the error by sqrt(10) */
            double se = sqrt(fmax(var, 0) / (steps - burn) * 10);
            double claim = lp_mut("balunovic/alg1 balunovic/A.7/update", mu[c]);
            worst = fmax(worst, fabs(m - claim));
            ok &= fabs(m - claim) < TAP_DECIDE_Z * se + 1e-9;
        }
    }
    gsl_rng_free(r);
    tap_ok(ok, "[balunovic/alg1] [balunovic/A.7/update] Algorithm 1's step with k = 1, 4, 16 uniform samples of B(x, "
           "0.3) on a quadratic log p(g|x) + log p(x) (d = 5): the iterates' average after burn-in is the maximiser "
           "mu (largest offset %.3g, within 5 standard errors)", worst);
}

int
main(void)
{
    flint_rand_t st;
    test_rand_init(st);
    test_discrete(st);
    test_map_limit(st);
    test_jensen(st);
    test_constant();
    test_eq3();
    test_algorithm1();
    flint_randclear(st);
    flint_cleanup();
    return tap_done();
}
