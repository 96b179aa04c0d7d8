/* decimal_ops.h -- exact arithmetic on decimal texts. */
#ifndef LP_DECIMAL_OPS_H
#define LP_DECIMAL_OPS_H

#include "leakproof.h"

/* The exact product of two valid decimals, as a decimal text: plain where
 * the exponent is small ("0.012", "1.1", "2500"), else "12e-300";
 * NULL when either is not a valid decimal.  Caller frees with free(). */
char *lp_decimal_mul(const char *a, const char *b);
/* The exact decimal value of a finite binary number (m 2^e = m 5^-e 10^e);
 * NULL when not finite.  Caller frees with free(). */
char *lp_decimal_from_arf(const arf_t x);

#endif
