/* The Renyi DP of ANY mechanism under Poisson subsampling, at integer orders,
 * certified in ball arithmetic.  Contract in account/rdp/vmf_account.h.
 *
 * Zhu and Wang 2019 ("Poisson subsampled Renyi differential privacy", ICML,
 * Theorem 6, the general upper bound; add/remove-one neighbours, the base
 * mechanism M (alpha, eps(alpha))-RDP for every integer order 2 .. alpha):
 *   eps_sub(alpha) <= 1/(alpha-1) log S,
 *   S = (1-q)^{alpha-1}(alpha q - q + 1) + C(alpha,2) q^2 (1-q)^{alpha-2} e^{eps(2)}
 *       + 3 sum_{l=3}^{alpha} C(alpha,l) (1-q)^{alpha-l} q^l e^{(l-1) eps(l)}.
 * The first term is the l = 0 and l = 1 terms of the binomial expansion of
 * 1 = sum_l C(alpha,l)(1-q)^{alpha-l} q^l, so
 *   S - 1 = sum_{l=2}^{alpha} C(alpha,l)(1-q)^{alpha-l} q^l (c_l e^{(l-1)eps(l)} - 1),
 * c_2 = 1, c_l = 3 (l >= 3), every term >= 0 (eps >= 0): summed without
 * cancellation and taken through log1p however small q is (the form
 * lp_rdp_int_arb uses for the Gaussian).  Arb's exponents are unbounded, so
 * e^{(l-1)eps(l)} needs no log-sum-exp to stay finite.
 *
 * The theorem's bound exceeds eps(alpha) by log(3)/(alpha-1) at q = 1 (the
 * additive constant the paper states).  A second bound holds for every
 * mechanism and is exact at q = 1: H(P, Q) = int P^alpha Q^{1-alpha} is
 * jointly convex for alpha > 1 (the perspective of the convex t^alpha), and
 * the subsampled pair is the mixture (1-q)(P0, P0) + q(P1, P0) (either order),
 * conditioned on the rest of the sample, so
 *   eps_sub(alpha) <= 1/(alpha-1) log(1 + q (e^{(alpha-1) eps(alpha)} - 1)).
 * Both are upper bounds; the result is their minimum, and at q = 1 exactly it
 * is eps(alpha) itself (the mechanism is not subsampled).
 *
 * lower: the same sum with c_l = 1 for every l,
 *   1/(alpha-1) log sum_{l=0}^{alpha} C(alpha,l)(1-q)^{alpha-l} q^l e^{(l-1) eps(l)}
 * (the l = 0, 1 terms 1), which is exactly D_alpha((1-q) P0 + q P1 || P0), the
 * remove direction, when D_l(P1 || P0) = eps(l) at every order l for one pair
 * (expand (1 - q + q P1/P0)^alpha under P0; Mironov, Talwar and Zhang 2019 for
 * the Gaussian; the VMF's antipodal pair attains every order at once): a lower
 * bound on the subsampled mechanism's RDP, the measure of how loose the
 * upper bound is (Zhu and Wang's Theorem 6 states the same sum as its lower
 * bound). */
#include "account/rdp/vmf_account.h"

void
lp_rdp_poisson_general_arb(arb_t rdp, arb_t lower, const arb_t q, int q_is_one, uint64_t alpha,
                           const arb_struct *eps, slong prec)
{
    arb_t s, lo, term, w, omq, binom, jc, e;
    const slong wp = prec + 2 * (slong) FLINT_BIT_COUNT(alpha) + 10;

    if (q_is_one) {
        arb_set(rdp, eps + alpha);
        if (lower)
            arb_set(lower, eps + alpha);
        return;
    }
    arb_init(lo);
    arb_zero(lo);
    arb_init(s); arb_init(term); arb_init(w); arb_init(omq); arb_init(binom);
    arb_init(jc); arb_init(e);
    arb_sub_ui(omq, q, 1, wp);
    arb_neg(omq, omq);                                  /* 1 - q */
    /* w_l = C(alpha,l) (1-q)^{alpha-l} q^l */
    arb_zero(s);
    for (uint64_t l = 2; l <= alpha; l++) {
        arb_bin_uiui(binom, alpha, l, wp);
        arb_pow_ui(w, omq, alpha - l, wp);
        arb_mul(w, w, binom, wp);
        arb_pow_ui(term, q, l, wp);
        arb_mul(w, w, term, wp);
        /* c_l e^{(l-1) eps(l)} - 1 */
        arb_mul_ui(e, eps + l, l - 1, wp);
        arb_expm1(term, e, wp);
        arb_mul(term, term, w, wp);
        arb_add(lo, lo, term, wp);                  /* c_l = 1 */
        if (l >= 3) {                               /* 3 e^x - 1 = 3 (e^x - 1) + 2 */
            arb_expm1(term, e, wp);
            arb_mul_ui(term, term, 3, wp);
            arb_add_ui(term, term, 2, wp);
            arb_mul(term, term, w, wp);
        }
        arb_add(s, s, term, wp);
    }
    arb_log1p(s, s, wp);
    arb_div_ui(s, s, alpha - 1, wp);
    /* joint convexity */
    arb_mul_ui(e, eps + alpha, alpha - 1, wp);
    arb_expm1(jc, e, wp);
    arb_mul(jc, jc, q, wp);
    arb_log1p(jc, jc, wp);
    arb_div_ui(jc, jc, alpha - 1, wp);
    arb_min(rdp, s, jc, prec);
    if (lower) {
        arb_log1p(lo, lo, wp);
        arb_div_ui(lower, lo, alpha - 1, prec);
    }
    arb_clear(lo);
    arb_clear(s); arb_clear(term); arb_clear(w); arb_clear(omq); arb_clear(binom);
    arb_clear(jc); arb_clear(e);
}
