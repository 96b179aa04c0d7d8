/* common.c -- the numerical pieces the peers' RDP accountants share,
 * written in C doubles from their documented behaviour (read, not copied):
 *   - Python's semantics where the peers rely on them: min/max with a NaN
 *     (the first argument wins), math.log(0) and a negative log-sub raising
 *     ValueError, math.expm1 raising OverflowError (caught by _log_sub);
 *   - scipy.special.binom (scipy/special/orthogonal_eval.pxd): for integer k
 *     (after the symmetry k -> n - k for integer n) below 20 a product with
 *     rescaling, otherwise 1 / ((n + 1) B(1 + n - k, 1 + k)), so that the
 *     coefficient overflows to inf once it exceeds the double range (C(1030,
 *     515) ~ 2.8e308);
 *   - scipy.special.log_ndtr (log Phi), as scipy documents it: -Phi(-x) for
 *     x > 6 (log(1 - e) ~ -e), log(erfc(-x/sqrt 2)/2) for -20 < x <= 6, and
 *     for x <= -20 the asymptotic series of log Phi(x) = -x^2/2 - log(-x) -
 *     log(2 pi)/2 + log(1 - 1/x^2 + 3/x^4 - 15/x^6 + ...) summed until a
 *     term no longer changes the sum (Abramowitz and Stegun 26.2.12);
 *   - leakproof's own, not the peers': the estimate of a port's error from
 *     the magnitudes of the logs it sums (lp_peer_weigh) and the status it
 *     gives (lp_rdp_peer_status).
 * Contracts in peers.h. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include "account/peers/peers.h"

double
lp_py_min(double x, double y)
{
    return y < x ? y : x;       /* Python's min: x unless y is smaller */
}

double
lp_py_max(double x, double y)
{
    return y > x ? y : x;       /* Python's max: x unless y is larger */
}

double
lp_peer_log_add(double logx, double logy)
{
    double a = lp_py_min(logx, logy), b = lp_py_max(logx, logy);
    if (a == -INFINITY)
        return b;
    return log1p(exp(a - b)) + b;
}

int
lp_peer_log_sub(double *r, double logx, double logy)
{
    double d;
    if (logx < logy)
        return -1;              /* ValueError: the result must be non-negative */
    if (logy == -INFINITY) {
        *r = logx;
        return 0;
    }
    if (logx == logy) {
        *r = -INFINITY;
        return 0;
    }
    d = logx - logy;
    if (d > 709.782712893384)   /* math.expm1 raises OverflowError: return logx */
        *r = logx;
    else
        *r = log(expm1(d)) + logy;
    return 0;
}

double
lp_peer_binom(double n, double k)
{
    double kx = floor(k), nx = floor(n), lb;
    int sa, sb, sab;
    if (n < 0 && n == nx)
        return NAN;
    if (k == kx && (fabs(n) > 1e-8 || n == 0)) {
        if (nx == n && kx > nx / 2 && nx > 0)
            kx = nx - kx;
        if (kx >= 0 && kx < 20) {
            double num = 1.0, den = 1.0;
            for (int i = 1; i <= (int) kx; i++) {
                num *= i + n - kx;
                den *= i;
                if (fabs(num) > 1e50) {
                    num /= den;
                    den = 1.0;
                }
            }
            return num / den;
        }
    }
    /* the general case: 1/((n+1) B(1+n-k, 1+k)), B from log|Gamma| and signs;
       B underflows to 0 (the coefficient to inf) past the double range */
    lb = lgamma_r(1.0 + n - k, &sa) + lgamma_r(1.0 + k, &sb) - lgamma_r(2.0 + n, &sab);
    return 1.0 / ((n + 1.0) * (double) (sa * sb * sab) * exp(lb));
}

double
lp_peer_log_ndtr(double x)
{
    double lhs, rhs = 1.0, last = 0.0, num = 1.0, den = 1.0, c;
    int sign = 1;
    if (x > 6.0)
        return -0.5 * erfc(x / M_SQRT2);
    if (x > -20.0)
        return log(0.5 * erfc(-x / M_SQRT2));
    lhs = -0.5 * x * x - log(-x) - 0.5 * log(2.0 * M_PI);
    c = 1.0 / (x * x);
    for (int i = 1; fabs(last - rhs) > DBL_EPSILON && i < 200; i++) {
        last = rhs;
        sign = -sign;
        den *= c;
        num *= 2.0 * i - 1.0;
        rhs += sign * num * den;
    }
    return lhs + log(rhs);
}

double
lp_peer_log_erfc(double x)
{
    /* the peers' _log_erfc: log(2) + log_ndtr(-x sqrt 2) */
    return log(2.0) + lp_peer_log_ndtr(-x * M_SQRT2);
}

/* The status of a peer's RDP from log A and the log of the weighted
 * magnitudes of the logs summed into it, and the estimated relative error of
 * RDP (their rounding against log A: large where log A ~ q^2 is a difference
 * of terms near 1).  Shared by the peers' ports (peers.h). */
lp_status
lp_rdp_peer_status(double *rdp, double *rel_est, char *note, size_t notelen, double log_a,
                   double mag, double alpha, int fe, const char *what)
{
    double v = log_a / (alpha - 1.0);
    *rdp = v;
    *rel_est = 0.0;
    if (isnan(v)) {
        snprintf(note, notelen, "RDP is NaN at order %g%s", alpha,
                 (fe & (FE_OVERFLOW | FE_DIVBYZERO)) ? ": inf - inf after an overflow (the peer "
                 "returns NaN, which the conversion skips)" : "");
        return (fe & (FE_OVERFLOW | FE_DIVBYZERO)) ? LP_OVERFLOW : LP_NAN;
    }
    if (isinf(v)) {
        snprintf(note, notelen, "RDP is inf at order %g: %s", alpha, what);
        return LP_OVERFLOW;
    }
    *rel_est = DBL_EPSILON * exp(mag - log_a) / fabs(log_a);
    if (v <= 0.0) {
        snprintf(note, notelen, "RDP came out %g <= 0 at order %g: log A lost to rounding "
                 "(the peer goes on with it)", v, alpha);
        *rel_est = INFINITY;
        return LP_INACCURATE;
    }
    if (*rel_est > LP_INACCURATE_TOL)
        snprintf(note, notelen, "log A = %.3g at order %g: the rounding of the logs summed "
                 "into it, and the terms the series leaves out, are about %.2g of it "
                 "(cancellation, truncation)", log_a, alpha, *rel_est);
    return LP_OK;
}

double
lp_peer_weigh(double m, double log_s, double extra)
{
    double mg = fabs(log_s) + fabs(extra);
    if (!isfinite(log_s) || !(mg > 0))
        return m;
    return lp_peer_log_add(m, log_s + log(mg));
}
