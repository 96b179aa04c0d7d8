/* run_capacity_lower.c -- the lower bound of the run's capacity:
 * max_{1<=k<=T} (1-q)^k + q^k C(p, sigma/sqrt k, R), the k chosen by a
 * golden-section search.  The derivation is in run_capacity.h (4.). */
#include <math.h>
#include "compose/run_capacity_internal.h"

/* L_k = (1-q)^k + q^k C(p, sigma/sqrt k rounded up, R) <= C_T for 1 <= k <= T */
static void
lower_at(arb_t L, run_ctx *c, size_t i)
{
    arb_t u;
    uint64_t k = c->pt[i].k;
    arb_init(u);
    arb_mul_ui(u, c->log_q, k, c->prec);
    arb_exp(u, u, c->prec);
    arb_mul(L, u, c->pt[i].lo, c->prec);
    if (arb_is_finite(c->log_1mq)) {          /* q = 1: (1-q)^k = 0 */
        arb_mul_ui(u, c->log_1mq, k, c->prec);
        arb_exp(u, u, c->prec);
        arb_add(L, L, u, c->prec);
    }
    arb_clear(u);
}

static double
lower_log(run_ctx *c, uint64_t k)
{
    arb_t L;
    double d;
    arb_init(L);
    lower_at(L, c, lp_run_capacity_point_ends(c, k, 0));
    arb_log(L, L, c->prec);
    d = arf_get_d(arb_midref(L), ARF_RND_NEAR);
    arb_clear(L);
    return isfinite(d) ? d : -HUGE_VAL;
}

/* The best k for the lower bound: a golden-section search of log L_k over
 * 1..T (a double heuristic that only chooses k: any k gives a valid bound),
 * after a look at the end T (where L_k still grows at T, the search is
 * skipped), then the best of every point evaluated. */
size_t
lp_run_capacity_lower_best(arb_t L, run_ctx *c)
{
    uint64_t a = 1, b = c->T;
    size_t best = lp_run_capacity_point_ends(c, 1, 0);
    arb_t x;
    arb_init(x);
    if (c->T >= 2 && lower_log(c, c->T) >= lower_log(c, c->T - 1))
        a = b;
    else if (b - a > 3) {
        const double g = 0.3819660112501051;
        uint64_t m1 = a + (uint64_t) (g * (double) (b - a)), m2 = b - (uint64_t) (g * (double) (b - a));
        double f1 = lower_log(c, m1), f2 = lower_log(c, m2);
        for (int it = 0; it < 80 && b - a > 3 && !c->failed; it++) {
            if (f1 < f2) {
                a = m1 + 1;
                m1 = m2;
                f1 = f2;
                m2 = b - (uint64_t) (g * (double) (b - a));
                if (m2 <= m1)
                    m2 = m1 + 1;
                f2 = lower_log(c, m2);
            } else {
                b = m2 - 1;
                m2 = m1;
                f2 = f1;
                m1 = a + (uint64_t) (g * (double) (b - a));
                if (m1 >= m2)
                    m1 = m2 - 1;
                f1 = lower_log(c, m1);
            }
            if (m1 < a || m2 > b || m1 >= m2)
                break;
        }
    }
    for (uint64_t k = a; k <= b && !c->failed && k - a < 4; k++)
        lp_run_capacity_point_ends(c, k, 0);
    lower_at(L, c, best);
    for (size_t i = 0; i < c->npt; i++) {
        if (c->pt[i].k == 0 || !c->pt[i].have_lo)
            continue;
        lower_at(x, c, i);
        if (arf_cmp(arb_midref(x), arb_midref(L)) > 0) {
            arb_set(L, x);
            best = i;
        }
    }
    arb_clear(x);
    return best;
}
