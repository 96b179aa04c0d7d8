/* best_order.c -- the accountant's default: the RDP epsilon at its best real
 * order.  Contract in rdp.h.
 *
 * Every order of a candidate grid (the union of Opacus's and dp_accounting's
 * grids and leakproof's integers: 1.1, 1.2, ..., 10.9, 11 .. 64, 72, 80, 96,
 * 128, 192, 256, 512, 1024) is certified first, or skipped when a certified
 * lower bound shows it worse, so the result is never above any of those
 * grids' epsilon.  Then a golden-section search over
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
#include "core/host.h"
#include "account/rdp/rdp.h"
#include "numeric/numeric.h"

#define SEARCH_DIGITS 5         /* enough to choose an order */
#define SEARCH_ITERS 28         /* golden ratio^-28 ~ 1.4e-6 of the bracket */
#define ALPHA_MIN_M1 1e-6

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
    if (lp_account_order_eval(&o, run, NULL, SEARCH_DIGITS) == LP_OK)
        e = arf_get_d(arb_midref(o.eps_balle.value), ARF_RND_NEAR);
    lp_account_order_clear(&o);
    return e;
}

/* Balle et al.'s conversion term at alpha: log((alpha-1)/alpha) - (log delta +
 * log alpha)/(alpha-1), so that eps(alpha) = RDP_T(alpha) + c(alpha). */
static void
conversion_term(arb_t c, const arb_t alpha, const arb_t delta, slong prec)
{
    arb_t am1, t;
    arb_init(am1);
    arb_init(t);
    arb_sub_ui(am1, alpha, 1, prec);
    arb_div(c, am1, alpha, prec);
    arb_log(c, c, prec);
    arb_log(t, alpha, prec);
    arb_add(t, t, delta, prec);
    arb_div(t, t, am1, prec);
    arb_sub(c, c, t, prec);
    arb_clear(am1);
    arb_clear(t);
}

static void
swap_orders(lp_account_order *a, lp_account_order *b)
{
    lp_account_order t = *a;
    *a = *b;
    *b = t;
}

lp_status
lp_account_eval_search(lp_account *acc, const lp_dpsgd *run, slong digits)
{
    const size_t n = LP_NORDERS_SEARCH_GRID;
    const char *const *grid_o = lp_orders_search_grid();
    const double g = (sqrt(5.0) - 1.0) / 2.0;
    double lo, hi, x1, x2, f1, f2, best_x;
    size_t gidx[LP_NORDERS_SEARCH_GRID], ne = 0;
    char done[LP_NORDERS_SEARCH_GRID];
    arf_t best_up, lb;
    arb_t alpha, c, logd;
    long b;

    /* Pass 1: the integer orders (cheap sums).  Pass 2: a fractional order
     * alpha is certified only when its certified lower bound, RDP_T(floor
     * alpha) + c(alpha) (the Renyi divergence is nondecreasing in the order:
     * van Erven and Harremoes 2014, Theorem 3; RDP_T >= 0 below 2), is not
     * above the best upper bound so far: an order skipped has a true epsilon
     * above the reported one, so no grid beats the default. */
    arf_init(best_up);
    arf_init(lb);
    arb_init(alpha);
    arb_init(c);
    arb_init(logd);
    arf_pos_inf(best_up);
    arb_log(logd, run->delta, 128);
    memset(done, 0, sizeof done);
    acc->nfailed = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < n; i++) {
            const int integer = strchr(grid_o[i], '.') == NULL;
            lp_account_order *o = &acc->order[i];
            if (integer != (pass == 0))
                continue;
            if (pass == 1 && !run->replace && !run->fixed_batch) {  /* replace's bound: not monotone */
                double a = lp_strtod(grid_o[i], NULL);
                int fl = (int) floor(a);
                lp_decimal_arb(alpha, grid_o[i], 128);
                conversion_term(c, alpha, logd, 128);
                if (fl >= 2) {
                    const lp_result *r = &acc->order[(size_t) (fl * 10 - 11)].rdp_T;
                    if (r->status == LP_OK)
                        arb_add(c, c, r->value, 128);
                }
                arb_get_lbound_arf(lb, c, 128);
                if (arf_cmp(lb, best_up) > 0)
                    continue;                           /* certainly worse: skipped */
            }
            lp_account_order_eval(o, run, NULL, digits);
            done[i] = 1;
            if (o->eps_balle.status == LP_OK) {
                arb_get_ubound_arf(lb, o->eps_balle.value, ARF_PREC_EXACT);
                if (arf_cmp(lb, best_up) < 0)
                    arf_set(best_up, lb);
            }
        }
    }
    /* compact: the evaluated orders first, in grid order; the search's order
     * after them */
    for (size_t i = 0; i < n; i++)
        if (done[i]) {
            if (i != ne)
                swap_orders(&acc->order[ne], &acc->order[i]);
            gidx[ne++] = i;
        }
    swap_orders(&acc->order[ne], &acc->order[n]);
    acc->norders = ne;
    lp_account_refold(acc);
    acc->norders = ne + 1;
    acc->searched = 0;
    b = acc->best_balle;
    arf_clear(best_up);
    arf_clear(lb);
    arb_clear(alpha);
    arb_clear(c);
    arb_clear(logd);
    if (b < 0) {
        lp_result_fail(&acc->order[ne].eps_balle, LP_FAILED, "no grid order gave an epsilon");
        acc->norders = ne;
        return LP_FAILED;
    }
    lo = gidx[b] == 0 ? 1.0 + ALPHA_MIN_M1 : lp_strtod(grid_o[gidx[b] - 1], NULL);
    hi = gidx[b] + 1 < n ? lp_strtod(grid_o[gidx[b] + 1], NULL) : lp_strtod(grid_o[gidx[b]], NULL);
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
    acc->order[ne].alpha = acc->search_alpha;
    lp_account_order_eval(&acc->order[ne], run, NULL, digits);
    acc->searched = 1;
    lp_account_refold(acc);
    return LP_OK;
}

lp_status
lp_account_eval_orders(lp_account *acc, const lp_dpsgd *run, const struct lp_peer *peer,
                       slong digits, int search)
{
    if (search && peer == NULL)
        return lp_account_eval_search(acc, run, digits);
    if (search && acc->norders == LP_NORDERS_SEARCH_GRID + 1)
        acc->norders = LP_NORDERS_SEARCH_GRID;  /* the doubles take the grid */
    return lp_account_eval(acc, run, peer, digits);
}
