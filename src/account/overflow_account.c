/* overflow_account.c -- where the accountants' double arithmetic breaks: the
 * smallest order, the largest sampling rate on a decade grid going down, and
 * the smallest step count on a decade grid going up at which the double or
 * logdouble method fails.  Contract in account.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "account/account.h"

/* Digits of the arb reference: its radius stays far below any error measured. */
#define REFERENCE_DIGITS 20
/* The decade grids: q = 1e-1 .. 1e-30, T = 1e0 .. 1e18 (within 2^64). */
#define Q_DECADES 30
#define T_DECADES 18

typedef struct {
    lp_method method;
    const char *M, *q, *delta;
    uint64_t steps, order;
    double tol;
} probe;

/* 1: the method fails at the probe (status not ok, or its T-step RDP differs
 * from arb's by more than tol); 0: it does not.  *kind names the failure
 * ("inaccurate" or the status; "none"), *err the relative error (-1 when the
 * method gave no number). */
static int
fails(const probe *pr, const char **kind, double *err)
{
    char alpha[32];
    lp_dpsgd run;
    lp_account_order o, ref;
    lp_status st;
    int f;
    snprintf(alpha, sizeof alpha, "%llu", (unsigned long long) pr->order);
    lp_dpsgd_init(&run, pr->M, pr->q, pr->steps, pr->delta);
    lp_account_order_init(&o, alpha);
    lp_account_order_init(&ref, alpha);
    st = lp_account_order_eval(&o, &run, pr->method, 0);
    if (o.rdp_T.status == LP_INACCURATE)
        st = LP_INACCURATE;     /* a value: measured like an ok one */
    if (st != LP_OK && st != LP_INACCURATE) {
        *kind = lp_status_name(st);
        *err = -1;
        f = 1;
    } else {
        lp_account_order_eval(&ref, &run, LP_ARB, REFERENCE_DIGITS);
        *err = lp_rel_error(&o.rdp_T, &ref.rdp_T);
        f = !(*err >= 0 && *err <= pr->tol);
        *kind = f ? "inaccurate" : "none";
    }
    lp_account_order_clear(&o);
    lp_account_order_clear(&ref);
    lp_dpsgd_clear(&run);
    return f;
}

static void
point_none(lp_account_overflow_point *pt, uint64_t searched_to, double err)
{
    pt->at = 0;
    pt->kind = "none";
    pt->rel_error = err;
    pt->searched_to = searched_to;
}

void
lp_account_overflow_order(lp_account_overflow_point *pt, lp_method method, const char *M,
                          const char *q, uint64_t steps, const char *delta,
                          uint64_t order_max, double tol)
{
    probe pr = { method, M, q, delta, steps, 2, tol };
    uint64_t good = 1, bad;
    const char *kind;
    double err;
    int f;

    pt->persists = 0;
    pt->rel_error_before = -1;
    /* doubling from order 2 for a first failure */
    for (;;) {
        f = fails(&pr, &kind, &err);
        if (f)
            break;
        good = pr.order;
        if (pr.order == order_max) {
            point_none(pt, good, err);
            return;
        }
        pr.order = pr.order > order_max / 2 ? order_max : 2 * pr.order;
    }
    /* bisection on (good, bad]: bad fails, good does not (or is 1, no order) */
    bad = pr.order;
    while (bad - good > 1) {
        pr.order = good + (bad - good) / 2;
        if (fails(&pr, &kind, &err))
            bad = pr.order;
        else
            good = pr.order;
    }
    pr.order = bad;
    fails(&pr, &pt->kind, &pt->rel_error);
    pt->at = bad;
    pt->searched_to = bad;
    if (good >= 2) {
        pr.order = good;
        fails(&pr, &kind, &pt->rel_error_before);
    }
    /* does it still fail further out? */
    pt->persists = 1;
    for (int k = 1; k <= 3; k++) {
        uint64_t further = bad << k;
        if (further > order_max)
            break;
        pr.order = further;
        if (!fails(&pr, &kind, &err))
            pt->persists = 0;
    }
}

/* The decade walk shared by the sampling rate (down) and the steps (up):
 * probe k = first .. last sets the walked quantity to its k-th decade. */
static void
decade_walk(lp_account_overflow_point *pt, probe *pr, int first, int last,
            void (*set)(probe *, int, char *), char *buf)
{
    const char *kind;
    double err = -1, before = -1;
    int k;
    pt->persists = 0;
    pt->rel_error_before = -1;
    for (k = first; k <= last; k++) {
        set(pr, k, buf);
        if (fails(pr, &kind, &err))
            break;
        before = err;
    }
    if (k > last) {
        point_none(pt, (uint64_t) last, err);
        return;
    }
    pt->at = (uint64_t) k;
    pt->kind = kind;
    pt->rel_error = err;
    pt->rel_error_before = k > first ? before : -1;
    pt->searched_to = (uint64_t) k;
    pt->persists = 1;
    for (int j = k + 1; j <= k + 3 && j <= last; j++) {
        set(pr, j, buf);
        if (!fails(pr, &kind, &err))
            pt->persists = 0;
    }
}

static void
set_q(probe *pr, int k, char *buf)
{
    snprintf(buf, 16, "1e-%d", k);
    pr->q = buf;
}

static void
set_steps(probe *pr, int k, char *buf)
{
    uint64_t t = 1;
    (void) buf;
    for (int i = 0; i < k; i++)
        t *= 10;
    pr->steps = t;
}

void
lp_account_overflow_sampling_rate(lp_account_overflow_point *pt, lp_method method,
                                  const char *M, uint64_t order, uint64_t steps,
                                  const char *delta, double tol)
{
    char buf[16];
    probe pr = { method, M, "0.1", delta, steps, order, tol };
    decade_walk(pt, &pr, 1, Q_DECADES, set_q, buf);
}

void
lp_account_overflow_steps(lp_account_overflow_point *pt, lp_method method, const char *M,
                          const char *q, uint64_t order, const char *delta, double tol)
{
    char buf[16];
    probe pr = { method, M, q, delta, 1, order, tol };
    decade_walk(pt, &pr, 0, T_DECADES, set_steps, buf);
}

static void
record_outcome(lp_record *row, const lp_account_overflow_point *pt)
{
    lp_record_text(row, "kind", pt->kind);
    lp_record_double(row, "rel_error", pt->rel_error >= 0 ? pt->rel_error : NAN);
    lp_record_double(row, "rel_error_before", pt->rel_error_before >= 0 ? pt->rel_error_before : NAN);
    lp_record_bool(row, "persists", pt->persists);
}

static uint64_t
ten_to(uint64_t k)
{
    uint64_t t = 1;
    while (k-- > 0)
        t *= 10;
    return t;
}

void
lp_account_overflow_record(lp_record *rec, lp_method method, char *const *grid, size_t n,
                           const char *q, uint64_t steps, const char *delta,
                           uint64_t order, uint64_t order_max, double tol)
{
    lp_record_text(rec, "command", "overflow account");
    lp_record_text(rec, "method", lp_account_method_name(method));
    lp_record_text(rec, "algorithm", lp_account_method_algorithm(method));
    lp_record_double(rec, "tolerance", tol);
    lp_record_int(rec, "order_max", (int64_t) order_max);
    lp_record_text(rec, "sampling_rate", q);
    lp_record_int(rec, "steps", (int64_t) steps);
    lp_record_text(rec, "delta", delta);
    lp_record_int(rec, "order", (int64_t) order);
    for (size_t i = 0; i < n; i++) {
        lp_account_overflow_point pt;
        lp_record *row = lp_record_append(rec, "points");
        lp_account_overflow_order(&pt, method, grid[i], q, steps, delta, order_max, tol);
        lp_record_text(row, "noise_multiplier", grid[i]);
        lp_record_text(row, "sampling_rate", q);
        lp_record_int(row, "steps", (int64_t) steps);
        if (pt.at)
            lp_record_int(row, "order", (int64_t) pt.at);
        else
            lp_record_null(row, "order");
        record_outcome(row, &pt);
        lp_record_int(row, "searched_to", (int64_t) pt.searched_to);
    }
    for (size_t i = 0; i < n; i++) {
        lp_account_overflow_point pt;
        lp_record *row = lp_record_append(rec, "sampling_rate_points");
        lp_account_overflow_sampling_rate(&pt, method, grid[i], order, steps, delta, tol);
        lp_record_text(row, "noise_multiplier", grid[i]);
        lp_record_int(row, "order", (int64_t) order);
        lp_record_int(row, "steps", (int64_t) steps);
        if (pt.at)
            lp_record_textf(row, "sampling_rate", "1e-%llu", (unsigned long long) pt.at);
        else
            lp_record_null(row, "sampling_rate");
        record_outcome(row, &pt);
        lp_record_textf(row, "searched_to", "1e-%llu", (unsigned long long) pt.searched_to);
    }
    for (size_t i = 0; i < n; i++) {
        lp_account_overflow_point pt;
        lp_record *row = lp_record_append(rec, "steps_points");
        lp_account_overflow_steps(&pt, method, grid[i], q, order, delta, tol);
        lp_record_text(row, "noise_multiplier", grid[i]);
        lp_record_int(row, "order", (int64_t) order);
        lp_record_text(row, "sampling_rate", q);
        if (strcmp(pt.kind, "none") != 0)
            lp_record_int(row, "steps", (int64_t) ten_to(pt.at));
        else
            lp_record_null(row, "steps");
        record_outcome(row, &pt);
        lp_record_int(row, "searched_to", (int64_t) ten_to(pt.searched_to));
    }
}

/* ---- the whole accountant against the certified one (the peers' map) ---------- */

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
