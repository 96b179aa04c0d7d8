/* `leakproof account --mechanism vmf`: DP-SGD with the VMF mechanism,
 * accounted by Renyi DP under Poisson sampling, certified.  Contract in
 * account/rdp/vmf_account.h. */
#include <stdio.h>
#include "account/rdp/vmf_account.h"
#include "account/peers/peers.h"
#include "account/study.h"
#include "privacy/privacy.h"
#include "numeric/numeric.h"
#include "core/host.h"

lp_status
lp_account_vmf_eval(lp_account *acc, arb_struct *rdp_lower, const lp_dpsgd *run,
                    const lp_vmf_step *vmf, slong digits)
{
    const slong bits = (slong) (digits * 3.33) + 4;
    uint64_t amax = 0, *alpha = flint_calloc(acc->norders, sizeof *alpha);
    int *done = flint_calloc(acc->norders, sizeof *done);
    arb_struct *eps;
    arb_t kappa, dist, a, log_is, rdp, lower, classic, balle;
    size_t left = 0;
    lp_ziv z;

    for (size_t i = 0; i < acc->norders; i++) {
        lp_account_order *o = &acc->order[i];
        if (lp_order_parse(&alpha[i], o->alpha) != 0 || alpha[i] == 0
            || alpha[i] > LP_VMF_ORDER_MAX) {
            lp_result_fail(&o->rdp_T, LP_DOMAIN, "order %s: vmf takes integer orders 2 .. %d",
                           o->alpha, LP_VMF_ORDER_MAX);
            lp_result_fail(&o->eps_classic, LP_DOMAIN, "%s", o->rdp_T.note);
            lp_result_fail(&o->eps_balle, LP_DOMAIN, "%s", o->rdp_T.note);
            if (rdp_lower)
                arb_indeterminate(rdp_lower + i);
            done[i] = 1;
            continue;
        }
        amax = alpha[i] > amax ? alpha[i] : amax;
        left++;
    }
    eps = _arb_vec_init((slong) amax + 1);
    arb_init(kappa); arb_init(dist); arb_init(a); arb_init(log_is);
    arb_init(rdp); arb_init(lower); arb_init(classic); arb_init(balle);
    for (int more = lp_ziv_init(&z, digits, &lp_account_ziv); left && more && !lp_cancelled();
         more = lp_ziv_next(&z)) {
        const slong prec = z.prec;
        lp_exact_arb(kappa, vmf->kappa, prec + 64);
        if (vmf->sensitivity)
            lp_exact_arb(dist, vmf->sensitivity, prec + 64);
        else
            arb_set_ui(dist, 2);
        /* the base mechanism's RDP at every integer order the list needs
           (log Is_nu(kappa), the same at every order, once) */
        if (!arb_is_zero(kappa))
            lp_vmf_log_is_arb(log_is, vmf->p, kappa, prec + 16);
        for (uint64_t l = 2; l <= amax && !lp_cancelled(); l++) {    /* SIGINT: no result */
            arb_set_ui(a, l);
            lp_vmf_renyi_at_arb(eps + l, a, vmf->p, kappa, dist, log_is, prec + 16);
            if (arb_contains_negative(eps + l))     /* D >= 0 always */
                arb_nonnegative_part(eps + l, eps + l);
        }
        for (size_t i = 0; i < acc->norders; i++) {
            lp_account_order *o = &acc->order[i];
            if (done[i])
                continue;
            lp_rdp_poisson_general_arb(rdp, lower, run->q, run->q_is_one, alpha[i], eps, prec);
            arb_mul_ui(rdp, rdp, run->steps, prec);
            arb_mul_ui(lower, lower, run->steps, prec);
            arb_set_ui(a, alpha[i]);
            lp_account_convert_arb(classic, balle, rdp, a, run->delta, prec);
            if (lp_account_accurate(rdp, bits) && lp_account_accurate(classic, bits)
                && lp_account_accurate(balle, bits) && lp_account_accurate(lower, bits)) {
                if (rdp_lower)
                    arb_set(rdp_lower + i, lower);
                lp_result_set_arb(&o->rdp_T, rdp);
                lp_result_set_arb(&o->eps_classic, classic);
                lp_result_set_arb(&o->eps_balle, balle);
                o->rdp_T.prec = o->eps_classic.prec = o->eps_balle.prec = prec;
                o->rdp_T.digits = o->eps_classic.digits = o->eps_balle.digits = digits;
                done[i] = 1;
                left--;
            }
        }
    }
    for (size_t i = 0; i < acc->norders; i++)
        if (!done[i]) {
            lp_account_order *o = &acc->order[i];
            lp_result_fail(&o->rdp_T, LP_FAILED, "order %s: no enclosure of %ld digits up to %ld bits",
                           o->alpha, (long) digits, (long) lp_account_ziv.max_bits);
            lp_result_fail(&o->eps_classic, LP_FAILED, "%s", o->rdp_T.note);
            lp_result_fail(&o->eps_balle, LP_FAILED, "%s", o->rdp_T.note);
            if (rdp_lower)
                arb_indeterminate(rdp_lower + i);
        }
    _arb_vec_clear(eps, (slong) amax + 1);
    arb_clear(kappa); arb_clear(dist); arb_clear(a); arb_clear(log_is);
    arb_clear(rdp); arb_clear(lower); arb_clear(classic); arb_clear(balle);
    flint_free(alpha);
    flint_free(done);
    lp_account_refold(acc);
    return acc->best_balle >= 0 ? LP_OK : acc->order[0].eps_balle.status;
}

void
lp_account_vmf_study(lp_record *rec, const lp_account_vmf_request *req)
{
    lp_dpsgd run;
    lp_account acc;
    arb_struct *lower = _arb_vec_init((slong) req->orders->n);
    lp_exact one;
    lp_exact_init_ui(&one, 1);          /* M unused */
    lp_dpsgd_init_exact(&run, &one, req->q, req->steps, req->delta);
    lp_exact_clear(&one);
    lp_account_init(&acc, req->orders->order, req->orders->n);
    /* two guard digits: the printed decimal is rounded from a ball that has them */
    lp_account_vmf_eval(&acc, lower, &run, &req->vmf, req->digits + 2);

    lp_record_text(rec, "command", "account");
    lp_record_text(rec, "mechanism", "vmf");
    lp_record_text(rec, "kappa", req->vmf.kappa->text);
    lp_record_int(rec, "p", (int64_t) req->vmf.p);
    lp_record_text(rec, "neighbours", req->vmf.sensitivity ? "sensitivity" : "secrets");
    lp_record_text(rec, "sensitivity", req->vmf.sensitivity ? req->vmf.sensitivity->text : NULL);
    lp_record_text(rec, "worst_pair", req->vmf.sensitivity
                   ? "two mean directions at chordal distance = the sensitivity"
                   : "antipodal mean directions (chordal distance 2)");
    /* the VMF's D_alpha grows with the distance (k^{-nu} I_nu(k) increases):
       the pair above is worst for the Renyi divergence, proved (privacy.h) */
    lp_record_text(rec, "supremum", lp_dp_sup_name(LP_DP_SUP_PROVED));
    lp_record_text(rec, "subsampling", "Zhu and Wang 2019, Theorem 6 (any mechanism, integer "
                   "orders), with joint convexity (exact at q = 1)");
    lp_record_null(rec, "noise_multiplier");
    lp_record_text(rec, "sampling_rate", req->q->text);
    lp_record_int(rec, "steps", (int64_t) req->steps);
    lp_record_text(rec, "delta", req->delta->text);
    lp_record_text(rec, "method", lp_account_method_name(NULL));
    lp_record_text(rec, "algorithm", "the VMF's Renyi divergence (closed form in I_nu) at each "
                   "integer order, Zhu-Wang's Poisson-subsampled bound, T-fold composition");
    lp_record_null(rec, "peer_conversion");
    lp_record_text(rec, "orders", req->orders->text);
    lp_record_int(rec, "norders", (int64_t) acc.norders);
    lp_record_null(rec, "order_search");
    lp_record_int(rec, "orders_failed", (int64_t) acc.nfailed);
    lp_record_int(rec, "orders_inaccurate", 0);
    if (acc.nfailed) {
        size_t f = 0;
        while (f < acc.norders && acc.order[f].eps_balle.status == LP_OK)
            f++;
        lp_record_textf(rec, "first_failure", "order %s: %s: %s", acc.order[f].alpha,
                        lp_status_name(acc.order[f].eps_balle.status), acc.order[f].eps_balle.note);
    } else {
        lp_record_null(rec, "first_failure");
    }
    lp_account_record_conversion(lp_record_object(rec, "balle2020"), &acc, NULL, 1, req->digits);
    lp_account_record_conversion(lp_record_object(rec, "classic"), &acc, NULL, 0, req->digits);
    if (req->per_order)
        for (size_t i = 0; i < acc.norders; i++) {
            const lp_account_order *o = &acc.order[i];
            lp_record *row = lp_record_append(rec, "per_order");
            lp_account_record_order(row, o, req->digits);
            /* the remove direction's exact T-step RDP of the worst pair: the
               subsampled RDP is at least this (how loose the bound above is) */
            if (o->rdp_T.status != LP_OK)
                lp_record_null(row, "rdp_lower");
            else
                lp_record_ball(row, "rdp_lower", lower + i, req->digits);
            lp_record_text(row, "status", lp_status_name(o->eps_balle.status));
        }
    lp_account_clear(&acc);
    _arb_vec_clear(lower, (slong) req->orders->n);
    lp_dpsgd_clear(&run);
}
