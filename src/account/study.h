/* study.h -- the studies of `leakproof account` by the RDP accountant and the
 * peers' methods: the request, the records (study.c). */
#ifndef LP_ACCOUNT_STUDY_H
#define LP_ACCOUNT_STUDY_H

#include "account/rdp/rdp.h"
#include "core/record.h"

/* ---- the studies of `leakproof account` (study.c) ------------------------------ */

struct lp_account_phase_s;
/* One run as the user gave it, read once at the door (M > 0, q in [0, 1]
 * as a decimal or N/D, delta in [0, 1)), steps >= 1; the texts as given in
 * the values (.text) for the records; digits: significant digits of the
 * printed epsilons. */
typedef struct {
    const lp_exact *M, *q, *delta;
    uint64_t steps;
    const lp_order_list *orders;
    const struct lp_peer *peer; /* the method: NULL for arb, else a peer (peers/peers.h) */
    int compare;                /* with a peer: arb beside it, and rel_error */
    slong digits;
    int per_order;              /* the list per_order: each order's T-step RDP and epsilons */
    /* delta at a given epsilon (rdp/delta_at_epsilon.c; NULL: epsilon at
       delta), the run in phases (phases.c; nphases 0: M, q, steps above) */
    const lp_exact *delta_for_eps;
    const struct lp_account_phase_s *phase;
    size_t nphases;
    int replace;                /* --relation replace (phases.c) */
    int fixed_batch;            /* --sampling fixed-batch: without replacement, replace-one
                                   (rdp_fixed_batch_arb.c) */
} lp_account_request;

/* ---- the run a request describes (request.c) ------------------------------------ */

struct lp_phases;               /* rdp/phases.h */
/* The accountant's run: one phase (M, q, steps), or the phases' sum; delta,
 * the relation and the sampling scheme from the request.  Cleared by
 * lp_account_run_clear. */
void lp_account_run_init(lp_dpsgd *run, struct lp_phases *ph, const lp_account_request *req);
void lp_account_run_clear(lp_dpsgd *run, struct lp_phases *ph, const lp_account_request *req);
/* 1 when every phase's (or the run's) sampling rate is exactly 0 */
int lp_account_all_rates_zero(const lp_account_request *req);
/* noise_multiplier, sampling_rate, steps (with phases: the first two null,
 * steps the total, and the list phases of each phase's three) */
void lp_account_record_run(lp_record *rec, const lp_account_request *req);
/* with --relation replace or --sampling fixed-batch: relation "replace" and
 * relation_bound (the bound's statement), and sampling; nothing otherwise */
void lp_account_record_relation(lp_record *rec, const lp_account_request *req);

/* The accountant's record: command "account", the inputs echoed
 * (noise_multiplier, sampling_rate, steps, delta, method, orders), norders,
 * orders_failed, first_failure ("order A: status: note", or null), and for
 * each conversion (objects balle2020 and classic): conversion (its name),
 * epsilon_upper_bound (arb: the list's minimum rounded up to `digits`
 * significant digits, a text; otherwise null), order (the best order's text),
 * value (the best order's epsilon: a certified ball, or the method's double),
 * certified, rel_error (with compare: against arb at the method's best and
 * arb's best order, each its own minimum), status; when no order gave an
 * epsilon: epsilon_upper_bound and order null, the first order's status and
 * note; with per_order, the list per_order: for each order evaluated (the
 * search's last), order, rdp (the T-step RDP), epsilon_balle2020,
 * epsilon_classic (balls with arb, doubles otherwise; null where the order
 * failed) and status. */
void lp_account_study(lp_record *rec, const lp_account_request *req);
/* One conversion's object of that record (balle != 0: Balle et al., else
 * classic), from an evaluated accountant and, with compare, arb's (else NULL). */
void lp_account_record_conversion(lp_record *rec, const lp_account *acc, const lp_account *ref,
                                  int balle, slong digits);
/* A per_order row's order, rdp, epsilon_balle2020, epsilon_classic (status: the caller's). */
void lp_account_record_order(lp_record *row, const lp_account_order *o, slong digits);

/* The inverse's record (req->M and req->peer ignored): command "account
 * least-multiplier", epsilon, sampling_rate, steps, delta, orders and
 * resolution echoed, noise_multiplier (the least grid multiplier, text),
 * epsilon_upper_bound (its certified epsilon, rounded up), below (the grid
 * point under it), epsilon_below_lower_bound (the lower end of its epsilon,
 * rounded down), below_certainly_exceeds.  Returns 0, or -1 (nothing
 * recorded) when no multiplier up to 10^6 meets the target. */
/* The multiplier the least multiplier's search will start from (the doubles'
 * guess, lp_account_guess_multiplier), for the work estimate; NaN where none
 * (the edges q, epsilon or delta 0, phases, replace-one, fixed batches). */
double lp_account_least_multiplier_guess(const lp_account_request *req, const lp_exact *epsilon,
                                         long resolution);
int lp_account_least_multiplier_study(lp_record *rec, const lp_exact *epsilon,
                                      const lp_account_request *req, long resolution);

/* One composition, many queries (rdp/lists.c): the run's T-step RDP certified
 * once over the orders (the default's grid of 161 orders without the search,
 * or the list given; req->delta and req->delta_for_eps ignored), then for each
 * of the nd deltas (read, in (0, 1)) a row of the list "epsilons":
 * delta, epsilon_upper_bound and order (Balle et al. 2020's conversion, the
 * least over the orders, rounded up), epsilon_classic_upper_bound and
 * order_classic, status; for each of the ne epsilons (decimals >= 0) a row of
 * "deltas": epsilon, delta_upper_bound, order, delta_classic_upper_bound,
 * order_classic, status (delta clamped at 1).  The header: command, accountant
 * "rdp", the run, method, orders, norders, order_search, orders_failed,
 * conversion; with per_order, per_order rows of order, rdp, status. */
void lp_account_lists_study(lp_record *rec, const lp_account_request *req,
                            const lp_exact *deltas, size_t nd, const lp_exact *epsilons, size_t ne);

/* The status `account` gives a conversion of an evaluated accountant without
 * a reference ("ok", "inaccurate", or the first order's status when none gave
 * a value), and its note. */
const char *lp_account_status(char *note, size_t nl, const lp_account *acc, int balle);

#endif
