/* attacker.h -- what a Bayes capacity C means for an attacker, in every
 * output that prints one.  An exact-reconstruction attacker (one guess, the
 * 0-1 gain) succeeds with probability at most C * max_x pi(x) (Biswas et al.,
 * eq. (2)-(4)): min(1, C/n) for n equally likely secrets.  The bound says
 * something only when the secret's min-entropy -log2 max_x pi(x) exceeds
 * log2 C bits.  Keys (leakproof(1)):
 *   log2_capacity                 log2 C in bits (a certified ball)
 *   attacker_min_entropy_bits     the least min-entropy a secret needs for the
 *                                 bound to be below 1: log2 C again, said as such
 *   attacker_success_bound        min(1, C/n) for n equally likely secrets
 *                                 (only when n is given), a certified ball
 *   attacker_note                 the same in words, and "vacuous" when it is;
 *                                 never null: where the keys are, why
 *   attacker_certified            true from a certified ball; false from a
 *                                 method's point value or a Monte Carlo
 *                                 estimate (the note begins "not certified");
 *                                 null where the keys are absent
 * A secret of fewer bits than log2 C is "vacuous"; with no n, a capacity of
 * 128 bits or more is called vacuous for every secret guessable in practice
 * (a 128-bit key has 128 bits). */
#ifndef LP_CORE_ATTACKER_H
#define LP_CORE_ATTACKER_H

#include <arb.h>
#include "core/record.h"

#define LP_ATTACKER_PRACTICAL_BITS 128

/* log2c: an enclosure of log2 C (C >= 1); n: the number of equally likely
 * secrets, or 0 when there is no prior. */
void lp_attacker_record(lp_record *rec, const arb_t log2c, double n);
/* The same keys (n = 0) as null, where no capacity was certified, the note
 * saying so (lp_attacker_absent with a generic reason). */
void lp_attacker_null(lp_record *rec);
/* The keys null and attacker_note = reason: why there is no bound here. */
void lp_attacker_absent(lp_record *rec, const char *reason);
/* Not certified: log2c, log2 of a capacity that is a method's point value or
 * an estimate (clamped at 0: C >= 1), as the keys with n = 0, their
 * _abs_error_bound null, attacker_certified false, and the note beginning
 * "not certified (basis): "; a NaN or infinite log2c: absent, saying so. */
void lp_attacker_record_uncertified(lp_record *rec, double log2c, const char *basis);
/* A Shannon capacity kappa (nats, a ball) is not a Bayes capacity: the keys
 * null, the note giving Fano's bound (kappa + ln 2)/ln n on an exact guess
 * among n equally likely secrets. */
void lp_attacker_shannon(lp_record *rec, const arb_t kappa);
/* From C itself (a ball, C > 0 certain), at precision prec; else null. */
void lp_attacker_record_capacity(lp_record *rec, const arb_t c, slong prec);

#endif
