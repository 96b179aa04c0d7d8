/* vmf_profile_double.c -- the antipodal VMF profile in doubles, for the
 * inverse's Newton steps only (epsilon_arb.c): a heuristic that places the
 * root, so that the certified evaluations in Arb (vmf_profile_arb.c) are two
 * or three instead of eight or ten.  It never enters a bound: the bracket is
 * closed by Arb's signs.
 *
 * The integrals of vmf_profile_arb.c in theta,
 *   Z = int_0^pi g,  N = int_0^{th_tau} g (1 - e^{eps - 2 kappa cos th}),
 *   S = int_0^{th_tau} g e^{eps - 2 kappa cos th}  (S/Z = -delta'(eps)),
 *   g = e^{kappa cos th + n log sin th - shift}, n = p - 2,
 * by composite Gauss-Legendre (10 points per panel) on [mode -+ 40 w]
 * clipped to [0, pi] (w the Laplace width: the mass beyond is below e^-800
 * for the log-concave part; a heuristic, like everything here). */
#include <math.h>
#include "privacy/privacy.h"
#include "privacy/vmf_theta.h"

/* the 10-point Gauss-Legendre rule of both double stages (vmf_theta.h) */
const double lp_vmf_gl_x[5] = { 0.1488743389816312, 0.4333953941292472, 0.6794095682990244,
                                0.8650633666889845, 0.9739065285171717 };
const double lp_vmf_gl_w[5] = { 0.2955242247147529, 0.2692667193099963, 0.2190863625159820,
                                0.1494513491505806, 0.0666713443086881 };

/* log g(th) + shift, about pi/2 in x = th - pi/2 (cos th = -sin x,
 * log sin th = log1p(-2 sin^2(x/2))): at p = 1.34e8 the mass lies within
 * 1e-4 of pi/2, where n log(sin th) would lose 1e-8 of the exponent */
static double
logg(double th, double n, double k)
{
    double x = th - M_PI_2, h = sin(0.5 * x), ls;
    if (fabs(x) < 0.5)
        ls = log1p(-2 * h * h);
    else
        ls = log(sin(th) > 0 ? sin(th) : 1e-300);
    return -k * sin(x) + (n > 0 ? n * ls : 0.0);
}

/* int_a^b of g [factor] in `panels` panels: kind 0 g, 1 g (1 - e^{...}), 2 g e^{...} */
static double
gl(double a, double b, int panels, double n, double k, double shift, double eps, int kind)
{
    double s = 0, h = (b - a) / panels;
    if (!(b > a))
        return 0;
    for (int i = 0; i < panels; i++) {
        double c = a + (i + 0.5) * h, r = 0.5 * h;
        for (int j = 0; j < 5; j++)
            for (int sg = -1; sg <= 1; sg += 2) {
                double th = c + sg * r * lp_vmf_gl_x[j], v = logg(th, n, k) - shift, co = -sin(th - M_PI_2);
                double f = eps - 2 * k * co;
                v = exp(v);
                if (kind == 1)
                    v *= -expm1(f);
                else if (kind == 2)
                    v *= exp(f);
                s += r * lp_vmf_gl_w[j] * v;
            }
    }
    return s;
}

double
lp_vmf_profile_double(double *slope, double eps, uint64_t p, double kappa)
{
    double n = (double) p - 2.0, k = kappa, t, c2, mode, w, a, b, tt, z, shift;
    const int panels = 24;
    if (!(k > 0) || !(eps >= 0)) {
        *slope = NAN;
        return NAN;
    }
    tt = eps / (2 * k);
    if (tt >= 1) {
        *slope = 0;
        return 0;
    }
    t = 2.0 * k / (n + sqrt(n * n + 4.0 * k * k));
    c2 = k * t + (t < 1.0 ? n / (1.0 - t * t) : 0.0);
    mode = acos(t);
    w = c2 > 0 ? 1.0 / sqrt(c2) : M_PI;
    a = mode - 40 * w > 0 ? mode - 40 * w : 0;
    b = mode + 40 * w < M_PI ? mode + 40 * w : M_PI;
    shift = logg(mode, n, k);
    z = gl(a, b, panels, n, k, shift, eps, 0);
    tt = acos(tt);
    if (tt < b)
        b = tt;
    *slope = gl(a, b, panels, n, k, shift, eps, 2) / z;
    return gl(a, b, panels, n, k, shift, eps, 1) / z;
}
