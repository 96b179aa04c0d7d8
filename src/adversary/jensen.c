/* The Jensen step before Balunovic et al.'s eq. (3), and eq. (3)'s k-sample
 * objective, in the linear-Gaussian model.  Contracts in adversary.h. */
#include <math.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include "adversary/adversary.h"
#include "core/host.h"

/* alpha = a^2/(2 s^2) + 1/(2 v);  K = -(d/2) log(4 pi^2 s^2 v) - |g|^2/(2 s^2) + alpha |mu|^2,
 * |mu| = a |g| / (2 alpha s^2) */
static void
quadratic(arb_t alpha, arb_t K, ulong d, const arb_t v, const arb_t a, const arb_t s,
          const arb_t gnorm, slong prec)
{
    arb_t t, u;
    arb_init(t);
    arb_init(u);
    arb_div(t, a, s, prec);
    arb_sqr(t, t, prec);
    arb_inv(u, v, prec);
    arb_add(alpha, t, u, prec);
    arb_mul_2exp_si(alpha, alpha, -1);
    /* K */
    arb_const_pi(t, prec);
    arb_sqr(t, t, prec);
    arb_mul_2exp_si(t, t, 2);
    arb_mul(t, t, s, prec);
    arb_mul(t, t, s, prec);
    arb_mul(t, t, v, prec);
    arb_log(t, t, prec);
    arb_mul_ui(t, t, d, prec);
    arb_mul_2exp_si(t, t, -1);
    arb_neg(K, t);
    arb_div(t, gnorm, s, prec);
    arb_sqr(t, t, prec);
    arb_mul_2exp_si(t, t, -1);
    arb_sub(K, K, t, prec);
    arb_mul(t, a, gnorm, prec);
    arb_div(t, t, alpha, prec);
    arb_div(t, t, s, prec);
    arb_div(t, t, s, prec);
    arb_mul_2exp_si(t, t, -1);              /* |mu| */
    arb_sqr(t, t, prec);
    arb_mul(t, t, alpha, prec);
    arb_add(K, K, t, prec);
    arb_clear(t);
    arb_clear(u);
}

void
lp_adversary_jensen(arb_t lhs_printed, arb_t rhs_printed, arb_t lhs_vol, arb_t rhs_vol,
                    arb_t mean_q, arb_t sd_q, arb_t K_out, arb_t alpha_delta2,
                    ulong d, const arb_t v, const arb_t a, const arb_t s,
                    const arb_t delta, const arb_t gnorm, slong prec)
{
    arb_t alpha, K, logint, vol, t, h, c;
    arb_init(alpha); arb_init(K); arb_init(logint); arb_init(vol); arb_init(t); arb_init(h); arb_init(c);
    quadratic(alpha, K, d, v, a, s, gnorm, prec);
    /* log int_B e^q = K + (d/2) log(pi/alpha) + log P(d/2, alpha delta^2) */
    arb_sqr(t, delta, prec);
    arb_mul(t, t, alpha, prec);
    arb_set_ui(h, d);
    arb_mul_2exp_si(h, h, -1);
    lp_adversary_gamma_p(logint, h, t, prec);
    arb_log(logint, logint, prec);
    arb_const_pi(t, prec);
    arb_div(t, t, alpha, prec);
    arb_log(t, t, prec);
    arb_mul(t, t, h, prec);
    arb_add(logint, logint, t, prec);
    arb_add(logint, logint, K, prec);
    /* vol(B) = pi^{d/2} delta^d / G(d/2 + 1) */
    arb_const_pi(t, prec);
    arb_pow(vol, t, h, prec);
    arb_pow_ui(t, delta, d, prec);
    arb_mul(vol, vol, t, prec);
    arb_add_ui(t, h, 1, prec);
    arb_gamma(t, t, prec);
    arb_div(vol, vol, t, prec);
    /* E_U[q] = K - alpha d delta^2/(d+2);  Var_U(q) = alpha^2 Var|u|^2,
     * |u|^2 = delta^2 U^{2/d}: E = d delta^2/(d+2), E|u|^4 = d delta^4/(d+4) */
    arb_sqr(t, delta, prec);
    arb_mul_ui(t, t, d, prec);
    arb_div_ui(t, t, d + 2, prec);          /* E|u|^2 */
    arb_mul(c, t, alpha, prec);
    arb_sub(mean_q, K, c, prec);
    arb_sqr(c, t, prec);                    /* (E|u|^2)^2 */
    arb_pow_ui(t, delta, 4, prec);
    arb_mul_ui(t, t, d, prec);
    arb_div_ui(t, t, d + 4, prec);          /* E|u|^4 */
    arb_sub(t, t, c, prec);
    arb_sqrt(t, t, prec);
    arb_mul(sd_q, t, alpha, prec);
    /* C = 1/delta^d and C = 1/vol(B) */
    arb_pow_ui(c, delta, d, prec);
    arb_log(t, c, prec);
    arb_sub(lhs_printed, logint, t, prec);
    arb_mul(t, vol, mean_q, prec);
    arb_div(rhs_printed, t, c, prec);
    arb_log(t, vol, prec);
    arb_sub(lhs_vol, logint, t, prec);
    arb_set(rhs_vol, mean_q);
    if (K_out)
        arb_set(K_out, K);
    if (alpha_delta2) {
        arb_sqr(t, delta, prec);
        arb_mul(alpha_delta2, alpha, t, prec);
    }
    arb_clear(alpha); arb_clear(K); arb_clear(logint); arb_clear(vol); arb_clear(t); arb_clear(h); arb_clear(c);
}

void
lp_adversary_objective_mc(double *mean, double *sd, ulong d, double K, double alpha_delta2,
                          ulong k, ulong reps, gsl_rng *r)
{
    /* Welford's running moments of the deviation from K: K may dwarf the spread */
    double m = 0, m2 = 0;
    for (ulong rep = 0; rep < reps && !lp_cancelled(); rep++) {
        double obj = 0, step;
        for (ulong i = 0; i < k; i++)    /* x uniform in the ball: |x - mu|^2 = delta^2 U^(2/d) */
            obj -= alpha_delta2 * pow(gsl_rng_uniform_pos(r), 2.0 / d);
        obj /= k;
        step = obj - m;
        m += step / (rep + 1);
        m2 += step * (obj - m);
    }
    *mean = K + m;
    *sd = sqrt(m2 / (reps - 1));
}
