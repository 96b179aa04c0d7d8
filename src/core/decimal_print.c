/* decimal_print.c -- a binary number printed as a decimal rounded in a
 * stated direction.  Contract in decimal_ops.h. */
#include <stdio.h>
#include <string.h>
#include "core/decimal_ops.h"

char *
lp_format_arf_directed(const arf_t x, slong digits, int up)
{
    mpfr_t m;
    mpfr_exp_t e;
    char *mant, *out;
    size_t len;
    if (!arf_is_finite(x)) {
        out = flint_malloc(8);
        strcpy(out, arf_is_nan(x) ? "nan" : arf_sgn(x) > 0 ? "inf" : "-inf");
        return out;
    }
    mpfr_init2(m, FLINT_MAX(arf_bits(x), 2));
    arf_get_mpfr(m, x, MPFR_RNDN);          /* exact: enough bits */
    if (mpfr_zero_p(m)) {
        mpfr_clear(m);
        out = flint_malloc(2);
        strcpy(out, "0");
        return out;
    }
    mant = mpfr_get_str(NULL, &e, 10, (size_t) digits, m, up ? MPFR_RNDU : MPFR_RNDD);
    len = strlen(mant) + 32;
    out = flint_malloc(len);
    {
        const char *d = mant;
        int neg = *d == '-';
        if (neg)
            d++;
        /* d.ddd e(e-1) */
        snprintf(out, len, "%s%c%s%s%se%+ld", neg ? "-" : "", d[0], d[1] ? "." : "",
                 d + 1, "", (long) e - 1);
    }
    mpfr_free_str(mant);
    mpfr_clear(m);
    return out;
}
