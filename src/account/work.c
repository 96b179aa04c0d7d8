/* work.c -- the account command's work estimate.  Contract in work.h.
 *
 * The cost model (doubles: it decides whether to start, never a bound).
 * Measured on the development machine with one thread (leakproof account
 * --orders A alone, q = 0.01 and 0.5, T = 1000, default --digits 6):
 *   integer order A (the finite sum, about A products):   5e-7 A s;
 *   fractional order A (the certified integral, rdp_integral_arb.c): the
 *   window grows as A/M and the strip of analyticity shrinks as M, so the
 *   integrator's subintervals grow with A and 1/M together; measured
 *     M = 1:   A = 100.5: 0.14 s, 300.5: 3.8 s, 999.5: 265 s;
 *     M = 0.5: A = 100.5: 1.8 s;
 *   fitted:  0.14 s (A/100)^3.3 M^-4 (the sampling rate moves it < 10 %);
 *   both times sqrt(prec/56), prec = 3.33 digits + 36 bits the first
 *   precision tried (--digits 60: 2.05 times --digits 6, measured 2.05).
 * Plus 0.05 s to start.  --orders default (best_order.c): the integer orders
 * up to 1024, and about 25 fractional evaluations costed at order 2.5 (the
 * grid's fractional orders are skipped when a certified lower bound shows
 * them worse; measured at q = 0.01, T = 1000: M = 0.05 in 2.0 s, 0.1 in
 * 0.95 s, 0.3 in 0.33 s).
 * --epsilon: about 20 + 3.3 K accountants at 12 digits (the bisection over
 * the multiplier grid, K = --resolution; costed at K = 3 and M = 1: smaller
 * multipliers that the search tries cost more, so the estimate is low there).
 * --stated-epsilon: about 5 certified accountants (measured: 0.55 s against
 * 0.21 s for one at A = 100.5). */
#include <math.h>
#include <string.h>
#include "core/host.h"
#include "account/work.h"

static double
order_seconds(const char *alpha, double M, double prec_factor)
{
    uint64_t integer;
    double a;
    if (lp_order_parse(&integer, alpha) != 0)
        return 0;               /* refused later, at no cost */
    if (integer)
        return 5e-7 * (double) integer * prec_factor;
    a = lp_strtod(alpha, NULL);
    return 0.14 * pow(a / 100.0, 3.3) * pow(M, -4.0) * prec_factor;
}

double
lp_account_work_seconds(lp_account_work_kind kind, double M, const lp_order_list *orders,
                        long digits, const char **opt)
{
    double total = 0, factor, evaluations = 1;
    if (kind == LP_WORK_LEAST_M) {
        digits = 12;
        M = 1;
        evaluations = 20 + 3.3 * 3;
    } else if (kind == LP_WORK_FIT) {
        evaluations = 5;
    }
    if (!(M > 0))
        M = 1;
    factor = sqrt((3.33 * (double) digits + 36) / 56.0);
    for (size_t i = 0; !orders->search && i < orders->n; i++)
        total += order_seconds(orders->order[i], M, factor);
    if (orders->search)         /* fractional orders skipped when certainly worse: */
        total = 5e-7 * 1024 * factor + 25 * order_seconds("2.5", M, factor);
    *opt = orders->search && M < 1 ? "--noise-multiplier" : "--orders";
    return 0.05 + evaluations * total;
}

/* account --mechanism vmf: Zhu and Wang's sum at order A needs the VMF's
 * D_l at every l = 2 .. A, one closed form in I_nu each, whose cost grows
 * with log p and little with kappa.  Measured (--orders 1024 alone, q = 0.5,
 * T = 1000, kappa 1 .. 1e5): p = 2: 0.04-0.08 s; 1000: 0.1-1.2 s; 13,700:
 * 1.0-2.9 s; 1e5: 1.3-2.9 s; 1e9: 4.0-8.6 s; --orders 10000 at p = 1e9,
 * kappa = 1000: 78 s.  Fitted from above (the kappa that costs most):
 * 1e-3 (0.5 + 0.85 log10 p) s per order, times the precision factor. */
double
lp_account_vmf_work_seconds(uint64_t p, const lp_order_list *orders, long digits)
{
    uint64_t amax = 2, a;
    double prec_factor = sqrt((3.33 * (double) (digits > 0 ? digits : 6) + 36.0) / 56.0);
    for (size_t i = 0; i < orders->n; i++)
        if (lp_order_parse(&a, orders->order[i]) == 0 && a > amax)
            amax = a;
    return 0.05 + 1e-3 * (0.5 + 0.85 * log10((double) (p > 2 ? p : 2))) * (double) amax * prec_factor;
}
