/* The Gaussian channel capacity f(sigma) = 1/2 sum ln((lambda_i + sigma)/sigma)
 * of Tan et al. eq. (15) and (18).  Contracts in channel.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/host.h"
#include "channel/channel.h"

void
lp_spectrum_init(lp_spectrum *s, size_t d)
{
    s->d = d;
    s->lambda = _arb_vec_init((slong) d);
    s->lambda_d = calloc(d ? d : 1, sizeof(double));
    s->text = calloc(d ? d : 1, sizeof(char *));
    s->positive = 0;
    s->note[0] = '\0';
}

void
lp_spectrum_clear(lp_spectrum *s)
{
    _arb_vec_clear(s->lambda, (slong) s->d);
    free(s->lambda_d);
    for (size_t i = 0; i < s->d; i++)
        free(s->text[i]);
    free(s->text);
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
    s->lambda_d[i] = lp_strtod(text, NULL);
    free(s->text[i]);
    s->text[i] = strdup(text);
    count_positive(s, i);
}

void
lp_spectrum_set_prec(lp_spectrum *s, slong prec)
{
    for (size_t i = 0; i < s->d && !lp_cancelled(); i++)     /* SIGINT: no record */
        if (s->text[i])
            lp_decimal_arb(s->lambda + i, s->text[i], prec);
}

void
lp_spectrum_set_d(lp_spectrum *s, size_t i, double v)
{
    arb_set_d(s->lambda + i, v);
    s->lambda_d[i] = v;
    free(s->text[i]);
    s->text[i] = NULL;
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
    for (size_t i = 0; i < s->d && !lp_cancelled(); i += CHUNK) {  /* SIGINT: no record */
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

/* ln(ln(1 + e^u)) without overflow or underflow: ln(1 + e^u) is u + ln(1 + e^-u)
 * for large u and e^u (to double precision) for very negative u */
static double
log_softplus(double u)
{
    if (u < -40)
        return u;
    if (u > 40)
        return log(u + log1p(exp(-u)));
    return log(log1p(exp(u)));
}

double
lp_channel_log_f_of_log_sigma(const double *log_lambda, size_t npos, double t, double *deriv)
{
    /* f(e^t) = 1/2 sum softplus(u_i), u_i = ln lambda_i - t; ln f by
     * log-sum-exp of ln softplus(u_i); d/dt f = -1/2 sum sigmoid(u_i) */
    double top = -INFINITY, sum = 0, dsum = 0;
    for (size_t i = 0; i < npos; i++)
        top = fmax(top, log_softplus(log_lambda[i] - t));
    for (size_t i = 0; i < npos; i++) {
        double u = log_lambda[i] - t;
        double log_sigmoid = u >= 0 ? -log1p(exp(-u)) : u - log1p(exp(u));
        sum += exp(log_softplus(u) - top);
        dsum += exp(log_sigmoid - top);    /* both scaled by e^-top: only their ratio matters */
    }
    if (deriv)
        *deriv = -dsum / sum;               /* d ln f / dt = f'(t) / f */
    return log(0.5) + top + log(sum);
}
