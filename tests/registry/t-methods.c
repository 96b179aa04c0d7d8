/* t-methods.c -- the non-certified methods (mpfr, double, logdouble, gsl) of
 * every form of the registry held against arb, each form with its own
 * mechanism's parameters: accurate where they should be, and an honest status
 * where they break (never a silent inf, 0 or NaN). */
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

/* Each parameter's value: moderate ones for accuracy at small p, the papers'
 * for the large p where doubles break (sigma = R = 1, kappa = 173, b = 0.1). */
static const char *const moderate[LP_NPARAMS] = {
    [LP_PARAM_ID_SIGMA] = "0.8", [LP_PARAM_ID_RADIUS] = "1.5", [LP_PARAM_ID_KAPPA] = "3.5",
    [LP_PARAM_ID_B] = "0.7", [LP_PARAM_ID_CLIP] = "1.5", [LP_PARAM_ID_LAYERS] = "2,3",
};
static const char *const papers[LP_NPARAMS] = {
    [LP_PARAM_ID_SIGMA] = "1", [LP_PARAM_ID_RADIUS] = "1", [LP_PARAM_ID_KAPPA] = "173",
    [LP_PARAM_ID_B] = "0.1", [LP_PARAM_ID_CLIP] = "1", [LP_PARAM_ID_LAYERS] = "2,3",
};

/* par = the parameters `form` takes (its mechanism's descriptors), at p;
 * `what` says them.  Returns 0, or -1 (a failed TAP line) if refused. */
static int
form_params(lp_params *par, char *what, size_t len, const lp_form *form, uint64_t p,
            const char *const values[LP_NPARAMS])
{
    char err[256], ptext[24];
    size_t n = (size_t) snprintf(what, len, "p=%llu", (unsigned long long) p);
    lp_params_init(par);
    snprintf(ptext, sizeof ptext, "%llu", (unsigned long long) p);
    for (int id = 0; id < LP_NPARAMS; id++) {
        const char *v = id == LP_PARAM_ID_P ? ptext : values[id];
        if (!(form->params & (1u << id)))
            continue;
        if (lp_params_set(par, (lp_param_id) id, v, err, sizeof err) != 0)
            return tap_ok(0, "%s %s: %s=%s refused: %s", form->formula, form->form,
                          lp_param_specs[id].name, v, err), -1;
        if (id != LP_PARAM_ID_P && n < len)
            n += (size_t) snprintf(what + n, len - n, " %s=%s", lp_param_specs[id].name, v);
    }
    return 0;
}

static int
has_other_methods(const lp_form *form)
{
    for (int m = LP_MPFR; m < LP_NMETHODS; m++)
        if (form->method[m])
            return 1;
    return 0;
}

static void
check_accuracy(const lp_form *form, const lp_params *par, const char *what)
{
    lp_result ref;
    lp_result_init(&ref);
    lp_evaluate(&ref, form, LP_ARB, par, 30, 0);
    for (int m = LP_MPFR; m < LP_NMETHODS; m++) {
        lp_result res;
        double err, tol;
        if (form->method[m] == NULL)
            continue;
        lp_result_init(&res);
        lp_evaluate(&res, form, (lp_method) m, par, 30, 0);
        err = lp_rel_error(&res, &ref);
        tol = tolerance((lp_method) m, log(mid_d(ref.value)));
        if (res.status == LP_DOMAIN && m == LP_GSL && strcmp(form->formula, "vmf") == 0
            && par->p == 1)
            tap_ok(res.note[0] != '\0', "%s %s gsl at %s: domain (GSL's I_nu needs nu >= 0), "
                   "said in a note: %s", form->formula, form->form, what, res.note);
        else
            tap_ok(ref.status == LP_OK && res.status == LP_OK && err >= 0 && err <= tol,
                   "%s %s %s at %s: rel. error %.3g <= %.1g (status %s)", form->formula,
                   form->form, lp_method_name((lp_method) m), what, err, tol,
                   lp_status_name(res.status));
        lp_result_clear(&res);
    }
    lp_result_clear(&ref);
}

static void
test_small_p_accuracy(void)
{
    static const uint64_t ps[] = { 1, 2, 5, 12, 40 };
    char what[160];
    for (size_t f = 0; f < lp_nforms; f++) {
        if (!has_other_methods(&lp_forms[f]))
            continue;
        for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) {
            lp_params par;
            if (form_params(&par, what, sizeof what, &lp_forms[f], ps[i], moderate) == 0)
                check_accuracy(&lp_forms[f], &par, what);
            lp_params_clear(&par);
        }
    }
}

/* At sizes where doubles cannot hold the numbers, every method says so: a
 * status that is not ok comes with a note, and ok means a finite positive
 * value. */
static void
test_honest_status(void)
{
    static const uint64_t ps[] = { 400, 13700, 200000000 };
    char what[160];
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++)
        for (size_t f = 0; f < lp_nforms; f++) {
            const lp_form *form = &lp_forms[f];
            lp_params par;
            if (!has_other_methods(form)
                || form_params(&par, what, sizeof what, form, ps[i], papers) != 0)
                continue;
            for (int m = LP_MPFR; m < LP_NMETHODS; m++) {
                lp_result res;
                int honest;
                if (form->method[m] == NULL)
                    continue;
                lp_result_init(&res);
                lp_evaluate(&res, form, (lp_method) m, &par, 15, 0);
                honest = res.status == LP_OK
                         ? arb_is_finite(res.value) && arb_is_positive(res.value)
                         : res.note[0] != '\0';
                tap_ok(honest, "%s %s %s at %s reports %s%s%s", form->formula, form->form,
                       lp_method_name((lp_method) m), what, lp_status_name(res.status),
                       res.note[0] ? ": " : "", res.note);
                lp_result_clear(&res);
            }
            lp_params_clear(&par);
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
