/* `leakproof dp`: a mechanism's DP guarantee under a neighbouring relation,
 * as a record (contract in privacy.h, keys in leakproof(1)): delta at an eps,
 * the least eps at a delta, or the Renyi divergence at an order; always the
 * pure eps where one exists.  Every number certified by a precision loop. */
#include "core/host.h"
#include <stdio.h>
#include <string.h>
#include "privacy/privacy.h"
#include "core/study.h"
#include "core/precision_loop.h"

static const char *
worst_pair(lp_dp_mech mech, int antipodal, int secrets)
{
    switch (mech) {
    case LP_DP_GAUSS:
        return secrets ? "x' = -x on the sphere of radius R (|x - x'| = 2R)" : "|x - x'| = S";
    case LP_DP_LAPLACE_L1:
        return secrets ? "x = R e_1, x' = -R e_1 (the l1 distance 2R on one coordinate)"
                       : "x' = x + S e_1 (the l1 distance S on one coordinate)";
    case LP_DP_VMF:
        return antipodal ? "mu' = -mu (antipodal)" : "|mu - mu'| = S (chordal)";
    }
    return "";
}

int
lp_dp_inputs_check(const lp_dp_inputs_t *in, char *err, size_t errlen)
{
    int mech = lp_dp_mech_from_name(in->mechanism);
    lp_dp_pair m;
    const char *qkey = in->query == LP_DP_Q_EPSILON ? "epsilon"
                     : in->query == LP_DP_Q_DELTA ? "delta" : "order";
    if (mech < 0) {
        snprintf(err, errlen, "unknown mechanism '%s' (gauss, vmf or laplace-l1)", in->mechanism);
        return -1;
    }
    /* the query value */
    if (in->value == NULL || !lp_decimal_valid(in->value)) {
        snprintf(err, errlen, "%s must be a decimal number (got '%s')", qkey, in->value ? in->value : "");
        return -1;
    }
    if (in->query == LP_DP_Q_EPSILON
        && (lp_decimal_sign(in->value) < 0 || lp_decimal_compare(in->value, LP_EPSILON_MAX) > 0)) {
        snprintf(err, errlen, "epsilon must be a decimal number >= 0 and <= " LP_EPSILON_MAX " (got '%s')", in->value);
        return -1;
    }
    if (in->query == LP_DP_Q_DELTA
        && (lp_decimal_sign(in->value) <= 0 || lp_decimal_compare(in->value, "1") >= 0)) {
        snprintf(err, errlen, "delta must be a decimal number in (0, 1) (got '%s')", in->value);
        return -1;
    }
    if (in->query == LP_DP_Q_ORDER
        && (lp_decimal_compare(in->value, "1") <= 0 || lp_decimal_compare(in->value, "1e6") > 0)) {
        snprintf(err, errlen, "order must be a decimal number > 1 and <= 1e6 (got '%s')", in->value);
        return -1;
    }
    lp_dp_pair_init(&m, (lp_dp_mech) mech, in->par->p);
    if (lp_dp_pair_set(&m, in->par, in->sensitivity, 128, err, errlen) != 0) {
        lp_dp_pair_clear(&m);
        return -1;
    }
    if (mech == LP_DP_VMF && in->query != LP_DP_Q_ORDER && lp_decimal_compare(in->par->kappa, LP_DP_KAPPA_MAX) > 0) {
        snprintf(err, errlen, "kappa must be <= " LP_DP_KAPPA_MAX " for vmf's delta and epsilon (got '%s')",
                 in->par->kappa);
        lp_dp_pair_clear(&m);
        return -1;
    }
    lp_dp_pair_clear(&m);
    return 0;
}

int
lp_study_dp(lp_record *rec, const lp_dp_inputs_t *in, slong digits, char *err, size_t errlen)
{
    lp_ziv z;
    int mech = lp_dp_mech_from_name(in->mechanism);
    lp_dp_pair m;
    arb_t v, x, pure;
    slong least = digits, value_digits = digits;
    lp_dp_sup sup = LP_DP_SUP_PROVED;
    int has_pure = 0, st = 0;
    const char *qkey = in->query == LP_DP_Q_EPSILON ? "epsilon"
                     : in->query == LP_DP_Q_DELTA ? "delta" : "order";

    if (lp_dp_inputs_check(in, err, errlen) != 0)
        return -1;
    lp_dp_pair_init(&m, (lp_dp_mech) mech, in->par->p);
    lp_dp_pair_set(&m, in->par, in->sensitivity, 128, err, errlen);
    if (in->query == LP_DP_Q_EPSILON)
        value_digits = digits < 10 ? digits : 10;       /* delta: a probability */

    arb_init(v); arb_init(x); arb_init(pure);
    for (lp_ziv_init(&z, digits, &lp_ziv_default);;) {
        lp_dp_pair_set(&m, in->par, in->sensitivity, z.prec, err, errlen);
        lp_decimal_arb(x, in->value, z.prec);
        has_pure = lp_dp_pure(pure, &m, z.prec);
        switch (in->query) {
        case LP_DP_Q_EPSILON:
            sup = lp_dp_delta(v, &m, x, z.prec);
            st = 0;
            break;
        case LP_DP_Q_DELTA:
            sup = mech == LP_DP_LAPLACE_L1 ? LP_DP_SUP_CHECKED : LP_DP_SUP_PROVED;
            st = lp_dp_epsilon(v, &m, x, digits, z.prec);
            break;
        case LP_DP_Q_ORDER:
            sup = lp_dp_renyi(v, &m, x, z.prec);
            st = 0;
            break;
        }
        if ((st == 0 && (arb_is_zero(v) || lp_study_accurate(v, value_digits))
             && (!has_pure || lp_study_accurate(pure, digits)))
            || lp_cancelled() || !lp_ziv_next(&z))     /* SIGINT: no record */
            break;
    }
    lp_record_text(rec, "command", "dp");
    lp_record_text(rec, "mechanism", in->mechanism);
    lp_record_int(rec, "p", (int64_t) in->par->p);
    if (mech == LP_DP_GAUSS)
        lp_record_text(rec, "sigma", in->par->sigma);
    else if (mech == LP_DP_VMF)
        lp_record_text(rec, "kappa", in->par->kappa);
    else
        lp_record_text(rec, "b", in->par->b);
    if (mech != LP_DP_VMF)
        lp_record_text(rec, "radius", in->par->radius);
    lp_record_text(rec, "neighbours", in->sensitivity ? "sensitivity" : "secrets");
    lp_record_text(rec, "sensitivity", in->sensitivity);
    lp_study_record_ball(rec, "distance", m.dist, digits, &least);
    lp_record_text(rec, "worst_pair", worst_pair((lp_dp_mech) mech, m.antipodal, in->sensitivity == NULL));
    lp_record_text(rec, qkey, in->value);
    switch (in->query) {
    case LP_DP_Q_EPSILON:
        if (arb_is_zero(v))
            lp_record_ball(rec, "delta", v, 1);
        else
            lp_study_record_ball(rec, "delta", v, value_digits, &least);
        break;
    case LP_DP_Q_DELTA:
        if (st != 0)
            lp_record_null(rec, "epsilon");
        else if (arb_is_zero(v))
            lp_record_ball(rec, "epsilon", v, 1);
        else
            lp_study_record_ball(rec, "epsilon", v, digits, &least);
        break;
    case LP_DP_Q_ORDER:
        if (arb_is_zero(v))
            lp_record_ball(rec, "renyi_epsilon", v, 1);
        else
            lp_study_record_ball(rec, "renyi_epsilon", v, digits, &least);
        break;
    }
    lp_record_text(rec, "supremum", lp_dp_sup_name(sup));
    if (has_pure)
        lp_study_record_ball(rec, "epsilon_pure", pure, digits, &least);
    else
        lp_record_null(rec, "epsilon_pure");
    lp_ziv_record(rec, st == 0 ? least : 0, z.prec);
    lp_record_text(rec, "note",
                   in->query == LP_DP_Q_ORDER ? "renyi_epsilon: the Renyi divergence D_alpha of the worst pair"
                   : in->query == LP_DP_Q_DELTA ? "epsilon: the least epsilon with delta(epsilon) <= delta for the worst pair"
                   : "delta: sup over the pairs of int (f_x - e^epsilon f_x')_+, at the worst pair");
    arb_clear(v); arb_clear(x); arb_clear(pure);
    lp_dp_pair_clear(&m);
    return st == 0 && least > 0 ? 0 : 1;
}
