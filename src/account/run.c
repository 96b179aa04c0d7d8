/* run.c -- the parameters of one DP-SGD run, the orders and their lists.
 * Contracts in account.h. */
#include <stdlib.h>
#include <string.h>
#include "core/host.h"
#include "account/account.h"

/* Exact decimals are read at this precision; every later operation adds its
 * own rounding to the balls. */
#define READ_PREC 320

static void
init_common(lp_dpsgd *run)
{
    arb_init(run->M);
    arb_init(run->q);
    arb_init(run->delta);
    run->phases = NULL;
    run->replace = 0;
}

void
lp_dpsgd_init(lp_dpsgd *run, const char *M, const char *q, uint64_t steps,
              const char *delta)
{
    init_common(run);
    lp_dpsgd_set_M(run, M);
    if (strchr(q, '/')) {
        /* a fraction N/D of integers (lp_rate_fraction): exact */
        uint64_t num = 0, den = 1;
        lp_rate_fraction(&num, &den, q);
        arb_set_ui(run->q, num);
        arb_div_ui(run->q, run->q, den, READ_PREC);
        run->q_d = (double) num / (double) den;
    } else {
        lp_decimal_arb(run->q, q, READ_PREC);
        run->q_d = lp_strtod(q, NULL);
    }
    run->q_is_one = arb_is_one(run->q);
    lp_decimal_arb(run->delta, delta, READ_PREC);
    run->delta_d = lp_strtod(delta, NULL);
    run->steps = steps;
}

void
lp_dpsgd_init_batches(lp_dpsgd *run, const char *M, uint64_t batches,
                      uint64_t epochs, const char *delta)
{
    init_common(run);
    lp_dpsgd_set_M(run, M);
    arb_set_ui(run->q, batches);
    arb_inv(run->q, run->q, READ_PREC);
    run->q_d = 1.0 / (double) batches;
    run->q_is_one = batches == 1;
    lp_decimal_arb(run->delta, delta, READ_PREC);
    run->delta_d = lp_strtod(delta, NULL);
    run->steps = batches * epochs;
}

void
lp_dpsgd_set_M(lp_dpsgd *run, const char *M)
{
    lp_decimal_arb(run->M, M, READ_PREC);
    run->M_d = lp_strtod(M, NULL);
}

void
lp_dpsgd_clear(lp_dpsgd *run)
{
    arb_clear(run->M);
    arb_clear(run->q);
    arb_clear(run->delta);
}

int
lp_order_parse(uint64_t *integer, const char *alpha)
{
    uint64_t u;
    if (!lp_decimal_valid(alpha))
        return -1;
    if (lp_decimal_uint64(&u, alpha) == 0) {
        if (u < 2 || u > LP_ORDER_INT_MAX)
            return -1;
        *integer = u;
        return 0;
    }
    /* fractional: 1 < alpha < LP_ORDER_FRAC_MAX, decided on the exact decimal */
    {
        arb_t x, y;
        int ok;
        arb_init(x);
        arb_init(y);
        lp_decimal_arb(x, alpha, READ_PREC);
        arb_sub_ui(y, x, 1, READ_PREC);
        ok = arb_is_positive(y);
        arb_sub_ui(y, x, LP_ORDER_FRAC_MAX, READ_PREC);
        ok = ok && arb_is_negative(y);
        arb_clear(x);
        arb_clear(y);
        if (!ok)
            return -1;
    }
    *integer = 0;
    return 0;
}

const char *const lp_orders_default[] = {
    "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
    "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30",
    "31", "32", "33", "34", "35", "36", "37", "38", "39", "40", "41", "42", "43", "44",
    "45", "46", "47", "48", "49", "50", "51", "52", "53", "54", "55", "56", "57", "58",
    "59", "60", "61", "62", "63", "64", "72", "80", "96", "128", "192", "256", "512", "1024"
};
const size_t lp_norders_default = sizeof lp_orders_default / sizeof lp_orders_default[0];

/* Opacus 1.1.2, opacus/accountants/rdp.py: [1 + x / 10.0 for x in range(1, 100)]
 * + list(range(12, 64)). */
const char *const lp_orders_opacus[] = {
    "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9", "2",
    "2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8", "2.9", "3",
    "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "3.8", "3.9", "4",
    "4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "4.7", "4.8", "4.9", "5",
    "5.1", "5.2", "5.3", "5.4", "5.5", "5.6", "5.7", "5.8", "5.9", "6",
    "6.1", "6.2", "6.3", "6.4", "6.5", "6.6", "6.7", "6.8", "6.9", "7",
    "7.1", "7.2", "7.3", "7.4", "7.5", "7.6", "7.7", "7.8", "7.9", "8",
    "8.1", "8.2", "8.3", "8.4", "8.5", "8.6", "8.7", "8.8", "8.9", "9",
    "9.1", "9.2", "9.3", "9.4", "9.5", "9.6", "9.7", "9.8", "9.9", "10",
    "10.1", "10.2", "10.3", "10.4", "10.5", "10.6", "10.7", "10.8", "10.9",
    "12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22", "23", "24", "25",
    "26", "27", "28", "29", "30", "31", "32", "33", "34", "35", "36", "37", "38", "39",
    "40", "41", "42", "43", "44", "45", "46", "47", "48", "49", "50", "51", "52", "53",
    "54", "55", "56", "57", "58", "59", "60", "61", "62", "63"
};
const size_t lp_norders_opacus = sizeof lp_orders_opacus / sizeof lp_orders_opacus[0];

char *
lp_format_arf_directed(const arf_t x, slong digits, int up)
{
    mpfr_t m;
    mpfr_exp_t e;
    char *mant, *out;
    size_t len;
    if (!arf_is_finite(x)) {
        out = flint_malloc(8);
        strcpy(out, arf_is_nan(x) ? "nan" : arf_sgn(x) > 0 ? "inf" : "-inf");
        return out;
    }
    mpfr_init2(m, FLINT_MAX(arf_bits(x), 2));
    arf_get_mpfr(m, x, MPFR_RNDN);          /* exact: enough bits */
    if (mpfr_zero_p(m)) {
        mpfr_clear(m);
        out = flint_malloc(2);
        strcpy(out, "0");
        return out;
    }
    mant = mpfr_get_str(NULL, &e, 10, (size_t) digits, m, up ? MPFR_RNDU : MPFR_RNDD);
    len = strlen(mant) + 32;
    out = flint_malloc(len);
    {
        const char *d = mant;
        int neg = *d == '-';
        if (neg)
            d++;
        /* d.ddd e(e-1) */
        snprintf(out, len, "%s%c%s%s%se%+ld", neg ? "-" : "", d[0], d[1] ? "." : "",
                 d + 1, "", (long) e - 1);
    }
    mpfr_free_str(mant);
    mpfr_clear(m);
    return out;
}

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
