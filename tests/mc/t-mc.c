/* t-mc.c -- the Monte Carlo arbiter and the discrete arbiter: reproducibility,
 * elementary cases that need no theorem, the sup check, the VMF normaliser, and
 * the finite-channel identities of Section II-B. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_rng.h>
#include "tap.h"
#include "helpers.h"
#include "mutant.h"
#include "mc/mc.h"

static lp_mc_result
run(const lp_mechanism *m, uint64_t samples, uint64_t seed, int threads)
{
    lp_mc_options opt = { 0 };
    lp_mc_result res;
    opt.samples = samples;
    opt.seed = seed;
    opt.threads = threads;
    opt.sup_checks = 200;
    lp_mc_estimate(&res, m, &opt);
    return res;
}

static void
test_reproducible(void)
{
    lp_mechanism m;
    lp_mc_result a, b, c;
    lp_mechanism_gauss(&m, 5, 0.7, 2.0);
    a = run(&m, 100003, 42, 1);
    b = run(&m, 100003, 42, 2);
    c = run(&m, 100003, 43, 2);
    tap_ok(memcmp(&a.estimate, &b.estimate, sizeof a.estimate) == 0
           && memcmp(&a.std_error, &b.std_error, sizeof a.std_error) == 0
           && memcmp(&a.sup_gap, &b.sup_gap, sizeof a.sup_gap) == 0,
           "same seed, 1 and 2 threads: bit-identical (%.17g, %.17g)", a.estimate, b.estimate);
    tap_ok(a.estimate != c.estimate, "another seed, another estimate (%.17g vs %.17g)",
           a.estimate, c.estimate);
}

/* p = 1: int sup_{|x|<=R} N(y; x, s^2) dy = 2R/(s sqrt(2 pi)) + 1, elementary */
static void
test_elementary_gauss(void)
{
    static const double cases[][2] = { { 1, 1 }, { 0.2, 3 }, { 5, 0.5 } };
    for (size_t i = 0; i < 3; i++) {
        lp_mechanism m;
        lp_mc_result r;
        double s = cases[i][0], R = cases[i][1],
               exact = lp_mut("biswas/B.2/derived", 1 + 2 * R / (s * sqrt(2 * M_PI)));
        lp_mechanism_gauss(&m, 1, s, R);
        r = run(&m, 400000, 7 + i, 0);
        tap_ok(fabs(r.estimate - exact) <= 5 * r.std_error,
               "[biswas/B.2/derived] "
               "mc gauss p=1 sigma=%g R=%g: %.6f +- %.2g vs 1 + 2R/(sigma sqrt(2 pi)) = %.6f",
               s, R, r.estimate, r.std_error, exact);
        tap_ok(r.sup_checked > 0 && r.sup_gap <= 1e-9,
               "[biswas/B.2/sup-inside] [biswas/B.2/sup-outside] "
               "mc gauss p=1 sigma=%g R=%g: nearest point of the ball is the maximiser (gap %.2g)",
               s, R, r.sup_gap);
    }
    for (int p = 1; p <= 8; p += 7) {           /* R = 0: one input, capacity 1 */
        lp_mechanism m;
        lp_mc_result r;
        lp_mechanism_gauss(&m, p, 0.5, 0.0);
        r = run(&m, 200000, 11, 0);
        tap_ok(fabs(r.estimate - lp_mut("biswas/B.2/derived", 1)) <= 5 * r.std_error && r.ess > 1000,
               "[biswas/B.2/derived] "
               "mc gauss p=%d R=0: %.6f +- %.2g vs 1 (ESS %.3g)", p, r.estimate, r.std_error, r.ess);
    }
}

/* The normaliser C_{p,kappa}: quadrature against Arb's Bessel route and
 * against its own Monte Carlo estimate; the capacity estimate and sup check. */
static void
test_vmf(void)
{
    static const int ps[] = { 1, 2, 3, 5, 8 };
    static const char *const ks[] = { "0.1", "1", "10", "50" };
    for (size_t i = 0; i < 5; i++)
        for (size_t j = 0; j < 4; j++) {
            lp_mechanism m;
            lp_mc_result r;
            arb_t c, t, nu, k;
            double arb_log_c, z;
            int p = ps[i];
            arb_init(c); arb_init(t); arb_init(nu); arb_init(k);
            lp_mechanism_vmf(&m, p, strtod(ks[j], NULL));
            r = run(&m, 100000, 5 + i * 4 + j, 0);
            /* log C = (p/2) log 2pi + log I_nu(k) - nu log k */
            lp_decimal_arb(k, ks[j], 128);
            arb_set_si(nu, p - 2);
            arb_mul_2exp_si(nu, nu, -1);
            arb_hypgeom_bessel_i(c, nu, k, 128);
            arb_log(c, c, 128);
            arb_log(t, k, 128);
            arb_submul(c, nu, t, 128);
            arb_const_pi(t, 128);
            arb_mul_2exp_si(t, t, 1);
            arb_log(t, t, 128);
            arb_mul_ui(t, t, p, 128);
            arb_mul_2exp_si(t, t, -1);
            arb_add(c, c, t, 128);
            arb_log_c = lp_mut_log("biswas/eq5/normaliser", arf_get_d(arb_midref(c), ARF_RND_NEAR));
            tap_ok(fabs(m.log_norm - arb_log_c) <= 1e-12 * (1 + fabs(arb_log_c)),
                   "[biswas/eq5/normaliser] "
                   "vmf p=%d kappa=%s: log C by quadrature %.15g vs Arb's Bessel route %.15g",
                   p, ks[j], m.log_norm, arb_log_c);
            z = (r.log_norm_mc - lp_mut_log("biswas/eq5 biswas/eq5/normaliser", r.log_norm_quad))
                / hypot(r.log_norm_mc_se, r.log_norm_quad_err);
            tap_ok(fabs(z) <= 5 && r.log_norm_mc_se > 0,
                   "[biswas/eq5] [biswas/eq5/normaliser] "
                   "vmf p=%d kappa=%s: log C by Monte Carlo %.10g +- %.2g within 5 se of quadrature (z = %.2f)",
                   p, ks[j], r.log_norm_mc, r.log_norm_mc_se, z);
            tap_ok(r.sup_gap <= 1e-9, "[biswas/B.3/max-at-mean] [biswas/B.3/sup] [biswas/eq5] "
                                      "vmf p=%d kappa=%s: x = y is the maximiser (gap %.2g)",
                   p, ks[j], r.sup_gap);
            arb_clear(c); arb_clear(t); arb_clear(nu); arb_clear(k);
        }
}

static void
random_channel(lp_channel *c, int nx, int ny, gsl_rng *r)
{
    c->nx = nx;
    c->ny = ny;
    c->m = malloc(sizeof(double) * nx * ny);
    for (int x = 0; x < nx; x++) {
        double s = 0;
        for (int y = 0; y < ny; y++)
            s += c->m[x * ny + y] = gsl_rng_uniform(r) * (gsl_rng_uniform(r) < 0.3 ? 0 : 1);
        if (s == 0)
            s += c->m[x * ny] = 1;
        for (int y = 0; y < ny; y++)
            c->m[x * ny + y] /= s;
    }
}

static void
test_discrete(void)
{
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    int worst_ok = 1, eq_ok = 1, lemma_ok = 1, sub_ok = 1, order_ok = 1, orders = 0;
    double max_ratio = 0;
    gsl_rng_set(r, 2024);
    for (int trial = 0; trial < 300; trial++) {
        int nx = 2 + (int) gsl_rng_uniform_int(r, 6), ny = 2 + (int) gsl_rng_uniform_int(r, 7);
        int nw = 1 + (int) gsl_rng_uniform_int(r, 5);
        lp_channel c, cd;
        double prior[8], g[5 * 8], uni[8], id[8 * 8], s = 0, cap, leak;
        int map[12];
        random_channel(&c, nx, ny, r);
        for (int x = 0; x < nx; x++)
            s += prior[x] = gsl_rng_uniform_pos(r);
        for (int x = 0; x < nx; x++) {
            prior[x] /= s;
            uni[x] = 1.0 / nx;
        }
        for (int i = 0; i < nw * nx; i++)
            g[i] = gsl_rng_uniform(r) * 3;
        for (int w = 0; w < nx; w++)
            for (int x = 0; x < nx; x++)
                id[w * nx + x] = w == x;
        cap = lp_channel_bayes_capacity(&c);
        leak = lp_channel_g_leakage(&c, prior, g, nw);
        max_ratio = fmax(max_ratio, leak / cap);
        worst_ok &= leak <= lp_mut_upper("biswas/sec-III/any-adversary biswas/sec-II-B/gains", cap) * (1 + 1e-12);
        eq_ok &= fabs(lp_channel_g_leakage(&c, uni, id, nx)
                      - lp_mut("biswas/sec-III/tight biswas/abstract/tight biswas/sec-II-C/posterior "
                               "biswas/sec-II-C/leakage biswas/sec-III/summary1 biswas/sec-V/shown", cap))
                 <= 1e-12 * cap;
        /* Lemma II.1: a deterministic channel onto the inputs first */
        for (int i = 0; i < nx + 4; i++)
            map[i] = i < nx ? i : (int) gsl_rng_uniform_int(r, nx);
        for (int i = nx + 3; i > 0; i--) {
            int j = (int) gsl_rng_uniform_int(r, i + 1), t = map[i];
            map[i] = map[j];
            map[j] = t;
        }
        lp_channel_precompose(&cd, map, nx + 4, &c);
        lemma_ok &= fabs(lp_channel_bayes_capacity(&cd)
                         - lp_mut("biswas/lemma-II.1 biswas/lemma-B.1 biswas/B.1/proof biswas/eq2 "
                                  "biswas/sec-IV/decomposes", cap)) <= 1e-12 * cap;
        {   /* Section III's summary, item 2: with C deterministic (onto), C.D is safer than C.D' exactly
               when D is safer than D': a second channel D' on the same inputs, the same C */
            lp_channel d2, cd2;
            double c2;
            random_channel(&d2, nx, 2 + (int) gsl_rng_uniform_int(r, 7), r);
            c2 = lp_channel_bayes_capacity(&d2);
            lp_channel_precompose(&cd2, map, nx + 4, &d2);
            if (fabs(cap - c2) > 1e-9 * cap) {      /* a strict order to compare */
                double before = lp_mut_sign("biswas/sec-III/summary2", cap - c2),
                       after = lp_channel_bayes_capacity(&cd) - lp_channel_bayes_capacity(&cd2);
                order_ok &= (before < 0) == (after < 0);
                orders++;
            }
            free(cd2.m);
            free(d2.m);
        }
        free(cd.m);
        /* onto a subset only: the capacity can only drop (the lemma needs onto) */
        for (int i = 0; i < 3; i++)
            map[i] = (int) gsl_rng_uniform_int(r, nx - 1);
        lp_channel_precompose(&cd, map, 3, &c);
        sub_ok &= lp_channel_bayes_capacity(&cd) <= lp_mut_upper("biswas/sec-II-A/injective", cap) * (1 + 1e-12);
        free(cd.m);
        free(c.m);
    }
    tap_ok(worst_ok, "[biswas/sec-III/any-adversary] [biswas/sec-II-B/gains] "
                     "300 random channels, priors, gains >= 0: L_g(pi, M) <= C_Bayes(M) "
           "(largest ratio %.6f)", max_ratio);
    tap_ok(eq_ok, "[biswas/sec-III/tight] [biswas/abstract/tight] "
                  "[biswas/sec-II-C/posterior] [biswas/sec-II-C/leakage] [biswas/sec-III/summary1] "
                  "[biswas/sec-V/shown] uniform prior and identity gain: L_g = C_Bayes (eq. (1)-(2))");
    tap_ok(lemma_ok, "[biswas/lemma-II.1] [biswas/lemma-B.1] [biswas/B.1/proof] [biswas/eq2] "
                     "[biswas/sec-IV/decomposes] "
                     "Lemma II.1: a deterministic channel onto the inputs first leaves C_Bayes unchanged");
    tap_ok(order_ok && orders > 200, "[biswas/sec-III/summary2] with C deterministic onto the inputs, C_Bayes(C.D) < "
           "C_Bayes(C.D') exactly when C_Bayes(D) < C_Bayes(D'): %d random pairs of channels on the same inputs", orders);
    tap_ok(sub_ok, "[biswas/sec-II-A/injective] [biswas/B.1/proof] "
                   "a deterministic channel onto a subset first can only lower C_Bayes");
    /* Section II-C's vulnerabilities from their definitions, not through the library's leakage:
     * the prior's V_g(v) = max_w sum_x v_x g(w, x) with the identity gain is max_x v_x = 1/|X|
     * (exact, every |X| up to 1000), and the posterior's sum_y max_w sum_x v_x M_xy g(w, x) is
     * (1/|X|) sum_y max_x M_xy, the library's leakage times V_g(v) */
    {
        int prior_ok = 1, post_ok = 1;
        fmpq_t v, best, t, claim;
        fmpq_init(v); fmpq_init(best); fmpq_init(t); fmpq_init(claim);
        for (int nx = 1; nx <= 1000; nx += 1 + nx / 16) {
            long num, den;
            fmpq_set_si(v, 1, (ulong) nx);
            fmpq_zero(best);
            for (int w = 0; w < nx; w++) {             /* sum_x v_x [w = x] */
                fmpq_zero(t);
                for (int x = 0; x < nx; x++)
                    if (x == w)
                        fmpq_add(t, t, v);
                if (fmpq_cmp(t, best) > 0)
                    fmpq_set(best, t);
            }
            lp_mut_ratio("biswas/sec-II-C/prior", LP_MUT_VALUE, &num, &den);
            fmpq_set_si(claim, num, (ulong) (den * nx));     /* the paper's 1/|X^L| */
            prior_ok &= fmpq_equal(best, claim);
        }
        for (int trial = 0; trial < 100; trial++) {
            int nx = 2 + (int) gsl_rng_uniform_int(r, 6), ny = 2 + (int) gsl_rng_uniform_int(r, 7);
            lp_channel c;
            double post = 0, formula = 0, uni[8], id[64];
            random_channel(&c, nx, ny, r);
            for (int y = 0; y < ny; y++) {
                double mw = 0, mx = 0;
                for (int w = 0; w < nx; w++) {
                    double g = 0;
                    for (int x = 0; x < nx; x++)
                        g += c.m[x * ny + y] * (w == x) / nx;
                    mw = fmax(mw, g);
                    mx = fmax(mx, c.m[w * ny + y]);
                }
                post += mw;
                formula += mx;
            }
            formula = lp_mut("biswas/sec-II-C/posterior", formula / nx);
            for (int x = 0; x < nx; x++) {
                uni[x] = 1.0 / nx;
                for (int w = 0; w < nx; w++)
                    id[w * nx + x] = w == x;
            }
            post_ok &= fabs(post - formula) <= 1e-14 && fabs(lp_channel_g_leakage(&c, uni, id, nx) / nx - post) <= 1e-14;
            free(c.m);
        }
        tap_ok(prior_ok, "[biswas/sec-II-C/prior] V_g(v) = max_w sum_x v_x g(w, x) with the uniform prior and the "
               "identity gain is 1/|X| at every |X| of 1 .. 1000 (from the definition, exact)");
        tap_ok(post_ok, "[biswas/sec-II-C/posterior] V_g(v, M) = sum_y max_w sum_x v_x M_xy g(w, x) = (1/|X|) sum_y "
               "max_x M_xy, and the library's leakage times V_g(v): 100 random channels");
        fmpq_clear(v); fmpq_clear(best); fmpq_clear(t); fmpq_clear(claim);
    }
    {
        double idm[9] = { 1, 0, 0, 0, 1, 0, 0, 0, 1 }, flat[6] = { .5, .5, .5, .5, .5, .5 };
        lp_channel i3 = { 3, 3, idm }, f = { 3, 2, flat };
        tap_ok(lp_channel_bayes_capacity(&i3) == 3 && lp_channel_bayes_capacity(&f) == 1,
               "C_Bayes(identity_3) = 3, C_Bayes(no information) = 1");
    }
    gsl_rng_free(r);
}

/* The discretised Gaussian mechanism converges to the continuous capacity the
 * proof derives, and away from the printed value. */
static void
test_discretised_gauss(void)
{
    static const struct { int p; const char *s, *r; } cases[] = { { 1, "1", "1" }, { 1, "0.5", "2" }, { 2, "0.5", "1" } };
    for (size_t i = 0; i < 3; i++) {
        lp_params par = gauss_params(cases[i].p, cases[i].s, cases[i].r);
        lp_result pf, pr;
        double s = par.sigma_d, R = par.radius_d, prev = 0, last = 0, h;
        int mono = 1, rows = 0;
        lp_result_init(&pf);
        lp_result_init(&pr);
        eval_form(&pf, "gauss", "proof", LP_ARB, &par, 15);
        eval_form(&pr, "gauss", "printed", LP_ARB, &par, 15);
        for (h = 0.5 * fmin(s, R); ; h /= 2) {
            double c = lp_gauss_discrete_capacity(cases[i].p, s, R, h, h, 9.0);
            if (c < 0)
                break;
            mono &= c >= prev;
            prev = last = c;
            rows++;
        }
        /* from below (a grid of inputs and finite bins can only lose), to within
         * a hundredth of the printed-proof gap */
        tap_ok(rows >= 3 && mono && last <= lp_mut("biswas/def-III.1 biswas/B.2/derived", mid_d(pf.value)) * (1 + 1e-9)
               && lp_mut("biswas/def-III.1 biswas/B.2/derived", mid_d(pf.value)) - last
                  < 0.01 * (mid_d(pr.value) - mid_d(pf.value)),
               "[biswas/def-III.1] [biswas/B.2/derived] "
               "discretised gauss p=%d sigma=%s R=%s rises over %d grids to %.6f, below the proof's "
               "%.6f and far from the printed %.6f", cases[i].p, cases[i].s, cases[i].r, rows, last,
               mid_d(pf.value), mid_d(pr.value));
        lp_result_clear(&pf);
        lp_result_clear(&pr);
    }
}

int
main(void)
{
    test_reproducible();
    test_elementary_gauss();
    test_vmf();
    test_discrete();
    test_discretised_gauss();
    flint_cleanup();
    return tap_done();
}
