/* t-vmf-release.c -- the reconstruction study's von Mises-Fisher release
 * (src/reconstruct/release.c) at every kappa the command takes (issue 41):
 * Wood's sampler in the textbook form never accepted from kappa ~ 5e16
 * (t and x0 rounded to 1, the test to NaN) and `reconstruct vmf --kappa
 * 1e17` never returned.  Checked here:
 *   - p = 3: E[mu.y] = coth kappa - 1/kappa (kappa 0.5, 10, 1000), within 4
 *     standard errors;
 *   - large kappa (1e8, 1e17, 9e299; p = 3 and 8): kappa E[1 - t^2] = kappa
 *     E|y - (mu.y) mu|^2 against its limit p - 1 (the relative error O(1/kappa),
 *     below 1e-6 here), within 4 standard errors; every draw a unit vector;
 *   - the cancel flag set: a draw returns (the loop checks it).
 * Each kappa 20,000 draws. */
#include <math.h>
#include <stdlib.h>
#include "reconstruct/reconstruct.h"
#include "core/host.h"
#include "tap.h"

#define DRAWS 20000

/* mean and standard error of f(y) over DRAWS releases of mu = e_1 */
static void
moments(double *mean, double *se, double *worst_norm, int p, double kappa, int what)
{
    lp_recon_setup s = { 0 };
    lp_stream r;
    double x[8] = { 1 }, y[8], sum = 0, sum2 = 0;
    s.noise = LP_RECON_VMF;
    s.p = p;
    s.scale = kappa;
    lp_stream_init(&r, 41, 0, 0);
    *worst_norm = 0;
    for (int i = 0; i < DRAWS; i++) {
        double v = 0, n2 = 0;
        lp_recon_release(y, &s, x, &r);
        for (int j = 0; j < p; j++)
            n2 += y[j] * y[j];
        if (what == 0)
            v = y[0];
        else
            for (int j = 1; j < p; j++)
                v += y[j] * y[j] * kappa;   /* kappa (1 - t^2), resolved where t rounds to 1 */
        *worst_norm = fmax(*worst_norm, fabs(n2 - 1));
        sum += v;
        sum2 += v * v;
    }
    *mean = sum / DRAWS;
    *se = sqrt(fmax(0, sum2 / DRAWS - *mean * *mean) / DRAWS);
}

int
main(void)
{
    const double small[] = { 0.5, 10, 1000 };
    const double large[] = { 1e8, 1e17, 9e299 };
    const int ps[] = { 3, 8 };
    for (int i = 0; i < 3; i++) {
        double k = small[i], mean, se, norm;
        double want = 1 / tanh(k) - 1 / k;
        moments(&mean, &se, &norm, 3, k, 0);
        tap_ok(fabs(mean - want) <= 4 * se + 1e-12 && norm < 1e-12,
               "vmf release, p 3, kappa %g: E[mu.y] %.6f against coth - 1/kappa %.6f (4 se %.1e; "
               "|norm - 1| <= %.1e)", k, mean, want, 4 * se, norm);
    }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 2; j++) {
            const int p = ps[j];
            double k = large[i], mean, se, norm, want = p - 1.0;
            moments(&mean, &se, &norm, p, k, 1);
            tap_ok(isfinite(mean) && fabs(mean - want) <= 4 * se + 1e-6 * want && norm < 1e-12,
                   "vmf release, p %d, kappa %g: E[kappa (1 - t^2)] %.5f against p - 1 = %.0f (4 se "
                   "%.1e; |norm - 1| <= %.1e)", p, k, mean, want, 4 * se, norm);
        }
    {
        /* an interrupt: the flag set, a draw still returns */
        int flag = 1;
        lp_recon_setup s = { 0 };
        lp_stream r;
        double x[3] = { 1, 0, 0 }, y[3];
        s.noise = LP_RECON_VMF;
        s.p = 3;
        s.scale = 1e17;
        lp_stream_init(&r, 7, 0, 0);
        lp_cancel_watch(&flag);
        lp_recon_release(y, &s, x, &r);
        lp_cancel_watch(NULL);
        tap_ok(1, "vmf release with the cancel flag set returns");
    }
    return tap_done();
}
