/* `calibrate vmf` and `calibrate laplace-l1`: the noise for a target
 * (epsilon, delta) under a stated neighbouring relation (the Gaussian's is
 * src/channel/study_calibrate.c).  Contracts in privacy.h.
 *
 * laplace-l1: delta(eps) = 1 - e^{(eps - s)/2} (s = Delta/b) grows with s, so
 *   the least b is Delta / (eps - 2 log(1 - delta)), in closed form (proved).
 * vmf (any two secrets, the antipodal pair; or --sensitivity S, the pair at
 *   chordal distance S, vmf_chordal_arb.c, kappa <= eps/S giving delta = 0):
 *   the largest kappa with
 *   delta_kappa(eps) <= delta.  kappa <= eps/2 gives delta = 0 (the pure eps
 *   2 kappa <= eps); above, a bracket [lo, hi] with delta(lo) < delta <
 *   delta(hi), both certain, is bisected.  That delta_kappa(eps) increases
 *   with kappa is not proved here: the bracket holds a crossing, which is the
 *   largest kappa when it does ("monotone_in_kappa": "checked, not proved",
 *   the check being the grid in tests/privacy/t-privacy.c). */
#include <stdio.h>
#include "core/host.h"
#include "privacy/privacy.h"
#include "core/study.h"
#include "core/precision_loop.h"

/* -1, 0, 1: delta_kappa(eps) - delta certainly below, unknown, above */
static int
side_kappa(const arf_t kappa, uint64_t p, const arb_t dist, const arb_t eps, const arb_t delta, slong prec)
{
    arb_t k, d;
    int r;
    arb_init(k);
    arb_init(d);
    arb_set_arf(k, kappa);
    if (dist == NULL)
        lp_vmf_profile_arb(d, eps, p, k, prec);
    else
        lp_vmf_chordal_profile_arb(d, eps, p, k, dist, prec);
    arb_sub(d, d, delta, prec);
    r = arb_is_positive(d) ? 1 : arb_is_negative(d) ? -1 : 0;
    arb_clear(k);
    arb_clear(d);
    return r;
}

int
lp_vmf_calibrate_kappa(arb_t kappa, uint64_t p, const arb_t eps, const arb_t delta, slong digits, slong prec)
{
    return lp_vmf_calibrate_kappa_dist(kappa, p, NULL, eps, delta, digits, prec);
}

int
lp_vmf_calibrate_kappa_dist(arb_t kappa, uint64_t p, const arb_t dist, const arb_t eps, const arb_t delta,
                            slong digits, slong prec)
{
    arf_t lo, hi, mid;
    int ok = -1, s = 1;
    arf_init(lo); arf_init(hi); arf_init(mid);
    arf_set_mag(lo, arb_radref(eps));
    arf_sub(lo, arb_midref(eps), lo, prec, ARF_RND_DOWN);
    if (dist == NULL) {
        arf_mul_2exp_si(lo, lo, -1);             /* eps/2: delta = 0 there */
    } else {
        arf_t u;                                 /* eps/d (d's upper bound): delta = 0 there */
        arf_init(u);
        arb_get_ubound_arf(u, dist, prec);
        if (arf_sgn(u) <= 0)
            arf_zero(lo);
        else
            arf_div(lo, lo, u, prec, ARF_RND_DOWN);
        arf_clear(u);
    }
    if (arf_sgn(lo) <= 0)
        goto done;
    arf_mul_2exp_si(hi, lo, 1);
    for (int i = 0; i < 4000 && arf_cmp_si(hi, 4000000) < 0 && !lp_cancelled()
                    && (s = side_kappa(hi, p, dist, eps, delta, prec)) < 0; i++) {
        arf_set(lo, hi);
        arf_mul_2exp_si(hi, hi, 1);
    }
    if (s <= 0)
        goto done;
    for (int it = 0; it < 4 * digits + 200 && !lp_cancelled(); it++) {   /* SIGINT: stop */
        arf_t w;
        arf_init(w);
        arf_sub(w, hi, lo, prec, ARF_RND_UP);
        s = arf_cmpabs_2exp_si(w, lp_arf_exp_bound(lo) - (slong) (3.33 * digits) - 8) < 0;
        arf_clear(w);
        if (s)
            break;
        arf_add(mid, lo, hi, prec, ARF_RND_DOWN);
        arf_mul_2exp_si(mid, mid, -1);
        s = side_kappa(mid, p, dist, eps, delta, prec);
        if (s < 0)
            arf_swap(lo, mid);
        else if (s > 0)
            arf_swap(hi, mid);
        else
            break;
    }
    {
        arb_t A, B;
        arb_init(A);
        arb_init(B);
        arb_set_arf(A, lo);
        arb_set_arf(B, hi);
        arb_union(kappa, A, B, prec);
        arb_clear(A);
        arb_clear(B);
    }
    ok = 0;
done:
    if (ok != 0)
        arb_indeterminate(kappa);
    arf_clear(lo); arf_clear(hi); arf_clear(mid);
    return ok;
}

int
lp_study_calibrate_dp(lp_record *rec, const char *mechanism, const lp_params *par, const char *sensitivity,
                      const char *epsilon, const char *delta, slong digits, char *err, size_t errlen)
{
    lp_ziv z;
    int mech = lp_dp_mech_from_name(mechanism);
    lp_dp_pair m;
    arb_t E, D, v;
    slong least = digits;
    int st = 0;
    if (mech != LP_DP_VMF && mech != LP_DP_LAPLACE_L1) {
        snprintf(err, errlen, "mechanism must be gaussian, vmf or laplace-l1 (got '%s')", mechanism);
        return -1;
    }
    if (lp_study_check_positive("epsilon", epsilon, LP_EPSILON_MAX, err, errlen))
        return -1;
    if (delta == NULL || !lp_decimal_valid(delta) || lp_decimal_sign(delta) <= 0
        || lp_decimal_compare(delta, "1") >= 0) {
        snprintf(err, errlen, "delta must be a decimal number in (0, 1) (got '%s')", delta ? delta : "");
        return -1;
    }
    lp_dp_pair_init(&m, (lp_dp_mech) mech, par->p);
    {
        /* the pair needs a scale to be set; the calibration finds it */
        lp_params q = *par;
        q.kappa = "1";
        q.b = "1";
        if (lp_dp_pair_set(&m, &q, sensitivity, 128, err, errlen) != 0) {
            lp_dp_pair_clear(&m);
            return -1;
        }
    }
    if (mech == LP_DP_VMF && !m.antipodal) {
        /* kappa >= epsilon / S has delta > 0: the search starts there, within kappa's range */
        arb_t r, cap;
        int big;
        arb_init(r); arb_init(cap);
        lp_decimal_arb(r, epsilon, 64);
        arb_div(r, r, m.dist, 64);
        arb_set_ui(cap, 1000000);
        big = !arb_le(r, cap);
        arb_clear(r); arb_clear(cap);
        if (big) {
            snprintf(err, errlen, "epsilon / sensitivity must be <= " LP_DP_KAPPA_MAX " for vmf (kappa <= "
                     LP_DP_KAPPA_MAX ") (got '%s' / '%s')", epsilon, sensitivity);
            lp_dp_pair_clear(&m);
            return -1;
        }
    }
    if (rec == NULL) {          /* the checks alone (calibrate --estimate) */
        lp_dp_pair_clear(&m);
        return 0;
    }
    arb_init(E); arb_init(D); arb_init(v);
    for (lp_ziv_init(&z, digits, &lp_ziv_default);;) {
        lp_params q = *par;
        q.kappa = "1";
        q.b = "1";
        lp_dp_pair_set(&m, &q, sensitivity, z.prec, err, errlen);
        lp_decimal_arb(E, epsilon, z.prec);
        lp_decimal_arb(D, delta, z.prec);
        if (mech == LP_DP_LAPLACE_L1) {
            /* b = Delta / (eps - 2 log(1 - delta)) */
            arb_neg(v, D);
            arb_log1p(v, v, z.prec);
            arb_mul_2exp_si(v, v, 1);
            arb_sub(v, E, v, z.prec);
            arb_div(v, m.dist, v, z.prec);
            st = 0;
        } else {
            st = lp_vmf_calibrate_kappa_dist(v, par->p, m.antipodal ? NULL : m.dist, E, D, digits, z.prec);
        }
        if ((st == 0 && lp_study_accurate(v, digits)) || lp_cancelled() || !lp_ziv_next(&z))
            break;
    }
    lp_record_text(rec, "command", mech == LP_DP_VMF ? "calibrate vmf" : "calibrate laplace-l1");
    lp_record_text(rec, "mechanism", mech == LP_DP_VMF ? "vmf" : "laplace-l1");
    if (mech == LP_DP_VMF)
        lp_record_int(rec, "p", (int64_t) par->p);
    lp_record_text(rec, "epsilon", epsilon);
    lp_record_text(rec, "delta", delta);
    lp_record_text(rec, "neighbours", sensitivity ? "sensitivity" : "secrets");
    lp_record_text(rec, "sensitivity", sensitivity);
    if (mech == LP_DP_LAPLACE_L1)
        lp_record_text(rec, "radius", par->radius);
    lp_study_record_ball(rec, "distance", m.dist, digits, &least);
    if (st != 0)
        lp_record_null(rec, mech == LP_DP_VMF ? "kappa" : "b");
    else
        lp_study_record_ball(rec, mech == LP_DP_VMF ? "kappa" : "b", v, digits, &least);
    /* the value to use, rounded to the side that meets (epsilon, delta): the
     * largest kappa down, the least b up (a midpoint may lie a hair beyond) */
    if (st != 0 || least <= 0)
        lp_record_null(rec, mech == LP_DP_VMF ? "kappa_lower_bound" : "b_upper_bound");
    else
        lp_study_record_directed(rec, mech == LP_DP_VMF ? "kappa_lower_bound" : "b_upper_bound", v,
                                 digits, mech != LP_DP_VMF);
    lp_record_text(rec, "supremum", mech == LP_DP_VMF ? "proved" : "checked, not proved");
    if (mech == LP_DP_VMF)
        lp_record_text(rec, "monotone_in_kappa", "checked, not proved");
    lp_ziv_record(rec, st == 0 ? least : 0, z.prec);
    lp_record_text(rec, "note", mech == LP_DP_VMF
                   ? (m.antipodal ? "kappa: where delta_kappa(epsilon) crosses delta for the antipodal pair (the largest kappa "
                                    "if delta grows with kappa)"
                                  : "kappa: where delta_kappa(epsilon) crosses delta for the pair at chordal distance S "
                                    "(the largest kappa if delta grows with kappa)")
                   : "b: the least Laplace scale with delta(epsilon) <= delta, Delta/(epsilon - 2 log(1 - delta))");
    arb_clear(E); arb_clear(D); arb_clear(v);
    lp_dp_pair_clear(&m);
    return st == 0 && least > 0 ? 0 : 1;
}
