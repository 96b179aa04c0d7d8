/* decimal_fraction.c -- a rate written as a fraction N/D of decimal
 * integers, read exactly.  Contract in decimal_ops.h. */
#include <string.h>
#include "core/decimal_ops.h"

int
lp_rate_fraction(uint64_t *num, uint64_t *den, const char *text)
{
    const char *slash = strchr(text, '/');
    char a[32];
    size_t la;
    if (slash == NULL || (la = (size_t) (slash - text)) == 0 || la >= sizeof a)
        return -1;
    memcpy(a, text, la);
    a[la] = '\0';
    if (lp_decimal_uint64(num, a) != 0 || lp_decimal_uint64(den, slash + 1) != 0 || *den == 0
        || strchr(a, '.') || strchr(a, 'e') || strchr(a, 'E') || strchr(slash + 1, '.')
        || strchr(slash + 1, 'e') || strchr(slash + 1, 'E'))
        return -1;
    return 0;
}
