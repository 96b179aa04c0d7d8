/* tan63.h -- Tan et al. Section 6.3: the training run behind a stated epsilon,
 * fitted by the certified RDP accountant (tan63.c, fit_study.c). */
#ifndef LP_ACCOUNT_TAN63_H
#define LP_ACCOUNT_TAN63_H

#include "account/rdp/rdp.h"
#include "core/record.h"

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

#endif
