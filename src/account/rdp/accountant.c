/* The accountant over a list of orders: the minimum epsilon, certified as the
 * minimum of the balls' upper ends.  Contract in rdp.h. */
#include <string.h>
#include "core/host.h"
#include "account/rdp/rdp.h"

void
lp_account_init(lp_account *acc, const char *const *orders, size_t norders)
{
    acc->norders = norders;
    acc->order = flint_malloc(norders * sizeof *acc->order);
    for (size_t i = 0; i < norders; i++)
        lp_account_order_init(&acc->order[i], orders[i]);
    arf_init(acc->eps_upper_classic);
    arf_init(acc->eps_upper_balle);
    arf_init(acc->eps_lower_classic);
    arf_init(acc->eps_lower_balle);
    acc->best_classic = acc->best_balle = -1;
    acc->nfailed = 0;
    acc->peer = NULL;
    acc->nalloc = norders;
    acc->search_alpha[0] = '\0';
    acc->searched = 0;
}

void
lp_account_init_search(lp_account *acc)
{
    const char *const *g = lp_orders_search_grid();
    const char *o[LP_NORDERS_SEARCH_GRID + 1];
    for (size_t i = 0; i < LP_NORDERS_SEARCH_GRID; i++)
        o[i] = g[i];
    o[LP_NORDERS_SEARCH_GRID] = g[0];
    lp_account_init(acc, o, LP_NORDERS_SEARCH_GRID + 1);
    strcpy(acc->search_alpha, g[0]);
    acc->order[LP_NORDERS_SEARCH_GRID].alpha = acc->search_alpha;
}

void
lp_account_clear(lp_account *acc)
{
    for (size_t i = 0; i < acc->nalloc; i++)
        lp_account_order_clear(&acc->order[i]);
    flint_free(acc->order);
    arf_clear(acc->eps_upper_classic);
    arf_clear(acc->eps_upper_balle);
    arf_clear(acc->eps_lower_classic);
    arf_clear(acc->eps_lower_balle);
}

/* Folds one epsilon into the running minima (upper and lower ends). */
static void
fold(arf_t upper, arf_t lower, long *best, long i, const lp_result *eps)
{
    arf_t u, l;
    if (eps->status != LP_OK && eps->status != LP_INACCURATE)
        return;                 /* no value (an inaccurate one is the method's, kept) */
    arf_init(u);
    arf_init(l);
    arb_get_ubound_arf(u, eps->value, ARF_PREC_EXACT);
    arb_get_lbound_arf(l, eps->value, ARF_PREC_EXACT);
    if (*best < 0 || arf_cmp(u, upper) < 0) {
        arf_set(upper, u);
        *best = i;
    }
    if (arf_is_nan(lower) || arf_cmp(l, lower) < 0)
        arf_set(lower, l);
    arf_clear(u);
    arf_clear(l);
}

lp_status
lp_account_eval(lp_account *acc, const lp_dpsgd *run, const struct lp_peer *peer, slong digits)
{
    lp_status first = LP_OK;
    acc->peer = peer;
    acc->nfailed = 0;
    acc->best_classic = acc->best_balle = -1;
    arf_nan(acc->eps_lower_classic);
    arf_nan(acc->eps_lower_balle);
    arf_nan(acc->eps_upper_classic);
    arf_nan(acc->eps_upper_balle);
    for (size_t i = 0; i < acc->norders; i++) {
        lp_status st;
        if (lp_cancelled())     /* the call was interrupted: nothing of it is emitted */
            break;
        st = lp_account_order_eval(&acc->order[i], run, peer, digits);
        if (i == 0)
            first = st;
        if (st != LP_OK && st != LP_INACCURATE)
            acc->nfailed++;     /* orders that gave no value */
        fold(acc->eps_upper_classic, acc->eps_lower_classic, &acc->best_classic, (long) i,
             &acc->order[i].eps_classic);
        fold(acc->eps_upper_balle, acc->eps_lower_balle, &acc->best_balle, (long) i,
             &acc->order[i].eps_balle);
    }
    return acc->best_balle >= 0 ? LP_OK : first;
}

void
lp_account_refold(lp_account *acc)
{
    acc->nfailed = 0;
    acc->best_classic = acc->best_balle = -1;
    arf_nan(acc->eps_lower_classic);
    arf_nan(acc->eps_lower_balle);
    arf_nan(acc->eps_upper_classic);
    arf_nan(acc->eps_upper_balle);
    for (size_t i = 0; i < acc->norders; i++) {
        if (acc->order[i].eps_balle.status != LP_OK)
            acc->nfailed++;
        fold(acc->eps_upper_classic, acc->eps_lower_classic, &acc->best_classic, (long) i,
             &acc->order[i].eps_classic);
        fold(acc->eps_upper_balle, acc->eps_lower_balle, &acc->best_balle, (long) i,
             &acc->order[i].eps_balle);
    }
}
