/* libFuzzer harness: the decimal parser.  Any byte string: lp_decimal_valid
 * must not crash; for what it accepts, the exact readers must agree with each
 * other (sign of the ball against lp_decimal_sign, integers round-trip). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "leakproof.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    uint64_t u;
    memcpy(s, data, size);
    s[size] = '\0';
    if (lp_decimal_valid(s)) {
        arb_t x;
        mpfr_t m;
        int sign = lp_decimal_sign(s);
        arb_init(x);
        mpfr_init2(m, 64);
        lp_decimal_arb(x, s, 64);
        if ((sign > 0 && !arb_is_positive(x)) || (sign < 0 && !arb_is_negative(x))
            || (sign == 0 && !arb_is_zero(x)))
            abort();
        lp_decimal_mpfr(m, s);
        if (mpfr_sgn(m) != sign && !(mpfr_zero_p(m) && sign != 0))   /* mpfr may underflow */
            abort();
        if (lp_decimal_uint64(&u, s) == 0) {
            arb_t y;
            arb_init(y);
            arb_set_ui(y, u);
            if (!arb_overlaps(x, y) || sign < 0)
                abort();
            arb_clear(y);
        }
        arb_clear(x);
        mpfr_clear(m);
        flint_cleanup();
    } else if (lp_decimal_uint64(&u, s) == 0) {
        abort();                /* an integer reader that accepts a non-decimal */
    }
    free(s);
    return 0;
}
