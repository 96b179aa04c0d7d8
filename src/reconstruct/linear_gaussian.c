/* linear_gaussian.c -- Tan et al.'s reconstruction figures in their linear-Gaussian model,
 * where the optimal attacker's MSE is a closed form (contract in models.h): data
 * D ~ N(0, diag lambda), the release D + noise of variance sigma_i per direction,
 *     MMSE = sum_i lambda_i sigma_i / (lambda_i + sigma_i),
 * the natural channel's sigma (capacity 1/2 sum ln(1 + lambda_i/sigma) = kappa) and the
 * personalized one's (sigma beta_i) by bisection in ln sigma, in doubles: the study's figures,
 * not certified bounds (the channel room certifies the channels' sigmas). */
#include <math.h>
#include "reconstruct/models.h"

static double
capacity(const double *lambda, const double *w, int d, double sigma)
{
    double f = 0;
    for (int i = 0; i < d; i++)
        f += 0.5 * log1p(lambda[i] / (sigma * (w ? w[i] : 1)));
    return f;
}

static double
solve(const double *lambda, const double *w, int d, double kappa)
{
    double lo = log(1e-300), hi = log(1e300);
    for (int it = 0; it < 200 && hi - lo > 1e-14; it++) {
        const double mid = 0.5 * (lo + hi);
        if (capacity(lambda, w, d, exp(mid)) > kappa)
            lo = mid;
        else
            hi = mid;
    }
    return exp(0.5 * (lo + hi));
}

static double
mmse(const double *lambda, const double *w, int d, double sigma)
{
    double m = 0;
    for (int i = 0; i < d; i++) {
        const double s = sigma * (w ? w[i] : 1);
        m += lambda[i] * s / (lambda[i] + s);
    }
    return m;
}

void
lp_lg_spectrum(double *lambda, int d)
{
    for (int i = 0; i < d; i++)
        lambda[i] = LP_LG_LAMBDA_MAX * pow(i + 1.0, -1.2);
}

void
lp_lg_beta(double *beta, int d)
{
    for (int i = 0; i < d; i++) {
        const int r = i / 32 + 1, c = i % 32 + 1;
        beta[i] = r >= 12 && r <= 19 && c >= 8 && c <= 23 ? 50 : 1;
    }
}

double
lp_lg_natural_sigma(const double *lambda, int d, double kappa)
{
    return solve(lambda, NULL, d, kappa);
}

double
lp_lg_personalized_sigma(const double *lambda, const double *beta, int d, double kappa)
{
    return solve(lambda, beta, d, kappa);
}

double
lp_lg_mmse(const double *lambda, const double *w, int d, double sigma)
{
    return mmse(lambda, w, d, sigma);
}

double
lp_lg_information(const double *lambda, const double *w, int d, double sigma)
{
    return capacity(lambda, w, d, sigma);
}

double
lp_lg_white_mmse(const double *lambda, int d, double kappa)
{
    /* sigma_i = lambda_i / (e^{2 kappa/d} - 1): each term lambda_i e^{-2 kappa/d} */
    double tr = 0;
    for (int i = 0; i < d; i++)
        tr += lambda[i];
    return tr * exp(-2 * kappa / d);
}

double
lp_lg_theorem1(const double *lambda, int d, double info)
{
    double lg = 0;
    for (int i = 0; i < d; i++)
        lg += log(lambda[i]) / d;
    return d * exp(lg - 2 * info / d);
}
