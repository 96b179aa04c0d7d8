/* What the studies share: exact decisions on decimal inputs, and the
 * precision loop's test.  Contracts in channel.h and study.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/decimal_ops.h"
#include "core/host.h"
#include "core/study.h"

int
lp_decimal_compare(const char *a, const char *b)
{
    /* exactly, on the decimals' integers (a precision cap took 65,518-digit
       inputs as equal to the bound) */
    return lp_decimal_cmp_exact(a, b);
}

int
lp_study_check_positive(const char *name, const char *text, const char *max, char *err, size_t errlen)
{
    if (lp_decimal_exponent_beyond(text)) {
        lp_decimal_exponent_message(err, errlen, name, text);
        return -1;
    }
    if (text == NULL || !lp_decimal_valid(text) || lp_decimal_sign(text) <= 0
        || (max && lp_decimal_compare(text, max) > 0)) {
        snprintf(err, errlen, "%s must be a decimal number > 0%s%s (got '%s')", name,
                 max ? " and <= " : "", max ? max : "", text ? text : "");
        return -1;
    }
    return 0;
}

int
lp_study_accurate(const arb_t x, slong digits)
{
    return arb_rel_accuracy_bits(x) >= (slong) (3.33 * digits) + 8;
}

int
lp_study_record_ball(lp_record *rec, const char *key, const arb_t x, slong digits, slong *least)
{
    slong got = lp_record_ball(rec, key, x, digits);
    if (got < *least && !arb_is_zero(x))      /* an exact 0 prints as "0", one digit */
        *least = got;
    return got > 0 || arb_is_zero(x);
}

void
lp_study_record_directed(lp_record *rec, const char *key, const arb_t x, slong digits, int up)
{
    arf_t e;
    char *t;
    if (!arb_is_finite(x)) {
        lp_record_null(rec, key);
        return;
    }
    arf_init(e);
    if (up)
        arb_get_ubound_arf(e, x, 64 + 4 * digits);
    else
        arb_get_lbound_arf(e, x, 64 + 4 * digits);
    t = lp_format_arf_directed(e, digits, up);
    lp_record_text(rec, key, t);
    flint_free(t);
    arf_clear(e);
}

int
lp_study_doubles(double *out, char *const *texts, size_t n, char *err, size_t errlen)
{
    for (size_t i = 0; i < n; i++) {
        out[i] = lp_strtod(texts[i], NULL);
        if (!isfinite(out[i]) || (out[i] == 0 && lp_decimal_sign(texts[i]) != 0)) {
            snprintf(err, errlen, "number %zu, %s, is beyond the range of doubles, in which this is computed",
                     i + 1, texts[i]);
            return -1;
        }
    }
    return 0;
}
