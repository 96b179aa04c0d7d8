/* best_order.c -- the accountant's default: the RDP epsilon at its best real
 * order.  Contract in account.h.
 *
 * Every order of a candidate grid (the union of Opacus's and dp_accounting's
 * grids and leakproof's integers: 1.1, 1.2, ..., 10.9, 11 .. 64, 72, 80, 96,
 * 128, 192, 256, 512, 1024) is certified first, so the result is never above
 * any of those grids' epsilon.  Then a golden-section search over
 * x = log(alpha - 1) between the best grid order's neighbours (down to
 * alpha = 1 + 1e-6 below 1.1) CHOOSES an order alpha* from low-precision
 * enclosures' midpoints (a heuristic: it moves nothing but the choice), and
 * alpha* is certified at full precision like any order.  The epsilon reported
 * is the least certified upper bound over the grid and alpha*: an upper bound
 * on the accountant's epsilon at that order, valid whatever order it is.  It
 * is not a certified minimum over all real orders (the search assumes the
 * epsilon is unimodal in the order, as it is in every run measured); the
 * record says "found by search". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "account/account.h"
#include "numeric/numeric.h"

#define SEARCH_DIGITS 5         /* enough to choose an order */
#define SEARCH_ITERS 28         /* golden ratio^-28 ~ 1.4e-6 of the bracket */
#define ALPHA_MIN_M1 1e-6

static const char *grid[LP_NORDERS_SEARCH_GRID];
static char grid_text[LP_NORDERS_SEARCH_GRID][8];

const char *const *
lp_orders_search_grid(void)
{
    /* built once; the texts are short decimals */
    if (grid[0] == NULL) {
        size_t n = 0;
        for (int i = 11; i <= 109; i++) {       /* 1.1 .. 10.9 */
            if (i % 10 == 0)
                snprintf(grid_text[n], sizeof grid_text[n], "%d", i / 10);
            else
                snprintf(grid_text[n], sizeof grid_text[n], "%d.%d", i / 10, i % 10);
            n++;
        }
        for (int i = 11; i <= 64; i++)
            snprintf(grid_text[n++], sizeof grid_text[0], "%d", i);
        {
            static const int big[] = { 72, 80, 96, 128, 192, 256, 512, 1024 };
            for (size_t i = 0; i < sizeof big / sizeof big[0]; i++)
                snprintf(grid_text[n++], sizeof grid_text[0], "%d", big[i]);
        }
        for (size_t i = LP_NORDERS_SEARCH_GRID; i-- > 0;)
            grid[i] = grid_text[i];
    }
    return grid;
}

/* The order's text: fractional with 9 significant digits up to 100, the
 * nearest integer above (where a fraction of an order changes nothing). */
static void
order_text(char *buf, size_t len, double alpha)
{
    if (alpha > 100)
        snprintf(buf, len, "%.0f", alpha);
    else
        snprintf(buf, len, "%.9g", alpha);
}

/* Balle et al.'s epsilon at alpha, a double from a low-precision enclosure
 * (a heuristic for the search only); +inf when it failed. */
static double
eps_at(const lp_dpsgd *run, double alpha)
{
    char buf[40];
    lp_account_order o;
    uint64_t integer;
    double e = INFINITY;
    order_text(buf, sizeof buf, alpha);
    if (lp_order_parse(&integer, buf) != 0)
        return INFINITY;
    lp_account_order_init(&o, buf);
    if (lp_account_order_eval(&o, run, LP_ARB, SEARCH_DIGITS) == LP_OK)
        e = arf_get_d(arb_midref(o.eps_balle.value), ARF_RND_NEAR);
    lp_account_order_clear(&o);
    return e;
}

lp_status
lp_account_eval_search(lp_account *acc, const lp_dpsgd *run, slong digits)
{
    const size_t n = LP_NORDERS_SEARCH_GRID;
    const double g = (sqrt(5.0) - 1.0) / 2.0;
    double lo, hi, x1, x2, f1, f2, best_x;
    long b;
    lp_status st;

    /* acc holds the grid and one more order, the search's */
    acc->norders = n;
    st = lp_account_eval(acc, run, LP_ARB, digits);
    acc->norders = n + 1;
    acc->searched = 0;
    b = acc->best_balle;
    if (st != LP_OK || b < 0) {
        lp_result_fail(&acc->order[n].eps_balle, st, "no grid order gave an epsilon");
        acc->nfailed++;
        return st;
    }
    lo = b == 0 ? 1.0 + ALPHA_MIN_M1 : strtod(acc->order[b - 1].alpha, NULL);
    hi = (size_t) b + 1 < n ? strtod(acc->order[b + 1].alpha, NULL) : strtod(acc->order[b].alpha, NULL);
    lo = log(lo - 1.0);
    hi = log(hi - 1.0);
    x1 = hi - g * (hi - lo);
    x2 = lo + g * (hi - lo);
    f1 = eps_at(run, 1.0 + exp(x1));
    f2 = eps_at(run, 1.0 + exp(x2));
    for (int it = 0; it < SEARCH_ITERS; it++) {
        if (f1 <= f2) {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - g * (hi - lo);
            f1 = eps_at(run, 1.0 + exp(x1));
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + g * (hi - lo);
            f2 = eps_at(run, 1.0 + exp(x2));
        }
    }
    best_x = f1 <= f2 ? x1 : x2;
    order_text(acc->search_alpha, sizeof acc->search_alpha, 1.0 + exp(best_x));
    acc->order[n].alpha = acc->search_alpha;
    if (lp_account_order_eval(&acc->order[n], run, LP_ARB, digits) != LP_OK)
        acc->nfailed++;
    acc->searched = 1;
    lp_account_refold(acc);
    return LP_OK;
}

lp_status
lp_account_eval_orders(lp_account *acc, const lp_dpsgd *run, lp_method method, slong digits,
                       int search)
{
    if (search && method == LP_ARB)
        return lp_account_eval_search(acc, run, digits);
    if (search && acc->norders == LP_NORDERS_SEARCH_GRID + 1)
        acc->norders = LP_NORDERS_SEARCH_GRID;  /* the doubles take the grid */
    return lp_account_eval(acc, run, method, digits);
}
