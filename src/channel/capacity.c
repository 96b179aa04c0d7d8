/* The Gaussian channel capacity f(sigma) = 1/2 sum ln((lambda_i + sigma)/sigma)
 * of Tan et al. eq. (15) and (18).  Contracts in channel.h. */
#include <math.h>
#include <stdlib.h>
#include "channel/channel.h"

void
lp_spectrum_init(lp_spectrum *s, size_t d)
{
    s->d = d;
    s->lambda = _arb_vec_init((slong) d);
    s->lambda_d = calloc(d ? d : 1, sizeof(double));
    s->positive = 0;
}

void
lp_spectrum_clear(lp_spectrum *s)
{
    _arb_vec_clear(s->lambda, (slong) s->d);
    free(s->lambda_d);
}

static void
count_positive(lp_spectrum *s, size_t i)
{
    if (arb_is_positive(s->lambda + i))
        s->positive++;
}

void
lp_spectrum_set_text(lp_spectrum *s, size_t i, const char *text, slong prec)
{
    lp_decimal_arb(s->lambda + i, text, prec);
    s->lambda_d[i] = strtod(text, NULL);
    count_positive(s, i);
}

void
lp_spectrum_set_d(lp_spectrum *s, size_t i, double v)
{
    arb_set_d(s->lambda + i, v);
    s->lambda_d[i] = v;
    count_positive(s, i);
}

/* Chunks of 32 factors 1 + lambda/sigma <= 1 + lambda_max/sigma stay far
 * inside Arb's exponent range; one log per chunk. */
#define CHUNK 32

void
lp_channel_f_arb(arb_t f, const lp_spectrum *s, const arb_t sigma, slong prec)
{
    arb_t prod, t, inv, acc;
    arb_init(prod);
    arb_init(t);
    arb_init(inv);
    arb_init(acc);
    arb_inv(inv, sigma, prec);
    arb_zero(acc);
    for (size_t i = 0; i < s->d; i += CHUNK) {
        arb_one(prod);
        for (size_t j = i; j < s->d && j < i + CHUNK; j++) {
            arb_mul(t, s->lambda + j, inv, prec);
            arb_add_ui(t, t, 1, prec);
            arb_mul(prod, prod, t, prec);
        }
        arb_log(t, prod, prec);
        arb_add(acc, acc, t, prec);
    }
    arb_mul_2exp_si(f, acc, -1);
    arb_clear(prod);
    arb_clear(t);
    arb_clear(inv);
    arb_clear(acc);
}

double
lp_channel_f_d(const lp_spectrum *s, double sigma, double *deriv)
{
    double f = 0.0, df = 0.0;
    for (size_t i = 0; i < s->d; i++) {
        double l = s->lambda_d[i];
        f += log1p(l / sigma);
        df -= l / (sigma * (l + sigma));
    }
    if (deriv)
        *deriv = 0.5 * df;
    return 0.5 * f;
}
