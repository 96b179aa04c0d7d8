/* RDP of one step as Google's dp_accounting computes it (rdp_privacy_accountant
 * _compute_log_a_int): log-binomials from lgamma, i log q + (alpha - i)
 * log(1 - q), log-sum-exp of the terms in doubles.  Integer orders only.
 * Measured, never trusted.  Contract in account.h. */
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include "core/host.h"
#include "account/account.h"
#include "numeric/numeric.h"

lp_status
lp_rdp_logdouble(double *rdp, char *note, size_t notelen, double q, double M, double alpha)
{
    lp_lse acc;
    double v, lg_a1;
    int fe;
    if (alpha != floor(alpha)) {
        snprintf(note, notelen, "logdouble takes integer orders only (got %g)", alpha);
        return LP_DOMAIN;
    }
    lp_fp_watch_begin();
    if (q == 1.0) {
        v = alpha / (2.0 * M * M);
    } else {
        lg_a1 = lp_lgamma(alpha + 1.0);
        lp_lse_init(&acc);
        for (double i = 0; i <= alpha; i++) {
            double log_coef = lg_a1 - lp_lgamma(i + 1.0) - lp_lgamma(alpha - i + 1.0)
                              + i * log(q) + (alpha - i) * log(1.0 - q);
            lp_lse_add(&acc, log_coef + (i * i - i) / (2.0 * M * M));
        }
        v = lp_lse_value(&acc) / (alpha - 1.0);
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
    return LP_OK;
}
