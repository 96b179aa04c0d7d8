/* A mechanism under a neighbouring relation: its pair (scale, distance), and
 * the dispatch of delta(eps), the Renyi curve, the pure eps and the Renyi
 * conversion to one file per mechanism x quantity.  Contracts in privacy.h. */
#include <stdio.h>
#include <string.h>
#include "privacy/privacy.h"

const char *
lp_dp_sup_name(lp_dp_sup s)
{
    switch (s) {
    case LP_DP_SUP_PROVED: return "proved";
    case LP_DP_SUP_CHECKED: return "checked, not proved";
    default: return "not available";
    }
}

int
lp_dp_mech_from_name(const char *name)
{
    if (strcmp(name, "gauss") == 0) return LP_DP_GAUSS;
    if (strcmp(name, "vmf") == 0) return LP_DP_VMF;
    if (strcmp(name, "laplace-l1") == 0) return LP_DP_LAPLACE_L1;
    return -1;
}

void
lp_dp_pair_init(lp_dp_pair *m, lp_dp_mech mech, uint64_t p)
{
    m->mech = mech;
    m->p = p;
    m->antipodal = 0;
    arb_init(m->scale);
    arb_init(m->dist);
}

void
lp_dp_pair_clear(lp_dp_pair *m)
{
    arb_clear(m->scale);
    arb_clear(m->dist);
}

int
lp_dp_pair_set(lp_dp_pair *m, const lp_params *par, const char *sensitivity,
               slong prec, char *err, size_t errlen)
{
    const char *scale = m->mech == LP_DP_GAUSS ? par->sigma
                      : m->mech == LP_DP_VMF ? par->kappa : par->b;
    const char *scale_name = m->mech == LP_DP_GAUSS ? "sigma" : m->mech == LP_DP_VMF ? "kappa" : "b";
    m->p = par->p;
    if (scale == NULL) {
        snprintf(err, errlen, "missing --%s", scale_name);
        return -1;
    }
    if (m->mech == LP_DP_VMF && par->p < 2) {
        snprintf(err, errlen, "p must be >= 2 for vmf (got %llu)", (unsigned long long) par->p);
        return -1;
    }
    lp_decimal_arb(m->scale, scale, prec);
    if (sensitivity != NULL) {
        if (!lp_decimal_valid(sensitivity) || lp_decimal_sign(sensitivity) <= 0) {
            snprintf(err, errlen, "sensitivity must be a decimal number > 0 (got '%s')", sensitivity);
            return -1;
        }
        lp_decimal_arb(m->dist, sensitivity, prec);
        if (m->mech == LP_DP_VMF) {
            arb_t two;
            arb_init(two);
            arb_set_ui(two, 2);
            m->antipodal = arb_equal(m->dist, two);
            /* decimals are read exactly or as tight balls: > 2 shows at any precision */
            if (arb_gt(m->dist, two)) {
                arb_clear(two);
                snprintf(err, errlen, "sensitivity must be <= 2 for vmf, the chordal distance on the "
                         "unit sphere (got '%s')", sensitivity);
                return -1;
            }
            arb_clear(two);
        }
    } else if (m->mech == LP_DP_VMF) {
        arb_set_ui(m->dist, 2);
        m->antipodal = 1;
    } else {
        if (par->radius == NULL) {
            snprintf(err, errlen, "missing --radius (or give --sensitivity)");
            return -1;
        }
        if (lp_decimal_sign(par->radius) <= 0) {
            snprintf(err, errlen, "radius must be > 0 for neighbours secrets (got '%s')", par->radius);
            return -1;
        }
        lp_decimal_arb(m->dist, par->radius, prec);
        arb_mul_2exp_si(m->dist, m->dist, 1);
    }
    return 0;
}

lp_dp_sup
lp_dp_delta(arb_t delta, const lp_dp_pair *m, const arb_t eps, slong prec)
{
    switch (m->mech) {
    case LP_DP_GAUSS:
        lp_gauss_profile_arb(delta, eps, m->scale, m->dist, prec);
        return LP_DP_SUP_PROVED;
    case LP_DP_LAPLACE_L1:
        lp_laplace_l1_profile_arb(delta, eps, m->scale, m->dist, prec);
        return LP_DP_SUP_CHECKED;
    case LP_DP_VMF:
        if (!m->antipodal) {
            lp_vmf_chordal_profile_arb(delta, eps, m->p, m->scale, m->dist, prec);
            return LP_DP_SUP_PROVED;    /* delta_d grows with d: privacy.h */
        }
        lp_vmf_profile_arb(delta, eps, m->p, m->scale, prec);
        return LP_DP_SUP_PROVED;
    }
    arb_indeterminate(delta);
    return LP_DP_SUP_NONE;
}

lp_dp_sup
lp_dp_renyi(arb_t d, const lp_dp_pair *m, const arb_t alpha, slong prec)
{
    switch (m->mech) {
    case LP_DP_GAUSS:
        lp_gauss_renyi_arb(d, alpha, m->scale, m->dist, prec);
        break;
    case LP_DP_LAPLACE_L1:
        lp_laplace_l1_renyi_arb(d, alpha, m->scale, m->dist, prec);
        break;
    case LP_DP_VMF:
        lp_vmf_renyi_arb(d, alpha, m->p, m->scale, m->dist, prec);
        break;
    }
    return LP_DP_SUP_PROVED;
}

int
lp_dp_pure(arb_t eps, const lp_dp_pair *m, slong prec)
{
    switch (m->mech) {
    case LP_DP_GAUSS:
        arb_indeterminate(eps);
        return 0;
    case LP_DP_LAPLACE_L1:
        arb_div(eps, m->dist, m->scale, prec);      /* Delta_1 / b */
        return 1;
    case LP_DP_VMF:
        arb_mul(eps, m->dist, m->scale, prec);      /* kappa |mu - mu'| */
        return 1;
    }
    return 0;
}

void
lp_dp_rdp_to_delta(arb_t delta, const arb_t rdp, const arb_t alpha, const arb_t eps, slong prec)
{
    arb_t a1, t, u;
    arb_init(a1); arb_init(t); arb_init(u);
    arb_sub_ui(a1, alpha, 1, prec);
    arb_sub(t, rdp, eps, prec);
    arb_div(u, a1, alpha, prec);
    arb_log(u, u, prec);
    arb_add(t, t, u, prec);
    arb_mul(t, t, a1, prec);
    arb_log(u, alpha, prec);
    arb_sub(t, t, u, prec);
    arb_exp(delta, t, prec);
    arb_clear(a1); arb_clear(t); arb_clear(u);
}
