/* I_nu(kappa) by its power series, three variants side by side (double,
 * log-space double, MPFR): sum_m t_m with
 *   t_0 = (kappa/2)^nu / G(nu+1),  t_{m+1} = t_m (kappa/2)^2 / ((m+1)(m+1+nu)).
 * The terms rise until (m+1)(m+1+nu) > (kappa/2)^2 and then fall; each variant
 * stops once past that peak and below its working precision.  This is an
 * independent route from Arb's Bessel code.  Contract in forms.h. */
#include <math.h>
#include "forms/forms.h"

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
    double lt = nu * lx - lgamma(nu + 1.0);
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
