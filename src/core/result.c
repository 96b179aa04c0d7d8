/* result.c -- the result of one evaluation: status, value, and how it is set
 * and printed.  Contracts in leakproof.h and result.h. */
#include <fenv.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "core/result.h"
#include "core/record.h"

static const char *const status_names[] = {
    "ok", "overflow", "underflow", "nan", "domain", "declined", "failed", "uncertified",
    "inaccurate"
};

const char *
lp_status_name(lp_status status)
{
    if ((unsigned) status < sizeof status_names / sizeof status_names[0])
        return status_names[status];
    return "unknown";
}

static const char *const method_names[LP_NMETHODS] = {
    "arb", "mpfr", "double", "logdouble", "gsl"
};

const char *
lp_method_name(lp_method method)
{
    return (unsigned) method < LP_NMETHODS ? method_names[method] : "unknown";
}

int
lp_method_from_name(const char *name)
{
    for (int m = 0; m < LP_NMETHODS; m++)
        if (strcmp(name, method_names[m]) == 0)
            return m;
    return -1;
}

void
lp_result_init(lp_result *res)
{
    res->status = LP_OK;
    res->certified = 0;
    arb_init(res->value);
    arb_indeterminate(res->value);
    res->digits = 0;
    res->prec = 0;
    res->note[0] = '\0';
}

void
lp_result_clear(lp_result *res)
{
    arb_clear(res->value);
}

lp_status
lp_result_set_arb(lp_result *res, const arb_t x)
{
    arb_set(res->value, x);
    res->certified = 1;
    res->status = LP_OK;
    return LP_OK;
}

lp_status
lp_result_fail(lp_result *res, lp_status status, const char *fmt, ...)
{
    va_list ap;
    res->status = status;
    res->certified = 0;
    arb_indeterminate(res->value);
    va_start(ap, fmt);
    vsnprintf(res->note, sizeof res->note, fmt, ap);
    va_end(ap);
    return status;
}

void
lp_fp_watch_begin(void)
{
    feclearexcept(FE_ALL_EXCEPT);
}

int
lp_fp_watch_end(void)
{
    return fetestexcept(FE_OVERFLOW | FE_UNDERFLOW | FE_INVALID | FE_DIVBYZERO);
}

lp_status
lp_result_set_double(lp_result *res, double v, int fe_raised)
{
    res->certified = 0;
    res->prec = 53;
    res->digits = 17;
    if (isnan(v))
        return lp_result_fail(res, (fe_raised & FE_OVERFLOW) ? LP_OVERFLOW : LP_NAN,
                              (fe_raised & FE_OVERFLOW)
                              ? "NaN after an intermediate overflow (inf/inf or 0*inf)"
                              : "NaN");
    if (isinf(v))
        return lp_result_fail(res, LP_OVERFLOW, "the double result is inf");
    if (v == 0.0)
        return lp_result_fail(res, LP_UNDERFLOW, "the double result is 0 but the true value is positive");
    arb_set_d(res->value, v);
    res->status = LP_OK;
    if (fe_raised & FE_OVERFLOW)
        snprintf(res->note, sizeof res->note, "finite, although an intermediate overflowed");
    if (fpclassify(v) == FP_SUBNORMAL && 4.9406564584124654e-324 / fabs(v) > LP_INACCURATE_TOL) {
        /* fewer than 53 significant bits: say so rather than ok */
        res->status = LP_INACCURATE;
        snprintf(res->note, sizeof res->note, "the double result %.3g is subnormal: "
                 "its precision, 2^-1074 over it, is worse than %g", v, LP_INACCURATE_TOL);
        return LP_INACCURATE;
    }
    return LP_OK;
}

lp_status
lp_result_set_log(lp_result *res, double logv)
{
    arb_t t;
    res->certified = 0;
    res->prec = 53;
    res->digits = 17;
    if (isnan(logv))
        return lp_result_fail(res, LP_NAN, "the log-space result is NaN");
    if (isinf(logv))
        return lp_result_fail(res, logv > 0 ? LP_OVERFLOW : LP_UNDERFLOW,
                              "the log-space result is %s", logv > 0 ? "+inf" : "-inf");
    /* exp of the method's own log: a conversion for printing, not a bound */
    arb_init(t);
    arb_set_d(t, logv);
    arb_exp(t, t, 128 + (slong) fabs(logv > 1 ? log2(fabs(logv)) : 0));
    arf_set_round(arb_midref(res->value), arb_midref(t), 64, ARF_RND_NEAR);
    mag_zero(arb_radref(res->value));
    arb_clear(t);
    res->status = LP_OK;
    return LP_OK;
}

lp_status
lp_result_set_mpfr(lp_result *res, const mpfr_t v)
{
    res->certified = 0;
    res->prec = (slong) mpfr_get_prec(v);
    res->digits = (slong) (res->prec * 0.30102999566398120);
    if (mpfr_nan_p(v))
        return lp_result_fail(res, mpfr_overflow_p() ? LP_OVERFLOW : LP_NAN, "MPFR result is NaN");
    if (mpfr_inf_p(v))
        return lp_result_fail(res, LP_OVERFLOW, "MPFR result is inf");
    if (mpfr_zero_p(v))
        return lp_result_fail(res, LP_UNDERFLOW, "MPFR result is 0 but the true value is positive");
    arf_set_mpfr(arb_midref(res->value), v);
    mag_zero(arb_radref(res->value));
    res->status = LP_OK;
    return LP_OK;
}

double
lp_rel_error_bound(const lp_result *res)
{
    mag_t lo, r;
    double d = -1;
    if (res->status != LP_OK || !res->certified || !arb_is_finite(res->value)
        || arb_contains_zero(res->value))
        return -1;
    mag_init(lo);
    mag_init(r);
    arb_get_mag_lower(lo, res->value);
    mag_div(r, arb_radref(res->value), lo);
    d = mag_get_d(r);
    mag_clear(lo);
    mag_clear(r);
    return d;
}

double
lp_rel_error(const lp_result *x, const lp_result *ref)
{
    arb_t d;
    arf_t u;
    double e;
    if ((x->status != LP_OK && x->status != LP_INACCURATE) || ref->status != LP_OK || !ref->certified
        || arb_contains_zero(ref->value) || !arb_is_finite(ref->value))
        return -1;
    arb_init(d);
    arf_init(u);
    arb_sub(d, x->value, ref->value, 64);
    arb_div(d, d, ref->value, 64);
    arb_get_abs_ubound_arf(u, d, 64);
    e = arf_get_d(u, ARF_RND_UP);
    arb_clear(d);
    arf_clear(u);
    return e;
}

char *
lp_format_value(const lp_result *res, slong digits)
{
    /* the record's decimal (core/record.c), in FLINT's allocator for the
       callers that free with flint_free */
    char *d, *out;
    if (res->status != LP_OK)
        return NULL;
    if ((d = lp_ball_decimal(res->value, digits)) == NULL)
        return NULL;
    out = flint_malloc(strlen(d) + 1);
    strcpy(out, d);
    free(d);
    return out;
}

char *
lp_format_log10(const lp_result *res, slong digits)
{
    arb_t l, ten;
    char *s, *out;
    slong prec;
    if (res->status != LP_OK || !arb_is_finite(res->value) || !arb_is_positive(res->value))
        return NULL;
    arb_init(l);
    arb_init(ten);
    prec = 64 + 4 * digits + fmpz_bits(ARF_EXPREF(arb_midref(res->value)));
    arb_log(l, res->value, prec);
    arb_set_ui(ten, 10);
    arb_log(ten, ten, prec);
    arb_div(l, l, ten, prec);
    {
        /* as many digits after the point as `digits` asks, whatever the size */
        double mag = fabs(arf_get_d(arb_midref(l), ARF_RND_NEAR));
        slong intdigits = mag >= 1 ? (slong) log10(mag) + 1 : 0;
        s = arb_get_str(l, digits + intdigits, ARB_STR_NO_RADIUS);
    }
    out = NULL;
    if (!strchr(s, '[')) {
        out = flint_malloc(strlen(s) + 1);
        strcpy(out, s);
    }
    flint_free(s);
    arb_clear(l);
    arb_clear(ten);
    return out;
}

char *
lp_format_ball(const arb_t x, slong digits)
{
    lp_result r;
    char *s;
    lp_result_init(&r);
    lp_result_set_arb(&r, x);
    s = lp_format_value(&r, digits);
    lp_result_clear(&r);
    return s;
}

double
lp_ball_rel_error_bound(const arb_t x)
{
    lp_result r;
    double d;
    lp_result_init(&r);
    lp_result_set_arb(&r, x);
    d = lp_rel_error_bound(&r);
    lp_result_clear(&r);
    return d;
}
