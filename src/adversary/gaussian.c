/* The Bayes optimal delta-ball adversary in the linear-Gaussian model.
 * Contracts in adversary.h. */
#include <math.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include "core/host.h"
#include "adversary/adversary.h"

/* P(chi^2_d <= r2 / var) = P(d/2, r2 / (2 var)), regularized lower gamma */
static void
chi2_cdf(arb_t res, ulong d, const arb_t r2, const arb_t var, slong prec)
{
    arb_t s, z;
    arb_init(s);
    arb_init(z);
    arb_set_ui(s, d);
    arb_mul_2exp_si(s, s, -1);
    arb_div(z, r2, var, prec);
    arb_mul_2exp_si(z, z, -1);
    lp_adversary_gamma_p(res, s, z, prec);
    arb_clear(s);
    arb_clear(z);
}

void
lp_adversary_gaussian_success(arb_t posterior_success, arb_t prior_success,
                              ulong d, const arb_t v, const arb_t a, const arb_t s,
                              const arb_t delta, slong prec)
{
    arb_t tau2, t, r2;
    arb_init(tau2);
    arb_init(t);
    arb_init(r2);
    arb_sqr(r2, delta, prec);
    /* 1/tau^2 = 1/v + a^2/s^2 */
    arb_div(t, a, s, prec);
    arb_sqr(t, t, prec);
    arb_inv(tau2, v, prec);
    arb_add(tau2, tau2, t, prec);
    arb_inv(tau2, tau2, prec);
    chi2_cdf(posterior_success, d, r2, tau2, prec);
    chi2_cdf(prior_success, d, r2, v, prec);
    arb_clear(tau2);
    arb_clear(t);
    arb_clear(r2);
}

void
lp_adversary_gaussian_mc(double *success, double *std_error, ulong d, double v, double a,
                         double s, double delta, double offset, uint64_t samples, gsl_rng *r)
{
    const double tau2 = 1.0 / (1.0 / v + a * a / (s * s));
    uint64_t hits = 0;
    for (uint64_t k = 0; k < samples; k++) {
        double e2 = 0;
        if ((k & 4095) == 0 && lp_cancelled())      /* interrupted: nothing is emitted */
            break;
        for (ulong i = 0; i < d; i++) {
            double x = gsl_ran_gaussian_ziggurat(r, sqrt(v));
            double g = a * x + gsl_ran_gaussian_ziggurat(r, s);
            double m = tau2 * a * g / (s * s) + (i == 0 ? offset : 0.0);
            e2 += (x - m) * (x - m);
        }
        hits += e2 <= delta * delta;
    }
    *success = (double) hits / samples;
    *std_error = sqrt(*success * (1 - *success) / samples);
}
