/* t-decimal.c -- exact decimal input: what is a number, read exactly. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "leakproof.h"
#include "core/decimal_ops.h"
#include "core/host.h"

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

/* a random decimal text: sign, 1 .. 30 digits, a point anywhere or none,
 * an exponent in [-400, 400] or none */
static void
random_decimal(char *s, size_t len, flint_rand_t st)
{
    char digits[40];
    int nd = 1 + (int) n_randint(st, 30), pt = (int) n_randint(st, (ulong) nd + 2), k = 0;
    for (int i = 0; i < nd; i++)
        digits[i] = (char) ('0' + n_randint(st, 10));
    digits[nd] = '\0';
    if (n_randint(st, 3) == 0)
        s[k++] = n_randint(st, 2) ? '-' : '+';
    for (int i = 0; i < nd; i++) {
        if (i == pt)
            s[k++] = '.';
        s[k++] = digits[i];
    }
    s[k] = '\0';
    if (n_randint(st, 2))
        snprintf(s + k, len - (size_t) k, "e%d", (int) n_randint(st, 801) - 400);
}

/* A number read once at the door (lp_exact) and made a ball later: the very
 * ball lp_decimal_arb makes at every precision (the records' bytes rest on
 * it), strtod's double, the exact sign and comparison; a rate N/D read as
 * the run reads it (num/den at the precision). */
static void
test_read_once(void)
{
    static const slong precs[] = { 30, 64, 128, 256, 320, 1024 };
    flint_rand_t st;
    int bad_ball = 0, bad_d = 0, bad_sign = 0, bad_cmp = 0, bad_frac = 0, n = 0;
    arb_t a, b;
    flint_randinit(st);
    arb_init(a);
    arb_init(b);
    for (int i = 0; i < 2000; i++) {
        char s[80], c[48];    /* two longs and an e */
        lp_exact x;
        const slong prec = precs[n_randint(st, 6)];
        const slong cm = (slong) n_randint(st, 2001) - 1000, ce = (slong) n_randint(st, 21) - 10;
        random_decimal(s, sizeof s, st);
        if (!lp_decimal_valid(s))
            continue;
        n++;
        lp_exact_init(&x, s);
        lp_exact_arb(a, &x, prec);
        lp_decimal_arb(b, s, prec);
        bad_ball += !arb_equal(a, b);
        bad_d += !(x.d == lp_strtod(s, NULL) || (x.d != x.d && lp_strtod(s, NULL) != lp_strtod(s, NULL)));
        bad_sign += lp_exact_sign(&x) != lp_decimal_sign(s);
        snprintf(c, sizeof c, "%lde%ld", (long) cm, (long) ce);
        bad_cmp += lp_exact_cmp(&x, cm, ce) != lp_decimal_cmp_exact(s, c);
        if (bad_ball + bad_d + bad_sign + bad_cmp == 1 && (bad_ball || bad_d || bad_sign || bad_cmp))
            tap_diag("first disagreement: '%s' at %ld bits (against %s)", s, (long) prec, c);
        lp_exact_clear(&x);
    }
    for (int i = 0; i < 500; i++) {
        char s[48];
        const uint64_t den = 1 + n_randint(st, 100000), num = n_randint(st, den + 1);
        const slong prec = precs[n_randint(st, 6)];
        lp_exact x;
        snprintf(s, sizeof s, "%llu/%llu", (unsigned long long) num, (unsigned long long) den);
        lp_exact_init(&x, s);
        lp_exact_arb(a, &x, prec);
        arb_set_ui(b, num);
        arb_div_ui(b, b, den, prec);
        bad_frac += !arb_equal(a, b) || x.d != (double) num / (double) den
                    || lp_exact_sign(&x) != (num > 0) || lp_exact_cmp(&x, 1, 0) != (num < den ? -1 : 0);
        lp_exact_clear(&x);
    }
    tap_ok(n > 1000 && bad_ball == 0, "a decimal read once (lp_exact) makes the very ball "
           "lp_decimal_arb makes, at 30 .. 1024 bits: %d random decimals, %d differ", n, bad_ball);
    tap_ok(bad_d == 0 && bad_sign == 0, "its double is strtod's and its sign the decimal's: %d "
           "doubles and %d signs differ", bad_d, bad_sign);
    tap_ok(bad_cmp == 0, "its exact comparison with c 10^e agrees with lp_decimal_cmp_exact: %d "
           "differ", bad_cmp);
    tap_ok(bad_frac == 0, "a rate N/D read once is num/den rounded at the precision, its double "
           "num/den, its sign and its comparison with 1 exact: 500 random fractions, %d differ",
           bad_frac);
    arb_clear(a);
    arb_clear(b);
    flint_randclear(st);
}

int
main(void)
{
    test_valid_numbers();
    test_invalid_numbers();
    test_reads_exactly();
    test_reads_integers();
    test_read_once();
    flint_cleanup();
    return tap_done();
}
