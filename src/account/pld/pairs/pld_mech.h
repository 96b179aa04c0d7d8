/* pld_mech.h -- pairs/: what the PLD accountant needs from one mechanism's
 * step, one row per mechanism behind one interface (lp_pld_mech below):
 * the one-step interface that the composition's stages, the tails, the mean
 * rounding and the bracket (init/, bounds/) take, so that they serve any
 * mechanism whose worst-case privacy loss is one-dimensional.  The room's
 * rule: a mechanism is its file pld_mech_<name>.c (with the pieces of its
 * own beside it: pld_vmf_*.c, pld_laplace_*.c, pld_replace_*.c,
 * pld_discrete_*.c, pld_fixed_batch_kl.c, pld_kl.c the Gaussian's) and its
 * row of pld_mech_table.c; the rows take the grid's pieces (grid/) and the
 * sketch's (sketch/), and what several rows share is written once here
 * (pld_hook_tails.c, pld_integrand.c).  Notation as in bounds/pld_bounds.h:
 * X the loss of one Poisson-subsampled step under the relation (law P),
 * X~ = X clamped to [l_kmin, l_kmax], Y = ceil_h(X~) on l_k = k h.
 *
 * The doubles (sketch, cuts) only choose the grid; every other entry is
 * certified (balls that contain the true value).  A mechanism whose loss is
 * bounded may leave `renyi` NULL: the window's tails then come from the
 * discretised loss's generating function alone (pld_tails.c). */
#ifndef LP_PLD_MECH_H
#define LP_PLD_MECH_H

#include <math.h>
#include "account/pld/pld_types.h"
#include "account/pld/sketch/pld_sketch.h"
#include "account/pld/grid/pld_grid.h"

/* ---- one mechanism's step -------------------------------------------------- */

/* The mechanisms with a one-dimensional worst-case privacy loss that the
 * accountant composes, each a file pld_mech_<name>.c and a row of
 * pld_mech_table.c's table:
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
 *                    LP_PLD_REMOVE, both ends clamped).
 * A new mechanism is its file (the row: the hooks below, its parameters, its
 * step's init, its pair's dominance, its masses' cost), its value here with
 * its row's extern below, and its row in pld_mech_table.c; --phase
 * NAME,PARAMS,q,T, the records, the work estimate and the bounds then take it
 * from the row.  Only a parameter key no mechanism had before adds it to the
 * records' key list (study/pld_record.c). */
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
    slong mass_bits;            /* the Gaussian's Taylor blocks' accuracy (pld_grid.h's
                                   PLD_MASS_BITS_LOOSE where the width asked is loose,
                                   pld_init.c); 0: PLD_MASS_BITS */
    double width_eps_floor;     /* > 0: size the grid's width for an epsilon of at least this
                                   (the other relation's: lp_pld_pair_floors); 0 none */
} lp_pld_step;

/* the most parameters a mechanism's step takes (the VMF's kappa and p, the
 * (epsilon, delta) pair's epsilon and delta) */
#define LP_PLD_PARAMS_MAX 2

/* The step of mechanism `id` over `run` from its parameters' values
 * par[0 .. nparams) in its row's order (read once by the request: the
 * Gaussian's M is the run's, the VMF's kappa and p, Laplace's b, randomized
 * response's epsilon, the (epsilon, delta) pair's both); lp_pld_step_clear it. */
void lp_pld_step_init(lp_pld_step *st, lp_pld_mech_id id, const lp_dpsgd *run, const lp_exact *par);
/* the Gaussian's step of `run` */
void lp_pld_step_init_gauss(lp_pld_step *st, const lp_dpsgd *run);
/* the same from decimal texts, for callers that hold texts (the tests): the
 * VMF's step (kappa a valid decimal > 0, p >= 2); rr (d NULL) or epsdelta (e
 * a valid decimal > 0, d in [0, 1)); laplace (b, the scale over the l1
 * sensitivity, a valid decimal > 0) */
void lp_pld_step_init_vmf(lp_pld_step *st, const lp_dpsgd *run, const char *kappa, uint64_t p);
void lp_pld_step_init_eps(lp_pld_step *st, const lp_dpsgd *run, const char *e, const char *d);
void lp_pld_step_init_laplace(lp_pld_step *st, const lp_dpsgd *run, const char *b);
void lp_pld_step_clear(lp_pld_step *st);
/* "gauss", "vmf" */
const char *lp_pld_mech_name(lp_pld_mech_id id);

/* x moved down by two units in the last place: below the true value of a
 * libm result within one ulp of it (glibc's log1p: at most 1 ulp), so that
 * the loss's infimum log(1 - q) is never above the double the grid starts
 * from (the grid's choices are doubles; its masses are certified) */
static inline double
pld_below(double x)
{
    return nextafter(nextafter(x, -INFINITY), -INFINITY);
}

/* ---- the interface: one row per mechanism -------------------------------- */

/* One parameter of a mechanism's step as a request gives it: a field of a
 * phase (--phase NAME,PARAMS...,q,T, in the row's order) and a key of the
 * record.  The request checks each against its domain once, at the door. */
typedef struct {
    const char *key;            /* the record's key: "kappa", "step_epsilon" */
    const char *what;           /* the messages' name: "kappa", "the step's epsilon" */
    const char *range;          /* the domain as messages say it: "(0, 1e6]" */
    /* an integer from lo to hi (its value in the exact's m), or a decimal
     * (lo = hi = 0) that in_domain takes */
    long lo, hi;
    int (*in_domain)(const lp_exact *v);
} lp_pld_param;

typedef struct {
    const char *name;           /* "gauss", "vmf": the record's "mechanism" */

    /* the law of X sketched in doubles on a quadrature grid (pld_sketch.h):
     * sk->mean, sk->var, sk->l, sk->lw; 0, or -1 out of memory (nothing
     * left allocated) */
    int (*sketch)(loss_sketch *sk, const lp_pld_step *st, lp_pld_relation rel);

    /* the clamp (a choice, in doubles): the loss's support kept,
     * [lo_cut, hi_cut], with T times the mass cut per step at most about
     * 1e-6 dref (remove cuts above, add below; the other end is the
     * support's own, or, for the Gaussian, a clamp where its tail is far
     * smaller: pld_mech_gauss.c) */
    void (*cuts)(double *lo_cut, double *hi_cut, const lp_pld_step *st, lp_pld_relation rel,
                 double dref);

    /* the K masses of Y on l_kmin .. l_kmin+K-1, the ends absorbing the
     * clamped tails, certified; *tails (unless NULL) the K-1 tails G_i =
     * P(X > l_{kmin+i}) with radii relative to themselves where they can
     * be; *lower (add only, else NULL) F_i = P(X <= l_{kmin+i}).  NULL when
     * out of memory (nothing left allocated) */
    arb_ptr (*masses)(const lp_pld_step *st, lp_pld_relation rel, int64_t kmin, int64_t K,
                      double h, arb_ptr *tails, arb_ptr *lower);

    /* pld->tau_hi = P(X > l_kmax) (remove), pld->tau_lo = P(X <= l_kmin)
     * (add), the other zero */
    void (*cut_tails)(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, int64_t kmin,
                      int64_t kmax, double h);

    /* [ex_lo, ex_hi] containing E[X~] (the KL divergence E[X] and the
     * clamp's effect, bounded) */
    void (*clamped_mean)(arb_t ex_lo, arb_t ex_hi, const lp_pld_step *st, lp_pld_relation rel,
                         int64_t kmin, int64_t K, double h);

    /* the Renyi divergence D_alpha(mixture || base) of one step (so that
     * E[e^{lam X}] = e^{lam D_{lam+1}} under remove and E[e^{-lam X}] =
     * e^{(lam-1) D_lam} under add), certified; 0, or -1 when none.  NULL:
     * not provided (a bounded loss) */
    int (*renyi)(arb_t rdp, const lp_pld_step *st, const arb_t alpha, slong prec);

    /* ---- the step as a request gives it (study/, the command line) ---- */
    /* its parameters past the run's, none where the row is not a phase of
     * its own (the pairs of one Gaussian run: replace-one, fixed batches) */
    const lp_pld_param *params;
    int nparams;
    /* st's parameters (st->run set) from their values par[0 .. nparams);
     * NULL: none (the Gaussian's M is the run's) */
    void (*init)(lp_pld_step *st, const lp_exact *par);
    /* how its pair's dominance of a step stands where it is not proved for
     * the run ("cited", "checked"; NULL: proved, the Poisson Gaussian's), and
     * the record's sentence on it (NULL: none) */
    const char *dominance_status, *dominance;
    /* the work estimate's seconds per support point (the masses and the
     * bounds over them; pld_plan.c) */
    double mass_seconds;
} lp_pld_mech;

/* the row of `id` in the table (pld_mech_table.c) */
const lp_pld_mech *pld_mech_of(lp_pld_mech_id id);
/* the mechanism a phase names with nparams parameters (a row that takes
 * them), or -1 */
int lp_pld_mech_find(const char *name, int nparams);

extern const lp_pld_mech pld_mech_gauss;   /* pld_mech_gauss.c */
extern const lp_pld_mech pld_mech_vmf;     /* pld_mech_vmf.c */
extern const lp_pld_mech pld_mech_rr;      /* pld_mech_discrete.c */
extern const lp_pld_mech pld_mech_epsdelta;
extern const lp_pld_mech pld_mech_laplace; /* pld_mech_laplace.c */
extern const lp_pld_mech pld_mech_gauss_replace; /* pld_mech_replace.c */
/* kl = E_P[L] of the replace-one pair (pld_replace_kl.c), certified; 0, or -1
 * when no finite enclosure was reached */
int pld_replace_kl(arb_t kl, const lp_dpsgd *run, slong prec);

/* ---- fixed-size batches without replacement, replace-one (pld_mech_fixed_batch.c) */
extern const lp_pld_mech pld_mech_gauss_fixed_batch;
/* kl = E[X] of the symmetrised pair (pld_fixed_batch_kl.c), certified; 0, or
 * -1 when no finite enclosure was reached */
int pld_fixed_batch_kl(arb_t kl, const lp_dpsgd *run, slong prec);

/* ---- pld_hook_tails.c: the tails the mechanisms' hooks give ------------------ */

/* *tails = G and *lower = F where asked (not NULL), else each cleared
 * (K > 1 ? K - 1 : 1 balls); F may be NULL (then *lower = NULL) */
void pld_hand_out_tails(arb_ptr G, arb_ptr F, int64_t K, arb_ptr *tails, arb_ptr *lower);

/* a mechanism's res = P(X > l) (above) or P(X <= l) of one step under rel,
 * certified */
typedef void (*pld_beyond_fn)(arb_t res, const lp_pld_step *st, lp_pld_relation rel,
                              const arb_t l, int above);
/* the cut_tails hook above from such a tail probability:
 * pld->tau_hi = P(X > l_kmax) (remove), pld->tau_lo = P(X <= l_kmin) (add),
 * the other zero */
void pld_cut_tails_from(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, int64_t kmin,
                        int64_t kmax, double h, pld_beyond_fn beyond);

/* ---- the KL divergence, certified (pld_kl.c) --------------------------------- */

/* kl = E_P[L] of one step under `relation`: an enclosure; 0, or -1 when no
 * finite enclosure was reached. */
int lp_pld_kl(arb_t kl, const lp_dpsgd *run, lp_pld_relation relation, slong prec);

#endif
