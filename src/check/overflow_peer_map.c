/* overflow_peer_map.c -- the whole accountant against the certified one
 * (the peers' map): each peer's order grid, its KL-zero conversion made
 * certified, and one record row per (M, q).  Contract in account.h. */
#include <math.h>
#include <stdio.h>
#include "account/account.h"
#include "check/overflow_account.h"

/* dp_accounting's DEFAULT_RDP_ORDERS: 1.1, 1.2, ..., 10.9, 11 .. 63, 128, 256,
 * 512, 1024 (rdp_privacy_accountant.py). */
static const char *const orders_dp_accounting[] = {
    "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9", "2.0",
    "2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8", "2.9", "3.0",
    "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "3.8", "3.9", "4.0",
    "4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "4.7", "4.8", "4.9", "5.0",
    "5.1", "5.2", "5.3", "5.4", "5.5", "5.6", "5.7", "5.8", "5.9", "6.0",
    "6.1", "6.2", "6.3", "6.4", "6.5", "6.6", "6.7", "6.8", "6.9", "7.0",
    "7.1", "7.2", "7.3", "7.4", "7.5", "7.6", "7.7", "7.8", "7.9", "8.0",
    "8.1", "8.2", "8.3", "8.4", "8.5", "8.6", "8.7", "8.8", "8.9", "9.0",
    "9.1", "9.2", "9.3", "9.4", "9.5", "9.6", "9.7", "9.8", "9.9", "10.0",
    "10.1", "10.2", "10.3", "10.4", "10.5", "10.6", "10.7", "10.8", "10.9",
    "11", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22", "23", "24",
    "25", "26", "27", "28", "29", "30", "31", "32", "33", "34", "35", "36", "37", "38",
    "39", "40", "41", "42", "43", "44", "45", "46", "47", "48", "49", "50", "51", "52",
    "53", "54", "55", "56", "57", "58", "59", "60", "61", "62", "63",
    "128", "256", "512", "1024"
};

void
lp_account_peer_orders(const char *const **orders, size_t *n, const char **name, lp_method method)
{
    switch ((int) method) {
    case LP_ACCOUNT_DP_ACCOUNTING:
        *orders = orders_dp_accounting;
        *n = sizeof orders_dp_accounting / sizeof orders_dp_accounting[0];
        *name = "dp-accounting";
        break;
    case LP_DOUBLE:
    case LP_ACCOUNT_OPACUS:
    case LP_ACCOUNT_TF_PRIVACY:     /* compute_dp_sgd_privacy's grid, which Opacus kept */
        *orders = lp_orders_opacus;
        *n = lp_norders_opacus;
        *name = "opacus";
        break;
    default:
        *orders = lp_orders_default;
        *n = lp_norders_default;
        *name = "default";
        break;
    }
}

int
lp_account_kl_zero(lp_account *ref, const arb_t delta)
{
    /* dp_accounting's compute_epsilon gives 0 where delta^2 + expm1(-r) > 0:
       valid, since TV <= sqrt(1 - exp(-KL)) (Bretagnolle and Huber) and KL <=
       RDP of any order > 1.  Certified where RDP_T's upper end is certainly
       below -log(1 - delta^2). */
    arb_t thr, r;
    int found = 0;
    arb_init(thr);
    arb_init(r);
    arb_sqr(thr, delta, 128);
    arb_neg(thr, thr);
    arb_log1p(thr, thr, 128);
    arb_neg(thr, thr);
    for (size_t i = 0; i < ref->norders && !found; i++) {
        if (ref->order[i].rdp_T.status != LP_OK)
            continue;
        if (arb_lt(ref->order[i].rdp_T.value, thr)) {
            arb_zero(ref->order[i].eps_balle.value);
            ref->best_balle = (long) i;
            arf_zero(ref->eps_upper_balle);
            arf_zero(ref->eps_lower_balle);
            found = 1;
        }
    }
    arb_clear(thr);
    arb_clear(r);
    return found;
}

/* One row: the method's accountant (its own conversion, its own status) and
 * the certified one over the same orders, at (M, q, steps, delta). */
static void
accountant_row(lp_record *row, lp_method method, const char *M, const char *q, uint64_t steps,
               const char *delta, const char *const *orders, size_t n)
{
    const int balle = lp_account_method_balle(method);
    lp_dpsgd run;
    lp_account acc, ref;
    long bi;
    lp_dpsgd_init(&run, M, q, steps, delta);
    lp_account_init(&acc, orders, n);
    lp_account_init(&ref, orders, n);
    lp_account_eval(&acc, &run, method, 0);
    lp_account_eval(&ref, &run, LP_ARB, REFERENCE_DIGITS);
    if ((int) method == LP_ACCOUNT_DP_ACCOUNTING)
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
lp_account_peer_map_record(lp_record *rec, lp_method method, char *const *grid, size_t n,
                           uint64_t steps, const char *delta, int decades,
                           const char *const *orders, size_t norders, const char *orders_name)
{
    char q[16];
    lp_record_text(rec, "accountant_orders", orders_name);
    for (size_t i = 0; i < n; i++)
        for (int k = 1; k <= decades; k++) {
            snprintf(q, sizeof q, "1e-%d", k);
            accountant_row(lp_record_append(rec, "accountant_points"), method, grid[i], q, steps,
                           delta, orders, norders);
        }
}
