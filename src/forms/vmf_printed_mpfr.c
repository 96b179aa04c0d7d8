/* Theorem IV.1 as printed, in MPFR, with I_nu by its power series
 * (lp_bessel_i_series_mpfr): an independent route from Arb's Bessel code.
 * No error bound. */
#include <stdio.h>
#include "forms/forms.h"

lp_status
lp_vmf_printed_mpfr(lp_result *res, const lp_params *par, slong prec)
{
    mpfr_t kappa, nu, half_p, I, t, C;
    mpfr_exp_t emax = mpfr_get_emax(), emin = mpfr_get_emin();
    lp_status st;
    mpfr_set_emax(mpfr_get_emax_max());
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_inits2((mpfr_prec_t) prec, kappa, nu, half_p, I, t, C, (mpfr_ptr) 0);
    mpfr_clear_flags();

    lp_decimal_mpfr(kappa, par->kappa);
    mpfr_set_ui(half_p, par->p, MPFR_RNDN);
    mpfr_div_2ui(half_p, half_p, 1, MPFR_RNDN);
    mpfr_sub_ui(nu, half_p, 1, MPFR_RNDN);
    if (!lp_bessel_i_series_affordable(res, LP_MPFR, mpfr_get_d(nu, MPFR_RNDN),
                                       par->kappa_d, prec)) {
        st = res->status;
        goto done;
    }
    if (lp_bessel_i_series_mpfr(I, nu, kappa) != 0) {
        st = lp_result_fail(res, LP_DECLINED, "the I_nu series needs more than %llu terms",
                            (unsigned long long) LP_TERMS_MAX_DOUBLE);
        goto done;
    }
    mpfr_pow(C, kappa, nu, MPFR_RNDN);
    mpfr_ui_pow(t, 2, half_p, MPFR_RNDN);
    mpfr_mul(t, t, I, MPFR_RNDN);
    mpfr_div(C, C, t, MPFR_RNDN);                   /* kappa^nu / (2^{p/2} I) */
    mpfr_gamma(t, half_p, MPFR_RNDN);
    mpfr_div(C, C, t, MPFR_RNDN);
    mpfr_mul_2ui(C, C, 1, MPFR_RNDN);
    mpfr_exp(t, kappa, MPFR_RNDN);
    mpfr_mul(C, C, t, MPFR_RNDN);
    st = lp_result_set_mpfr(res, C);
done:
    mpfr_clears(kappa, nu, half_p, I, t, C, (mpfr_ptr) 0);
    mpfr_set_emax(emax);
    mpfr_set_emin(emin);
    return st;
}
