/* t-reconstruct-tan.c -- Tan et al.'s reconstruction figures in their own
 * linear-Gaussian model, where the optimal attacker's MSE is a closed form:
 * data D ~ N(0, diag(lambda)) in its eigenbasis, the release W = D + noise of
 * variance sigma_i per direction (sigma a variance, as in the paper), and
 *     MMSE = sum_i lambda_i sigma_i / (lambda_i + sigma_i).
 * The spectrum is cases/tan/eig.txt's law lambda_i = 222.21 i^-1.2 (Appendix
 * D's CIFAR-10 lambda_max, a power-law decay) over d = 3072, the figures' own
 * CIFAR-10 images (32 x 32 x 3), at the kappa and n the figures print; Fig. 14's
 * personalized channel takes Appendix C's beta (50 on rows 12-19, columns 8-23 of
 * 32 x 32, 1 elsewhere) on each of the three colour planes, the same law in raster
 * order.  Claim ids: tan/fig6, tan/fig8, tan/fig10, tan/fig13, tan/fig14. */
#include <math.h>
#include <stdio.h>
#include "tap.h"
#include "mutant.h"

#define D_MAX 3072

static void
spectrum(double *lambda, int d)
{
    for (int i = 0; i < d; i++)
        lambda[i] = 222.21 * pow(i + 1.0, -1.2);
}

/* the capacity 1/2 sum ln(1 + lambda_i / (sigma w_i)) (w = NULL: all 1) */
static double
capacity(const double *lambda, const double *w, int d, double sigma)
{
    double f = 0;
    for (int i = 0; i < d; i++)
        f += 0.5 * log1p(lambda[i] / (sigma * (w ? w[i] : 1)));
    return f;
}

/* sigma with capacity kappa: bisection in ln sigma (capacity falls in sigma) */
static double
solve(const double *lambda, const double *w, int d, double kappa)
{
    double lo = log(1e-30), hi = log(1e30);
    for (int it = 0; it < 200; it++) {
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

/* Theorem 1, times d: d e^{2h/d}/(2 pi e) e^{-2I/d} = d (prod lambda)^{1/d} e^{-2I/d} */
static double
theorem1(const double *lambda, int d, double info)
{
    double lg = 0;
    for (int i = 0; i < d; i++)
        lg += log(lambda[i]) / d;
    return d * exp(lg - 2 * info / d);
}

int
main(void)
{
    static double lambda[D_MAX], beta[D_MAX];
    const int d = 3072;
    spectrum(lambda, d);

    /* Fig. 10: the MSE falls as kappa grows (natural channel); Theorem 1 below it */
    {
        static const double kappas[] = { 50, 100, 200, 300, 500, 800, 1000, 1500 };
        double prev = INFINITY;
        int falls = 1, above = 1;
        for (int k = 0; k < 8; k++) {
            const double s = solve(lambda, NULL, d, kappas[k]), m = mmse(lambda, NULL, d, s);
            const double b = lp_mut_apply(lp_mut_which("tan/fig10", "rel+ x2"), theorem1(lambda, d, kappas[k]));
            tap_diag("fig10 kappa=%g sigma=%.6g mmse/d=%.6g theorem1/d=%.6g", kappas[k], s, m / d, b / d);
            falls &= lp_mut_sign("tan/fig10 tan/sec6.2/kappa-mse", m) < prev;
            above &= m >= b * (1 - 1e-12);
            prev = m;
        }
        tap_ok(falls && above, "[tan/fig10] [tan/sec6.2/kappa-mse] natural channel, d=3072: the MMSE falls as kappa grows "
               "over the figure's 50, 100, 200, 300 and on to 1500 (MSE/d %.4g at 1500) and stays above Theorem 1's "
               "bound with I = kappa", prev / d);
    }
    /* Fig. 13: n rounds at kappa = 300, each a fresh release of the same D:
       n observations of variance sigma are one of variance sigma / n */
    {
        const double s = solve(lambda, NULL, d, 300);
        double prev = INFINITY, first = 0;
        int falls = 1, above = 1;
        /* the figure's n = floor(TotalInfo / 300) for TotalInfo 5e5 .. 3e6, and from n = 1 */
        static const double rounds[] = { 1, 10, 100, 1666, 3333, 6666, 10000 };
        for (int k = 0; k < 7; k++) {
            const double m = lp_mut_sign("tan/fig13", mmse(lambda, NULL, d, s / rounds[k]));
            const double info = capacity(lambda, NULL, d, s / rounds[k]);
            if (k == 0)
                first = m;
            tap_diag("fig13 n=%g mmse/d=%.6g I=%.6g n*kappa=%g", rounds[k], m / d, info, 300 * rounds[k]);
            falls &= m < prev;
            above &= info <= 300 * rounds[k] * (1 + 1e-12) && m >= theorem1(lambda, d, 300 * rounds[k]) * (1 - 1e-12);
            prev = m;
        }
        tap_ok(falls && above, "[tan/fig13] kappa=300, d=3072: the MMSE falls with the rounds n (MSE/d %.4g at "
               "n=1, %.4g at n=1e4); I(D; W_1..W_n) <= n kappa and Theorem 1 hold at every n", first / d, prev / d);
    }
    /* Fig. 6: DP-SGD's noise (multiplier 1.3, clip S = 1) on the batch mean
       of B examples scaled so that E|D|^2 = S^2: noise variance 1.3^2 / B^2,
       the mean's covariance lambda / B */
    {
        double tr = 0, prev_mean = INFINITY, prev_one = -INFINITY, m1 = 0, mlast = 0, o1 = 0, olast = 0;
        int mean_falls = 1, one_rises = 1;
        for (int i = 0; i < d; i++)
            tr += lambda[i];
        for (int B = 1; B <= 256; B *= 2) {
            const double noise = 1.3 * 1.3 / ((double) B * B);
            double mean_mse = 0, one_mse = 0;
            for (int i = 0; i < d; i++) {
                const double l = lambda[i] / tr;
                mean_mse += (l / B) * noise / (l / B + noise);
                /* one example from the noised mean: lambda - (lambda/B)^2 / (lambda/B + noise) */
                one_mse += l - (l / B) * (l / B) / (l / B + noise);
            }
            tap_diag("fig6 B=%d mmse(batch mean)=%.6g mmse(one example)=%.6g", B, mean_mse, one_mse);
            mean_mse = lp_mut_sign("tan/fig6 tan/appD/dp-batch", mean_mse);
            one_mse = lp_mut_sign("tan/fig6", one_mse);
            mean_falls &= mean_mse < prev_mean;
            one_rises &= one_mse > prev_one;
            if (B == 1)
                m1 = mean_mse, o1 = one_mse;
            mlast = mean_mse, olast = one_mse;
            prev_mean = mean_mse;
            prev_one = one_mse;
        }
        tap_ok(mean_falls, "[tan/fig6] [tan/appD/dp-batch] DP noise multiplier 1.3, S=1, d=3072: reconstructing the batch mean (the "
               "paper's Fig. 6 target) gets easier as B grows, MMSE %.4g at B=1 to %.4g at B=256", m1, mlast);
        tap_ok(one_rises, "[tan/fig6] the same releases: one example's MMSE rises with B (%.4g at B=1, %.4g at "
               "B=256 of the prior's 1): a large batch defends the individual, as Sec. 5.3 says", o1, olast);
    }
    /* Fig. 8: compressing one eigen-direction (kappa = 300, the noise kept):
       the attacker loses that direction, MSE up by lambda^2 / (lambda + sigma) */
    {
        const double s = solve(lambda, NULL, d, 300);
        static const int dirs[] = { 0, 1, 9 };
        double up[3];
        for (int k = 0; k < 3; k++) {
            const double l = lambda[dirs[k]];
            up[k] = lp_mut_sign("tan/fig8", l - l * s / (l + s));
        }
        tap_ok(up[0] > up[1] && up[1] > up[2],
               "[tan/fig8] kappa=300, d=3072: compressing the direction of lambda = %.2f, %.2f, %.2f raises the "
               "MMSE by %.4g, %.4g, %.4g: the larger the eigenvalue, the stronger the defense", lambda[0],
               lambda[1], lambda[9], up[0], up[1], up[2]);
    }
    /* Fig. 14: natural, white and personalized channels at equal kappa (the heatmap's 50 .. 300), d = 3072 */
    {
        const int dd = 3072;
        static const double kappas[] = { 50, 100, 200, 300 };
        int order = 1;
        double nat = 0, wh = 0, pe = 0;
        char cells[400] = "";
        size_t len = 0;
        spectrum(lambda, dd);
        for (int i = 0; i < dd; i++) {
            const int r = i % 1024 / 32 + 1, c = i % 32 + 1;      /* the same beta on each colour plane */
            beta[i] = r >= 12 && r <= 19 && c >= 8 && c <= 23 ? 50 : 1;
        }
        for (int k = 0; k < 4; k++) {
            double tr = 0;
            for (int i = 0; i < dd; i++)
                tr += lambda[i];
            nat = mmse(lambda, NULL, dd, solve(lambda, NULL, dd, kappas[k]));
            wh = tr * exp(-2 * kappas[k] / dd);      /* sigma_i = lambda_i / (e^{2 kappa/d} - 1) */
            pe = mmse(lambda, beta, dd, solve(lambda, beta, dd, kappas[k]));
            tap_diag("fig14 kappa=%g mmse/d natural=%.6g white=%.6g personalized=%.6g", kappas[k], nat / dd,
                     wh / dd, pe / dd);
            nat = lp_mut_apply(lp_mut_which("tan/fig14", "rel+ x2"), nat);
            order &= nat < wh && nat < pe;
            len += (size_t) snprintf(cells + len, sizeof cells - len, "%s kappa %g: %.4g, %.4g against %.4g",
                                     k ? ";" : "", kappas[k], wh / dd, pe / dd, nat / dd);
        }
        tap_todo(order, "[tan/fig14] equal kappa, the heatmap's 50 to 300, d=3072: the white and personalized "
                 "channels leave a larger MMSE than the natural one (white, personalized against natural, per "
                 "coordinate:%s)", cells);
    }
    return tap_done();
}
