/* lists.c -- one composition, many queries: the RDP accountant's epsilon at
 * each delta of a list and delta at each epsilon of a list, from ONE
 * evaluation of the run's T-step RDP curve over the orders.  Contract in
 * study.h.
 *
 * The curve RDP_T(alpha) does not depend on delta or epsilon: it is
 * certified once per order (balls), then each query is the conversion at
 * every order and the least upper end over the orders (Mironov 2017, Prop.
 * 3; Balle et al. 2020, Thm 21; inverted for delta as delta_at_epsilon.c
 * does).  Over a grid: the best real order of the single query is found by a
 * search whose order depends on delta, which a shared curve cannot do; the
 * list takes the default's grid of 161 orders (or the list given), so each
 * value is >= the single query's by at most the grid's spacing, and the
 * record says so. */
#include <stdio.h>
#include "core/host.h"
#include "core/decimal_ops.h"
#include "account/study.h"
#include "account/rdp/delta_at_epsilon.h"

static const char note_q0[] = "sampling rate 0: the example is never used, (0, 0)-DP";

/* the least upper end so far (u), its order (at) */
typedef struct {
    arf_t u;
    long at;
} least;

static void
least_init(least *l)
{
    arf_init(l->u);
    arf_pos_inf(l->u);
    l->at = -1;
}

static void
least_fold(least *l, const arb_t x, long i)
{
    arf_t v;
    arf_init(v);
    arb_get_ubound_arf(v, x, ARF_PREC_EXACT);
    if (arb_is_finite(x) && (l->at < 0 || arf_cmp(v, l->u) < 0)) {
        arf_set(l->u, v);
        l->at = i;
    }
    arf_clear(v);
}

/* key: the bound rounded up (epsilon clamped at 0; delta as exp(u), clamped
 * at 1), key_order its order */
static void
least_record(lp_record *row, const char *key, const char *key_order, const least *l,
             const lp_account *acc, int is_delta, slong digits)
{
    char *t;
    if (l->at < 0) {
        lp_record_null(row, key);
        lp_record_null(row, key_order);
        return;
    }
    if (is_delta) {
        arb_t d;
        arf_t u;
        arb_init(d);
        arf_init(u);
        arb_set_arf(d, l->u);
        arb_exp(d, d, 128 + 4 * digits);
        arb_get_ubound_arf(u, d, ARF_PREC_EXACT);
        if (arf_cmp_si(u, 1) >= 0)
            lp_record_text(row, key, "1");
        else {
            t = lp_format_arf_directed(u, digits, 1);
            lp_record_text(row, key, t);
            flint_free(t);
        }
        arb_clear(d);
        arf_clear(u);
    } else if (arf_sgn(l->u) < 0) {
        lp_record_text(row, key, "0");      /* epsilon >= 0 always */
    } else {
        t = lp_format_arf_directed(l->u, digits, 1);
        lp_record_text(row, key, t);
        flint_free(t);
    }
    lp_record_text(row, key_order, acc->order[l->at].alpha);
}

/* one query: epsilon at delta (eps_query 0) or delta at epsilon (1) */
static void
query(lp_record *row, const lp_account *acc, const lp_exact *value, int eps_query, slong digits)
{
    least b, c;
    arb_t x, alpha, lc, lb;
    least_init(&b);
    least_init(&c);
    arb_init(x); arb_init(alpha); arb_init(lc); arb_init(lb);
    for (size_t i = 0; i < acc->norders; i++) {
        const lp_account_order *o = &acc->order[i];
        slong prec = o->rdp_T.prec + 64;
        if (o->rdp_T.status != LP_OK)
            continue;
        lp_decimal_arb(alpha, o->alpha, prec);
        lp_exact_arb(x, value, prec);
        if (eps_query)
            lp_account_log_delta(lc, lb, o->rdp_T.value, alpha, x, prec);
        else
            lp_account_convert_arb(lc, lb, o->rdp_T.value, alpha, x, prec);
        least_fold(&b, lb, (long) i);
        least_fold(&c, lc, (long) i);
    }
    if (eps_query) {
        least_record(row, "delta_upper_bound", "order", &b, acc, 1, digits);
        least_record(row, "delta_classic_upper_bound", "order_classic", &c, acc, 1, digits);
    } else {
        least_record(row, "epsilon_upper_bound", "order", &b, acc, 0, digits);
        least_record(row, "epsilon_classic_upper_bound", "order_classic", &c, acc, 0, digits);
    }
    lp_record_text(row, "status", b.at < 0 ? "failed" : "ok");
    if (b.at < 0)
        lp_record_text(row, "note", "no order gave a certified value");
    arf_clear(b.u);
    arf_clear(c.u);
    arb_clear(x); arb_clear(alpha); arb_clear(lc); arb_clear(lb);
}

static void
query_zero(lp_record *row, int eps_query)
{
    lp_record_text(row, eps_query ? "delta_upper_bound" : "epsilon_upper_bound", "0");
    lp_record_null(row, "order");
    lp_record_text(row, eps_query ? "delta_classic_upper_bound" : "epsilon_classic_upper_bound", "0");
    lp_record_null(row, "order_classic");
    lp_record_text(row, "status", "ok");
    lp_record_text(row, "note", note_q0);
}

void
lp_account_lists_study(lp_record *rec, const lp_account_request *req, const lp_exact *deltas,
                       size_t nd, const lp_exact *epsilons, size_t ne)
{
    const int search = req->orders->search;
    const char *const *order = search ? lp_orders_search_grid() : req->orders->order;
    const size_t n = search ? LP_NORDERS_SEARCH_GRID : req->orders->n;
    const int q0 = lp_account_all_rates_zero(req);
    lp_account_request r = *req;
    lp_dpsgd run;
    struct lp_phases ph;
    lp_account acc;
    lp_exact half;

    lp_exact_init(&half, "0.5");
    r.delta = &half;            /* the curve does not depend on delta */
    r.delta_for_eps = NULL;
    lp_account_run_init(&run, &ph, &r);
    lp_exact_clear(&half);
    lp_account_init(&acc, order, n);
    if (!q0)
        lp_account_eval(&acc, &run, NULL, req->digits + 2);
    lp_record_text(rec, "command", "account");
    lp_record_text(rec, "accountant", "rdp");
    lp_account_record_run(rec, req);
    lp_record_text(rec, "method", "arb");
    lp_record_text(rec, "orders", req->orders->text);
    lp_record_int(rec, "norders", (int64_t) (q0 ? 0 : n));
    lp_record_text(rec, "order_search", search ? "none: one curve for every query, the least over "
                   "the default's grid of orders (no search between them)" : NULL);
    lp_record_int(rec, "orders_failed", (int64_t) (q0 ? 0 : acc.nfailed));
    lp_record_text(rec, "conversion", "order_* and *_upper_bound: Balle et al. 2020 (Opacus); "
                   "*_classic_*: classic (Mironov 2017)");
    for (size_t i = 0; i < nd && !lp_cancelled(); i++) {
        lp_record *row = lp_record_append(rec, "epsilons");
        lp_record_text(row, "delta", deltas[i].text);
        if (q0)
            query_zero(row, 0);
        else
            query(row, &acc, &deltas[i], 0, req->digits);
    }
    for (size_t i = 0; i < ne && !lp_cancelled(); i++) {
        lp_record *row = lp_record_append(rec, "deltas");
        lp_record_text(row, "epsilon", epsilons[i].text);
        if (q0)
            query_zero(row, 1);
        else
            query(row, &acc, &epsilons[i], 1, req->digits);
    }
    if (req->per_order && !q0)
        for (size_t i = 0; i < acc.norders; i++) {
            /* the curve only: its epsilons depend on the delta asked */
            const lp_result *v = &acc.order[i].rdp_T;
            lp_record *row = lp_record_append(rec, "per_order");
            lp_record_text(row, "order", acc.order[i].alpha);
            if (v->status == LP_OK) {
#pragma GCC diagnostic push     /* GCC 12's false -Wstringop-overread (study.c) */
#pragma GCC diagnostic ignored "-Wstringop-overread"
                lp_record_ball(row, "rdp", v->value, req->digits);
#pragma GCC diagnostic pop
            } else {
                lp_record_null(row, "rdp");
            }
            lp_record_text(row, "status", lp_status_name(v->status));
        }
    lp_account_clear(&acc);
    lp_account_run_clear(&run, &ph, &r);
}
