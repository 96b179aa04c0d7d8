/* I_nu(kappa) by its power series, three variants side by side (double,
 * log-space double, MPFR): sum_m t_m with
 *   t_0 = (kappa/2)^nu / G(nu+1),  t_{m+1} = t_m (kappa/2)^2 / ((m+1)(m+1+nu)).
 * The terms rise until (m+1)(m+1+nu) > (kappa/2)^2 and then fall; each variant
 * stops once past that peak and below its working precision.  This is an
 * independent route from Arb's Bessel code.  Contract in forms.h. */
#include <math.h>
#include "core/host.h"
#include "forms/forms.h"

/* Terms up to the largest, m* = sqrt(nu^2/4 + x^2) - nu/2 (the root of
 * (m+nu) m = x^2), and past it a Gaussian-like tail of width ~ sqrt(m*)
 * before the terms fall below `prec` bits of the sum. */
static double
series_terms(double nu, double kappa, slong prec)
{
    const double x = kappa / 2.0;
    const double peak = sqrt(nu * nu / 4.0 + x * x) - nu / 2.0;
    return peak + sqrt((peak + 1.0) * (double) prec) + 1.0;
}

int
lp_bessel_i_series_affordable(lp_result *res, lp_method method, double nu, double kappa,
                              slong prec)
{
    /* CPU time per term on the development machine: a double step is a few
     * ns; log space adds two log() calls; an MPFR step (a division, two
     * multiplications, an addition) grows with the precision: 113 ns at 60
     * bits, 117 at 119, 247 at 340, 560 at 1000 (kappa = 2e7, p = 10) */
    static const lp_term_cost double_cost = { 3.0, 0.0, 0.0 };
    static const lp_term_cost log_cost = { 25.0, 0.0, 0.0 };
    static const lp_term_cost mpfr_cost = { 90.0, 0.47, 0.0 };
    const double terms = series_terms(nu, kappa, prec);
    if (!(terms <= (double) LP_TERMS_MAX_DOUBLE)) {
        if (isfinite(terms))
            lp_result_fail(res, LP_DECLINED, "the I_nu series needs about %.3g terms (more than %llu)",
                           terms, (unsigned long long) LP_TERMS_MAX_DOUBLE);
        else
            lp_result_fail(res, LP_DECLINED, "the I_nu series needs more than %llu terms (kappa is "
                           "beyond the double range)", (unsigned long long) LP_TERMS_MAX_DOUBLE);
        return 0;
    }
    return lp_loop_affordable((uint64_t) terms, prec,
                              method == LP_MPFR ? &mpfr_cost
                              : method == LP_LOGDOUBLE ? &log_cost : &double_cost, res);
}

int
lp_bessel_i_series_double(double *res, double nu, double kappa)
{
    const double x = kappa / 2.0, x2 = x * x;
    double t = pow(x, nu) / tgamma(nu + 1.0), s = t;
    for (uint64_t m = 0;; m++) {
        double r = x2 / (((double) m + 1.0) * ((double) m + 1.0 + nu));
        if (!isfinite(s) || t == 0.0 || (r < 1.0 && t <= s * 0x1p-60))
            break;
        if (m >= LP_TERMS_MAX_DOUBLE)
            return -1;
        t *= r;
        s += t;
    }
    *res = s;
    return 0;
}

int
lp_bessel_i_series_log(double *logres, double nu, double kappa)
{
    const double lx = log(kappa / 2.0);
    double lt = nu * lx - lp_lgamma(nu + 1.0);
    lp_lse s;
    lp_lse_init(&s);
    lp_lse_add(&s, lt);
    for (uint64_t m = 0;; m++) {
        double lr = 2.0 * lx - log((double) m + 1.0) - log((double) m + 1.0 + nu);
        if (isnan(lt) || (lr < 0 && (lt == -INFINITY || lt < lp_lse_value(&s) - 45.0)))
            break;
        if (m >= LP_TERMS_MAX_DOUBLE)
            return -1;
        lt += lr;
        lp_lse_add(&s, lt);
    }
    *logres = isnan(lt) ? lt : lp_lse_value(&s);
    return 0;
}

int
lp_bessel_i_series_mpfr(mpfr_t res, const mpfr_t nu, const mpfr_t kappa)
{
    const mpfr_prec_t prec = mpfr_get_prec(res);
    mpfr_t x, x2, t, s, d, r;
    int ok = 0;
    mpfr_inits2(prec, x, x2, t, s, d, r, (mpfr_ptr) 0);
    mpfr_div_2ui(x, kappa, 1, MPFR_RNDN);
    mpfr_sqr(x2, x, MPFR_RNDN);
    mpfr_pow(t, x, nu, MPFR_RNDN);
    mpfr_add_ui(d, nu, 1, MPFR_RNDN);
    mpfr_gamma(d, d, MPFR_RNDN);
    mpfr_div(t, t, d, MPFR_RNDN);
    mpfr_set(s, t, MPFR_RNDN);
    for (uint64_t m = 0;; m++) {
        mpfr_add_ui(d, nu, m + 1, MPFR_RNDN);
        mpfr_mul_ui(d, d, m + 1, MPFR_RNDN);        /* (m+1)(m+1+nu) */
        mpfr_div(r, x2, d, MPFR_RNDN);
        if (!mpfr_number_p(s) || mpfr_zero_p(t))
            break;
        if (mpfr_cmp_ui(r, 1) < 0) {
            mpfr_mul_2si(d, s, -(long) prec - 4, MPFR_RNDN);
            if (mpfr_cmp(t, d) <= 0)
                break;
        }
        if (m >= LP_TERMS_MAX_DOUBLE) {
            ok = -1;
            break;
        }
        mpfr_mul(t, t, r, MPFR_RNDN);
        mpfr_add(s, s, t, MPFR_RNDN);
    }
    mpfr_set(res, s, MPFR_RNDN);
    mpfr_clears(x, x2, t, s, d, r, (mpfr_ptr) 0);
    return ok;
}
