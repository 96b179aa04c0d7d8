/* t-contract.c -- the printed-number contract, per command: for every
 * certified number a command prints in JSON (a key K beside K_rel_error_bound,
 * K_abs_error_bound, or value beside rel_error_bound), the true value lies in
 * [d - b|d|, d + b|d|] (or [d - b, d + b]).  Each command runs twice through
 * lp_call, at --digits D and at D + 25; the second run's interval, far
 * narrower, must lie inside the first's -- a check that the first bound covers
 * the rounding of its printed decimal, not only the internal ball, done in
 * Arb from the texts as printed (the bound as the double a script reads). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "leakproof.h"
#include "tap.h"

static int checked;

/* The interval a printed pair claims. */
static int
claimed(arb_t out, const char *d, double b, int absolute)
{
    arb_t w;
    if (!lp_decimal_valid(d))
        return -1;
    arb_init(w);
    lp_decimal_arb(out, d, 512);
    arb_set_d(w, b);
    if (!absolute)
        arb_mul(w, w, out, 512);
    arb_abs(w, w);
    arb_add_error(out, w);
    arb_clear(w);
    return 0;
}

static const char *
bound_key_of(const char *key, int absolute, char *buf, size_t len)
{
    if (!absolute && strcmp(key, "value") == 0)
        return "rel_error_bound";
    snprintf(buf, len, "%s_%s_error_bound", key, absolute ? "abs" : "rel");
    return buf;
}

/* Walks lo and hi (the same record at two precisions) in parallel. */
static void
walk(json_t *lo, json_t *hi, const char *path, const char *what, int *bad)
{
    const char *key;
    json_t *v;
    if (json_is_array(lo) && json_is_array(hi)) {
        for (size_t i = 0; i < json_array_size(lo) && i < json_array_size(hi); i++) {
            char p[400];
            snprintf(p, sizeof p, "%s[%zu]", path, i);
            walk(json_array_get(lo, i), json_array_get(hi, i), p, what, bad);
        }
        return;
    }
    if (!json_is_object(lo) || !json_is_object(hi))
        return;
    json_object_foreach(lo, key, v) {
        char p[400], bk[200];
        snprintf(p, sizeof p, "%s.%s", path, key);
        if (json_is_object(v) || json_is_array(v)) {
            walk(v, json_object_get(hi, key), p, what, bad);
            continue;
        }
        if (!json_is_string(v))
            continue;
        for (int absolute = 0; absolute <= 1; absolute++) {
            const char *bkey = bound_key_of(key, absolute, bk, sizeof bk);
            json_t *b = json_object_get(lo, bkey);
            json_t *hv = json_object_get(hi, key);
            json_t *hb = json_object_get(hi, bkey);
            arb_t a, c;
            if (b == NULL)
                continue;
            if (!json_is_number(b) || !json_is_string(hv) || !json_is_number(hb)) {
                if (!json_is_null(b))
                    (*bad)++, tap_diag("%s: %s has a bound but no certified counterpart", what, p);
                continue;
            }
            arb_init(a);
            arb_init(c);
            if (claimed(a, json_string_value(v), json_number_value(b), absolute) != 0
                || claimed(c, json_string_value(hv), json_number_value(hb), absolute) != 0) {
                (*bad)++;
                tap_diag("%s: %s is not a decimal: '%s'", what, p, json_string_value(v));
            } else if (!arb_contains(a, c)) {
                (*bad)++;
                tap_diag("%s: %s = %s +- %.3g%s does not hold %s +- %.3g", what, p,
                         json_string_value(v), json_number_value(b), absolute ? "" : " rel",
                         json_string_value(hv), json_number_value(hb));
            }
            checked++;
            arb_clear(a);
            arb_clear(c);
        }
    }
}

static json_t *
run(const char *const *args, size_t n, int *rc)
{
    char *out = NULL, *err = NULL;
    json_t *j = NULL;
    json_error_t e;
    *rc = lp_call(args, n, &out, &err);
    if (out)
        j = json_loads(out, 0, &e);
    lp_free(out);
    lp_free(err);
    return j;
}

/* One command line (NULL-terminated) at two precisions. */
static void
contract(const char *digits, const char *const *cmdline)
{
    const char *args[40];
    char hi_digits[16], what[300] = "";
    size_t n = 0;
    int rc_lo, rc_hi, bad = 0, before = checked;
    json_t *lo, *hi;
    for (; cmdline[n]; n++) {
        args[n] = cmdline[n];
        snprintf(what + strlen(what), sizeof what - strlen(what), "%s%s", n ? " " : "", cmdline[n]);
    }
    snprintf(hi_digits, sizeof hi_digits, "%d", atoi(digits) + 25);
    args[n] = "--digits";
    args[n + 1] = digits;
    lo = run(args, n + 2, &rc_lo);
    args[n + 1] = hi_digits;
    hi = run(args, n + 2, &rc_hi);
    if (lo && hi)
        walk(lo, hi, "", what, &bad);
    tap_ok(rc_lo == 0 && rc_hi == 0 && lo && hi && bad == 0 && checked > before,
           "printed-number contract: leakproof %s --digits %s: %d certified numbers, each "
           "inside its own printed bound at %s digits (exit %d, %d)",
           what, digits, checked - before, hi_digits, rc_lo, rc_hi);
    json_decref(lo);
    json_decref(hi);
}

#define CASE(d, ...) do { const char *a[] = { __VA_ARGS__, NULL }; contract(d, a); } while (0)

/* The walker itself must catch the old defect: a 10-digit decimal printed
 * with the internal ball's radius as its bound. */
static void
self_check(void)
{
    json_error_t e;
    json_t *lo = json_loads("{\"value\":\"6.578063881e+0\",\"rel_error_bound\":1.35583e-16}", 0, &e);
    json_t *hi = json_loads("{\"value\":\"6.57806388059831911391156128747e+0\","
                            "\"rel_error_bound\":5.7e-31}", 0, &e);
    int bad = 0;
    walk(lo, hi, "", "self-check", &bad);
    tap_ok(bad == 1, "the contract check rejects a rounded decimal whose bound is only the ball's radius "
           "(6.578063881e+0 +- 1.36e-16 rel)");
    json_decref(lo);
    json_decref(hi);
}

/* verify prints its arb values as balls of 10 digits: each must hold the
 * value eval gives at 40 digits for the same form and parameters. */
static void
verify_contract(void)
{
    static const char cases[] = "gauss p=2 sigma=0.5 radius=1 samples=4000 seed=1\n"
                                "vmf p=3 kappa=2 samples=4000 seed=2\n"
                                "laplace-l1 p=2 b=0.5 radius=1 samples=4000 seed=3\n"
                                "gauss-layers layers=2,3 sigma=1 clip=1 samples=4000 seed=4\n";
    char path[] = "/tmp/t-contract-XXXXXX";
    int fd = mkstemp(path), rc, bad = 0, before = checked, values = 0;
    json_t *rec, *checks, *row;
    size_t i;
    if (fd < 0 || write(fd, cases, sizeof cases - 1) != (ssize_t) (sizeof cases - 1)) {
        tap_ok(0, "printed-number contract: verify --json (could not write a case file)");
        return;
    }
    close(fd);
    {
        const char *args[] = { "verify", "--json", path };
        rec = run(args, 3, &rc);
    }
    checks = json_object_get(rec, "checks");
    json_array_foreach(checks, i, row) {
        const char *args[40], *method = json_string_value(json_object_get(row, "method"));
        static const char *const keys[] = { "sigma", "radius", "kappa", "b", "clip" };
        char pbuf[32], layers[200] = "";
        size_t n = 0;
        json_t *hi, *lo, *lay = json_object_get(row, "layers"), *v;
        int rc2;
        if (method == NULL || strcmp(method, "arb") != 0 || !json_is_string(json_object_get(row, "value")))
            continue;
        args[n++] = "eval";
        args[n++] = json_string_value(json_object_get(row, "mechanism"));
        args[n++] = "--form";
        args[n++] = json_string_value(json_object_get(row, "form"));
        if (json_is_integer(json_object_get(row, "p")) && lay == NULL) {
            snprintf(pbuf, sizeof pbuf, "%lld", (long long) json_integer_value(json_object_get(row, "p")));
            args[n++] = "--p";
            args[n++] = pbuf;
        }
        if (lay) {
            size_t l;
            json_array_foreach(lay, l, v)
                snprintf(layers + strlen(layers), sizeof layers - strlen(layers), "%s%lld", l ? "," : "",
                         (long long) json_integer_value(v));
            args[n++] = "--layers";
            args[n++] = layers;
        }
        for (size_t k = 0; k < sizeof keys / sizeof *keys; k++)
            if (json_is_string(json_object_get(row, keys[k]))) {
                static char opt[5][16];
                snprintf(opt[k], sizeof opt[k], "--%s", keys[k]);
                args[n++] = opt[k];
                args[n++] = json_string_value(json_object_get(row, keys[k]));
            }
        args[n++] = "--digits";
        args[n++] = "40";
        args[n++] = "--json";
        hi = run(args, n, &rc2);
        lo = json_pack("{s:O, s:O}", "value", json_object_get(row, "value"), "rel_error_bound",
                       json_object_get(row, "rel_error_bound"));
        if (rc2 != 0 || hi == NULL)
            bad++;
        else
            walk(lo, hi, "", "verify --json", &bad);
        values++;
        json_decref(lo);
        json_decref(hi);
    }
    tap_ok(rc == 0 && rec && values >= 5 && bad == 0 && checked - before == values,
           "printed-number contract: leakproof verify --json: %d arb values (10 digits), each inside its "
           "printed bound against eval at 40 digits (exit %d, %d bad)", values, rc, bad);
    json_decref(rec);
    unlink(path);
}

int
main(void)
{
    self_check();
    /* eval: every certified form, small and huge p, few and many digits */
    CASE("10", "eval", "gauss", "--p", "5", "--sigma", "1", "--radius", "1");
    CASE("3", "eval", "gauss", "--p", "13700", "--sigma", "1", "--radius", "1", "--form", "printed");
    CASE("30", "eval", "gauss", "--p", "2147483647", "--sigma", "0.7", "--radius", "1.3");
    CASE("7", "eval", "gauss", "--p", "300", "--sigma", "2", "--radius", "1", "--form", "steiner");
    CASE("12", "eval", "vmf", "--p", "13700", "--kappa", "173", "--form", "printed");
    CASE("1", "eval", "vmf", "--p", "3", "--kappa", "0.001");
    CASE("15", "eval", "laplace-l1", "--p", "3479427", "--b", "0.1", "--radius", "1");
    CASE("8", "eval", "gauss-layers", "--sigma", "1", "--clip", "1", "--layers", "456,2416,48120,10164,850");
    CASE("6", "eval", "gauss", "--p", "13700", "--noise-multiplier", "1.1", "--clip", "1");
    /* the other commands that print certified numbers */
    CASE("20", "channel", "natural", "--eigenvalues", "222.21,85.08,9.91", "--capacity", "1.5");
    CASE("15", "calibrate", "gaussian", "--epsilon", "1", "--delta", "1e-5");
    CASE("10", "channel", "dp", "--batch", "64", "--clip", "1", "--noise-multiplier", "0.8");
    CASE("8", "account", "--noise-multiplier", "0.8", "--sampling-rate", "0.001", "--steps", "25000",
         "--delta", "1e-5");
    CASE("6", "account", "--noise-multiplier", "0.8", "--stated-epsilon", "1.705", "--batch", "64",
         "--epochs", "25", "--delta", "1e-5");
    /* dp (src/privacy): profile, least epsilon, Renyi curve */
    CASE("10", "dp", "vmf", "--p", "13700", "--kappa", "173", "--delta", "1e-5");
    CASE("8", "dp", "vmf", "--p", "13700", "--kappa", "173", "--epsilon", "16");
    CASE("12", "dp", "gauss", "--p", "13700", "--sigma", "1", "--radius", "1", "--delta", "1e-5");
    CASE("6", "dp", "gauss", "--p", "5", "--sigma", "0.5", "--sensitivity", "1", "--epsilon", "1");
    CASE("10", "dp", "laplace-l1", "--p", "10", "--b", "1", "--radius", "1", "--order", "2.5");
    CASE("10", "dp", "vmf", "--p", "134000000", "--kappa", "173", "--order", "2");
    CASE("10", "calibrate", "vmf", "--p", "13700", "--epsilon", "16", "--delta", "1e-5");
    /* vmf at chordal distance S < 2 (vmf_chordal_arb.c) */
    CASE("8", "dp", "vmf", "--p", "13700", "--kappa", "173", "--sensitivity", "1", "--delta", "1e-5");
    /* (delta is printed to at most 10 digits, at 30 too: the reference's own
     * rounding, 5e-11, must stay well inside the bound checked) */
    CASE("5", "dp", "vmf", "--p", "5", "--kappa", "1", "--sensitivity", "0.5", "--epsilon", "0.3");
    CASE("6", "calibrate", "vmf", "--p", "50", "--sensitivity", "1", "--epsilon", "3", "--delta", "1e-5");
    CASE("10", "calibrate", "laplace-l1", "--radius", "1", "--epsilon", "1", "--delta", "1e-5");
    verify_contract();
    flint_cleanup();
    return tap_done();
}
