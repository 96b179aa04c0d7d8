/* stmt_claims.c -- the claims of the ledger the prover decides: for each, the domain D it is
 * proved (or refuted) on, the paper's domain where D is only part of it, and the argument that
 * joins the certified statements (every statement whose ids list the claim, stmt_*.c) into the
 * claim: the steps that are cited (a named theorem) or elementary, never a computation.
 * Contracts in stmt.h. */
#include <string.h>
#include "prove/stmt.h"

#define P LP_EXPECT_PROOF
#define D LP_EXPECT_DISPROOF
#define SMALL_D "every d"

const lp_proof lp_proofs[] = {
    /* ---- Tan et al., Appendix B.5 and Section 5 ---- */
    { "tan/B.5/u-prime", P, "every d, sigma, S > 0", NULL,
      "the derivative of u, computed through the logarithm's chain rule, is the printed u' as a rational "
      "function of d, sigma, S and L = ln((sigma + S^2/d)/sigma)" },
    { "tan/B.5/u-second", D, "every d, sigma, S > 0", NULL,
      "the printed u'' lies below the derivative of u' at every point, so it is nowhere the second "
      "derivative" },
    { "tan/B.5/increasing", P, "every d, sigma, S > 0 (a = S^2/(sigma d) > 0)", NULL,
      "u' as printed is the derivative of u (tan/B.5/u-prime) and, with sigma/(sigma + S^2/d) = 1/(1 + a), "
      "equals ln(1 + a) - a/(1 + a) >= 0: u increases with d; the route through u'' is not needed" },
    { "tan/B.5/lhospital", P, "every sigma, S > 0 as d -> inf", NULL,
      "with x = S^2/(sigma d), u_sigma(d) = (S^2/sigma) ln(1 + x)/x, and x - x^2/2 <= ln(1 + x) <= x give "
      "S^2/sigma - S^4/(2 sigma^2 d) <= u_sigma(d) <= S^2/sigma, so u_sigma(d) -> S^2/sigma" },
    { "tan/B.5/amgm", P, "every d >= 1, sigma > 0, eigenvalues lambda_i >= 0 with sum <= S^2", NULL,
      "x -> ln(1 + x/sigma) is concave, so Jensen's inequality (cited) gives f <= (d/2) ln(1 + sum lambda_i/"
      "(d sigma)), which is <= f^ = d ln(1 + sum lambda_i/(d sigma)) since ln(1 + r) > 0; f^ rises with the "
      "trace, which is <= S^2 (eq. (33))" },
    { "tan/eq34", P, "every d >= 1, sigma, S > 0, eigenvalues >= 0 with sum <= S^2", NULL,
      "f <= u_sigma(d) is tan/B.5/amgm's chain; u_sigma(d) <= S^2/sigma by ln(1 + x) <= x at x = S^2/(sigma d); "
      "u_sigma(+inf) = S^2/sigma as in tan/B.5/lhospital" },
    { "tan/fig7", P, "every lambda_i, sigma_i > 0", NULL,
      "the term (1/2) ln(1 + lambda_i/sigma_i) falls as sigma_i grows and lies in (0, lambda_i/(2 sigma_i)] "
      "(ln(1 + r) > 0, ln(1 + x) <= x), so it tends to 0, the term of lambda_i = 0, as sigma_i -> inf" },
    { "tan/sec5.3/compression", P, "every lambda_i, sigma > 0", NULL,
      "the removed term (1/2) ln(1 + lambda_i/sigma) is > 0, so the capacity falls by it" },
    { "tan/sec5.1/unique", P, "kappa > 0, some lambda_i > 0",
      "kappa >= 0, where at kappa = 0 no finite sigma solves f(sigma) = 0 (f > 0)",
      "f(sigma) = sum_i (1/2) ln(1 + lambda_i/sigma) is continuous and strictly decreasing (each term with "
      "lambda_i > 0; the others are 0), tends to inf as sigma -> 0 (ln(1 + lambda/sigma) > ln(lambda/sigma)) "
      "and to 0 as sigma -> inf (f <= sum lambda_i/(2 sigma), ln(1 + x) <= x): by the intermediate value "
      "theorem f(sigma) = kappa has exactly one root" },
    { "tan/sec5.1/monotone", P, "every d >= 1, lambda, sigma > 0", NULL,
      "the derivatives of C = (d/2) ln((lambda + sigma)/sigma) in lambda and in sigma have coefficients of one "
      "sign over positive variables" },
    { "tan/fig3", P, "every d >= 1, lambda, sigma > 0", NULL, "the caption's two monotonicities, as "
      "tan/sec5.1/monotone" },
    { "tan/thm4/batch", P, "every B >= 1, lambda_i > 0, sigma > 0", NULL,
      "g = (sum g_i + xi)/B has signal covariance Sigma/B and noise sigma I/B^2, so its capacity is "
      "(1/2) sum ln(1 + (lambda_i/B)/(sigma/B^2)), each term rising with B" },
    { "tan/thm4", P, "every d, B >= 1, sigma > 0, clipped gradients |g| <= S", NULL,
      "B.5's g = (sum g_i + xi)/B has signal covariance Sigma/B and noise sigma I/B^2, so C = (1/2) sum "
      "ln(1 + B lambda_i/sigma) <= B tr Sigma/(2 sigma) <= B S^2/(2 sigma) <= B S^2/sigma (ln(1 + x) <= x, "
      "eq. (33)): bound (1) holds, with room of a factor 2" },
    { "tan/eq22", P, "every B >= 1, lambda_i > 0, sigma > 0", NULL,
      "each term (1/2) ln((lambda_i/B + sigma)/sigma) of C_B falls as B grows: C_B decreases with B" },
    { "tan/sec3.1/bound-decreasing", P, "every h(D), I, d >= 1", NULL,
      "the bound (5) has the derivative -(2/d) times itself in I, negative over positive atoms" },
    { "tan/sec5.1/crafting", P, "the toy loss F = W^2 D, every W != 0, Var D > 0, sigma > 0",
      "any loss (the toy loss of Section 5.2 is its example and the ledger's check)",
      "on F = W^2 D the gradient 2 W D has variance 4 W^2 Var D, and the capacity rises with |W| (it is even "
      "in W): the server widens the channel by sending a larger |W|" },
    { "tan/eq19", P, "every lambda_i > 0, kappa > 0, d >= 1", NULL,
      "(lambda_i + sigma_i)/sigma_i = e^(2 kappa/d) exactly, so each dimension carries (1/2)(2 kappa/d) = "
      "kappa/d and f(Psi) = kappa" },
    { "tan/sec5.2/toy", P, "the example's numbers, D ~ N(-1, 1), W = 2 and 6, every W for the data noise", NULL,
      "u = e^2 - 1: gradient noise 16/u at W = 2 gives 1 + SNR = e^2 (C = 1), at W = 6 1 + 9u > e^2 (C > 1); "
      "data noise 1/u gives 1 + SNR = e^2 (C = 1) at every W != 0" },
    { "tan/sec5.2/adaptive", P, "the toy loss F = W^2 D, every W != 0, Var D, s > 0",
      "any loss (the toy loss is the paper's example and the ledger's check)",
      "SNR = 4 W^2 Var D/(4 W^2 s) = Var D/s, whatever W, and so is the capacity (1/2) ln(1 + SNR)" },
    { "tan/eq17", P, "the toy loss F = W^2 D, every W, D, xi",
      "any loss, to first order (on the toy loss the expansion is exact)",
      "both sides, computed by differentiation, agree as polynomials: the O(|xi|^2) term is 0" },
    { "tan/B.5/calibration", P, "eps in (0, 1], every delta in (0, 1)",
      "eps from 1.705 to 331.668 where Section 6.3 applies it, outside the range proved here (the finding)",
      "Balle and Wang's exact condition for the Gaussian mechanism (cited) holds: the classical noise "
      "S sqrt(2 ln(1.25/delta))/eps is (eps, delta)-DP for eps <= 1" },
    /* ---- Tan et al., matrix steps at d = 2, 3 ---- */
    { "tan/lemma2", P, "d = 2 and 3, every positive semi-definite A", SMALL_D,
      "det A = prod lambda_i and tr A = sum lambda_i (the spectral theorem); ((sum lambda)/d)^d - prod lambda "
      "is a sum of squares with positive weights (at eigenvalues 0 by continuity)" },
    { "tan/B.1/step2", P, "d = 2 and 3", SMALL_D, "Lemma 2 (as tan/lemma2) and the logarithm's monotonicity" },
    { "tan/eq26", P, "symmetric A, B of size 2 and 3 (where the inverses exist)", SMALL_D,
      "both sides, every entry a free variable, agree as rational functions" },
    { "tan/eq29", P, "i = 3, Sigma_2 symmetric invertible, every rho, c", "every i",
      "both sides, every entry a free variable, agree as rational functions" },
    { "tan/eq30", P, "i = 3, Sigma_2 symmetric invertible, every rho, c", "every i",
      "both sides, every entry a free variable, agree as rational functions" },
    { "tan/eq31", P, "i = 3, Sigma_3 symmetric, every beta", "every i", "as eq. (32): one identity" },
    { "tan/eq32", P, "i = 3, Sigma_3 symmetric, every beta", "every i",
      "det(Sigma_3 + diag beta) = v_3 det(Sigma_2 + diag beta_2) with v_3 as printed, exactly" },
    { "tan/B.4/v-rewrite", P, "i = 3, Sigma_2 symmetric, beta_(i-1) != 0", "every i",
      "both sides, every entry a free variable, agree as rational functions" },
    { "tan/B.4/induction", P, "d = 3, every symmetric Sigma, every beta", SMALL_D,
      "det(Sigma + diag beta) = v_1 v_2 v_3 exactly; the logarithm of a product of positive numbers is the "
      "sum of their logarithms" },
    { "tan/B.3/det", P, "d = 3, every orthogonal Q, every lambda, sigma", SMALL_D,
      "proved for Q = (I - K)(I + K)^-1, K skew: these are the rotations without the eigenvalue -1, dense "
      "in SO(3), and both sides are polynomials in Q's entries; -Q gives the rest of O(3) and the same "
      "Q diag(lambda) Q^T" },
    { "tan/eq25", P, "d = 3, every orthogonal Q", SMALL_D,
      "Q (sigma I) Q^T = sigma I for Cayley's Q, and by density and -Q for every orthogonal Q (as tan/B.3/det)" },
    { "tan/B.4/v-le", P, "i = 2 and 3, Sigma_(i-1) + diag beta_(i-1) positive definite, every rho", "every i",
      "every positive definite M is L L^T (Cholesky), and rho^T M^-1 rho is then a sum of squares (sizes 1 "
      "and 2): v_i = c + beta_i - rho^T M^-1 rho <= c + beta_i" },
    { "tan/B.4/v-lemma3", P, "i = 2 and 3, Sigma_(i-1) and Sigma_(i-1) + diag beta_(i-1) positive definite",
      "every i",
      "(u_i + k_i) - v_i = s^T (Sigma_(i-1) + diag beta)^-1 s with s = diag(beta) Sigma^-1 rho (sizes 1 and 2), "
      "a positive definite quadratic form, a sum of squares: v_i <= u_i + k_i" },
    { "tan/thm3", P, "d = 3, Sigma positive definite, beta > 0", "every d",
      "ln det(Sigma + diag beta) = sum ln v_i, and 0 < v_i <= c_ii + beta_i, v_i <= u_i + k_i for i = 1, 2, 3 "
      "(v_1 = c_11 + beta_1 = u_1 + k_1): the logarithm's monotonicity bounds the sum by both" },
    { "tan/lemma3", P, "d = 2, positive definite A, B, every a",
      "every d, where semi-definite as printed is not enough for the inverses (the ledger's note)",
      "a^T A^-1 a - a^T (A + B)^-1 a = t^T (A^-1 + B^-1)^-1 t, t = A^-1 a; A^-1 + B^-1 is positive definite "
      "(cited: sums and inverses of positive definite matrices are), so the form is a sum of squares >= 0; "
      "exchanging A and B gives the second inequality" },
    { "tan/eq27", P, "d = 2, positive definite A, B, every a", "every d",
      "with t = A^-1 a the form is t^T (A^-1 + B^-1)^-1 t, the quadratic form of the inverse of the positive "
      "definite A^-1 + B^-1 (cited), a sum of squares >= 0" },
    { "tan/eq28", P, "d = 2, positive definite A, B, every t", "every d",
      "(A^-1 + B^-1)^-1 is the inverse of a positive definite matrix (cited), and its quadratic form is a sum "
      "of squares >= 0" },
    { "tan/eq24", P, "d = 3, every symmetric Sigma, sigma > 0", "every d",
      "1/2 ln (2 pi e)^d det(Sigma + sigma I) - 1/2 ln (2 pi e)^d sigma^d = 1/2 ln(det(Sigma + sigma I)/sigma^d), "
      "and det(Sigma + sigma I) = prod (lambda_i + sigma): the logarithm of a product is the sum of the "
      "logarithms" },
    /* ---- Tan et al., the information identities of Sections 2.2, 3 and 4 (stmt_info.c) ---- */
    { "tan/eq4", P, "every X, Y with finite h(X), h(Y), h(X, Y)", NULL,
      "I(X; Y) = E ln p(x, y)/(p(x) p(y)) = h(X) + h(Y) - h(X, Y) and h(X|Y) = -E ln p(x|y) = h(X, Y) - h(Y) "
      "(linearity of expectation, every entropy finite); in the joint entropies both equalities are "
      "identities of linear forms" },
    { "tan/eq6", P, "every D, W_i, W_o with finite joint entropies", NULL,
      "the chain rule of mutual information, I(A; B|C) = h(A, C) + h(B, C) - h(A, B, C) - h(C) by its "
      "definition: in the joint entropies both sides are the same linear form" },
    { "tan/sec3.2/delta-I", P, "every D, W_i, W_o with finite joint entropies", NULL,
      "as eq. (6): in the joint entropies both sides are the same linear form" },
    { "tan/sec4.2/server-rewrite", P, "every D, W_o(t), W_i(t+1) with finite joint entropies", NULL,
      "I(D; A|B) = h(A|B) - h(A|D, B) is an identity of linear forms in the joint entropies; the second line "
      "substitutes eq. (8)'s W_i(t+1) = A(W_o(t); V(t))" },
    { "tan/eq12", P, "every D, W_i, W~_o = W_o + xi with finite joint entropies", NULL,
      "I(D; A|B) = h(A|B) - h(A|D, B) with A = W~_o, an identity of linear forms in the joint entropies" },
    { "tan/eq10", P, "the noiseless channel as eq. (11)'s limit W~_o = W_o + sqrt(s) xi, s -> 0, xi ~ N(0, I) "
      "independent of (D, W_i), with h(W_o|W_i) finite (the paper's premise)", NULL,
      "eq. (10) is an identity of linear forms in the joint entropies.  Given D and W_i, W_o is fixed, so "
      "h(W~_o|D, W_i) = h(sqrt(s) xi) = (d/2) ln(2 pi e s) (translation invariance, the Gaussian's entropy; "
      "cited) -> -inf as s -> 0; and h(W~_o|W_i) >= h(W~_o|W_i, xi) = h(W_o|W_i, xi) = h(W_o|W_i), by the "
      "two noise identities with I(W~_o; xi|W_i) >= 0 (Gibbs' inequality E[-ln t] >= E[1 - t] >= 0 from "
      "ln t <= t - 1, proved on (0, 1] and on [1, inf)), translation invariance given xi, and "
      "I(W_o; xi|W_i) = 0 (xi independent): the leakage is at least h(W_o|W_i) - (d/2) ln(2 pi e s) -> +inf" },
    { "tan/sec4.2/noiseless", P, "the noiseless channel as eq. (11)'s limit W_o + sqrt(s) xi, s -> 0, with "
      "h(W_o|W_i) finite", NULL, "as tan/eq10: the leakage is at least h(W_o|W_i) - (d/2) ln(2 pi e s) -> +inf" },
    { "tan/sec3.1/mi-grows", P, "every sequence of shared parameters with finite joint entropies", NULL,
      "with P the parameters shared so far and W the next, the chain rule (an identity of linear forms in the "
      "joint entropies) gives I(D; P, W) - I(D; P) = I(D; W|P) = E[-ln t], t = p(d|p) p(w|p)/p(d, w|p), and "
      "E[-ln t] >= E[1 - t] >= 0 (ln t <= t - 1, proved on (0, 1] and on [1, inf); p(d|p) p(w|p) integrates "
      "to at most 1 over the support): the information never falls, and rises exactly when the new "
      "parameters tell something about D given the earlier ones" },
    { "tan/intro/n-kappa", P, "n rounds of capacity at most kappa with fresh noise (W_o(t) independent of the "
      "earlier parameters P_t given D and W_i(t)) and a server that adds nothing about D (I(D; W_i(t+1)|W_o(t), "
      "W_i(t), P_t) = 0)", "every run, where a server bringing information on D (tan/sec4.2/gamma-server-"
      "positive) adds its Gamma_server above n kappa",
      "the chain rule (tan/eq6's identity, round after round by induction) writes I(D; all) - I(D; W_i(0)) as "
      "the sum of the rounds' I(D; W_o(t)|W_i(t), P_t) and the server's terms, 0 here; each round's term is "
      "I(D; W_o(t)|W_i(t)) - I(W_o(t); P_t|W_i(t)) + I(W_o(t); P_t|D, W_i(t)) (an identity of linear forms), "
      "the last 0 (fresh noise), the middle >= 0 (Gibbs' inequality from ln t <= t - 1), so at most the round's "
      "I(D; W_o(t)|W_i(t)) <= kappa: the total leakage beyond the prior is at most n kappa" },
    { "tan/sec3.2/n-kappa", P, "n rounds with Delta I <= kappa, fresh noise and a server that adds nothing "
      "about D (as tan/intro/n-kappa)", "every run (as tan/intro/n-kappa)", "as tan/intro/n-kappa" },
    { "tan/sec4.2/gamma-server-positive", P, "scalar jointly Gaussian D, W_o(t), V(t) with an invertible "
      "covariance, an aggregation W_i(t+1) = a W_o(t) + b V(t) with b != 0 (FedAvg's a = b = 1/2), and "
      "I(D; V(t)|W_o(t)) > 0 (V carries information on D beside W_o)",
      "any laws and aggregations, where an A that ignores V refutes it",
      "for jointly Gaussian variables I(D; Y|W_o) = (1/2) ln(Var(D|W_o)/Var(D|W_o, Y)) and Var(D|X) = "
      "s_dd - s^T S^-1 s (the Schur complement; cited); the identity gives Var(D|W_o, W_i(t+1)) = "
      "Var(D|W_o, V), so I(D; W_i(t+1)|W_o) = I(D; V|W_o) > 0" },
    { "tan/sec2.2/maxent", P, "d = 1, 2, 3, every X with a density, E X = mu, Cov X = Sigma positive "
      "definite, h(X) finite", "every d, where tr(Sigma^-1 Sigma) = d is as elementary",
      "with phi the N(mu, Sigma) density, -ln phi(x) = (1/2) ln((2 pi)^d det Sigma) + (1/2) (x - mu)^T "
      "Sigma^-1 (x - mu), whose mean under X is (1/2) ln((2 pi)^d det Sigma) + (1/2) sum_jk (Sigma^-1)_jk "
      "Sigma_jk = (1/2) ln((2 pi e)^d det Sigma) = h(N(mu, Sigma)) (the identity; linearity of expectation, "
      "the Gaussian's entropy cited); so h(N(mu, Sigma)) - h(X) = E[-ln t], t = phi(X)/p_X(X), >= E[1 - t] "
      ">= 0 (ln t <= t - 1, proved on (0, 1] and on [1, inf))" },
    /* ---- Biswas et al., Appendices A and B ---- */
    { "biswas/appA/eps-d-theta", P, "every p, kappa > 0, unit x, x', y", NULL,
      "f(x)(y)/f(x')(y) = e^(kappa (x - x') . y) <= e^(kappa |x - x'|) (Cauchy-Schwarz, |y| = 1), and "
      "|x - x'| = 2 sin(theta/2) <= theta: the VMF mechanism is kappa d_theta-private" },
    { "biswas/B.2/sup-inside", P, "every p, sigma, R > 0, y in the ball", NULL,
      "the density falls with the distance |y - x|, so over the ball its supremum is at distance 0, x = y" },
    { "biswas/B.2/sup-outside", P, "every p, sigma, R > 0, |y| >= R", NULL,
      "the density falls with the distance; |y - x| >= |y| - |x| >= |y| - R on the ball (the triangle "
      "inequality), attained at x = R y/|y|, where |y - R y/|y|| = |y| - R" },
    { "biswas/B.2/norm", P, "every p, |y| >= R > 0", NULL,
      "y - R y/|y| = (1 - R/|y|) y with 1 - R/|y| >= 0, and (1 - R/rho) rho = rho - R" },
    { "biswas/B.2/inner", P, "every p >= 1, R, sigma > 0", NULL,
      "with (2 pi sigma^2)^(p/2) = 2^(p/2) pi^(p/2) sigma^p and V(B_R^p) = pi^(p/2) R^p/Gamma(p/2 + 1) the "
      "step's value is the theorem's second term" },
    { "biswas/B.2/area", P, "every p >= 1", NULL,
      "with A(S^(p-1)) = 2 pi^(p/2)/Gamma(p/2), B.2's (2 pi sigma^2)^(-p/2) A Z/2 is Z/(Gamma(p/2) 2^(p/2) "
      "sigma^p) and B.3's e^kappa A/C_(p,kappa) is Theorem IV.1's closed form" },
    { "biswas/B.2/derived", P, "every p >= 1, R, sigma > 0", NULL,
      "the shell term (2 pi sigma^2)^(-p/2) A Z/2 and the ball term V(B_R^p)/sqrt(2 pi sigma^2)^p are the two "
      "printed terms of the derived form" },
    { "biswas/B.2/result", D, "every p >= 1, sigma > 0", NULL,
      "the printed shell term exceeds the derived one everywhere (by the factor 2)" },
    { "biswas/B.2/volume", P, "every p >= 1, R > 0", NULL,
      "pi^(p/2) R^p/Gamma(p/2 + 1) = A(S^(p-1)) R^p/p, the integral of A r^(p-1) over [0, R], by Gamma(x + 1) = "
      "x Gamma(x) and the area formula (cited); it turns the ball integral into the theorem's second term" },
    { "biswas/B.3/result", P, "every p >= 1, kappa > 0", NULL,
      "e^kappa A(S^(p-1))/C_(p,kappa) with C_(p,kappa) = (2 pi)^(nu+1) I_nu(kappa)/kappa^nu is the closed form" },
    { "biswas/B.3/max-at-mean", P, "every p, kappa > 0, unit x", NULL,
      "e^(kappa t) rises with t = x . y, and x . y <= 1 with equality only at y = x (Cauchy-Schwarz)" },
    { "biswas/B.3/sup", P, "every p, kappa > 0", NULL,
      "for each y, e^(kappa x . y)/C is largest over the sphere at x = y (as biswas/B.3/max-at-mean)" },
    { "biswas/thm-IV.1", P, "every p >= 2, kappa > 0", NULL,
      "C_Bayes = int_S sup_x f(x)(y) dy = int_S e^kappa/C_(p,kappa) dy (the supremum at x = y) = e^kappa "
      "A(S^(p-1))/C_(p,kappa) (the sphere's area, cited) = the closed form" },
    { "biswas/sec-IV/decomposes", P, "every p >= 2, kappa > 0, the deterministic lines 4-9 and line 10's "
      "scaling taking the secrets onto the whole unit sphere (every direction a possible update)",
      "C whatever its image, where one that misses part of the sphere leaves the composition at most D's "
      "capacity",
      "the composition's density is f(x)(y) = e^(kappa u(x) . y)/C_(p,kappa), u(x) the unit vector lines 4-10 "
      "make of the secret x (line 10's scaling is many-to-one); with u onto the sphere, sup_x "
      "f(x)(y) = sup over unit z of e^(kappa z . y)/C_(p,kappa) = e^kappa/C_(p,kappa) at z = y (e^(kappa t) rises "
      "with t = z . y <= 1), D's own supremum, so both capacities are e^kappa A(S^(p-1))/C_(p,kappa), Theorem "
      "IV.1's closed form: Lemma II.1 for the continuous channel" },
    { "biswas/thm-B.3", P, "every p >= 2, kappa > 0", NULL, "as biswas/thm-IV.1, whose statement it repeats" },
    /* ---- Balunovic et al. ---- */
    { "balunovic/sec4/jensen-constant", D, "every integer d >= 1", NULL,
      "pi^(d/2)/Gamma(d/2 + 1) differs from 1 at each d up to a bound, exactly, and past it decreases below 1 "
      "(psi increases): C = 1/delta^d never normalises the ball" },
    { "balunovic/table1/dlg", P, "every sigma > 0 and dimension", NULL,
      "the Gaussian density falls with |g - grad|, so with a constant log p(x) the Bayes objective's argmax is "
      "the argmin of |g - grad|_2" },
    { "balunovic/sec6/gauss-l2", P, "every sigma > 0 and dimension", NULL,
      "log p(g|x) = -(k/2) log(2 pi sigma^2) - |g - grad|^2/(2 sigma^2): the Bayes objective is the l2 "
      "objective times -1/(2 sigma^2) plus a constant, and the density falls with |g - grad|" },
    { "balunovic/sec5/bias-chain", P, "3 x 3 layers, every entry", "any sizes n0, n1",
      "the Jacobian dy/db computed by differentiation is the identity, over all entries at once" },
    { "balunovic/sec5/weight-chain", P, "3 x 3 layers, every entry", "any sizes n0, n1",
      "dy_j/dA_ik = [i = j] x_k, computed by differentiation over all entries at once" },
    { "balunovic/sec5/linear-layer", P, "3 x 3 layers, dl/d(b0)_i != 0", "any sizes n0, n1",
      "the two chain rules' quotient is x_k, over all entries at once" },
    { "balunovic/A.5/sigma-limit", P, "sigma_m = c_m sigma with sigma -> 0, the images in a compact set where "
      "log p(g_l|x) and log p(x) are continuous and the other layers' distance Q(x) = sum_(m != l) "
      "|g_m - grad_m(x)|^2/c_m^2 is continuous with one minimiser x*",
      "any Soteria layer and network, where Q may have several minimisers and the two optima need not meet",
      "eq. (5)'s objective is F = G - Q/(2 sigma^2) with G = log p(g_l|x) + beta log p(x), eq. (6)'s the same with "
      "G = beta log p(x); for a maximiser x_s of either, F(x_s) >= F(x*) and the identity give 0 <= Q(x_s) - Q(x*) "
      "<= 2 sigma^2 (max G - min G) -> 0 (G bounded on the compact set: the weight of log p(g_l|x) against Q "
      "falls like sigma^2), so every limit point of x_s minimises Q, which is x* alone: both optima tend to x* "
      "and their distance to 0" },
    { "balunovic/A.5/precode-unique", P, "PRECODE's MLP (a first layer y0 = A0 x + b0, the bottleneck and every "
      "other layer after it) with a 3 x 3 first layer, every gradient with some dl/d(b0)_i != 0",
      "any first-layer sizes, and 'always', where a gradient with every dl/d(b0)_i = 0 leaves x undetermined",
      "dl/d(A0)_ik = dl/d(b0)_i x_k whatever follows the first layer (the VAE's sample included), so "
      "x_k = (dl/d(b0)_i)^-1 dl/d(A0)_ik (balunovic/sec5/linear-layer's identity): g determines x, two inputs "
      "with one gradient are equal, p(x|g) is the Dirac delta at that x_0, and the Section 5 attack computes it" },
    { "balunovic/table6/precode", P, "PRECODE's MLP with a 3 x 3 first layer, every gradient with some "
      "dl/d(b0)_i != 0", "any first-layer sizes (as balunovic/A.5/precode-unique)",
      "g = G(x, b) with b the VAE's sample, so p(g|x) is the law of G(x, b) over b, a mixture of point masses; "
      "g determines x (balunovic/sec5/linear-layer's identity, whatever follows the first layer), so p(x|g) is "
      "the point mass at x_0 for every prior with p(x_0) > 0: the attack needs no particular prior" },
    { "balunovic/A.6/variance", P, "every k >= 1 and objective whose samples have finite variance v > 0", NULL,
      "the k points x_i are drawn independently from one law, so the estimator (1/k) sum_i (log p(g|x_i) + "
      "log p(x_i)) has E X_i X_j = m^2 for i != j and its variance is v/k (the identity), which falls as k "
      "grows (v/k > v/(k + 1)); at v = 0 every k gives the exact objective" },
    { "balunovic/eq5", P, "k = 2 samples, two Gaussian layers besides l", "every k and number of layers",
      "with p(g|x) = p(g_l|x) prod_(m != l) N(g_m; grad_m, sigma_m^2 I) (A.5's separability, layer m's block "
      "of the gradient), the two sides agree exactly, C = -sum (k_m/2) log(2 pi sigma_m^2)" },
};
const size_t lp_nproofs = sizeof lp_proofs / sizeof lp_proofs[0];

const lp_proof *
lp_proof_find(const char *id)
{
    for (size_t i = 0; i < lp_nproofs; i++)
        if (strcmp(lp_proofs[i].id, id) == 0)
            return &lp_proofs[i];
    return NULL;
}
