/* One order: T-step RDP and both conversions to epsilon, by every method.
 * Contract in rdp.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/host.h"
#include "account/rdp/rdp.h"
#include "account/peers/peers.h"
#include "account/rdp/phases.h"
#include "numeric/numeric.h"

/* Not lp_ziv_default (3.33 bits a digit + 64, up to 65536 bits): the
 * accountant starts 28 bits lower and stops at 8192.  Kept so that records
 * stay byte-identical: the ball an order ends with depends on the precision
 * it was computed at (its printed rel_error_bound; delta_at_epsilon.c works at
 * that precision + 64), and an order not accurate by 8192 bits fails with a
 * note naming the cap. */
const lp_ziv_rule lp_account_ziv = { 3.33, 36, 8192, 0 };

void
lp_account_order_init(lp_account_order *o, const char *alpha)
{
    o->alpha = alpha;
    lp_result_init(&o->rdp_T);
    lp_result_init(&o->eps_classic);
    lp_result_init(&o->eps_balle);
}

void
lp_account_order_clear(lp_account_order *o)
{
    lp_result_clear(&o->rdp_T);
    lp_result_clear(&o->eps_classic);
    lp_result_clear(&o->eps_balle);
}

/* The two conversions of a T-step RDP ball at order alpha (Mironov 2017,
 * Proposition 3; Balle et al. 2020, Theorem 21).  Contract in rdp.h. */
void
lp_account_convert_arb(arb_t classic, arb_t balle, const arb_t rdp_T, const arb_t alpha,
            const arb_t delta, slong prec)
{
    arb_t am1, logd, t, u;
    arb_init(am1);
    arb_init(logd);
    arb_init(t);
    arb_init(u);
    arb_sub_ui(am1, alpha, 1, prec);
    arb_log(logd, delta, prec);
    arb_div(t, logd, am1, prec);
    arb_sub(classic, rdp_T, t, prec);           /* RDP_T + log(1/delta)/(alpha-1) */
    arb_log(t, alpha, prec);
    arb_add(t, t, logd, prec);
    arb_div(t, t, am1, prec);
    arb_div(u, am1, alpha, prec);
    arb_log(u, u, prec);
    arb_add(u, u, rdp_T, prec);
    arb_sub(balle, u, t, prec);
    arb_clear(am1);
    arb_clear(logd);
    arb_clear(t);
    arb_clear(u);
}

/* Enough: every relative radius below 2^-bits, or the radius itself below
 * 2^-bits (an epsilon near zero needs no relative digits). */
int
lp_account_accurate(const arb_t x, slong bits)
{
    if (!arb_is_finite(x))
        return 0;
    if (arb_rel_accuracy_bits(x) >= bits)
        return 1;
    return mag_cmp_2exp_si(arb_radref(x), -bits) <= 0;
}

static lp_status
eval_arb(lp_account_order *o, const lp_dpsgd *run, slong digits)
{
    const slong bits = (slong) (digits * 3.33) + 4;
    uint64_t integer;
    arb_t alpha, rdp, classic, balle;
    lp_ziv z;
    lp_status st = LP_FAILED;

    if (lp_order_parse(&integer, o->alpha) != 0) {
        lp_result_fail(&o->rdp_T, LP_DOMAIN, "order %s is not > 1 (or beyond the limits)", o->alpha);
        lp_result_fail(&o->eps_classic, LP_DOMAIN, "%s", o->rdp_T.note);
        lp_result_fail(&o->eps_balle, LP_DOMAIN, "%s", o->rdp_T.note);
        return LP_DOMAIN;
    }
    arb_init(alpha);
    arb_init(rdp);
    arb_init(classic);
    arb_init(balle);
    for (int more = lp_ziv_init(&z, digits, &lp_account_ziv); more && !lp_cancelled();
         more = lp_ziv_next(&z)) {
        const slong prec = z.prec;
        lp_decimal_arb(alpha, o->alpha, prec + 64);
        if (run->phases || run->replace || run->fixed_batch)   /* phases.c */
            lp_account_rdp_T(rdp, run, integer, alpha, prec);
        else {
            if (integer)
                lp_rdp_int_arb(rdp, run, integer, prec);
            else
                lp_rdp_integral_arb(rdp, run, alpha, prec);
            arb_mul_ui(rdp, rdp, run->steps, prec);
        }
        lp_account_convert_arb(classic, balle, rdp, alpha, run->delta, prec);
        if (lp_account_accurate(rdp, bits) && lp_account_accurate(classic, bits) && lp_account_accurate(balle, bits)) {
            st = LP_OK;
            break;
        }
    }
    if (st == LP_OK) {
        lp_result_set_arb(&o->rdp_T, rdp);
        lp_result_set_arb(&o->eps_classic, classic);
        lp_result_set_arb(&o->eps_balle, balle);
        o->rdp_T.prec = o->eps_classic.prec = o->eps_balle.prec = z.prec;
        o->rdp_T.digits = o->eps_classic.digits = o->eps_balle.digits = digits;
    } else {
        lp_result_fail(&o->rdp_T, LP_FAILED, "order %s: no enclosure of %ld digits up to %ld bits",
                       o->alpha, (long) digits, (long) lp_account_ziv.max_bits);
        lp_result_fail(&o->eps_classic, LP_FAILED, "%s", o->rdp_T.note);
        lp_result_fail(&o->eps_balle, LP_FAILED, "%s", o->rdp_T.note);
    }
    arb_clear(alpha);
    arb_clear(rdp);
    arb_clear(classic);
    arb_clear(balle);
    return st;
}

static void
set_point(lp_result *res, double v)
{
    res->certified = 0;
    res->prec = 53;
    res->digits = 17;
    if (isfinite(v)) {
        arb_set_d(res->value, v);
        res->status = LP_OK;
    } else {
        lp_result_fail(res, isnan(v) ? LP_NAN : LP_OVERFLOW, "epsilon is %g", v);
    }
}

/* a kept value the port saw lose accuracy: the status says so */
static void
mark(lp_result *res, lp_status st, const char *note)
{
    if (res->status == LP_OK && st == LP_INACCURATE) {
        res->status = LP_INACCURATE;
        snprintf(res->note, sizeof res->note, "%s", note);
    }
}

static lp_status
eval_double(lp_account_order *o, const lp_dpsgd *run, const lp_peer *peer)
{
    const double alpha = lp_strtod(o->alpha, NULL), d = run->delta_d;
    double rdp, rel = 0.0, eps_classic, eps_balle;
    char note[200] = "";
    lp_status st;

    st = peer->rdp(&rdp, &rel, note, sizeof note, run->q_d, run->M_d, alpha);
    if (st != LP_OK && st != LP_INACCURATE) {
        lp_result_fail(&o->rdp_T, st, "%s", note);
        lp_result_fail(&o->eps_classic, st, "%s", note);
        lp_result_fail(&o->eps_balle, st, "%s", note);
        return st;
    }
    rdp *= (double) run->steps;     /* compute_rdp: rdp * steps */
    set_point(&o->rdp_T, rdp);
    /* each conversion as the accountants write it */
    peer->convert(&eps_classic, &eps_balle, rdp, alpha, d);
    set_point(&o->eps_classic, eps_classic);
    set_point(&o->eps_balle, eps_balle);
    mark(&o->rdp_T, st, note);
    mark(&o->eps_classic, st, note);
    mark(&o->eps_balle, st, note);
    if (st == LP_OK && rel > 0) {
        /* the port's own estimate of RDP's error, carried to each epsilon
           (where the conversion's log(1/delta) term dwarfs RDP, it fades) */
        const lp_result *e[2] = { &o->eps_classic, &o->eps_balle };
        mark(&o->rdp_T, rel > LP_INACCURATE_TOL ? LP_INACCURATE : LP_OK, note);
        for (int k = 0; k < 2; k++) {
            double v = arf_get_d(arb_midref(e[k]->value), ARF_RND_NEAR);
            double on_eps = rel * fabs(rdp) / fabs(v);
            if (e[k]->status == LP_OK && !(on_eps <= LP_INACCURATE_TOL)) {
                char n2[240];
                snprintf(n2, sizeof n2, "%s; on epsilon about %.2g", note, on_eps);
                mark((lp_result *) e[k], LP_INACCURATE, n2);
            }
        }
    }
    return peer->balle ? o->eps_balle.status : o->eps_classic.status;
}

lp_status
lp_account_order_eval(lp_account_order *o, const lp_dpsgd *run, const lp_peer *peer,
                      slong digits)
{
    return peer ? eval_double(o, run, peer) : eval_arb(o, run, digits);
}
