/* decimal_ops.c -- exact arithmetic on decimal texts, for parameters derived
 * from others (sigma = M c, R = B c in DP-SGD's vocabulary) and for balls
 * turned into decimal inputs.  Contracts in core/decimal_ops.h. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "core/decimal_ops.h"

/* s = m 10^e for a valid decimal s. */
static void
split(fmpz_t m, fmpz_t e, const char *s)
{
    char *digits = malloc(strlen(s) + 2);
    size_t nd = 0;
    slong frac = 0;
    int neg = 0;
    const char *c = s;
    if (digits == NULL)
        abort();
    if (*c == '+' || *c == '-')
        neg = (*c++ == '-');
    for (; *c && *c != 'e' && *c != 'E'; c++) {
        if (*c == '.') { c++; for (; isdigit((unsigned char) *c); c++) { digits[nd++] = *c; frac++; } break; }
        digits[nd++] = *c;
    }
    digits[nd] = '\0';
    fmpz_set_str(m, digits, 10);
    if (neg)
        fmpz_neg(m, m);
    fmpz_zero(e);
    if (*c == 'e' || *c == 'E')
        fmpz_set_str(e, c + 1 + (c[1] == '+'), 10);
    fmpz_sub_si(e, e, frac);
    free(digits);
}

static char *
join(const fmpz_t m, const fmpz_t e)
{
    char *ms = fmpz_get_str(NULL, 10, m), *es = fmpz_get_str(NULL, 10, e), *out;
    out = malloc(strlen(ms) + strlen(es) + 3);
    if (out == NULL)
        abort();
    strcpy(out, ms);
    if (!fmpz_is_zero(e)) {
        strcat(out, "e");
        strcat(out, es);
    }
    flint_free(ms);
    flint_free(es);
    return out;
}

/* m 10^e as a plain decimal ("1.1", "0.012", "2500") where the exponent is
 * small: the product of "1.1" and "1" reads back as the user wrote it. */
static char *
join_plain(const fmpz_t m, const fmpz_t e)
{
    slong ex, len, neg;
    char *ms, *out;
    fmpz_t mm, ee;
    if (!fmpz_is_zero(m) && fmpz_divisible_si(m, 10)) {   /* 0.40 -> 0.4: the same value */
        fmpz_init_set(mm, m);
        fmpz_init_set(ee, e);
        while (fmpz_divisible_si(mm, 10)) {
            fmpz_divexact_si(mm, mm, 10);
            fmpz_add_ui(ee, ee, 1);
        }
        out = join_plain(mm, ee);
        fmpz_clear(mm);
        fmpz_clear(ee);
        return out;
    }
    if (!fmpz_fits_si(e) || fmpz_get_si(e) < -40 || fmpz_get_si(e) > 20)
        return join(m, e);
    ex = fmpz_get_si(e);
    ms = fmpz_get_str(NULL, 10, m);
    neg = ms[0] == '-';
    len = (slong) strlen(ms) - neg;
    out = malloc(strlen(ms) + (ex > 0 ? ex : 0) + (ex < 0 ? -ex : 0) + 4);
    if (out == NULL)
        abort();
    if (ex >= 0) {                              /* digits, then ex zeros */
        strcpy(out, ms);
        if (!fmpz_is_zero(m))
            memset(out + strlen(ms), '0', ex), out[strlen(ms) + ex] = '\0';
    } else if (len > -ex) {                     /* a point inside the digits */
        slong ip = len + ex;
        memcpy(out, ms, neg + ip);
        out[neg + ip] = '.';
        strcpy(out + neg + ip + 1, ms + neg + ip);
    } else {                                    /* 0.00ddd */
        char *o = out;
        if (neg)
            *o++ = '-';
        *o++ = '0';
        *o++ = '.';
        memset(o, '0', -ex - len);
        strcpy(o + (-ex - len), ms + neg);
    }
    flint_free(ms);
    return out;
}

char *
lp_decimal_mul(const char *a, const char *b)
{
    fmpz_t ma, ea, mb, eb;
    char *out;
    if (!lp_decimal_valid(a) || !lp_decimal_valid(b))
        return NULL;
    fmpz_init(ma); fmpz_init(ea); fmpz_init(mb); fmpz_init(eb);
    split(ma, ea, a);
    split(mb, eb, b);
    fmpz_mul(ma, ma, mb);
    fmpz_add(ea, ea, eb);
    out = join_plain(ma, ea);
    fmpz_clear(ma); fmpz_clear(ea); fmpz_clear(mb); fmpz_clear(eb);
    return out;
}

char *
lp_decimal_from_arf(const arf_t x)
{
    fmpz_t m, e, five;
    char *out;
    if (!arf_is_finite(x))
        return NULL;
    fmpz_init(m); fmpz_init(e); fmpz_init(five);
    arf_get_fmpz_2exp(m, e, x);
    if (fmpz_sgn(e) >= 0) {
        fmpz_mul_2exp(m, m, fmpz_get_ui(e));
        fmpz_zero(e);
    } else {
        /* m 2^-k = m 5^k 10^-k */
        fmpz_set_ui(five, 5);
        fmpz_neg(e, e);
        fmpz_pow_ui(five, five, fmpz_get_ui(e));
        fmpz_mul(m, m, five);
        fmpz_neg(e, e);
    }
    out = join(m, e);
    fmpz_clear(m); fmpz_clear(e); fmpz_clear(five);
    return out;
}

int
lp_decimal_exponent_beyond(const char *s)
{
    const char *c = s;
    int mant = 0, ed = 0;
    if (s == NULL || lp_decimal_valid(s))
        return 0;
    if (*c == '+' || *c == '-')
        c++;
    while (*c >= '0' && *c <= '9') { c++; mant++; }
    if (*c == '.')
        for (c++; *c >= '0' && *c <= '9'; c++)
            mant++;
    if (mant == 0 || (*c != 'e' && *c != 'E'))
        return 0;
    c++;
    if (*c == '+' || *c == '-')
        c++;
    while (*c >= '0' && *c <= '9') { c++; ed++; }
    return ed > 0 && *c == '\0';
}

void
lp_decimal_exponent_message(char *buf, size_t len, const char *opt, const char *s)
{
    snprintf(buf, len, "%s: '%.60s%s' has an exponent beyond +-100000 (leakproof reads decimals with "
             "exponents from -100000 to 100000)", opt, s, strlen(s) > 60 ? "..." : "");
}

int
lp_decimal_cmp_exact(const char *a, const char *b)
{
    fmpz_t ma, ea, mb, eb, t;
    int sa, sb, r;
    fmpz_init(ma), fmpz_init(ea), fmpz_init(mb), fmpz_init(eb), fmpz_init(t);
    split(ma, ea, a);
    split(mb, eb, b);
    sa = fmpz_sgn(ma);
    sb = fmpz_sgn(mb);
    if (sa != sb || sa == 0) {
        r = sa < sb ? -1 : sa > sb;
        goto done;
    }
    /* same sign, both nonzero: |m| 10^e has about digits(m) + e digits; two
       apart decides without powers of ten (a 100000-digit exponent would
       otherwise cost a power of that size) */
    fmpz_add_ui(t, ea, fmpz_sizeinbase(ma, 10));
    fmpz_sub(t, t, eb);
    fmpz_sub_ui(t, t, fmpz_sizeinbase(mb, 10));
    if (fmpz_cmp_si(t, 2) >= 0 || fmpz_cmp_si(t, -2) <= 0) {
        r = fmpz_sgn(t) * sa;
        goto done;
    }
    /* close in size: scale the one with the larger exponent to the other's */
    fmpz_sub(t, ea, eb);
    if (fmpz_sgn(t) >= 0) {
        fmpz_ui_pow_ui(t, 10, fmpz_get_ui(t));
        fmpz_mul(ma, ma, t);
    } else {
        fmpz_neg(t, t);
        fmpz_ui_pow_ui(t, 10, fmpz_get_ui(t));
        fmpz_mul(mb, mb, t);
    }
    r = fmpz_cmp(ma, mb);
    r = r > 0 ? 1 : r < 0 ? -1 : 0;
done:
    fmpz_clear(ma), fmpz_clear(ea), fmpz_clear(mb), fmpz_clear(eb), fmpz_clear(t);
    return r;
}
