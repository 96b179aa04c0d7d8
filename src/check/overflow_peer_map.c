/* overflow_peer_map.c -- the whole accountant against the certified one
 * (the peers' map): each peer's order grid, its KL-zero conversion made
 * certified, and one record row per (M, q).  Contract in overflow_account.h. */
#include <math.h>
#include <stdio.h>
#include "account/peers/peers.h"
#include "account/study.h"
#include "check/overflow_account.h"
#include "core/decimal_ops.h"
#include "core/host.h"
#include "core/result.h"

/* The certified minima over the orders that lp_account_eval at
 * REFERENCE_DIGITS over all of them gives (and, for a peer that zeroes by
 * the KL bound, its certified zero), from fewer 20-digit orders: every order
 * first at COARSE_DIGITS; at 20 digits then each conversion's coarse best,
 * every order that gave no coarse value, every order whose coarse RDP might
 * lie below the KL threshold, and every order whose coarse epsilon might
 * still reach the 20-digit minimum so far.  An order left out has its coarse
 * lower end above that minimum's upper end by more than twice a 20-digit
 * ball's radius (lp_account_accurate: at most 2^-70 of |x| + 1), so its
 * 20-digit ball would lie above both minima and above the threshold: the
 * record is the same.  A map's 30 rows: 2700 integrals at 20 digits -> 2700
 * at 4 and about 150 at 20. */
#define COARSE_DIGITS 4

/* 1 when the 20-digit epsilon of an order whose coarse epsilon is x might
   have its lower end at or below u (the minimum of upper ends so far) */
static int
might_reach(const lp_result *x, const arf_t u)
{
    arb_t m;
    arf_t lo;
    int r;
    if ((x->status != LP_OK && x->status != LP_INACCURATE) || !arb_is_finite(x->value) || !arf_is_finite(u))
        return 1;
    arb_init(m);
    arf_init(lo);
    arb_abs(m, x->value);
    arb_add_ui(m, m, 1, 64);
    arb_mul_2exp_si(m, m, -64);
    arb_sub(m, x->value, m, 64);
    arb_get_lbound_arf(lo, m, 64);
    r = arf_cmp(lo, u) <= 0;
    arb_clear(m);
    arf_clear(lo);
    return r;
}

static void
reference(lp_account *ref, const lp_dpsgd *run, const lp_peer *peer)
{
    lp_account coarse;
    char *need = flint_calloc(ref->norders, 1);
    arb_t thr;
    arb_init(thr);
    if (peer->kl_zero) {        /* kl_zero.c's threshold -log(1 - delta^2) */
        arb_sqr(thr, run->delta, 128);
        arb_neg(thr, thr);
        arb_log1p(thr, thr, 128);
        arb_neg(thr, thr);
    }
    {
        const char **orders = flint_malloc(ref->norders * sizeof *orders);
        for (size_t i = 0; i < ref->norders; i++)
            orders[i] = ref->order[i].alpha;
        lp_account_init(&coarse, orders, ref->norders);
        lp_account_eval(&coarse, run, NULL, COARSE_DIGITS);
        flint_free(orders);
    }
    for (size_t i = 0; i < ref->norders; i++) {
        const lp_account_order *o = &coarse.order[i];
        need[i] = (long) i == coarse.best_classic || (long) i == coarse.best_balle
                  || o->eps_classic.status != LP_OK || o->eps_balle.status != LP_OK
                  || (peer->kl_zero && (o->rdp_T.status != LP_OK || !arb_is_finite(o->rdp_T.value)
                                        || !arb_ge(o->rdp_T.value, thr)));
    }
    for (int pass = 0; pass < 2; pass++) {
        /* pass 0: the orders needed above; pass 1: the others, each against the minima so far */
        for (size_t i = 0; i < ref->norders && !lp_cancelled(); i++) {
            lp_account_order *o = &ref->order[i];
            if (pass == 1) {
                if (need[i])
                    continue;
                lp_account_refold(ref);
                if (!might_reach(&coarse.order[i].eps_classic, ref->eps_upper_classic)
                    && !might_reach(&coarse.order[i].eps_balle, ref->eps_upper_balle)) {
                    lp_result_fail(&o->rdp_T, LP_DECLINED, "left out: above the minimum at %d digits",
                                   COARSE_DIGITS);
                    lp_result_fail(&o->eps_classic, LP_DECLINED, "%s", o->rdp_T.note);
                    lp_result_fail(&o->eps_balle, LP_DECLINED, "%s", o->rdp_T.note);
                    continue;
                }
            } else if (!need[i]) {
                lp_result_fail(&o->eps_classic, LP_DECLINED, "not yet evaluated");
                lp_result_fail(&o->eps_balle, LP_DECLINED, "not yet evaluated");
                lp_result_fail(&o->rdp_T, LP_DECLINED, "not yet evaluated");
                continue;
            }
            lp_account_order_eval(o, run, NULL, REFERENCE_DIGITS);
        }
    }
    lp_account_refold(ref);
    lp_account_clear(&coarse);
    arb_clear(thr);
    flint_free(need);
}

/* One row: the method's accountant (its own conversion, its own status) and
 * the certified one over the same orders, at (M, q, steps, delta). */
static void
accountant_row(lp_record *row, const lp_peer *peer, const char *M, const char *q, uint64_t steps,
               const char *delta, const char *const *orders, size_t n)
{
    const int balle = lp_account_method_balle(peer);
    lp_dpsgd run;
    lp_account acc, ref;
    long bi;
    lp_dpsgd_init(&run, M, q, steps, delta);
    lp_account_init(&acc, orders, n);
    lp_account_init(&ref, orders, n);
    lp_account_eval(&acc, &run, peer, 0);
    reference(&ref, &run, peer);
    if (peer->kl_zero)
        lp_account_kl_zero(&ref, run.delta);    /* its conversion, certified */
    bi = balle ? acc.best_balle : acc.best_classic;
    lp_record_text(row, "noise_multiplier", M);
    lp_record_text(row, "sampling_rate", q);
    lp_record_int(row, "steps", (int64_t) steps);
    lp_record_text(row, "conversion", balle ? "balle2020" : "classic");
    {
        /* the certified minimum over the same orders: [lower, upper] */
        const arf_struct *lo = balle ? ref.eps_lower_balle : ref.eps_lower_classic;
        const arf_struct *up = balle ? ref.eps_upper_balle : ref.eps_upper_classic;
        if (arf_is_finite(lo) && arf_is_finite(up)) {
            char *l = lp_format_arf_directed(lo, 10, 0), *u = lp_format_arf_directed(up, 10, 1);
            lp_record_text(row, "epsilon_certified_lower", l);
            lp_record_text(row, "epsilon_certified_upper", u);
            flint_free(l);
            flint_free(u);
        } else {
            lp_record_null(row, "epsilon_certified_lower");
            lp_record_null(row, "epsilon_certified_upper");
        }
        if (bi >= 0) {
            const lp_result *b = balle ? &acc.order[bi].eps_balle : &acc.order[bi].eps_classic;
            double v = arf_get_d(arb_midref(b->value), ARF_RND_NEAR), rel = -1;
            lp_record_double(row, "epsilon", v);
            lp_record_text(row, "order", acc.order[bi].alpha);
            if (arf_is_finite(lo)) {
                /* relative to the certified minimum (its upper end; the
                   bracket is 20 digits narrow) */
                double u = arf_get_d(up, ARF_RND_NEAR);
                rel = u != 0 ? (v - u) / u : v;     /* against 0: the absolute error */
                lp_record_double(row, "rel_error", fabs(rel));
                /* below the certified lower end: an unsound epsilon */
                lp_record_bool(row, "below_certified", arf_cmp(arb_midref(b->value), lo) < 0);
            } else {
                lp_record_null(row, "rel_error");
                lp_record_null(row, "below_certified");
            }
        } else {
            lp_record_null(row, "epsilon");
            lp_record_null(row, "order");
            lp_record_null(row, "rel_error");
            lp_record_null(row, "below_certified");
        }
    }
    /* the method's own status, as `account` reports it (no reference) */
    {
        char note[300];
        lp_record_text(row, "method_status", lp_account_status(note, sizeof note, &acc, balle));
    }
    lp_record_int(row, "orders_failed", (int64_t) acc.nfailed);
    lp_account_clear(&acc);
    lp_account_clear(&ref);
    lp_dpsgd_clear(&run);
}

void
lp_account_peer_map_record(lp_record *rec, const lp_peer *peer, char *const *grid, size_t n,
                           uint64_t steps, const char *delta, int decades,
                           const char *const *orders, size_t norders, const char *orders_name)
{
    char q[16];
    lp_record_text(rec, "accountant_orders", orders_name);
    for (size_t i = 0; i < n; i++)
        for (int k = 1; k <= decades; k++) {
            snprintf(q, sizeof q, "1e-%d", k);
            accountant_row(lp_record_append(rec, "accountant_points"), peer, grid[i], q, steps,
                           delta, orders, norders);
        }
}
