/* t-pld-mean-rounding.c -- the PLD accountant's mean rounding mu = E[Y] -
 * E[X~] (pld_mean.c with each mechanism's clamped_mean hook; (c) at the top
 * of pld_bounds.h), per mechanism and relation, against Monte Carlo of the same
 * quantity: draws of one step's loss X from the mechanism's own law (GSL;
 * none of the accountant's code), clamped on the relation's cut side to the
 * grid's end, X~, and rounded up onto the built grid, D = ceil_h(X~) - X~.
 * The certified [mu_lo, mu_hi] must meet the draws' mean within 5 standard
 * errors (checked, not certified: a Monte Carlo arbiter).
 *
 * Why.  The Hoeffding coupling's lower point e + T mu_hi + t is only valid
 * with mu the mean of the very D the masses carry.  Randomized response's
 * hook clamped its least atom to the grid's lowest point under remove, where
 * the masses put it at its own ceiling: mu 0.236 h for the true 0.907 h, and
 * delta's certified lower end above the exact value from T ~ 50.  A loss
 * with an atom at the non-cut end of the grid (rr, epsdelta, Laplace's two
 * atoms) is where such a slip shows; the continuous laws (Gaussian, VMF)
 * are checked alike, and a two-phase run (rr then Laplace: mu the steps'
 * weighted mean).  Random in Arb's style (LEAKPROOF_TEST_SEED), the inputs
 * printed in every line.  TAP. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include "account/pld/pld.h"
#include "tap.h"
#include "helpers.h"

#define DRAWS 100000

typedef struct {
    lp_pld_mech_id mech;
    double q, M, e, d, b, kappa;
    int p;
    int rel;
} law;

/* t = mu.y of a VMF draw on S^{p-1} about mu (Wood 1994) */
static double
wood(gsl_rng *r, double kappa, int p)
{
    const double m1 = p - 1.0;
    const double bb = (-2 * kappa + sqrt(4 * kappa * kappa + m1 * m1)) / m1;
    const double x0 = (1 - bb) / (1 + bb), c = kappa * x0 + m1 * log(1 - x0 * x0);
    for (;;) {
        double z = gsl_ran_beta(r, m1 / 2, m1 / 2);
        double w = (1 - (1 + bb) * z) / (1 - (1 - bb) * z);
        double u = gsl_rng_uniform_pos(r);
        if (kappa * w + m1 * log(1 - x0 * w) - c >= log(u))
            return w;
    }
}

/* log(1 - q + q e^s), stable */
static double
lg(double q, double s)
{
    return s > 0 ? s + log(q + (1 - q) * exp(-s)) : log1p(q * expm1(s));
}

/* one draw of the step's loss X under the relation: remove, the base
 * outcome from the mixture (1-q) Q0 + q P0, X = log(1 - q + q P0/Q0); add,
 * from Q0, X = -log(...) */
static double
draw_loss(gsl_rng *r, const law *w)
{
    const int from_p = w->rel == LP_PLD_REMOVE && gsl_rng_uniform(r) < w->q;
    double s;
    switch (w->mech) {
    case LP_PLD_GAUSS: {                        /* N(0,1) vs N(1/M,1) in units of M */
        double u = gsl_ran_gaussian(r, 1.0) + (from_p ? 1 / w->M : 0);
        s = u / w->M - 1 / (2 * w->M * w->M);
        break;
    }
    case LP_PLD_LAPLACE: {                      /* Lap(0,b) vs Lap(1,b) */
        double y = gsl_ran_laplace(r, w->b) + (from_p ? 1 : 0);
        s = (fabs(y) - fabs(y - 1)) / w->b;
        break;
    }
    case LP_PLD_VMF: {                          /* VMF(-mu) vs VMF(mu): s = 2 kappa t */
        double t = wood(r, w->kappa, w->p);
        s = 2 * w->kappa * (from_p ? t : -t);
        break;
    }
    default: {                                  /* rr, epsdelta: the four outcomes */
        const double E = exp(w->e), d = w->mech == LP_PLD_EPSDELTA ? w->d : 0;
        const double p0[4] = { d, (1 - d) * E / (1 + E), (1 - d) / (1 + E), 0 };
        const double q0[4] = { 0, (1 - d) / (1 + E), (1 - d) * E / (1 + E), d };
        const double *law0 = from_p ? p0 : q0;
        double u = gsl_rng_uniform(r), acc = 0;
        int j = 0;
        for (j = 0; j < 3; j++) {
            acc += law0[j];
            if (u < acc)
                break;
        }
        if (q0[j] == 0)
            return INFINITY;                    /* remove only (add draws from Q0) */
        s = p0[j] == 0 ? -INFINITY : log(p0[j] / q0[j]);
        break;
    }
    }
    if (isinf(s) && s < 0)
        return w->rel == LP_PLD_REMOVE ? log1p(-w->q) : -log1p(-w->q);
    return w->rel == LP_PLD_REMOVE ? lg(w->q, s) : -lg(w->q, s);
}

static void
step_of(lp_pld_step *st, const lp_dpsgd *run, const law *w)
{
    char t1[32], t2[32];
    switch (w->mech) {
    case LP_PLD_GAUSS:
        lp_pld_step_init_gauss(st, run);
        break;
    case LP_PLD_LAPLACE:
        snprintf(t1, sizeof t1, "%.17g", w->b);
        lp_pld_step_init_laplace(st, run, t1);
        break;
    case LP_PLD_VMF:
        snprintf(t1, sizeof t1, "%.17g", w->kappa);
        lp_pld_step_init_vmf(st, run, t1, (uint64_t) w->p);
        break;
    default:
        snprintf(t1, sizeof t1, "%.17g", w->e);
        snprintf(t2, sizeof t2, "%.17g", w->d);
        lp_pld_step_init_eps(st, run, t1, w->mech == LP_PLD_EPSDELTA ? t2 : NULL);
        break;
    }
}

/* the draws' mean of D = ceil_h(X~) - X~ and its standard error, X~ clamped
 * at [lo, hi] on the relation's cut side (remove: above; add: below) */
static void
draw_mean(double *mean, double *se, gsl_rng *r, const law *w, double h, double lo, double hi)
{
    double s1 = 0, s2 = 0;
    for (long i = 0; i < DRAWS; i++) {
        double x = draw_loss(r, w), dd;
        if (w->rel == LP_PLD_REMOVE && x > hi)
            x = hi;
        if (w->rel == LP_PLD_ADD && x < lo)
            x = lo;
        dd = ceil(x / h) * h - x;
        s1 += dd;
        s2 += dd * dd;
    }
    *mean = s1 / DRAWS;
    *se = sqrt(fmax(s2 / DRAWS - *mean * *mean, 0) / DRAWS);
}

static const char *
describe(char *buf, size_t n, const law *w)
{
    switch (w->mech) {
    case LP_PLD_GAUSS: snprintf(buf, n, "gauss M %.3g", w->M); break;
    case LP_PLD_LAPLACE: snprintf(buf, n, "laplace b %.3g", w->b); break;
    case LP_PLD_VMF: snprintf(buf, n, "vmf kappa %.3g p %d", w->kappa, w->p); break;
    case LP_PLD_EPSDELTA: snprintf(buf, n, "epsdelta e %.3g d %.3g", w->e, w->d); break;
    default: snprintf(buf, n, "rr e %.3g", w->e); break;
    }
    return buf;
}

/* mu of the steps (two phases when w2 is given, T1 and T2 steps) */
static void
check(gsl_rng *r, const law *w1, uint64_t T1, const law *w2, uint64_t T2, double width)
{
    char qt[32], mt[32], d1[80], d2[80] = "";
    lp_dpsgd run1, run2;
    lp_pld_step st[2];
    lp_pld pld;
    double m1 = NAN, e1 = NAN, m2 = 0, e2 = 0, m = NAN, se = NAN, lo = NAN, hi = NAN;
    int ok = 0;
    snprintf(qt, sizeof qt, "%.17g", w1->q);
    snprintf(mt, sizeof mt, "%.17g", w1->mech == LP_PLD_GAUSS ? w1->M : 1.0);
    lp_dpsgd_init(&run1, mt, qt, T1, "1e-8");
    step_of(st, &run1, w1);
    if (w2) {
        snprintf(qt, sizeof qt, "%.17g", w2->q);
        snprintf(mt, sizeof mt, "%.17g", w2->mech == LP_PLD_GAUSS ? w2->M : 1.0);
        lp_dpsgd_init(&run2, mt, qt, T2, "1e-8");
        step_of(st + 1, &run2, w2);
        describe(d2, sizeof d2, w2);
    }
    describe(d1, sizeof d1, w1);
    if (lp_pld_init_phases(&pld, st, w2 ? 2 : 1, (lp_pld_relation) w1->rel, width,
                           (size_t) 1 << 20, 0) == 0) {
        /* the grid's ends: phase 1's from the record; a second phase's
         * support is its own, but its cut (none for Laplace) never binds */
        draw_mean(&m1, &e1, r, w1, pld.h, pld.kmin_h, pld.kmax_h);
        if (w2)
            draw_mean(&m2, &e2, r, w2, pld.h, -INFINITY, INFINITY);
        m = ((double) T1 * m1 + (double) T2 * m2) / (double) (T1 + T2);
        se = sqrt((double) T1 * T1 * e1 * e1 + (double) T2 * T2 * e2 * e2) / (double) (T1 + T2);
        lo = arf_get_d(arb_midref(pld.mu_lo), ARF_RND_DOWN) - mag_get_d(arb_radref(pld.mu_lo));
        hi = arf_get_d(arb_midref(pld.mu_hi), ARF_RND_UP) + mag_get_d(arb_radref(pld.mu_hi));
        ok = isfinite(lo) && isfinite(hi) && lo - 5 * se - 1e-9 * pld.h <= m
            && m <= hi + 5 * se + 1e-9 * pld.h;
        tap_ok(ok, "%s, q %.3g, T %llu%s%s%s, %s, width %g: mu/h in [%.6f, %.6f] meets the draws' "
               "%.6f +- %.6f (5 se)", d1, w1->q, (unsigned long long) T1, w2 ? "; then " : "", d2,
               w2 ? "" : "", w1->rel == LP_PLD_REMOVE ? "remove" : "add", width, lo / pld.h,
               hi / pld.h, m / pld.h, 5 * se / pld.h);
        lp_pld_clear(&pld);
    } else {
        tap_ok(0, "%s, q %.3g, T %llu, %s: the PLD was built (%s)", d1, w1->q,
               (unsigned long long) T1, w1->rel == LP_PLD_REMOVE ? "remove" : "add", pld.why);
        lp_pld_clear(&pld);
    }
    lp_pld_step_clear(st);
    lp_dpsgd_clear(&run1);
    if (w2) {
        lp_pld_step_clear(st + 1);
        lp_dpsgd_clear(&run2);
    }
}

int
main(void)
{
    flint_rand_t state;
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    test_rand_init(state);
    gsl_rng_set(r, n_randlimb(state));
    for (int rel = 0; rel < 2; rel++) {
        /* q in [0.005, 0.2], T in [50, 200], the widths 0.01 and 0.001 */
        for (int k = 0; k < 5; k++) {
            law w = { (lp_pld_mech_id) 0, 0, 0, 0, 0, 0, 0, 0, rel };
            const lp_pld_mech_id ids[5] = { LP_PLD_RR, LP_PLD_EPSDELTA, LP_PLD_LAPLACE,
                                            LP_PLD_GAUSS, LP_PLD_VMF };
            w.mech = ids[k];
            w.q = 0.005 + (double) n_randint(state, 196) / 1000;
            w.M = 0.8 + (double) n_randint(state, 200) / 100;
            w.e = 0.3 + (double) n_randint(state, 250) / 100;
            w.d = w.mech == LP_PLD_EPSDELTA ? pow(10, -1 - (double) n_randint(state, 6)) : 0;
            w.b = 0.5 + (double) n_randint(state, 300) / 100;
            w.kappa = 1 + (double) n_randint(state, 200) / 10;
            w.p = 3 + (int) n_randint(state, 20);
            /* (the VMF's certified masses at width 0.001 cost seconds: 0.01) */
            check(r, &w, 50 + n_randint(state, 151), NULL, 0,
                  n_randint(state, 2) || w.mech == LP_PLD_VMF ? 0.01 : 0.001);
        }
        {
            /* phases: rr then Laplace */
            law a = { LP_PLD_RR, 0.01 + (double) n_randint(state, 50) / 1000, 0, 1, 0, 0, 0, 0, rel };
            law b = { LP_PLD_LAPLACE, 0.02, 0, 0, 0, 1.5, 0, 0, rel };
            check(r, &a, 60, &b, 40, 0.003);
        }
    }
    gsl_rng_free(r);
    flint_randclear(state);
    flint_cleanup();
    return tap_done();
}
