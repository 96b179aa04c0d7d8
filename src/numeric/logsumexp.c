/* Streaming log-sum-exp in doubles.  Contract in numeric.h. */
#include <math.h>
#include "numeric/numeric.h"

void
lp_lse_init(lp_lse *acc)
{
    acc->max = -INFINITY;
    acc->sum = 0.0;
}

void
lp_lse_add(lp_lse *acc, double x)
{
    if (x == -INFINITY)
        return;
    if (x <= acc->max) {
        acc->sum += exp(x - acc->max);
    } else {
        acc->sum = acc->sum * exp(acc->max - x) + 1.0;
        acc->max = x;
    }
}

double
lp_lse_value(const lp_lse *acc)
{
    return acc->max == -INFINITY ? -INFINITY : acc->max + log(acc->sum);
}
