/* stmt_block.c -- Tan et al.'s Appendix B.4 (Theorem 3's proof) on the leading blocks
 * Sigma_i = [Sigma_(i-1) rho; rho^T c] with Sigma_(i-1) of size 2 (i = 3) and, for Lemma 3's step,
 * of size 1: every entry a free variable, each identity exact for all matrices of that size (a
 * sub-domain of the paper's every i).  Matrix identities as stmt_matrix.c's.  Which claims each
 * statement serves is stmt_claims.c's. */
#include "prove/rf_mat.h"
#include "prove/stmt.h"

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
    lp_rf_begin(V, lhs, rhs, 18, block_names);
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
    lp_rf_begin(V, lhs, rhs, 9, block_names);
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
    lp_rf_begin(V, lhs, rhs, 9, block_names);
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
    lp_rf_begin(V, lhs, rhs, 9, block_names);
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
    lp_rf_begin(V, lhs, rhs, 9, block_names);
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

/* ---- B.4, Lemma 3's step: (u_i + k_i) - v_i = s^T (Sigma + D)^-1 s, s = D Sigma^-1 rho,
 * D = diag(beta1, beta2), u_i + k_i = c + beta - rho^T Sigma^-1 rho + rho^T Sigma^-1 D Sigma^-1 rho */
static void
b_vlemma3(lp_rf_vars V, lp_rf lhs, lp_rf rhs)
{
    lp_mat S, Si, D, M;
    lp_rf_struct r[2], t[2];
    lp_rf q, v;
    lp_rf_begin(V, lhs, rhs, 9, block_names);
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

#define BUILT(fn) (&(const lp_exact_stmt) { LP_REL_EQ, NULL, NULL, NULL, NULL, fn })
#define EXACT(rel, vars, lhs, rhs) (&(const lp_exact_stmt) { rel, vars, lhs, rhs, NULL, NULL })

const lp_stmt lp_stmts_block[] = {
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
    { "tan/B.4/v-lemma3:m2", "tan/B.4/v-lemma3 tan/thm3", LP_EXPECT_PROOF,
      "(u_i + k_i) - v_i = s^T (Sigma + D)^-1 s, s = D Sigma^-1 rho, D = diag beta_(i-1)",
      "Sigma_(i-1) symmetric 2 x 2, every beta (where the inverses exist)", NULL, BUILT(b_vlemma3) },
    { "tan/B.4/v-lemma3:m1", "tan/B.4/v-lemma3 tan/thm3", LP_EXPECT_PROOF,
      "(u_i + k_i) - v_i = (b r/s)^2/(s + b) for Sigma_(i-1) = s, beta_(i-1) = b (1 x 1)",
      "s, s + b != 0, every r, c, beta", NULL,
      EXACT(LP_REL_EQ, "s; b; r; c; beta", "(c + beta - r^2/s + r*b*r/s^2) - (c + beta - r^2/(s + b))",
            "(b*r/s)^2/(s + b)") },
};
const size_t lp_nstmts_block = sizeof lp_stmts_block / sizeof lp_stmts_block[0];
