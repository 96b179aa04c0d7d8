/* The quantity the proof of Theorem B.2 derives, in ball arithmetic, at any p:
 *   C = [V(B_R^p) + A(S^{p-1}) J] / (2 pi sigma^2)^{p/2},
 *   J = int_0^oo (u+R)^{p-1} exp(-u^2/(2 sigma^2)) du = sigma^p h,
 *   h = int_0^oo (t+a)^n exp(-t^2/2) dt,  a = R/sigma, n = p-1,
 * with h by rigorous quadrature (lp_logconcave_integral_arb), a route that
 * shares nothing with the printed binomial-Gamma sum. */
#include <math.h>
#include "forms/forms.h"

typedef struct {
    arb_t a;            /* R / sigma */
    uint64_t n;
} radial;

/* phi(t) = n log(t+a) - t^2/2 and phi'(t) = n/(t+a) - t, for real t >= 0. */
static void
radial_phi(arb_t phi, arb_t dphi, const arb_t t, void *vctx, slong prec)
{
    const radial *r = vctx;
    arb_t u, w;
    arb_init(u);
    arb_init(w);
    arb_add(u, t, r->a, prec);
    if (r->n == 0) {
        arb_zero(phi);
        arb_zero(dphi);
    } else {
        arb_log(phi, u, prec);
        arb_mul_ui(phi, phi, r->n, prec);
        arb_set_ui(dphi, r->n);
        arb_div(dphi, dphi, u, prec);
    }
    arb_sqr(w, t, prec);
    arb_mul_2exp_si(w, w, -1);
    arb_sub(phi, phi, w, prec);
    arb_sub(dphi, dphi, t, prec);
    arb_clear(u);
    arb_clear(w);
}

/* phi and phi' (unless dphi is NULL) at a complex ball (n >= 1):
 * n log(t+a) - t^2/2, n/(t+a) - t;
 * holomorphic away from t = -a, which lies far from the window when n is
 * large (the peak sits at t ~ sqrt(n) or beyond). */
static void
radial_phi_acb(acb_t phi, acb_t dphi, const acb_t t, int analytic, void *vctx,
               slong prec)
{
    const radial *r = vctx;
    acb_t u, w;
    acb_init(u);
    acb_init(w);
    acb_add_arb(u, t, r->a, prec);
    acb_log_analytic(phi, u, analytic, prec);
    acb_mul_ui(phi, phi, r->n, prec);
    acb_sqr(w, t, prec);
    acb_mul_2exp_si(w, w, -1);
    acb_sub(phi, phi, w, prec);
    if (dphi != NULL) {
        acb_inv(dphi, u, prec);
        acb_mul_ui(dphi, dphi, r->n, prec);
        acb_sub(dphi, dphi, t, prec);
    }
    acb_clear(u);
    acb_clear(w);
}

/* exp(phi(t) - shift) = (t+a)^n exp(-t^2/2 - shift), an entire function: used
 * for small n, where the window can reach the branch point of log(t+a). */
static void
radial_integrand(acb_t res, const acb_t t, const arf_t shift, int analytic,
                 void *vctx, slong prec)
{
    const radial *r = vctx;
    acb_t u, w;
    acb_init(u);
    acb_init(w);
    acb_add_arb(u, t, r->a, prec);
    acb_pow_ui(u, u, r->n, prec);
    acb_sqr(w, t, prec);
    acb_mul_2exp_si(w, w, -1);
    acb_neg(w, w);
    arb_sub_arf(acb_realref(w), acb_realref(w), shift, prec);
    acb_exp(w, w, prec);
    acb_mul(res, u, w, prec);
    acb_clear(u);
    acb_clear(w);
}

lp_status
lp_gauss_proof_arb(lp_result *res, const lp_params *par, slong prec)
{
    arb_t sigma, radius, v, a, norm, h, zero, t;
    radial r;
    lp_logconcave f;
    double t_peak, width;
    uint64_t p = par->p;
    slong wprec = prec + lp_dimension_extra_bits(p);

    arb_init(sigma); arb_init(radius); arb_init(v); arb_init(a);
    arb_init(norm); arb_init(h); arb_init(zero); arb_init(t);
    arb_init(r.a);

    lp_decimal_arb(sigma, par->sigma, wprec);
    lp_decimal_arb(radius, par->radius, wprec);
    lp_gauss_proof_factors_arb(v, a, norm, p, sigma, radius, wprec);

    arb_div(r.a, radius, sigma, wprec);
    r.n = p - 1;
    f.phi = radial_phi;
    f.phi_acb = radial_phi_acb;
    f.integrand = r.n <= 4096 ? radial_integrand : NULL;
    f.ctx = &r;
    /* from the ball, not from radius_d / sigma_d: R = 1e400 or sigma = 1e-400
     * give inf there and a window far from the peak */
    lp_gauss_radial_peak(&t_peak, &width, r.n, lp_arb_mid_d(r.a));
    lp_logconcave_integral_arb(h, &f, zero, t_peak, width, prec + 8);

    arb_pow_ui(t, sigma, p, wprec);
    arb_mul(h, h, t, wprec);                /* J = sigma^p h */
    arb_mul(h, h, a, wprec);                /* A J */
    arb_add(h, h, v, wprec);                /* V + A J */
    arb_div(t, h, norm, prec);

    lp_result_set_arb(res, t);

    arb_clear(sigma); arb_clear(radius); arb_clear(v); arb_clear(a);
    arb_clear(norm); arb_clear(h); arb_clear(zero); arb_clear(t);
    arb_clear(r.a);
    return res->status;
}
