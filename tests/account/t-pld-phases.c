/* t-pld-phases.c -- the certified PLD accountant over phases
 * (src/account/pld/init/pld_phases.c, pld_compose_best.c): a run split into
 * phases of the same step gives the one run's bracket (the brackets
 * overlap, both relations); phases of different mechanisms (the Gaussian
 * and the VMF), rates and steps hold the Monte Carlo estimate of the summed
 * loss (Gaussian losses sampled exactly, the VMF's t by Wood's (1994)
 * sampler; independent of the accountant's code) within 4 standard errors.
 * Random inputs in Arb's style (LEAKPROOF_TEST_SEED), printed on failure.  TAP. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include "account/pld/pld.h"
#include "tap.h"
#include "helpers.h"

/* one phase of a test: the Gaussian (kappa 0) or the VMF */
typedef struct {
    char M[24], q[24], kappa[24];
    double Md, qd, kd;
    uint64_t p, T;
} tphase;

static void
tphase_set(tphase *ph, double M, double kappa, uint64_t p, double q, uint64_t T)
{
    snprintf(ph->M, sizeof ph->M, "%.4g", M);
    snprintf(ph->kappa, sizeof ph->kappa, "%.4g", kappa);
    snprintf(ph->q, sizeof ph->q, "%.4g", q);
    ph->Md = strtod(ph->M, NULL);
    ph->kd = kappa > 0 ? strtod(ph->kappa, NULL) : 0;
    ph->qd = strtod(ph->q, NULL);
    ph->p = p;
    ph->T = T;
}

/* the bracket of delta(eps) over the phases; 0 or -1 */
static int
bracket(double *lo, double *hi, const tphase *ph, size_t n, int rel, double eps)
{
    lp_dpsgd run[4];
    lp_pld_step st[4];
    lp_pld pld;
    arb_t e, l, h;
    int r;
    for (size_t i = 0; i < n; i++) {
        lp_dpsgd_init(run + i, ph[i].M, ph[i].q, ph[i].T, "1e-6");
        if (ph[i].kd > 0)
            lp_pld_step_init_vmf(st + i, run + i, ph[i].kappa, ph[i].p);
        else
            lp_pld_step_init_gauss(st + i, run + i);
    }
    arb_init(e);
    arb_init(l);
    arb_init(h);
    r = lp_pld_init_phases(&pld, st, n, (lp_pld_relation) rel, 0.02, (size_t) 1 << 20, eps);
    if (r == 0) {
        arb_set_d(e, eps);
        lp_pld_delta(l, h, &pld, e);
        *lo = arf_get_d(arb_midref(l), ARF_RND_DOWN) - mag_get_d(arb_radref(l));
        *hi = arf_get_d(arb_midref(h), ARF_RND_UP) + mag_get_d(arb_radref(h));
    }
    lp_pld_clear(&pld);
    for (size_t i = 0; i < n; i++) {
        lp_pld_step_clear(st + i);
        lp_dpsgd_clear(run + i);
    }
    arb_clear(e);
    arb_clear(l);
    arb_clear(h);
    return r;
}

static double
mix_loss(double s, double q, int rel)
{
    double g = s > 0 ? s + log(q + (1 - q) * exp(-s)) : log1p(q * expm1(s));
    return rel == LP_PLD_REMOVE ? g : -g;
}

/* t = mu.y for y ~ VMF(mu, kappa) on S^{p-1} (Wood 1994) */
static double
wood(double k, uint64_t p, gsl_rng *r)
{
    const double m = (double) p - 1, b = (-2 * k + sqrt(4 * k * k + m * m)) / m, x0 = (1 - b) / (1 + b);
    const double cc = k * x0 + m * log(1 - x0 * x0);
    for (;;) {
        double z = gsl_ran_beta(r, m / 2, m / 2), w = (1 - (1 + b) * z) / (1 - (1 - b) * z);
        if (k * w + m * log(1 - x0 * w) - cc >= log(gsl_rng_uniform_pos(r)))
            return w;
    }
}

/* one step's loss under rel: the base pair's log-ratio s, the mixture's loss
 * (remove: the example drawn with probability q; add: never under P) */
static double
step_loss(const tphase *ph, int rel, gsl_rng *r)
{
    int in = rel == LP_PLD_REMOVE && gsl_rng_uniform(r) < ph->qd;
    double s;
    if (ph->kd > 0) {
        double w = wood(ph->kd, ph->p, r);
        s = 2 * ph->kd * (in ? w : -w);
    } else {
        double u = gsl_ran_gaussian_ziggurat(r, 1.0) + (in ? 1.0 / ph->Md : 0);
        s = u / ph->Md - 0.5 / (ph->Md * ph->Md);
    }
    return mix_loss(s, ph->qd, rel);
}

static void
check_split(int rel)
{
    tphase one, two[2];
    double lo1 = NAN, hi1 = NAN, lo2 = NAN, hi2 = NAN, eps = rel == LP_PLD_REMOVE ? 1.0 : 0.8;
    int ok;
    tphase_set(&one, 1, 0, 0, 0.05, 200);
    tphase_set(two + 0, 1, 0, 0, 0.05, 50);
    tphase_set(two + 1, 1, 0, 0, 0.05, 150);
    ok = bracket(&lo1, &hi1, &one, 1, rel, eps) == 0 && bracket(&lo2, &hi2, two, 2, rel, eps) == 0
        && lo1 <= hi2 && lo2 <= hi1 && hi2 - lo2 <= 0.05 * hi2;
    tap_ok(ok, "%s, M 1, q 0.05: phases of 50 + 150 steps, delta(%g) in [%.7g, %.7g], the one run of "
           "200 in [%.7g, %.7g]", rel == LP_PLD_REMOVE ? "remove" : "add", eps, lo2, hi2, lo1, hi1);
}

static void
check_mc(const tphase *ph, size_t n, int rel, double eps, long samples, gsl_rng *r)
{
    double lo = NAN, hi = NAN, s1 = 0, s2 = 0, mean, se;
    int ok;
    for (long k = 0; k < samples; k++) {
        double S = 0, v;
        for (size_t i = 0; i < n; i++)
            for (uint64_t t = 0; t < ph[i].T; t++)
                S += step_loss(ph + i, rel, r);
        v = S > eps ? -expm1(eps - S) : 0.0;
        s1 += v;
        s2 += v * v;
    }
    mean = s1 / samples;
    se = sqrt(fmax(s2 / samples - mean * mean, 0) / samples);
    ok = bracket(&lo, &hi, ph, n, rel, eps) == 0 && se > 0 && mean + 4 * se >= lo && mean - 4 * se <= hi;
    tap_ok(ok, "%s: Gaussian (M %s, q %s, T %llu) then VMF (kappa %s, p %llu, q %s, T %llu), eps %g: "
           "PLD delta in [%.6g, %.6g], Monte Carlo %.6g +- %.2g (%ld samples)",
           rel == LP_PLD_REMOVE ? "remove" : "add", ph[0].M, ph[0].q, (unsigned long long) ph[0].T,
           ph[1].kappa, (unsigned long long) ph[1].p, ph[1].q, (unsigned long long) ph[1].T, eps, lo,
           hi, mean, se, samples);
}

int
main(void)
{
    flint_rand_t state;
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    tphase ph[2];
    test_rand_init(state);
    gsl_rng_set(r, n_randint(state, 1u << 30) + 1);
    check_split(LP_PLD_REMOVE);
    check_split(LP_PLD_ADD);
    for (int rel = 0; rel < 2; rel++) {
        double M = 0.8 + (double) n_randint(state, 100) / 100;
        double kappa = 2 + (double) n_randint(state, 400) / 100;
        tphase_set(ph + 0, M, 0, 0, 0.1 + (double) n_randint(state, 20) / 100, 5);
        tphase_set(ph + 1, 1, kappa, 5 + n_randint(state, 10), 0.2, 8);
        check_mc(ph, 2, rel, rel == LP_PLD_REMOVE ? 2.0 : 0.6, test_iterations(40000), r);
    }
    gsl_rng_free(r);
    flint_randclear(state);
    flint_cleanup();
    return tap_done();
}
