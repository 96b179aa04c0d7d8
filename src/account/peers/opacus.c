/* RDP of one step as Opacus computes it (opacus/accountants/analysis/rdp.py,
 * _compute_rdp and _compute_log_a_for_int_alpha / _for_frac_alpha), which is
 * TF Privacy's rdp_accountant.py updated to Python 3 (its docstring says so):
 * the same two series serve TF Privacy's legacy compute_rdp.  Followed step by
 * step in C doubles, with the peers' own library behaviour reproduced in
 * common.c (scipy.special.binom, log_ndtr, Python's exceptions):
 *   integer alpha: log_a = log-add over i = 0..alpha of
 *       log(binom(alpha, i)) + i log q + (alpha - i) log(1 - q) + (i^2 - i)/(2 s^2)
 *     (the binomial as a double: inf past ~1e308, so order 1030 and up overflow);
 *   fractional alpha: Mironov, Talwar and Zhang (2019), Section 3.3: two
 *     series split at z0 = s^2 log(1/q - 1) + 1/2, each term carrying
 *     log(erfc(.)/2) = log_ndtr, added or subtracted (log_sub, which raises
 *     ValueError when the difference would be negative) by the sign of
 *     binom(alpha, i), until max(log_s0, log_s1) < -30 (a do-until loop that
 *     never ends if a term is NaN: declined here after 10^6 terms);
 *   RDP = log_a / (alpha - 1); q = 1: alpha / (2 s^2).
 * What the peer would not say, this port measures on the side: the rounding
 * of the logs summed into log A (2^-52 times their magnitudes, weighted by the
 * terms) against log A itself.  Where that exceeds LP_INACCURATE_TOL (a small
 * q, where log A ~ q^2 is a difference of terms near 1), or RDP came out <= 0,
 * the value is kept and the status is `inaccurate`.  Contract in peers.h. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include "account/peers/peers.h"
#include "numeric/numeric.h"

#define FRAC_TERMS_MAX 1000000

static lp_status
log_a_int(double *log_a, double *mag, char *note, size_t nl, double q, double s, double alpha)
{
    double la = -INFINITY, m = -INFINITY;
    for (double i = 0; i <= alpha; i++) {
        double lb = log(lp_peer_binom(alpha, i));
        double log_coef = lb + i * log(q) + (alpha - i) * log(1.0 - q);
        double t = log_coef + (i * i - i) / (2.0 * (s * s));
        la = lp_peer_log_add(la, t);
        /* log(1 - q) of a rounded 1 - q: (alpha - i) units of 2^-53 on top */
        m = lp_peer_weigh(m, t, fabs(lb) + fabs(i * log(q)) + fabs((alpha - i) * log(1.0 - q))
                          + (alpha - i));
    }
    (void) note;
    (void) nl;
    *log_a = la;
    *mag = m;
    return LP_OK;
}

static lp_status
log_a_frac(double *log_a, double *mag, char *note, size_t nl, double q, double s, double alpha)
{
    double log_a0 = -INFINITY, log_a1 = -INFINITY, m = -INFINITY;
    double log_s0_last = -INFINITY, log_s1_last = -INFINITY;
    const double z0 = s * s * log(1.0 / q - 1.0) + 0.5;
    for (double i = 0;; i++) {
        double coef, log_coef, j, log_t0, log_t1, log_e0, log_e1, log_s0, log_s1;
        if (i >= FRAC_TERMS_MAX) {
            snprintf(note, nl, "the erfc series at order %g has no term below e^-30 after %d "
                     "terms: the peer's do-until loop would not end", alpha, FRAC_TERMS_MAX);
            return LP_DECLINED;
        }
        coef = lp_peer_binom(alpha, i);
        if (coef == 0.0) {
            snprintf(note, nl, "binom(%g, %g) underflowed to 0: math.log(0) raises ValueError "
                     "(the peer refuses the order)", alpha, i);
            return LP_FAILED;
        }
        log_coef = log(fabs(coef));
        j = alpha - i;
        log_t0 = log_coef + i * log(q) + j * log(1.0 - q);
        log_t1 = log_coef + j * log(q) + i * log(1.0 - q);
        log_e0 = log(0.5) + lp_peer_log_erfc((i - z0) / (sqrt(2.0) * s));
        log_e1 = log(0.5) + lp_peer_log_erfc((z0 - j) / (sqrt(2.0) * s));
        log_s0 = log_t0 + (i * i - i) / (2.0 * (s * s)) + log_e0;
        log_s1 = log_t1 + (j * j - j) / (2.0 * (s * s)) + log_e1;
        if (coef > 0) {
            log_a0 = lp_peer_log_add(log_a0, log_s0);
            log_a1 = lp_peer_log_add(log_a1, log_s1);
        } else if (lp_peer_log_sub(&log_a0, log_a0, log_s0) != 0
                   || lp_peer_log_sub(&log_a1, log_a1, log_s1) != 0) {
            snprintf(note, nl, "the erfc series at order %g, term %g: _log_sub raises ValueError "
                     "(the result of subtraction must be non-negative)", alpha, i);
            return LP_FAILED;
        }
        /* every component's magnitude: they may cancel into a small log_s */
        m = lp_peer_weigh(m, log_s0, fabs(log_coef) + fabs(i * log(q)) + fabs(j * log(1.0 - q)) + fabs(j)
                          + (i * i + i) / (2.0 * (s * s)) + fabs(log_e0 - log(0.5)) + log(2.0));
        m = lp_peer_weigh(m, log_s1, fabs(log_coef) + fabs(j * log(q)) + fabs(i * log(1.0 - q)) + i
                          + (j * j + fabs(j)) / (2.0 * (s * s)) + fabs(log_e1 - log(0.5)) + log(2.0));
        log_s0_last = log_s0;
        log_s1_last = log_s1;
        if (lp_py_max(log_s0, log_s1) < -30)
            break;
    }
    *log_a = lp_peer_log_add(log_a0, log_a1);
    /* the loop stops at terms below e^-30 absolute, however small A - 1 is:
       the terms left out are about the last one (they alternate), an error
       of A that the estimate carries as if it were 2^-53 of a magnitude */
    if (isfinite(lp_py_max(log_s0_last, log_s1_last)))
        m = lp_peer_log_add(m, lp_py_max(log_s0_last, log_s1_last) - log(DBL_EPSILON));
    *mag = m;
    return LP_OK;
}

/* Opacus's (and TF Privacy's legacy) RDP of one step, with the port's
 * estimate of its relative error (peers.h). */
lp_status
lp_rdp_opacus_est(double *rdp, double *rel_est, char *note, size_t notelen, double q, double M,
                  double alpha)
{
    double log_a, mag = -INFINITY;
    lp_status st;
    int fe;
    note[0] = '\0';
    *rel_est = 0.0;
    if (q == 1.0) {
        *rdp = alpha / (2.0 * M * M);
        return LP_OK;
    }
    lp_fp_watch_begin();
    if (alpha == floor(alpha))
        st = log_a_int(&log_a, &mag, note, notelen, q, M, alpha);
    else
        st = log_a_frac(&log_a, &mag, note, notelen, q, M, alpha);
    fe = lp_fp_watch_end();
    if (st != LP_OK)
        return st;
    return lp_rdp_peer_status(rdp, rel_est, note, notelen, log_a, mag, alpha, fe,
                              alpha == floor(alpha)
                              ? "binom(alpha, i) overflows a double (scipy's binom is inf)"
                              : "a term of the erfc series overflows a double");
}
