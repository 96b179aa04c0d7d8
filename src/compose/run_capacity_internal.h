/* run_capacity_internal.h -- what the run capacity's files share: the
 * context of one study (run_ctx), its cache of capacity points, and the
 * three pieces that work on it.  Internal to src/compose/run_capacity*.c. */
#ifndef LP_RUN_CAPACITY_INTERNAL_H
#define LP_RUN_CAPACITY_INTERNAL_H
#include <stddef.h>
#include <stdint.h>
#include "compose/run_capacity.h"

typedef struct {
    uint64_t k;
    int have_lo, have_hi;
    arb_t lo, hi;       /* C(p, sigma/sqrt k, R) >= lo's lower end, <= hi's upper end */
} cap_point;

typedef struct {
    const lp_run_capacity_request *req;
    const lp_form *form;
    uint64_t T;
    slong prec, edigits, sdigits;
    arb_t sigma, q, log_q, log_1mq, lg_T1;
    char ptext[24];
    cap_point *pt;
    size_t npt, ptcap;
    long evals, evals_max;
    int failed;
} run_ctx;

/* C(p, sigma_text, R) by the registry's certified evaluator into out; 0, or
 * -1 when it could not be certified (run_capacity_points.c). */
int lp_run_capacity_at(arb_t out, run_ctx *c, const char *sigma_text, slong digits);
/* The index of c's point at step k, its lower end (want_hi == 0) or both evaluated (run_capacity_points.c). */
size_t lp_run_capacity_point_ends(run_ctx *c, uint64_t k, int want_hi);

/* The same-x bound sum_{k=0}^{T} b_k C_k into total, 0 < q < 1, to `digits` where the budget allows (run_capacity_sum.c). */
void lp_run_capacity_same_x_sum(arb_t total, run_ctx *c, slong digits);

/* The best lower bound max_k (1-q)^k + q^k C_k into L; returns its point's index (run_capacity_lower.c). */
size_t lp_run_capacity_lower_best(arb_t L, run_ctx *c);

#endif
