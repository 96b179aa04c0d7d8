/* t-methods.c -- the non-certified methods (mpfr, double, logdouble, gsl) of
 * every form held against arb: accurate where they should be, and an honest
 * status where they break (never a silent inf, 0 or NaN). */
#include <math.h>
#include <string.h>
#include "tap.h"
#include "helpers.h"

/* Tolerances, with their reasons:
 * - mpfr at the bits of 30 digits + 16: a few hundred roundings, each 2^-116.
 * - double: p terms of tgamma/pow, each a few ulps; Simpson with 4000 panels
 *   on a smooth bump is far below that.  Small p only.
 * - logdouble: exp() turns the absolute error of a log of size |ln C| into a
 *   relative error of |ln C| ulps (plus lgamma's), so the bound scales with it.
 * - gsl: the same rounding as double, plus GSL's own error estimates ~1e-14. */
static double
tolerance(lp_method m, double log_c)
{
    switch (m) {
    case LP_MPFR: return 1e-28;
    case LP_DOUBLE: return 1e-11;
    case LP_LOGDOUBLE: return 1e-13 * (10.0 + fabs(log_c));
    case LP_GSL: return 1e-10;
    default: return 0;
    }
}

static void
check_accuracy(const char *formula, const char *form, const lp_params *par, const char *what)
{
    lp_result ref;
    lp_result_init(&ref);
    eval_form(&ref, formula, form, LP_ARB, par, 30);
    for (int m = LP_MPFR; m < LP_NMETHODS; m++) {
        lp_result res;
        double err, tol;
        lp_result_init(&res);
        eval_form(&res, formula, form, (lp_method) m, par, 30);
        err = lp_rel_error(&res, &ref);
        tol = tolerance((lp_method) m, log(mid_d(ref.value)));
        if (res.status == LP_DOMAIN && m == LP_GSL && strcmp(formula, "vmf") == 0 && par->p == 1)
            tap_ok(1, "%s %s gsl at %s: domain (GSL's I_nu needs nu >= 0): %s", formula, form, what,
                   res.note);
        else
            tap_ok(res.status == LP_OK && err >= 0 && err <= tol,
                   "%s %s %s at %s: rel. error %.3g <= %.1g (status %s)", formula, form,
                   lp_method_name((lp_method) m), what, err, tol, lp_status_name(res.status));
        lp_result_clear(&res);
    }
    lp_result_clear(&ref);
}

static void
test_small_p_accuracy(void)
{
    static const uint64_t ps[] = { 1, 2, 5, 12, 40 };
    char what[96];
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) {
        lp_params g = gauss_params(ps[i], "0.8", "1.5");
        lp_params v = vmf_params(ps[i], "3.5");
        snprintf(what, sizeof what, "p=%llu sigma=0.8 R=1.5", (unsigned long long) ps[i]);
        check_accuracy("gauss", "printed", &g, what);
        check_accuracy("gauss", "proof", &g, what);
        snprintf(what, sizeof what, "p=%llu kappa=3.5", (unsigned long long) ps[i]);
        check_accuracy("vmf", "printed", &v, what);
        check_accuracy("vmf", "proof", &v, what);
    }
}

/* At sizes where doubles cannot hold the numbers, every method says so: a
 * status that is not ok comes with a note, and ok means a finite positive
 * value. */
static void
test_honest_status(void)
{
    static const uint64_t ps[] = { 400, 13700, 200000000 };
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++)
        for (size_t f = 0; f < lp_nforms; f++) {
            const lp_form *form = &lp_forms[f];
            lp_params par = strcmp(form->formula, "gauss") == 0
                            ? gauss_params(ps[i], "1", "1") : vmf_params(ps[i], "173");
            for (int m = LP_MPFR; m < LP_NMETHODS; m++) {
                lp_result res;
                int honest;
                lp_result_init(&res);
                lp_evaluate(&res, form, (lp_method) m, &par, 15, 0);
                honest = res.status == LP_OK
                         ? arb_is_finite(res.value) && arb_is_positive(res.value)
                         : res.note[0] != '\0';
                tap_ok(honest, "%s %s %s at p=%llu reports %s%s%s", form->formula, form->form,
                       lp_method_name((lp_method) m), (unsigned long long) ps[i],
                       lp_status_name(res.status), res.note[0] ? ": " : "", res.note);
                lp_result_clear(&res);
            }
        }
}

/* Each status, produced where it must be. */
static void
test_expected_statuses(void)
{
    struct { const char *formula, *form; lp_method m; uint64_t p; const char *a, *b; lp_status want; }
    cases[] = {
        { "gauss", "printed", LP_DOUBLE, 400, "1", "1", LP_OVERFLOW },
        { "gauss", "printed", LP_GSL, 400, "1", "1", LP_OVERFLOW },
        { "gauss", "printed", LP_MPFR, 200000000, "1", "1", LP_DECLINED },
        { "gauss", "printed", LP_DOUBLE, 200000000, "1", "1", LP_DECLINED },
        { "gauss", "proof", LP_MPFR, 200000000, "1", "1", LP_DECLINED },
        { "vmf", "printed", LP_DOUBLE, 13700, "173", NULL, LP_OVERFLOW },
        { "vmf", "printed", LP_GSL, 1, "2", NULL, LP_DOMAIN },
        { "vmf", "printed", LP_LOGDOUBLE, 5, "0", NULL, LP_NAN },
        { "gauss", "printed", LP_LOGDOUBLE, 200000000, "1", "1", LP_DECLINED },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lp_params par = cases[i].b ? gauss_params(cases[i].p, cases[i].a, cases[i].b)
                                   : vmf_params(cases[i].p, cases[i].a);
        lp_result res;
        lp_result_init(&res);
        eval_form(&res, cases[i].formula, cases[i].form, cases[i].m, &par, 15);
        tap_ok(res.status == cases[i].want, "%s %s %s at p=%llu: status %s (want %s)",
               cases[i].formula, cases[i].form, lp_method_name(cases[i].m),
               (unsigned long long) cases[i].p, lp_status_name(res.status),
               lp_status_name(cases[i].want));
        lp_result_clear(&res);
    }
}

int
main(void)
{
    test_small_p_accuracy();
    test_honest_status();
    test_expected_statuses();
    flint_cleanup();
    return tap_done();
}
