/* account.h -- DP-SGD's epsilon over a training run: the Renyi-DP accountant of
 * the Poisson-subsampled Gaussian mechanism (Mironov, Talwar and Zhang 2019),
 * composed over T steps and converted to (epsilon, delta)-DP, certified in
 * ball arithmetic beside the ways accountants compute it in doubles.
 *
 * One step: noise multiplier M (noise standard deviation over the clipping
 * norm), sampling rate q in (0, 1].  At an order alpha > 1,
 *   A_alpha = E_{z ~ N(0, M^2)} [ ((1-q) + q exp((2z - 1)/(2 M^2)))^alpha ],
 *   RDP(alpha) = log(A_alpha) / (alpha - 1),
 * and for integer alpha the expectation is the finite sum
 *   A_alpha = sum_{k=0}^{alpha} C(alpha,k) (1-q)^{alpha-k} q^k exp((k^2-k)/(2 M^2)).
 * T steps compose additively: RDP_T = T RDP.  Each order gives a valid epsilon
 * for a target delta in (0, 1):
 *   classic (Mironov 2017, Prop. 3):  eps = RDP_T + log(1/delta)/(alpha-1)
 *   balle   (Balle et al. 2020, Thm 21; Opacus's conversion):
 *           eps = RDP_T + log((alpha-1)/alpha) - (log(delta) + log(alpha))/(alpha-1)
 * so the accountant's epsilon is the minimum over the orders evaluated.
 *
 * Orders are exact decimals.  Integer orders 2 .. LP_ORDER_INT_MAX are summed
 * term by term; fractional orders > 1 (and integer ones, as an independent
 * check) by the integral above, certified (see rdp_integral_arb.c). */
#ifndef LP_ACCOUNT_H
#define LP_ACCOUNT_H

#include <stddef.h>
#include <stdint.h>
#include "leakproof.h"
#include "core/record.h"

/* Largest integer order the term-by-term sum accepts (cost ~ alpha products). */
#define LP_ORDER_INT_MAX UINT64_C(10000000)
/* Largest fractional order the integral accepts. */
#define LP_ORDER_FRAC_MAX 1000

/* One DP-SGD run: multiplier, sampling rate, steps, delta.  The balls contain
 * the exact parameters (exact decimals, or exact rationals such as 1/K); the
 * doubles are the nearest doubles, for the non-certified methods. */
typedef struct {
    arb_t M, q, delta;
    double M_d, q_d, delta_d;
    uint64_t steps;
    int q_is_one;               /* q is exactly 1: no subsampling */
    const struct lp_phases *phases; /* NULL, or the run's phases (phases.h): the
                                       T-step RDP is their sum */
    int replace;                /* replace-one neighbours: each step's RDP by the
                                   remove-then-add bound (phases.c) */
} lp_dpsgd;

/* A sampling rate written as a fraction N/D of decimal integers (D >= 1): 0
 * and N, D set, or -1. */
int lp_rate_fraction(uint64_t *num, uint64_t *den, const char *text);

/* From decimal texts (valid, M > 0, q in (0, 1] as a decimal or a fraction
 * N/D read exactly, delta in (0, 1)), steps >= 1. */
void lp_dpsgd_init(lp_dpsgd *run, const char *M, const char *q, uint64_t steps,
                   const char *delta);
/* Opacus's Poisson loader over K batches per epoch: q = 1/K, T = epochs K. */
void lp_dpsgd_init_batches(lp_dpsgd *run, const char *M, uint64_t batches,
                           uint64_t epochs, const char *delta);
void lp_dpsgd_clear(lp_dpsgd *run);
/* Sets the multiplier (valid decimal > 0). */
void lp_dpsgd_set_M(lp_dpsgd *run, const char *M);

/* An order as an exact decimal text: 0 and the class if it is a valid
 * decimal > 1 within the limits; -1 otherwise.  *integer is set to the
 * integer value (>= 2) or 0 for a fractional order. */
int lp_order_parse(uint64_t *integer, const char *alpha);

/* ---- one order, certified --------------------------------------------------- */

/* rdp = an enclosure of RDP(alpha) of ONE step, integer alpha >= 2, by the
 * finite sum written as A - 1 = sum_{k>=2} C(alpha,k)(1-q)^{alpha-k} q^k
 * (exp((k^2-k)/(2M^2)) - 1), all terms positive (the k = 0, 1 terms cancel the
 * 1), then log1p: no cancellation however small q is.  q = 1 exactly gives
 * alpha/(2 M^2).  Working precision prec plus log2(alpha) guard bits. */
void lp_rdp_int_arb(arb_t rdp, const lp_dpsgd *run, uint64_t alpha, slong prec);

/* rdp = an enclosure of RDP(alpha) of one step for any real alpha > 1 given
 * as a ball (certainly > 1), by the integral over z = M u,
 *   A = int phi(u) ((1-q) + q exp(u/M - 1/(2M^2)))^alpha du,
 * a rigorous Gauss-Legendre integral on a window [a, b] with both tails
 * bounded: for u <= 1/(2M) the base is <= 1 so the left tail is <= Phi(a); for
 * u >= 1/(2M) the base is <= exp(u/M - 1/(2M^2)) so the right tail is
 * <= exp((alpha^2-alpha)/(2M^2)) Phi(-(b - alpha/M)).  Returns 0, or -1 when
 * the integrator could not reach a finite enclosure. */
int lp_rdp_integral_arb(arb_t rdp, const lp_dpsgd *run, const arb_t alpha, slong prec);

/* ---- one order, by every method -------------------------------------------- */

/* The RDP of T steps at the order `alpha` (decimal text accepted by
 * lp_order_parse) and the two epsilons, by `method`:
 *   arb        certified, at least `digits` significant digits of each epsilon
 *              (precision raised as needed);
 *   double     Opacus 1.1.2's code in C doubles: log of the binomial
 *              coefficient computed as a double (overflows to inf past
 *              alpha ~ 1030), log-add of the terms; fractional orders by its
 *              erfc series;
 *   logdouble  dp_accounting's code: log-binomials by lgamma, log-sum-exp;
 *              integer orders only (else status domain).
 * Non-certified results carry a status, never a silent inf or NaN. */
typedef struct {
    const char *alpha;          /* the order's text (not owned) */
    lp_result rdp_T;            /* T-step RDP */
    lp_result eps_classic, eps_balle;
} lp_account_order;

void lp_account_order_init(lp_account_order *o, const char *alpha);
void lp_account_order_clear(lp_account_order *o);
lp_status lp_account_order_eval(lp_account_order *o, const lp_dpsgd *run,
                                lp_method method, slong digits);
/* RDP_T at order alpha to epsilon (Mironov 2017, Prop. 3; Balle et al. 2020,
 * Thm 21); 1 if x is accurate to `bits` (relatively, or absolutely near 0). */
void lp_account_convert_arb(arb_t classic, arb_t balle, const arb_t rdp_T, const arb_t alpha,
                            const arb_t delta, slong prec);
int lp_account_accurate(const arb_t x, slong bits);

/* RDP of one step by the non-certified methods (status; *rdp set when ok). */
lp_status lp_rdp_double(double *rdp, char *note, size_t notelen, double q, double M,
                        double alpha);
lp_status lp_rdp_logdouble(double *rdp, char *note, size_t notelen, double q, double M,
                           double alpha);

/* ---- a list of orders: the accountant's epsilon ------------------------------ */

/* The accountant over a list of orders.  For arb, eps_upper_* is the minimum
 * over the orders of the upper ends of the epsilon balls (exact, to be
 * printed rounded up): a certified upper bound on the best epsilon the list
 * gives; eps_lower_* the minimum of the lower ends: the list's epsilon is
 * certainly >= it.  For the other methods both are the minimum of the ok
 * points, as the accountants take it.  best_* index the order attaining the
 * minimum (-1 when no order gave a value). */
typedef struct {
    lp_method method;
    size_t norders;
    lp_account_order *order;
    arf_t eps_upper_classic, eps_upper_balle;
    arf_t eps_lower_classic, eps_lower_balle;
    long best_classic, best_balle;
    size_t nfailed;             /* orders whose status is not ok */
    size_t nalloc;              /* orders allocated (>= norders) */
    char search_alpha[40];      /* the order the search found (lp_account_eval_search) */
    int searched;               /* 1 when order[norders - 1] is the search's */
} lp_account;

void lp_account_init(lp_account *acc, const char *const *orders, size_t norders);
void lp_account_clear(lp_account *acc);
/* Evaluates every order; returns LP_OK when at least one order gave an epsilon,
 * else the first order's status. */
lp_status lp_account_eval(lp_account *acc, const lp_dpsgd *run, lp_method method,
                          slong digits);

/* Recomputes the minima and best_* from the orders already evaluated. */
void lp_account_refold(lp_account *acc);

/* ---- the default: the best real order (best_order.c) ------------------------- */

/* The candidate grid: 1.1, 1.2, ..., 10.9, 11 .. 64, 72, 80, 96, 128, 192, 256,
 * 512, 1024 (the union of Opacus's, dp_accounting's and leakproof's integer
 * grids). */
#define LP_NORDERS_SEARCH_GRID 161
const char *const *lp_orders_search_grid(void);
/* acc for the search: the grid and one more order (the search's). */
void lp_account_init_search(lp_account *acc);
/* Certifies every grid order, then chooses alpha* by a golden-section search
 * over log(alpha - 1) between the best grid order's neighbours (from
 * low-precision enclosures: a heuristic that only chooses), and certifies
 * alpha* (acc->search_alpha, the last order).  The minima are over the grid
 * and alpha*: never above the grid's; a certified upper bound at the order
 * reported, not a certified minimum over all orders. */
lp_status lp_account_eval_search(lp_account *acc, const lp_dpsgd *run, slong digits);
/* The accountant over an order list: the search for a search list with arb,
 * its grid with a double method, else lp_account_eval. */
lp_status lp_account_eval_orders(lp_account *acc, const lp_dpsgd *run, lp_method method,
                                 slong digits, int search);

/* Order lists.  The integers: the integers 2 .. 64 and 72, 80, 96, 128, 192,
 * 256, 512, 1024 (71 orders).  Opacus 1.1.2's DEFAULT_ALPHAS: 1.1, 1.2, ...,
 * 10.9 and 12 .. 63 (151 orders, 99 of them fractional). */
extern const char *const lp_orders_default[];
extern const size_t lp_norders_default;
extern const char *const lp_orders_opacus[];
extern const size_t lp_norders_opacus;

/* ---- the inverse: the least multiplier ---------------------------------------- */

/* The least multiplier M on the grid m 10^-digits_after_point (m integer)
 * whose certified epsilon (Balle et al.'s conversion, minimum over the orders)
 * is certainly <= eps_target, found by bisection.  On return:
 *   M_hi: text of that multiplier (caller frees with flint_free), its
 *         certified upper bound eps_hi (certainly <= target);
 *   M_lo: text of the grid point just below, eps_lo_lower (the lower end of
 *         its epsilon): *below_certain = 1 when that is certainly > target,
 *         0 when the grid step is finer than the accountant can decide.
 * search != 0: each M's epsilon by lp_account_eval_search (orders ignored).
 * Returns 0, or -1 when no M up to 10^6 reaches the target. */
int lp_account_least_multiplier(char **M_hi, char **M_lo, arf_t eps_hi,
                                arf_t eps_lo_lower, int *below_certain,
                                const lp_dpsgd *run, const arb_t eps_target,
                                const char *const *orders, size_t norders, int search,
                                slong digits_after_point);

/* ---- Tan et al. Section 6.3 ------------------------------------------------------ */

/* Opacus's Poisson loader at batch size B over N records has K = ceil(N/B)
 * batches per epoch (DataLoader without drop_last): q = 1/K and T = epochs K,
 * which is q = B/N, T = epochs N/B when B divides N.  For a multiplier and
 * a stated epsilon (decimal text; its printed decimals fix the rounding
 * interval), lp_tan63_fit finds the K whose certified epsilon (Balle et al.,
 * over `orders`) certainly rounds to the stated value: K_lo .. K_hi (empty
 * when K_lo > K_hi), `undecided` K whose ball straddles an end of the
 * interval, and K_near, the K whose epsilon is nearest (by the double method,
 * which agrees with arb to 1e-8 there).  The search assumes epsilon falls as K
 * grows: it bisects for the ends (certified evaluations) and walks only over
 * the undecided K next to them; K is searched up to 10^6 (a range ending
 * there may go on).  Every K reported inside is certified. */
typedef struct {
    const char *M, *stated;
    uint64_t K_lo, K_hi, K_near;
    int undecided;
} lp_tan63_row;

void lp_tan63_fit(lp_tan63_row *row, uint64_t epochs, const char *delta,
                  const char *const *orders, size_t norders);
/* The certified epsilon of the run (lower and upper ends of the list's minimum). */
void lp_tan63_certify(arf_t lower, arf_t upper, const char *M, uint64_t K, uint64_t epochs,
                      const char *delta, const char *const *orders, size_t norders,
                      slong digits);

/* ---- order lists as named by the user (orders.c) ------------------------------ */

/* "default" (the best real order: the search grid, then a search; search = 1),
 * "integers" (lp_orders_default, leakproof's default before the search),
 * "opacus" (the lists below), or orders separated by commas, each
 * accepted by lp_order_parse.  `text` is the name as given ("default" for
 * NULL), echoed by the records; `owned` holds the parsed texts of a given list
 * (NULL for a named one). */
typedef struct {
    const char *text;
    const char *const *order;
    size_t n;
    char **owned;
    int search;                 /* "default": the best real order (the grid, then a search) */
} lp_order_list;

/* 0, or -1 with a message in err (without the option's name): an entry that
 * is not an order, or no entry at all. */
int lp_order_list_parse(lp_order_list *list, const char *text, char *err, size_t errlen);
void lp_order_list_clear(lp_order_list *list);

/* ---- the studies of `leakproof account` (study.c) ------------------------------ */

/* One run as the user gave it: decimal texts, already validated (M > 0,
 * q in (0, 1], delta in (0, 1)), steps >= 1; digits: significant digits of
 * the printed epsilons. */
typedef struct {
    const char *M, *q, *delta;
    uint64_t steps;
    const lp_order_list *orders;
    lp_method method;           /* arb, double or logdouble */
    int compare;                /* with a double method: arb beside it, and rel_error */
    slong digits;
    int per_order;              /* the list per_order: each order's T-step RDP and epsilons */
    /* issue 20 part 6 (rdp_edges.c): delta at a given epsilon (NULL: epsilon at
       delta), the run in phases "M,q,T" (nphases 0: M, q, steps above) */
    const char *delta_for_eps;
    const char *const *phase;
    size_t nphases;
    int replace;                /* --relation replace (phases.c) */
} lp_account_request;

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

/* The inverse's record (req->M and req->method ignored): command "account
 * least-multiplier", epsilon, sampling_rate, steps, delta, orders and
 * resolution echoed, noise_multiplier (the least grid multiplier, text),
 * epsilon_upper_bound (its certified epsilon, rounded up), below (the grid
 * point under it), epsilon_below_lower_bound (the lower end of its epsilon,
 * rounded down), below_certainly_exceeds.  Returns 0, or -1 (nothing
 * recorded) when no multiplier up to 10^6 meets the target. */
int lp_account_least_multiplier_study(lp_record *rec, const char *epsilon,
                                      const lp_account_request *req, long resolution);

/* ---- the fit of a stated epsilon (fit_study.c) ---------------------------------- */

/* A stated epsilon as a paper prints it: digits, optionally a point and more
 * digits (no sign, no exponent: the printed decimals fix the rounding
 * interval), > 0.  1 when valid. */
int lp_account_stated_valid(const char *stated);

/* A training run whose dataset size is unstated: Opacus's Poisson loader
 * with batch size `batch` over N records has K = ceil(N/batch) batches per
 * epoch, q = 1/K, T = epochs K. */
typedef struct {
    const char *M, *stated, *delta;     /* validated decimal texts */
    uint64_t batch, epochs;             /* >= 1 */
    const lp_order_list *orders;
    slong digits;                       /* of the certified epsilons printed */
} lp_account_fit_request;

/* The record of the fit (lp_tan63_fit): command "account fit", the inputs
 * echoed (noise_multiplier, stated_epsilon, batch, epochs, delta, orders),
 * norders; batches_lo, batches_hi: the range of K whose certified epsilon
 * (Balle et al.) certainly rounds to the stated decimals, and
 * dataset_size_lo = batch (batches_lo - 1) + 1, dataset_size_hi = batch
 * batches_hi, the N it implies (all four null when no K does); reproduced
 * (bool); undecided: the number of K whose ball straddles an end of the
 * rounding interval; batches_nearest: the K whose epsilon is nearest the
 * stated value, with dataset_size_nearest_lo, dataset_size_nearest_hi and
 * steps_nearest (epochs K); and at that K, the objects balle2020 and classic
 * of lp_account_record_conversion (certified). */
void lp_account_fit_study(lp_record *rec, const lp_account_fit_request *req);

/* ---- where the double accountants break (overflow_account.c) -------------------- */

/* A failure of `method` (double or logdouble) at one integer order: its
 * status is not ok, or its T-step RDP differs from arb's (certified to 20
 * digits) by a relative error above the tolerance.  One search's answer:
 *   at            the boundary: the smallest failing order; for the decade
 *                 walks the exponent k of the first failing decade (q = 10^-k
 *                 going down, T = 10^k going up); 0 when none failed
 *                 (T = 10^0 may fail: kind tells);
 *   kind          the status name of the failure, "inaccurate", or "none";
 *   rel_error     at the boundary (at searched_to when none; -1: no number);
 *   rel_error_before  at the last point that did not fail (-1: none or n/a);
 *   persists      1 when it fails at every one of the next three points
 *                 (orders 2a, 4a, 8a within the limit; the next decades);
 *   searched_to   the boundary, or the furthest point examined when none. */
typedef struct {
    uint64_t at;
    const char *kind;
    double rel_error, rel_error_before;
    int persists;
    uint64_t searched_to;
} lp_account_overflow_point;

/* The smallest integer order in [2, order_max] at which the method fails at
 * (M, q, steps, delta): doubling from 2, then bisection; exact in the sense
 * that order a fails and a - 1 does not, both evaluated (a = 2 fails: nothing
 * before it). */
void lp_account_overflow_order(lp_account_overflow_point *pt, lp_method method, const char *M,
                               const char *q, uint64_t steps, const char *delta,
                               uint64_t order_max, double tol);
/* The first q = 10^-k, k = 1 .. 30, at which the method fails at (M, order,
 * steps, delta). */
void lp_account_overflow_sampling_rate(lp_account_overflow_point *pt, lp_method method,
                                       const char *M, uint64_t order, uint64_t steps,
                                       const char *delta, double tol);
/* The first T = 10^k, k = 0 .. 18, at which the method fails at (M, q,
 * order, delta). */
void lp_account_overflow_steps(lp_account_overflow_point *pt, lp_method method, const char *M,
                               const char *q, uint64_t order, const char *delta, double tol);

/* The record of `leakproof overflow account`: command "overflow account",
 * method, tolerance, order_max, sampling_rate, steps, delta (the fixed
 * inputs) and order (the order of the two decade walks), then for each
 * multiplier of `grid` one row of each list, in the shape of the mechanisms'
 * overflow record:
 *   points                noise_multiplier, sampling_rate, steps, order (the
 *                         smallest failing order, null when none), kind,
 *                         rel_error, rel_error_before, persists, searched_to;
 *   sampling_rate_points  noise_multiplier, order, steps, sampling_rate (the
 *                         first failing decade as a text "1e-k", null when
 *                         none), kind, ..., searched_to (a text "1e-k");
 *   steps_points          noise_multiplier, order, sampling_rate, steps (the
 *                         first failing decade, an integer, null when none),
 *                         kind, ..., searched_to (an integer).
 * rel_error and rel_error_before are null where there is no number. */
void lp_account_overflow_record(lp_record *rec, lp_method method, char *const *grid, size_t n,
                                const char *q, uint64_t steps, const char *delta,
                                uint64_t order, uint64_t order_max, double tol);

/* ---- decimal output ------------------------------------------------------------ */

/* x rounded up (down when up == 0) to `digits` significant decimal digits, as
 * text; caller frees with flint_free.  The printed number is >= x (<= x). */
char *lp_format_arf_directed(const arf_t x, slong digits, int up);

/* the peers' accountants in doubles */
#include "account/peers/peers.h"

#endif
