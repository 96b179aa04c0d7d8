/* Natural channel (Tan et al. eq. (18)): the certified root of f(sigma) = kappa.
 * Contract in channel.h. */
#include <math.h>
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

/* f'(sigma) < 0 on the whole ball: f' = -1/2 sum lambda_i / (sigma (lambda_i + sigma)) */
static int
decreasing_on(const lp_spectrum *s, const arb_t sigma, slong prec)
{
    arb_t acc, t, u;
    int r;
    arb_init(acc);
    arb_init(t);
    arb_init(u);
    for (size_t i = 0; i < s->d; i++) {
        arb_add(u, s->lambda + i, sigma, prec);
        arb_mul(u, u, sigma, prec);
        arb_div(t, s->lambda + i, u, prec);
        arb_add(acc, acc, t, prec);
    }
    r = arb_is_positive(acc);
    arb_clear(acc);
    arb_clear(t);
    arb_clear(u);
    return r;
}

int
lp_channel_natural(arb_t sigma, const lp_spectrum *s, const arb_t kappa, slong digits, slong prec)
{
    double k = arf_get_d(arb_midref(kappa), ARF_RND_NEAR), lo, hi, x, lmin = INFINITY, sum = 0;
    size_t npos = 0;
    int ok = -2;

    for (size_t i = 0; i < s->d; i++)
        if (s->lambda_d[i] > 0) {
            npos++;
            sum += s->lambda_d[i];
            lmin = fmin(lmin, s->lambda_d[i]);
        }
    if (s->positive == 0)
        return -1;
    /* f <= sum lambda / (2 sigma) and f >= (npos/2) ln(1 + lmin/sigma): a bracket */
    hi = sum / (2.0 * k) * 2.0;
    lo = lmin / expm1(2.0 * k / npos) * 0.5;
    /* bisection in log sigma, then Newton, in doubles: a heuristic position */
    for (int it = 0; it < 200 && hi / lo > 1 + 1e-15; it++) {
        double mid = sqrt(lo * hi);
        if (lp_channel_f_d(s, mid, NULL) > k)
            lo = mid;
        else
            hi = mid;
    }
    x = sqrt(lo * hi);
    {
        slong wprec = prec + (slong) (3.33 * digits) + FLINT_BIT_COUNT(s->d) + 32;
        arb_t X, F, DF;
        arf_t a, b, e;
        arb_init(X); arb_init(F); arb_init(DF);
        arf_init(a); arf_init(b); arf_init(e);
        /* Newton on the midpoints with f' in doubles (a heuristic: it only
         * moves the bracket); stop once the step is below the digits asked */
        arb_set_d(X, x);
        for (int it = 0; it < 8; it++) {
            double dfd;
            lp_channel_f_d(s, arf_get_d(arb_midref(X), ARF_RND_NEAR), &dfd);
            lp_channel_f_arb(F, s, X, wprec);
            arb_sub(F, F, kappa, wprec);
            arb_set_d(DF, dfd);
            arb_div(F, F, DF, wprec);
            arb_sub(X, X, F, wprec);
            mag_zero(arb_radref(X));
            arb_div(F, F, X, wprec);
            if (arf_cmpabs_2exp_si(arb_midref(F), -(slong) (3.33 * digits) - 24) < 0)
                break;
        }
        /* certify [X(1-e), X(1+e)], widening e until both signs are certain */
        arf_set_ui_2exp_si(e, 1, -(slong) (3.33 * digits) - 8);
        for (int tries = 0; tries < 24 && ok != 0; tries++, arf_mul_2exp_si(e, e, 4)) {
            arf_mul(a, arb_midref(X), e, wprec, ARF_RND_DOWN);
            arf_sub(b, arb_midref(X), a, wprec, ARF_RND_DOWN);
            arf_add(a, arb_midref(X), a, wprec, ARF_RND_UP);   /* a: the lower end */
            arf_swap(a, b);
            if (sign_at(s, a, kappa, wprec) > 0 && sign_at(s, b, kappa, wprec) < 0) {
                arb_t A, B;
                arb_init(A);
                arb_init(B);
                arb_set_arf(A, a);
                arb_set_arf(B, b);
                arb_union(sigma, A, B, wprec);
                if (decreasing_on(s, sigma, wprec))
                    ok = 0;
                arb_clear(A);
                arb_clear(B);
                break;
            }
        }
        arb_clear(X); arb_clear(F); arb_clear(DF);
        arf_clear(a); arf_clear(b); arf_clear(e);
    }
    if (ok != 0)
        arb_indeterminate(sigma);
    return ok;
}
