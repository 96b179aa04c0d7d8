/* The proof of Theorem B.3 in MPFR: A(S^{p-1}) e^kappa / C_{p,kappa} with
 * I_nu by its power series.  No error bound. */
#include "forms/forms.h"

lp_status
lp_vmf_proof_mpfr(lp_result *res, const lp_params *par, slong prec)
{
    mpfr_t kappa, nu, half_p, I, area, norm, t;
    mpfr_exp_t emax = mpfr_get_emax(), emin = mpfr_get_emin();
    lp_status st;
    mpfr_set_emax(mpfr_get_emax_max());
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_inits2((mpfr_prec_t) prec, kappa, nu, half_p, I, area, norm, t, (mpfr_ptr) 0);
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
    mpfr_const_pi(t, MPFR_RNDN);
    mpfr_pow(area, t, half_p, MPFR_RNDN);
    mpfr_gamma(t, half_p, MPFR_RNDN);
    mpfr_div(area, area, t, MPFR_RNDN);
    mpfr_mul_2ui(area, area, 1, MPFR_RNDN);         /* A = 2 pi^{p/2}/G(p/2) */

    mpfr_const_pi(t, MPFR_RNDN);
    mpfr_mul_2ui(t, t, 1, MPFR_RNDN);
    mpfr_pow(norm, t, half_p, MPFR_RNDN);           /* (2 pi)^{nu+1} */
    mpfr_mul(norm, norm, I, MPFR_RNDN);
    mpfr_pow(t, kappa, nu, MPFR_RNDN);
    mpfr_div(norm, norm, t, MPFR_RNDN);             /* C_{p,kappa} */

    mpfr_exp(t, kappa, MPFR_RNDN);
    mpfr_mul(area, area, t, MPFR_RNDN);
    mpfr_div(area, area, norm, MPFR_RNDN);
    st = lp_result_set_mpfr(res, area);
done:
    mpfr_clears(kappa, nu, half_p, I, area, norm, t, (mpfr_ptr) 0);
    mpfr_set_emax(emax);
    mpfr_set_emin(emin);
    return st;
}
