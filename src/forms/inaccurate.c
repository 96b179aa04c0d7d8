/* inaccurate.c -- the non-certified methods' own evidence that a value lost
 * accuracy: a factor that came out subnormal with a precision (2^-1074 over
 * itself) worse than LP_INACCURATE_TOL (a product or quotient with it carries
 * its loss), a log-space sum whose
 * terms are so large that the rounding of each (2^-53 of its magnitude)
 * exceeds LP_INACCURATE_TOL in the result, or GSL's own error estimate above
 * it.  Such a result keeps its value and says `inaccurate` instead of `ok`.
 * Contracts in forms.h. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "forms/forms.h"

int
lp_double_subnormal(double x)
{
    return fpclassify(x) == FP_SUBNORMAL;
}

lp_status
lp_result_mark_inaccurate(lp_result *res, const char *fmt, ...)
{
    va_list ap;
    size_t used;
    if (res->status != LP_OK || res->certified)
        return res->status;
    res->status = LP_INACCURATE;
    used = strlen(res->note);
    if (used && used + 2 < sizeof res->note) {
        strcpy(res->note + used, "; ");
        used += 2;
    }
    va_start(ap, fmt);
    vsnprintf(res->note + used, sizeof res->note - used, fmt, ap);
    va_end(ap);
    return res->status;
}

lp_status
lp_result_check_subnormal(lp_result *res, const char *const *names, const double *vals, int n)
{
    for (int i = 0; i < n; i++) {
        /* a subnormal's spacing, 2^-1074, against itself: its relative precision */
        double rel = lp_double_subnormal(vals[i]) ? DBL_TRUE_MIN / fabs(vals[i]) : 0.0;
        if (rel > LP_INACCURATE_TOL)
            return lp_result_mark_inaccurate(res, "%s = %.3g is subnormal: its precision, "
                                             "%.2g relative, is lost to the value", names[i],
                                             vals[i], rel);
    }
    return res->status;
}

lp_status
lp_result_check_log_magnitude(lp_result *res, double mag)
{
    /* exp(L) with L off by e is off by about e relatively */
    double est = 2.0 * DBL_EPSILON * fabs(mag);
    if (est > LP_INACCURATE_TOL)
        return lp_result_mark_inaccurate(res, "its logs reach %.3g: their rounding alone "
                                         "is about %.2g relative, above %g", mag, est,
                                         LP_INACCURATE_TOL);
    return res->status;
}

lp_status
lp_result_check_gsl_err(lp_result *res, const char *what, double val, double err)
{
    if (val != 0 && isfinite(err) && fabs(err / val) > LP_INACCURATE_TOL)
        return lp_result_mark_inaccurate(res, "GSL estimates the error of %s at %.2g "
                                         "relative, above %g", what, fabs(err / val),
                                         LP_INACCURATE_TOL);
    return res->status;
}
