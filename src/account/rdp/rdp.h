/* rdp.h -- DP-SGD's epsilon over a training run: the Renyi-DP accountant of
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
 * check) by the integral above, certified (see rdp_integral_arb.c).  The run
 * and the order lists: account/run.h. */
#ifndef LP_ACCOUNT_RDP_H
#define LP_ACCOUNT_RDP_H

#include "account/run.h"
#include "core/precision_loop.h"

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

/* rdp = an enclosure of an upper bound on the RDP of ONE step with a fixed-size
 * batch (sampling without replacement at rate q = m/n) under the replace-one
 * relation, sensitivity 2C: the minimum of Wang, Balle and Kasiviswanathan
 * 2019, Theorem 9 (the Gaussian's eps(a) = 2a/M^2) and joint convexity (exact
 * at q = 1: 2 alpha/M^2).  integer >= 2 for an integer order; 0 for a
 * fractional one given as the ball alpha (> 1, not an integer): the chord of
 * the cumulant (a-1) eps(a) between the integers around it (Corollary 10).
 * q = 0 gives 0.  The argument: rdp_fixed_batch_arb.c. */
void lp_rdp_fixed_batch_arb(arb_t rdp, const lp_dpsgd *run, uint64_t integer, const arb_t alpha,
                            slong prec);

/* ---- one order, by every method -------------------------------------------- */

/* The accountant's method is a peer (peers/peers.h): NULL for the certified
 * accountant (arb), else a peer's port in doubles (its RDP of one step and
 * its conversion, from its row of the table of peers). */
struct lp_peer;

/* The RDP of T steps at the order `alpha` (decimal text accepted by
 * lp_order_parse) and the two epsilons, by `peer`:
 *   NULL       arb, certified, at least `digits` significant digits of each
 *              epsilon (precision raised as needed);
 *   a peer     its RDP of one step times T, its own conversion, and the
 *              port's estimate of its error carried to each epsilon (digits
 *              ignored).
 * Non-certified results carry a status, never a silent inf or NaN. */
typedef struct {
    const char *alpha;          /* the order's text (not owned) */
    lp_result rdp_T;            /* T-step RDP */
    lp_result eps_classic, eps_balle;
} lp_account_order;

void lp_account_order_init(lp_account_order *o, const char *alpha);
void lp_account_order_clear(lp_account_order *o);
lp_status lp_account_order_eval(lp_account_order *o, const lp_dpsgd *run,
                                const struct lp_peer *peer, slong digits);
/* RDP_T at order alpha to epsilon (Mironov 2017, Prop. 3; Balle et al. 2020,
 * Thm 21); 1 if x is accurate to `bits` (relatively, or absolutely near 0). */
void lp_account_convert_arb(arb_t classic, arb_t balle, const arb_t rdp_T, const arb_t alpha,
                            const arb_t delta, slong prec);
int lp_account_accurate(const arb_t x, slong bits);
/* The accountant's precision loop (core/precision_loop.h), for one order here
 * and for every order of vmf_account.c: from digits * 3.33 + 36 bits (32 over
 * the accuracy asked of each ball, digits * 3.33 + 4), doubled up to 8192
 * bits; an order not accurate by then fails with status failed. */
extern const lp_ziv_rule lp_account_ziv;

/* ---- a list of orders: the accountant's epsilon ------------------------------ */

/* The accountant over a list of orders.  For arb, eps_upper_* is the minimum
 * over the orders of the upper ends of the epsilon balls (exact, to be
 * printed rounded up): a certified upper bound on the best epsilon the list
 * gives; eps_lower_* the minimum of the lower ends: the list's epsilon is
 * certainly >= it.  For a peer both are the minimum of the ok points, as the
 * accountants take it.  best_* index the order attaining the
 * minimum (-1 when no order gave a value). */
typedef struct {
    const struct lp_peer *peer; /* NULL: arb */
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
lp_status lp_account_eval(lp_account *acc, const lp_dpsgd *run, const struct lp_peer *peer,
                          slong digits);

/* The ends of the least Balle et al. epsilon over `orders`, as lp_account_eval
 * gives them in eps_lower_balle and eps_upper_balle (the same numbers, both
 * ends), at a fraction of its cost: the doubles (Opacus's) pick the order to
 * certify first, and an order is certified only where its cheap certified
 * lower bound (RDP(alpha) >= RDP(floor alpha), the binomial sum) does not
 * clear the running upper end by a margin its full ball cannot cross.  Runs
 * with phases, replace-one or fixed batches are evaluated in full.  LP_OK when
 * an order gave a value; lower and upper are NaN otherwise. */
lp_status lp_account_least_balle(arf_t lower, arf_t upper, const lp_dpsgd *run,
                                 const char *const *orders, size_t norders, slong digits);

/* Recomputes the minima and best_* from the orders already evaluated. */
void lp_account_refold(lp_account *acc);

/* ---- the default: the best real order (best_order.c) ------------------------- */

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
 * its grid with a peer, else lp_account_eval. */
lp_status lp_account_eval_orders(lp_account *acc, const lp_dpsgd *run, const struct lp_peer *peer,
                                 slong digits, int search);

/* ---- the inverse: the least multiplier ---------------------------------------- */

/* The least multiplier M on the grid m 10^-digits_after_point (m integer)
 * whose certified epsilon (Balle et al.'s conversion, minimum over the orders)
 * is certainly <= eps_target: the certified accountant gallops out from where
 * the doubles (Opacus's port) place it, then bisects (a plain bisection from
 * M = 1 for runs with no port in doubles); the same m as a bisection over the
 * grid wherever the certified predicate changes once.  On return:
 *   M_hi: text of that multiplier (caller frees with flint_free), its
 *         certified upper bound eps_hi (certainly <= target);
 *   M_lo: text of the grid point just below, eps_lo_lower (the lower end of
 *         its epsilon): *below_certain = 1 when that is certainly > target,
 *         0 when the grid step is finer than the accountant can decide.
 * search != 0: each M's epsilon by lp_account_eval_search (orders ignored).
 * Returns 0, or -1 when no M up to 10^6 reaches the target. */
/* Where the doubles (Opacus's port) place that least multiplier on the grid
 * m 10^-d, as a double: a guide for the work estimate, never a verdict.  NaN
 * where they give none (no port: phases, replace-one, fixed batches; no
 * number; no m up to 10^6). */
double lp_account_guess_multiplier(const lp_dpsgd *run, double eps_target, const char *const *orders,
                                   size_t norders, int search, slong d);
int lp_account_least_multiplier(char **M_hi, char **M_lo, arf_t eps_hi,
                                arf_t eps_lo_lower, int *below_certain,
                                const lp_dpsgd *run, const arb_t eps_target,
                                const char *const *orders, size_t norders, int search,
                                slong digits_after_point);

/* dp_accounting's KL bound certified on an evaluated arb accountant (kl_zero.c):
 * 1 when at some order the T-step RDP is certainly below -log(1 - delta^2), in
 * which case that order's Balle et al. epsilon, the list's minimum and its
 * bounds are set to 0 (dp_accounting's conversion gives exactly 0 there,
 * validly). */
int lp_account_kl_zero(lp_account *ref, const arb_t delta);

#endif
