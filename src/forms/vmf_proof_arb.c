/* The proof of Theorem B.3 in ball arithmetic:
 *   C = A(S^{p-1}) e^kappa / C_{p,kappa},  C_{p,kappa} = (2 pi)^{nu+1} I_nu(kappa) / kappa^nu
 * (Definition A.1), with e^kappa / I_nu(kappa) taken as 1 / I_nu^scaled(kappa),
 * the exponentially scaled Bessel function (lp_bessel_i_arb: its series where
 * short, else Arb's): a second route beside the printed form's, and one
 * without e^kappa overflowing anything.  At kappa = 0,
 * C_{p,0} = A(S^{p-1}) and the result is exactly 1. */
#include <stdio.h>
#include "forms/forms.h"

lp_status
lp_vmf_proof_arb(lp_result *res, const lp_params *par, slong prec)
{
    arb_t kappa, nu, half_p, area, norm, t;
    uint64_t p = par->p;
    slong wprec = prec + lp_dimension_extra_bits(p);

    arb_init(kappa); arb_init(nu); arb_init(half_p);
    arb_init(area); arb_init(norm); arb_init(t);

    lp_decimal_arb(kappa, par->kappa, wprec);
    if (arb_is_zero(kappa)) {
        arb_one(t);
        lp_result_set_arb(res, t);
        snprintf(res->note, sizeof res->note,
                 "kappa = 0: C_{p,kappa} is taken as its limit A(S^{p-1})");
        goto done;
    }
    arb_set_ui(half_p, p);
    arb_mul_2exp_si(half_p, half_p, -1);
    arb_sub_ui(nu, half_p, 1, wprec);

    /* A(S^{p-1}) = 2 pi^{p/2} / G(p/2) */
    arb_const_pi(t, wprec);
    arb_pow(area, t, half_p, wprec);
    arb_gamma(t, half_p, wprec);
    arb_div(area, area, t, wprec);
    arb_mul_2exp_si(area, area, 1);

    /* C_{p,kappa} e^{-kappa} = (2 pi)^{p/2} I_nu^scaled(kappa) / kappa^nu */
    arb_const_pi(t, wprec);
    arb_mul_2exp_si(t, t, 1);
    arb_pow(norm, t, half_p, wprec);
    lp_bessel_i_arb(t, nu, kappa, 1, wprec);
    arb_mul(norm, norm, t, wprec);
    arb_pow(t, kappa, nu, wprec);
    arb_div(norm, norm, t, wprec);

    arb_div(t, area, norm, prec);
    lp_result_set_arb(res, t);
done:
    arb_clear(kappa); arb_clear(nu); arb_clear(half_p);
    arb_clear(area); arb_clear(norm); arb_clear(t);
    return res->status;
}
