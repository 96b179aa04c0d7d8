/* Per-layer clipping: the Bayes capacity of Gaussian noise on a product of
 * balls is the product of the balls' capacities (the sup over a product set
 * is taken coordinate block by block, and the density factorises).  Contract
 * in leakproof.h; the Monte Carlo arbiter checks it on products of balls. */
#include <stdlib.h>
#include <string.h>
#include "forms/forms.h"

lp_status
lp_gauss_layers_arb(lp_result *res, const lp_params *par, slong prec)
{
    arb_t prod;
    lp_status st = LP_OK;
    slong wprec = prec + 2 * FLINT_BIT_COUNT(par->nlayers + 1) + 8;
    arb_init(prod);
    arb_one(prod);
    for (size_t l = 0; l < par->nlayers && st == LP_OK; l++) {
        lp_params one = *par;
        lp_result r;
        int seen = 0;
        for (size_t m = 0; m < l; m++)
            seen |= par->layers[m] == par->layers[l];
        if (seen)
            continue;           /* counted with its first occurrence */
        one.p = par->layers[l];
        one.layers = NULL;
        one.nlayers = 0;
        one.radius = par->clip;
        one.radius_d = par->clip_d;
        lp_result_init(&r);
        /* each factor by Steiner's formula: the same number as the proof form
           (to 30 digits at every p, t-gauss), a tenth of the time */
        st = lp_gauss_steiner_arb(&r, &one, wprec);
        if (st == LP_OK) {
            ulong times = 0;
            for (size_t m = l; m < par->nlayers; m++)
                times += par->layers[m] == par->layers[l];
            arb_pow_ui(r.value, r.value, times, wprec);
            arb_mul(prod, prod, r.value, wprec);
        } else {
            snprintf(res->note, sizeof res->note, "layer %zu: %.200s", l + 1, r.note);
        }
        lp_result_clear(&r);
    }
    if (st == LP_OK)
        lp_result_set_arb(res, prod);
    else
        res->status = st;
    arb_clear(prod);
    return st;
}

lp_status
lp_gauss_layers(lp_result *res, const uint64_t *sizes, size_t nlayers,
                const char *sigma, const char *clip, slong digits)
{
    lp_params par;
    char err[200];
    lp_status st;
    lp_params_init(&par);
    if (lp_params_set_layers(&par, sizes, nlayers, err, sizeof err) != 0
        || lp_params_set(&par, LP_PARAM_ID_SIGMA, sigma, err, sizeof err) != 0
        || lp_params_set(&par, LP_PARAM_ID_CLIP, clip, err, sizeof err) != 0) {
        lp_params_clear(&par);
        return lp_result_fail(res, LP_DOMAIN, "%s", err);
    }
    st = lp_evaluate(res, lp_form_find("gauss-layers", "product"), LP_ARB, &par, digits, 0);
    lp_params_clear(&par);
    return st;
}
