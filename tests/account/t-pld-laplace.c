/* t-pld-laplace.c -- the certified PLD accountant over Laplace noise
 * (src/account/pld/pairs/pld_mech_laplace.c): at T = 1 against the Laplace pair's
 * own profile (src/privacy/laplace_l1_profile_arb.c, closed form) through
 * the subsampling identities of t-pld-vmf.c (remove: q H_{1 + (e^eps -
 * 1)/q}; add: (1 - e^eps (1-q)) H_{1/g}, the pair symmetric), and at T = 5
 * against Monte Carlo of the summed loss (Laplace draws), both relations;
 * random inputs in Arb's style (LEAKPROOF_TEST_SEED), printed on failure.  TAP. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include "account/pld/pld.h"
#include "privacy/privacy.h"
#include "tap.h"
#include "helpers.h"

static int
bracket(double *lo, double *hi, const char *b, const char *q, uint64_t T, int rel, double eps)
{
    lp_dpsgd run;
    lp_pld_step st;
    lp_pld pld;
    arb_t e, l, h;
    int r;
    lp_dpsgd_init(&run, "1", q, T, "1e-6");
    lp_pld_step_init_laplace(&st, &run, b);
    arb_init(e);
    arb_init(l);
    arb_init(h);
    r = lp_pld_init_step(&pld, &st, (lp_pld_relation) rel, 0.02, (size_t) 1 << 20, eps);
    if (r == 0) {
        arb_set_d(e, eps);
        lp_pld_delta(l, h, &pld, e);
        *lo = arf_get_d(arb_midref(l), ARF_RND_DOWN) - mag_get_d(arb_radref(l));
        *hi = arf_get_d(arb_midref(h), ARF_RND_UP) + mag_get_d(arb_radref(h));
    }
    lp_pld_clear(&pld);
    lp_pld_step_clear(&st);
    lp_dpsgd_clear(&run);
    arb_clear(e);
    arb_clear(l);
    arb_clear(h);
    return r;
}

/* H_g of the Laplace pair at distance 1 (g > 0; symmetric) */
static void
hockey(arb_t d, const arb_t g, const arb_t b, slong prec)
{
    arb_t e, one, t;
    arb_init(e);
    arb_init(one);
    arb_init(t);
    arb_one(one);
    if (arf_cmp_si(arb_midref(g), 1) >= 0) {
        arb_log(e, g, prec);
        lp_laplace_l1_profile_arb(d, e, b, one, prec);
    } else {
        arb_log(e, g, prec);
        arb_neg(e, e);
        lp_laplace_l1_profile_arb(t, e, b, one, prec);
        arb_mul(t, t, g, prec);
        arb_sub_ui(d, g, 1, prec);
        arb_sub(d, t, d, prec);
    }
    arb_clear(e);
    arb_clear(one);
    arb_clear(t);
}

static void
check_t1(const char *bt, const char *qt, int rel, double eps)
{
    const slong prec = 128;
    arb_t b, q, ee, g, t, d;
    double lo = NAN, hi = NAN, xl, xh;
    int ok;
    arb_init(b);
    arb_init(q);
    arb_init(ee);
    arb_init(g);
    arb_init(t);
    arb_init(d);
    arb_set_str(b, bt, prec);
    arb_set_str(q, qt, prec);
    arb_set_d(ee, eps);
    arb_exp(ee, ee, prec);
    if (rel == LP_PLD_REMOVE) {
        arb_sub_ui(g, ee, 1, prec);
        arb_div(g, g, q, prec);
        arb_add_ui(g, g, 1, prec);
        hockey(d, g, b, prec);
        arb_mul(d, d, q, prec);
    } else {
        arb_sub_ui(t, q, 1, prec);
        arb_mul(t, t, ee, prec);
        arb_add_ui(t, t, 1, prec);
        if (arb_is_nonpositive(t)) {
            arb_zero(d);
        } else {
            arb_mul(g, ee, q, prec);
            arb_div(g, g, t, prec);
            hockey(d, g, b, prec);
            arb_mul(d, d, t, prec);
        }
    }
    xl = arf_get_d(arb_midref(d), ARF_RND_DOWN) - mag_get_d(arb_radref(d));
    xh = arf_get_d(arb_midref(d), ARF_RND_UP) + mag_get_d(arb_radref(d));
    ok = bracket(&lo, &hi, bt, qt, 1, rel, eps) == 0 && arb_is_finite(d) && lo <= xh && xl <= hi
        && hi - lo <= 0.2 * xh + 1e-9;
    tap_ok(ok, "T = 1, %s, b %s, q %s, eps %g: PLD delta in [%.9g, %.9g] holds the Laplace profile's "
           "%.9g (certified, closed form)", rel == LP_PLD_REMOVE ? "remove" : "add", bt, qt, eps, lo, hi,
           0.5 * (xl + xh));
    arb_clear(b);
    arb_clear(q);
    arb_clear(ee);
    arb_clear(g);
    arb_clear(t);
    arb_clear(d);
}

static void
check_mc(const char *bt, const char *qt, int T, int rel, double eps, long n, gsl_rng *r)
{
    const double b = strtod(bt, NULL), q = strtod(qt, NULL);
    double lo = NAN, hi = NAN, s1 = 0, s2 = 0, mean, se;
    int ok;
    for (long i = 0; i < n; i++) {
        double S = 0, v;
        for (int k = 0; k < T; k++) {
            double y = gsl_ran_laplace(r, b), s, g;
            if (rel == LP_PLD_REMOVE && gsl_rng_uniform(r) < q)
                y += 1;
            s = (fabs(y) - fabs(y - 1)) / b;
            g = s > 0 ? s + log(q + (1 - q) * exp(-s)) : log1p(q * expm1(s));
            S += rel == LP_PLD_REMOVE ? g : -g;
        }
        v = S > eps ? -expm1(eps - S) : 0.0;
        s1 += v;
        s2 += v * v;
    }
    mean = s1 / n;
    se = sqrt(fmax(s2 / n - mean * mean, 0) / n);
    ok = bracket(&lo, &hi, bt, qt, (uint64_t) T, rel, eps) == 0 && se > 0 && mean + 4 * se >= lo
        && mean - 4 * se <= hi;
    tap_ok(ok, "T = %d, %s, b %s, q %s, eps %g: PLD delta in [%.6g, %.6g], Monte Carlo %.6g +- %.2g "
           "(%ld samples)", T, rel == LP_PLD_REMOVE ? "remove" : "add", bt, qt, eps, lo, hi, mean, se, n);
}

int
main(void)
{
    flint_rand_t state;
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    test_rand_init(state);
    gsl_rng_set(r, n_randint(state, 1u << 30) + 1);
    for (int i = 0; i < 4; i++) {
        char bt[24], qt[24];
        double b = 0.3 + (double) n_randint(state, 200) / 100, q = 0.05 + (double) n_randint(state, 450) / 1000;
        int rel = i % 2;
        double top = rel == LP_PLD_REMOVE ? log(1 - q + q * exp(1 / b)) : -log(1 - q + q * exp(-1 / b));
        snprintf(bt, sizeof bt, "%.3g", b);
        snprintf(qt, sizeof qt, "%.3g", q);
        check_t1(bt, qt, rel, top * (0.2 + (double) n_randint(state, 60) / 100));
    }
    for (int rel = 0; rel < 2; rel++)
        check_mc("0.8", "0.3", 5, rel, rel == LP_PLD_REMOVE ? 1.0 : 0.4, test_iterations(100000), r);
    gsl_rng_free(r);
    flint_randclear(state);
    flint_cleanup();
    return tap_done();
}
