/* pld.h -- a certified privacy-loss-distribution (PLD) accountant of the
 * Poisson-subsampled Gaussian over T steps: an upper and a lower bound on the
 * true delta(epsilon) and epsilon(delta) of the composed mechanism.
 *
 * One step, noise multiplier M, sampling rate q, sensitivity 1, in units of
 * the noise (u = x / M), s(u) = u/M - 1/(2 M^2):
 *   remove   P = (1-q) N(0,1) + q N(1/M,1),  Q = N(0,1),
 *            L(u) = log(1 - q + q e^{s(u)}),   u ~ P   (L > log(1-q));
 *   add      P = N(0,1),  Q = the mixture,
 *            L(u) = -log(1 - q + q e^{s(u)}),  u ~ P   (L < -log(1-q)).
 * delta(eps) of T steps = E[(1 - e^{eps - S})_+], S the sum of T iid L
 * (Meiser and Mohammadi 2018; Koskela, Jalko and Honkela 2020).
 *
 * The route (pld.c has the proofs):
 *   1. clamp the loss where its tail is below tau (the cut mass counts fully
 *      into delta: T tau), round it up onto the grid k h: Y = ceil_h(X),
 *      masses certified in Arb;
 *   2. compose T times on a circular grid of n = 2^m points by a radix-2 FFT
 *      in doubles, the power y^T of each coefficient and the inverse FFT, with
 *      an a-priori bound on every rounding (pld_fft.c); where that bound
 *      exceeds a fifth of delta (long runs at tiny q), again in x87 extended
 *      precision (u = 2^-64, the same proof);
 *   3. aliasing and the window's tails by a certified Chernoff bound on the
 *      discretised loss's moment generating function (summed by parts over
 *      the certified tail probabilities, whose radii are relative);
 *   4. the rounding Y - X in [0, h) moves S by at most T h (Meiser and
 *      Mohammadi's pessimistic/optimistic bounds), and, around its mean
 *      E[Y] - E[X] (E[X] the KL divergence, certified by an integral), by at
 *      most h sqrt(T log(1/eta)/2) except with probability eta (Hoeffding;
 *      the coupling of Gopi, Lee and Wutschitz 2021): both are taken, the
 *      better at each epsilon. */
#ifndef LP_PLD_H
#define LP_PLD_H

#include <stddef.h>
#include <stdint.h>
#include "account/account.h"

typedef enum { LP_PLD_REMOVE = 0, LP_PLD_ADD = 1 } lp_pld_relation;

/* The composed, discretised PLD of one relation. */
typedef struct {
    lp_pld_relation relation;
    uint64_t T;
    double h;                   /* grid width (a double, exact) */
    size_t n;                   /* circular grid size (2^k, or 3 2^k from 49152 on: pld_circle_size) */
    int64_t ja;                 /* window: s_j = (ja + j) h, j = 0 .. n-1 */
    double *A, *B, *C;          /* suffix sums of p, p r^(i-j), |p| over the window */
    double rnd_rel;             /* the suffix sums' rounding, relative to C */
    arb_t err_fft;              /* |sum (p^ - p) w| for any weights w of the form used */
    arb_t tail;                 /* P(S outside the window): aliasing and the tails */
    arb_t mu_lo, mu_hi;         /* E[Y] - E[X~]: the mean rounding, enclosed */
    arb_t tau_hi, tau_lo;       /* per step: cut mass above (remove), below (add) */
    double kmin_h, kmax_h;      /* the single step's grid support (for the record) */
    size_t support;             /* grid points of one step */
    const char *why;            /* lp_pld_init returned -1: why (a static text) */
    int out_of_memory;          /* ... because an allocation failed */
    double eps_sized;           /* the epsilon the grid's width was sized for (pld.c, step 1) */
    double eps_guess;           /* step 1's sketch composed in doubles (T <= 100), a point
                                   estimate of epsilon; 0 where none was made */
    double eps_saddle;          /* the saddlepoint's estimate (pld_eps_saddle.c), made at
                                   T > 100 and by pld_estimate_step; 0 where none */
    double eps_abs_floor;       /* the least epsilon the grid is sized for (a share of the
                                   Gaussian estimate): below it the width is absolute */
    double rounding_width;      /* spread x h (pld.c, step 1): the epsilon bracket's width the
                                   grid's rounding alone is expected to make */
} lp_pld;

/* ---- one mechanism's step (pld_mech.h has what each must provide) ---------- */

/* The mechanisms with a one-dimensional worst-case privacy loss that the
 * accountant composes, each a file pld_mech_<name>.c and a row of
 * pld_mech.c's table:
 *   LP_PLD_GAUSS     the Gaussian of multiplier run->M (sensitivity 1);
 *   LP_PLD_VMF       the von Mises-Fisher mechanism of concentration kappa
 *                    on S^{p-1}, the antipodal pair (pld_mech_vmf.c);
 *   LP_PLD_RR        binary randomized response at epsilon e (the pair of
 *                    every e-DP mechanism), and
 *   LP_PLD_EPSDELTA  any (e, d)-DP mechanism by its dominating pair of four
 *                    outcomes (pld_mech_discrete.c);
 *   LP_PLD_LAPLACE   Laplace noise of scale b per coordinate (l1 sensitivity
 *                    1), the pair differing in one coordinate
 *                    (pld_mech_laplace.c; b in the step's kappa);
 *   LP_PLD_GAUSS_REPLACE  the Gaussian under replace-one neighbours, the
 *                    symmetric mixture pair (pld_mech_replace.c; run under
 *                    LP_PLD_REMOVE, both ends clamped). */
typedef enum { LP_PLD_GAUSS = 0, LP_PLD_VMF = 1, LP_PLD_RR = 2, LP_PLD_EPSDELTA = 3,
               LP_PLD_LAPLACE = 4, LP_PLD_GAUSS_REPLACE = 5,
               LP_PLD_GAUSS_FIXED_BATCH = 6,    /* fixed-size batches without replacement,
                                                   replace-one (pld_mech_fixed_batch.c) */
               LP_PLD_NMECH } lp_pld_mech_id;

/* One phase of a run: a mechanism's step, Poisson-subsampled at run->q, run
 * T = run->steps times (run->delta only sizes the grid). */
typedef struct {
    lp_pld_mech_id mech;
    const lp_dpsgd *run;
    arb_t kappa;                /* vmf: the concentration (exact decimal) */
    double kappa_d;
    uint64_t p;                 /* vmf: the dimension, >= 2 */
    arb_t e, d;                 /* rr, epsdelta: the step's epsilon and delta (exact decimals) */
    double e_d, d_d;
    double width_eps_floor;     /* > 0: size the grid's width for an epsilon of at least this
                                   (the other relation's: lp_pld_pair_floors); 0 none */
} lp_pld_step;

/* the Gaussian's step of `run` */
void lp_pld_step_init_gauss(lp_pld_step *st, const lp_dpsgd *run);
/* the VMF's step: kappa a valid decimal > 0, p >= 2 */
void lp_pld_step_init_vmf(lp_pld_step *st, const lp_dpsgd *run, const char *kappa, uint64_t p);
/* rr (d NULL) or epsdelta: e a valid decimal > 0, d in [0, 1) */
void lp_pld_step_init_eps(lp_pld_step *st, const lp_dpsgd *run, const char *e, const char *d);
/* laplace: b (the scale over the l1 sensitivity) a valid decimal > 0 */
void lp_pld_step_init_laplace(lp_pld_step *st, const lp_dpsgd *run, const char *b);
void lp_pld_step_clear(lp_pld_step *st);
/* "gauss", "vmf" */
const char *lp_pld_mech_name(lp_pld_mech_id id);

/* lp_pld_init for any mechanism's step (lp_pld_init is the Gaussian's). */
int lp_pld_init_step(lp_pld *pld, const lp_pld_step *st, lp_pld_relation relation, double width,
                     size_t max_n, double eps_hint);
/* Phases (pld_phases.c): st[0 .. nph-1], phase i's step composed
 * st[i].run->steps times, all on one grid in one bracket (the product of the
 * spectra, each to its own power; delta from st[0].run sizes the grid);
 * pld->T their total, pld->support the sum of their supports.  nph = 1 is
 * lp_pld_init_step.  The composition in doubles only.  0, or -1 with
 * pld->why (as lp_pld_init). */
int lp_pld_init_phases(lp_pld *pld, const lp_pld_step *st, size_t nph, lp_pld_relation relation,
                       double width, size_t max_n, double eps_hint);
/* The grid's choices only (pld->n, pld->support, pld->h set; nothing
 * certified, nothing allocated but the balls lp_pld_clear frees): the work
 * estimate's (pld_plan.c).  0, or -1 with pld->why. */
int lp_pld_plan_step(lp_pld *pld, const lp_pld_step *st, lp_pld_relation relation, double width,
                     size_t max_n, double eps_hint);

/* Builds the composed PLD of `run` (M, q < 1, steps; delta is used for the
 * grid choice only) under one relation, for a target relative bracket width
 * `width` (> 0; 0.01 by default) on a grid of at most max_n points (a power
 * of 2); eps_hint > 0: the epsilon where delta will be asked (else
 * estimated).  The grid's choices are double heuristics: they move the cost
 * and the bracket's width, never its validity; they take bounded time (at
 * most 40 closed-form sizings, each checking the cancel flag).  Returns 0,
 * or -1 with pld->why set when the run is out of range (q = 1, steps >
 * 10^9, width <= 0), no grid of max_n points fits it, an allocation failed
 * (pld->out_of_memory set; every plain allocation is checked, and the
 * certified masses' (FLINT's) are tried first as one block of the planned
 * size), or the caller's cancel flag was raised. */
int lp_pld_init(lp_pld *pld, const lp_dpsgd *run, lp_pld_relation relation, double width,
                size_t max_n, double eps_hint);
void lp_pld_clear(lp_pld *pld);

/* A certified bracket [lo, hi] of the true delta(eps) (clipped to [0, 1]). */
void lp_pld_delta(arb_t lo, arb_t hi, const lp_pld *pld, const arb_t eps);

/* eps_hi: a certified upper bound on epsilon(delta) (delta(eps_hi) <= delta
 * certainly); eps_lo: a certified lower bound (delta(eps) > delta certainly
 * for every eps < eps_lo, or eps_lo = 0).  Exact doubles. */
void lp_pld_epsilon(double *eps_lo, double *eps_hi, const lp_pld *pld, const arb_t delta);

/* ---- the radix-2 FFT with an a-priori error bound (pld_fft.c) -------------- */

/* In place, n = 2^m interleaved complex doubles (re, im), sign -1 forward
 * (sum_j x_j e^{-2 pi i jk/n}), +1 inverse without the 1/n. */
typedef struct {
    size_t n;
    double *w;                  /* e^{-2 pi i j/n}, j < n/2, interleaved */
    double mu;                  /* |w^ - w| <= mu for every twiddle */
    double *tw;                 /* scratch: stages' twiddles copied contiguous (one transform at a time) */
    double *buf;                /* n = 3 2^k only: 2n reals of scratch for the radix-3 stage, else NULL */
} lp_fft_plan;

/* 0, or -1 when out of memory (nothing left allocated) or n neither a
 * power of 2 nor 3 2^k, k >= 2.  A plan runs one transform at a time (its
 * scratch). */
int lp_fft_plan_init(lp_fft_plan *p, size_t n);
void lp_fft_plan_clear(lp_fft_plan *p);
void lp_fft(double *x, const lp_fft_plan *p, int sign);
/* (1 + eta)^log2(n) - 1 rounded up: the componentwise bound
 * |fft^(x) - fft(x)|_k <= it * sum |x_j| (see pld_fft.c). */
double lp_fft_error_factor(const lp_fft_plan *p);

/* ---- the KL divergence, certified (pld_kl.c) --------------------------------- */

/* kl = E_P[L] of one step under `relation`: an enclosure; 0, or -1 when no
 * finite enclosure was reached. */
int lp_pld_kl(arb_t kl, const lp_dpsgd *run, lp_pld_relation relation, slong prec);

/* ---- the study (pld_study.c) -------------------------------------------------- */

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

/* the step of req's mechanism over `run` (lp_pld_step_clear it) */
void lp_pld_request_step(lp_pld_step *st, const lp_pld_request *req, const lp_dpsgd *run);

/* Fills rec with the bracket of `req` (q = 1 exactly: the closed form of
 * pld_full_batch.h).  Returns LP_PLD_OK; LP_PLD_UNCERTIFIED with
 * "certified": false and a "why" where an end could not be certified or no
 * grid fits (an upper end below delta's reach of the grid is taken from the
 * RDP accountant, lp_pld_rdp_upper, and named in "upper_route");
 * LP_PLD_OUT_OF_MEMORY (the record is not to be printed) or
 * LP_PLD_INTERRUPTED (cancelled: likewise). */
/* A certified upper bound on epsilon(run->delta) by the RDP accountant
 * (integer orders, Arb; pld_rdp_upper.c), for an upper end the grid cannot
 * reach; INFINITY when none (or cancelled).  A double rounded up. */
double lp_pld_rdp_upper(const lp_dpsgd *run);

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

/* The runs and steps of n phases (pld_study_phases.c), for lp_pld_init_phases;
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

#endif
