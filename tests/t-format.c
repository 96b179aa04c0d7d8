/* t-format.c -- printing results: scientific notation, only certified digits,
 * exponents of any size (cmocka, TAP output). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "leakproof.h"

static char *
fmt(const char *ball, slong digits)
{
    lp_result r;
    char *s;
    lp_result_init(&r);
    arb_set_str(r.value, ball, 256);
    r.certified = 1;
    r.status = LP_OK;
    s = lp_format_value(&r, digits);
    lp_result_clear(&r);
    return s;
}

static void
scientific(void **state)
{
    char *s;
    (void) state;
    s = fmt("12.5", 3);
    assert_string_equal(s, "1.25e+1");
    flint_free(s);
    s = fmt("0.00125", 3);
    assert_string_equal(s, "1.25e-3");
    flint_free(s);
    s = fmt("1", 5);
    assert_string_equal(s, "1.0000e+0");
    flint_free(s);
    s = fmt("-4.5e-300", 2);
    assert_string_equal(s, "-4.5e-300");
    flint_free(s);
}

/* A ball 1 +- 1e-10 has about ten certain digits, not thirty. */
static void
only_certified_digits(void **state)
{
    char *s;
    size_t n = 0;
    (void) state;
    s = fmt("[1.234567890123456789 +/- 1e-10]", 30);
    assert_non_null(s);
    for (const char *c = s; *c && *c != 'e'; c++)
        n += (*c >= '0' && *c <= '9');
    assert_true(n >= 9 && n <= 11);
    flint_free(s);
    s = fmt("[+/- 1.0]", 30);                      /* no digit is certain */
    assert_null(s);
}

static void
huge_exponents(void **state)
{
    lp_result r;
    char *s, *l;
    (void) state;
    lp_result_init(&r);
    arb_one(r.value);
    arb_mul_2exp_si(r.value, r.value, WORD(1) << 40);   /* 2^(2^40) = 8.057e+330985980541 */
    r.certified = 1;
    r.status = LP_OK;
    s = lp_format_value(&r, 10);
    l = lp_format_log10(&r, 10);
    assert_non_null(s);
    assert_non_null(strstr(s, "e+330985980541"));
    assert_non_null(l);
    assert_true(strncmp(l, "330985980541.9", 14) == 0);
    flint_free(s);
    flint_free(l);
    lp_result_clear(&r);
}

static void
failed_results_print_nothing(void **state)
{
    lp_result r;
    (void) state;
    lp_result_init(&r);
    r.status = LP_OVERFLOW;
    assert_null(lp_format_value(&r, 10));
    assert_null(lp_format_log10(&r, 10));
    assert_true(lp_rel_error_bound(&r) < 0);
    lp_result_clear(&r);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scientific),
        cmocka_unit_test(only_certified_digits),
        cmocka_unit_test(huge_exponents),
        cmocka_unit_test(failed_results_print_nothing),
    };
    int failed = cmocka_run_group_tests_name("format", tests, NULL, NULL);
    flint_cleanup();
    return failed;
}
