/* t-random-record.c -- the printed-number contract of core/record.h on random
 * balls, in the manner of Arb's t-*.c: random midpoints (exponents up to about
 * 10^(+-10^6)), radii (exact, tight, loose, containing zero), digits (1..60)
 * and precisions (2..4096 bits).  What the record prints, read back from the
 * human text and from JSON, must satisfy
 *     |x - d| <= b |d|   (lp_record_ball)   or   |x - d| <= b   (lp_record_ball_abs)
 * for every x in the ball, checked in Arb with certainly-true comparisons; the
 * JSON bound (a double) must be >= the two-digit decimal humans see; and the
 * bound must not be loose: arb_get_str prints digits correct to one unit in
 * the last place, and rounding up to two digits adds less than 10%, so
 * b <= 1.1 ulp (relative to |d|, or absolute).  On failure the ball is printed
 * exactly (midpoint and radius as integer * 2^exponent) with the seed. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "tap.h"
#include "helpers.h"
#include "core/record.h"

/* A ball at random: sign, mantissa of `bits` bits, binary exponent in
 * [-emax, emax], and a radius that is 0, tight (2^-k relative, k up to the
 * mantissa's bits + 20), loose (up to 4 times the midpoint) or any size. */
static void
random_ball(arb_t x, flint_rand_t state, slong bits, slong emax)
{
    slong e = (slong) n_randint(state, 2 * (ulong) emax + 1) - emax;
    arf_randtest_not_zero(arb_midref(x), state, bits, 3);
    arf_mul_2exp_si(arb_midref(x), arb_midref(x), e);
    switch (n_randint(state, 4)) {
    case 0:
        mag_zero(arb_radref(x));
        break;
    case 1:
        arf_get_mag(arb_radref(x), arb_midref(x));
        mag_mul_2exp_si(arb_radref(x), arb_radref(x), -(slong) n_randint(state, bits + 20) - 1);
        break;
    case 2:
        arf_get_mag(arb_radref(x), arb_midref(x));
        mag_mul_2exp_si(arb_radref(x), arb_radref(x), (slong) n_randint(state, 3));
        break;
    default:
        mag_randtest(arb_radref(x), state, 20);
        mag_mul_2exp_si(arb_radref(x), arb_radref(x), e);
        break;
    }
}

/* The ball exactly, for a failure report. */
static void
print_ball(const char *name, const arb_t x)
{
    fmpz_t m, e;
    char *ms, *es, *rs;
    fmpz_init(m);
    fmpz_init(e);
    arf_get_fmpz_2exp(m, e, arb_midref(x));
    ms = fmpz_get_str(NULL, 10, m);
    es = fmpz_get_str(NULL, 10, e);
    rs = arb_get_str(x, 5, 0);
    printf("# %s = %s * 2^%s +- ", name, ms, es);
    mag_fprint(stdout, arb_radref(x));
    printf("  (about %s)\n", rs);
    flint_free(ms);
    flint_free(es);
    flint_free(rs);
    fmpz_clear(m);
    fmpz_clear(e);
}

static slong
significant_digits(const char *d)
{
    slong n = 0, lead = 1;
    for (const char *c = d; *c && *c != 'e'; c++) {
        if (*c < '0' || *c > '9')
            continue;
        if (*c == '0' && lead)
            continue;
        lead = 0;
        n++;
    }
    return n;
}

/* k such that the last printed place of d is 10^-k ("12.50" 2, "0e+20" -20). */
static slong
last_place(const char *d)
{
    const char *p = strchr(d, '.'), *e = strchr(d, 'e');
    slong k = p ? (slong) ((e ? (size_t) (e - p) : strlen(p)) - 1) : 0;
    return e ? k - strtol(e + 1, NULL, 10) : k;
}

/* `line` is "key: d (rel. error <= b)" or "key: - (no digit certified)";
 * d and b become NULL for the latter. */
static int
parse_human(char **d, char **b, const char *text, const char *key)
{
    char pat[64], *line, dbuf[4096], bbuf[64];
    *d = *b = NULL;
    snprintf(pat, sizeof pat, "%s: ", key);
    line = strstr(text, pat);
    if (line == NULL)
        return -1;
    line += strlen(pat);
    if (strncmp(line, "- (no digit certified)", 22) == 0)
        return 0;
    if (sscanf(line, "%4095s (%*s error <= %63[^)])", dbuf, bbuf) != 2)
        return -1;
    *d = strdup(dbuf);
    *b = strdup(bbuf);
    return 0;
}

/* 1 when |x - d| <= b |d| (relative) or |x - d| <= b certainly holds. */
static int
bound_holds(const arb_t x, const char *d, const char *b, int absolute)
{
    /* exact enough that the comparison decides: the decimals' digits (under
       4 bits each) plus the ball's own bits, and a margin */
    slong prec = FLINT_MAX(arb_bits(x), 64) + 128 + 4 * (slong) (strlen(d) + strlen(b));
    arb_t dd, bb, err;
    arf_t hi, lo;
    int ok;
    arb_init(dd); arb_init(bb); arb_init(err);
    arf_init(hi); arf_init(lo);
    lp_decimal_arb(dd, d, prec);
    lp_decimal_arb(bb, b, prec);
    arb_sub(err, x, dd, prec);
    if (!absolute) {
        arb_abs(dd, dd);
        arb_mul(bb, bb, dd, prec);
    }
    arb_get_abs_ubound_arf(hi, err, prec);
    arb_get_lbound_arf(lo, bb, prec);
    ok = arf_cmp(hi, lo) <= 0;
    arb_clear(dd); arb_clear(bb); arb_clear(err);
    arf_clear(hi); arf_clear(lo);
    return ok;
}

/* 1 when the double v >= the decimal s, certainly. */
static int
double_covers(double v, const char *s)
{
    arb_t a, b;
    int ok;
    arb_init(a);
    arb_init(b);
    arb_set_d(a, v);
    lp_decimal_arb(b, s, 128);
    ok = arb_ge(a, b);
    arb_clear(a);
    arb_clear(b);
    return ok;
}

/* 1 when b <= 1.1 * 10^-k. */
static int
tight(const char *b, slong k)
{
    arb_t bb, lim;
    int ok;
    arb_init(bb);
    arb_init(lim);
    lp_decimal_arb(bb, b, 128);
    arb_set_ui(lim, 10);
    arb_pow_ui(lim, lim, (ulong) FLINT_ABS(k), 128);
    if (k > 0)
        arb_inv(lim, lim, 128);
    arb_mul_ui(lim, lim, 11, 128);
    arb_div_ui(lim, lim, 10, 128);
    ok = arb_le(bb, lim);
    arb_clear(bb);
    arb_clear(lim);
    return ok;
}

/* One field printed by the record, checked; returns the number of failures. */
static int
check_field(const arb_t x, const char *key, slong digits, int absolute, const char *human,
            json_t *json, const char **why)
{
    char *hd, *hb;
    const char *jd;
    json_t *jv, *jb;
    char bkey[64];
    int fail = 1;
    if (absolute)
        snprintf(bkey, sizeof bkey, "%s_abs_error_bound", key);
    else
        snprintf(bkey, sizeof bkey, "%s", strcmp(key, "value") == 0 ? "rel_error_bound" : key);
    jv = json_object_get(json, key);
    jb = json_object_get(json, bkey);
    *why = "the human text cannot be parsed";
    if (parse_human(&hd, &hb, human, key) != 0)
        return 1;
    jd = json_is_string(jv) ? json_string_value(jv) : NULL;
    if (hd == NULL || jd == NULL) {
        *why = "null in one output but not the other, or a bound without a number";
        if (hd == NULL && jd == NULL && json_is_null(jv) && json_is_null(jb)) {
            /* null is right only when not even the sign is certain */
            *why = "null printed for a ball with a certain digit";
            fail = !absolute && !arb_contains_zero(x) && arb_rel_accuracy_bits(x) > 8;
        }
        goto done;
    }
    *why = "human and JSON print different decimals";
    if (strcmp(hd, jd) != 0 || !json_is_real(jb))
        goto done;
    *why = "the printed bound does not cover the ball";
    if (!bound_holds(x, hd, hb, absolute))
        goto done;
    *why = "the JSON bound is below the two-digit bound";
    if (!double_covers(json_real_value(jb), hb))
        goto done;
    if (!absolute) {
        slong n = significant_digits(hd);
        *why = "more digits printed than asked";
        if (n > digits && strcmp(hd, "0") != 0)
            goto done;
        *why = "fewer digits printed than the ball certifies";
        if (arb_rel_accuracy_bits(x) > digits * 3.33 + 8 && n < digits)
            goto done;
        *why = "the bound is loose (> 1.1 units in the last printed place)";
        if (!tight(hb, n - 1))
            goto done;
    } else {
        *why = "the bound is loose (> 1.1 units in the last printed place)";
        if (!(arb_contains_zero(x) && strcmp(hd, "0") == 0) && !tight(hb, last_place(hd)))
            goto done;
    }
    fail = 0;
done:
    free(hd);
    free(hb);
    return fail;
}

int
main(void)
{
    flint_rand_t state;
    long iters = test_iterations(1000), failures = 0, printed = 0, nulls = 0;
    arb_t x, y;
    test_rand_init(state);
    arb_init(x);
    arb_init(y);
    for (long it = 0; it < iters; it++) {
        slong bits = 2 + (slong) n_randint(state, 4095);
        slong digits = 1 + (slong) n_randint(state, 60);
        slong decimals = (slong) n_randint(state, 40);
        lp_record *rec = lp_record_new("random");
        char *human = NULL, *js;
        size_t hlen = 0;
        FILE *mem;
        json_t *json;
        const char *why = "";
        int fail;

        /* relative fields at any size; absolute ones hold logarithms, so
           their midpoints stay below 2^64 (a fixed-point 10^(10^6) would
           be a million digits long) */
        random_ball(x, state, bits, 3321929);
        random_ball(y, state, bits, n_randint(state, 2) ? 64 : 200);
        lp_record_ball(rec, "value", x, digits);
        lp_record_ball_abs(rec, "log10", y, decimals);
        mem = open_memstream(&human, &hlen);
        lp_record_emit(rec, mem, 0);
        fclose(mem);
        js = lp_record_json(rec);
        json = json_loads(js, 0, NULL);
        fail = json == NULL;
        if (!fail) {
            fail = check_field(x, "value", digits, 0, human, json, &why);
            if (!fail && json_is_string(json_object_get(json, "value")))
                printed++;
            else if (!fail)
                nulls++;
            if (!fail)
                fail = check_field(y, "log10", decimals, 1, human, json, &why);
        }
        if (fail) {
            if (++failures <= 5) {
                printf("# iteration %ld: %s (digits %ld, decimals %ld)\n", it, why,
                       (long) digits, (long) decimals);
                print_ball("value ball", x);
                print_ball("log10 ball", y);
                printf("# human:\n%s# JSON: %s\n", human, js);
            }
        }
        json_decref(json);
        free(js);
        free(human);
        lp_record_free(rec);
    }
    tap_ok(failures == 0, "printed-number contract on %ld random balls (%ld printed, %ld null): "
           "%ld failures", iters, printed, nulls, failures);
    tap_ok(printed > iters / 3 && nulls > 0, "the random balls reach both printed numbers (%ld) "
           "and nulls (%ld)", printed, nulls);
    arb_clear(x);
    arb_clear(y);
    flint_randclear(state);
    flint_cleanup();
    return tap_done();
}
