/* curve.c -- the RDP curve kept for many queries.  Contract in curve.h.
 * The T-step RDP does not depend on delta or epsilon (lists.c says why one
 * evaluation serves every query); each query converts every certified
 * order's ball and keeps the least upper end. */
#include <string.h>
#include "core/host.h"
#include "account/rdp/curve.h"
#include "account/rdp/delta_at_epsilon.h"

void
lp_account_curve_init(lp_account_curve *c, const lp_account_request *req)
{
    const int search = req->orders->search;
    lp_exact half;
    memset(c, 0, sizeof *c);
    lp_exact_init(&half, "0.5");
    c->req = *req;
    c->req.delta = &half;       /* the curve does not depend on delta */
    c->req.delta_for_eps = NULL;
    c->q0 = lp_account_all_rates_zero(req);
    lp_account_run_init(&c->run, &c->ph, &c->req);
    c->req.delta = NULL;
    lp_exact_clear(&half);
    lp_account_init(&c->acc, search ? lp_orders_search_grid() : req->orders->order,
                    search ? LP_NORDERS_SEARCH_GRID : req->orders->n);
    if (!c->q0)
        lp_account_eval(&c->acc, &c->run, NULL, req->digits + 2);
}

void
lp_account_curve_clear(lp_account_curve *c)
{
    lp_account_clear(&c->acc);
    lp_account_run_clear(&c->run, &c->ph, &c->req);
}

/* the least upper end over the certified orders of Balle et al.'s log delta
 * (eps_query) or epsilon, at x */
static void
least(arf_t u, long *at, const lp_account_curve *c, const arb_t x, int eps_query)
{
    arb_t alpha, lc, lb;
    arf_t v;
    arb_init(alpha); arb_init(lc); arb_init(lb);
    arf_init(v);
    arf_pos_inf(u);
    *at = -1;
    for (size_t i = 0; i < c->acc.norders && !c->q0; i++) {
        const lp_account_order *o = &c->acc.order[i];
        slong prec = o->rdp_T.prec + 64;
        if (o->rdp_T.status != LP_OK)
            continue;
        lp_decimal_arb(alpha, o->alpha, prec);
        if (eps_query)
            lp_account_log_delta(lc, lb, o->rdp_T.value, alpha, x, prec);
        else
            lp_account_convert_arb(lc, lb, o->rdp_T.value, alpha, x, prec);
        if (!arb_is_finite(lb))
            continue;
        arb_get_ubound_arf(v, lb, ARF_PREC_EXACT);
        if (*at < 0 || arf_cmp(v, u) < 0) {
            arf_set(u, v);
            *at = (long) i;
        }
    }
    arb_clear(alpha); arb_clear(lc); arb_clear(lb);
    arf_clear(v);
}

void
lp_account_curve_delta(arf_t u, long *at, const lp_account_curve *c, const arb_t eps)
{
    if (c->q0) {
        arf_zero(u);
        *at = -1;
        return;
    }
    least(u, at, c, eps, 1);
    if (*at >= 0 && arf_cmp_si(u, 0) < 0) {
        arb_t d;
        arb_init(d);
        arb_set_arf(d, u);
        arb_exp(d, d, 128);
        arb_get_ubound_arf(u, d, ARF_PREC_EXACT);
        arb_clear(d);
    } else {
        arf_one(u);             /* no order gives less than the trivial bound */
    }
    if (arf_cmp_si(u, 1) > 0)
        arf_one(u);
}

void
lp_account_curve_epsilon(arf_t u, long *at, const lp_account_curve *c, const arb_t delta)
{
    if (c->q0) {
        arf_zero(u);
        *at = -1;
        return;
    }
    least(u, at, c, delta, 0);
    if (*at >= 0 && arf_sgn(u) < 0)
        arf_zero(u);
}
