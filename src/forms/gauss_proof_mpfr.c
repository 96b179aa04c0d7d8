/* The proof of Theorem B.2 in MPFR, term by term, with no error bound: the
 * radial integral h_n = int_0^oo (t+a)^n e^{-t^2/2} dt by the recurrence that
 * integration by parts gives (derived here, not in the paper),
 *   h_0 = sqrt(pi/2),  h_1 = 1 + a h_0,  h_{k+1} = a h_k + k h_{k-1} + a^k,
 * all of whose terms are positive (stable forward), then J = sigma^p h_{p-1}. */
#include "forms/forms.h"

lp_status
lp_gauss_proof_mpfr(lp_result *res, const lp_params *par, slong prec)
{
    mpfr_t s, R, a, h0, h1, h2, ak, t, V, A, N, C, half_p, pi;
    uint64_t p = par->p, n = p - 1, k;
    mpfr_exp_t emax = mpfr_get_emax(), emin = mpfr_get_emin();
    lp_status st;

    /* per term: four MPFR operations; measured 66 ns at 116 bits, 338 ns at 3400 */
    static const lp_term_cost cost = { 60.0, 0.1, 0.0 };

    if (p > LP_TERMS_MAX_MPFR)
        return lp_result_fail(res, LP_DECLINED, "p terms is more than %llu",
                              (unsigned long long) LP_TERMS_MAX_MPFR);
    if (!lp_loop_affordable(p, prec, &cost, res))
        return res->status;
    mpfr_set_emax(mpfr_get_emax_max());
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_inits2((mpfr_prec_t) prec, s, R, a, h0, h1, h2, ak, t, V, A, N, C,
                half_p, pi, (mpfr_ptr) 0);
    mpfr_clear_flags();

    lp_decimal_mpfr(s, par->sigma);
    lp_decimal_mpfr(R, par->radius);
    mpfr_div(a, R, s, MPFR_RNDN);
    mpfr_const_pi(pi, MPFR_RNDN);

    mpfr_div_2ui(h0, pi, 1, MPFR_RNDN);
    mpfr_sqrt(h0, h0, MPFR_RNDN);                   /* h_0 */
    mpfr_mul(h1, a, h0, MPFR_RNDN);
    mpfr_add_ui(h1, h1, 1, MPFR_RNDN);              /* h_1 */
    mpfr_set(ak, a, MPFR_RNDN);                     /* a^1 */
    for (k = 1; k < n; k++) {                       /* h_{k+1} */
        mpfr_mul(h2, a, h1, MPFR_RNDN);
        mpfr_mul_ui(t, h0, k, MPFR_RNDN);
        mpfr_add(h2, h2, t, MPFR_RNDN);
        mpfr_add(h2, h2, ak, MPFR_RNDN);
        mpfr_mul(ak, ak, a, MPFR_RNDN);
        mpfr_swap(h0, h1);
        mpfr_swap(h1, h2);
    }
    if (n == 0)
        mpfr_set(h1, h0, MPFR_RNDN);

    mpfr_pow_ui(t, s, p, MPFR_RNDN);
    mpfr_mul(h1, h1, t, MPFR_RNDN);                 /* J */

    mpfr_set_ui(half_p, p, MPFR_RNDN);
    mpfr_div_2ui(half_p, half_p, 1, MPFR_RNDN);
    mpfr_gamma(t, half_p, MPFR_RNDN);
    mpfr_pow(A, pi, half_p, MPFR_RNDN);
    mpfr_div(A, A, t, MPFR_RNDN);
    mpfr_mul_2ui(A, A, 1, MPFR_RNDN);               /* A = 2 pi^{p/2}/G(p/2) */
    mpfr_mul(t, t, half_p, MPFR_RNDN);              /* G(p/2+1) */
    mpfr_pow(V, pi, half_p, MPFR_RNDN);
    mpfr_pow_ui(C, R, p, MPFR_RNDN);
    mpfr_mul(V, V, C, MPFR_RNDN);
    mpfr_div(V, V, t, MPFR_RNDN);                   /* V = pi^{p/2} R^p/G(p/2+1) */
    mpfr_mul_2ui(N, pi, 1, MPFR_RNDN);
    mpfr_mul(N, N, s, MPFR_RNDN);
    mpfr_mul(N, N, s, MPFR_RNDN);
    mpfr_pow(N, N, half_p, MPFR_RNDN);              /* (2 pi s^2)^{p/2} */

    mpfr_mul(C, A, h1, MPFR_RNDN);
    mpfr_add(C, C, V, MPFR_RNDN);
    mpfr_div(C, C, N, MPFR_RNDN);
    st = lp_result_set_mpfr(res, C);

    mpfr_clears(s, R, a, h0, h1, h2, ak, t, V, A, N, C, half_p, pi, (mpfr_ptr) 0);
    mpfr_set_emax(emax);
    mpfr_set_emin(emin);
    return st;
}
