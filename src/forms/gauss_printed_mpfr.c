/* Theorem III.1 as printed, in MPFR, term by term as a careful user writes it:
 * each T_i = G((p-i)/2) (sqrt2 s)^{p-i} binom(p-1,i) R^i with mpfr_gamma and
 * mpfr_pow_ui, the binomial and R^i carried along as running products.  No
 * error bound. */
#include "forms/forms.h"

lp_status
lp_gauss_printed_mpfr(lp_result *res, const lp_params *par, slong prec)
{
    mpfr_t s, R, s2, g, x, bin, ri, z, pre, t, C;
    uint64_t p = par->p, i;
    mpfr_exp_t emax = mpfr_get_emax(), emin = mpfr_get_emin();
    lp_status st;

    /* per term: mpfr_gamma and mpfr_pow_ui dominate; measured 14.6 us at
     * 116 bits, 181 us at 1700, 811 us at 3400 */
    static const lp_term_cost cost = { 13000.0, 0.0, 0.07 };

    if (p > LP_TERMS_MAX_MPFR)
        return lp_result_fail(res, LP_DECLINED, "p terms is more than %llu",
                              (unsigned long long) LP_TERMS_MAX_MPFR);
    if (!lp_loop_affordable(p, prec, &cost, res))
        return res->status;
    mpfr_set_emax(mpfr_get_emax_max());
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_inits2((mpfr_prec_t) prec, s, R, s2, g, x, bin, ri, z, pre, t, C, (mpfr_ptr) 0);
    mpfr_clear_flags();

    lp_decimal_mpfr(s, par->sigma);
    lp_decimal_mpfr(R, par->radius);
    mpfr_sqrt_ui(s2, 2, MPFR_RNDN);
    mpfr_mul(s2, s2, s, MPFR_RNDN);                 /* sqrt2 sigma */

    mpfr_set_ui(z, 0, MPFR_RNDN);
    mpfr_set_ui(bin, 1, MPFR_RNDN);                 /* binom(p-1, 0) */
    mpfr_set_ui(ri, 1, MPFR_RNDN);                  /* R^0 */
    for (i = 0; i < p; i++) {
        mpfr_set_ui(g, p - i, MPFR_RNDN);
        mpfr_div_2ui(g, g, 1, MPFR_RNDN);
        mpfr_gamma(g, g, MPFR_RNDN);
        mpfr_pow_ui(x, s2, p - i, MPFR_RNDN);
        mpfr_mul(t, g, x, MPFR_RNDN);
        mpfr_mul(t, t, bin, MPFR_RNDN);
        mpfr_mul(t, t, ri, MPFR_RNDN);
        mpfr_add(z, z, t, MPFR_RNDN);
        mpfr_mul_ui(bin, bin, p - 1 - i, MPFR_RNDN);
        mpfr_div_ui(bin, bin, i + 1, MPFR_RNDN);
        mpfr_mul(ri, ri, R, MPFR_RNDN);
    }

    /* pre = G(p/2) 2^{p/2} sigma^p */
    mpfr_set_ui(t, p, MPFR_RNDN);
    mpfr_div_2ui(t, t, 1, MPFR_RNDN);
    mpfr_gamma(pre, t, MPFR_RNDN);
    mpfr_ui_pow(x, 2, t, MPFR_RNDN);
    mpfr_mul(pre, pre, x, MPFR_RNDN);
    mpfr_pow_ui(x, s, p, MPFR_RNDN);
    mpfr_mul(pre, pre, x, MPFR_RNDN);

    mpfr_div(C, z, pre, MPFR_RNDN);
    mpfr_mul_2ui(C, C, 1, MPFR_RNDN);               /* 2 Z / pre */
    mpfr_pow_ui(x, R, p, MPFR_RNDN);
    mpfr_div(x, x, pre, MPFR_RNDN);
    mpfr_div(x, x, t, MPFR_RNDN);                   /* R^p / (G(p/2+1) 2^{p/2} s^p) */
    mpfr_add(C, C, x, MPFR_RNDN);
    st = lp_result_set_mpfr(res, C);

    mpfr_clears(s, R, s2, g, x, bin, ri, z, pre, t, C, (mpfr_ptr) 0);
    mpfr_set_emax(emax);
    mpfr_set_emin(emin);
    return st;
}
