/* t-extremes.c -- every decimal the parser accepts evaluates in the usual
 * time with a correct certified answer (sigma = 1e-400, R = 1e400, kappa =
 * 1e299: the heuristics that place peaks and windows work from the balls, not
 * from doubles that overflow); term-by-term methods decline by estimated cost;
 * a ball with no certified digit is never "ok".  References: log10 C by
 * mpmath at 40 digits (in the ball-dominated regime the three Gaussian forms
 * agree to hundreds of digits). */
#include <string.h>
#include <time.h>
#include "tap.h"
#include "helpers.h"
#include "numeric/numeric.h"

/* 1 if log10 of the ball lies within 1e-20 of the decimal ref */
static int
log10_near(const arb_t x, const char *ref)
{
    arb_t l, t, r;
    int ok;
    arb_init(l);
    arb_init(t);
    arb_init(r);
    arb_log(l, x, 256);
    arb_const_log10(t, 256);
    arb_div(l, l, t, 256);
    lp_decimal_arb(r, ref, 256);
    mag_set_d(arb_radref(t), 1e-20);
    arf_zero(arb_midref(t));
    arb_add(r, r, t, 256);
    ok = arb_overlaps(l, r);
    arb_clear(l);
    arb_clear(t);
    arb_clear(r);
    return ok;
}

static double
cpu_seconds(clock_t since)
{
    return (double) (clock() - since) / CLOCKS_PER_SEC;
}

static void
extreme(const char *formula, const char *form, lp_params par, const char *what, const char *ref)
{
    lp_result r;
    clock_t t0 = clock();
    double s;
    lp_result_init(&r);
    eval_form(&r, formula, form, LP_ARB, &par, 30);
    s = cpu_seconds(t0);
    tap_ok(r.status == LP_OK && r.digits >= 30 && log10_near(r.value, ref) && s < 10,
           "%s %s %s: status %s, %ld digits, log10 C = %s (mpmath), %.2f s CPU",
           formula, form, what, lp_status_name(r.status), (long) r.digits, ref, s);
    lp_result_clear(&r);
}

/* a form whose every evaluation is [0 +- 1]: no precision certifies a digit */
static lp_status
hopeless(lp_result *res, const lp_params *par, slong prec)
{
    arb_t x;
    arb_init(x);
    arb_zero_pm_one(x);
    lp_result_set_arb(res, x);
    arb_clear(x);
    return res->status;
}

int
main(void)
{
    static const char *const p5000 = "1991836.213119503084827932110878775830142";
    static const char *const pmax = "849439695553.5917446234577405267226511061";
    static const char *const forms[] = { "proof", "printed", "steiner" };

    for (int f = 0; f < 3; f++)
        extreme("gauss", forms[f], gauss_params(5000, "1e-400", "1"), "p=5000 sigma=1e-400 R=1", p5000);
    for (int f = 0; f < 3; f++)
        extreme("gauss", forms[f], gauss_params(5000, "1", "1e400"), "p=5000 sigma=1 R=1e400", p5000);
    for (int f = 0; f < 3; f++)
        extreme("gauss", forms[f], gauss_params(2147483647, "1e-400", "1"), "p=2147483647 sigma=1e-400 R=1",
                pmax);
    extreme("gauss", "proof", gauss_params(2147483647, "1e400", "1e800"), "p=2147483647 sigma=1e400 R=1e800",
            pmax);
    /* regression: printing this value read its decimal back through an exact
     * 10^1708433154353 and GMP aborted */
    for (int f = 0; f < 3; f++)
        extreme("gauss", forms[f], gauss_params(2147483647, "1e-400", "1e400"),
                "p=2147483647 sigma=1e-400 R=1e400", "1708433154353.5917446234577405267226511061");
    {
        arb_t x;
        int ok;
        arb_init(x);
        lp_decimal_arb(x, "3.90611138656329047006962003329e+1708433154353", 128);
        ok = log10_near(x, "1708433154353.591744623457740526722651106");
        lp_decimal_arb(x, "-2.5e-99999999999", 128);
        ok = ok && arb_is_negative(x) && arb_is_finite(x);
        tap_ok(ok, "lp_decimal_arb reads decimals with exponents far beyond input's (1e+1708433154353, "
               "-2.5e-99999999999) as balls, without an exact power of ten");
        arb_clear(x);
    }
    /* R/b = 1 with both beyond the doubles: sum_{j<=1000} 1/j! = e */
    extreme("laplace-l1", "derived", laplace_params(1000, "1e400", "1e400"), "p=1000 b=1e400 R=1e400",
            "0.4342944819032518276511289189166050822944");
    /* p = 3: C = 2 kappa / (1 - exp(-2 kappa)) */
    extreme("vmf", "proof", vmf_params(3, "1e299"), "p=3 kappa=1e299", "299.3010299956639811952137388947244930268");
    extreme("vmf", "printed", vmf_params(3, "1e400"), "p=3 kappa=1e400", "400.3010299956639811952137388947244930268");

    /* regression: 2^24 terms of mpfr_gamma at 30 digits ran for minutes */
    {
        lp_params par = gauss_params(16777216, "1", "1");
        lp_result r;
        clock_t t0 = clock();
        double s;
        lp_result_init(&r);
        eval_form(&r, "gauss", "printed", LP_MPFR, &par, 30);
        s = cpu_seconds(t0);
        tap_ok(r.status == LP_DECLINED && s < 1 && strstr(r.note, "would take about") != NULL,
               "gauss printed mpfr p=2^24: %s in %.2f s CPU (%s)", lp_status_name(r.status), s, r.note);
        lp_result_clear(&r);
    }
    {
        static const lp_term_cost proof_cost = { 60.0, 0.1, 0.0 };
        double s = lp_loop_seconds(UINT64_C(16777216), 119, &proof_cost);
        tap_ok(s > 0.5 && s < 8, "the proof's MPFR recurrence at p=2^24, 30 digits, is estimated at %.2f s: "
               "within the budget, so it runs", s);
    }

    /* regression: digits 0 after the precision loop came out as status "ok" */
    {
        lp_form fake = { "fake", "hopeless", "", "", 0, { hopeless } };
        lp_params par = gauss_params(1, "1", "1");
        lp_result r;
        lp_result_init(&r);
        lp_evaluate(&r, &fake, LP_ARB, &par, 10, 0);
        tap_ok(r.status == LP_UNCERTIFIED && r.digits == 0 && !r.certified
               && strcmp(lp_status_name(r.status), "uncertified") == 0,
               "a ball that never certifies a digit: status %s, digits %ld, note '%s'",
               lp_status_name(r.status), (long) r.digits, r.note);
        lp_result_clear(&r);
    }
    flint_cleanup();
    return tap_done();
}
