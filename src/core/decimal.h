/* decimal.h -- the two halves of reading a decimal exactly (decimal.c;
 * lp_decimal_arb of leakproof.h is the two in a row), for a number read once
 * and made a ball later at any precision (lp_exact, decimal_exact.c). */
#ifndef LP_CORE_DECIMAL_H
#define LP_CORE_DECIMAL_H

#include "leakproof.h"

/* A valid decimal s split into its integer m and exponent e, s = m 10^e. */
void lp_decimal_split(fmpz_t m, slong *e, const char *s);
/* x = m 10^e as a ball at prec bits: exact while 10^|e| fits prec + 16 bits,
 * a ball that contains it beyond. */
void lp_decimal_arb_split(arb_t x, const fmpz_t m, slong e, slong prec);

#endif
