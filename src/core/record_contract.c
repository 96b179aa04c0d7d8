/* record_contract.c -- the printed-number contract: a ball as the decimal
 * printed and its bound rounded up, computed in Arb from the decimal as printed.
 * Contracts in record.h. */
#define _GNU_SOURCE
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/host.h"
#include "core/record_internal.h"

/* Arb's decimal text ("12.5", "0.00125", "1.25e+4", "-1.25e-7") rewritten in
 * scientific notation with the same significant digits; NULL when `text` is
 * not a plain decimal (Arb prints "[+/- r]" when no digit is certain). */
static char *
scientific(const char *text)
{
    const char *c = text;
    size_t len = strlen(text);
    char *digits = malloc(len + 2), *es, *out;
    size_t nd = 0;
    slong point = -1, lead = 0;
    fmpz_t e;
    int neg = 0, seen = 0;

    if (digits == NULL)
        abort();
    if (*c == '-') { neg = 1; c++; }
    for (; *c && *c != 'e'; c++) {
        if (*c == '.') { point = (slong) nd + lead; continue; }
        if (*c < '0' || *c > '9') { free(digits); return NULL; }
        if (*c == '0' && !seen) { lead++; continue; }
        seen = 1;
        digits[nd++] = *c;
    }
    if (point < 0)
        point = (slong) nd + lead;
    if (nd == 0) {
        digits[nd++] = '0';
        lead = point = 1;
        neg = 0;
    }
    fmpz_init(e);
    if (*c == 'e' && fmpz_set_str(e, c + 1 + (c[1] == '+'), 10) != 0) {
        fmpz_clear(e);
        free(digits);
        return NULL;
    }
    fmpz_add_si(e, e, point - lead - 1);
    es = fmpz_get_str(NULL, 10, e);
    out = malloc(nd + strlen(es) + 8);
    if (out == NULL)
        abort();
    {
        char *o = out;
        if (neg) *o++ = '-';
        *o++ = digits[0];
        if (nd > 1) {
            *o++ = '.';
            memcpy(o, digits + 1, nd - 1);
            o += nd - 1;
        }
        *o++ = 'e';
        if (fmpz_sgn(e) >= 0) *o++ = '+';
        strcpy(o, es);
    }
    flint_free(es);
    free(digits);
    fmpz_clear(e);
    return out;
}

char *
lp_ball_decimal(const arb_t x, slong digits)
{
    char *s, *out;
    if (!arb_is_finite(x) || digits < 1)
        return NULL;
    if (arb_is_zero(x))
        return lp_record_strdup("0");
    if (arb_contains_zero(x))
        return NULL;                    /* not even the sign is certain */
    s = arb_get_str(x, digits, ARB_STR_NO_RADIUS);
    out = strchr(s, '[') ? NULL : scientific(s);
    flint_free(s);
    return out;
}

char *
lp_ball_decimal_fixed(const arb_t x, slong decimals)
{
    char *s, *out;
    slong intdigits = 0;
    if (!arb_is_finite(x) || decimals < 0)
        return NULL;
    if (arb_contains_zero(x))
        return lp_record_strdup("0");               /* its absolute bound is sup |x| */
    {
        /* digits before the point, from the exponent: a choice of how many
           digits to print, never part of a bound */
        slong e = (slong) fmpz_get_si(ARF_EXPREF(arb_midref(x)));
        if (e > 0)
            intdigits = (slong) (e * 0.30102999566398120) + 1;
    }
    s = arb_get_str(x, decimals + intdigits, ARB_STR_NO_RADIUS);
    out = NULL;
    if (!strchr(s, '['))
        out = lp_record_strdup(s);
    flint_free(s);
    return out;
}

/* The two-significant-digit decimal m*10^e >= b (b > 0 finite), rounded up. */
static char *
decimal_up(const arf_t b)
{
    arb_t t, p10;
    arf_t u;
    fmpz_t m, e;
    char buf[64], *ms, *es;
    slong prec = 64;

    if (arf_cmp_2exp_si(b, -997) < 0)      /* 2^-997 < 1e-300 */
        return lp_record_strdup("1e-300");
    arb_init(t);
    arb_init(p10);
    arf_init(u);
    fmpz_init(m);
    fmpz_init(e);
    /* e: an estimate of floor(log10 b) - 1 from the binary exponent; any e
       gives a valid upper bound, a good one gives two digits */
    fmpz_set(e, ARF_EXPREF(b));
    fmpz_mul_ui(e, e, 30103);
    fmpz_fdiv_q_ui(e, e, 100000);
    fmpz_sub_ui(e, e, 2);
    for (;;) {
        arb_set_ui(p10, 10);
        if (fmpz_sgn(e) >= 0) {
            arb_pow_fmpz(p10, p10, e, prec);
            arb_set_arf(t, b);
            arb_div(t, t, p10, prec);
        } else {
            fmpz_t ne;
            fmpz_init(ne);
            fmpz_neg(ne, e);
            arb_pow_fmpz(p10, p10, ne, prec);
            arb_set_arf(t, b);
            arb_mul(t, t, p10, prec);
            fmpz_clear(ne);
        }
        arb_get_ubound_arf(u, t, prec);
        arf_get_fmpz(m, u, ARF_RND_CEIL);
        if (fmpz_cmp_ui(m, 100) < 0)
            break;
        fmpz_add_ui(e, e, 1);             /* too many digits: one place up */
    }
    if (fmpz_is_zero(m))
        fmpz_one(m);
    ms = fmpz_get_str(NULL, 10, m);
    es = fmpz_get_str(NULL, 10, e);
    if (strlen(ms) == 2 && ms[1] != '0') {
        /* m = ab: a.b e(e+1) */
        fmpz_add_ui(e, e, 1);
        flint_free(es);
        es = fmpz_get_str(NULL, 10, e);
        snprintf(buf, sizeof buf, "%c.%ce%s%s", ms[0], ms[1], fmpz_sgn(e) >= 0 ? "+" : "", es);
    } else if (strlen(ms) == 2) {
        fmpz_add_ui(e, e, 1);
        flint_free(es);
        es = fmpz_get_str(NULL, 10, e);
        snprintf(buf, sizeof buf, "%ce%s%s", ms[0], fmpz_sgn(e) >= 0 ? "+" : "", es);
    } else {
        snprintf(buf, sizeof buf, "%se%s%s", ms, fmpz_sgn(e) >= 0 ? "+" : "", es);
    }
    flint_free(ms);
    flint_free(es);
    arb_clear(t);
    arb_clear(p10);
    arf_clear(u);
    fmpz_clear(m);
    fmpz_clear(e);
    return lp_record_strdup(buf);
}

char *
lp_bound_decimal_up(const arb_t x, const char *d, int absolute)
{
    arb_t dd, err;
    arf_t b;
    char *out = NULL;
    slong prec;

    if (d == NULL || !arb_is_finite(x))
        return NULL;
    /* enough bits to resolve the last printed digit (under 4 bits each), so
       that the bound is the rounding of d and not the working precision */
    prec = FLINT_MAX(arb_bits(x), 64) + 64 + 4 * (slong) strlen(d);
    arb_init(dd);
    arb_init(err);
    arf_init(b);
    lp_decimal_arb(dd, d, prec);
    arb_sub(err, x, dd, prec);
    if (!absolute) {
        if (arb_contains_zero(dd)) {
            if (arb_is_zero(x) && arb_is_zero(dd))
                out = lp_record_strdup("0");
            goto done;
        }
        arb_div(err, err, dd, prec);
    }
    arb_get_abs_ubound_arf(b, err, prec);
    if (arf_is_zero(b))
        out = lp_record_strdup("0");
    else if (arf_is_finite(b))
        out = decimal_up(b);
done:
    arb_clear(dd);
    arb_clear(err);
    arf_clear(b);
    return out;
}
