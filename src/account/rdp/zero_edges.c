/* zero_edges.c -- the RDP accountant's answers where a parameter is 0, as
 * the mathematics says.  q = 0: the example is never sampled, the output's
 * distribution does not depend on it: (0, 0)-DP, epsilon = 0 exactly (a
 * phase with q = 0 adds nothing).  delta = 0 with q > 0: the Gaussian's
 * privacy loss is unbounded (a normal variable), so no finite epsilon gives
 * (epsilon, 0)-DP: epsilon = +infinity, reported as status "infinite" with
 * the bound null (JSON has no infinity and a record never prints inf).
 * Given epsilon = 0 (or delta = 0) to the least-multiplier inverse with
 * q > 0, only infinite noise meets it.  Contracts in delta_at_epsilon.h. */
#include "account/study.h"
#include "account/rdp/delta_at_epsilon.h"

/* the header every edge record shares with the accountant's record */
static void
edge_header(lp_record *rec, const lp_account_request *req)
{
    lp_record_text(rec, "command", "account");
    lp_account_record_run(rec, req);
    lp_record_text(rec, "delta", req->delta->text);
    lp_record_text(rec, "method", "arb");
    lp_record_null(rec, "algorithm");
    lp_record_null(rec, "peer_conversion");
    lp_record_text(rec, "orders", req->orders->text);
    lp_record_int(rec, "norders", 0);
    lp_record_null(rec, "order_search");
    lp_record_int(rec, "orders_failed", 0);
    lp_record_int(rec, "orders_inaccurate", 0);
    lp_record_null(rec, "first_failure");
}

static void
edge_conversion(lp_record *obj, int balle, int infinite, const char *note)
{
    lp_record_text(obj, "conversion", balle ? "Balle et al. 2020 (Opacus)" : "classic (Mironov 2017)");
    if (infinite) {
        lp_record_null(obj, "epsilon_upper_bound");
        lp_record_null(obj, "order");
        lp_record_null(obj, "value");
    } else {
        lp_record_text(obj, "epsilon_upper_bound", "0");
        lp_record_null(obj, "order");
        lp_record_text(obj, "value", "0");
    }
    lp_record_bool(obj, "certified", 1);
    lp_record_bool(obj, "clamped_at_zero", 0);
    lp_record_text(obj, "status", infinite ? "infinite" : "ok");
    lp_record_text(obj, "note", note);
}

const char lp_account_note_q0[] = "sampling rate 0: the example is never used and the output does "
    "not depend on it, so epsilon = 0 exactly ((0, 0)-DP)";
static const char note_d0[] = "delta = 0: the Gaussian's privacy loss is unbounded, so no finite "
    "epsilon holds; epsilon = +infinity (null: JSON has no infinity)";

int
lp_account_edge_study(lp_record *rec, const lp_account_request *req)
{
    int q0 = lp_account_all_rates_zero(req);
    if (!q0 && !(req->delta && lp_exact_sign(req->delta) == 0))
        return 0;
    edge_header(rec, req);
    edge_conversion(lp_record_object(rec, "balle2020"), 1, !q0, q0 ? lp_account_note_q0 : note_d0);
    edge_conversion(lp_record_object(rec, "classic"), 0, !q0, q0 ? lp_account_note_q0 : note_d0);
    return 1;
}

int
lp_account_least_multiplier_edge(lp_record *rec, const lp_exact *epsilon,
                                 const lp_account_request *req, long resolution)
{
    int q0 = lp_exact_sign(req->q) == 0;
    int e0 = lp_exact_sign(epsilon) == 0, d0 = lp_exact_sign(req->delta) == 0;
    if (!q0 && !e0 && !d0)
        return 0;
    lp_record_text(rec, "command", "account least-multiplier");
    lp_record_text(rec, "epsilon", epsilon->text);
    lp_record_text(rec, "sampling_rate", req->q->text);
    lp_record_int(rec, "steps", (int64_t) req->steps);
    lp_record_text(rec, "delta", req->delta->text);
    lp_record_text(rec, "orders", req->orders->text);
    lp_record_int(rec, "resolution", resolution);
    if (q0) {
        /* no noise is needed: the example is never used */
        lp_record_text(rec, "noise_multiplier", "0");
        lp_record_text(rec, "epsilon_upper_bound", "0");
        lp_record_text(rec, "status", "ok");
        lp_record_text(rec, "note", "sampling rate 0: the example is never used, epsilon = 0 "
                       "at any multiplier, so none is needed");
    } else {
        lp_record_null(rec, "noise_multiplier");
        lp_record_null(rec, "epsilon_upper_bound");
        lp_record_text(rec, "status", "infinite");
        lp_record_text(rec, "note", e0 ? "epsilon = 0 with sampling rate > 0: the Gaussian's "
                       "privacy loss is not identically 0 at any finite multiplier; only "
                       "infinite noise meets it (null: JSON has no infinity)"
                       : "delta = 0: the Gaussian's privacy loss is unbounded at every finite "
                       "multiplier; only infinite noise meets a finite epsilon (null: JSON has "
                       "no infinity)");
    }
    return 1;
}
