/* Section 5 of Balunovic et al.: a linear layer gives its input away exactly,
 * x = (dl/db_i)^-1 dl/dA_i, unless dl/db_i is zero.  Contract in adversary.h. */
#include "adversary/adversary.h"

int
lp_adversary_linear_layer(arb_ptr x, const arb_t grad_b, arb_srcptr grad_a, slong n, slong prec)
{
    if (arb_contains_zero(grad_b)) {
        for (slong j = 0; j < n; j++)
            arb_indeterminate(x + j);
        return -1;
    }
    for (slong j = 0; j < n; j++)
        arb_div(x + j, grad_a + j, grad_b, prec);
    return 0;
}
