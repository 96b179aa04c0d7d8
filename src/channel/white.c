/* White channel (Tan et al. eq. (19)): sigma_i = lambda_i / (exp(2 kappa/d) - 1),
 * every eigen-direction given the same share 2 kappa / d of the capacity.
 * Contract in channel.h. */
#include "channel/channel.h"

void
lp_channel_white(arb_ptr sigmas, const lp_spectrum *s, const arb_t kappa, slong prec)
{
    arb_t den;
    arb_init(den);
    arb_mul_2exp_si(den, kappa, 1);
    arb_div_ui(den, den, s->d, prec);
    arb_expm1(den, den, prec);
    for (size_t i = 0; i < s->d; i++)
        arb_div(sigmas + i, s->lambda + i, den, prec);
    arb_clear(den);
}

void
lp_channel_white_f(arb_t f, const lp_spectrum *s, arb_srcptr sigmas, slong prec)
{
    arb_t t, acc;
    arb_init(t);
    arb_init(acc);
    for (size_t i = 0; i < s->d; i++) {
        if (!arb_is_positive(s->lambda + i))
            continue;                   /* lambda = 0: sigma = 0, the term is 0/0 */
        arb_div(t, s->lambda + i, sigmas + i, prec);
        arb_log1p(t, t, prec);
        arb_add(acc, acc, t, prec);
    }
    arb_mul_2exp_si(f, acc, -1);
    arb_clear(t);
    arb_clear(acc);
}
