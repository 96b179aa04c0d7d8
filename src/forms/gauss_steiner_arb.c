/* The Gaussian mechanism's Bayes capacity by Steiner's formula, in ball
 * arithmetic, at any p (a derivation of ours, checked, not trusted):
 *   C = sum_{k=0}^{p} V_k(B_R^p) / (sqrt(2 pi) sigma)^k,
 *   V_k(B_R^p) = binom(p,k) (w_p / w_{p-k}) R^k,  w_n = pi^{n/2} / G(n/2 + 1).
 * With a = R / (sqrt(2 pi) sigma) the terms T_k = binom(p,k) (w_p/w_{p-k}) a^k
 * are log-concave: T_{k+1}/T_k = 2 sqrt(pi) a G((p-k+1)/2)/G((p-k)/2) / (k+1)
 * decreases in k; and since w_m / w_{m-2} = 2 pi / m, two steps are rational,
 *   T_{k+2}/T_k = (p-1-k) (R/sigma)^2 / ((k+1)(k+2)),
 * the printed sum's recurrence (lp_gauss_chain_step) with other seeds. */
#include <math.h>
#include "core/host.h"
#include "forms/forms.h"

/* T_k and T_{k+1} (k < p), from
 *   log T_k = lgamma(p+1) - lgamma(k+1) - lgamma(p-k+1) + lgamma((p-k)/2+1)
 *             - lgamma(p/2+1) + (k/2) log pi + k log a,
 *   log T_{k+1} = log T_k - log(k+1) + log(p-k) + lgamma((p-k+1)/2)
 *                 - lgamma((p-k)/2+1) + (1/2) log pi + log a:
 * six log-gamma calls for the pair instead of ten (they were a quarter of a
 * factor's time at p ~ 2^31) */
static void
steiner_terms(arb_t tk, arb_t tk1, uint64_t p, uint64_t k, const arb_t log_pi, const arb_t log_a,
              slong prec)
{
    arb_t x, u, half;
    arb_init(x);
    arb_init(u);
    arb_init(half);
    arb_set_ui(u, p + 1);
    arb_lgamma(x, u, prec);
    arb_set_ui(u, k + 1);
    arb_lgamma(u, u, prec);
    arb_sub(x, x, u, prec);
    arb_set_ui(u, p - k + 1);
    arb_lgamma(u, u, prec);
    arb_sub(x, x, u, prec);
    arb_set_ui(half, p - k + 2);
    arb_mul_2exp_si(half, half, -1);
    arb_lgamma(half, half, prec);                   /* lgamma((p-k)/2+1) */
    arb_add(x, x, half, prec);
    arb_set_ui(u, p + 2);
    arb_mul_2exp_si(u, u, -1);
    arb_lgamma(u, u, prec);
    arb_sub(x, x, u, prec);
    arb_mul_ui(u, log_pi, k, prec);
    arb_mul_2exp_si(u, u, -1);
    arb_add(x, x, u, prec);
    arb_mul_ui(u, log_a, k, prec);
    arb_add(x, x, u, prec);
    arb_exp(tk, x, prec);
    /* the step to k + 1 */
    arb_sub(x, x, half, prec);
    arb_set_ui(u, p - k + 1);
    arb_mul_2exp_si(u, u, -1);
    arb_lgamma(u, u, prec);
    arb_add(x, x, u, prec);
    arb_log_ui(u, p - k, prec);
    arb_add(x, x, u, prec);
    arb_log_ui(u, k + 1, prec);
    arb_sub(x, x, u, prec);
    arb_mul_2exp_si(u, log_pi, -1);
    arb_add(x, x, u, prec);
    arb_add(x, x, log_a, prec);
    arb_exp(tk1, x, prec);
    arb_clear(x);
    arb_clear(u);
    arb_clear(half);
}

/* the first k with T_{k+1} < T_k (a double heuristic: cost only); log_a is
 * log a from the balls, finite for any decimal the parser accepts */
static uint64_t
steiner_peak(uint64_t p, double log_a)
{
    uint64_t lo = 0, hi = p;
    double la = log(2.0 * sqrt(M_PI)) + log_a;
    if (!isfinite(la))
        return 0;
    while (lo < hi) {
        uint64_t k = lo + (hi - lo) / 2;
        double m = (double) (p - k);
        double lr = la + lp_lgamma((m + 1) / 2) - lp_lgamma(m / 2) - log((double) k + 1);
        if (lr < 0)
            hi = k;
        else
            lo = k + 1;
    }
    return lo;
}

lp_status
lp_gauss_steiner_arb(lp_result *res, const lp_params *par, slong prec)
{
    arb_t sigma, radius, log_pi, log_a, tk, tk1, sum;
    lp_gauss_chain ch;
    uint64_t p = par->p, k;
    slong wprec = prec + lp_dimension_extra_bits(p);

    arb_init(sigma); arb_init(radius); arb_init(log_pi); arb_init(log_a);
    arb_init(tk); arb_init(tk1); arb_init(sum); arb_init(ch.q);
    lp_decimal_arb(sigma, par->sigma, wprec);
    lp_decimal_arb(radius, par->radius, wprec);
    if (arb_is_zero(radius)) {          /* V_0 = 1 and V_k = 0 for k > 0 */
        arb_one(sum);
        lp_result_set_arb(res, sum);
        goto done;
    }
    arb_const_pi(log_pi, wprec);
    arb_mul_2exp_si(log_a, log_pi, 1);
    arb_sqrt(log_a, log_a, wprec);
    arb_mul(log_a, log_a, sigma, wprec);
    arb_div(log_a, radius, log_a, wprec);           /* a = R / (sqrt(2 pi) sigma) */
    arb_log(log_a, log_a, wprec);
    arb_log(log_pi, log_pi, wprec);
    arb_div(ch.q, radius, sigma, wprec);
    arb_sqr(ch.q, ch.q, wprec);
    ch.p = p;
    k = steiner_peak(p, lp_arb_mid_d(log_a));
    if (k > p - 1)
        k = p - 1;
    steiner_terms(tk, tk1, p, k, log_pi, log_a, wprec);
    /* the walk needs prec plus the bits its roundings can lose (at most one
     * per term, p terms), not the extra bits the log-gamma seeds needed */
    lp_gauss_chain_exact(&ch);
    lp_logconcave_sum_ratio_arb(sum, p, k, tk, tk1, lp_gauss_chain_step, lp_gauss_chain_ratio, &ch,
                                FLINT_MIN(wprec, prec + 8));
    arb_set_round(sum, sum, prec);
    lp_result_set_arb(res, sum);
done:
    arb_clear(sigma); arb_clear(radius); arb_clear(log_pi); arb_clear(log_a);
    arb_clear(tk); arb_clear(tk1); arb_clear(sum); arb_clear(ch.q);
    return res->status;
}
