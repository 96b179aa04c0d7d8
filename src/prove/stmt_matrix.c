/* stmt_matrix.c -- Tan et al.'s matrix steps (eq. (26), Lemmas 2 and 3, Appendix B.3) at small
 * dimensions, with every entry a free variable: each identity is proved exactly for all matrices of that
 * size (where the inverses it writes exist), a sub-domain of the paper's "every d".  A matrix
 * identity L = R is one rational identity sum_ij w_ij L_ij = sum_ij w_ij R_ij in fresh weights
 * w_ij, which holds as a polynomial in the w only when every entry does.  Which claims each
 * statement serves is stmt_claims.c's. */
#include "prove/rf_mat.h"
#include "prove/stmt.h"

/* ---- eq. (26): (A + B)^-1 = A^-1 - A^-1 (A^-1 + B^-1)^-1 A^-1, symmetric A, B of size n --- */
static void
woodbury(lp_rf_vars V, lp_rf lhs, lp_rf rhs, int n, const char *const *names, int nv)
{
    lp_mat A, B, Ai, T;
    int k = n * (n + 1) / 2;
    lp_rf_begin(V, lhs, rhs, nv, names);
    lp_mat_init(A, n, V);
    lp_mat_init(B, n, V);
    lp_mat_init(Ai, n, V);
    lp_mat_init(T, n, V);
    lp_mat_sym(A, n, 0, V);
    lp_mat_sym(B, n, k, V);
    lp_mat_add(T, A, B, n, 1, V);
    lp_mat_inv(T, T, n, V);
    lp_mat_weigh(lhs, T, n, 2 * k, V);
    lp_mat_inv(Ai, A, n, V);
    lp_mat_inv(T, B, n, V);
    lp_mat_add(T, Ai, T, n, 1, V);
    lp_mat_inv(T, T, n, V);
    lp_mat_mul(T, Ai, T, n, V);
    lp_mat_mul(T, T, Ai, n, V);
    lp_mat_add(T, Ai, T, n, -1, V);
    lp_mat_weigh(rhs, T, n, 2 * k, V);
    lp_mat_clear(T, n, V);
    lp_mat_clear(Ai, n, V);
    lp_mat_clear(B, n, V);
    lp_mat_clear(A, n, V);
}

static void
b_eq26_2(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    static const char *const names[] = { "a11", "a12", "a22", "b11", "b12", "b22", "w11", "w12", "w21", "w22" };
    woodbury(V, lhs, rhs, 2, names, 10);
}

static void
b_eq26_3(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    static const char *const names[] = { "a11", "a12", "a13", "a22", "a23", "a33", "b11", "b12", "b13", "b22",
                                         "b23", "b33", "w11", "w12", "w13", "w21", "w22", "w23", "w31", "w32",
                                         "w33" };
    woodbury(V, lhs, rhs, 3, names, 21);
}

/* ---- Lemma 3: a^T A^-1 a - a^T (A + B)^-1 a = t^T (A^-1 + B^-1)^-1 t, t = A^-1 a (2 x 2) ---- */
static void
b_lemma3(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    static const char *const names[] = { "a11", "a12", "a22", "b11", "b12", "b22", "x1", "x2" };
    lp_mat A, B, Ai, T;
    lp_rf_struct x[2], t[2];
    lp_rf q;
    lp_rf_begin(V, lhs, rhs, 8, names);
    lp_mat_init(A, 2, V);
    lp_mat_init(B, 2, V);
    lp_mat_init(Ai, 2, V);
    lp_mat_init(T, 2, V);
    lp_rf_init(q, V);
    for (int i = 0; i < 2; i++) {
        lp_rf_init(&x[i], V);
        lp_rf_init(&t[i], V);
        lp_rf_var(&x[i], 6 + i, V);
    }
    lp_mat_sym(A, 2, 0, V);
    lp_mat_sym(B, 2, 3, V);
    lp_mat_inv(Ai, A, 2, V);
    lp_mat_form(lhs, Ai, x, 2, V);
    lp_mat_add(T, A, B, 2, 1, V);
    lp_mat_inv(T, T, 2, V);
    lp_mat_form(q, T, x, 2, V);
    lp_rf_sub(lhs, lhs, q, V);
    lp_mat_apply(t, Ai, x, 2, V);
    lp_mat_inv(T, B, 2, V);
    lp_mat_add(T, Ai, T, 2, 1, V);
    lp_mat_inv(T, T, 2, V);
    lp_mat_form(rhs, T, t, 2, V);
    for (int i = 0; i < 2; i++) {
        lp_rf_clear(&t[i], V);
        lp_rf_clear(&x[i], V);
    }
    lp_rf_clear(q, V);
    lp_mat_clear(T, 2, V);
    lp_mat_clear(Ai, 2, V);
    lp_mat_clear(B, 2, V);
    lp_mat_clear(A, 2, V);
}

/* ---- B.3: Q orthogonal by Cayley's map Q = (I - K)(I + K)^-1 of a skew K (3 x 3) --------- */
static void
cayley(lp_mat Q, const lp_rf_vars V)
{
    lp_mat K, I, T;
    lp_mat_init(K, 3, V);
    lp_mat_init(I, 3, V);
    lp_mat_init(T, 3, V);
    lp_rf_var(&K[0][1], 0, V);
    lp_rf_var(&K[0][2], 1, V);
    lp_rf_var(&K[1][2], 2, V);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < i; j++)
            lp_rf_neg(&K[i][j], &K[j][i], V);
    lp_mat_identity(I, 3, V);
    lp_mat_add(T, I, K, 3, 1, V);
    lp_mat_inv(T, T, 3, V);
    lp_mat_add(Q, I, K, 3, -1, V);
    lp_mat_mul(Q, Q, T, 3, V);
    lp_mat_clear(T, 3, V);
    lp_mat_clear(I, 3, V);
    lp_mat_clear(K, 3, V);
}

/* det(Q diag(lambda) Q^T + sigma I) = prod (lambda_i + sigma) */
static void
b_b3det(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    static const char *const names[] = { "k1", "k2", "k3", "l1", "l2", "l3", "sigma" };
    lp_mat Q, L, Qt;
    lp_rf t, s;
    lp_rf_begin(V, lhs, rhs, 7, names);
    lp_mat_init(Q, 3, V);
    lp_mat_init(L, 3, V);
    lp_mat_init(Qt, 3, V);
    lp_rf_init(t, V);
    lp_rf_init(s, V);
    cayley(Q, V);
    lp_mat_transpose(Qt, Q, 3, V);
    lp_rf_var(s, 6, V);
    lp_rf_si(rhs, 1, V);
    for (int i = 0; i < 3; i++) {
        lp_rf_var(&L[i][i], 3 + i, V);
        lp_rf_add(t, &L[i][i], s, V);
        lp_rf_mul(rhs, rhs, t, V);
    }
    lp_mat_mul(L, Q, L, 3, V);
    lp_mat_mul(L, L, Qt, 3, V);
    for (int i = 0; i < 3; i++)
        lp_rf_add(&L[i][i], &L[i][i], s, V);
    lp_mat_det(lhs, L, 3, V);
    lp_rf_clear(s, V);
    lp_rf_clear(t, V);
    lp_mat_clear(Qt, 3, V);
    lp_mat_clear(L, 3, V);
    lp_mat_clear(Q, 3, V);
}

/* eq. (25): Q (sigma I) Q^T = sigma I */
static void
b_eq25(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    static const char *const names[] = { "k1", "k2", "k3", "sigma", "w11", "w12", "w13", "w21", "w22", "w23",
                                         "w31", "w32", "w33" };
    lp_mat Q, Qt, S;
    lp_rf_begin(V, lhs, rhs, 13, names);
    lp_mat_init(Q, 3, V);
    lp_mat_init(Qt, 3, V);
    lp_mat_init(S, 3, V);
    cayley(Q, V);
    lp_mat_transpose(Qt, Q, 3, V);
    for (int i = 0; i < 3; i++)
        lp_rf_var(&S[i][i], 3, V);
    lp_mat_weigh(rhs, S, 3, 4, V);
    lp_mat_mul(S, Q, S, 3, V);
    lp_mat_mul(S, S, Qt, 3, V);
    lp_mat_weigh(lhs, S, 3, 4, V);
    lp_mat_clear(S, 3, V);
    lp_mat_clear(Qt, 3, V);
    lp_mat_clear(Q, 3, V);
}

#define BUILT(fn) (&(const lp_exact_stmt) { LP_REL_EQ, NULL, NULL, NULL, NULL, fn })
#define EXACT(rel, vars, lhs, rhs) (&(const lp_exact_stmt) { rel, vars, lhs, rhs, NULL, NULL })
#define SOS(vars, lhs, rhs, sos) (&(const lp_exact_stmt) { LP_REL_GE, vars, lhs, rhs, sos, NULL })

const lp_stmt lp_stmts_matrix[] = {
    { "tan/eq26:d2", "tan/eq26", LP_EXPECT_PROOF, "(A + B)^-1 = A^-1 - A^-1 (A^-1 + B^-1)^-1 A^-1",
      "symmetric 2 x 2 A, B (where the inverses exist)", NULL, BUILT(b_eq26_2) },
    { "tan/eq26:d3", "tan/eq26", LP_EXPECT_PROOF, "(A + B)^-1 = A^-1 - A^-1 (A^-1 + B^-1)^-1 A^-1",
      "symmetric 3 x 3 A, B (where the inverses exist)", NULL, BUILT(b_eq26_3) },
    { "tan/B.3/det", "tan/B.3/det tan/eq24", LP_EXPECT_PROOF, "det(Q diag(lambda) Q^T + sigma I) = prod (lambda_i + sigma)",
      "Q = (I - K)(I + K)^-1, K skew 3 x 3 (every rotation without the eigenvalue -1), every lambda, sigma",
      NULL, BUILT(b_b3det) },
    { "tan/eq25", "tan/eq25", LP_EXPECT_PROOF, "Q (sigma I) Q^T = sigma I",
      "Q = (I - K)(I + K)^-1, K skew 3 x 3, every sigma", NULL, BUILT(b_eq25) },
    { "tan/lemma2:d2", "tan/lemma2 tan/B.1/step2", LP_EXPECT_PROOF,
      "((a + b)/2)^2 - a b = (a - b)^2/4 >= 0 (AM-GM on the eigenvalues a, b)", "a, b > 0",
      NULL, SOS("+a; +b", "((a + b)/2)^2", "a*b", "1/4 | a - b") },
    { "tan/lemma2:d3", "tan/lemma2 tan/B.1/step2", LP_EXPECT_PROOF,
      "((a + b + c)/3)^3 - a b c = a sum of squares with positive weights (AM-GM on the eigenvalues)",
      "a, b, c > 0", NULL,
      SOS("+a; +b; +c", "((a + b + c)/3)^3", "a*b*c",
          "(a + b + c)/54 | a - b; (a + b + c)/54 | b - c; (a + b + c)/54 | c - a; a/9 | b - c; b/9 | c - a; "
          "c/9 | a - b") },
    { "tan/lemma3:identity", "tan/lemma3 tan/eq27 tan/eq28", LP_EXPECT_PROOF,
      "a^T A^-1 a - a^T (A + B)^-1 a = t^T (A^-1 + B^-1)^-1 t, t = A^-1 a",
      "symmetric 2 x 2 A, B (where the inverses exist), every a", NULL, BUILT(b_lemma3) },
    { "tan/pd-quadratic:1", "tan/B.4/v-le tan/B.4/v-lemma3 tan/thm3", LP_EXPECT_PROOF,
      "r^2/M >= 0 for M > 0", "M > 0, every r", NULL, SOS("+M; r", "r^2/M", "0", "1/M | r") },
    { "tan/pd-quadratic:2", "tan/B.4/v-le tan/lemma3 tan/eq27 tan/eq28 tan/B.4/v-lemma3 tan/thm3", LP_EXPECT_PROOF,
      "rho^T M^-1 rho = (r1/l1)^2 + ((r2 - l2 r1/l1)/l3)^2 >= 0 for M = L L^T, L = [l1 0; l2 l3] "
      "(Cholesky): v_i = c + beta - rho^T M^-1 rho <= c + beta", "every positive definite 2 x 2 M, every rho",
      NULL, SOS("+l1; +l3; l2; r1; r2; c; beta", "c + beta",
                "c + beta - (r1^2*(l2^2 + l3^2) - 2*r1*r2*l1*l2 + r2^2*l1^2)/(l1^2*l3^2)",
                "1 | r1/l1; 1 | (r2 - l2*r1/l1)/l3") },
};
const size_t lp_nstmts_matrix = sizeof lp_stmts_matrix / sizeof lp_stmts_matrix[0];
