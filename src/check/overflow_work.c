/* overflow_work.c -- the overflow command's work estimate.  Contract in
 * overflow_work.h.
 *
 * Each grid point is a doubling search from p = 1 to the first failure (or
 * p_max), a bisection and a few probes beyond: some 3 log2(p_max)
 * evaluations, each with an Arb reference, whose cost grows with p (the
 * sums over p terms of mpfr's gauss and of laplace-l1's doubles), so the
 * largest p searched dominates.  Measured on the development machine (2
 * cores shared with other jobs), one grid point at the default p_max =
 * 2^31 - 1, default forms:
 *   gauss  mpfr 14 - 19 s (sigma 1, 0.5), the default grid of 3 in 36 s;
 *          double 0.28 s, logdouble 0.52 - 0.62 s, gsl 0.1 s a point;
 *   vmf    every method 0.02 - 0.1 s a point;
 *   laplace-l1 double 28 s at b = 1 but 0.16 s at b = 0.1 (it fails early
 *          there), logdouble 23 - 31 s.
 * gauss's printed form sums p terms where the proof's is one integral: at
 * sigma 1, printed logdouble 35 s (the model had 0.65 s: off by 54) and
 * printed mpfr 111 s CPU a point; printed double and gsl overflow early
 * (0.02 s).
 * The model takes the slow end per point, c(mechanism, form, method), scaled by
 * (log2(p_max)/31)^2 (gauss mpfr at p_max = 1000: 1.4 s measured, model
 * 1.2 s), plus 0.05 s to start. */
#include <math.h>
#include <string.h>
#include "check/overflow_work.h"

double
lp_overflow_work_seconds(const char *mechanism, const char *form, const char *method, size_t points,
                         uint64_t p_max)
{
    double c = 0.3, scale = log2((double) (p_max > 2 ? p_max : 2)) / 31.0;
    if (strcmp(mechanism, "gauss") == 0 && form && strcmp(form, "printed") == 0
        && (strcmp(method, "mpfr") == 0 || strcmp(method, "logdouble") == 0)) {
        /* its sum over p terms: the work grows as p_max^0.7 (logdouble, sigma 1:
           p_max 1e6 0.13 s, 4e6 0.46 s, 2^31 - 1 35 s) */
        c = strcmp(method, "mpfr") == 0 ? 110 : 40;
        return 0.05 + (double) points * c * pow((double) p_max / 2147483647.0, 0.7);
    } else if (strcmp(mechanism, "gauss") == 0)
        c = strcmp(method, "mpfr") == 0 ? 12 : strcmp(method, "logdouble") == 0 ? 0.6 : 0.3;
    else if (strcmp(mechanism, "vmf") == 0)
        c = 0.1;
    else if (strcmp(mechanism, "laplace-l1") == 0)
        c = strcmp(method, "logdouble") == 0 ? 25 : strcmp(method, "double") == 0 ? 20 : 0.3;
    return 0.05 + (double) points * c * scale * scale;
}
