/* precision_loop.h -- Ziv's loop, written once: the working precision of a
 * certified computation starts from the digits asked and is doubled until the
 * caller finds those digits certified or the cap is passed (MPFR writes the
 * same loop once as MPFR_ZIV_DECL/INIT/NEXT/FREE).  Every certified study
 * runs it the same way:
 *
 *     lp_ziv z;
 *     lp_ziv_init(&z, digits, &lp_ziv_default);
 *     for (;;) {
 *         ... compute every certified field at z.prec ...
 *         if (certified || !lp_ziv_next(&z) || lp_cancelled())
 *             break;
 *     }
 *     lp_ziv_record(rec, digits_certified, z.prec);
 *
 * Contract.
 * - lp_ziv_init sets z->prec to the first precision, by one rule:
 *   floor(digits * rule->bits_per_digit) + rule->guard_bits; it returns 1 when
 *   that is within the rule's cap, else 0 (a caller that must not work above
 *   the cap skips the loop then; with --digits <= 1000 no rule's first
 *   precision is above its cap).
 * - lp_ziv_next doubles z->prec and returns 1 when the doubled precision is
 *   within the cap; otherwise it returns 0 and leaves z->prec as it was, so
 *   after the loop z->prec is always the precision of the last round (the
 *   record's prec_bits).  Rounds run at first, 2 first, 4 first, ... up to the
 *   cap: at most max_bits bits, or at most max_doublings doublings.
 * - What "certified" means (relative bits, digits a decimal prints, an
 *   absolute radius near 0) is the caller's test: the loop only decides the
 *   precisions.  So is an interrupt (lp_cancelled): what an interrupted study
 *   leaves (no record, a failure "interrupted") is the caller's.
 * - lp_ziv_record writes the four keys every certified record carries:
 *   status ("ok", or "uncertified" when digits_certified is 0), digits,
 *   prec_bits and certified (digits_certified > 0). */
#ifndef LP_CORE_PRECISION_LOOP_H
#define LP_CORE_PRECISION_LOOP_H

#include "leakproof.h"
#include "core/record.h"

/* The first precision and the cap of one kind of loop. */
typedef struct {
    double bits_per_digit;      /* decimal digits to bits */
    slong guard_bits;           /* added to the digits' bits */
    slong max_bits;             /* the cap in bits; 0: none */
    int max_doublings;          /* the cap in doublings of the first precision; 0: none */
} lp_ziv_rule;

/* The default, used by the certified studies of channel/ and privacy/:
 * 3.33 bits a digit (log2 10 = 3.3219 rounded up), 64 guard bits, up to
 * 65536 bits.  The other rules (adversary/, account/rdp/, registry/) are
 * named where they are used and say why they differ. */
extern const lp_ziv_rule lp_ziv_default;

typedef struct {
    slong prec;                 /* the working precision of this round */
    int doublings;              /* how often lp_ziv_next raised it */
    const lp_ziv_rule *rule;
} lp_ziv;

int lp_ziv_init(lp_ziv *z, slong digits, const lp_ziv_rule *rule);
int lp_ziv_next(lp_ziv *z);
void lp_ziv_record(lp_record *rec, slong digits_certified, slong prec);

#endif
