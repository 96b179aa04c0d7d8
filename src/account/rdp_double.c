/* RDP of one step as Opacus 1.1.2 computes it (opacus/accountants/analysis/
 * rdp.py), translated into C doubles: for an integer order, log of the
 * binomial coefficient computed as a double (scipy.special.binom), i log q +
 * (alpha - i) log(1 - q), and a log-add of the terms; for a fractional order,
 * the two erfc series of Mironov, Talwar and Zhang (2019), Section 3.3, summed
 * until a term falls below e^-30.  Measured, never trusted.  Contract in
 * account.h. */
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include "account/account.h"
#include "numeric/numeric.h"

/* log(exp(a) + exp(b)) */
static double
log_add(double a, double b)
{
    double m = fmax(a, b), n = fmin(a, b);
    if (n == -INFINITY)
        return m;
    return log1p(exp(n - m)) + m;
}

/* log(exp(a) - exp(b)), a > b */
static double
log_sub(double a, double b)
{
    if (b == -INFINITY)
        return a;
    if (a == b)
        return -INFINITY;
    return log(expm1(a - b)) + b;
}

/* C(alpha, i) as a double for real alpha, by the product formula as scipy
 * evaluates small i; inf once it exceeds the double range. */
static double
binom_d(double alpha, double i)
{
    double r = 1.0;
    for (double k = 0; k < i; k++)
        r *= (alpha - k) / (k + 1.0);
    return r;
}

static double
log_erfc_d(double x)
{
    double r = erfc(x);
    if (r > 0)
        return log(r);
    /* asymptotic, as the accountants fall back to */
    return -x * x - log(x) - 0.5 * log(M_PI);
}

static double
log_a_int(double q, double s, double alpha)
{
    double log_a = -INFINITY;
    for (double i = 0; i <= alpha; i++) {
        double log_coef = log(binom_d(alpha, i)) + i * log(q) + (alpha - i) * log(1.0 - q);
        log_a = log_add(log_a, log_coef + (i * i - i) / (2.0 * s * s));
    }
    return log_a;
}

static double
log_a_frac(double q, double s, double alpha)
{
    double log_a0 = -INFINITY, log_a1 = -INFINITY;
    double z0 = s * s * log(1.0 / q - 1.0) + 0.5;
    for (double i = 0;; i++) {
        double coef = binom_d(alpha, i), log_coef = log(fabs(coef)), j = alpha - i;
        double log_t0 = log_coef + i * log(q) + j * log(1.0 - q);
        double log_t1 = log_coef + j * log(q) + i * log(1.0 - q);
        double log_e0 = log(0.5) + log_erfc_d((i - z0) / (sqrt(2.0) * s));
        double log_e1 = log(0.5) + log_erfc_d((z0 - j) / (sqrt(2.0) * s));
        double log_s0 = log_t0 + (i * i - i) / (2.0 * s * s) + log_e0;
        double log_s1 = log_t1 + (j * j - j) / (2.0 * s * s) + log_e1;
        if (coef > 0) {
            log_a0 = log_add(log_a0, log_s0);
            log_a1 = log_add(log_a1, log_s1);
        } else {
            log_a0 = log_sub(log_a0, log_s0);
            log_a1 = log_sub(log_a1, log_s1);
        }
        if (fmax(log_s0, log_s1) < -30 || !isfinite(fmax(log_s0, log_s1)) || i > 1e7)
            break;
    }
    return log_add(log_a0, log_a1);
}

lp_status
lp_rdp_double(double *rdp, char *note, size_t notelen, double q, double M, double alpha)
{
    double v;
    int fe;
    lp_fp_watch_begin();
    if (q == 1.0)
        v = alpha / (2.0 * M * M);
    else if (alpha == floor(alpha))
        v = log_a_int(q, M, alpha) / (alpha - 1.0);
    else
        v = log_a_frac(q, M, alpha) / (alpha - 1.0);
    fe = lp_fp_watch_end();
    *rdp = v;
    if (isnan(v)) {
        snprintf(note, notelen, "RDP is NaN at order %g%s", alpha,
                 !(fe & FE_OVERFLOW) ? ""
                 : alpha == floor(alpha) ? " (a binomial coefficient overflowed)"
                                         : " (a term of the erfc series overflowed)");
        return (fe & FE_OVERFLOW) ? LP_OVERFLOW : LP_NAN;
    }
    if (isinf(v)) {
        snprintf(note, notelen, alpha == floor(alpha)
                 ? "RDP is inf at order %g: C(alpha, i) overflows a double"
                 : "RDP is inf at order %g: a term of the erfc series overflows a double", alpha);
        return LP_OVERFLOW;
    }
    if (v <= 0.0) {
        snprintf(note, notelen, "RDP came out %g <= 0 at order %g: log A lost to rounding", v, alpha);
        return LP_UNDERFLOW;
    }
    return LP_OK;
}
