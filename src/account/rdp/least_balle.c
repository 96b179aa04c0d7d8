/* The least Balle et al. epsilon over an order list, certified, evaluating in
 * full only the orders that can hold it.  Contract in rdp.h. */
#include <math.h>
#include "core/host.h"
#include "account/rdp/rdp.h"
#include "account/peers/peers.h"

/* A certified lower bound on order alpha's Balle epsilon without its integral:
 * a Renyi divergence does not decrease with its order, so RDP(alpha) >=
 * RDP(floor(alpha)) (the binomial sum; 0 below 2), and the conversion rises
 * with the RDP.  Low precision: it only has to clear the running minimum. */
static void
cheap_lower(arb_t balle, const lp_dpsgd *run, const char *alpha_text)
{
    const slong prec = 64;
    arb_t alpha, fl, rdp, classic;
    arb_init(alpha);
    arb_init(fl);
    arb_init(rdp);
    arb_init(classic);
    lp_decimal_arb(alpha, alpha_text, prec + 64);
    arb_floor(fl, alpha, prec);
    if (arb_is_exact(fl) && arf_cmp_si(arb_midref(fl), 2) >= 0 && arf_cmpabs_2exp_si(arb_midref(fl), 20) < 0) {
        lp_rdp_int_arb(rdp, run, (uint64_t) arf_get_si(arb_midref(fl), ARF_RND_DOWN), prec);
        arb_mul_ui(rdp, rdp, run->steps, prec);
    } else
        arb_zero(rdp);
    lp_account_convert_arb(classic, balle, rdp, alpha, run->delta, prec);
    arb_clear(alpha);
    arb_clear(fl);
    arb_clear(rdp);
    arb_clear(classic);
}

/* 1 if the ball l lies above upper + 2^-(bits-8) (|upper| + 1).  An order
 * evaluated in full stops once its ball is accurate to `bits` (relatively, or
 * absolutely near 0: lp_account_accurate), so its radius is at most
 * 2^-bits max(|v|, 1) about its value v >= l: with that margin both of its
 * ends lie above upper, and it moves neither end of the minimum. */
static int
clears(const arb_t l, const arf_t upper, slong bits)
{
    arf_t t, m;
    int r;
    arf_init(t);
    arf_init(m);
    arf_abs(m, upper);
    arf_add_ui(m, m, 1, 64, ARF_RND_UP);
    arf_mul_2exp_si(m, m, -(bits - 8));
    arf_add(t, upper, m, 64, ARF_RND_UP);
    arb_get_lbound_arf(m, l, 64);
    r = arb_is_finite(l) && arf_cmp(m, t) > 0;
    arf_clear(t);
    arf_clear(m);
    return r;
}

/* The running minima, as lp_account_eval folds them: an order with a value
 * (ok, or inaccurate) moves them. */
static void
fold(arf_t lower, arf_t upper, int *have, const lp_result *eps)
{
    arf_t u, l;
    if (eps->status != LP_OK && eps->status != LP_INACCURATE)
        return;
    arf_init(u);
    arf_init(l);
    arb_get_ubound_arf(u, eps->value, ARF_PREC_EXACT);
    arb_get_lbound_arf(l, eps->value, ARF_PREC_EXACT);
    if (!*have || arf_cmp(u, upper) < 0)
        arf_set(upper, u);
    if (!*have || arf_cmp(l, lower) < 0)
        arf_set(lower, l);
    *have = 1;
    arf_clear(u);
    arf_clear(l);
}

lp_status
lp_account_least_balle(arf_t lower, arf_t upper, const lp_dpsgd *run,
                       const char *const *orders, size_t norders, slong digits)
{
    const slong bits = (slong) (digits * 3.33) + 4;     /* eval_arb's accuracy */
    const lp_peer *opacus = lp_peer_find("opacus");
    long first = -1;
    int have = 0;
    arb_t l;

    arf_nan(lower);
    arf_nan(upper);
    if (run->phases || run->replace || run->fixed_batch) {
        lp_account acc;                 /* no floor bound written for these */
        lp_status st;
        lp_account_init(&acc, orders, norders);
        st = lp_account_eval(&acc, run, NULL, digits);
        arf_set(lower, acc.eps_lower_balle);
        arf_set(upper, acc.eps_upper_balle);
        lp_account_clear(&acc);
        return st;
    }
    if (opacus != NULL) {               /* the doubles choose where to start */
        lp_account dbl;
        lp_account_init(&dbl, orders, norders);
        if (lp_account_eval(&dbl, run, opacus, 0) == LP_OK)
            first = dbl.best_balle;
        lp_account_clear(&dbl);
    }
    arb_init(l);
    for (long k = -1; k < (long) norders && !lp_cancelled(); k++) {
        const long i = k < 0 ? first : k;
        lp_account_order o;
        if (i < 0 || (k >= 0 && i == first))
            continue;
        if (have) {
            cheap_lower(l, run, orders[i]);
            if (clears(l, upper, bits))
                continue;
        }
        lp_account_order_init(&o, orders[i]);
        lp_account_order_eval(&o, run, NULL, digits);
        fold(lower, upper, &have, &o.eps_balle);
        lp_account_order_clear(&o);
    }
    arb_clear(l);
    return have && !lp_cancelled() ? LP_OK : LP_FAILED;
}
