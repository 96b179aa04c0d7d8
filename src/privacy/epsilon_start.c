/* epsilon_start.c -- where the inverse (epsilon_arb.c) starts its Newton
 * steps: a normal approximation of the privacy loss, then, for vmf, Newton on
 * log delta in doubles (vmf_profile_double.c, vmf_chordal_double.c).  All of
 * it is heuristic: it moves the cost, never the bracket. */
#include <math.h>
#include "privacy/privacy.h"
#include "numeric/numeric.h"

/* the vmf pair's delta(eps) and -delta'(eps) in doubles (a heuristic: NAN
 * where it has nothing) */
double
lp_dp_vmf_double(double *slope, const lp_dp_pair *m, double eps)
{
    if (m->antipodal)
        return lp_vmf_profile_double(slope, eps, m->p, lp_arb_mid_d(m->scale));
    return lp_vmf_chordal_double(slope, eps, m->p, lp_arb_mid_d(m->scale), lp_arb_mid_d(m->dist));
}

/* A start for Newton (a double heuristic: it moves the cost, never the
 * bracket): the privacy loss under f_x taken as normal N(mu, s^2), for which
 *   delta(eps) = Phi((mu - eps)/s) - e^{eps - mu + s^2/2} Phi((mu - eps - s^2)/s);
 * exact for gauss (mu = Delta^2/(2 sigma^2), s = Delta/sigma); for vmf
 * L = 2 kappa t with t at the mode of e^{kappa t}(1 - t^2)^{(p-3)/2} and its
 * Laplace-approximation width.  Bisection in doubles; NAN when it finds nothing. */
double
lp_dp_epsilon_start(int *root, const lp_dp_pair *m, const arb_t target)
{
    double mu, s, D = lp_arb_mid_d(target), lo = 0, hi, k = lp_arb_mid_d(m->scale);
    if (m->mech == LP_DP_GAUSS) {
        double r = lp_arb_mid_d(m->dist) / k;
        mu = r * r / 2;
        s = r;
    } else {
        double n = (double) m->p - 3.0, t, st;
        if (n <= 0 || k <= 0)
            return NAN;
        t = 2 * k / (n + sqrt(n * n + 4 * k * k));
        st = (1 - t * t) / sqrt(n * (1 + t * t));
        if (m->antipodal) {
            mu = 2 * k * t;
            s = 2 * k * st;
        } else {
            /* L = kappa d u, u = (d/2) t + sqrt(1 - d^2/4) sqrt(1 - t^2) r (vmf_chordal_arb.c),
             * r of mean 0 and variance 1/(p - 1) */
            double dd = lp_arb_mid_d(m->dist), c2 = 1 - dd * dd / 4;
            mu = k * dd * (dd / 2) * t;
            s = k * dd * sqrt(dd * dd / 4 * st * st + c2 * (1 - t * t) / ((double) m->p - 1.0));
        }
    }
    if (!(s > 0) || !isfinite(mu) || !isfinite(s) || !(D > 0))
        return NAN;
    hi = mu + 40 * s + 50;
    for (int i = 0; i < 200; i++) {
        double e = 0.5 * (lo + hi), a = 0.5 * erfc((e - mu) / (s * sqrt(2.0)));
        double b = 0.5 * erfc((e - mu + s * s) / (s * sqrt(2.0))) * exp(e - mu + s * s / 2);
        double d = a - (isfinite(b) ? b : 0);
        if (d > D)
            lo = e;
        else
            hi = e;
    }
    if (!(lo > 0) || !isfinite(lo))
        return NAN;
    if (m->mech == LP_DP_VMF) {
        /* Newton on log delta in doubles (vmf_profile_double.c,
         * vmf_chordal_double.c) from there: the Arb steps that follow then
         * start at the root; *root says the doubles converged */
        double x = lo;
        for (int i = 0; i < 40; i++) {
            double sl, d = lp_dp_vmf_double(&sl, m, x), xn;
            if (!(d > 0) || !(sl > 0) || !isfinite(d) || !isfinite(sl))
                break;
            xn = x + (log(d) - log(D)) * d / sl;
            if (!(xn > 0) || !isfinite(xn))
                break;
            *root = fabs(xn - x) <= 1e-12 * xn;
            if (fabs(xn - x) <= 1e-15 * xn)
                return xn;
            x = xn;
        }
        return x;
    }
    return lo;
}
