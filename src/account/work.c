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
 * multipliers that the search tries cost more, so the estimate is low there);
 * where the doubles (Opacus's port) place the multiplier first
 * (least_multiplier.c), about 4 accountants near it (measured: 2 - 4 at
 * K = 3 over 12 calibrations), costed at that multiplier (the caller's M:
 * the doubles' guess, lp_account_least_multiplier_guess; M = 1 without one).
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
    if (kind == LP_WORK_LEAST_M || kind == LP_WORK_LEAST_M_GUIDED) {
        digits = 12;
        if (kind == LP_WORK_LEAST_M || !(M > 0))
            M = 1;
        evaluations = kind == LP_WORK_LEAST_M ? 20 + 3.3 * 3 : 4;
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
    *opt = kind == LP_WORK_LEAST_M_GUIDED && M < 1 ? "--epsilon"    /* it sets the small M */
           : orders->search && M < 1 ? "--noise-multiplier" : "--orders";
    return 0.05 + evaluations * total;
}

/* account --mechanism vmf: Zhu and Wang's sum at order A needs the VMF's
 * D_l at every l = 2 .. A, one closed form in I_nu (nu = p/2 - 1) each.
 * Measured (one run at a time, user seconds, the machine shared;
 * --orders 1000 alone, q = 0.5, T = 1000; kappa 1, 10, 173, 1e3, 1e4 and
 * more near p/2):
 *   p <= 50: 0.03 - 0.10 s at every kappa (p = 2, 3, 10, 20, 50);
 *   p = 100: 0.04 - 0.49 (kappa 50 the most); 150 - 250: 0.05 - 0.47;
 *   300: 0.06 - 0.77; 1000: 0.09 - 1.12; 13,700: 0.78 - 2.78;
 *   1e6: 1.78 - 4.44; 1.34e8: 3.47 - 7.93; 1e9: 3.73 - 8.59.
 * The cost is irregular in kappa (at p = 1000: kappa 30 and 1e4 cost 0.15
 * and 0.09 s, kappa 1 and 173 1.1 s; at p = 13,700 kappa 2e5 still 1.6 s),
 * so the model is the envelope over kappa: per order, in seconds,
 *   1.2e-3 max(0.1, 0.49 + 1.16 (log10 p - 2)),
 * 1.2 times the fit through p = 100 and 1e9, from above at every p measured
 * (1.0 - 2.6 times the costliest kappa; up to ~20 times a cheap one).
 * In the orders: --orders 100 costs 6 - 10 % of --orders 1000, --orders
 * 3000 2.2 - 3.4 times it (p = 10, 1000, 1e6), 300 at p = 1e9 0.24 times:
 * A max(1, (A/1000)^0.1) orders' worth.  Plus 0.05 s to start, times the
 * precision factor. */
double
lp_account_vmf_work_seconds(uint64_t p, const lp_order_list *orders, long digits)
{
    uint64_t amax = 2, a;
    double prec_factor = sqrt((3.33 * (double) (digits > 0 ? digits : 6) + 36.0) / 56.0);
    double per_order = 1.2e-3 * fmax(0.1, 0.49 + 1.16 * (log10((double) (p > 2 ? p : 2)) - 2.0));
    for (size_t i = 0; i < orders->n; i++)
        if (lp_order_parse(&a, orders->order[i]) == 0 && a > amax)
            amax = a;
    return 0.05 + per_order * (double) amax * fmax(1.0, pow((double) amax / 1000.0, 0.1)) * prec_factor;
}
