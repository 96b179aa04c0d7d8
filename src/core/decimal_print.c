/* decimal_print.c -- a binary number printed as a decimal rounded in a
 * stated direction.  Contract in decimal_ops.h. */
#include <stdio.h>
#include <string.h>
#include <flint/fmpz.h>
#include "core/decimal_ops.h"

/* x beyond MPFR's exponent range (arf's is unbounded: a window tail bound of
 * 2^(2^31) printed "@.Inf@e-1", MPFR's infinity): the decimal in Arb, the
 * exponent E from log10|x| and the digits m = |x| 10^(digits-1-E) rounded
 * in the direction asked, so that m 10^(E-digits+1) is on its side of x */
static char *
format_wide(const arf_t x, slong digits, int up)
{
    const int neg = arf_sgn(x) < 0, away = up != neg;     /* round |x| up? */
    slong prec = 64 + 4 * digits + (slong) fmpz_bits(ARF_EXPREF(x));
    arb_t a, t;
    arf_t b;
    fmpz_t E, m, ten;
    char *ds, *es, *out;
    size_t len;
    arb_init(a);
    arb_init(t);
    arf_init(b);
    fmpz_init(E);
    fmpz_init(m);
    fmpz_init(ten);
    for (;;) {
        /* E = floor of log10|x|'s lower end: never above the true exponent */
        arb_set_arf(a, x);
        arb_abs(a, a);
        arb_log_base_ui(t, a, 10, prec);
        arb_get_lbound_arf(b, t, prec);
        arf_get_fmpz(E, b, ARF_RND_FLOOR);
        for (int again = 0; again < 3; again++) {
            arb_set_ui(t, 10);
            fmpz_sub_si(ten, E, digits - 1);
            fmpz_neg(ten, ten);
            arb_pow_fmpz(t, t, ten, prec);          /* 10^(digits-1-E) */
            arb_mul(t, a, t, prec);
            if (away)
                arb_get_ubound_arf(b, t, prec);
            else
                arb_get_lbound_arf(b, t, prec);
            arf_get_fmpz(m, b, away ? ARF_RND_CEIL : ARF_RND_FLOOR);
            fmpz_ui_pow_ui(ten, 10, (ulong) digits);
            if (fmpz_cmp(m, ten) < 0)
                break;
            fmpz_add_ui(E, E, 1);                   /* E was one low: |x| >= 10^(E+1) */
        }
        fmpz_ui_pow_ui(ten, 10, (ulong) digits - 1);
        if (fmpz_cmp(m, ten) >= 0 || (fmpz_is_zero(m) && !away))
            break;
        prec *= 2;                                  /* the balls too wide to tell: again */
        if (prec > 1000000)
            break;
    }
    if (fmpz_is_zero(m)) {                          /* rounded down to nothing */
        out = flint_malloc(2);
        strcpy(out, "0");
    } else {
        if (fmpz_cmp(m, ten) < 0)                   /* m < 10^(digits-1): pad, the value kept */
            while (fmpz_cmp(m, ten) < 0) {
                fmpz_mul_ui(m, m, 10);
                fmpz_sub_ui(E, E, 1);
            }
        ds = fmpz_get_str(NULL, 10, m);
        es = fmpz_get_str(NULL, 10, E);
        len = strlen(ds) + strlen(es) + 8;
        out = flint_malloc(len);
        snprintf(out, len, "%s%c%s%se%s%s", neg ? "-" : "", ds[0], ds[1] ? "." : "", ds + 1,
                 es[0] == '-' ? "" : "+", es);
        flint_free(ds);
        flint_free(es);
    }
    arb_clear(a);
    arb_clear(t);
    arf_clear(b);
    fmpz_clear(E);
    fmpz_clear(m);
    fmpz_clear(ten);
    return out;
}

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
    if (!arf_is_zero(x) && (arf_cmpabs_2exp_si(x, mpfr_get_emax() - 2) >= 0
                            || arf_cmpabs_2exp_si(x, mpfr_get_emin() + 2) < 0))
        return format_wide(x, digits, up);
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
