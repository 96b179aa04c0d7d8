/* I_nu(kappa) in ball arithmetic: the power series with a rigorous tail bound
 * where it is short, Arb's I_nu elsewhere.  Contract in forms.h.
 *
 * Why: at the papers' sizes nu = p/2 - 1 is far above kappa, and
 * arb_hypgeom_bessel_i then integrates 1F1 numerically (acb_calc_integrate,
 * 1-4 ms at 30 digits), while the series
 *   I_nu(k) = (k/2)^nu / G(nu+1) sum_m u_m,  u_0 = 1,
 *   u_{m+1} = u_m x^2 / ((m+1)(m+1+nu)),  x = k/2,
 * needs a few dozen terms (the ratio is below x^2 / nu: 1.1 at p = 13,700 and
 * kappa = 173, 2e-5 at p = 2^31 - 1).
 *
 * Tail: for nu > -1 the ratios r_m = x^2 / ((m+1)(m+1+nu)) decrease in m, so
 * once r_N <= 1/2 the terms after u_N sum to at most u_N (r_N + r_N^2 + ...),
 * which is at most u_N: the loop stops there, with u_N added as the error. */
#include <math.h>
#include "forms/forms.h"

/* Terms the series may take before we hand over to Arb: at ~0.3 us a term at
 * 200 bits, 2000 terms stay well under Arb's integration. */
#define LP_BESSEL_SERIES_MAX 2000

/* sum_m u_m as above with its tail, for nu > -1 and x2 = (kappa/2)^2 >= 0;
 * 1 on success, 0 (res untouched) when the series would pass
 * LP_BESSEL_SERIES_MAX terms or a ratio cannot be decided. */
static int
series_sum(arb_t res, const arb_t nu, const arb_t x2, slong prec)
{
    arb_t u, s, d, r;
    mag_t um, sm;
    int ok = 0;

    arb_init(u); arb_init(s); arb_init(d); arb_init(r);
    mag_init(um); mag_init(sm);
    arb_one(u);
    arb_one(s);
    for (ulong m = 0; m < LP_BESSEL_SERIES_MAX; m++) {
        arb_add_ui(d, nu, m + 1, prec);
        arb_mul_ui(d, d, m + 1, prec);              /* (m+1)(m+1+nu) > 0 */
        arb_div(r, x2, d, prec);                    /* r_m = u_{m+1} / u_m */
        if (!arb_is_finite(r))
            break;
        /* stop at u_m once r_m <= 1/2 and u_m <= 2^-(prec+4) of the sum */
        if (arf_cmpabs_2exp_si(arb_midref(r), -1) < 0 && mag_cmp_2exp_si(arb_radref(r), -2) < 0) {
            arb_get_mag(um, u);
            arb_get_mag_lower(sm, s);
            mag_mul_2exp_si(sm, sm, -prec - 4);
            arb_mul_2exp_si(d, r, 1);
            arb_sub_ui(d, d, 1, prec);
            if (mag_cmp(um, sm) <= 0 && arb_is_nonpositive(d)) {
                /* sum_{j>m} u_j <= u_m (r_m + r_m^2 + ...) <= u_m */
                arb_add_error_mag(s, um);
                ok = 1;
                break;
            }
        }
        arb_mul(u, u, r, prec);
        arb_add(s, s, u, prec);
    }
    if (ok)
        arb_set(res, s);
    arb_clear(u); arb_clear(s); arb_clear(d); arb_clear(r);
    mag_clear(um); mag_clear(sm);
    return ok;
}

void
lp_bessel_i_arb(arb_t res, const arb_t nu, const arb_t kappa, int scaled, slong prec)
{
    arb_t x, x2, s, t;
    double nud, xd, peak;
    int ok = 0;

    /* a double estimate of where the terms peak (m* with m* (m* + nu) = x^2)
     * only chooses the route; the loop's own test bounds the tail */
    nud = lp_arb_mid_d(nu);
    xd = lp_arb_mid_d(kappa) / 2.0;
    peak = sqrt(nud * nud / 4.0 + xd * xd) - nud / 2.0;
    arb_init(x); arb_init(x2); arb_init(s); arb_init(t);
    arb_add_ui(t, nu, 1, prec);
    if (arb_is_positive(kappa) && arb_is_positive(t) && isfinite(peak)
        && peak + sqrt((peak + 1.0) * (double) prec) < LP_BESSEL_SERIES_MAX / 2) {
        arb_mul_2exp_si(x, kappa, -1);
        arb_sqr(x2, x, prec);
        if (series_sum(s, nu, x2, prec)) {
            arb_pow(t, x, nu, prec);                /* (kappa/2)^nu */
            arb_mul(s, s, t, prec);
            arb_add_ui(t, nu, 1, prec);
            arb_gamma(t, t, prec);
            arb_div(s, s, t, prec);
            if (scaled) {
                arb_neg(t, kappa);
                arb_exp(t, t, prec);
                arb_mul(s, s, t, prec);
            }
            arb_set(res, s);
            ok = 1;
        }
    }
    arb_clear(x); arb_clear(x2); arb_clear(s); arb_clear(t);
    if (!ok) {
        if (scaled)
            arb_hypgeom_bessel_i_scaled(res, nu, kappa, prec);
        else
            arb_hypgeom_bessel_i(res, nu, kappa, prec);
    }
}
