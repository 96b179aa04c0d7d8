/* phases.h -- a training run in phases: each phase its own
 * noise multiplier M_i, Poisson sampling rate q_i and steps T_i.  Renyi DP
 * composes additively over steps whatever each step's parameters (Mironov
 * 2017, Proposition 1, adaptive composition), so at every order alpha
 *   RDP_run(alpha) = sum_i T_i RDP(alpha; M_i, q_i),
 * and the run's epsilon is the conversion of that sum, minimised over the
 * orders exactly as for one phase (the best-order search included: the sum
 * of the phases' curves is what the search sees).  A phase with q_i = 0 never
 * uses the example: its RDP is 0 at every order and it adds nothing. */
#ifndef LP_ACCOUNT_PHASES_H
#define LP_ACCOUNT_PHASES_H

#include "account/rdp/rdp.h"

/* the most phases a run may have on the command line */
#define LP_ACCOUNT_PHASES_MAX 64

struct lp_phases {
    size_t n;
    lp_dpsgd *run;              /* one per phase: M_i, q_i, T_i (delta unused) */
    uint64_t total_steps;       /* sum of T_i (saturates at UINT64_MAX) */
};

/* One phase of a run, read once at the door: its multiplier, sampling rate
 * (a decimal or N/D) and steps; the texts as given stay in the values. */
typedef struct lp_account_phase_s {
    lp_exact M, q;
    uint64_t steps;
} lp_account_phase;

/* A phase as the user writes it, "M,q,T": M a decimal > 0, q a decimal in
 * [0, 1] or a fraction N/D of integers (read exactly), T an integer >= 1,
 * checked and read into *ph (its texts in buf, which must hold len bytes and
 * outlive ph).  0, or -1 with a message in err naming the part that is
 * wrong.  lp_phase_clear it either way. */
int lp_phase_read(lp_account_phase *ph, char *buf, size_t len, const char *text, char *err,
                  size_t errlen);
void lp_phase_clear(lp_account_phase *ph);

/* The phases of a request; *run is the run the accountant sees: the first
 * phase's M and q, the total steps, and delta, with run->phases set to ph. */
void lp_phases_init(struct lp_phases *ph, lp_dpsgd *run, const lp_account_phase *phase, size_t n,
                    const lp_exact *delta);
void lp_phases_clear(struct lp_phases *ph, lp_dpsgd *run);

/* rdp_T = the run's RDP at alpha (integer > 0 for an integer order, else 0
 * and alpha a ball > 1): sum_i T_i RDP_i(alpha) over the phases (or T RDP of
 * the one run), certified.  With run->replace (replace-one neighbours: x and
 * x' differ in one example's value), each step's RDP is bounded by removing
 * the example and adding the other: by the weak triangle inequality of Renyi
 * divergence (Mironov 2017, Proposition 11, p = 2; by Hoelder's inequality)
 *   D_a(P||R) <= (a - 1/2)/(a - 1) D_2a(P||Q) + D_{2a-1}(Q||R),
 * with Q the output without the example, P||Q a remove pair and Q||R an add
 * pair, each bounded by the sampled Gaussian's RDP (Mironov, Talwar and Zhang
 * 2019 bound both directions by the same curve):
 *   RDP_replace(a) <= (a - 1/2)/(a - 1) RDP(2a) + RDP(2a - 1).
 * A certified upper bound, not tight (at q = 1 the truth is 2a/M^2). */
void lp_account_rdp_T(arb_t rdp_T, const lp_dpsgd *run, uint64_t integer, const arb_t alpha,
                      slong prec);

/* 1 when the sampling rate (a decimal or N/D text) is exactly 0 (the
 * command line's checks) */
int lp_rate_is_zero(const char *q);

#endif
