/* curve_vmf.c -- the RDP curve of the VMF run kept for many queries: the
 * VMF's certified T-step RDP at the integer orders of the grid (Zhu and
 * Wang's Poisson-subsampled bound over the VMF's closed-form Renyi
 * divergence, vmf_account.c; fractional orders fail with status domain and
 * are skipped), queried by curve.c's conversions.  What `account --plot`
 * draws beside the VMF's PLD band.  Contract in curve.h. */
#include <string.h>
#include "core/host.h"
#include "account/rdp/curve.h"
#include "account/rdp/vmf_account.h"

void
lp_account_curve_init_vmf(lp_account_curve *c, const lp_account_request *req,
                          const lp_vmf_step *vmf)
{
    const int search = req->orders->search;
    lp_exact one, half;
    memset(c, 0, sizeof *c);
    lp_exact_init_ui(&one, 1);
    lp_exact_init(&half, "0.5");
    c->req = *req;
    c->req.delta = NULL;        /* the curve does not depend on delta */
    c->req.delta_for_eps = NULL;
    c->req.phase = NULL;        /* one run: lp_account_curve_clear clears the run alone */
    c->req.nphases = 0;
    c->q0 = lp_account_all_rates_zero(&c->req);
    lp_dpsgd_init_exact(&c->run, &one, req->q, req->steps, &half);     /* its M unused */
    lp_exact_clear(&one);
    lp_exact_clear(&half);
    lp_account_init(&c->acc, search ? lp_orders_search_grid() : req->orders->order,
                    search ? LP_NORDERS_SEARCH_GRID : req->orders->n);
    if (!c->q0)
        lp_account_vmf_eval(&c->acc, NULL, &c->run, vmf, req->digits + 2);
}
