/* overflow_peer_map.c -- the whole accountant against the certified one
 * (the peers' map): each peer's order grid, its KL-zero conversion made
 * certified, and one record row per (M, q).  Contract in overflow_account.h. */
#include <math.h>
#include <stdio.h>
#include "account/peers/peers.h"
#include "account/study.h"
#include "check/overflow_account.h"
#include "core/decimal_ops.h"

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
    lp_account_eval(&ref, &run, NULL, REFERENCE_DIGITS);
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
