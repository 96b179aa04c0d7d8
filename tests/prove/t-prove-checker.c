/* t-prove-checker.c -- the prover and the checker shown able to fail.
 * - Tampered certificates: the checker must reject every one (a box removed, a box widened
 *   past the domain, a closure it does not have, an overlap, a gap, a claim or a domain or a
 *   relation that is not the statement's, an exact method that does not fit, no end), and
 *   random tampering of random boxes.
 * - Claims known false (mutants of the proved ones): the prover must find a counterexample box,
 *   and the checker must accept it; a forged counterexample of a true claim must be rejected;
 *   false exact statements must stay unproved.
 * - Random claims with a known answer (Arb's habit): quadratics in one and two parameters whose
 *   least value is known exactly, proved or refuted as that value says; random polynomial
 *   identities and sign claims, proved or not as their construction says. */
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "helpers.h"
#include "prove/prove.h"

/* ---- certificates in memory -------------------------------------------------------------- */
static char *
certificate(const lp_stmt *s, lp_prove_result *result)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    lp_cert *c = lp_prove(s, NULL);
    *result = lp_cert_result(c);
    lp_cert_write(c, f);
    fclose(f);
    lp_cert_free(c);
    return buf;
}

static int
check_text(const char *text, const lp_stmt *extra, size_t nextra, lp_check_result *r)
{
    FILE *f = fmemopen((void *) text, strlen(text), "r");
    int ok = lp_check_cert_in(r, f, "(memory)", extra, nextra);
    fclose(f);
    return ok;
}

/* text with the first occurrence of from replaced by to (a new string) */
static char *
replace(const char *text, const char *from, const char *to)
{
    const char *p = strstr(text, from);
    char *out;
    if (p == NULL)
        return strdup(text);
    out = malloc(strlen(text) + strlen(to) + 1);
    memcpy(out, text, (size_t) (p - text));
    strcpy(out + (p - text), to);
    strcat(out, p + strlen(from));
    return out;
}

/* the n-th "box: " line of text (0-based), as a copy with its newline */
static char *
box_line(const char *text, int n)
{
    const char *p = text;
    for (int k = 0; (p = strstr(p, "\nbox: ")) != NULL; k++, p++)
        if (k == n) {
            const char *e = strchr(p + 1, '\n');
            return strndup(p + 1, (size_t) (e - p));
        }
    return NULL;
}

static int
count_boxes(const char *text)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, "\nbox: ")) != NULL; p++)
        n++;
    return n;
}

/* the certificate less box line n, its count lowered by one */
static char *
without_box(const char *text, int n)
{
    char *line = box_line(text, n), *a, *b, from[32], to[32];
    int k = count_boxes(text);
    a = replace(text, line, "");
    snprintf(from, sizeof from, "boxes: %d\n", k);
    snprintf(to, sizeof to, "boxes: %d\n", k - 1);
    b = replace(a, from, to);
    free(a);
    free(line);
    return b;
}

static void
rejected(const char *what, const char *text)
{
    lp_check_result r;
    int ok = check_text(text, NULL, 0, &r);
    tap_ok(!ok, "the checker rejects %s: %s", what, ok ? "accepted" : r.why);
}

static void
tampering(void)
{
    lp_prove_result res;
    const lp_stmt *inc = lp_stmt_find("tan/B.5/increasing"), *cal = lp_stmt_find("tan/B.5/calibration");
    const lp_stmt *uprime = lp_stmt_find("tan/B.5/u-prime");
    char *c = certificate(inc, &res), *t, *line;
    lp_check_result r;
    int n = count_boxes(c), all = 1;
    tap_ok(res == LP_PROVED && check_text(c, NULL, 0, &r) && n >= 3,
           "control: tan/B.5/increasing's certificate, %d boxes, is accepted (%s)", n, r.why);
    for (int k = 0; k < n; k++) {                   /* every box removed in turn */
        t = without_box(c, k);
        all = all && !check_text(t, NULL, 0, &r);
        free(t);
    }
    tap_ok(all, "the checker rejects the certificate with any one of its %d boxes removed", n);
    line = box_line(c, n - 1);                      /* the box at the domain's lower end, [0, w] */
    t = replace(c, "box: [0, ", "box: [-1, ");
    rejected("a box widened past the domain's lower end 0", t);
    free(t);
    t = replace(c, " taylor a 2 lo", " interval");
    rejected("a Taylor closure claimed as a plain interval one", t);
    free(t);
    t = replace(c, " taylor a 2 lo", " taylor a 1 hi");
    rejected("a Taylor closure at the wrong end and order", t);
    free(t);
    {
        char from[32], to[32], *a;
        snprintf(from, sizeof from, "boxes: %d\n", n);
        snprintf(to, sizeof to, "boxes: %d\n", n + 1);
        a = replace(c, from, to);
        t = malloc(strlen(a) + strlen(line) + 1);
        {
            char *e = strstr(a, "end\n");
            memcpy(t, a, (size_t) (e - a));
            strcpy(t + (e - a), line);
            strcat(t, "end\n");
        }
        rejected("a box listed twice (an overlap)", t);
        free(t);
        free(a);
    }
    t = replace(c, "box: [1/4, 5/8]", "box: [3/10, 5/8]");
    rejected(strcmp(t, c) ? "a gap between two boxes" : "a gap (no box [1/4, 5/8] to shrink)", t);
    free(t);
    t = replace(c, "claims: tan/B.5/increasing", "claims: tan/B.5/increasing tan/thm4");
    rejected("a claim the statement does not serve", t);
    free(t);
    t = replace(c, "domain: a in [0, inf)", "domain: a in [0, 100]");
    rejected("a domain that is not the statement's", t);
    free(t);
    t = replace(c, "relation: >=", "relation: >");
    rejected("a relation that is not the statement's", t);
    free(t);
    t = replace(c, "end\n", "");
    rejected("a certificate cut short", t);
    free(t);
    t = replace(c, "result: proved", "result: counterexample");
    rejected("a cover presented as a counterexample", t);
    free(t);
    free(line);
    free(c);
    /* the two-parameter certificate: every box removed, every box grown */
    c = certificate(cal, &res);
    n = count_boxes(c);
    all = res == LP_PROVED && check_text(c, NULL, 0, &r);
    for (int k = 0; k < n; k++) {
        t = without_box(c, k);
        all = all && !check_text(t, NULL, 0, &r);
        free(t);
    }
    tap_ok(all, "tan/B.5/calibration (eps, c): accepted, and rejected with any one of its %d boxes removed", n);
    free(c);
    c = certificate(uprime, &res);
    t = replace(c, "method: identity", "method: sign");
    rejected("an exact certificate naming a method that does not fit its relation", t);
    free(t);
    free(c);
}

/* ---- claims known false -------------------------------------------------------------------- */
static void
m_log1p_ge_x(arb_poly_t m, const arb_poly_struct *x, slong len, slong prec)
{
    arb_poly_log1p_series(m, x, len, prec);         /* ln(1 + x) - x >= 0: false for x > 0 */
    arb_poly_sub(m, m, x, prec);
}

static void
m_u_prime_shifted(arb_poly_t m, const arb_poly_struct *x, slong len, slong prec)
{
    arb_poly_t t, one;
    arb_poly_init(t);
    arb_poly_init(one);
    arb_poly_add_si(one, x, 1, prec);
    arb_poly_log1p_series(m, x, len, prec);
    arb_poly_div_series(t, x, one, len, prec);
    arb_poly_sub(m, m, t, prec);
    arb_poly_zero(t);
    arb_poly_set_coeff_si(t, 0, 1);
    arb_poly_scalar_mul_2exp_si(t, t, -20);          /* the margin less 2^-20 */
    arb_poly_sub(m, m, t, prec);
    arb_poly_clear(one);
    arb_poly_clear(t);
}

static void
m_chord_arc_scaled(arb_poly_t m, const arb_poly_struct *x, slong len, slong prec)
{
    arb_poly_t h;
    arb_t k;
    arb_poly_init(h);
    arb_init(k);
    arb_poly_scalar_mul_2exp_si(h, x, -1);
    arb_poly_sin_series(m, h, len, prec);
    arb_set_si(k, 2001);
    arb_div_si(k, k, 1000, prec);                   /* theta - 2.001 sin(theta/2) */
    arb_poly_scalar_mul(m, m, k, prec);
    arb_poly_sub(m, x, m, prec);
    arb_clear(k);
    arb_poly_clear(h);
}

static void
m_log1p(arb_poly_t m, const arb_poly_struct *x, slong len, slong prec)
{
    arb_poly_log1p_series(m, x, len, prec);
}

static const lp_box_stmt box_false1 = { 1, { { "x", "0", "4", 0, 0, 0 } }, LP_REL_GE, m_log1p_ge_x, NULL, NULL };
static const lp_box_stmt box_false2 = { 1, { { "a", "0", "8", 0, 0, 0 } }, LP_REL_GE, m_u_prime_shifted, NULL, NULL };
static const lp_box_stmt box_false3 = { 1, { { "t", "0", "4", 0, 0, 0 } }, LP_REL_GE, m_chord_arc_scaled, NULL, NULL };
/* > at a closed end where the margin is 0 */
static const lp_box_stmt box_false4 = { 1, { { "r", "0", "3", 0, 0, 0 } }, LP_REL_GT, m_log1p, NULL, NULL };
static const lp_box_stmt box_true = { 1, { { "r", "0", "3", 0, 0, 1 } }, LP_REL_GT, m_log1p, NULL, NULL };

#define EXACT(rel, vars, lhs, rhs, sos) (&(const lp_exact_stmt) { rel, vars, lhs, rhs, sos, NULL })
static const lp_stmt mutants[] = {
    { "test/ln(1+x)>=x", "test/a", LP_EXPECT_PROOF, "ln(1 + x) >= x", "x in [0, 4]", &box_false1, NULL },
    { "test/u'-2^-20", "test/a", LP_EXPECT_PROOF, "u' >= 2^-20", "a in [0, 8]", &box_false2, NULL },
    { "test/chord-2.001", "test/a", LP_EXPECT_PROOF, "t >= 2.001 sin(t/2)", "t in [0, 4]", &box_false3, NULL },
    { "test/ln(1+r)>0-closed", "test/a", LP_EXPECT_PROOF, "ln(1 + r) > 0", "r in [0, 3]", &box_false4, NULL },
    { "test/ln(1+r)>0-open", "test/a", LP_EXPECT_PROOF, "ln(1 + r) > 0", "r in (0, 3]", &box_true, NULL },
    { "test/u-prime-1", "test/a", LP_EXPECT_PROOF, "u' without its -1", "d, sigma, S > 0", NULL,
      EXACT(LP_REL_EQ, "+d; +sigma; +S; L = log((sigma + S^2/d)/sigma)", "diff(d*L, d)", "L + sigma/(sigma + S^2/d)", NULL) },
    { "test/capacity-sigma>0", "test/a", LP_EXPECT_PROOF, "dC/dsigma > 0", "positive", NULL,
      EXACT(LP_REL_GT, "+d; +lambda; +sigma; L = log((lambda + sigma)/sigma)", "diff(d/2*L, sigma)", "0", NULL) },
    { "test/amgm-wrong-weight", "test/a", LP_EXPECT_PROOF, "AM-GM, a wrong weight", "a, b > 0", NULL,
      EXACT(LP_REL_GE, "+a; +b", "((a + b)/2)^2", "a*b", "1/2 | a - b") },
    { "test/amgm-negative-weight", "test/a", LP_EXPECT_PROOF, "a negative weight", "a, b > 0", NULL,
      EXACT(LP_REL_GE, "+a; +b", "((a + b)/2)^2 - (a - b)^2/2", "a*b", "-1/4 | a - b") },
    { "test/inner-no-T", "test/a", LP_EXPECT_PROOF, "B.2's inner step without 2^(p/2)", "positive", NULL,
      EXACT(LP_REL_EQ, "+P; +T; +Sg; +Rp; +G1", "(P*Rp/G1)/(P*Sg)", "Rp/(G1*T*Sg)", NULL) },
};
#define NMUTANTS (sizeof mutants / sizeof mutants[0])

static void
false_claims(void)
{
    for (size_t i = 0; i < NMUTANTS; i++) {
        lp_prove_result res;
        lp_check_result r;
        char *c = certificate(&mutants[i], &res);
        int ok = check_text(c, mutants, NMUTANTS, &r);
        if (mutants[i].exact)
            tap_ok(res == LP_UNDECIDED && !ok, "false exact claim %s: not proved, and the checker agrees (%s)",
                   mutants[i].key, r.why);
        else if (strcmp(mutants[i].key, "test/ln(1+r)>0-open") == 0)
            tap_ok(res == LP_PROVED && ok, "control: %s on the open end is proved (%s)", mutants[i].key, r.why);
        else {
            const char *box = strstr(c, "counterexample: ");
            int len = box ? (int) strcspn(box + 16, "\n") : 4;
            tap_ok(res == LP_COUNTEREXAMPLE && ok && r.result == LP_COUNTEREXAMPLE,
                   "false claim %s: a counterexample box the checker certifies (%.*s; %s)", mutants[i].key,
                   len, box ? box + 16 : "none", r.why);
        }
        free(c);
    }
    {   /* a forged counterexample of a true claim */
        lp_prove_result res;
        lp_check_result r;
        char *c = certificate(lp_stmt_find("tan/B.5/increasing"), &res), *t;
        char *e = strstr(c, "boxes: ");
        strcpy(e, "counterexample: [1, 2] prec 64\nend\n");
        t = replace(c, "result: proved", "result: counterexample");
        tap_ok(!check_text(t, NULL, 0, &r), "the checker rejects a forged counterexample [1, 2] of "
               "tan/B.5/increasing: %s", r.why);
        free(t);
        free(c);
    }
}

/* ---- random claims with a known answer ------------------------------------------------------ */
static fmpq_t qa, qb, qe;           /* the random quadratic's centre and offset (one test thread) */

static void
m_quadratic(arb_poly_t m, const arb_poly_struct *x, slong len, slong prec)
{
    arb_poly_t t, u;
    arb_t c;
    arb_poly_init(t);
    arb_poly_init(u);
    arb_init(c);
    arb_set_fmpq(c, qa, prec);
    arb_poly_zero(t);
    arb_poly_set_coeff_arb(t, 0, c);
    arb_poly_sub(t, x, t, prec);
    arb_poly_mullow(m, t, t, len, prec);            /* (x - a)^2 */
    arb_set_fmpq(c, qb, prec);
    arb_poly_zero(t);
    arb_poly_set_coeff_arb(t, 0, c);
    arb_poly_sub(t, x + 1, t, prec);
    arb_poly_mullow(u, t, t, len, prec);
    arb_poly_add(m, m, u, prec);                    /* + (y - b)^2 */
    arb_set_fmpq(c, qe, prec);
    arb_poly_zero(t);
    arb_poly_set_coeff_arb(t, 0, c);
    arb_poly_add(m, m, t, prec);                    /* + e */
    arb_clear(c);
    arb_poly_clear(u);
    arb_poly_clear(t);
}

/* the least of (t - c)^2 over [0, 2] */
static void
dist2(fmpq_t d, const fmpq_t c)
{
    fmpq_t t;
    fmpq_init(t);
    if (fmpq_sgn(c) < 0)
        fmpq_set(t, c);
    else if (fmpq_cmp_si(c, 2) > 0)
        fmpq_sub_si(t, c, 2);
    fmpq_mul(d, t, t);
    fmpq_clear(t);
}

static void
random_claims(flint_rand_t state)
{
    long n = test_iterations(40), agree = 0, decided = 0;
    static const lp_box_stmt quad = { 2, { { "x", "0", "2", 0, 0, 0 }, { "y", "0", "2", 0, 0, 0 } }, LP_REL_GT,
                                      m_quadratic, NULL, NULL };
    const lp_stmt s = { "test/quadratic", "test/a", LP_EXPECT_PROOF, "(x - a)^2 + (y - b)^2 + e > 0",
                        "x, y in [0, 2]", &quad, NULL };
    fmpq_init(qa);
    fmpq_init(qb);
    fmpq_init(qe);
    for (long i = 0; i < n; i++) {
        fmpq_t least, t;
        lp_prove_result res;
        lp_check_result r;
        char *c;
        int truth;
        fmpq_init(least);
        fmpq_init(t);
        fmpq_set_si(qa, (slong) n_randint(state, 41) - 10, 8);     /* in [-1.25, 3.75] */
        fmpq_set_si(qb, (slong) n_randint(state, 41) - 10, 8);
        fmpq_set_si(qe, (slong) n_randint(state, 33) - 16, 16);
        if (fmpq_is_zero(qe))
            fmpq_set_si(qe, 1, 16);
        dist2(least, qa);
        dist2(t, qb);
        fmpq_add(least, least, t);
        fmpq_add(least, least, qe);                 /* the exact least value of the margin */
        truth = fmpq_sgn(least);
        c = certificate(&s, &res);
        if (truth != 0) {
            int ok = check_text(c, &s, 1, &r);
            decided++;
            agree += ok && ((truth > 0 && res == LP_PROVED) || (truth < 0 && res == LP_COUNTEREXAMPLE));
            if (!(ok && ((truth > 0 && res == LP_PROVED) || (truth < 0 && res == LP_COUNTEREXAMPLE))))
                tap_diag("disagrees: a %s b %s e %s (least %s): result %d, checker %s", fmpq_get_str(NULL, 10, qa),
                         fmpq_get_str(NULL, 10, qb), fmpq_get_str(NULL, 10, qe), fmpq_get_str(NULL, 10, least),
                         res, r.why);
        }
        free(c);
        fmpq_clear(t);
        fmpq_clear(least);
    }
    tap_ok(agree == decided && decided > 0, "%ld/%ld random (x - a)^2 + (y - b)^2 + e > 0 on [0, 2]^2: proved "
           "where the least value is > 0, a counterexample box where it is < 0, each re-verified", agree, decided);
    fmpq_clear(qe);
    fmpq_clear(qb);
    fmpq_clear(qa);
}

/* random polynomials P, Q in x, y with small coefficients, as text */
static void
random_poly(char *out, size_t len, flint_rand_t state, int positive)
{
    out[0] = '\0';
    for (int i = 0; i < 4; i++) {
        long c = (long) n_randint(state, 9) + 1;
        if (!positive && n_randint(state, 2))
            c = -c;
        snprintf(out + strlen(out), len - strlen(out), "%s%ld*x^%d*y^%d", i ? " + " : "", c,
                 (int) n_randint(state, 4), (int) n_randint(state, 4));
    }
}

static void
random_exact(flint_rand_t state)
{
    long n = test_iterations(30), agree = 0;
    for (long i = 0; i < n; i++) {
        char p[200], q[200], lhs[500], rhs[500];
        int kind = (int) n_randint(state, 4), want;
        lp_exact_stmt e = { LP_REL_EQ, "+x; +y", lhs, rhs, NULL, NULL };
        lp_stmt s = { "test/random-exact", "test/a", LP_EXPECT_PROOF, "random", "x, y > 0", NULL, &e };
        lp_prove_result res;
        lp_check_result r;
        char *c;
        random_poly(p, sizeof p, state, kind >= 2);
        random_poly(q, sizeof q, state, 1);
        if (kind == 0) {            /* P Q / Q = P: an identity */
            snprintf(lhs, sizeof lhs, "(%s)*(%s)/(%s)", p, q, q);
            snprintf(rhs, sizeof rhs, "%s", p);
            want = 1;
        } else if (kind == 1) {     /* P + 1/7 = P: not one */
            snprintf(lhs, sizeof lhs, "%s + 1/7", p);
            snprintf(rhs, sizeof rhs, "%s", p);
            want = 0;
        } else if (kind == 2) {     /* P/Q > 0 with positive coefficients: proved by the signs */
            e.rel = LP_REL_GT;
            snprintf(lhs, sizeof lhs, "(%s)/(%s)", p, q);
            snprintf(rhs, sizeof rhs, "0");
            want = 1;
        } else {                    /* P - 100 (x - y)^2 > 0: the signs decide nothing (P's
                                       coefficients, at most 4 x 9, cannot cancel -100 x^2) */
            e.rel = LP_REL_GT;
            snprintf(lhs, sizeof lhs, "%s - 100*(x - y)^2", p);
            snprintf(rhs, sizeof rhs, "0");
            want = 0;
        }
        c = certificate(&s, &res);
        agree += want ? res == LP_PROVED && check_text(c, &s, 1, &r) : res != LP_PROVED && !check_text(c, &s, 1, &r);
        free(c);
    }
    tap_ok(agree == n, "%ld/%ld random exact claims (identities, non-identities, sign claims) proved or not as "
           "built, the checker agreeing", agree, n);
}

int
main(void)
{
    flint_rand_t state;
    test_rand_init(state);
    tampering();
    false_claims();
    random_claims(state);
    random_exact(state);
    flint_randclear(state);
    flint_cleanup();
    return tap_done();
}
