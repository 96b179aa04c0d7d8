/* overflow_account.c -- where the accountants' double arithmetic breaks: the
 * smallest order, the largest sampling rate on a decade grid going down, and
 * the smallest step count on a decade grid going up at which the double or
 * logdouble method fails (the peers' map is in overflow_peer_map.c).
 * Contract in overflow_account.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "account/peers/peers.h"
#include "core/decimal_ops.h"
#include "check/overflow_account.h"

/* The decade grids: q = 1e-1 .. 1e-30, T = 1e0 .. 1e18 (within 2^64). */
#define Q_DECADES 30
#define T_DECADES 18

typedef struct {
    const lp_peer *peer;
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
    st = lp_account_order_eval(&o, &run, pr->peer, 0);
    if (o.rdp_T.status == LP_INACCURATE)
        st = LP_INACCURATE;     /* a value: measured like an ok one */
    if (st != LP_OK && st != LP_INACCURATE) {
        *kind = lp_status_name(st);
        *err = -1;
        f = 1;
    } else {
        lp_account_order_eval(&ref, &run, NULL, REFERENCE_DIGITS);
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
lp_account_overflow_order(lp_account_overflow_point *pt, const lp_peer *peer, const char *M,
                          const char *q, uint64_t steps, const char *delta,
                          uint64_t order_max, double tol)
{
    probe pr = { peer, M, q, delta, steps, 2, tol };
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
lp_account_overflow_sampling_rate(lp_account_overflow_point *pt, const lp_peer *peer,
                                  const char *M, uint64_t order, uint64_t steps,
                                  const char *delta, double tol)
{
    char buf[16];
    probe pr = { peer, M, "0.1", delta, steps, order, tol };
    decade_walk(pt, &pr, 1, Q_DECADES, set_q, buf);
}

void
lp_account_overflow_steps(lp_account_overflow_point *pt, const lp_peer *peer, const char *M,
                          const char *q, uint64_t order, const char *delta, double tol)
{
    char buf[16];
    probe pr = { peer, M, q, delta, 1, order, tol };
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
lp_account_overflow_record(lp_record *rec, const lp_peer *peer, char *const *grid, size_t n,
                           const char *q, uint64_t steps, const char *delta,
                           uint64_t order, uint64_t order_max, double tol)
{
    lp_record_text(rec, "command", "overflow account");
    lp_record_text(rec, "method", lp_account_method_name(peer));
    lp_record_text(rec, "algorithm", lp_account_method_algorithm(peer));
    lp_record_double(rec, "tolerance", tol);
    lp_record_int(rec, "order_max", (int64_t) order_max);
    lp_record_text(rec, "sampling_rate", q);
    lp_record_int(rec, "steps", (int64_t) steps);
    lp_record_text(rec, "delta", delta);
    lp_record_int(rec, "order", (int64_t) order);
    for (size_t i = 0; i < n; i++) {
        lp_account_overflow_point pt;
        lp_record *row = lp_record_append(rec, "points");
        lp_account_overflow_order(&pt, peer, grid[i], q, steps, delta, order_max, tol);
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
        lp_account_overflow_sampling_rate(&pt, peer, grid[i], order, steps, delta, tol);
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
        lp_account_overflow_steps(&pt, peer, grid[i], q, order, delta, tol);
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
