/* t-channel-contract.c -- the printed-number contract for `channel` and
 * `calibrate`: each subcommand runs as the program runs it (lp_call), its JSON
 * record is parsed, and for every certified number d with bound b the test
 * checks in Arb that [d - b|d|, d + b|d|] contains the true value, from an
 * independent evaluation at 1000 bits (closed forms term by term; for roots,
 * certified signs of the defining function at both printed ends). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "tap.h"
#include "mutant-arb.h"
#include "leakproof.h"
#include "cli/cli.h"

#define PREC 1000
#define ARGS(...) (const char *const[]) { __VA_ARGS__ }, sizeof((const char *const[]) { __VA_ARGS__ }) / sizeof(char *)

static json_t *
run(int want, const char *const *args, size_t n)
{
    char *out = NULL, *err = NULL;
    int st = lp_call(args, n, &out, &err);
    json_t *j = out ? json_loads(out, 0, NULL) : NULL;
    tap_ok(st == want && j != NULL, "%s %s: exit status %d (want %d), a JSON record", args[0], args[1], st, want);
    if (st != want || j == NULL)
        tap_diag("out %s, err %s", out ? out : "-", err ? err : "-");
    lp_free(out);
    lp_free(err);
    return j;
}

static const char *
text(json_t *rec, const char *key)
{
    json_t *v = json_object_get(rec, key);
    return json_is_string(v) ? json_string_value(v) : NULL;
}

/* [d - b|d|, d + b|d|] for the field `key` of rec, or 0 when not printed */
static int
printed(arb_t iv, json_t *rec, const char *key, double *bound)
{
    char bkey[160];
    json_t *b;
    arb_t r;
    snprintf(bkey, sizeof bkey, "%s_rel_error_bound", key);
    b = json_object_get(rec, bkey);
    if (text(rec, key) == NULL || !json_is_number(b))
        return 0;
    *bound = json_number_value(b);
    arb_init(r);
    lp_decimal_arb(iv, text(rec, key), PREC);
    arb_set_d(r, *bound);                       /* a double: exact */
    arb_mul(r, r, iv, PREC);
    arb_abs(r, r);
    arb_add_error(iv, r);
    arb_clear(r);
    return 1;
}

/* the claim ids a description starts with ("[tan/eq15] [tan/eq18] ..."), space-separated */
static void
ids_of(char *ids, size_t len, const char *what)
{
    size_t k = 0;
    ids[0] = '\0';
    while (*what == '[') {
        const char *end = strchr(what, ']');
        if (end == NULL || k + (size_t) (end - what) + 1 >= len)
            break;
        k += (size_t) snprintf(ids + k, len - k, "%s%.*s", k ? " " : "", (int) (end - what - 1), what + 1);
        what = end + 1;
        while (*what == ' ')
            what++;
    }
}

static void
contains(json_t *rec, const char *what, const char *key, const arb_t ref0)
{
    arb_t iv, ref;
    double b = 0;
    char *s, ids[200];
    arb_init(ref);
    arb_set(ref, ref0);
    ids_of(ids, sizeof ids, what);
    if (ids[0])
        lp_mut_arb(ids, ref, PREC);             /* the reference of the claim, mutated */
    s = arb_get_str(ref, 22, 0);
    arb_init(iv);
    tap_ok(rec && printed(iv, rec, key, &b) && arb_contains(iv, ref),
           "%s: printed %s %s +- %.2g rel. contains the reference %s", what, key,
           rec && text(rec, key) ? text(rec, key) : "null", b, s);
    flint_free(s);
    arb_clear(iv);
    arb_clear(ref);
}

/* f(sigma) = 1/2 sum log1p(lambda_i / sigma), term by term */
static void
f_ref(arb_t f, const char *const *lambda, size_t d, const arb_t sigma)
{
    arb_t l, t;
    arb_init(l);
    arb_init(t);
    arb_zero(f);
    for (size_t i = 0; i < d; i++) {
        lp_decimal_arb(l, lambda[i], PREC);
        arb_div(t, l, sigma, PREC);
        arb_log1p(t, t, PREC);
        arb_add(f, f, t, PREC);
    }
    arb_mul_2exp_si(f, f, -1);
    arb_clear(l);
    arb_clear(t);
}

/* the root of a decreasing g lies in the printed interval: g(lower) > 0 > g(upper) */
static void
brackets(json_t *rec, const char *what, const char *key, void (*g)(arb_t, const arb_t, const void *),
         const void *ctx)
{
    arb_t iv, end, v;
    arf_t e;
    double b = 0;
    int ok = 0;
    arb_init(iv); arb_init(end); arb_init(v);
    arf_init(e);
    if (rec && printed(iv, rec, key, &b)) {
        arb_get_lbound_arf(e, iv, PREC);
        arb_set_arf(end, e);
        g(v, end, ctx);
        ok = arb_is_positive(v);
        arb_get_ubound_arf(e, iv, PREC);
        arb_set_arf(end, e);
        g(v, end, ctx);
        ok = ok && arb_is_negative(v);
    }
    tap_ok(ok, "%s: the root lies in the printed %s %s +- %.2g rel. (certified signs at both ends)",
           what, key, rec && text(rec, key) ? text(rec, key) : "null", b);
    arb_clear(iv); arb_clear(end); arb_clear(v);
    arf_clear(e);
}

typedef struct { const char *const *lambda; size_t d; const char *kappa; } natural_ctx;

static void
natural_g(arb_t v, const arb_t sigma, const void *ctx)
{
    const natural_ctx *c = ctx;
    arb_t k;
    arb_init(k);
    f_ref(v, c->lambda, c->d, sigma);
    lp_decimal_arb(k, c->kappa, PREC);
    arb_sub(v, v, k, PREC);
    arb_clear(k);
}

static void
test_capacity(void)
{
    static const char *const ev[] = { "222.21", "85.08", "9.91" }, *const zero[] = { "0" };
    arb_t s, f;
    json_t *r;
    arb_init(s);
    arb_init(f);
    r = run(0, ARGS("channel", "capacity", "--eigenvalues", "222.21,85.08,9.91", "--noise-variance", "0.37"));
    lp_decimal_arb(s, "0.37", PREC);
    f_ref(f, ev, 3, s);
    contains(r, "[tan/eq15] channel capacity", "capacity", f);
    json_decref(r);
    r = run(0, ARGS("channel", "capacity", "--eigenvalues", "222.21,85.08,9.91", "--noise-variance", "1e400",
                    "--digits", "40"));
    lp_decimal_arb(s, "1e400", PREC);
    f_ref(f, ev, 3, s);
    contains(r, "[tan/eq15] channel capacity, noise variance 1e400, 40 digits", "capacity", f);
    json_decref(r);
    r = run(0, ARGS("channel", "capacity", "--eigenvalues", "0", "--noise-variance", "1"));
    lp_decimal_arb(s, "1", PREC);
    f_ref(f, zero, 1, s);
    contains(r, "[tan/eq15] channel capacity of a zero spectrum", "capacity", f);
    json_decref(r);
    arb_clear(s);
    arb_clear(f);
}

static void
test_natural(void)
{
    static const char *const a[] = { "222.21", "85.08", "9.91" }, *const b[] = { "1e160" },
                             *const c[] = { "0", "0.0000343", "2.06801963394e+04" };
    static const struct { const char *const *lambda; size_t d; const char *list, *kappa, *digits; } cases[] = {
        { a, 3, "222.21,85.08,9.91", "1.5", "20" },
        { a, 3, "222.21,85.08,9.91", "50", "90" },
        { b, 1, "1e160", "1", "20" },
        { c, 3, "0,0.0000343,2.06801963394e+04", "6e+02", "30" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        natural_ctx ctx = { cases[i].lambda, cases[i].d, cases[i].kappa };
        json_t *r = run(0, ARGS("channel", "natural", "--eigenvalues", cases[i].list, "--capacity", cases[i].kappa,
                                "--digits", cases[i].digits));
        arb_t k;
        char what[200];
        snprintf(what, sizeof what, "[tan/eq18] channel natural %s kappa=%s digits=%s", cases[i].list, cases[i].kappa,
                 cases[i].digits);
        brackets(r, what, "noise_variance", natural_g, &ctx);
        tap_ok(r && json_integer_value(json_object_get(r, "digits")) == atol(cases[i].digits),
               "%s: all the digits asked are certified", what);
        arb_init(k);
        lp_decimal_arb(k, cases[i].kappa, PREC);
        contains(r, what, "capacity", k);       /* f at the root is kappa */
        arb_clear(k);
        json_decref(r);
    }
}

static void
test_white(void)
{
    static const char *const ev[] = { "3.5", "0", "1e-30" };
    json_t *r = run(0, ARGS("channel", "white", "--eigenvalues", "3.5,0,1e-30", "--capacity", "2.25"));
    json_t *rows = json_object_get(r, "noise_variances");
    arb_t k, den, l, s;
    arb_init(k); arb_init(den); arb_init(l); arb_init(s);
    lp_decimal_arb(k, "2.25", PREC);
    arb_mul_2exp_si(den, k, 1);
    arb_div_ui(den, den, 3, PREC);
    arb_expm1(den, den, PREC);
    for (size_t i = 0; i < 3; i++) {
        char what[80];
        lp_decimal_arb(l, ev[i], PREC);
        arb_div(s, l, den, PREC);
        snprintf(what, sizeof what, "[tan/eq19] channel white: sigma_%zu = lambda/(exp(2 kappa/d) - 1)", i + 1);
        contains(json_array_get(rows, i), what, "noise_variance", s);
    }
    arb_mul_ui(s, k, 2, PREC);                  /* two positive eigenvalues of three: 2 kappa / 3 */
    arb_div_ui(s, s, 3, PREC);
    contains(r, "[tan/eq19] channel white: f at the sigmas = (positive/d) kappa", "capacity", s);
    json_decref(r);
    arb_clear(k); arb_clear(den); arb_clear(l); arb_clear(s);
}

static void
test_dp(void)
{
    arb_t B, S, M, sigma, bound, t;
    json_t *r;
    arb_init(B); arb_init(S); arb_init(M); arb_init(sigma); arb_init(bound); arb_init(t);
    r = run(0, ARGS("channel", "dp", "--batch", "64", "--clip", "1.3", "--noise-multiplier", "0.57"));
    arb_set_ui(B, 64);
    lp_decimal_arb(S, "1.3", PREC);
    lp_decimal_arb(M, "0.57", PREC);
    arb_mul(sigma, M, S, PREC);
    arb_sqr(sigma, sigma, PREC);
    contains(r, "channel dp, multiplier", "noise_variance", sigma);
    arb_sqr(bound, S, PREC);
    arb_mul(bound, bound, B, PREC);
    arb_div(bound, bound, sigma, PREC);
    contains(r, "[tan/thm4] channel dp, multiplier: B S^2/sigma", "bound", bound);
    arb_mul_2exp_si(t, bound, -1);
    contains(r, "channel dp, multiplier: B S^2/(2 sigma)", "capacity", t);
    arb_set_ui(t, 2);
    contains(r, "channel dp, multiplier: bound / capacity", "ratio", t);
    /* Theorem 4 states a bound, not its tightness: bound / capacity >= 1; loose by 2 is a note */
    tap_ok(r && text(r, "ratio") && strtod(text(r, "ratio"), NULL) >= 1,
           "[tan/thm4] Theorem 4's bound is at least the largest capacity its hypotheses allow: the ratio printed "
           "is %s (the bound holds, loose by a factor 2)", r && text(r, "ratio") ? text(r, "ratio") : "null");
    json_decref(r);
    r = run(0, ARGS("channel", "dp", "--batch", "256", "--clip", "1", "--epsilon", "1.705", "--delta", "1e-5",
                    "--digits", "30"));
    /* sigma = 2 ln(1.25/delta) / eps^2, bound = B eps^2 / (2 ln(1.25/delta)) */
    lp_decimal_arb(t, "1.25e5", PREC);
    arb_log(t, t, PREC);
    arb_mul_2exp_si(t, t, 1);
    lp_decimal_arb(M, "1.705", PREC);
    arb_sqr(M, M, PREC);
    arb_div(sigma, t, M, PREC);
    contains(r, "channel dp, (epsilon, delta)", "noise_variance", sigma);
    arb_mul_ui(bound, M, 256, PREC);
    arb_div(bound, bound, t, PREC);
    contains(r, "[tan/thm4/2] channel dp, (epsilon, delta): bound (2)", "bound", bound);
    json_decref(r);
    arb_clear(B); arb_clear(S); arb_clear(M); arb_clear(sigma); arb_clear(bound); arb_clear(t);
}

static void
test_toy(void)
{
    json_t *r = run(0, ARGS("channel", "toy", "--digits", "50"));
    arb_t e2, t;
    arb_init(e2);
    arb_init(t);
    arb_set_ui(e2, 2);
    arb_expm1(e2, e2, PREC);
    arb_inv(t, e2, PREC);
    contains(r, "[tan/sec5.2/toy] channel toy", "noise_variance_data", t);
    contains(r, "channel toy", "noise_variance_data_text", t);
    arb_mul_ui(t, t, 16, PREC);
    contains(r, "[tan/sec5.2/toy] channel toy", "noise_variance_gradient", t);
    contains(r, "channel toy", "noise_variance_gradient_text", t);
    arb_mul_ui(t, e2, 9, PREC);                 /* 1/2 ln(1 + 144 / (16/(e^2-1))) */
    arb_log1p(t, t, PREC);
    arb_mul_2exp_si(t, t, -1);
    contains(r, "[tan/sec5.2/toy] channel toy: the next step's capacity under gradient noise", "capacity_next_step_gradient_noise", t);
    arb_one(t);
    contains(r, "[tan/sec5.2/toy] channel toy: under data noise", "capacity_next_step_data_noise", t);
    json_decref(r);
    arb_clear(e2);
    arb_clear(t);
}

/* delta(sigma) - delta for the analytic Gaussian mechanism at sensitivity 1,
 * written out here again: Phi(1/(2s) - eps s) - e^eps Phi(-1/(2s) - eps s) */
typedef struct { const char *eps, *delta; } calib_ctx;

static void
phi(arb_t r, const arb_t x)
{
    arb_t t;
    arb_init(t);
    arb_sqrt_ui(t, 2, PREC);
    arb_div(t, x, t, PREC);
    arb_neg(t, t);
    arb_hypgeom_erfc(r, t, PREC);
    arb_mul_2exp_si(r, r, -1);
    arb_clear(t);
}

static void
delta_of(arb_t v, const arb_t s, const char *eps)
{
    arb_t e, a, b, p;
    arb_init(e); arb_init(a); arb_init(b); arb_init(p);
    lp_decimal_arb(e, eps, PREC);
    arb_inv(a, s, PREC);
    arb_mul_2exp_si(a, a, -1);
    arb_mul(b, e, s, PREC);
    arb_sub(p, a, b, PREC);
    phi(v, p);
    arb_add(p, a, b, PREC);
    arb_neg(p, p);
    phi(p, p);
    arb_exp(e, e, PREC);
    arb_mul(p, p, e, PREC);
    arb_sub(v, v, p, PREC);
    arb_clear(e); arb_clear(a); arb_clear(b); arb_clear(p);
}

static void
calib_g(arb_t v, const arb_t s, const void *ctx)
{
    const calib_ctx *c = ctx;
    arb_t d;
    arb_init(d);
    delta_of(v, s, c->eps);
    lp_decimal_arb(d, c->delta, PREC);
    arb_sub(v, v, d, PREC);
    arb_clear(d);
}

static void
test_calibrate(void)
{
    static const calib_ctx cases[] = { { "1", "1e-5" }, { "0.3", "0.99999999999999999999" }, { "1e-100", "1e-5" },
                                       { "40", "1e-12" } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_t *r = run(0, ARGS("calibrate", "gaussian", "--epsilon", cases[i].eps, "--delta", cases[i].delta,
                                "--sensitivity", "1", "--digits", "25"));
        arb_t s, t;
        char what[120];
        arb_init(s);
        arb_init(t);
        snprintf(what, sizeof what, "calibrate gaussian eps=%s delta=%s", cases[i].eps, cases[i].delta);
        lp_decimal_arb(t, cases[i].delta, PREC);          /* sqrt(2 ln(1.25/delta)) / eps */
        lp_decimal_arb(s, "1.25", PREC);
        arb_div(t, s, t, PREC);
        arb_log(t, t, PREC);
        arb_mul_2exp_si(t, t, 1);
        arb_sqrt(t, t, PREC);
        lp_decimal_arb(s, cases[i].eps, PREC);
        arb_div(s, t, s, PREC);
        contains(r, what, "sigma_classical", s);
        delta_of(t, s, cases[i].eps);
        contains(r, what, "delta_at_sigma_classical", t);
        brackets(r, what, "sigma_analytic", calib_g, &cases[i]);
        json_decref(r);
        arb_clear(s);
        arb_clear(t);
    }
}

/* personalized prints doubles, no certified number: it says so, and its
 * noise variance solves the proof's equation, checked with a certified
 * log-determinant of the exact matrix */
static void
test_personalized(const char *srcdir)
{
    char cov[512], beta[512];
    json_t *r;
    snprintf(cov, sizeof cov, "%s/cases/tan/cov-4.csv", srcdir);
    snprintf(beta, sizeof beta, "%s/cases/tan/beta-4.csv", srcdir);
    r = run(0, ARGS("channel", "personalized", "--covariance", cov, "--beta", beta, "--capacity", "1"));
    {
        const char *key;
        json_t *v;
        int balls = 0;
        json_object_foreach(r, key, v)
            balls += strstr(key, "error_bound") != NULL;
        tap_ok(r && balls == 0 && json_is_false(json_object_get(r, "certified")),
               "channel personalized: no certified number printed, certified: false");
    }
    {
        size_t nc, nb, rows, beta_rows;
        long cols;
        char err[300], **tc = lp_read_numbers(cov, &nc, &rows, &cols, err, sizeof err);
        char **tb = lp_read_numbers(beta, &nb, &beta_rows, &cols, err, sizeof err);
        double sd = json_number_value(json_object_get(r, "noise_variance"));
        arb_mat_t A;
        arb_t s, det, t, g;
        arb_mat_init(A, rows, rows);
        arb_init(s); arb_init(det); arb_init(t); arb_init(g);
        arb_set_d(s, sd);
        for (size_t i = 0; i < rows; i++)
            for (size_t j = 0; j < rows; j++)
                lp_decimal_arb(arb_mat_entry(A, i, j), tc[i * rows + j], PREC);
        arb_zero(g);
        for (size_t i = 0; i < rows; i++) {
            lp_decimal_arb(t, tb[i], PREC);
            arb_mul(t, t, s, PREC);
            arb_add(arb_mat_entry(A, i, i), arb_mat_entry(A, i, i), t, PREC);
            arb_log(t, t, PREC);
            arb_sub(g, g, t, PREC);
        }
        arb_mat_det(det, A, PREC);
        arb_log(det, det, PREC);
        arb_add(g, g, det, PREC);
        arb_mul_2exp_si(g, g, -1);
        arb_sub_ui(g, g, 1, PREC);
        tap_ok(sd > 0 && arb_is_finite(g) && arf_cmpabs_2exp_si(arb_midref(g), -30) < 0,
               "channel personalized: the printed noise variance %.17g solves 1/2[ln det(S + s diag b) - sum "
               "ln(s b_i)] = 1 to %.2g (certified log-det)", sd, arf_get_d(arb_midref(g), ARF_RND_NEAR));
        lp_free_texts(tc, nc);
        lp_free_texts(tb, nb);
        arb_mat_clear(A);
        arb_clear(s); arb_clear(det); arb_clear(t); arb_clear(g);
    }
    json_decref(r);
}

int
main(void)
{
    const char *srcdir = getenv("srcdir") ? getenv("srcdir") : ".";
    test_capacity();
    test_natural();
    test_white();
    test_dp();
    test_toy();
    test_calibrate();
    test_personalized(srcdir);
    flint_cleanup();
    return tap_done();
}
