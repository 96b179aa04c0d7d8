/* Whether a term-by-term loop will finish in time, by its estimated cost.
 * Contract in numeric.h. */
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
