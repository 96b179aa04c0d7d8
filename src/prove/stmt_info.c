/* stmt_info.c -- Tan et al.'s information identities (Sections 2.2, 3, 4): each side a sum of
 * mutual informations and entropies of random variables, written as the paper writes them
 * ("I(D; Wi Wo)", "h(Wo | D Wi)"), and rewritten here by their definitions in the joint
 * entropies h(S) of the nonempty sets S of the statement's variables:
 *   h(A | C) = h(A C) - h(C),    I(A; B | C) = h(A C) + h(B C) - h(A B C) - h(C),
 * (I(A; B | C) = E ln p(a, b | c)/(p(a | c) p(b | c)), h(A | C) = -E ln p(a | c): linearity of
 * expectation, wherever the joint entropies are finite; C empty gives the unconditional ones).
 * A name repeated in a set counts once (h(A A) = h(A)).  Every joint entropy is a free real
 * variable, so an identity that holds as a linear form in them holds for every joint law whose
 * entropies are finite, discrete or continuous.  The nonnegativity of a mutual information,
 * which some claims add, is Gibbs' inequality from ln t <= t - 1 (the box statement here and
 * stmt_tan.c's ln(1 + x) <= x).  Which claims each statement serves is stmt_claims.c's. */
#include <stdlib.h>
#include <string.h>
#include "prove/rf_mat.h"
#include "prove/stmt.h"

#define INFO_MAXRV 5            /* 31 joint entropies: within LP_RF_MAXVARS */

typedef struct {
    const char *s;
    int k;
    char rv[INFO_MAXRV][16];
    int failed;
} info_parser;

static void
skip(info_parser *p)
{
    while (*p->s == ' ')
        p->s++;
}

/* a set of the statement's variables, names separated by blanks, up to ';', '|' or ')' */
static unsigned
parse_set(info_parser *p)
{
    unsigned set = 0;
    for (skip(p); *p->s && !strchr(";|)", *p->s); skip(p)) {
        size_t n = strcspn(p->s, " ;|)");
        int hit = -1;
        for (int i = 0; i < p->k; i++)
            if (strlen(p->rv[i]) == n && strncmp(p->rv[i], p->s, n) == 0)
                hit = i;
        if (hit < 0 || n == 0) {
            p->failed = 1;
            return 0;
        }
        set |= 1u << hit;
        p->s += n;
    }
    if (set == 0)
        p->failed = 1;
    return set;
}

/* acc += sign h(set) */
static void
add_h(lp_rf acc, unsigned set, int sign, const lp_rf_vars V)
{
    lp_rf t;
    if (set == 0)
        return;                 /* the entropy of nothing */
    lp_rf_init(t, V);
    lp_rf_var(t, (int) set - 1, V);
    if (sign > 0)
        lp_rf_add(acc, acc, t, V);
    else
        lp_rf_sub(acc, acc, t, V);
    lp_rf_clear(t, V);
}

/* one side: terms "I(A; B)", "I(A; B | C)", "h(A)", "h(A | C)" joined by + and - */
static void
parse_side(lp_rf acc, info_parser *p, const lp_rf_vars V)
{
    int sign = 1;
    lp_rf_si(acc, 0, V);
    for (skip(p); *p->s && !p->failed; skip(p)) {
        unsigned a, b = 0, c = 0;
        int mi;
        if (*p->s == '+' || *p->s == '-') {
            sign = *p->s == '-' ? -1 : 1;
            p->s++;
            skip(p);
        }
        mi = p->s[0] == 'I';
        if ((p->s[0] != 'I' && p->s[0] != 'h') || p->s[1] != '(') {
            p->failed = 1;
            return;
        }
        p->s += 2;
        a = parse_set(p);
        if (mi) {
            if (*p->s++ != ';') {
                p->failed = 1;
                return;
            }
            b = parse_set(p);
        }
        if (*p->s == '|') {
            p->s++;
            c = parse_set(p);
        }
        if (*p->s++ != ')') {
            p->failed = 1;
            return;
        }
        if (mi) {               /* h(A C) + h(B C) - h(A B C) - h(C) */
            add_h(acc, a | c, sign, V);
            add_h(acc, b | c, sign, V);
            add_h(acc, a | b | c, -sign, V);
            add_h(acc, c, -sign, V);
        } else {                /* h(A C) - h(C) */
            add_h(acc, a | c, sign, V);
            add_h(acc, c, -sign, V);
        }
        sign = 1;
    }
}

/* V over the joint entropies of the variables rvs ("D Wi Wo"), lhs and rhs from their text; a
 * text that does not parse gives 1 = 0, which nothing proves */
static void
info_sides(lp_rf_vars V, lp_rf lhs, lp_rf rhs, const char *rvs, const char *l, const char *r)
{
    static const char *const generic[] = { "h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8", "h9", "h10",
        "h11", "h12", "h13", "h14", "h15", "h16", "h17", "h18", "h19", "h20", "h21", "h22", "h23", "h24",
        "h25", "h26", "h27", "h28", "h29", "h30", "h31" };
    const char *names[(1 << INFO_MAXRV) - 1];
    info_parser p = { rvs, 0, { { 0 } }, 0 };
    char *own;
    int nsets;
    for (skip(&p); *p.s && p.k < INFO_MAXRV; skip(&p)) {
        size_t n = strcspn(p.s, " ");
        snprintf(p.rv[p.k++], sizeof p.rv[0], "%.*s", (int) n, p.s);
        p.s += n;
    }
    nsets = (1 << p.k) - 1;
    own = malloc((size_t) nsets * 64);
    for (int s = 1; s <= nsets; s++) {
        if (own == NULL) {
            names[s - 1] = generic[s - 1];
            continue;
        }
        char *nm = own + (s - 1) * 64;
        strcpy(nm, "h");
        for (int i = 0; i < p.k; i++)
            if (s & (1 << i))
                strcat(strcat(nm, "_"), p.rv[i]);
        names[s - 1] = nm;
    }
    lp_rf_begin(V, lhs, rhs, nsets, names);
    V->own = own;               /* the names live as long as V */
    p.s = l;
    parse_side(lhs, &p, V);
    if (!p.failed) {
        p.s = r;
        parse_side(rhs, &p, V);
    }
    if (p.failed || *rvs == '\0') {
        lp_rf_si(lhs, 1, V);
        lp_rf_si(rhs, 0, V);
    }
}

#define INFO(fn, rvs, l, r) \
    static void fn(lp_rf_vars V, lp_rf lhs, lp_rf rhs) { info_sides(V, lhs, rhs, rvs, l, r); }

/* eq. (4) */
INFO(b_eq4_x, "X Y", "I(X; Y)", "h(X) - h(X | Y)")
INFO(b_eq4_y, "X Y", "I(X; Y)", "h(Y) - h(Y | X)")
/* eq. (6), the chain rule, and Section 3.2's Delta I */
INFO(b_chain, "D Wi Wo", "I(D; Wi Wo)", "I(D; Wi) + I(D; Wo | Wi)")
INFO(b_delta, "D Wi Wo", "I(D; Wi Wo) - I(D; Wi)", "I(D; Wo | Wi)")
/* Section 4.2: Gamma_server's term (W1 = W_i(t+1), given W_o(t)), eq. (10), eq. (12) (Wt = W_o + xi) */
INFO(b_server, "D W1 Wo", "I(D; W1 | Wo)", "h(W1 | Wo) - h(W1 | D Wo)")
INFO(b_eq10, "D Wi Wo", "I(D; Wo | Wi)", "h(Wo | Wi) - h(Wo | D Wi)")
INFO(b_eq12, "D Wi Wt", "I(D; Wt | Wi)", "h(Wt | Wi) - h(Wt | D Wi)")
/* added noise Z: h(T | B) - h(T | B Z) is I(T; Z | B) >= 0 (T = A + Z), and h(A | B Z) = h(A | B)
 * when I(A; Z | B) = 0 (Z independent of A given B) */
INFO(b_noise_t, "T B Z", "h(T | B) - h(T | B Z)", "I(T; Z | B)")
INFO(b_noise_a, "A B Z", "h(A | B) - h(A | B Z)", "I(A; Z | B)")
/* a round's leakage given the whole past P against given W_i alone: the difference is
 * I(Wo; P | Wi) (>= 0) less I(Wo; P | D Wi) (0 when the round's noise is fresh) */
INFO(b_past, "D Wi Wo P", "I(D; Wo | Wi) - I(D; Wo | Wi P)", "I(Wo; P | Wi) - I(Wo; P | D Wi)")

/* ---- ln t <= t - 1 on (0, 1]: with t = e^-u, the margin e^-u - 1 + u >= 0 for u >= 0 ---------- */
static void
m_gibbs(arb_poly_t m, const arb_poly_struct *x, slong len, slong prec)
{
    arb_poly_t t;
    arb_poly_init(t);
    arb_poly_neg(t, x);
    arb_poly_exp_series(m, t, len, prec);
    arb_poly_add(m, m, x, prec);
    arb_poly_add_si(m, m, -1, prec);
    arb_poly_truncate(m, len);
    arb_poly_clear(t);
}

/* u >= A: e^-u > 0, so the margin is > A - 1 */
static int
t_gibbs(arb_t lower, int i, const arb_struct *lo, const arb_struct *hi, slong prec)
{
    arb_sub_si(lower, lo + i, 1, prec);
    return 1;
}

static const lp_box_stmt box_gibbs = {
    1, { { "u", "0", "inf", 0, 1, 0 } }, LP_REL_GE, m_gibbs, t_gibbs, "2" };

/* ---- Section 2.2's maximum entropy: E_X[(X - mu)^T Sigma^-1 (X - mu)] = sum_jk (Sigma^-1)_jk
 * Cov(X)_jk, which is d when Cov X = Sigma: the Gaussian's cross-entropy is its entropy ------ */
static void
cross_entropy(lp_rf_vars V, lp_rf lhs, lp_rf rhs, int n, const char *const *names)
{
    lp_mat S, T;
    lp_rf_begin(V, lhs, rhs, n * (n + 1) / 2, names);
    lp_mat_init(S, n, V);
    lp_mat_init(T, n, V);
    lp_mat_sym(S, n, 0, V);
    lp_mat_inv(T, S, n, V);
    lp_mat_mul(T, T, S, n, V);          /* sum_jk (S^-1)_jk S_kj, S symmetric */
    lp_rf_si(lhs, 0, V);
    for (int j = 0; j < n; j++)
        lp_rf_add(lhs, lhs, &T[j][j], V);
    lp_rf_si(rhs, n, V);
    lp_mat_clear(T, n, V);
    lp_mat_clear(S, n, V);
}

static void
b_cross_1(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    static const char *const names[] = { "+s11" };
    cross_entropy(V, lhs, rhs, 1, names);
}

static void
b_cross_2(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    static const char *const names[] = { "s11", "s12", "s22" };
    cross_entropy(V, lhs, rhs, 2, names);
}

static void
b_cross_3(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    static const char *const names[] = { "s11", "s12", "s13", "s22", "s23", "s33" };
    cross_entropy(V, lhs, rhs, 3, names);
}

/* ---- Gamma_server's term in jointly Gaussian laws: W_i(t+1) = a W_o(t) + b V(t), b != 0 (FedAvg:
 * a = b = 1/2).  Var(D | W_o, V) = s_dd - s^T S^-1 s with S the covariance of X = (W_o, V) and s
 * their covariances with D; X' = (W_o, W_i(t+1)) = M X, M = [1 0; a b], gives M s and M S M^T, and
 * the explained variance is the same: I(D; W_i(t+1) | W_o) = I(D; V | W_o). ------------------ */
static void
b_server_gauss(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    static const char *const names[] = { "sdw", "sdv", "sww", "swv", "svv", "a", "b" };
    lp_mat S, M, Mt, T;
    lp_rf_struct x[2], y[2];
    lp_rf_begin(V, lhs, rhs, 7, names);
    lp_mat_init(S, 2, V);
    lp_mat_init(M, 2, V);
    lp_mat_init(Mt, 2, V);
    lp_mat_init(T, 2, V);
    lp_mat_sym(S, 2, 2, V);
    for (int i = 0; i < 2; i++) {
        lp_rf_init(&x[i], V);
        lp_rf_init(&y[i], V);
        lp_rf_var(&x[i], i, V);
    }
    lp_rf_si(&M[0][0], 1, V);
    lp_rf_si(&M[0][1], 0, V);
    lp_rf_var(&M[1][0], 5, V);
    lp_rf_var(&M[1][1], 6, V);
    lp_mat_inv(T, S, 2, V);
    lp_mat_form(lhs, T, x, 2, V);
    lp_mat_transpose(Mt, M, 2, V);
    lp_mat_mul(T, M, S, 2, V);
    lp_mat_mul(T, T, Mt, 2, V);
    lp_mat_inv(T, T, 2, V);
    lp_mat_apply(y, M, x, 2, V);
    lp_mat_form(rhs, T, y, 2, V);
    for (int i = 0; i < 2; i++) {
        lp_rf_clear(&y[i], V);
        lp_rf_clear(&x[i], V);
    }
    lp_mat_clear(T, 2, V);
    lp_mat_clear(Mt, 2, V);
    lp_mat_clear(M, 2, V);
    lp_mat_clear(S, 2, V);
}

#define BUILT(fn) (&(const lp_exact_stmt) { LP_REL_EQ, NULL, NULL, NULL, NULL, fn })
#define FINITE "every joint law with finite joint entropies"
#define NONNEG "tan/sec3.1/mi-grows tan/intro/n-kappa tan/sec3.2/n-kappa tan/eq10 tan/sec4.2/noiseless tan/sec2.2/maxent"

const lp_stmt lp_stmts_info[] = {
    { "tan/eq4:x", "tan/eq4", LP_EXPECT_PROOF, "I(X; Y) = h(X) - h(X | Y)", FINITE, NULL, BUILT(b_eq4_x) },
    { "tan/eq4:y", "tan/eq4", LP_EXPECT_PROOF, "I(X; Y) = h(Y) - h(Y | X)", FINITE, NULL, BUILT(b_eq4_y) },
    { "tan/info-chain", "tan/eq6 tan/sec3.1/mi-grows tan/intro/n-kappa tan/sec3.2/n-kappa", LP_EXPECT_PROOF,
      "I(D; Wi Wo) = I(D; Wi) + I(D; Wo | Wi)", FINITE, NULL, BUILT(b_chain) },
    { "tan/sec3.2/delta-I", "tan/sec3.2/delta-I", LP_EXPECT_PROOF,
      "I(D; Wi Wo) - I(D; Wi) = I(D; Wo | Wi)", FINITE, NULL, BUILT(b_delta) },
    { "tan/sec4.2/server-rewrite", "tan/sec4.2/server-rewrite", LP_EXPECT_PROOF,
      "I(D; W_i(t+1) | W_o(t)) = h(W_i(t+1) | W_o(t)) - h(W_i(t+1) | D W_o(t))", FINITE, NULL, BUILT(b_server) },
    { "tan/eq10", "tan/eq10 tan/sec4.2/noiseless", LP_EXPECT_PROOF,
      "I(D; Wo | Wi) = h(Wo | Wi) - h(Wo | D Wi)", FINITE, NULL, BUILT(b_eq10) },
    { "tan/eq12", "tan/eq12", LP_EXPECT_PROOF,
      "I(D; W~o | Wi) = h(W~o | Wi) - h(W~o | D Wi), W~o = Wo + xi", FINITE, NULL, BUILT(b_eq12) },
    { "tan/info-noise:sum", "tan/eq10 tan/sec4.2/noiseless", LP_EXPECT_PROOF,
      "h(T | B) - h(T | B Z) = I(T; Z | B)", FINITE, NULL, BUILT(b_noise_t) },
    { "tan/info-noise:alone", "tan/eq10 tan/sec4.2/noiseless", LP_EXPECT_PROOF,
      "h(A | B) - h(A | B Z) = I(A; Z | B)", FINITE, NULL, BUILT(b_noise_a) },
    { "tan/info-past", "tan/intro/n-kappa tan/sec3.2/n-kappa", LP_EXPECT_PROOF,
      "I(D; Wo | Wi) - I(D; Wo | Wi P) = I(Wo; P | Wi) - I(Wo; P | D Wi)", FINITE, NULL, BUILT(b_past) },
    { "tan/sec4.2/gamma-server-positive", "tan/sec4.2/gamma-server-positive", LP_EXPECT_PROOF,
      "s^T S^-1 s = (M s)^T (M S M^T)^-1 (M s), M = [1 0; a b]: D's variance explained by (W_o, V) and by "
      "(W_o, a W_o + b V) agree", "every covariance of (D, W_o, V) with S invertible, b != 0", NULL,
      BUILT(b_server_gauss) },
    { "tan/gibbs", NONNEG, LP_EXPECT_PROOF,
      "ln t <= t - 1 on (0, 1]: with t = e^-u, e^-u - 1 + u >= 0", "u in [0, inf)", &box_gibbs, NULL },
    { "tan/maxent:d1", "tan/sec2.2/maxent", LP_EXPECT_PROOF,
      "sum_jk (Sigma^-1)_jk Sigma_jk = d at d = 1: the Gaussian's cross-entropy under Cov X = Sigma is its entropy",
      "Sigma > 0", NULL, BUILT(b_cross_1) },
    { "tan/maxent:d2", "tan/sec2.2/maxent", LP_EXPECT_PROOF, "sum_jk (Sigma^-1)_jk Sigma_jk = d at d = 2",
      "symmetric invertible Sigma of size 2", NULL, BUILT(b_cross_2) },
    { "tan/maxent:d3", "tan/sec2.2/maxent", LP_EXPECT_PROOF, "sum_jk (Sigma^-1)_jk Sigma_jk = d at d = 3",
      "symmetric invertible Sigma of size 3", NULL, BUILT(b_cross_3) },
};
const size_t lp_nstmts_info = sizeof lp_stmts_info / sizeof lp_stmts_info[0];
