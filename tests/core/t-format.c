/* t-format.c -- printing certified numbers (core/record.h): scientific
 * notation, only certified digits, exponents of any size, a bound that covers
 * the rounding of the printed decimal, and nothing printed for a failure. */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "tap.h"
#include "leakproof.h"
#include "core/record.h"
#include "core/decimal_ops.h"

static void
check_decimal(const char *ball, slong digits, const char *want)
{
    arb_t x;
    char *s;
    arb_init(x);
    arb_set_str(x, ball, 256);
    s = lp_ball_decimal(x, digits);
    tap_ok(s != NULL && strcmp(s, want) == 0, "%s to %ld digits prints %s (got %s)", ball,
           (long) digits, want, s ? s : "NULL");
    free(s);
    arb_clear(x);
}

static void
test_scientific(void)
{
    check_decimal("12.5", 3, "1.25e+1");
    check_decimal("0.00125", 3, "1.25e-3");
    check_decimal("1", 5, "1.0000e+0");
    check_decimal("-4.5e-300", 2, "-4.5e-300");
}

static slong
significant_digits(const char *s)
{
    slong n = 0;
    for (const char *c = s; *c && *c != 'e'; c++)
        n += (*c >= '0' && *c <= '9');
    return n;
}

/* A ball 1 +- 1e-10 has about ten certain digits, not thirty. */
static void
test_only_certified_digits(void)
{
    arb_t x;
    char *s;
    arb_init(x);
    arb_set_str(x, "[1.234567890123456789 +/- 1e-10]", 256);
    s = lp_ball_decimal(x, 30);
    tap_ok(s != NULL && significant_digits(s) >= 9 && significant_digits(s) <= 11,
           "1.234567890123456789 +- 1e-10 asked for 30 digits prints 9 to 11 (got %s)",
           s ? s : "NULL");
    free(s);
    arb_set_str(x, "[+/- 1.0]", 256);
    s = lp_ball_decimal(x, 30);
    tap_ok(s == NULL, "[+/- 1.0] prints no digit (got %s)", s ? s : "NULL");
    free(s);
    arb_clear(x);
}

/* The bug this contract fixes: a value printed to 10 digits came with the
 * ball's radius (1.4e-16) as its bound, while the rounding alone is ~4e-11. */
static void
test_bound_covers_rounding(void)
{
    arb_t x;
    char *d, *b;
    arb_init(x);
    arb_set_str(x, "[6.5780638812345678 +/- 1e-16]", 256);
    d = lp_ball_decimal(x, 10);
    b = d ? lp_bound_decimal_up(x, d, 0) : NULL;
    tap_ok(d && b && strcmp(d, "6.578063881e+0") == 0 && strtod(b, NULL) >= 3.5e-11
           && strtod(b, NULL) <= 4e-11,
           "6.5780638812345678 +- 1e-16 to 10 digits: %s with rel. bound %s in [3.5e-11, 4e-11]"
           " (the rounding error 2.345678e-10/6.578)", d ? d : "NULL", b ? b : "NULL");
    free(d);
    free(b);
    arb_clear(x);
}

static void
test_huge_exponents(void)
{
    arb_t x, l;
    char *s, *t, *json;
    lp_record *rec;
    arb_init(x);
    arb_init(l);
    arb_one(x);
    arb_mul_2exp_si(x, x, WORD(1) << 40);   /* 2^(2^40) = 8.057e+330985980541 */
    arb_log_base_ui(l, x, 10, 128);
    s = lp_ball_decimal(x, 10);
    t = lp_ball_decimal_fixed(l, 1);
    tap_ok(s && strstr(s, "e+330985980541") != NULL, "2^(2^40) prints with exponent "
           "e+330985980541 (got %s)", s ? s : "NULL");
    tap_ok(t && strcmp(t, "330985980541.9") == 0, "its log10 to one decimal is 330985980541.9 "
           "(got %s)", t ? t : "NULL");
    rec = lp_record_new("");
    lp_record_ball(rec, "value", x, 10);
    lp_record_ball_abs(rec, "log10", l, 10);
    json = lp_record_json(rec);
    tap_ok(strstr(json, "\"value\":\"8.057232245e+330985980541\"") != NULL
           && strstr(json, "\"log10\":\"330985980541.9061858821\"") != NULL
           && strstr(json, "\"log10_abs_error_bound\":") != NULL,
           "the record prints both, with their bounds: %s", json);
    free(json);
    free(s);
    free(t);
    lp_record_free(rec);
    arb_clear(x);
    arb_clear(l);
}

/* A failed evaluation (not finite, or no digit certain) prints null, never a
 * number or a sentinel bound. */
static void
test_failures_print_null(void)
{
    static const char *const balls[] = { "inf", "nan", "[+/- 1e-5]", "[1 +/- inf]" };
    arb_t x;
    arb_init(x);
    for (size_t i = 0; i < sizeof balls / sizeof balls[0]; i++) {
        lp_record *rec = lp_record_new("");
        char *s, *b, *json;
        slong n;
        json_t *o;
        arb_set_str(x, balls[i], 64);
        s = lp_ball_decimal(x, 10);
        b = lp_bound_decimal_up(x, s, 0);
        n = lp_record_ball(rec, "value", x, 10);
        lp_record_ball_abs(rec, "log10", x, 10);
        json = lp_record_json(rec);
        o = json_loads(json, 0, NULL);
        tap_ok(s == NULL && b == NULL && n == 0 && o
               && json_is_null(json_object_get(o, "value"))
               && json_is_null(json_object_get(o, "rel_error_bound"))
               && (arb_is_finite(x) || json_is_null(json_object_get(o, "log10_abs_error_bound"))),
               "%s prints null with a null bound: %s", balls[i], json);
        if (arb_is_finite(x))     /* absolute: 0 is a fine decimal, with the bound sup |x| */
            tap_ok(o && json_is_string(json_object_get(o, "log10"))
                   && strcmp(json_string_value(json_object_get(o, "log10")), "0") == 0
                   && json_real_value(json_object_get(o, "log10_abs_error_bound")) >= 1e-5,
                   "%s with an absolute bound prints 0 with a bound >= 1e-5: %s", balls[i], json);
        json_decref(o);
        free(json);
        free(s);
        free(b);
        lp_record_free(rec);
    }
    arb_clear(x);
}

/* lp_format_arf_directed beyond MPFR's exponent range (issue 41: a window
 * tail bound of 2^(2^31) was printed "@.Inf@e-1"): the text is a decimal
 * d.dd...e+N on the side asked, and the next decimal of that many digits
 * toward x is on the other side (the rounding is to the nearest such) */
static void
test_directed_beyond_mpfr(void)
{
    const slong exps[] = { 1L << 31, (1L << 40) + 7, -(1L << 33) };
    for (int k = 0; k < 3; k++)
        for (int sgn = -1; sgn <= 1; sgn += 2)
            for (int up = 0; up <= 1; up++) {
                arf_t x;
                fmpz_t e, m, E;
                arb_t v, w, ten;
                char *t, *mark;
                int side = 0, tight = 0, form;
                arf_init(x);
                fmpz_init(e);
                fmpz_init(m);
                fmpz_init(E);
                arb_init(v);
                arb_init(w);
                arb_init(ten);
                fmpz_set_si(e, exps[k]);
                arf_set_si(x, sgn * 3);
                arf_mul_2exp_fmpz(x, x, e);                   /* +-3 2^e */
                t = lp_format_arf_directed(x, 4, up);
                mark = strchr(t, 'e');
                form = mark != NULL && strchr(t, '@') == NULL && strchr(t, 'n') == NULL;
                if (form) {
                    /* the digits without the point as m, the exponent as E - 3 */
                    char digits[16];
                    int n = 0;
                    for (const char *c = t; c < mark && n < 15; c++)
                        if (*c >= '0' && *c <= '9')
                            digits[n++] = *c;
                    digits[n] = 0;
                    form = n == 4 && fmpz_set_str(m, digits, 10) == 0
                           && fmpz_set_str(E, mark[1] == '+' ? mark + 2 : mark + 1, 10) == 0;
                    if (t[0] == '-')
                        fmpz_neg(m, m);
                    fmpz_sub_ui(E, E, 3);
                }
                if (form) {
                    slong prec = 200;
                    arb_set_ui(ten, 10);
                    arb_pow_fmpz(ten, ten, E, prec);
                    arb_set_arf(w, x);
                    arb_mul_fmpz(v, ten, m, prec);                /* the printed value */
                    side = up ? arb_ge(v, w) : arb_le(v, w);
                    fmpz_add_si(m, m, up ? -1 : 1);               /* one unit toward x */
                    arb_mul_fmpz(v, ten, m, prec);
                    tight = up ? arb_lt(v, w) : arb_gt(v, w);
                }
                tap_ok(form && side && tight, "%s3 x 2^%ld rounded %s to 4 digits: %s, a decimal on "
                       "its side and the nearest", sgn < 0 ? "-" : "", (long) exps[k],
                       up ? "up" : "down", t);
                flint_free(t);
                arf_clear(x);
                fmpz_clear(e);
                fmpz_clear(m);
                fmpz_clear(E);
                arb_clear(v);
                arb_clear(w);
                arb_clear(ten);
            }
}

int
main(void)
{
    test_scientific();
    test_only_certified_digits();
    test_bound_covers_rounding();
    test_huge_exponents();
    test_failures_print_null();
    test_directed_beyond_mpfr();
    flint_cleanup();
    return tap_done();
}
