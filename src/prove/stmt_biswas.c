/* stmt_biswas.c -- the statements of Biswas et al. (Appendices A and B) the prover proves.
 * Powers with a symbolic exponent are atoms, each named where it is declared: P = pi^(p/2),
 * T = 2^(p/2), Sg = sigma^p, Rp = R^p, K = kappa^(p/2), G = Gamma(p/2), G1 = Gamma(p/2 + 1),
 * I = I_(p/2 - 1)(kappa), Ek = e^kappa; the only rewriting done by hand is (x y)^a = x^a y^a for
 * x, y > 0 (so (2 pi sigma^2)^(p/2) = T P Sg), said where it is used.  Which claims each
 * statement serves, and how, is stmt_claims.c's. */
#include "prove/stmt.h"

/* ---- the chord is no longer than the arc: theta - 2 sin(theta/2) >= 0 --------------------- */
static void
m_chord_arc(arb_poly_t m, const arb_poly_struct *x, slong len, slong prec)
{
    arb_poly_t h;
    arb_poly_init(h);
    arb_poly_scalar_mul_2exp_si(h, x, -1);
    arb_poly_sin_series(m, h, len, prec);
    arb_poly_scalar_mul_2exp_si(m, m, 1);
    arb_poly_sub(m, x, m, prec);
    arb_poly_truncate(m, len);
    arb_poly_clear(h);
}

static const lp_box_stmt box_chord_arc = {
    1, { { "theta", "0", "4", 0, 0, 0 } }, LP_REL_GE, m_chord_arc, NULL, NULL };

#define EXACT(rel, vars, lhs, rhs) (&(const lp_exact_stmt) { rel, vars, lhs, rhs, NULL, NULL })

const lp_stmt lp_stmts_biswas[] = {
    { "biswas/chord-arc", "biswas/appA/eps-d-theta", LP_EXPECT_PROOF,
      "theta - 2 sin(theta/2) >= 0: the chord |x - x'| = 2 sin(theta/2) of unit vectors at angle theta is "
      "at most the arc theta", "theta in [0, 4] (holds [0, pi])", &box_chord_arc, NULL },
    { "biswas/gauss-decreasing", "biswas/B.2/sup-inside biswas/B.2/sup-outside balunovic/table1/dlg "
      "balunovic/sec6/gauss-l2", LP_EXPECT_PROOF,
      "d/dr [N e^{-r^2/(2 sigma^2)}] < 0, N = (2 pi sigma^2)^(-p/2): the Gaussian density falls with the "
      "distance r = |g - mu|", "r, sigma > 0, every p",
      NULL, EXACT(LP_REL_LT, "+r; +sigma; +N; E = exp(-r^2/(2*sigma^2))", "diff(N*E, r)", "0") },
    { "biswas/B.2/norm", "biswas/B.2/norm biswas/B.2/sup-outside", LP_EXPECT_PROOF,
      "|y - R y/|y|| = |1 - R/rho| rho = (1 - R/rho) rho = rho - R, rho = |y| >= R",
      "rho >= R > 0", NULL, EXACT(LP_REL_EQ, "+rho; +R", "(1 - R/rho)*rho", "rho - R") },
    { "biswas/B.2/inner", "biswas/B.2/inner biswas/B.2/derived biswas/B.2/volume", LP_EXPECT_PROOF,
      "V(B_R^p)/sqrt(2 pi sigma^2)^p = (P Rp/G1)/(T P Sg) = Rp/(G1 T Sg), i.e. "
      "R^p/(Gamma(p/2 + 1) 2^(p/2) sigma^p)", "p >= 1, R, sigma > 0", NULL,
      EXACT(LP_REL_EQ, "+P; +T; +Sg; +Rp; +G1", "(P*Rp/G1)/(T*P*Sg)", "Rp/(G1*T*Sg)") },
    { "biswas/B.2/shell", "biswas/B.2/area biswas/B.2/derived", LP_EXPECT_PROOF,
      "(2 pi sigma^2)^(-p/2) A(S^(p-1)) Z/2 with A = 2 pi^(p/2)/Gamma(p/2) is "
      "Z/(Gamma(p/2) 2^(p/2) sigma^p)", "p >= 1, sigma > 0, Z > 0", NULL,
      EXACT(LP_REL_EQ, "+P; +T; +Sg; +G; +Z", "1/(T*P*Sg)*(2*P/G)*Z/2", "Z/(G*T*Sg)") },
    { "biswas/B.2/result", "biswas/B.2/result", LP_EXPECT_DISPROOF,
      "the printed shell term 2 Z/(Gamma(p/2) 2^(p/2) sigma^p) exceeds the derived Z/(Gamma(p/2) 2^(p/2) "
      "sigma^p) by a factor 2: the result does not follow", "p >= 1, sigma > 0, Z > 0", NULL,
      EXACT(LP_REL_GT, "+T; +Sg; +G; +Z", "2*Z/(G*T*Sg)", "Z/(G*T*Sg)") },
    { "biswas/B.2/volume", "biswas/B.2/volume", LP_EXPECT_PROOF,
      "pi^(p/2) R^p/Gamma(p/2 + 1) = A(S^(p-1)) R^p/p (the integral of A r^(p-1) over [0, R]), with "
      "Gamma(p/2 + 1) = (p/2) Gamma(p/2)", "p >= 1, R > 0", NULL,
      EXACT(LP_REL_EQ, "+p; +P; +Rp; +G", "P*Rp/(p/2*G)", "(2*P/G)*Rp/p") },
    { "biswas/B.3/closed-form", "biswas/B.3/result biswas/B.2/area biswas/thm-IV.1 biswas/thm-B.3 "
      "biswas/sec-IV/decomposes", LP_EXPECT_PROOF,
      "e^kappa A(S^(p-1))/C_(p,kappa), C = (2 pi)^(p/2) I/kappa^(p/2 - 1), equals "
      "2 Gamma(p/2)^-1 kappa^(p/2 - 1) e^kappa/(2^(p/2) I), I = I_(p/2 - 1)(kappa)", "p >= 1, kappa > 0", NULL,
      EXACT(LP_REL_EQ, "+kappa; +Ek; +P; +T; +G; +I; +K", "Ek*(2*P/G)/(T*P*I/(K/kappa))",
            "2*(K/kappa)*Ek/(G*T*I)") },
    { "biswas/vmf-increasing", "biswas/B.3/max-at-mean biswas/B.3/sup biswas/thm-IV.1 biswas/thm-B.3 "
      "biswas/sec-IV/decomposes", LP_EXPECT_PROOF, "d/dt [e^(kappa t)/C] > 0: the VMF density rises with t = x . y",
      "every real t, kappa > 0, C > 0", NULL,
      EXACT(LP_REL_GT, "+kappa; +C; t; E = exp(kappa*t)", "diff(E/C, t)", "0") },
};
const size_t lp_nstmts_biswas = sizeof lp_stmts_biswas / sizeof lp_stmts_biswas[0];
