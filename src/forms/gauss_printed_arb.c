/* Theorem III.1 as printed, in ball arithmetic, at any p.
 *
 * Z's terms T_i = G((p-i)/2) (sqrt2 s)^{p-i} binom(p-1,i) R^i are positive and
 * log-concave in i: T_{i+1}/T_i = sqrt2 (R/s) G((p-i+1)/2)/G((p-i)/2) / (i+1),
 * and both factors decrease with i (G(x+1/2)/G(x) increases with x).  So Z is
 * summed over the window that matters, seeded at the peak with two terms from
 * log-gammas, walked out with the rational two-step ratio
 *   T_{i+2}/T_i = (p-1-i) (R/s)^2 / ((i+1)(i+2)),
 * and the rest bounded rigorously (lp_logconcave_sum_arb). */
#include <math.h>
#include "core/host.h"
#include "forms/forms.h"


/* T_i from log-gammas: log T_i = lp_lgamma((p-i)/2) + (p-i) log(sqrt2 s)
 *   + lp_lgamma(p) - lp_lgamma(i+1) - lp_lgamma(p-i) + i log R   (R > 0). */
static void
z_term(arb_t t, uint64_t p, uint64_t i, const arb_t log_s2, const arb_t log_r,
       slong prec)
{
    arb_t x, u;
    arb_init(x);
    arb_init(u);
    arb_set_ui(u, p - i);
    arb_mul_2exp_si(u, u, -1);
    arb_lgamma(x, u, prec);
    arb_mul_ui(u, log_s2, p - i, prec);
    arb_add(x, x, u, prec);
    arb_set_ui(u, p);
    arb_lgamma(u, u, prec);
    arb_add(x, x, u, prec);
    arb_set_ui(u, i + 1);
    arb_lgamma(u, u, prec);
    arb_sub(x, x, u, prec);
    arb_set_ui(u, p - i);
    arb_lgamma(u, u, prec);
    arb_sub(x, x, u, prec);
    arb_mul_ui(u, log_r, i, prec);
    arb_add(x, x, u, prec);
    arb_exp(t, x, prec);
    arb_clear(x);
    arb_clear(u);
}

/* The peak of T_i: the first i with T_{i+1} < T_i (a double heuristic that
 * moves the cost only), by bisection on the decreasing ratio.  lr0 is
 * log(R / (sqrt2 sigma)), taken from the balls: finite for every decimal the
 * parser accepts (sigma = 1e-400 puts the peak at p-1, not at 0). */
static uint64_t
z_peak(uint64_t p, double lr0)
{
    uint64_t lo = 0, hi = p - 1;          /* answer in [0, p-1] */
    if (!isfinite(lr0))
        return 0;
    while (lo < hi) {
        uint64_t i = lo + (hi - lo) / 2;
        double n = (double) (p - i);
        double lr = lr0 + log(n - 1.0) - log((double) i + 1.0)
                    + lp_lgamma((n - 1.0) / 2.0) - lp_lgamma(n / 2.0);
        if (lr < 0)
            hi = i;
        else
            lo = i + 1;
    }
    return lo;
}

/* Z = sum_{i=0}^{p-1} T_i: the seeds at prec, the walk at walk_prec */
static void
z_sum(arb_t z, uint64_t p, const arb_t sigma, const arb_t radius, slong prec, slong walk_prec)
{
    arb_t log_s2, log_r, tk, tk1;
    lp_gauss_chain ch;
    uint64_t n = p - 1, k;

    arb_init(log_s2);
    arb_init(log_r);
    arb_init(tk);
    arb_init(tk1);
    arb_init(ch.q);

    arb_sqrt_ui(log_s2, 2, prec);
    arb_mul(log_s2, log_s2, sigma, prec);
    if (arb_is_zero(radius)) {          /* only i = 0 survives: 0^0 = 1 */
        arb_set_ui(tk, p);
        arb_mul_2exp_si(tk, tk, -1);
        arb_gamma(tk, tk, prec);
        arb_pow_ui(log_s2, log_s2, p, prec);
        arb_mul(z, tk, log_s2, prec);
        goto done;
    }
    arb_log(log_s2, log_s2, prec);
    arb_log(log_r, radius, prec);
    arb_div(ch.q, radius, sigma, prec);
    arb_sqr(ch.q, ch.q, prec);
    ch.p = p;

    arb_sub(tk, log_r, log_s2, prec);
    k = z_peak(p, lp_arb_mid_d(tk));
    if (n > 0 && k > n - 1)
        k = n - 1;
    z_term(tk, p, k, log_s2, log_r, prec);
    if (n > 0)
        z_term(tk1, p, k + 1, log_s2, log_r, prec);
    lp_gauss_chain_exact(&ch);
    lp_logconcave_sum_ratio_arb(z, n, k, tk, tk1, lp_gauss_chain_step, lp_gauss_chain_ratio, &ch,
                                walk_prec);

done:
    arb_clear(log_s2);
    arb_clear(log_r);
    arb_clear(tk);
    arb_clear(tk1);
    arb_clear(ch.q);
}

lp_status
lp_gauss_printed_arb(lp_result *res, const lp_params *par, slong prec)
{
    arb_t sigma, radius, z, pre, ball, half_p, t;
    uint64_t p = par->p;
    slong wprec = prec + lp_dimension_extra_bits(p);

    arb_init(sigma); arb_init(radius); arb_init(z); arb_init(pre);
    arb_init(ball); arb_init(half_p); arb_init(t);

    lp_decimal_arb(sigma, par->sigma, wprec);
    lp_decimal_arb(radius, par->radius, wprec);

    /* the walk needs prec plus the bits its roundings can lose (at most one
     * per term, p terms), not the extra bits the log-gamma seeds needed */
    z_sum(z, p, sigma, radius, wprec, FLINT_MIN(wprec, prec + 8));

    /* G(p/2) 2^{p/2} sigma^p */
    arb_set_ui(half_p, p);
    arb_mul_2exp_si(half_p, half_p, -1);
    arb_gamma(pre, half_p, wprec);
    arb_set_ui(t, 2);
    arb_pow(t, t, half_p, wprec);
    arb_mul(pre, pre, t, wprec);
    arb_pow_ui(t, sigma, p, wprec);
    arb_mul(pre, pre, t, wprec);

    /* ball term R^p / (G(p/2+1) 2^{p/2} sigma^p) = R^p / ((p/2) pre) */
    arb_pow_ui(ball, radius, p, wprec);
    arb_div(ball, ball, pre, wprec);
    arb_div(ball, ball, half_p, wprec);

    /* shell term 2 Z / pre */
    arb_div(z, z, pre, wprec);
    arb_mul_2exp_si(z, z, 1);

    arb_add(t, z, ball, prec);
    lp_result_set_arb(res, t);

    arb_clear(sigma); arb_clear(radius); arb_clear(z); arb_clear(pre);
    arb_clear(ball); arb_clear(half_p); arb_clear(t);
    return res->status;
}
