/* t-decimal.c -- exact decimal input: what is a number, read exactly. */
#include <stdint.h>
#include "tap.h"
#include "leakproof.h"

static void
test_valid_numbers(void)
{
    static const char *const good[] = { "0", "1", "+1", "-1", "0.1", ".5", "5.", "1e-5",
                                        "1E+3", "173", "2147483647", "1.34e8", "-0" };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        tap_ok(lp_decimal_valid(good[i]), "'%s' is a decimal number", good[i]);
}

static void
test_invalid_numbers(void)
{
    static const char *const bad[] = { "", "nan", "NaN", "inf", "-inf", "0x10", "1e", ".",
                                       "1.2.3", " 1", "1 ", "abc", "1e+", "e5", "--1",
                                       "1e1000000", "1,5" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        tap_ok(!lp_decimal_valid(bad[i]), "'%s' is refused", bad[i]);
    tap_ok(!lp_decimal_valid(NULL), "NULL is refused");
}

/* 0.1 is one tenth, not the double 0.1000000000000000055511151231257827 */
static void
test_reads_exactly(void)
{
    arb_t x, d;
    arb_init(x);
    arb_init(d);
    lp_decimal_arb(x, "0.1", 200);
    arb_mul_ui(d, x, 10, 200);
    tap_ok(arb_contains_si(d, 1), "10 * '0.1' contains 1");
    arb_set_d(d, 0.1);
    tap_ok(!arb_contains(x, d), "'0.1' does not contain the double 0.1");
    lp_decimal_arb(x, "1.5e3", 64);
    tap_ok(arb_equal_si(x, 1500), "'1.5e3' is exactly 1500");
    lp_decimal_arb(x, "-0", 64);
    tap_ok(arb_is_zero(x), "'-0' is exactly 0");
    arb_clear(x);
    arb_clear(d);
}

static void
test_reads_integers(void)
{
    static const struct { const char *s; int ret; uint64_t want; } cases[] = {
        { "1.34e8", 0, 134000000 }, { "2147483647", 0, 2147483647 }, { "13700.0", 0, 13700 },
        { "1.5", -1, 0 }, { "-3", -1, 0 }, { "1e30", -1, 0 }, { "x", -1, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t u = 0;
        int ret = lp_decimal_uint64(&u, cases[i].s);
        if (cases[i].ret == 0)
            tap_ok(ret == 0 && u == cases[i].want, "'%s' reads as the integer %llu (got %d, %llu)",
                   cases[i].s, (unsigned long long) cases[i].want, ret, (unsigned long long) u);
        else
            tap_ok(ret == -1, "'%s' is not an integer in [0, 2^63) (got %d)", cases[i].s, ret);
    }
}

int
main(void)
{
    test_valid_numbers();
    test_invalid_numbers();
    test_reads_exactly();
    test_reads_integers();
    flint_cleanup();
    return tap_done();
}
