/* stmt_balunovic.c -- the statements of Balunovic et al. (Sections 4 and 5, A.5) the prover
 * proves or refutes.  Which claims each serves, and how, is stmt_claims.c's. */
#include "prove/stmt.h"

/* ---- vol(B_delta^d)/delta^d = pi^(d/2)/Gamma(d/2 + 1) against 1: the margin V(d) - 1 ------ */
static void
m_ball_volume(arb_poly_t m, const arb_poly_struct *x, slong len, slong prec)
{
    arb_poly_t h, g;
    arb_t lpi;
    arb_poly_init(h);
    arb_poly_init(g);
    arb_init(lpi);
    arb_poly_scalar_mul_2exp_si(h, x, -1);
    arb_poly_add_si(g, h, 1, prec);
    arb_poly_lgamma_series(g, g, len, prec);
    arb_const_pi(lpi, prec);
    arb_log(lpi, lpi, prec);
    arb_poly_scalar_mul(h, h, lpi, prec);
    arb_poly_sub(h, h, g, prec);
    arb_poly_exp_series(m, h, len, prec);
    arb_poly_add_si(m, m, -1, prec);
    arb_clear(lpi);
    arb_poly_clear(g);
    arb_poly_clear(h);
}

/* d >= N: (log V)'(d) = (ln pi - psi(d/2 + 1))/2, and psi increases on (0, inf); so once
 * psi(N/2 + 1) > ln pi, V decreases on [N, inf) and 0 < V(d) <= V(N): the margin lies in
 * [-1, V(N) - 1], which excludes 0 when V(N) < 1 */
static int
t_ball_volume(arb_t lower, int i, const arb_struct *lo, const arb_struct *hi, slong prec)
{
    arb_t a, b;
    arb_poly_t x, m;
    int ok;
    arb_init(a);
    arb_init(b);
    arb_poly_init(x);
    arb_poly_init(m);
    arb_mul_2exp_si(a, lo + i, -1);
    arb_add_si(a, a, 1, prec);
    arb_digamma(a, a, prec);
    arb_const_pi(b, prec);
    arb_log(b, b, prec);
    ok = arb_gt(a, b);
    arb_poly_set_coeff_arb(x, 0, lo + i);
    m_ball_volume(m, x, 1, prec);
    arb_poly_get_coeff_arb(a, m, 0);            /* V(N) - 1 */
    arb_set_si(b, -1);
    arb_union(lower, a, b, prec);
    arb_poly_clear(m);
    arb_poly_clear(x);
    arb_clear(b);
    arb_clear(a);
    return ok;
}

static const lp_box_stmt box_ball_volume = {
    1, { { "d", "1", "inf", 1, 0, 0 } }, LP_REL_NE, m_ball_volume, t_ball_volume, "8" };

/* ---- the linear layer y = A x + b (n1 = n0 = 3), g_j = dl/dy_j: the chain rule's Jacobians
 * computed by differentiation, the claims over all entries at once as sums weighted by free
 * variables w (zero as a polynomial in w only when every entry's identity holds) ---------- */
#define N 3
enum { A0 = 0, X0 = A0 + N * N, B0 = X0 + N, G0 = B0 + N, W0 = G0 + N, NV = W0 + N * N };

static void
layer_vars(lp_rf_vars V, lp_rf_struct *y)
{
    static const char *const names[NV] = {
        "A11", "A12", "A13", "A21", "A22", "A23", "A31", "A32", "A33", "x1", "x2", "x3", "b1", "b2", "b3",
        "g1", "g2", "g3", "w11", "w12", "w13", "w21", "w22", "w23", "w31", "w32", "w33" };
    lp_rf t, u;
    lp_rf_vars_init(V, NV, names);
    lp_rf_init(t, V);
    lp_rf_init(u, V);
    for (int j = 0; j < N; j++) {
        lp_rf_init(&y[j], V);
        lp_rf_var(&y[j], B0 + j, V);
        for (int k = 0; k < N; k++) {
            lp_rf_var(t, A0 + N * j + k, V);
            lp_rf_var(u, X0 + k, V);
            lp_rf_mul(t, t, u, V);
            lp_rf_add(&y[j], &y[j], t, V);
        }
    }
    lp_rf_clear(u, V);
    lp_rf_clear(t, V);
}

/* out = sum_j g_j dy_j/d(variable v): dl/dv by the chain rule */
static void
chain(lp_rf out, const lp_rf_struct *y, int v, const lp_rf_vars V)
{
    lp_rf t, g;
    lp_rf_init(t, V);
    lp_rf_init(g, V);
    lp_rf_si(out, 0, V);
    for (int j = 0; j < N; j++) {
        lp_rf_diff(t, &y[j], v, V);
        lp_rf_var(g, G0 + j, V);
        lp_rf_mul(t, t, g, V);
        lp_rf_add(out, out, t, V);
    }
    lp_rf_clear(g, V);
    lp_rf_clear(t, V);
}

/* which: 0 bias chain, 1 weight chain, 2 the input from a row */
static void
layer(lp_rf_vars V, lp_rf lhs, lp_rf rhs, int which)
{
    lp_rf_struct y[N];
    lp_rf a, b, t, w;
    layer_vars(V, y);
    lp_rf_init(lhs, V);
    lp_rf_init(rhs, V);
    lp_rf_init(a, V);
    lp_rf_init(b, V);
    lp_rf_init(t, V);
    lp_rf_init(w, V);
    for (int i = 0; i < N; i++)
        for (int k = 0; k < (which ? N : 1); k++) {
            lp_rf_var(w, W0 + N * i + k, V);
            chain(b, y, B0 + i, V);                 /* dl/db_i */
            if (which == 0) {
                lp_rf_var(t, G0 + i, V);            /* = g_i */
                lp_rf_mul(a, b, w, V);
            } else {
                chain(a, y, A0 + N * i + k, V);     /* dl/dA_ik */
                if (which == 2)
                    lp_rf_div(a, a, b, V);          /* (dl/db_i)^-1 dl/dA_ik */
                lp_rf_mul(a, a, w, V);
                lp_rf_var(t, X0 + k, V);            /* = x_k, times g_i for the weight chain */
                if (which == 1) {
                    lp_rf_var(b, G0 + i, V);
                    lp_rf_mul(t, t, b, V);
                }
            }
            lp_rf_add(lhs, lhs, a, V);
            lp_rf_mul(t, t, w, V);
            lp_rf_add(rhs, rhs, t, V);
        }
    lp_rf_clear(w, V);
    lp_rf_clear(t, V);
    lp_rf_clear(b, V);
    lp_rf_clear(a, V);
    for (int j = 0; j < N; j++)
        lp_rf_clear(&y[j], V);
}

static void b_bias(lp_rf_vars V, lp_rf l, lp_rf r) { layer(V, l, r, 0); }
static void b_weight(lp_rf_vars V, lp_rf l, lp_rf r) { layer(V, l, r, 1); }
static void b_input(lp_rf_vars V, lp_rf l, lp_rf r) { layer(V, l, r, 2); }

#define EXACT(rel, vars, lhs, rhs) (&(const lp_exact_stmt) { rel, vars, lhs, rhs, NULL, NULL })
#define BUILT(fn) (&(const lp_exact_stmt) { LP_REL_EQ, NULL, NULL, NULL, NULL, fn })

const lp_stmt lp_stmts_balunovic[] = {
    { "balunovic/sec4/jensen-constant", "balunovic/sec4/jensen-constant", LP_EXPECT_DISPROOF,
      "vol(B_delta^d)/delta^d = pi^(d/2)/Gamma(d/2 + 1) != 1: C = 1/delta^d is not 1/vol(B)",
      "every integer d >= 1", &box_ball_volume, NULL },
    { "balunovic/sec5/bias-chain", "balunovic/sec5/bias-chain", LP_EXPECT_PROOF,
      "y = A x + b: sum_j dl/dy_j dy_j/db_i = dl/dy_i for every i", "3 x 3 layers, every real entry", NULL,
      BUILT(b_bias) },
    { "balunovic/sec5/weight-chain", "balunovic/sec5/weight-chain", LP_EXPECT_PROOF,
      "y = A x + b: sum_j dl/dy_j dy_j/dA_ik = dl/dy_i x_k for every i, k", "3 x 3 layers, every real entry",
      NULL, BUILT(b_weight) },
    { "balunovic/sec5/linear-layer", "balunovic/sec5/linear-layer balunovic/A.5/precode-unique "
      "balunovic/table6/precode", LP_EXPECT_PROOF,
      "y = A x + b: (dl/db_i)^-1 dl/dA_ik = x_k for every i, k", "3 x 3 layers, dl/db_i != 0", NULL,
      BUILT(b_input) },
    { "balunovic/eq5", "balunovic/eq5", LP_EXPECT_PROOF,
      "(1/k) sum_i (log p(g|x_i) + beta log p(x_i)) with log p(g|x) = log p(g_l|x) + sum_(m != l) "
      "(-(k_m/2) log(2 pi sigma_m^2) - |g_m - grad_m|^2/(2 sigma_m^2)) equals C + (1/k) sum_i (log p(g_l|x_i) "
      "+ beta log p(x_i) - (1/2) sum_(m != l) |g_m - grad_m|^2/sigma_m^2), C = -sum_(m != l) (k_m/2) "
      "log(2 pi sigma_m^2)", "k = 2 samples, 2 Gaussian layers besides l", NULL,
      EXACT(LP_REL_EQ, "+k1; +k2; +s1; +s2; beta; L1; L2; G1; G2; X1; X2; q11; q12; q21; q22",
            "((G1 + (-k1/2*L1 - q11/(2*s1^2)) + (-k2/2*L2 - q21/(2*s2^2)) + beta*X1)"
            " + (G2 + (-k1/2*L1 - q12/(2*s1^2)) + (-k2/2*L2 - q22/(2*s2^2)) + beta*X2))/2",
            "-(k1/2*L1 + k2/2*L2) + ((G1 + beta*X1 - (q11/s1^2 + q21/s2^2)/2)"
            " + (G2 + beta*X2 - (q12/s1^2 + q22/s2^2)/2))/2") },
    { "balunovic/A.5/sigma-limit", "balunovic/A.5/sigma-limit", LP_EXPECT_PROOF,
      "F_sigma = G - Q/(2 sigma^2): F_sigma(x_s) - F_sigma(x*) = ((Q(x*) - Q(x_s)) + 2 sigma^2 (G(x_s) - G(x*)))"
      "/(2 sigma^2), so F_sigma(x_s) >= F_sigma(x*) gives Q(x_s) - Q(x*) <= 2 sigma^2 (G(x_s) - G(x*))",
      "sigma > 0, every value of G and Q at x_s and x*", NULL,
      EXACT(LP_REL_EQ, "+s; Gs; Gt; Qs; Qt", "(Gs - Qs/(2*s^2)) - (Gt - Qt/(2*s^2))",
            "((Qt - Qs) + 2*s^2*(Gs - Gt))/(2*s^2)") },
    { "balunovic/A.6/variance:mean", "balunovic/A.6/variance", LP_EXPECT_PROOF,
      "the mean of k draws with E X_i = m, E X_i^2 = v + m^2 and E X_i X_j = m^2 (i != j, independent) has "
      "E[mean^2] - m^2 = (k (v + m^2) + k (k - 1) m^2)/k^2 - m^2 = v/k", "k >= 1, every m, v", NULL,
      EXACT(LP_REL_EQ, "+k; m; v", "(k*(v + m^2) + k*(k - 1)*m^2)/k^2 - m^2", "v/k") },
    { "balunovic/A.6/variance:falls", "balunovic/A.6/variance", LP_EXPECT_PROOF,
      "v/k > v/(k + 1): one more sample lowers the variance", "k >= 1, v > 0", NULL,
      EXACT(LP_REL_GT, "+k; +v", "v/k", "v/(k + 1)") },
};
const size_t lp_nstmts_balunovic = sizeof lp_stmts_balunovic / sizeof lp_stmts_balunovic[0];
