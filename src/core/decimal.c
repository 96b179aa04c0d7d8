/* decimal.c -- decimal input read exactly.  Contracts in leakproof.h and
 * decimal.h (the split and its ball). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "core/host.h"
#include "core/decimal.h"
#include "leakproof.h"

/* Exponents beyond this are refused as input: 10^100000 is no noise scale,
 * and reading it exactly would cost megabytes. */
#define LP_DECIMAL_EXP_MAX 100000

int
lp_decimal_valid(const char *s)
{
    const char *c = s;
    int mant = 0;
    long e = 0;
    if (s == NULL)
        return 0;
    if (*c == '+' || *c == '-')
        c++;
    while (isdigit((unsigned char) *c)) { c++; mant++; }
    if (*c == '.') {
        c++;
        while (isdigit((unsigned char) *c)) { c++; mant++; }
    }
    if (mant == 0)
        return 0;
    if (*c == 'e' || *c == 'E') {
        int ed = 0;
        c++;
        if (*c == '+' || *c == '-')
            c++;
        while (isdigit((unsigned char) *c)) {
            if (e <= LP_DECIMAL_EXP_MAX)
                e = 10 * e + (*c - '0');
            c++;
            ed++;
        }
        if (ed == 0 || e > LP_DECIMAL_EXP_MAX)
            return 0;
    }
    return *c == '\0';
}

void
lp_decimal_split(fmpz_t m, slong *e, const char *s)
{
    char *digits = flint_malloc(strlen(s) + 2);
    size_t nd = 0;
    slong exp10 = 0;
    int neg = 0;
    const char *c = s;
    if (*c == '+' || *c == '-')
        neg = (*c++ == '-');
    for (; *c && *c != 'e' && *c != 'E'; c++) {
        if (*c == '.') {
            for (c++; isdigit((unsigned char) *c); c++) {
                digits[nd++] = *c;
                exp10--;
            }
            break;
        }
        digits[nd++] = *c;
    }
    if (*c == 'e' || *c == 'E')
        exp10 += strtol(c + 1, NULL, 10);
    digits[nd] = '\0';
    fmpz_set_str(m, digits, 10);
    if (neg)
        fmpz_neg(m, m);
    *e = exp10;
    flint_free(digits);
}

void
lp_decimal_arb_split(arb_t x, const fmpz_t m, slong e, slong prec)
{
    arb_t p10;
    arb_init(p10);
    /* 10^|e| as a ball at prec bits: exact while it fits, and a ball that
       contains it beyond (printed results reach 10^(10^11), whose exact
       integer would not fit in memory) */
    arb_ui_pow_ui(p10, 10, (ulong) (e >= 0 ? e : -e), prec + 16);
    arb_set_fmpz(x, m);
    if (e >= 0)
        arb_mul(x, x, p10, prec);
    else
        arb_div(x, x, p10, prec);      /* a ball containing m / 10^-e exactly */
    arb_clear(p10);
}

void
lp_decimal_arb(arb_t x, const char *s, slong prec)
{
    fmpz_t m;
    slong e;
    fmpz_init(m);
    lp_decimal_split(m, &e, s);
    lp_decimal_arb_split(x, m, e, prec);
    fmpz_clear(m);
}

void
lp_decimal_mpfr(mpfr_t x, const char *s)
{
    /* MPFR reads the decimal point of the thread's locale: the C locale's */
    locale_t old = lp_locale_enter();
    mpfr_set_str(x, s, 10, MPFR_RNDN);
    lp_locale_leave(old);
}

int
lp_decimal_uint64(uint64_t *out, const char *s)
{
    fmpz_t m, p10;
    slong e;
    int ok = -1;
    if (!lp_decimal_valid(s))
        return -1;
    fmpz_init(m);
    fmpz_init(p10);
    lp_decimal_split(m, &e, s);
    if (e >= 0) {
        if (e <= 19) {
            fmpz_ui_pow_ui(p10, 10, (ulong) e);
            fmpz_mul(m, m, p10);
            ok = 0;
        } else {
            ok = fmpz_is_zero(m) ? 0 : -1;
        }
    } else {
        fmpz_ui_pow_ui(p10, 10, (ulong) -e);
        if (fmpz_divisible(m, p10)) {
            fmpz_divexact(m, m, p10);
            ok = 0;
        }
    }
    if (ok == 0 && fmpz_sgn(m) >= 0 && fmpz_bits(m) <= 63)
        *out = fmpz_get_ui(m);
    else
        ok = -1;
    fmpz_clear(m);
    fmpz_clear(p10);
    return ok;
}

int
lp_decimal_sign(const char *s)
{
    arb_t x;
    int r;
    arb_init(x);
    lp_decimal_arb(x, s, 64);
    r = arb_is_zero(x) ? 0 : arb_is_positive(x) ? 1 : -1;
    arb_clear(x);
    return r;
}
