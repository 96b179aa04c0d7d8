/* Theorem 4 of Tan et al. (channel capacity of DP) and the capacity its own
 * hypotheses allow.  Contracts in channel.h. */
#include "channel/channel.h"

/* the classical Gaussian calibration's variance: (S sqrt(2 ln(1.25/delta)) / eps)^2 */
void
lp_dp_sigma_classical(arb_t sigma, const arb_t eps, const arb_t delta, const arb_t clip, slong prec)
{
    lp_calibrate_classical(sigma, eps, delta, clip, prec);
    arb_sqr(sigma, sigma, prec);
}

void
lp_dp_bound1(arb_t b, const arb_t batch, const arb_t clip, const arb_t sigma, slong prec)
{
    arb_mul(b, clip, clip, prec);
    arb_mul(b, b, batch, prec);
    arb_div(b, b, sigma, prec);
}

/* bound (2) is bound (1) at the classical sigma, as the proof of Theorem 4
 * derives it: B S^2 / sigma = B eps^2 / (2 ln(1.25/delta)) for any S */
void
lp_dp_bound2(arb_t b, const arb_t batch, const arb_t eps, const arb_t delta, slong prec)
{
    arb_t one, sigma;
    arb_init(one);
    arb_init(sigma);
    arb_one(one);
    lp_dp_sigma_classical(sigma, eps, delta, one, prec);
    lp_dp_bound1(b, batch, one, sigma, prec);
    arb_clear(one);
    arb_clear(sigma);
}

void
lp_dp_equal_split(arb_t f, ulong d, const arb_t batch, const arb_t clip,
                  const arb_t sigma, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_mul(t, clip, clip, prec);
    arb_mul(t, t, batch, prec);
    arb_div(t, t, sigma, prec);
    arb_div_ui(t, t, d, prec);
    arb_log1p(t, t, prec);
    arb_mul_ui(t, t, d, prec);
    arb_mul_2exp_si(f, t, -1);
    arb_clear(t);
}

void
lp_dp_supremum(arb_t f, const arb_t batch, const arb_t clip, const arb_t sigma, slong prec)
{
    lp_dp_bound1(f, batch, clip, sigma, prec);
    arb_mul_2exp_si(f, f, -1);
}
