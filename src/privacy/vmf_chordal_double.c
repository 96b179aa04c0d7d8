/* vmf_chordal_double.c -- the VMF profile of the pair at chordal distance
 * d < 2 in doubles, for the inverse's Newton steps only (epsilon_arb.c): a
 * heuristic that places the root, so that the certified evaluations in Arb
 * (vmf_chordal_arb.c) are two or three instead of seven.  It never enters a
 * bound: the bracket is closed by Arb's signs.
 *
 * The integrals of vmf_chordal_arb.c in theta (derivation there),
 *   Z = int_0^pi g,  N = int_0^{th_tau} g (1 - e^{eps - kappa d cos th}),
 *   S = int_0^{th_tau} g e^{eps - kappa d cos th}  (S/Z = -delta'(eps)),
 *   log g = (kappa d/2) cos th + n log sin th + log 0F1(; (p-1)/2; q sin^2 th),
 *   n = p - 2, q = kappa^2 (1 - d^2/4) / 4,
 * in x = th - pi/2 (at p = 1.34e8 the mass lies within 1e-4 of pi/2), by
 * composite Gauss-Legendre, 10 points per panel, on [mode -+ 40 w] (w the
 * width from log g's second difference), N and S from max(mode - 40 w,
 * th_tau - 40 w_tau) (w_tau the scale of log g's slope at th_tau) to th_tau,
 * sharing their nodes.  log 0F1 by its series of positive terms, rescaled
 * where it grows past 1e280; NAN where it would need more than ~3000 terms
 * (huge kappa at small p: the caller then runs Newton in Arb). */
#include <math.h>
#include "privacy/privacy.h"
#include "privacy/vmf_theta.h"

typedef struct { double n, kw, kd, b, q; } cpar;

/* log 0F1(; b; x), x >= 0, by its series (positive terms); NAN past 20,000 terms */
static double
log0f1(double b, double x)
{
    double s = 1, t = 1, ls = 0;
    for (int k = 0; k < 20000; k++) {
        t *= x / ((b + k) * (k + 1));
        s += t;
        if (s > 1e280) {
            s *= 1e-280;
            t *= 1e-280;
            ls += 280 * M_LN10;
        }
        if (t < 1e-17 * s && x < 0.5 * (b + k) * (k + 1))
            return ls + log(s);
    }
    return NAN;
}

/* log g at th = pi/2 + x */
static double
logg(double x, const cpar *c)
{
    double h = sin(0.5 * x), co = cos(x), ls = fabs(x) < 0.5 ? log1p(-2 * h * h) : log(co > 0 ? co : 1e-300);
    return -c->kw * sin(x) + (c->n > 0 ? c->n * ls : 0.0) + log0f1(c->b, c->q * co * co);
}

/* int_a^b g e^{-shift} (z), and with eps >= 0: the N and S integrands (n, s) */
static void
gl(double *z, double *n, double *s, double a, double b, int panels, const cpar *c, double shift, double eps)
{
    double h = (b - a) / panels;
    *z = 0;
    if (n != NULL)
        *n = *s = 0;
    if (!(b > a))
        return;
    for (int i = 0; i < panels; i++) {
        double m = a + (i + 0.5) * h, r = 0.5 * h;
        for (int j = 0; j < 5; j++)
            for (int sg = -1; sg <= 1; sg += 2) {
                double x = m + sg * r * lp_vmf_gl_x[j], v = exp(logg(x, c) - shift), wt = r * lp_vmf_gl_w[j];
                *z += wt * v;
                if (n != NULL) {
                    double f = eps + c->kd * sin(x);
                    *n -= wt * v * expm1(f);
                    *s += wt * v * exp(f);
                }
            }
    }
}

double
lp_vmf_chordal_double(double *slope, double eps, uint64_t p, double kappa, double d)
{
    cpar c;
    double lo = -M_PI_2, hi = 0, best = -INFINITY, m, w, h, c2, a, b, tt, shift, z, nn, ss, wn;
    const int panels = 32;
    int ib = 0;
    *slope = NAN;
    if (!(kappa > 0) || !(eps >= 0) || !(d > 0) || !(d < 2) || p < 2)
        return NAN;
    c.n = (double) p - 2.0;
    c.kw = 0.5 * kappa * d;
    c.kd = kappa * d;
    c.b = 0.5 * ((double) p - 1.0);
    c.q = 0.25 * kappa * kappa * (1 - 0.25 * d * d);
    /* the series' length: k (b + k) ~ 2x at its last term; beyond ~3000 terms
     * (kappa^2 >> p^2 at small p) the doubles cost more than they save */
    if (2 * c.q > 3000.0 * (c.b + 3000.0))
        return NAN;
    tt = eps / c.kd;
    if (tt >= 1) {
        *slope = 0;
        return 0;
    }
    /* the mode lies in th in [0, pi/2] (x in [-pi/2, 0]): a scan, then golden section */
    for (int i = 0; i <= 400; i++) {
        double v = logg(-M_PI_2 + M_PI_2 * i / 400.0, &c);
        if (v > best) {
            best = v;
            ib = i;
        }
    }
    if (!isfinite(best))
        return NAN;
    lo = -M_PI_2 + M_PI_2 * (ib > 0 ? ib - 1 : 0) / 400.0;
    hi = -M_PI_2 + M_PI_2 * (ib < 400 ? ib + 1 : 400) / 400.0;
    for (int i = 0; i < 200 && hi - lo > 1e-15 * (1 + fabs(lo)); i++) {
        double u = hi - 0.6180339887498949 * (hi - lo), v = lo + 0.6180339887498949 * (hi - lo);
        if (logg(u, &c) < logg(v, &c))
            lo = u;
        else
            hi = v;
    }
    m = 0.5 * (lo + hi);
    h = 1e-3 / sqrt(c.n + c.kw + 2.0 * sqrt(c.q) + 1.0);
    shift = logg(m, &c);
    c2 = -(logg(m + h, &c) - 2.0 * shift + logg(m - h, &c)) / (h * h);
    w = c2 > 0 && isfinite(c2) ? 1.0 / sqrt(c2) : M_PI;
    a = m - 40 * w > -M_PI_2 ? m - 40 * w : -M_PI_2;
    b = m + 40 * w < M_PI_2 ? m + 40 * w : M_PI_2;
    gl(&z, NULL, NULL, a, b, panels, &c, shift, 0);
    tt = acos(tt) - M_PI_2;                     /* th_tau in x */
    if (tt < b)
        b = tt;
    wn = w;
    if (tt < m) {
        double sl = (logg(tt + 1e-3 * w, &c) - logg(tt - 1e-3 * w, &c)) / (2e-3 * w);
        if (sl > 0 && 1.0 / sl < wn)
            wn = 1.0 / sl;
        if (tt - 40 * wn > a)
            a = tt - 40 * wn;
    }
    gl(&wn, &nn, &ss, a, b, panels, &c, shift, eps);
    if (!(z > 0) || !isfinite(z) || !isfinite(nn) || !isfinite(ss))
        return NAN;
    *slope = ss / z;
    return nn / z;
}
