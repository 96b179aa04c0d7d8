/* Per-layer clipping: the Bayes capacity of Gaussian noise on a product of
 * balls is the product of the balls' capacities (the sup over a product set
 * is taken coordinate block by block, and the density factorises).  Contract
 * in leakproof.h; the Monte Carlo arbiter checks it on products of balls. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "forms/forms.h"

lp_status
lp_gauss_layers(lp_result *res, const uint64_t *sizes, size_t nlayers,
                const char *sigma, const char *clip, slong digits)
{
    /* each factor by Steiner's formula: the same number as the proof form (to 30
     * digits at every p, t-gauss), a tenth of the time */
    const lp_form *proof = lp_form_find("gauss", "steiner");
    slong fdigits = digits + 3 + (slong) ceil(log10((double) nlayers + 1));
    arb_t prod;
    lp_status st = LP_OK;
    arb_init(prod);
    arb_one(prod);
    for (size_t l = 0; l < nlayers && st == LP_OK; l++) {
        lp_params par = { 0 };
        lp_result r;
        int seen = 0;
        for (size_t m = 0; m < l; m++)
            seen |= sizes[m] == sizes[l];
        if (seen)
            continue;           /* counted with its first occurrence */
        par.p = sizes[l];
        par.sigma = sigma;
        par.radius = clip;
        par.sigma_d = strtod(sigma, NULL);
        par.radius_d = strtod(clip, NULL);
        lp_result_init(&r);
        st = lp_evaluate(&r, proof, LP_ARB, &par, fdigits, 0);
        if (st == LP_OK) {
            ulong times = 0;
            for (size_t m = l; m < nlayers; m++)
                times += sizes[m] == sizes[l];
            arb_pow_ui(r.value, r.value, times, 4 * fdigits + 64);
            arb_mul(prod, prod, r.value, 4 * fdigits + 64);
        } else {
            snprintf(res->note, sizeof res->note, "layer %zu: %.200s", l + 1, r.note);
        }
        lp_result_clear(&r);
    }
    if (st == LP_OK) {
        lp_result_set_arb(res, prod);
        res->prec = 4 * fdigits + 64;
        {
            char *s = lp_format_value(res, digits);
            res->digits = 0;
            for (const char *c = s; c && *c && *c != 'e'; c++)
                res->digits += *c >= '0' && *c <= '9';
            flint_free(s);
        }
    } else {
        res->status = st;
    }
    arb_clear(prod);
    return st;
}
