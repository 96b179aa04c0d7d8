/* t-decimal.c -- exact decimal input (cmocka, TAP output). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "leakproof.h"

static void
valid_numbers(void **state)
{
    static const char *const good[] = { "0", "1", "+1", "-1", "0.1", ".5", "5.", "1e-5",
                                        "1E+3", "173", "2147483647", "1.34e8", "-0" };
    (void) state;
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        assert_true(lp_decimal_valid(good[i]));
}

static void
invalid_numbers(void **state)
{
    static const char *const bad[] = { "", "nan", "NaN", "inf", "-inf", "0x10", "1e", ".",
                                       "1.2.3", " 1", "1 ", "abc", "1e+", "e5", "--1",
                                       "1e1000000", "1,5" };
    (void) state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_false(lp_decimal_valid(bad[i]));
    assert_false(lp_decimal_valid(NULL));
}

/* 0.1 is one tenth, not the double 0.1000000000000000055511151231257827 */
static void
reads_exactly(void **state)
{
    arb_t x, d;
    (void) state;
    arb_init(x);
    arb_init(d);
    lp_decimal_arb(x, "0.1", 200);
    arb_mul_ui(d, x, 10, 200);
    assert_true(arb_contains_si(d, 1));
    arb_set_d(d, 0.1);
    assert_false(arb_contains(x, d));          /* the double is outside the ball */
    lp_decimal_arb(x, "1.5e3", 64);
    assert_true(arb_equal_si(x, 1500));
    lp_decimal_arb(x, "-0", 64);
    assert_true(arb_is_zero(x));
    arb_clear(x);
    arb_clear(d);
}

static void
reads_integers(void **state)
{
    uint64_t u = 0;
    (void) state;
    assert_int_equal(lp_decimal_uint64(&u, "1.34e8"), 0);
    assert_true(u == 134000000);
    assert_int_equal(lp_decimal_uint64(&u, "2147483647"), 0);
    assert_true(u == 2147483647);
    assert_int_equal(lp_decimal_uint64(&u, "13700.0"), 0);
    assert_true(u == 13700);
    assert_int_equal(lp_decimal_uint64(&u, "1.5"), -1);
    assert_int_equal(lp_decimal_uint64(&u, "-3"), -1);
    assert_int_equal(lp_decimal_uint64(&u, "1e30"), -1);
    assert_int_equal(lp_decimal_uint64(&u, "x"), -1);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(valid_numbers),
        cmocka_unit_test(invalid_numbers),
        cmocka_unit_test(reads_exactly),
        cmocka_unit_test(reads_integers),
    };
    int failed = cmocka_run_group_tests_name("decimal", tests, NULL, NULL);
    flint_cleanup();
    return failed;
}
