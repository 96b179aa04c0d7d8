/* Gaussian-mechanism calibration: sigma for (epsilon, delta)-DP at
 * sensitivity S, classically (Dwork and Roth: sigma = S sqrt(2 ln(1.25/delta))
 * / epsilon, proved for epsilon < 1) and exactly (Balle and Wang 2018, the
 * analytic Gaussian mechanism: the least sigma with
 *   Phi(S/(2 sigma) - eps sigma/S) - e^eps Phi(-S/(2 sigma) - eps sigma/S) <= delta).
 * Contracts in privacy.h. */
#include "privacy/privacy.h"
#include "numeric/numeric.h"
#include "core/host.h"

void
lp_calibrate_classical(arb_t sigma, const arb_t eps, const arb_t delta, const arb_t sens, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_set_ui(t, 5);
    arb_mul_2exp_si(t, t, -2);
    arb_div(t, t, delta, prec);
    arb_log(t, t, prec);
    arb_mul_2exp_si(t, t, 1);
    arb_sqrt(t, t, prec);
    arb_mul(t, t, sens, prec);
    arb_div(sigma, t, eps, prec);
    arb_clear(t);
}

void
lp_analytic_gaussian_delta(arb_t d, const arb_t sigma, const arb_t eps, const arb_t sens, slong prec)
{
    arb_t a, b, p1, p2, e;
    arb_init(a); arb_init(b); arb_init(p1); arb_init(p2); arb_init(e);
    arb_div(a, sens, sigma, prec);
    arb_mul_2exp_si(a, a, -1);              /* S / (2 sigma) */
    arb_mul(b, eps, sigma, prec);
    arb_div(b, b, sens, prec);              /* eps sigma / S */
    arb_sub(p1, a, b, prec);
    lp_normal_cdf_arb(p1, p1, prec);
    arb_add(p2, a, b, prec);
    arb_neg(p2, p2);
    lp_normal_cdf_arb(p2, p2, prec);
    arb_exp(e, eps, prec);
    arb_mul(p2, p2, e, prec);
    arb_sub(d, p1, p2, prec);
    arb_clear(a); arb_clear(b); arb_clear(p1); arb_clear(p2); arb_clear(e);
}

/* -1, 0, 1: delta(sigma) - delta certainly below, unknown, certainly above */
static int
side(const arf_t sigma, const arb_t eps, const arb_t delta, const arb_t sens, slong prec)
{
    arb_t s, d;
    int r;
    arb_init(s);
    arb_init(d);
    arb_set_arf(s, sigma);
    lp_analytic_gaussian_delta(d, s, eps, sens, prec);
    arb_sub(d, d, delta, prec);
    r = arb_is_positive(d) ? 1 : arb_is_negative(d) ? -1 : 0;
    arb_clear(s);
    arb_clear(d);
    return r;
}

int
lp_calibrate_analytic(arb_t sigma, const arb_t eps, const arb_t delta, const arb_t sens,
                      slong digits, slong prec)
{
    /* delta(sigma) falls from 1 - ... to 0 as sigma grows (Balle and Wang,
     * Lemma 7): bisection on a bracket with certified signs */
    arf_t lo, hi, mid;
    slong wprec = prec + (slong) (3.33 * digits) + 32;
    int ok = -1;
    arf_init(lo);
    arf_init(hi);
    arf_init(mid);
    {                                               /* start from the classical sigma */
        arb_t c;
        arb_init(c);
        lp_calibrate_classical(c, eps, delta, sens, wprec);
        arf_set(hi, arb_midref(c));
        arf_set(lo, arb_midref(c));
        arb_clear(c);
    }
    /* move only on certain signs: an undecided side (cancellation in delta at
     * this precision) ends the search, and the caller's precision loop retries;
     * each end follows the other, so the bracket is a factor 2 wide */
    for (int i = 0; i < 4000 && !lp_cancelled() && side(hi, eps, delta, sens, wprec) > 0; i++) {
        arf_set(lo, hi);
        arf_mul_2exp_si(hi, hi, 1);
    }
    for (int i = 0; i < 4000 && !lp_cancelled() && side(lo, eps, delta, sens, wprec) < 0; i++) {
        arf_set(hi, lo);
        arf_mul_2exp_si(lo, lo, -1);
    }
    if (side(hi, eps, delta, sens, wprec) < 0 && side(lo, eps, delta, sens, wprec) > 0) {
        for (int it = 0; it < 4 * digits + 200 && !lp_cancelled(); it++) {
            int sd;
            arf_add(mid, lo, hi, wprec, ARF_RND_DOWN);
            arf_mul_2exp_si(mid, mid, -1);
            sd = side(mid, eps, delta, sens, wprec);
            if (sd > 0)
                arf_swap(lo, mid);
            else if (sd < 0)
                arf_swap(hi, mid);
            else
                break;                  /* the ball straddles delta: this is as tight as it gets */
            {
                arf_t w;
                arf_init(w);
                arf_sub(w, hi, lo, wprec, ARF_RND_UP);
                if (arf_cmpabs_2exp_si(w, arf_abs_bound_lt_2exp_si(lo) - (slong) (3.33 * digits) - 8) < 0) {
                    arf_clear(w);
                    break;
                }
                arf_clear(w);
            }
        }
        {
            arb_t A, B;
            arb_init(A);
            arb_init(B);
            arb_set_arf(A, lo);
            arb_set_arf(B, hi);
            arb_union(sigma, A, B, wprec);
            arb_clear(A);
            arb_clear(B);
        }
        ok = 0;
    } else {
        arb_indeterminate(sigma);
    }
    arf_clear(lo);
    arf_clear(hi);
    arf_clear(mid);
    return ok;
}
