/* evaluate_gauss_layers.c -- lp_gauss_layers (contract in leakproof.h): the gauss-layers row of the
 * registry evaluated from decimal texts, through lp_evaluate's precision
 * loop (the evaluator itself: forms/gauss_layers_product_arb.c). */
#include <stdint.h>
#include "core/result.h"

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
