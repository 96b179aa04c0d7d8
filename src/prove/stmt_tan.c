/* stmt_tan.c -- the statements of Tan et al. (Appendix B.5, Section 5) the prover proves.
 * The box statements' margins are written on Arb's series (stmt.h), each tail with its
 * argument; the exact ones are formulas (rf_parse.c).  Which claims each serves, and how, is
 * stmt_claims.c's. */

#include "prove/stmt.h"

/* ---- u'_sigma(d) >= 0 (B.5): ln(1 + a) - a/(1 + a), a = S^2/(sigma d) ------------------- */
static void
m_u_prime(arb_poly_t m, const arb_poly_struct *x, slong len, slong prec)
{
    arb_poly_t t, one;
    arb_poly_init(t);
    arb_poly_init(one);
    arb_poly_add_si(one, x, 1, prec);
    arb_poly_log1p_series(m, x, len, prec);
    arb_poly_div_series(t, x, one, len, prec);
    arb_poly_sub(m, m, t, prec);
    arb_poly_clear(one);
    arb_poly_clear(t);
}

/* a >= A: ln(1 + a) >= ln(1 + A) (increasing) and a/(1 + a) < 1, so the margin is > ln(1 + A) - 1 */
static int
t_u_prime(arb_t lower, int i, const arb_struct *lo, const arb_struct *hi, slong prec)
{
    arb_log1p(lower, lo + i, prec);
    arb_sub_si(lower, lower, 1, prec);
    return 1;
}

/* ---- ln(1 + x) <= x: the margin x - ln(1 + x) ------------------------------------------- */
static void
m_log1p_upper(arb_poly_t m, const arb_poly_struct *x, slong len, slong prec)
{
    arb_poly_log1p_series(m, x, len, prec);
    arb_poly_sub(m, x, m, prec);
    arb_poly_truncate(m, len);
}

/* x >= A: the margin's derivative x/(1 + x) is >= 0, so it is at least its value at A */
static int
t_log1p_upper(arb_t lower, int i, const arb_struct *lo, const arb_struct *hi, slong prec)
{
    arb_t l;
    arb_init(l);
    arb_log1p(l, lo + i, prec);
    arb_sub(lower, lo + i, l, prec);
    arb_clear(l);
    return 1;
}

/* ---- ln(1 + x) >= x - x^2/2: the margin ln(1 + x) - x + x^2/2 ----------------------------- */
static void
m_log1p_lower(arb_poly_t m, const arb_poly_struct *x, slong len, slong prec)
{
    arb_poly_t t;
    arb_poly_init(t);
    arb_poly_mullow(t, x, x, len, prec);
    arb_poly_scalar_mul_2exp_si(t, t, -1);
    arb_poly_log1p_series(m, x, len, prec);
    arb_poly_sub(m, m, x, prec);
    arb_poly_add(m, m, t, prec);
    arb_poly_truncate(m, len);
    arb_poly_clear(t);
}

/* x >= A: the margin's derivative 1/(1 + x) - 1 + x = x^2/(1 + x) is >= 0: its value at A */
static int
t_log1p_lower(arb_t lower, int i, const arb_struct *lo, const arb_struct *hi, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_log1p(lower, lo + i, prec);
    arb_sub(lower, lower, lo + i, prec);
    arb_sqr(t, lo + i, prec);
    arb_mul_2exp_si(t, t, -1);
    arb_add(lower, lower, t, prec);
    arb_clear(t);
    return 1;
}

/* ---- ln(1 + r) > 0 for r > 0 ------------------------------------------------------------ */
static void
m_log1p(arb_poly_t m, const arb_poly_struct *x, slong len, slong prec)
{
    arb_poly_log1p_series(m, x, len, prec);
}

static int
t_log1p(arb_t lower, int i, const arb_struct *lo, const arb_struct *hi, slong prec)
{
    arb_log1p(lower, lo + i, prec);         /* increasing */
    return 1;
}

/* ---- B.5's calibration in its proved range eps <= 1 ---------------------------------------
 * The Gaussian mechanism with sensitivity S and standard deviation sigma = S c / eps,
 * c = sqrt(2 ln(1.25/delta)), is (eps, delta)-DP exactly when (Balle and Wang 2018, Thm. 8)
 *   delta(eps) = Phi(eps/(2c) - c) - e^eps Phi(-eps/(2c) - c) <= delta = 1.25 e^{-c^2/2};
 * the margin is that inequality times e^{c^2/2}:
 *   1.25 - e^{c^2/2} [Phi(eps/(2c) - c) - e^eps Phi(-eps/(2c) - c)],  Phi(z) = erfc(-z/sqrt 2)/2. */
static void
phi_series(arb_poly_t out, const arb_poly_t z, slong len, slong prec)
{
    arb_t r;
    arb_init(r);
    arb_rsqrt_ui(r, 2, prec);
    arb_neg(r, r);
    arb_poly_scalar_mul(out, z, r, prec);
    arb_hypgeom_erfc_series(out, out, len, prec);
    arb_poly_scalar_mul_2exp_si(out, out, -1);
    arb_clear(r);
}

static void
m_calibration(arb_poly_t m, const arb_poly_struct *x, slong len, slong prec)
{
    const arb_poly_struct *eps = x, *c = x + 1;
    arb_poly_t q, z, p1, p2, e, t;
    arb_poly_init(q);
    arb_poly_init(z);
    arb_poly_init(p1);
    arb_poly_init(p2);
    arb_poly_init(e);
    arb_poly_init(t);
    arb_poly_div_series(q, eps, c, len, prec);
    arb_poly_scalar_mul_2exp_si(q, q, -1);          /* eps/(2c) */
    arb_poly_sub(z, q, c, prec);
    phi_series(p1, z, len, prec);
    arb_poly_neg(z, q);
    arb_poly_sub(z, z, c, prec);
    phi_series(p2, z, len, prec);
    arb_poly_exp_series(e, eps, len, prec);
    arb_poly_mullow(p2, p2, e, len, prec);
    arb_poly_sub(p1, p1, p2, prec);                 /* delta(eps) */
    arb_poly_mullow(t, c, c, len, prec);
    arb_poly_scalar_mul_2exp_si(t, t, -1);
    arb_poly_exp_series(e, t, len, prec);
    arb_poly_mullow(p1, p1, e, len, prec);
    arb_poly_zero(m);
    arb_poly_set_coeff_si(m, 0, 5);
    arb_poly_scalar_mul_2exp_si(m, m, -2);          /* 1.25 */
    arb_poly_sub(m, m, p1, prec);
    arb_poly_truncate(m, len);
    arb_poly_clear(t);
    arb_poly_clear(e);
    arb_poly_clear(p2);
    arb_poly_clear(p1);
    arb_poly_clear(z);
    arb_poly_clear(q);
}

/* c >= A >= 1, eps in [0, e1] with e1 <= 1: with x = c - eps/(2c) >= A - e1/(2A) > 0, Mills'
 * ratio Phi(-x) <= phi(x)/x and c^2 - x^2 = eps - eps^2/(4c^2) <= e1 bound the first term:
 *   e^{c^2/2} Phi(-x) <= e^{e1/2} / (sqrt(2 pi) (A - e1/(2A)));
 * the second, e^{eps + c^2/2} Phi(-eps/(2c) - c), is >= 0 and only adds. */
static int
t_calibration(arb_t lower, int i, const arb_struct *lo, const arb_struct *hi, slong prec)
{
    arb_t x, t, one;
    int ok;
    arb_init(x);
    arb_init(t);
    arb_init(one);
    arb_one(one);
    ok = i == 1 && arb_ge(lo + 1, one) && arb_le(hi + 0, one);
    if (ok) {
        arb_div(x, hi + 0, lo + 1, prec);
        arb_mul_2exp_si(x, x, -1);
        arb_sub(x, lo + 1, x, prec);                /* A - e1/(2A) */
        arb_const_pi(t, prec);
        arb_mul_2exp_si(t, t, 1);
        arb_sqrt(t, t, prec);
        arb_mul(x, x, t, prec);
        arb_mul_2exp_si(t, hi + 0, -1);
        arb_exp(t, t, prec);
        arb_div(t, t, x, prec);
        arb_set_si(lower, 5);
        arb_mul_2exp_si(lower, lower, -2);
        arb_sub(lower, lower, t, prec);
    }
    arb_clear(one);
    arb_clear(t);
    arb_clear(x);
    return ok;
}

static const lp_box_stmt box_u_prime = {
    1, { { "a", "0", "inf", 0, 1, 0 } }, LP_REL_GE, m_u_prime, t_u_prime, "2" };
static const lp_box_stmt box_log1p_upper = {
    1, { { "x", "0", "inf", 0, 1, 0 } }, LP_REL_GE, m_log1p_upper, t_log1p_upper, "1" };
static const lp_box_stmt box_log1p_lower = {
    1, { { "x", "0", "inf", 0, 1, 0 } }, LP_REL_GE, m_log1p_lower, t_log1p_lower, "1" };
static const lp_box_stmt box_log1p = {
    1, { { "r", "0", "inf", 0, 1, 1 } }, LP_REL_GT, m_log1p, t_log1p, "1" };
static const lp_box_stmt box_calibration = {
    2, { { "eps", "0", "1", 0, 0, 0 }, { "c", "2/3", "inf", 0, 0, 0 } }, LP_REL_GT, m_calibration, t_calibration, "1" };

#define EXACT(rel, vars, lhs, rhs) (&(const lp_exact_stmt) { rel, vars, lhs, rhs, NULL, NULL })
#define CAPACITY_VARS "+d; +lambda; +sigma; L = log((lambda + sigma)/sigma)"
#define U_VARS "+d; +sigma; +S; L = log((sigma + S^2/d)/sigma)"

const lp_stmt lp_stmts_tan[] = {
    { "tan/B.5/u-prime", "tan/B.5/u-prime tan/B.5/increasing", LP_EXPECT_PROOF,
      "d/dd [d ln((sigma + S^2/d)/sigma)] = ln((sigma + S^2/d)/sigma) + sigma/(sigma + S^2/d) - 1",
      "d, sigma, S > 0", NULL, EXACT(LP_REL_EQ, U_VARS, "diff(d*L, d)", "L + sigma/(sigma + S^2/d) - 1") },
    { "tan/B.5/u-second", "tan/B.5/u-second", LP_EXPECT_DISPROOF,
      "the printed u''(d) = -S^2 (2 sigma d + S^2)/(d (sigma d + S^2)^2) is below the derivative of u'(d) "
      "(which is -S^4/(d (sigma d + S^2)^2)) everywhere: the printed formula is never the derivative",
      "d, sigma, S > 0", NULL,
      EXACT(LP_REL_LT, U_VARS, "-S^2*(2*sigma*d + S^2)/(d*(sigma*d + S^2)^2)", "diff(diff(d*L, d), d)") },
    { "tan/B.5/increasing", "tan/B.5/increasing", LP_EXPECT_PROOF,
      "u'_sigma(d) = ln(1 + a) - a/(1 + a) >= 0 with a = S^2/(sigma d)",
      "a in [0, inf)", &box_u_prime, NULL },
    { "tan/log1p-upper", "tan/B.5/lhospital tan/eq34 tan/fig7 tan/sec5.1/unique tan/thm4 tan/sec3.1/mi-grows "
      "tan/intro/n-kappa tan/sec3.2/n-kappa tan/eq10 tan/sec4.2/noiseless tan/sec2.2/maxent", LP_EXPECT_PROOF,
      "ln(1 + x) <= x", "x in [0, inf)", &box_log1p_upper, NULL },
    { "tan/log1p-lower", "tan/B.5/lhospital tan/eq34", LP_EXPECT_PROOF,
      "ln(1 + x) >= x - x^2/2", "x in [0, inf)", &box_log1p_lower, NULL },
    { "tan/log1p-positive", "tan/sec5.3/compression tan/fig7 tan/B.5/amgm tan/eq34", LP_EXPECT_PROOF,
      "ln(1 + r) > 0", "r in (0, inf)", &box_log1p, NULL },
    { "tan/B.5/calibration", "tan/B.5/calibration", LP_EXPECT_PROOF,
      "Phi(eps/(2c) - c) - e^eps Phi(-eps/(2c) - c) < 1.25 e^{-c^2/2}: the Gaussian mechanism with "
      "sigma = S c/eps, c = sqrt(2 ln(1.25/delta)), is (eps, delta)-DP",
      "eps in [0, 1], c in [2/3, inf) (every delta < 1)", &box_calibration, NULL },
    { "tan/capacity-lambda", "tan/sec5.1/monotone tan/fig3", LP_EXPECT_PROOF,
      "d/dlambda [(d/2) ln((lambda + sigma)/sigma)] > 0", "d, lambda, sigma > 0", NULL,
      EXACT(LP_REL_GT, CAPACITY_VARS, "diff(d/2*L, lambda)", "0") },
    { "tan/capacity-sigma", "tan/sec5.1/monotone tan/fig3 tan/sec5.1/unique tan/fig7", LP_EXPECT_PROOF,
      "d/dsigma [(d/2) ln((lambda + sigma)/sigma)] < 0", "d, lambda, sigma > 0", NULL,
      EXACT(LP_REL_LT, CAPACITY_VARS, "diff(d/2*L, sigma)", "0") },
    { "tan/thm4/batch", "tan/thm4/batch", LP_EXPECT_PROOF,
      "d/dB [1/2 ln(1 + (lambda/B)/(sigma/B^2))] > 0: B.5's g = (sum g_i + xi)/B has signal "
      "covariance Sigma/B and noise sigma/B^2, and each eigen-term of its capacity rises with B",
      "B, lambda, sigma > 0", NULL,
      EXACT(LP_REL_GT, "+B; +lambda; +sigma; L = log(1 + (lambda/B)/(sigma/B^2))", "diff(L/2, B)", "0") },
    { "tan/eq22", "tan/eq22", LP_EXPECT_PROOF,
      "d/dB [1/2 ln((lambda/B + sigma)/sigma)] < 0: each eigen-term of C_B falls as B grows",
      "B, lambda, sigma > 0", NULL,
      EXACT(LP_REL_LT, "+B; +lambda; +sigma; L = log((lambda/B + sigma)/sigma)", "diff(L/2, B)", "0") },
    { "tan/sec3.1/bound-decreasing", "tan/sec3.1/bound-decreasing", LP_EXPECT_PROOF,
      "d/dI [e^{2h/d}/(2 pi e) e^{-2I/d}] < 0", "every real h and I, d > 0", NULL,
      EXACT(LP_REL_LT, "+d; +pi; I; h; e = exp(1); E = exp(2*h/d - 2*I/d)", "diff(E/(2*pi*e), I)", "0") },
    { "tan/sec5.1/crafting", "tan/sec5.1/crafting", LP_EXPECT_PROOF,
      "on F = W^2 D the gradient 2 W D has variance lambda = 4 W^2 Var D, and "
      "d/dW [1/2 ln(1 + 4 W^2 v/sigma)] > 0", "W > 0 (the capacity is even in W), v = Var D > 0, sigma > 0",
      NULL, EXACT(LP_REL_GT, "+W; +v; +sigma; L = log(1 + 4*W^2*v/sigma)", "diff(L/2, W)", "0") },
    { "tan/eq19", "tan/eq19", LP_EXPECT_PROOF,
      "sigma_i = lambda_i/u, u = e^{2 kappa/d} - 1: (lambda_i + sigma_i)/sigma_i = 1 + u = e^{2 kappa/d}",
      "lambda_i > 0, u > 0 (kappa > 0)", NULL,
      EXACT(LP_REL_EQ, "+lambda; +u", "(lambda + lambda/u)/(lambda/u)", "1 + u") },
    { "tan/sec5.2/toy:W2", "tan/sec5.2/toy", LP_EXPECT_PROOF,
      "gradient noise 16/u, u = e^2 - 1, at W = 2 (signal variance 4 W^2 Var D = 16): 1 + SNR = 1 + u = e^2",
      "u > 0", NULL, EXACT(LP_REL_EQ, "+u", "1 + 4*2^2*1/(16/u)", "1 + u") },
    { "tan/sec5.2/toy:W6", "tan/sec5.2/toy", LP_EXPECT_PROOF,
      "the same noise at W = 6: 1 + SNR = 1 + 9u > 1 + u = e^2, so C > 1", "u > 0", NULL,
      EXACT(LP_REL_GT, "+u", "1 + 4*6^2*1/(16/u)", "1 + u") },
    { "tan/sec5.2/toy:data", "tan/sec5.2/toy", LP_EXPECT_PROOF,
      "data noise 1/u on D ~ N(-1, 1): the gradient 2 W (D + xi) has 1 + SNR = 1 + 4 W^2/(4 W^2/u) = 1 + u "
      "= e^2 for every W", "u > 0, W != 0", NULL,
      EXACT(LP_REL_EQ, "+u; W", "1 + 4*W^2*1/(4*W^2/u)", "1 + u") },
    { "tan/sec5.2/adaptive", "tan/sec5.2/adaptive", LP_EXPECT_PROOF,
      "data noise of variance s on F = W^2 D: SNR = 4 W^2 v/(4 W^2 s) = v/s whatever W",
      "W != 0, v = Var D > 0, s > 0", NULL,
      EXACT(LP_REL_EQ, "W; +v; +s", "4*W^2*v/(4*W^2*s)", "v/s") },
    { "tan/eq17", "tan/eq17", LP_EXPECT_PROOF,
      "on F = W^2 D: grad_W F(W; D + xi) = grad_W F(W; D) + grad_D grad_W F(W; D) xi exactly",
      "every real W, D, xi", NULL,
      EXACT(LP_REL_EQ, "W; D; xi", "diff(W^2*(D + xi), W)", "diff(W^2*D, W) + diff(diff(W^2*D, W), D)*xi") },
    { "tan/amgm:concave", "tan/B.5/amgm tan/eq34", LP_EXPECT_PROOF,
      "d^2/dx^2 ln(1 + x/sigma) < 0: x -> ln((sigma + x)/sigma) is concave", "x, sigma > 0", NULL,
      EXACT(LP_REL_LT, "+x; +sigma; L = log(1 + x/sigma)", "diff(diff(L, x), x)", "0") },
    { "tan/amgm:trace", "tan/B.5/amgm tan/eq34", LP_EXPECT_PROOF,
      "d/dt [d ln(1 + t/(d sigma))] > 0: f^ rises with the trace t", "d, t, sigma > 0", NULL,
      EXACT(LP_REL_GT, "+d; +t; +sigma; L = log(1 + t/(d*sigma))", "diff(d*L, t)", "0") },
};
const size_t lp_nstmts_tan = sizeof lp_stmts_tan / sizeof lp_stmts_tan[0];
