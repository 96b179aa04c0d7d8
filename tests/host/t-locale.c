/* t-locale.c -- leakproof inside a host that set a comma-decimal locale
 * (issue 21): every reproducer through lp_call, and the library's own text
 * conversions, give bit for bit what they give in the C locale, and the host's
 * locale is as it was after each call.
 *
 * The locale is de_DE.UTF-8: the system's when it is installed, else compiled
 * here into a private directory (localedef, from Debian's package `locales`,
 * and LOCPATH).  Without either the test skips and says so. */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "leakproof.h"
#include "tap.h"

#define MAXARGS 24

static char cov[512], beta[512], eig[512];

static const char *const calls[][MAXARGS] = {
    /* the reproducers of a comma-decimal host */
    { "mc", "vmf", "--p", "3", "--kappa", "2.5", "--samples", "20000", "--seed", "5", "--threads", "1" },
    { "eval", "gauss", "--p", "3", "--sigma", "1", "--radius", "1.5", "--method", "double" },
    { "eval", "gauss", "--p", "3", "--sigma", "1", "--radius", "1.5" },
    { "eval", "gauss", "--p", "300", "--sigma", "0.1", "--radius", "1.5", "--form", "printed" },
    { "mc", "gauss", "--p", "3", "--sigma", "0.5", "--radius", "1.2", "--samples", "20000", "--seed", "7",
      "--threads", "1" },
    /* the other commands, with decimal points in their inputs and outputs */
    { "eval", "vmf", "--p", "3", "--kappa", "2.5", "--method", "mpfr", "--compare" },
    { "eval", "gauss", "--p", "3", "--sigma", "1.5", "--radius", "0.5", "--method", "gsl" },
    { "account", "--noise-multiplier", "1.1", "--sampling-rate", "0.01", "--steps", "100", "--delta", "1e-5",
      "--orders", "2,8.5,32" },
    { "calibrate", "gaussian", "--epsilon", "0.5", "--delta", "1e-5" },
    { "channel", "personalized", "--covariance", cov, "--beta", beta, "--capacity", "1.5" },
    { "channel", "natural", "--eigenvalues-file", eig, "--capacity", "300.5" },
    { "channel", "capacity", "--eigenvalues", "222.21,85.08,9.91", "--noise-variance", "10.5" },
    { "adversary", "gaussian", "--d", "4", "--prior-var", "1.5", "--gain", "0.5", "--noise", "0.5", "--delta", "0.5",
      "--samples", "1000" },
};
#define NCALLS (sizeof calls / sizeof calls[0])

typedef struct {
    int rc;
    char *json, *error;
} outcome;

static void
call(outcome *o, const char *const *args)
{
    size_t n = 0;
    while (n < MAXARGS && args[n])
        n++;
    o->json = o->error = NULL;
    o->rc = lp_call(args, n, &o->json, &o->error);
}

static int
same_text(const char *a, const char *b)
{
    return (a == NULL && b == NULL) || (a && b && strcmp(a, b) == 0);
}

/* de_DE.UTF-8 made the process's locale, or 0 */
static int
comma_locale(char *why, size_t len)
{
    static char dir[] = "/tmp/t-locale-XXXXXX";
    char command[600];
    if (setlocale(LC_ALL, "de_DE.UTF-8") != NULL)
        return 1;
    if (mkdtemp(dir) == NULL) {
        snprintf(why, len, "de_DE.UTF-8 is not installed and no directory for it in /tmp");
        return 0;
    }
    snprintf(command, sizeof command, "localedef -i de_DE -f UTF-8 %s/de_DE.UTF-8 >/dev/null 2>&1", dir);
    if (system(command) == 0 && setenv("LOCPATH", dir, 1) == 0 && setlocale(LC_ALL, "de_DE.UTF-8") != NULL)
        return 1;
    snprintf(why, len, "de_DE.UTF-8 is not installed and localedef could not make it "
             "(Debian: apt-get install locales; localedef -i de_DE -f UTF-8 de_DE.UTF-8)");
    return 0;
}

int
main(void)
{
    const char *src = getenv("srcdir") ? getenv("srcdir") : ".";
    outcome c_locale[NCALLS];
    char why[300];

    snprintf(cov, sizeof cov, "%s/cases/tan/cov-4.csv", src);
    snprintf(beta, sizeof beta, "%s/cases/tan/beta-4.csv", src);
    snprintf(eig, sizeof eig, "%s/cases/tan/eig.txt", src);

    setlocale(LC_ALL, "C");
    for (size_t i = 0; i < NCALLS; i++)
        call(&c_locale[i], calls[i]);
    if (!comma_locale(why, sizeof why)) {
        printf("1..0 # SKIP %s\n", why);
        return 0;
    }
    tap_ok(strcmp(localeconv()->decimal_point, ",") == 0, "the host's locale writes decimals with '%s'",
           localeconv()->decimal_point);
    for (size_t i = 0; i < NCALLS; i++) {
        outcome o;
        call(&o, calls[i]);
        tap_ok(c_locale[i].rc == 0 && o.rc == c_locale[i].rc && same_text(o.json, c_locale[i].json)
               && same_text(o.error, c_locale[i].error),
               "%s %s %s %s under de_DE.UTF-8: status %d and record bit for bit as in the C locale "
               "(status %d there)%s%.300s", calls[i][0], calls[i][1], calls[i][2], calls[i][3], o.rc,
               c_locale[i].rc, same_text(o.json, c_locale[i].json) ? "" : "; differs: ", 
               same_text(o.json, c_locale[i].json) ? "" : o.json ? o.json : o.error ? o.error : "(nothing)");
        lp_free(o.json);
        lp_free(o.error);
    }
    tap_ok(strcmp(localeconv()->decimal_point, ",") == 0, "after the calls the host's locale is its own ('%s')",
           localeconv()->decimal_point);

    /* the library's functions called directly, outside lp_call */
    {
        lp_params par;
        lp_result a, b;
        char err[200];
        char *sa, *sb;
        mpfr_t x;
        lp_params_init(&par);
        lp_result_init(&a);
        lp_result_init(&b);
        lp_params_set(&par, LP_PARAM_ID_P, "3", err, sizeof err);
        lp_params_set(&par, LP_PARAM_ID_SIGMA, "1", err, sizeof err);
        lp_params_set(&par, LP_PARAM_ID_RADIUS, "1.5", err, sizeof err);
        lp_evaluate(&a, lp_form_find("gauss", "proof"), LP_DOUBLE, &par, 17, 0);
        setlocale(LC_ALL, "C");
        lp_evaluate(&b, lp_form_find("gauss", "proof"), LP_DOUBLE, &par, 17, 0);
        sa = lp_format_value(&a, 17);
        sb = lp_format_value(&b, 17);
        tap_ok(sa && sb && strcmp(sa, sb) == 0 && strstr(sa, "6.54") == sa,
               "lp_params_set and lp_evaluate under de_DE.UTF-8: radius 1.5 gives %s (C locale: %s)", sa, sb);
        free(sa);
        free(sb);
        setlocale(LC_ALL, "de_DE.UTF-8");
        mpfr_init2(x, 64);
        lp_decimal_mpfr(x, "2.5");
        tap_ok(mpfr_cmp_d(x, 2.5) == 0, "lp_decimal_mpfr reads 2.5 under de_DE.UTF-8 (got %.3f)",
               mpfr_get_d(x, MPFR_RNDN));
        mpfr_clear(x);
        lp_result_clear(&a);
        lp_result_clear(&b);
        lp_params_clear(&par);
    }
    for (size_t i = 0; i < NCALLS; i++) {
        lp_free(c_locale[i].json);
        lp_free(c_locale[i].error);
    }
    setlocale(LC_ALL, "C");
    flint_cleanup();
    return tap_done();
}
