/* Whether a term-by-term loop will finish in time, by its estimated cost.
 * Contract in numeric.h. */
#include <math.h>
#include "numeric/numeric.h"

/* Seconds a loop may take at working precisions up to LP_COST_BASE_PREC
 * bits (the default 30 digits need 119): default settings stay below ~10 s
 * on one core.  Asking for more digits asks for proportionally more work. */
#define LP_COST_BUDGET_S 8.0
#define LP_COST_BASE_PREC 128

double
lp_loop_seconds(uint64_t terms, slong prec, const lp_term_cost *cost)
{
    double b = (double) (prec > 0 ? prec : 53);
    return (double) terms * (cost->ns + cost->ns_bit * b + cost->ns_bit2 * b * b) * 1e-9;
}

int
lp_loop_affordable(uint64_t terms, slong prec, const lp_term_cost *cost, lp_result *res)
{
    double est = lp_loop_seconds(terms, prec, cost);
    double budget = LP_COST_BUDGET_S * (prec > LP_COST_BASE_PREC ? (double) prec / LP_COST_BASE_PREC : 1.0);
    if (est <= budget)
        return 1;
    lp_result_fail(res, LP_DECLINED, "%llu terms at %ld bits would take about %.3g s (budget %.3g s at "
                   "this precision); arb computes it in milliseconds",
                   (unsigned long long) terms, (long) prec, est, budget);
    return 0;
}

int
lp_mpfr_prec_affordable(slong prec, lp_result *res)
{
    /* 9.7 s at 20000 bits, as (prec/20000)^3.5, times 1.5 for a slower machine */
    double est = 1.5 * 9.7 * pow((double) prec / 20000.0, 3.5);
    if (est <= LP_MPFR_BUDGET_S)
        return 1;
    lp_result_fail(res, LP_DECLINED, "MPFR at %ld bits would take about %.3g s (budget %.0f s; the time grows "
                   "as the precision^3.5); arb certifies such digits in far less", (long) prec, est,
                   LP_MPFR_BUDGET_S);
    return 0;
}
