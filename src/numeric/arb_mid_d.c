/* A ball's midpoint as a finite double, for the heuristics that place peaks
 * and windows.  Contract in numeric.h. */
#include <float.h>
#include <math.h>
#include "numeric/numeric.h"

double
lp_arb_mid_d(const arb_t x)
{
    double d;
    if (!arf_is_finite(arb_midref(x)))
        return 0.0;
    d = arf_get_d(arb_midref(x), ARF_RND_DOWN);
    if (isinf(d))                   /* rounding toward zero should not give inf */
        d = copysign(DBL_MAX, d);
    return d;
}
