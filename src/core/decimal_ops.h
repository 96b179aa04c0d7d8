/* decimal_ops.h -- exact arithmetic on decimal texts, and printing one. */
#ifndef LP_DECIMAL_OPS_H
#define LP_DECIMAL_OPS_H

#include <stdint.h>
#include "leakproof.h"

/* The exact product of two valid decimals, as a decimal text: plain where
 * the exponent is small ("0.012", "1.1", "2500"), else "12e-300";
 * NULL when either is not a valid decimal.  Caller frees with free(). */
char *lp_decimal_mul(const char *a, const char *b);
/* The exact decimal value of a finite binary number (m 2^e = m 5^-e 10^e);
 * NULL when not finite.  Caller frees with free(). */
char *lp_decimal_from_arf(const arf_t x);
/* The sign of a - b for two valid decimals, decided exactly (any number of
 * digits: 0.999...9 with 78 nines is < 1, 1e6 + 1e-65517 is > 1e6). */
int lp_decimal_cmp_exact(const char *a, const char *b);
/* 1 when s is written as a decimal (digits, a point, an exponent) whose
 * exponent lies beyond what lp_decimal_valid takes (|e| > 100000), so that a
 * refusal can say so rather than call 1e-100001 "not > 0". */
int lp_decimal_exponent_beyond(const char *s);
/* The message for such a text: "OPT: 'TEXT' has an exponent beyond +-100000
 * (leakproof reads decimals with exponents from -100000 to 100000)". */
void lp_decimal_exponent_message(char *buf, size_t len, const char *opt, const char *s);

/* x rounded up (down when up == 0) to `digits` significant decimal digits, as
 * text; caller frees with flint_free.  The printed number is >= x (<= x)
 * (decimal_print.c). */
char *lp_format_arf_directed(const arf_t x, slong digits, int up);

/* A sampling rate written as a fraction N/D of decimal integers (D >= 1): 0
 * and N, D set, or -1 (decimal_fraction.c). */
int lp_rate_fraction(uint64_t *num, uint64_t *den, const char *text);

/* ---- a number of a request, read once (decimal_exact.c) ---------------------
 * A decimal, or a rate written as a fraction N/D of integers, read at the
 * door: the text as given (the records echo it), its exact value and its
 * nearest double.  The rooms below take the value: a ball of it at the
 * precision they work at, or the double; no text is read again. */
typedef struct {
    const char *text;           /* as given (not owned), or NULL: no number */
    fmpz_t m;                   /* a decimal: the value is m 10^e */
    slong e;
    uint64_t num, den;          /* a fraction (den > 0): the value is num/den */
    double d;                   /* the nearest double: strtod's, or num/den in doubles */
} lp_exact;

/* x = the valid decimal or fraction N/D (lp_rate_fraction's) `text`, or no
 * number where text is NULL; lp_exact_clear it. */
void lp_exact_init(lp_exact *x, const char *text);
/* x = the integer n (no text) */
void lp_exact_init_ui(lp_exact *x, uint64_t n);
void lp_exact_clear(lp_exact *x);
/* r = a ball containing x at prec bits: for a decimal the very ball
 * lp_decimal_arb(x->text, prec) gives, for N/D num/den rounded at prec */
void lp_exact_arb(arb_t r, const lp_exact *x, slong prec);
/* the sign (-1, 0, 1) of x's exact value, and of x - c 10^e, decided exactly */
int lp_exact_sign(const lp_exact *x);
int lp_exact_cmp(const lp_exact *x, slong c, slong e);

#endif
