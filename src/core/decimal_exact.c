/* decimal_exact.c -- a number of a request read once: a decimal split into
 * m 10^e (decimal.c) or a rate N/D (decimal_fraction.c), its double, and its
 * ball at any precision.  Contracts in decimal_ops.h. */
#include <string.h>
#include "core/host.h"
#include "core/decimal.h"
#include "core/decimal_ops.h"

void
lp_exact_init(lp_exact *x, const char *text)
{
    fmpz_init(x->m);
    x->e = 0;
    x->num = 0;
    x->den = 0;
    x->d = 0;
    x->text = text;
    if (text == NULL)
        return;
    if (strchr(text, '/')) {
        x->den = 1;
        lp_rate_fraction(&x->num, &x->den, text);
        x->d = (double) x->num / (double) x->den;
    } else {
        lp_decimal_split(x->m, &x->e, text);
        x->d = lp_strtod(text, NULL);
    }
}

void
lp_exact_init_ui(lp_exact *x, uint64_t n)
{
    lp_exact_init(x, NULL);
    fmpz_set_ui(x->m, n);
    x->d = (double) n;
}

void
lp_exact_clear(lp_exact *x)
{
    fmpz_clear(x->m);
}

void
lp_exact_arb(arb_t r, const lp_exact *x, slong prec)
{
    if (x->den) {
        arb_set_ui(r, x->num);
        arb_div_ui(r, r, x->den, prec);
    } else {
        lp_decimal_arb_split(r, x->m, x->e, prec);
    }
}

int
lp_exact_sign(const lp_exact *x)
{
    return x->den ? x->num > 0 : fmpz_sgn(x->m);
}

int
lp_exact_cmp(const lp_exact *x, slong c, slong e)
{
    /* x - c 10^e over the common power 10^min(e, x's): integers compared */
    fmpz_t a, b, p;
    slong ex = x->den ? 0 : x->e, lo = e < ex ? e : ex;
    int r;
    fmpz_init(a);
    fmpz_init(b);
    fmpz_init(p);
    if (x->den) {               /* num/den against c 10^e: num 10^-lo against c 10^(e-lo) den */
        fmpz_set_ui(a, x->num);
        fmpz_set_si(b, c);
        fmpz_mul_ui(b, b, x->den);
    } else {
        fmpz_set(a, x->m);
        fmpz_set_si(b, c);
    }
    fmpz_ui_pow_ui(p, 10, (ulong) (ex - lo));
    fmpz_mul(a, a, p);
    fmpz_ui_pow_ui(p, 10, (ulong) (e - lo));
    fmpz_mul(b, b, p);
    r = fmpz_cmp(a, b);
    fmpz_clear(a);
    fmpz_clear(b);
    fmpz_clear(p);
    return r < 0 ? -1 : r > 0;
}
