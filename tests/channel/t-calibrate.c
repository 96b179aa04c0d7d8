/* t-calibrate.c -- Gaussian-mechanism calibration (classical and analytic) and
 * the overflow finder's exactness. */
#include <math.h>
#include <gsl/gsl_cdf.h>
#include "tap.h"
#include "helpers.h"
#include "channel/channel.h"
#include "check/overflow.h"

/* the analytic mechanism's delta in doubles with GSL's normal CDF: an
 * independent route for the certified one */
static double
delta_gsl(double sigma, double eps)
{
    return gsl_cdf_ugaussian_P(0.5 / sigma - eps * sigma) - exp(eps) * gsl_cdf_ugaussian_P(-0.5 / sigma - eps * sigma);
}

static void
test_calibration(void)
{
    static const char *const eps[] = { "0.1", "0.5", "1", "2", "5", "10" };
    for (int i = 0; i < 6; i++) {
        arb_t E, D, S, sc, sa, d, hi;
        arf_t u;
        arb_init(E); arb_init(D); arb_init(S); arb_init(sc); arb_init(sa); arb_init(d); arb_init(hi);
        arf_init(u);
        lp_decimal_arb(E, eps[i], 256);
        lp_decimal_arb(D, "1e-5", 256);
        arb_one(S);
        lp_calibrate_classical(sc, E, D, S, 128);
        tap_ok(fabs(mid_d(sc) - sqrt(2 * log(1.25e5)) / strtod(eps[i], NULL)) < 1e-12 * mid_d(sc),
               "classical sigma at epsilon=%s: sqrt(2 ln(1.25/delta))/epsilon = %.15g", eps[i], mid_d(sc));
        tap_ok(lp_calibrate_analytic(sa, E, D, S, 20, 64) == 0 && arb_rel_accuracy_bits(sa) > 60,
               "analytic sigma at epsilon=%s: certified enclosure %.15g", eps[i], mid_d(sa));
        /* the upper end of the enclosure is private: delta(sigma) <= delta there */
        arb_get_ubound_arf(u, sa, 128);
        arb_set_arf(hi, u);
        lp_analytic_gaussian_delta(d, hi, E, S, 256);
        tap_ok(arb_le(d, D) && fabs(delta_gsl(mid_d(sa), strtod(eps[i], NULL)) - 1e-5) < 1e-9,
               "analytic sigma at epsilon=%s gives delta <= 1e-5 (certified) and delta = 1e-5 by GSL's Phi "
               "(%.6g)", eps[i], delta_gsl(mid_d(sa), strtod(eps[i], NULL)));
        if (strtod(eps[i], NULL) < 1)
            tap_ok(arb_lt(sa, sc), "analytic sigma %.6g below the classical %.6g at epsilon=%s < 1",
                   mid_d(sa), mid_d(sc), eps[i]);
        arb_clear(E); arb_clear(D); arb_clear(S); arb_clear(sc); arb_clear(sa); arb_clear(d); arb_clear(hi);
        arf_clear(u);
    }
}

/* The boundary lp_overflow_find reports is exact: p fails, p - 1 does not. */
static void
test_overflow_exact(void)
{
    static const struct { const char *formula, *form; lp_method m; } cases[] = {
        { "gauss", "printed", LP_DOUBLE }, { "gauss", "proof", LP_DOUBLE },
        { "gauss", "printed", LP_GSL }, { "vmf", "printed", LP_DOUBLE }, { "vmf", "proof", LP_GSL },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const lp_form *f = lp_form_find(cases[i].formula, cases[i].form);
        lp_params par = cases[i].formula[0] == 'g' ? gauss_params(1, "1", "1") : vmf_params(1, "10");
        lp_overflow_point pt;
        lp_result a, b;
        lp_overflow_find(&pt, f, cases[i].m, &par, LP_P_MAX, 1e-8);
        lp_result_init(&a);
        lp_result_init(&b);
        par.p = pt.p;
        lp_evaluate(&a, f, cases[i].m, &par, 17, 0);
        par.p = pt.p - 1;
        lp_evaluate(&b, f, cases[i].m, &par, 17, 0);
        tap_ok(pt.p > 1 && a.status != LP_OK && b.status == LP_OK && pt.persists,
               "overflow %s %s %s: fails first at p = %llu (%s), p - 1 gives ok", cases[i].formula,
               cases[i].form, lp_method_name(cases[i].m), (unsigned long long) pt.p, pt.kind);
        lp_result_clear(&a);
        lp_result_clear(&b);
    }
}

/* mpfr at `bits` agrees with arb to 10^-15 (lp_mpfr_bits_needed's criterion) */
static int
mpfr_keeps15(const lp_form *f, const lp_params *par, long bits)
{
    lp_result r, ref;
    double e;
    lp_result_init(&r);
    lp_result_init(&ref);
    lp_evaluate(&ref, f, LP_ARB, par, 25, 0);
    lp_evaluate(&r, f, LP_MPFR, par, 15, bits);
    e = r.status == LP_OK ? lp_rel_error(&r, &ref) : -1;
    lp_result_clear(&r);
    lp_result_clear(&ref);
    return e >= 0 && e <= 1e-15;
}

/* The MPFR precision lp_mpfr_bits_needed reports, from a guess below, at
   or above it, keeps 15 digits where one bit less does not. */
static void
test_mpfr_bits(void)
{
    static const struct { const char *formula, *form; uint64_t p; long guess; } cases[] = {
        { "gauss", "proof", 10, 20 }, { "gauss", "proof", 1000, 53 }, { "gauss", "proof", 100, 300 },
        { "vmf", "printed", 100, 53 }, { "vmf", "proof", 1000, 9 }, { "gauss", "printed", 100, 1024 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const lp_form *f = lp_form_find(cases[i].formula, cases[i].form);
        lp_params par = cases[i].formula[0] == 'g' ? gauss_params(cases[i].p, "1", "1")
                                                   : vmf_params(cases[i].p, "173");
        const long bits = lp_mpfr_bits_needed(f, &par, 15, cases[i].guess);
        tap_ok(bits > 8 && bits <= 1024 && mpfr_keeps15(f, &par, bits) && !mpfr_keeps15(f, &par, bits - 1),
               "mpfr %s %s at p = %llu, searched from %ld bits: %ld bits keep 15 digits, %ld do not",
               cases[i].formula, cases[i].form, (unsigned long long) cases[i].p, cases[i].guess, bits, bits - 1);
    }
}

int
main(void)
{
    test_calibration();
    test_overflow_exact();
    test_mpfr_bits();
    flint_cleanup();
    return tap_done();
}
