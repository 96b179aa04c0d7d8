/* pld_types.h -- the words every room of the PLD accountant speaks: the
 * neighbouring relation, the composed PLD of one relation, and the masses'
 * working precision.  The rooms, from the floor up (each takes only from
 * those below it; each room's header states its rule):
 *   compose/  the composition on the circular grid: the FFT with its a-priori
 *             error bound, the powers, the phases' product (knows no
 *             mechanism);
 *   sketch/   the loss of one step in doubles and the grid's choices made on
 *             it (nothing there enters a bound);
 *   grid/     the certified masses on the grid l_k = k h and their proved
 *             errors (the Gaussian's Taylor blocks; Phi at sorted points);
 *   pairs/    one row per mechanism behind one interface (pld_mech.h): its
 *             loss's sketch, masses, tails and means;
 *   bounds/   the bracket's certified bounds around the composition: the
 *             mean rounding, the window's tails, delta and epsilon;
 *   init/     lp_pld_init: a run's grid chosen, its stages run in order;
 *   study/    a request of `account --accountant pld` and its records.
 * pld.h is the accountant's face: the route, and the rooms' headers in one
 * include. */
#ifndef LP_PLD_TYPES_H
#define LP_PLD_TYPES_H

/* The circular grid's default cap on its points (account's --max-grid-size
 * raises it up to 2^27): about 300 bytes a point at most, two relations at
 * once.  Beyond it the composition is tried in x87 as well wherever the
 * double bound is not negligible (pld_compose_best.c). */
#define LP_PLD_DEFAULT_MAX_N ((size_t) 1 << 23)

#include <stddef.h>
#include <stdint.h>
#include "account/run.h"
#include "acb.h"

/* the precision of the certified masses and of the sums over them (bits) */
#define MASS_PREC 64

typedef enum { LP_PLD_REMOVE = 0, LP_PLD_ADD = 1 } lp_pld_relation;

/* The composed, discretised PLD of one relation. */
typedef struct {
    lp_pld_relation relation;
    uint64_t T;
    double h;                   /* grid width (a double, exact) */
    size_t n;                   /* circular grid size (2^k, or 3 2^k from 49152 on: pld_circle_size) */
    int64_t ja;                 /* window: s_j = (ja + j) h, j = 0 .. n-1 */
    double *A, *B, *C;          /* suffix sums of p, p r^(i-j), |p| over the window; NULL
                                   where the spectrum below stands for them */
    int spectral;               /* the spectral route: 0 (as pld_init.c leaves it) where at
                                   most n / 2^14 coefficients are left, 1 wherever they are
                                   fewer than n/2 + 1, -1 never (tests compare the two) */
    size_t nspec;               /* > 0: the spectral route taken (compose/pld_spectral.c): */
    size_t *spec_k;             /*   the powered coefficients kept, k ascending, */
    acb_ptr spec_a, spec_b;     /*   their a_k and b_k */
    struct pld_spectral_memo *spec_memo;  /*   the sums at the j0 already asked (NULL: none
                                   kept), written by the queries: one thread at a time */
    double rnd_rel;             /* the suffix sums' rounding, relative to C */
    arb_t err_fft;              /* |sum (p^ - p) w| for any weights w of the form used */
    arb_t tail;                 /* P(S outside the window): aliasing and the tails */
    arb_t mu_lo, mu_hi;         /* E[Y] - E[X~]: the mean rounding, enclosed */
    arb_t tau_hi, tau_lo;       /* per step: cut mass above (remove), below (add) */
    double kmin_h, kmax_h;      /* the single step's grid support (for the record) */
    size_t support;             /* grid points of one step */
    const char *why;            /* lp_pld_init returned -1: why (a static text) */
    int out_of_memory;          /* ... because an allocation failed */
    double eps_sized;           /* the epsilon the grid's width was sized for (pld_init.c, step 1) */
    double eps_guess;           /* step 1's sketch composed in doubles (T <= 100), a point
                                   estimate of epsilon; 0 where none was made */
    double eps_saddle;          /* the saddlepoint's estimate (pld_eps_saddle.c), made at
                                   T > 100 and by pld_estimate_step; 0 where none */
    double eps_abs_floor;       /* the least epsilon the grid is sized for (a share of the
                                   Gaussian estimate): below it the width is absolute */
    double rounding_width;      /* spread x h (pld_init.c, step 1): the epsilon bracket's width the
                                   grid's rounding alone is expected to make */
} lp_pld;

#endif
