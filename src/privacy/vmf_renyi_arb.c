/* The VMF mechanism's Renyi divergence in closed form (derivation in
 * privacy.h): with nu = p/2 - 1 and kappa_a = kappa sqrt(1 + alpha(alpha-1) Delta^2),
 *   D_alpha = 1/(alpha-1) [ log I_nu(kappa_a) - log I_nu(kappa) - nu log(kappa_a/kappa) ]
 *           = 1/(alpha-1) [ (kappa_a - kappa) + log Is_nu(kappa_a) - log Is_nu(kappa)
 *                           - nu log(kappa_a/kappa) ],
 * Is = e^{-k} I, Arb's exponentially scaled Bessel function (as the proof
 * form's evaluator uses).  kappa = 0: the mechanism is uniform, D = 0. */
#include "privacy/privacy.h"

void
lp_vmf_log_is_arb(arb_t res, uint64_t p, const arb_t kappa, slong prec)
{
    arb_t nu;
    arb_init(nu);
    arb_set_ui(nu, p);
    arb_mul_2exp_si(nu, nu, -1);
    arb_sub_ui(nu, nu, 1, prec);
    arb_hypgeom_bessel_i_scaled(res, nu, kappa, prec);
    arb_log(res, res, prec);
    arb_clear(nu);
}

void
lp_vmf_renyi_at_arb(arb_t d, const arb_t alpha, uint64_t p, const arb_t kappa,
                    const arb_t dist, const arb_t log_is_kappa, slong prec)
{
    arb_t nu, ka, t, u, a1;
    if (arb_is_zero(kappa)) {
        arb_zero(d);
        return;
    }
    arb_init(nu); arb_init(ka); arb_init(t); arb_init(u); arb_init(a1);
    arb_set_ui(nu, p);
    arb_mul_2exp_si(nu, nu, -1);
    arb_sub_ui(nu, nu, 1, prec);
    arb_sub_ui(a1, alpha, 1, prec);
    arb_mul(t, alpha, a1, prec);
    arb_sqr(u, dist, prec);
    arb_mul(t, t, u, prec);
    arb_add_ui(t, t, 1, prec);
    arb_sqrt(t, t, prec);                         /* |alpha mu + (1-alpha) mu'| */
    arb_mul(ka, kappa, t, prec);
    arb_log(t, t, prec);
    arb_mul(t, t, nu, prec);                      /* nu log(kappa_a / kappa) */
    arb_sub(d, ka, kappa, prec);
    arb_sub(d, d, t, prec);
    arb_hypgeom_bessel_i_scaled(u, nu, ka, prec);
    arb_log(u, u, prec);
    arb_add(d, d, u, prec);
    arb_sub(d, d, log_is_kappa, prec);
    arb_div(d, d, a1, prec);
    arb_clear(nu); arb_clear(ka); arb_clear(t); arb_clear(u); arb_clear(a1);
}

void
lp_vmf_renyi_arb(arb_t d, const arb_t alpha, uint64_t p, const arb_t kappa,
                 const arb_t dist, slong prec)
{
    arb_t l;
    if (arb_is_zero(kappa)) {
        arb_zero(d);
        return;
    }
    arb_init(l);
    lp_vmf_log_is_arb(l, p, kappa, prec);
    lp_vmf_renyi_at_arb(d, alpha, p, kappa, dist, l, prec);
    arb_clear(l);
}
