/* stmt_matrix.c -- Tan et al.'s matrix steps (Appendix B.3, B.4, Lemma 2) at small dimensions,
 * with every entry a free variable: each identity is proved exactly for all matrices of that
 * size (where the inverses it writes exist), a sub-domain of the paper's "every d".  A matrix
 * identity L = R is one rational identity sum_ij w_ij L_ij = sum_ij w_ij R_ij in fresh weights
 * w_ij, which holds as a polynomial in the w only when every entry does.  Which claims each
 * statement serves is stmt_claims.c's. */
#include "prove/rf_mat.h"
#include "prove/stmt.h"

static void
begin(lp_rf_vars V, lp_rf lhs, lp_rf rhs, int n, const char *const *names)
{
    lp_rf_vars_init(V, n, names);
    lp_rf_init(lhs, V);
    lp_rf_init(rhs, V);
}


/* ---- eq. (26): (A + B)^-1 = A^-1 - A^-1 (A^-1 + B^-1)^-1 A^-1, symmetric A, B of size n --- */
static void
woodbury(lp_rf_vars V, lp_rf lhs, lp_rf rhs, int n, const char *const *names, int nv)
{
    lp_mat A, B, Ai, T;
    int k = n * (n + 1) / 2;
    begin(V, lhs, rhs, nv, names);
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

/* ---- B.4: Sigma_i = [Sigma rho; rho^T c] with Sigma = Sigma_(i-1) of size 2 --------------- */
enum { S11, S12, S22, R1, R2, C, BB, B1, B2 };
static const char *const block_names[] = { "s11", "s12", "s22", "r1", "r2", "c", "beta", "beta1", "beta2",
                                           "w11", "w12", "w13", "w21", "w22", "w23", "w31", "w32", "w33" };
static const int rho[2] = { R1, R2 };

/* Sigma_(i-1), its inverse, and rho^T Sigma^-1 rho */
static void
block(lp_mat S, lp_mat Si, lp_rf q, const lp_rf_vars V)
{
    lp_mat_sym(S, 2, S11, V);
    lp_mat_inv(Si, S, 2, V);
    lp_mat_quad(q, Si, rho, 2, V);
}

/* eq. (29): Sigma_i = [I 0; rho^T Sigma^-1 1] [Sigma rho; 0 c - rho^T Sigma^-1 rho] */
static void
b_eq29(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    lp_mat S, Si, F, U, P;
    lp_rf q, t;
    begin(V, lhs, rhs, 18, block_names);
    lp_mat_init(S, 2, V);
    lp_mat_init(Si, 2, V);
    lp_mat_init(F, 3, V);
    lp_mat_init(U, 3, V);
    lp_mat_init(P, 3, V);
    lp_rf_init(q, V);
    lp_rf_init(t, V);
    block(S, Si, q, V);
    lp_mat_identity(F, 3, V);
    for (int j = 0; j < 2; j++)                     /* the row rho^T Sigma^-1 */
        for (int k = 0; k < 2; k++) {
            lp_rf_var(t, rho[k], V);
            lp_rf_mul(t, t, &Si[k][j], V);
            lp_rf_add(&F[2][j], &F[2][j], t, V);
        }
    for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 2; j++) {
            lp_rf_set(&U[i][j], &S[i][j], V);
            lp_rf_set(&P[i][j], &S[i][j], V);
        }
        lp_rf_var(&U[i][2], rho[i], V);
        lp_rf_var(&P[i][2], rho[i], V);
        lp_rf_var(&P[2][i], rho[i], V);
    }
    lp_rf_var(&P[2][2], C, V);
    lp_rf_sub(&U[2][2], &P[2][2], q, V);
    lp_mat_mul(U, F, U, 3, V);
    lp_mat_weigh(lhs, P, 3, 9, V);
    lp_mat_weigh(rhs, U, 3, 9, V);
    lp_rf_clear(t, V);
    lp_rf_clear(q, V);
    lp_mat_clear(P, 3, V);
    lp_mat_clear(U, 3, V);
    lp_mat_clear(F, 3, V);
    lp_mat_clear(Si, 2, V);
    lp_mat_clear(S, 2, V);
}

/* Sigma_i (3 x 3) from Sigma, rho, c, plus diag(beta1, beta2, beta) when betas */
static void
full(lp_mat P, int betas, const lp_rf_vars V)
{
    lp_rf b;
    lp_rf_init(b, V);
    lp_mat_sym(P, 2, S11, V);
    for (int i = 0; i < 2; i++) {
        lp_rf_var(&P[i][2], rho[i], V);
        lp_rf_var(&P[2][i], rho[i], V);
    }
    lp_rf_var(&P[2][2], C, V);
    for (int i = 0; betas && i < 3; i++) {
        lp_rf_var(b, i == 2 ? BB : B1 + i, V);
        lp_rf_add(&P[i][i], &P[i][i], b, V);
    }
    lp_rf_clear(b, V);
}

/* eq. (30): det Sigma_i = (c - rho^T Sigma^-1 rho) det Sigma */
static void
b_eq30(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    lp_mat S, Si, P;
    lp_rf q, t;
    begin(V, lhs, rhs, 9, block_names);
    lp_mat_init(S, 2, V);
    lp_mat_init(Si, 2, V);
    lp_mat_init(P, 3, V);
    lp_rf_init(q, V);
    lp_rf_init(t, V);
    block(S, Si, q, V);
    full(P, 0, V);
    lp_mat_det(lhs, P, 3, V);
    lp_rf_var(t, C, V);
    lp_rf_sub(t, t, q, V);
    lp_mat_det(rhs, S, 2, V);
    lp_rf_mul(rhs, rhs, t, V);
    lp_rf_clear(t, V);
    lp_rf_clear(q, V);
    lp_mat_clear(P, 3, V);
    lp_mat_clear(Si, 2, V);
    lp_mat_clear(S, 2, V);
}

/* v_i of eq. (32): c + beta - rho^T (Sigma + diag(beta1, beta2))^-1 rho; also that matrix */
static void
v32(lp_rf v, lp_mat Sb, const lp_rf_vars V)
{
    lp_mat Sbi;
    lp_rf t;
    lp_mat_init(Sbi, 2, V);
    lp_rf_init(t, V);
    lp_mat_sym(Sb, 2, S11, V);
    for (int i = 0; i < 2; i++) {
        lp_rf_var(t, B1 + i, V);
        lp_rf_add(&Sb[i][i], &Sb[i][i], t, V);
    }
    lp_mat_inv(Sbi, Sb, 2, V);
    lp_mat_quad(t, Sbi, rho, 2, V);
    lp_rf_var(v, C, V);
    lp_rf_sub(v, v, t, V);
    lp_rf_var(t, BB, V);
    lp_rf_add(v, v, t, V);
    lp_rf_clear(t, V);
    lp_mat_clear(Sbi, 2, V);
}

/* eqs. (31)-(32): det(Sigma_i + diag beta_i) = v_i det(Sigma_(i-1) + diag beta_(i-1)) */
static void
b_eq31(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    lp_mat Sb, P;
    lp_rf v;
    begin(V, lhs, rhs, 9, block_names);
    lp_mat_init(Sb, 2, V);
    lp_mat_init(P, 3, V);
    lp_rf_init(v, V);
    full(P, 1, V);
    lp_mat_det(lhs, P, 3, V);
    v32(v, Sb, V);
    lp_mat_det(rhs, Sb, 2, V);
    lp_rf_mul(rhs, rhs, v, V);
    lp_rf_clear(v, V);
    lp_mat_clear(P, 3, V);
    lp_mat_clear(Sb, 2, V);
}

/* B.4's rewrite of v_i (by eq. (26)): c + beta - rho^T Sigma^-1 rho
 *   + rho^T Sigma^-1 (Sigma^-1 + diag(beta1, beta2)^-1)^-1 Sigma^-1 rho */
static void
b_vrewrite(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    lp_mat S, Si, D, T, Sb;
    lp_rf q, t;
    begin(V, lhs, rhs, 9, block_names);
    lp_mat_init(S, 2, V);
    lp_mat_init(Si, 2, V);
    lp_mat_init(D, 2, V);
    lp_mat_init(T, 2, V);
    lp_mat_init(Sb, 2, V);
    lp_rf_init(q, V);
    lp_rf_init(t, V);
    v32(lhs, Sb, V);
    block(S, Si, q, V);
    for (int i = 0; i < 2; i++) {                   /* diag(beta)^-1 */
        lp_rf_var(t, B1 + i, V);
        lp_rf_si(&D[i][i], 1, V);
        lp_rf_div(&D[i][i], &D[i][i], t, V);
    }
    lp_mat_add(T, Si, D, 2, 1, V);
    lp_mat_inv(T, T, 2, V);
    lp_mat_mul(T, Si, T, 2, V);
    lp_mat_mul(T, T, Si, 2, V);
    lp_mat_quad(t, T, rho, 2, V);
    lp_rf_var(rhs, C, V);
    lp_rf_sub(rhs, rhs, q, V);
    lp_rf_add(rhs, rhs, t, V);
    lp_rf_var(t, BB, V);
    lp_rf_add(rhs, rhs, t, V);
    lp_rf_clear(t, V);
    lp_rf_clear(q, V);
    lp_mat_clear(Sb, 2, V);
    lp_mat_clear(T, 2, V);
    lp_mat_clear(D, 2, V);
    lp_mat_clear(Si, 2, V);
    lp_mat_clear(S, 2, V);
}

/* the induction: det(Sigma + diag beta) = v_1 v_2 v_3 for d = 3 */
static void
b_induction(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    lp_mat Sb, P;
    lp_rf v, t, u;
    begin(V, lhs, rhs, 9, block_names);
    lp_mat_init(Sb, 2, V);
    lp_mat_init(P, 3, V);
    lp_rf_init(v, V);
    lp_rf_init(t, V);
    lp_rf_init(u, V);
    full(P, 1, V);
    lp_mat_det(lhs, P, 3, V);
    v32(rhs, Sb, V);                                /* v_3 */
    lp_rf_set(v, &Sb[0][0], V);                     /* v_1 = s11 + beta1 */
    lp_rf_mul(rhs, rhs, v, V);
    lp_rf_mul(t, &Sb[0][1], &Sb[0][1], V);          /* v_2 = s22 + beta2 - s12^2/(s11 + beta1) */
    lp_rf_div(t, t, v, V);
    lp_rf_sub(u, &Sb[1][1], t, V);
    lp_rf_mul(rhs, rhs, u, V);
    lp_rf_clear(u, V);
    lp_rf_clear(t, V);
    lp_rf_clear(v, V);
    lp_mat_clear(P, 3, V);
    lp_mat_clear(Sb, 2, V);
}

/* ---- Lemma 3: a^T A^-1 a - a^T (A + B)^-1 a = t^T (A^-1 + B^-1)^-1 t, t = A^-1 a (2 x 2) ---- */
static void
b_lemma3(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    static const char *const names[] = { "a11", "a12", "a22", "b11", "b12", "b22", "x1", "x2" };
    lp_mat A, B, Ai, T;
    lp_rf_struct x[2], t[2];
    lp_rf q;
    begin(V, lhs, rhs, 8, names);
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

/* ---- B.4, Lemma 3's step: (u_i + k_i) - v_i = s^T (Sigma + D)^-1 s, s = D Sigma^-1 rho,
 * D = diag(beta1, beta2), u_i + k_i = c + beta - rho^T Sigma^-1 rho + rho^T Sigma^-1 D Sigma^-1 rho */
static void
b_vlemma3(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    lp_mat S, Si, D, M;
    lp_rf_struct r[2], t[2];
    lp_rf q, v;
    begin(V, lhs, rhs, 9, block_names);
    lp_mat_init(S, 2, V);
    lp_mat_init(Si, 2, V);
    lp_mat_init(D, 2, V);
    lp_mat_init(M, 2, V);
    lp_rf_init(q, V);
    lp_rf_init(v, V);
    for (int i = 0; i < 2; i++) {
        lp_rf_init(&r[i], V);
        lp_rf_init(&t[i], V);
        lp_rf_var(&r[i], rho[i], V);
        lp_rf_var(&D[i][i], B1 + i, V);
    }
    block(S, Si, q, V);                             /* q = rho^T Sigma^-1 rho */
    lp_mat_apply(t, Si, r, 2, V);                   /* t = Sigma^-1 rho */
    lp_mat_form(lhs, D, t, 2, V);                   /* k_i - beta = t^T D t */
    lp_rf_sub(lhs, lhs, q, V);
    lp_rf_var(q, C, V);
    lp_rf_add(lhs, lhs, q, V);
    lp_rf_var(q, BB, V);
    lp_rf_add(lhs, lhs, q, V);                      /* u_i + k_i */
    v32(v, M, V);                                   /* v_i, and M = Sigma + D */
    lp_rf_sub(lhs, lhs, v, V);
    lp_mat_apply(t, D, t, 2, V);                    /* s = D Sigma^-1 rho */
    lp_mat_inv(M, M, 2, V);
    lp_mat_form(rhs, M, t, 2, V);
    for (int i = 0; i < 2; i++) {
        lp_rf_clear(&t[i], V);
        lp_rf_clear(&r[i], V);
    }
    lp_rf_clear(v, V);
    lp_rf_clear(q, V);
    lp_mat_clear(M, 2, V);
    lp_mat_clear(D, 2, V);
    lp_mat_clear(Si, 2, V);
    lp_mat_clear(S, 2, V);
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
    begin(V, lhs, rhs, 7, names);
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
    begin(V, lhs, rhs, 13, names);
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
    { "tan/eq29", "tan/eq29", LP_EXPECT_PROOF,
      "[Sigma rho; rho^T c] = [I 0; rho^T Sigma^-1 1] [Sigma rho; 0 c - rho^T Sigma^-1 rho]",
      "Sigma symmetric 2 x 2 (invertible), every rho, c", NULL, BUILT(b_eq29) },
    { "tan/eq30", "tan/eq30", LP_EXPECT_PROOF, "det [Sigma rho; rho^T c] = (c - rho^T Sigma^-1 rho) det Sigma",
      "Sigma symmetric 2 x 2 (invertible), every rho, c", NULL, BUILT(b_eq30) },
    { "tan/eq31", "tan/eq31 tan/eq32", LP_EXPECT_PROOF,
      "det(Sigma_i + diag beta_i) = v_i det(Sigma_(i-1) + diag beta_(i-1)), v_i = c + beta_i - rho^T "
      "(Sigma_(i-1) + diag beta_(i-1))^-1 rho", "Sigma_i symmetric 3 x 3, every beta (where the inverse exists)",
      NULL, BUILT(b_eq31) },
    { "tan/B.4/v-rewrite", "tan/B.4/v-rewrite", LP_EXPECT_PROOF,
      "c + beta - rho^T (Sigma + diag beta')^-1 rho = c + beta - rho^T Sigma^-1 rho + rho^T Sigma^-1 "
      "(Sigma^-1 + diag(beta')^-1)^-1 Sigma^-1 rho", "Sigma symmetric 2 x 2, beta' != 0 (where the inverses "
      "exist)", NULL, BUILT(b_vrewrite) },
    { "tan/B.4/induction", "tan/B.4/induction tan/thm3", LP_EXPECT_PROOF,
      "det(Sigma + diag beta) = v_1 v_2 v_3", "Sigma symmetric 3 x 3, every beta (where the v_i are defined)",
      NULL, BUILT(b_induction) },
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
    { "tan/B.4/v-lemma3:m2", "tan/B.4/v-lemma3 tan/thm3", LP_EXPECT_PROOF,
      "(u_i + k_i) - v_i = s^T (Sigma + D)^-1 s, s = D Sigma^-1 rho, D = diag beta_(i-1)",
      "Sigma_(i-1) symmetric 2 x 2, every beta (where the inverses exist)", NULL, BUILT(b_vlemma3) },
    { "tan/B.4/v-lemma3:m1", "tan/B.4/v-lemma3 tan/thm3", LP_EXPECT_PROOF,
      "(u_i + k_i) - v_i = (b r/s)^2/(s + b) for Sigma_(i-1) = s, beta_(i-1) = b (1 x 1)",
      "s, s + b != 0, every r, c, beta", NULL,
      EXACT(LP_REL_EQ, "s; b; r; c; beta", "(c + beta - r^2/s + r*b*r/s^2) - (c + beta - r^2/(s + b))",
            "(b*r/s)^2/(s + b)") },
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
