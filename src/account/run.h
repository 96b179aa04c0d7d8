/* run.h -- one DP-SGD run (multiplier, sampling rate, steps, delta), its
 * orders and the order grids: what every accountant of src/account/ reads.
 * The accountants themselves: rdp/rdp.h (certified RDP), pld/pld.h (the
 * certified PLD bracket), peers/peers.h (the peers' algorithms in doubles). */
#ifndef LP_ACCOUNT_RUN_H
#define LP_ACCOUNT_RUN_H

#include <stddef.h>
#include <stdint.h>
#include "leakproof.h"
#include "core/decimal_ops.h"

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
    int fixed_batch;            /* fixed-size batches drawn without replacement,
                                   replace-one neighbours (rdp_fixed_batch_arb.c) */
} lp_dpsgd;

/* From the numbers a request read at the door (M > 0, q in (0, 1] as a
 * decimal or a fraction N/D, delta in (0, 1)), steps >= 1; lp_dpsgd_init
 * from decimal texts (valid: a study's own constants). */
void lp_dpsgd_init_exact(lp_dpsgd *run, const lp_exact *M, const lp_exact *q, uint64_t steps,
                         const lp_exact *delta);
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

/* ---- the order grids (grids.c) -------------------------------------------------- */

/* The candidate grid: 1.1, 1.2, ..., 10.9, 11 .. 64, 72, 80, 96, 128, 192, 256,
 * 512, 1024 (the union of Opacus's, dp_accounting's and leakproof's integer
 * grids). */
#define LP_NORDERS_SEARCH_GRID 161
const char *const *lp_orders_search_grid(void);
/* Order lists.  The integers: the integers 2 .. 64 and 72, 80, 96, 128, 192,
 * 256, 512, 1024 (71 orders).  Opacus 1.1.2's DEFAULT_ALPHAS: 1.1, 1.2, ...,
 * 10.9 and 12 .. 63 (151 orders, 99 of them fractional). */
extern const char *const lp_orders_default[];
extern const size_t lp_norders_default;
extern const char *const lp_orders_opacus[];
extern const size_t lp_norders_opacus;
/* dp_accounting's DEFAULT_RDP_ORDERS: 1.1, 1.2, ..., 10.9, 11 .. 63, 128, 256,
 * 512, 1024 (rdp_privacy_accountant.py; 156 orders). */
extern const char *const lp_orders_dp_accounting[];
extern const size_t lp_norders_dp_accounting;

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

#endif
