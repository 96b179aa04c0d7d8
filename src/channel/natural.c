/* Natural channel (Tan et al. eq. (18)): the certified root of f(sigma) = kappa.
 * Contract in channel.h. */
#include <math.h>
#include <stdlib.h>
#include "core/host.h"
#include "channel/channel.h"

/* -1, 0, 1: f(sigma) - kappa certainly negative, unknown, certainly positive,
 * at the exact point sigma */
static int
sign_at(const lp_spectrum *s, const arf_t sigma, const arb_t kappa, slong prec)
{
    arb_t x, f;
    int r;
    arb_init(x);
    arb_init(f);
    arb_set_arf(x, sigma);
    lp_channel_f_arb(f, s, x, prec);
    arb_sub(f, f, kappa, prec);
    r = arb_is_positive(f) ? 1 : arb_is_negative(f) ? -1 : 0;
    arb_clear(x);
    arb_clear(f);
    return r;
}

static double
mid_log_d(const arb_t x)
{
    arb_t t;
    double r;
    arb_init(t);
    arb_log(t, x, 64);
    r = arf_get_d(arb_midref(t), ARF_RND_NEAR);
    arb_clear(t);
    return r;
}

/* ln(e^x - 1) for x = e^log_x > 0, without overflow or underflow */
static double
log_expm1_of_exp(double log_x)
{
    if (log_x < -40)
        return log_x;
    if (log_x > 3.5)                    /* x > 33: e^x - 1 = e^x to double precision */
        return exp(log_x);
    return log(expm1(exp(log_x)));
}

/* The root's t = ln sigma in doubles: a bracket from f <= sum lambda / (2 sigma)
 * and f >= (npos/2) ln(1 + lambda_min/sigma), then Newton safeguarded by
 * bisection on ln f(e^t) = ln kappa (decreasing in t). */
static double
place_root(const double *ll, size_t npos, double log_kappa)
{
    double top = -INFINITY, lmin = INFINITY, sum = 0, lo, hi, t;
    for (size_t i = 0; i < npos; i++) {
        top = fmax(top, ll[i]);
        lmin = fmin(lmin, ll[i]);
    }
    for (size_t i = 0; i < npos; i++)
        sum += exp(ll[i] - top);
    hi = top + log(sum) - log(2.0) - log_kappa + 1;
    lo = lmin - log_expm1_of_exp(log_kappa + log(2.0 / npos)) - 1;
    t = 0.5 * (lo + hi);
    for (int it = 0; it < 400 && hi - lo > 1e-15 * fmax(1.0, fabs(t)) && !lp_cancelled(); it++) {
        double dg, g = lp_channel_log_f_of_log_sigma(ll, npos, t, &dg) - log_kappa, next;
        if (g > 0)
            lo = t;
        else
            hi = t;
        next = t - g / dg;
        /* take the Newton step only inside the bracket and only if it is short */
        if (!(next > lo && next < hi) || fabs(g / dg) > 0.5 * (hi - lo))
            next = 0.5 * (lo + hi);
        if (next == t)
            break;
        t = next;
    }
    return t;
}

int
lp_channel_natural(arb_t sigma, const lp_spectrum *s, const arb_t kappa, slong digits, slong prec)
{
    double *ll, t;
    size_t npos = 0;
    slong wprec, target = (slong) (3.33 * digits) + 16;   /* 8 bits beyond lp_study_accurate's */
    arb_t X, F, D, T;
    arf_t a, b, e;
    int ok = -2;

    if (s->positive == 0)
        return -1;
    ll = malloc(sizeof(double) * s->d);
    for (size_t i = 0; i < s->d; i++)
        if (arb_is_positive(s->lambda + i))
            ll[npos++] = mid_log_d(s->lambda + i);
    t = place_root(ll, npos, mid_log_d(kappa));
    free(ll);

    /* f carries an absolute rounding error about |f| 2^-prec; resolving sigma
     * to 2^-target relative needs it below (d/2) 2^-target */
    wprec = prec + target + FLINT_BIT_COUNT(s->d) + 32;
    if (arf_cmpabs_2exp_si(arb_midref(kappa), 0) > 0)
        wprec += arf_abs_bound_lt_2exp_si(arb_midref(kappa));
    arb_init(X); arb_init(F); arb_init(D); arb_init(T);
    arf_init(a); arf_init(b); arf_init(e);
    arb_set_d(T, t);
    arb_exp(X, T, wprec);
    mag_zero(arb_radref(X));
    /* Newton in t = ln sigma on the midpoints, in Arb (a heuristic: it only
     * moves the point the bracket is built around):
     * t <- t + 2 (f - kappa) / sum lambda_i / (lambda_i + sigma) */
    for (int it = 0; it < 12 && arf_is_finite(arb_midref(X)); it++) {
        lp_channel_f_arb(F, s, X, wprec);
        arb_sub(F, F, kappa, wprec);
        arb_zero(D);
        for (size_t i = 0; i < s->d && !lp_cancelled(); i++) {    /* SIGINT: no record */
            arb_add(T, s->lambda + i, X, wprec);
            arb_div(T, s->lambda + i, T, wprec);
            arb_add(D, D, T, wprec);
        }
        arb_div(F, F, D, wprec);
        arb_mul_2exp_si(F, F, 1);
        mag_zero(arb_radref(F));
        if (!arb_is_finite(F))
            break;
        arb_exp(T, F, wprec);
        arb_mul(X, X, T, wprec);
        mag_zero(arb_radref(X));
        if (arf_cmpabs_2exp_si(arb_midref(F), -target - 16) < 0)
            break;
    }
    /* certify [X(1-e), X(1+e)], widening e until both signs are certain */
    arf_set_ui_2exp_si(e, 1, -target);
    for (int tries = 0; tries < 6 && ok != 0 && arf_is_finite(arb_midref(X))
                        && arf_sgn(arb_midref(X)) > 0; tries++, arf_mul_2exp_si(e, e, 4)) {
        arf_mul(a, arb_midref(X), e, wprec, ARF_RND_UP);
        arf_add(b, arb_midref(X), a, wprec, ARF_RND_UP);
        arf_sub(a, arb_midref(X), a, wprec, ARF_RND_DOWN);
        if (sign_at(s, a, kappa, wprec) > 0 && sign_at(s, b, kappa, wprec) < 0) {
            arb_t A, B;
            arb_init(A);
            arb_init(B);
            arb_set_arf(A, a);
            arb_set_arf(B, b);
            arb_union(sigma, A, B, wprec);
            ok = 0;
            arb_clear(A);
            arb_clear(B);
        }
    }
    arb_clear(X); arb_clear(F); arb_clear(D); arb_clear(T);
    arf_clear(a); arf_clear(b); arf_clear(e);
    if (ok != 0)
        arb_indeterminate(sigma);
    return ok;
}
