/* pld_request.h -- study/: a request of `leakproof account --accountant
 * pld` and the studies that answer it, each filling a record: one run of
 * one mechanism (pld_study.c), phases (pld_study_phases.c), replace-one
 * neighbours (pld_study_replace.c), lists of deltas and epsilons from one
 * composition per relation (pld_profile.c, pld_profile_study.c), the least
 * multiplier (pld_least_multiplier.c), q = 1 in closed form
 * (pld_full_batch.c), the work estimate (pld_plan.c) and the two
 * relations' widths chosen together (pld_pair.c).  The room's rule: it
 * turns a request into steps (pairs/), builds their composed PLD (init/)
 * and reads its bracket (bounds/); nothing below it knows a request. */
#ifndef LP_PLD_REQUEST_H
#define LP_PLD_REQUEST_H

#include "account/account.h"
#include "account/pld/init/pld_init.h"
#include "account/pld/bounds/pld_bounds.h"

/* One phase of a request (validated texts): the Gaussian's multiplier M, or
 * the VMF's kappa and p; its sampling rate and steps. */
typedef struct {
    lp_pld_mech_id mech;
    const char *M, *kappa, *q;
    uint64_t p, steps;
    const char *e, *d;          /* rr, epsdelta */
} lp_pld_phase;

typedef struct {
    const char *M, *q, *delta;  /* validated decimal texts; delta may be NULL with eps */
    const char *eps;            /* --delta-for-epsilon E, or NULL */
    uint64_t steps;
    int relation;               /* 0 remove, 1 add, 2 both (the worse), 3 replace-one
                                   (the Gaussian, Poisson: lp_pld_replace_study) */
    double width;
    size_t max_n;
    slong digits;
    lp_pld_mech_id mech;        /* LP_PLD_GAUSS (0: M is the multiplier), or LP_PLD_VMF: */
    const char *kappa;          /* its concentration (M unused, may be NULL) */
    uint64_t p;                 /* and dimension, >= 3 */
    const lp_pld_phase *phases; /* nphases > 0: these phases composed (M, q, steps, mech unused) */
    size_t nphases;
    const char *e, *d;          /* LP_PLD_RR, LP_PLD_EPSDELTA: the step's epsilon and delta */
    int fixed_batch;            /* with relation 3: fixed-size batches drawn without
                                   replacement, q = m/n (pld_mech_fixed_batch.c) */
} lp_pld_request;

/* The width floors of a study of both relations (pld_pair.c), for
 * lp_pld_step's width_eps_floor: the relation whose epsilon is estimated
 * the smaller (c) has only to bracket its epsilon below the larger's, so its
 * grid is sized for width x eps_floor[c], that the larger of the other
 * relation's sizing estimate and an eighth of the estimated gap between the
 * two epsilons over width (the larger's least estimate less the smaller's
 * largest: the sketch composed in doubles at T <= 100, the saddlepoint);
 * eps_floor[other] = 0.  Returns c (0 remove, 1 add), or -1 with both floors 0:
 * req->relation not 2, --delta-for-epsilon (both sized for E already),
 * phases, q = 1, an estimate not made, or no floor above c's own estimate.
 * Doubles, bounded time (no sizing loop, no certified work; two sketches
 * and two saddlepoints, milliseconds); cancellable. */
int lp_pld_pair_floors(const lp_pld_request *req, const lp_dpsgd *run, double eps_floor[2]);

/* the step of req's mechanism over `run` (pld_steps.c; lp_pld_step_clear it) */
void lp_pld_request_step(lp_pld_step *st, const lp_pld_request *req, const lp_dpsgd *run);

/* Fills rec with the bracket of `req` (q = 1 exactly: the closed form of
 * pld_full_batch.h).  Returns LP_PLD_OK; LP_PLD_UNCERTIFIED with
 * "certified": false and a "why" where an end could not be certified or no
 * grid fits (an upper end below delta's reach of the grid is taken from the
 * RDP accountant, lp_pld_rdp_upper, and named in "upper_route");
 * LP_PLD_OUT_OF_MEMORY (the record is not to be printed) or
 * LP_PLD_INTERRUPTED (cancelled: likewise). */
enum { LP_PLD_OK = 0, LP_PLD_UNCERTIFIED = 3, LP_PLD_OUT_OF_MEMORY = 4, LP_PLD_INTERRUPTED = 5 };
int lp_pld_study(lp_record *rec, const lp_pld_request *req);
/* the same over req->phases (pld_study_phases.c): the record names each
 * phase ("phases": mechanism, noise_multiplier or kappa and p,
 * sampling_rate, steps), "steps" their total; lp_pld_study calls it */
int lp_pld_phases_study(lp_record *rec, const lp_pld_request *req);
/* the same for req->relation 3 (pld_study_replace.c): the Gaussian of req->M
 * under replace-one neighbours, Poisson-subsampled, one composition of the
 * symmetric pair; "relation": "replace", "dominance_status": "checked";
 * lp_pld_study calls it */
int lp_pld_replace_study(lp_record *rec, const lp_pld_request *req);

/* The runs and steps of n phases (pld_steps.c), for lp_pld_init_phases;
 * delta (NULL: 1e-12) only sizes the grid.  0, or -1 out of memory (nothing
 * left allocated); lp_pld_phase_set_clear it after a 0. */
typedef struct {
    lp_dpsgd *run;
    lp_pld_step *st;
    size_t n;
} lp_pld_phase_set;
int lp_pld_phase_set_init(lp_pld_phase_set *ps, const lp_pld_phase *phases, size_t n, const char *delta);
void lp_pld_phase_set_clear(lp_pld_phase_set *ps);
/* rec's "phases" (one object per phase, every key in each), "steps" their
 * total, and where a phase is not the Gaussian "dominance_status" and
 * "dominance" (pld_study_phases.c) */
void lp_pld_record_phases(lp_record *rec, const lp_pld_phase *phases, size_t nphases);

/* key = v rounded down (up != 0: up) to `digits` digits; null when not finite */
void pld_record_eps(lp_record *rec, const char *key, double v, slong digits, int up);
/* key = x's lower (up == 0) or upper end, directed, to `digits` digits */
void pld_record_arb_directed(lp_record *rec, const char *key, const arb_t x, slong digits, int up);

/* the records' "dominance" of the pairs that are not the Poisson Gaussian's
 * (replace-one and fixed batches: pld_study_replace.c; the VMF's step:
 * pld_study.c, the lists' too) */
extern const char pld_replace_dominance[];
extern const char pld_fixed_batch_dominance[];
extern const char pld_vmf_dominance[];

#endif
