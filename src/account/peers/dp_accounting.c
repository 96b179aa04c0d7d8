/* RDP of one step as Google's dp_accounting computes it today
 * (python/dp_accounting/rdp/rdp_privacy_accountant.py: _compute_log_a_int,
 * _compute_log_a_frac, _compute_rdp_poisson_subsampled_gaussian), followed
 * step by step in C doubles (read, not copied; the library behaviour in
 * common.c):
 *   integer alpha: log_a = log-add over i = 0..alpha of _log_comb(alpha, i)
 *     (gammaln: log C never overflows) + i log q + (alpha - i) log1p(-q)
 *     + (i^2 - i)/(2 s^2);
 *   fractional alpha (the newer series): the same two series as Mironov,
 *     Talwar and Zhang (2019), Section 3.3, but every term ADDED with
 *     log|C(alpha, i)| from gammaln (no sign: an upper bound on A where the
 *     signed series alternates), and a stop rule: both terms decreasing and
 *     below total - 30; after _MAX_STEPS_LOG_A_FRAC = 1000 terms without it,
 *     dp_accounting logs a warning and returns inf (the order is excluded);
 *   RDP = log_a / (alpha - 1); q = 1: alpha / (2 s^2).
 * The statuses as in common.c (lp_rdp_peer_status).  Contract in
 * peers.h. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include "core/host.h"
#include "account/peers/peers.h"
#include "numeric/numeric.h"

#define MAX_STEPS_LOG_A_FRAC 1000

static double
log_comb(double n, double k)
{
    return lp_lgamma(n + 1.0) - lp_lgamma(k + 1.0) - lp_lgamma(n - k + 1.0);
}

lp_status
lp_rdp_dp_accounting_est(double *rdp, double *rel_est, char *note, size_t notelen, double q,
                         double M, double alpha)
{
    const double log1mq = log1p(-q), s = M;
    double log_a = -INFINITY, mag = -INFINITY;
    /* on the side, what dp_accounting does not do: the signed series (as
       Opacus sums it), to see how far the unsigned one lies above it */
    double sg0 = -INFINITY, sg1 = -INFINITY;
    int signed_ok = 1, fe;
    lp_status st;
    note[0] = '\0';
    *rel_est = 0.0;
    if (q == 1.0) {
        *rdp = alpha / (2.0 * M * M);
        return LP_OK;
    }
    lp_fp_watch_begin();
    if (alpha == floor(alpha)) {
        for (double i = 0; i <= alpha; i++) {
            double lc = log_comb(alpha, i);
            double log_coef_i = lc + i * log(q) + (alpha - i) * log1mq;
            double t = log_coef_i + (i * i - i) / (2.0 * (s * s));
            log_a = lp_peer_log_add(log_a, t);
            mag = lp_peer_weigh(mag, t, fabs(lc) + fabs(i * log(q)) + fabs((alpha - i) * log1mq));
            (void) sg0;
        }
    } else {
        const double z0 = s * s * log(1.0 / q - 1.0) + 0.5;
        double log_a0 = -INFINITY, log_a1 = -INFINITY, last_s0 = -INFINITY, last_s1 = -INFINITY;
        int done = 0;
        for (int k = 0; k < MAX_STEPS_LOG_A_FRAC; k++) {
            double i = k, j = alpha - i, log_coef = log_comb(alpha, i);
            double log_t0 = log_coef + i * log(q) + j * log1mq;
            double log_t1 = log_coef + j * log(q) + i * log1mq;
            double log_e0 = log(0.5) + lp_peer_log_erfc((i - z0) / (sqrt(2.0) * s));
            double log_e1 = log(0.5) + lp_peer_log_erfc((z0 - j) / (sqrt(2.0) * s));
            double log_s0 = log_t0 + (i * i - i) / (2.0 * (s * s)) + log_e0;
            double log_s1 = log_t1 + (j * j - j) / (2.0 * (s * s)) + log_e1;
            double total;
            log_a0 = lp_peer_log_add(log_a0, log_s0);
            log_a1 = lp_peer_log_add(log_a1, log_s1);
            total = lp_peer_log_add(log_a0, log_a1);
            /* every component's magnitude: they may cancel into a small log_s */
            mag = lp_peer_weigh(mag, log_s0, fabs(log_coef) + fabs(i * log(q)) + fabs(j * log1mq)
                                + (i * i + i) / (2.0 * (s * s)) + fabs(log_e0 - log(0.5)) + log(2.0));
            mag = lp_peer_weigh(mag, log_s1, fabs(log_coef) + fabs(j * log(q)) + fabs(i * log1mq)
                                + (j * j + fabs(j)) / (2.0 * (s * s)) + fabs(log_e1 - log(0.5)) + log(2.0));
            if (signed_ok) {
                /* the sign of C(alpha, i): (-1)^(i - ceil(alpha)) once i > alpha */
                int neg = i > ceil(alpha) && ((long) (i - ceil(alpha))) % 2 == 1;
                if (!neg) {
                    sg0 = lp_peer_log_add(sg0, log_s0);
                    sg1 = lp_peer_log_add(sg1, log_s1);
                } else if (lp_peer_log_sub(&sg0, sg0, log_s0) || lp_peer_log_sub(&sg1, sg1, log_s1)) {
                    signed_ok = 0;
                }
            }
            if (log_s0 < last_s0 && log_s1 < last_s1 && lp_py_max(log_s0, log_s1) < total - 30) {
                log_a = total;
                done = 1;
                /* stopped at terms e^-30 below A, however small A - 1 is: the
                   terms left out are about the last ones (as in opacus.c) */
                mag = lp_peer_log_add(mag, lp_py_max(log_s0, log_s1) - log(DBL_EPSILON));
                break;
            }
            last_s0 = log_s0;
            last_s1 = log_s1;
        }
        if (!done) {
            lp_fp_watch_end();
            *rdp = INFINITY;
            snprintf(note, notelen, "dp_accounting's series at order %g did not converge in %d "
                     "steps: it returns inf and excludes the order", alpha, MAX_STEPS_LOG_A_FRAC);
            return LP_FAILED;
        }
    }
    fe = lp_fp_watch_end();
    st = lp_rdp_peer_status(rdp, rel_est, note, notelen, log_a, mag, alpha, fe,
                            "a term overflows a double");
    if (st == LP_OK && alpha != floor(alpha) && signed_ok) {
        double sg = lp_peer_log_add(sg0, sg1), over = (log_a - sg) / fabs(sg);
        if (sg > 0 && over > *rel_est) {
            *rel_est = over;
            if (over > LP_INACCURATE_TOL)
                snprintf(note, notelen, "order %g: the series adds |C(alpha, i)| (no sign): log A "
                         "%.3g of the unsigned sum against %.3g signed, %.2g above", alpha,
                         log_a, sg, over);
        }
    }
    return st;
}
