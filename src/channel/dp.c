/* Theorem 4 of Tan et al. (channel capacity of DP) and the capacity its own
 * hypotheses allow.  Contracts in channel.h. */
#include "channel/channel.h"

static void
log_125_over_delta(arb_t r, const arb_t delta, slong prec)
{
    arb_set_ui(r, 5);
    arb_mul_2exp_si(r, r, -2);              /* 1.25 */
    arb_div(r, r, delta, prec);
    arb_log(r, r, prec);
}

void
lp_dp_sigma_classical(arb_t sigma, const arb_t eps, const arb_t delta, const arb_t clip, slong prec)
{
    arb_t t;
    arb_init(t);
    log_125_over_delta(t, delta, prec);
    arb_mul_2exp_si(t, t, 1);
    arb_mul(t, t, clip, prec);
    arb_mul(t, t, clip, prec);
    arb_div(t, t, eps, prec);
    arb_div(sigma, t, eps, prec);
    arb_clear(t);
}

void
lp_dp_bound1(arb_t b, const arb_t batch, const arb_t clip, const arb_t sigma, slong prec)
{
    arb_mul(b, clip, clip, prec);
    arb_mul(b, b, batch, prec);
    arb_div(b, b, sigma, prec);
}

void
lp_dp_bound2(arb_t b, const arb_t batch, const arb_t eps, const arb_t delta, slong prec)
{
    arb_t t;
    arb_init(t);
    log_125_over_delta(t, delta, prec);
    arb_mul_2exp_si(t, t, 1);
    arb_mul(b, eps, eps, prec);
    arb_mul(b, b, batch, prec);
    arb_div(b, b, t, prec);
    arb_clear(t);
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
