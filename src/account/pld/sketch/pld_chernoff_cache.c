/* pld_chernoff_cache.c -- the window's Chernoff points of a clamped sketch
 * (pld_chernoff_point, both signs), remembered for the next call with the
 * same sketch (pld_sketch_memo.h): the work estimate sizes every run's grid
 * first (pld_plan.c, plan_only) and the run then sizes it again with the
 * very same inputs, so that the two golden sections of 34 moment generating
 * functions over the sketch's 7200 points each ran twice per relation: 15 -
 * 26 % of a run at T 10 (M 1.1, delta 1e-5, q 1e-3 .. 0.1; perf).  The key:
 * the sketch, its lmax, T and log(1/eta). */
#include "account/pld/sketch/pld_sketch_memo.h"

static pld_sketch_memo memo = PLD_SKETCH_MEMO_INIT;

void
pld_chernoff_points(const loss_sketch *sk, double T, double log_inv_eta, double *ch_hi,
                    double *lam_hi, double *ch_lo, double *lam_lo)
{
    const double key[PLD_MEMO_KEYS] = { T, log_inv_eta, sk->lmax };
    double v[PLD_MEMO_VALUES];
    if (!pld_memo_find(&memo, sk, key, v)) {
        v[0] = pld_chernoff_point(sk, T, log_inv_eta, 1, &v[1]);
        v[2] = pld_chernoff_point(sk, T, log_inv_eta, -1, &v[3]);
        pld_memo_keep(&memo, sk, key, v);
    }
    *ch_hi = v[0];
    *lam_hi = v[1];
    *ch_lo = v[2];
    *lam_lo = v[3];
}
