/* Theorem IV.1 as printed, in ball arithmetic:
 *   C = 2 G(p/2)^-1 kappa^nu / (2^{p/2} I_nu(kappa)) e^kappa,  nu = p/2 - 1,
 * with I_nu from lp_bessel_i_arb (its series where short, else Arb's).  At
 * kappa = 0 the expression is 0/0 (p > 2) and the result is its limit
 * kappa -> 0+, which is exactly 1 (kappa^nu / I_nu(kappa) tends to
 * 2^nu G(nu+1)). */
#include <stdio.h>
#include "forms/forms.h"

lp_status
lp_vmf_printed_arb(lp_result *res, const lp_params *par, slong prec)
{
    arb_t kappa, nu, half_p, bessel, t, c;
    uint64_t p = par->p;
    slong wprec = prec + lp_dimension_extra_bits(p);

    arb_init(kappa); arb_init(nu); arb_init(half_p);
    arb_init(bessel); arb_init(t); arb_init(c);

    lp_decimal_arb(kappa, par->kappa, wprec);
    if (arb_is_zero(kappa)) {
        arb_one(c);
        lp_result_set_arb(res, c);
        snprintf(res->note, sizeof res->note,
                 "kappa = 0: the printed expression is undefined there; this is its limit kappa -> 0+");
        goto done;
    }
    arb_set_ui(half_p, p);
    arb_mul_2exp_si(half_p, half_p, -1);
    arb_sub_ui(nu, half_p, 1, wprec);               /* exact: a half-integer */

    lp_bessel_i_arb(bessel, nu, kappa, 0, wprec);
    arb_pow(c, kappa, nu, wprec);                   /* kappa^nu */
    arb_set_ui(t, 2);
    arb_pow(t, t, half_p, wprec);
    arb_mul(t, t, bessel, wprec);                   /* 2^{p/2} I_nu */
    arb_div(c, c, t, wprec);
    arb_gamma(t, half_p, wprec);
    arb_div(c, c, t, wprec);
    arb_mul_2exp_si(c, c, 1);
    arb_exp(t, kappa, wprec);
    arb_mul(c, c, t, prec);
    lp_result_set_arb(res, c);
done:
    arb_clear(kappa); arb_clear(nu); arb_clear(half_p);
    arb_clear(bessel); arb_clear(t); arb_clear(c);
    return res->status;
}
