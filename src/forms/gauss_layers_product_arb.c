/* gauss-layers, product form, arb: per-layer clipping.  The Bayes capacity
 * of Gaussian noise on a product of balls is the product of the balls'
 * capacities (the sup over a product set is taken coordinate block by block,
 * and the density factorises).  An evaluator like the others (forms.h), so
 * the registry lists it from below; its entry point from decimal texts,
 * lp_gauss_layers, is in registry/evaluate_gauss_layers.c.  The Monte Carlo
 * arbiter checks it on products of balls. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "forms/forms.h"

static int
compare_sizes(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
    return (x > y) - (x < y);
}

lp_status
lp_gauss_layers_arb(lp_result *res, const lp_params *par, slong prec)
{
    arb_t prod;
    lp_status st = LP_OK;
    slong wprec = prec + 2 * FLINT_BIT_COUNT(par->nlayers + 1) + 8;
    /* equal sizes give equal factors: one evaluation per distinct size, raised
     * to its multiplicity; sorted, so millions of layers cost n log n, not n^2 */
    uint64_t *sorted = par->nlayers < SIZE_MAX / sizeof *sorted
                       ? malloc(sizeof *sorted * (par->nlayers ? par->nlayers : 1)) : NULL;
    if (sorted == NULL)
        return lp_result_fail(res, LP_FAILED, "out of memory for %zu layers", (size_t) par->nlayers);
    for (size_t l = 0; l < par->nlayers; l++)
        sorted[l] = par->layers[l];
    qsort(sorted, par->nlayers, sizeof *sorted, compare_sizes);
    arb_init(prod);
    arb_one(prod);
    for (size_t l = 0; l < par->nlayers && st == LP_OK;) {
        lp_params one = *par;
        lp_result r;
        size_t next = l;
        while (next < par->nlayers && sorted[next] == sorted[l])
            next++;
        one.p = sorted[l];
        one.layers = NULL;
        one.nlayers = 0;
        one.radius = par->clip;
        one.radius_d = par->clip_d;
        lp_result_init(&r);
        /* each factor by Steiner's formula: the same number as the proof form
           (to 30 digits at every p, t-gauss), a tenth of the time */
        st = lp_gauss_steiner_arb(&r, &one, wprec);
        if (st == LP_OK) {
            arb_pow_ui(r.value, r.value, (ulong) (next - l), wprec);
            arb_mul(prod, prod, r.value, wprec);
        } else {
            size_t first = 0;
            while (par->layers[first] != sorted[l])
                first++;
            snprintf(res->note, sizeof res->note, "layer %zu: %.200s", first + 1, r.note);
        }
        lp_result_clear(&r);
        l = next;
    }
    free(sorted);
    if (st == LP_OK)
        lp_result_set_arb(res, prod);
    else
        res->status = st;
    arb_clear(prod);
    return st;
}
