/* pld_tradeoff.c -- 1 - f(kappa) from a certified profile (contract and
 * the argument in pld_tradeoff.h). */
#include <math.h>
#include <stdlib.h>
#include "core/host.h"
#include "account/pld/study/pld_tradeoff.h"

#define PREC 128

typedef struct {
    double eps;
    arf_t lo, hi;               /* delta's bracket at eps, lo raised to 1 - e^eps */
    arf_t up;                   /* e^eps kappa + hi, rounded up */
    arf_t ek_lo;                /* e^eps kappa, rounded down */
} cut;

static void
eval_cut(cut *c, double eps, lp_profile_bracket delta, void *ctx, const arb_t kappa)
{
    arb_t e, t;
    arf_t floor1;
    arb_init(e);
    arb_init(t);
    arf_init(floor1);
    c->eps = eps;
    arb_set_d(e, eps);
    delta(c->lo, c->hi, e, ctx);
    /* 1 - e^eps, rounded down */
    arb_exp(t, e, PREC);
    arb_sub_ui(t, t, 1, PREC);
    arb_neg(t, t);
    arb_get_lbound_arf(floor1, t, PREC);
    if (arf_cmp(floor1, c->lo) > 0)
        arf_set(c->lo, floor1);
    if (arf_sgn(c->lo) < 0)
        arf_zero(c->lo);
    arb_exp(t, e, PREC);
    arb_mul(t, t, kappa, PREC);
    arb_get_lbound_arf(c->ek_lo, t, PREC);
    arb_add_arf(t, t, c->hi, PREC);
    arb_get_ubound_arf(c->up, t, PREC);
    arb_clear(e);
    arb_clear(t);
    arf_clear(floor1);
}

static double
mid_value(double eps, lp_profile_bracket delta, void *ctx, const arb_t kappa)
{
    cut c;
    double v;
    arf_init(c.lo);
    arf_init(c.hi);
    arf_init(c.up);
    arf_init(c.ek_lo);
    eval_cut(&c, eps, delta, ctx, kappa);
    v = arf_get_d(c.ek_lo, ARF_RND_NEAR) + 0.5 * (arf_get_d(c.lo, ARF_RND_NEAR) + arf_get_d(c.hi, ARF_RND_NEAR));
    arf_clear(c.lo);
    arf_clear(c.hi);
    arf_clear(c.up);
    arf_clear(c.ek_lo);
    return v;
}

static int
by_eps(const void *a, const void *b)
{
    const double x = ((const cut *) a)->eps, y = ((const cut *) b)->eps;
    return x < y ? -1 : x > y;
}

/* the lower bound of cell i (between cuts i and i+1; i = -1 the left end,
   i = m-1 the right end) into out */
static void
cell_lower(arf_t out, const cut *c, int m, int i, double eps_min)
{
    if (i < 0) {                /* eps <= eps_0: delta(eps) >= delta(eps_0) */
        if (isfinite(eps_min))
            arf_pos_inf(out);   /* nothing below eps_min */
        else
            arf_set(out, c[0].lo);
    } else if (i >= m - 1) {    /* eps >= eps_m: e^eps kappa >= e^eps_m kappa */
        arf_set(out, c[m - 1].ek_lo);
    } else {
        arf_add(out, c[i].ek_lo, c[i + 1].lo, 64, ARF_RND_DOWN);
    }
}

int
lp_tradeoff_bracket(arf_t lo, arf_t hi, double *at, lp_profile_bracket delta, void *ctx, const arb_t kappa,
                    double eps_min, double width, int max_evals)
{
    const double kd = arf_get_d(arb_midref(kappa), ARF_RND_NEAR);
    /* beyond eps_hi e^eps kappa > 2: the right end never holds the infimum
       (at most 1); below -40, 1 - e^eps > 1 - 5e-18 */
    const double a0 = isfinite(eps_min) ? eps_min : -40, b0 = fmax(a0 + 1, log(2 / kd));
    const int cap = max_evals < 16 ? 16 : max_evals;
    cut *c = malloc((size_t) cap * sizeof *c);
    int m = 0, rc = 0;
    double a = a0, b = b0, best;
    arf_t L, cl;

    arf_zero(lo);
    arf_one(hi);
    *at = NAN;
    if (c == NULL)
        return -1;
    for (int i = 0; i < cap; i++) {
        arf_init(c[i].lo);
        arf_init(c[i].hi);
        arf_init(c[i].up);
        arf_init(c[i].ek_lo);
    }
    /* where to look: golden section on the midpoints (chooses, proves nothing) */
    {
        const double g = 0.5 * (sqrt(5.0) - 1);
        double x1 = b - g * (b - a), x2 = a + g * (b - a);
        double f1 = mid_value(x1, delta, ctx, kappa), f2 = mid_value(x2, delta, ctx, kappa);
        for (int it = 0; it < 80 && b - a > 1e-9 * (1 + fabs(a)); it++) {
            if (lp_cancelled()) {
                rc = -1;
                break;
            }
            if (f1 <= f2) {
                b = x2;
                x2 = x1;
                f2 = f1;
                x1 = b - g * (b - a);
                f1 = mid_value(x1, delta, ctx, kappa);
            } else {
                a = x1;
                x1 = x2;
                f1 = f2;
                x2 = a + g * (b - a);
                f2 = mid_value(x2, delta, ctx, kappa);
            }
        }
        best = 0.5 * (a + b);
    }
    /* the first cuts: the ends and, about the point found, steps 2^-k */
    eval_cut(&c[m++], a0, delta, ctx, kappa);
    eval_cut(&c[m++], b0, delta, ctx, kappa);
    eval_cut(&c[m++], best, delta, ctx, kappa);
    for (int k = 0; k < 12 && m + 2 <= cap / 2; k++) {
        const double h = ldexp(1.0, 2 - k);
        if (best - h > a0)
            eval_cut(&c[m++], best - h, delta, ctx, kappa);
        if (best + h < b0)
            eval_cut(&c[m++], best + h, delta, ctx, kappa);
    }
    qsort(c, (size_t) m, sizeof *c, by_eps);
    arf_init(L);
    arf_init(cl);
    for (;;) {
        int worst = -1;
        arf_pos_inf(L);
        for (int i = -1; i < m; i++) {
            cell_lower(cl, c, m, i, eps_min);
            if (arf_cmp(cl, L) < 0) {
                arf_set(L, cl);
                worst = i;
            }
        }
        arf_one(hi);
        for (int i = 0; i < m; i++)
            if (arf_cmp(c[i].up, hi) < 0) {
                arf_set(hi, c[i].up);
                *at = c[i].eps;
            }
        {
            /* done: the bracket within width of its upper end, the cuts spent,
               or the least cell no longer divisible (or an end) */
            arf_t gap;
            arf_init(gap);
            arf_sub(gap, hi, L, 64, ARF_RND_UP);
            const double g = arf_get_d(gap, ARF_RND_UP), u = arf_get_d(hi, ARF_RND_DOWN);
            arf_clear(gap);
            if (g <= width * u || m >= cap || worst < 0 || worst >= m - 1 || rc != 0
                || c[worst + 1].eps - c[worst].eps <= 1e-13 * (1 + fabs(c[worst].eps)))
                break;
        }
        if (lp_cancelled()) {
            rc = -1;
            break;
        }
        eval_cut(&c[m++], 0.5 * (c[worst].eps + c[worst + 1].eps), delta, ctx, kappa);
        qsort(c, (size_t) m, sizeof *c, by_eps);
    }
    if (rc == 0) {
        arf_set(lo, L);
        if (arf_sgn(lo) < 0)
            arf_zero(lo);
        if (arf_cmp_si(lo, 1) > 0)
            arf_one(lo);
    } else {
        arf_zero(lo);
        arf_one(hi);
    }
    arf_clear(L);
    arf_clear(cl);
    for (int i = 0; i < cap; i++) {
        arf_clear(c[i].lo);
        arf_clear(c[i].hi);
        arf_clear(c[i].up);
        arf_clear(c[i].ek_lo);
    }
    free(c);
    return rc;
}

typedef struct {
    const lp_pld_profile *p;
    int one;                    /* 1: pld[0] alone (the remove direction), 0: the profile's worse */
} profile_ctx;

static void
profile_delta(arf_t lo, arf_t hi, const arb_t eps, void *v)
{
    const profile_ctx *c = v;
    if (c->one && !c->p->full_batch && c->p->nrel > 0) {
        arb_t a, b;
        arb_init(a);
        arb_init(b);
        lp_pld_delta(a, b, &c->p->pld[0], eps);
        arb_get_lbound_arf(lo, a, 64);
        arb_get_ubound_arf(hi, b, 64);
        arb_clear(a);
        arb_clear(b);
        return;
    }
    lp_pld_profile_delta(lo, hi, c->p, eps);
}

int
lp_pld_profile_tradeoff(arf_t lo, arf_t hi, double *at, const lp_pld_profile *p, int one, const arb_t kappa,
                        double eps_min, double width)
{
    profile_ctx c = { p, one };
    return lp_tradeoff_bracket(lo, hi, at, profile_delta, &c, kappa, eps_min, width, 400);
}
