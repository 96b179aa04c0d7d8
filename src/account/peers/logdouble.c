/* RDP of one step by leakproof's own logdouble method: dp_accounting's
 * integer path (rdp_privacy_accountant _compute_log_a_int) with log(1 - q)
 * where dp_accounting now has log1p(-q): log-binomials from lgamma, i log q +
 * (alpha - i) log(1 - q), log-sum-exp of the terms in doubles.  Integer
 * orders only.  Measured, never trusted; the rounding of the logs summed into
 * log A is estimated against it, as for the peers' ports (opacus.c).
 * Contract in peers.h. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include "core/host.h"
#include "account/peers/peers.h"
#include "numeric/numeric.h"

lp_status
lp_rdp_logdouble_est(double *rdp, double *rel_est, char *note, size_t notelen, double q,
                     double M, double alpha)
{
    lp_lse acc;
    double v, lg_a1, mag = -INFINITY, log_a;
    int fe;
    *rel_est = 0.0;
    if (alpha != floor(alpha)) {
        snprintf(note, notelen, "logdouble takes integer orders only (got %g)", alpha);
        return LP_DOMAIN;
    }
    lp_fp_watch_begin();
    if (q == 1.0) {
        v = alpha / (2.0 * M * M);
        log_a = v * (alpha - 1.0);
    } else {
        lg_a1 = lp_lgamma(alpha + 1.0);
        lp_lse_init(&acc);
        for (double i = 0; i <= alpha; i++) {
            double lc = lg_a1 - lp_lgamma(i + 1.0) - lp_lgamma(alpha - i + 1.0);
            double t = lc + i * log(q) + (alpha - i) * log(1.0 - q) + (i * i - i) / (2.0 * M * M);
            /* each component's magnitude, and the rounding of 1 - q ((alpha - i)
               units of 2^-53 in (alpha - i) log(1 - q)), weighted by the term */
            double mg = 2.0 * lg_a1 + fabs(i * log(q)) + fabs((alpha - i) * log(1.0 - q))
                        + (alpha - i) + (i * i + i) / (2.0 * M * M);
            lp_lse_add(&acc, t);
            if (isfinite(t) && mg > 0)
                mag = lp_peer_log_add(mag, t + log(mg));
        }
        log_a = lp_lse_value(&acc);
        v = log_a / (alpha - 1.0);
    }
    fe = lp_fp_watch_end();
    *rdp = v;
    if (isnan(v)) {
        snprintf(note, notelen, "RDP is NaN at order %g", alpha);
        return (fe & FE_OVERFLOW) ? LP_OVERFLOW : LP_NAN;
    }
    if (isinf(v)) {
        snprintf(note, notelen, "RDP is inf at order %g", alpha);
        return LP_OVERFLOW;
    }
    if (v <= 0.0) {
        snprintf(note, notelen, "RDP came out %g <= 0 at order %g: log A lost to rounding", v, alpha);
        return LP_UNDERFLOW;
    }
    if (isfinite(mag)) {
        *rel_est = DBL_EPSILON * exp(mag - log_a) / fabs(log_a);
        if (*rel_est > LP_INACCURATE_TOL)
            snprintf(note, notelen, "log A = %.3g at order %g: the rounding of the logs summed "
                     "into it is about %.2g of it (cancellation)", log_a, alpha, *rel_est);
    }
    return LP_OK;
}
