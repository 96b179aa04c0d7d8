/* params.c -- the parameter descriptors and the one function that sets a
 * parameter: validation against the descriptor's domain, and the derived
 * double.  Contracts in leakproof.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/decimal_ops.h"
#include "core/host.h"
#include "leakproof.h"

const lp_param_spec lp_param_specs[LP_NPARAMS] = {
    [LP_PARAM_ID_P] = { "p", "dimension (parameters clipped together)", LP_DOM_DIMENSION },
    [LP_PARAM_ID_SIGMA] = { "sigma", "Gaussian noise standard deviation", LP_DOM_POSITIVE },
    [LP_PARAM_ID_RADIUS] = { "radius", "clipping radius R", LP_DOM_NONNEGATIVE },
    [LP_PARAM_ID_KAPPA] = { "kappa", "von Mises-Fisher concentration", LP_DOM_NONNEGATIVE },
    [LP_PARAM_ID_B] = { "b", "Laplace scale per coordinate", LP_DOM_POSITIVE },
    [LP_PARAM_ID_CLIP] = { "clip", "per-layer clipping norm", LP_DOM_NONNEGATIVE },
    [LP_PARAM_ID_LAYERS] = { "layers", "layer sizes P1,P2,...", LP_DOM_LAYERS },
};

int
lp_param_from_name(const char *name)
{
    for (int i = 0; i < LP_NPARAMS; i++)
        if (strcmp(lp_param_specs[i].name, name) == 0)
            return i;
    return -1;
}

const char *
lp_domain_text(lp_domain domain)
{
    switch (domain) {
    case LP_DOM_DIMENSION: return "an integer from 1 to 2147483647";
    case LP_DOM_POSITIVE: return "a decimal number > 0";
    case LP_DOM_NONNEGATIVE: return "a decimal number >= 0";
    case LP_DOM_LAYERS: return "a list of integers from 1 to 2147483647, total at most that";
    }
    return "";
}

/* The text slot and the double of a decimal parameter. */
static int
slots(lp_params *par, lp_param_id id, const char ***text, double **d)
{
    switch (id) {
    case LP_PARAM_ID_SIGMA: *text = &par->sigma; *d = &par->sigma_d; return 0;
    case LP_PARAM_ID_RADIUS: *text = &par->radius; *d = &par->radius_d; return 0;
    case LP_PARAM_ID_KAPPA: *text = &par->kappa; *d = &par->kappa_d; return 0;
    case LP_PARAM_ID_B: *text = &par->b; *d = &par->b_d; return 0;
    case LP_PARAM_ID_CLIP: *text = &par->clip; *d = &par->clip_d; return 0;
    default: return -1;
    }
}

void
lp_params_init(lp_params *par)
{
    memset(par, 0, sizeof *par);
}

void
lp_params_clear(lp_params *par)
{
    free(par->layers);
    memset(par, 0, sizeof *par);
}

const char *
lp_params_text(const lp_params *par, lp_param_id id)
{
    const char **text;
    double *d;
    if (slots((lp_params *) par, id, &text, &d) != 0)
        return NULL;
    return *text;
}

int
lp_params_set_layers(lp_params *par, const uint64_t *sizes, size_t n, char *err, size_t errlen)
{
    uint64_t total = 0;
    if (n == 0) {
        snprintf(err, errlen, "needs at least one layer");
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        if (sizes[i] < 1 || sizes[i] > LP_P_MAX || total + sizes[i] > LP_P_MAX) {
            snprintf(err, errlen, "layer %zu: a layer size is an integer from 1 to 2147483647, "
                     "and the total at most that (got %llu)", i + 1, (unsigned long long) sizes[i]);
            return -1;
        }
        total += sizes[i];
    }
    free(par->layers);
    par->layers = malloc(n * sizeof *sizes);
    if (par->layers == NULL)
        abort();
    memcpy(par->layers, sizes, n * sizeof *sizes);
    par->nlayers = n;
    par->p = total;
    return 0;
}

static int
set_layers_text(lp_params *par, const char *text, char *err, size_t errlen)
{
    size_t n = 1, k = 0;
    uint64_t *sizes;
    char *copy, *tok;
    int rc;
    for (const char *c = text; *c; c++)
        n += (*c == ',');
    sizes = malloc(n * sizeof *sizes);
    copy = malloc(strlen(text) + 1);
    if (sizes == NULL || copy == NULL)
        abort();
    strcpy(copy, text);
    /* empty items are errors, so walk the commas by hand, not with strtok */
    tok = copy;
    for (;;) {
        char *comma = strchr(tok, ',');
        if (comma)
            *comma = '\0';
        if (lp_decimal_uint64(&sizes[k], tok) != 0) {
            snprintf(err, errlen, "layer %zu: a layer size is an integer from 1 to 2147483647 (got '%s')",
                     k + 1, tok);
            free(sizes);
            free(copy);
            return -1;
        }
        k++;
        if (comma == NULL)
            break;
        tok = comma + 1;
    }
    rc = lp_params_set_layers(par, sizes, k, err, errlen);
    free(sizes);
    free(copy);
    return rc;
}

int
lp_params_set(lp_params *par, lp_param_id id, const char *text, char *err, size_t errlen)
{
    const lp_param_spec *spec;
    const char **slot;
    double *d;
    if ((unsigned) id >= LP_NPARAMS) {
        snprintf(err, errlen, "no such parameter");
        return -1;
    }
    spec = &lp_param_specs[id];
    if (text == NULL || text[0] == '\0') {
        snprintf(err, errlen, "needs a value: %s", lp_domain_text(spec->domain));
        return -1;
    }
    switch (spec->domain) {
    case LP_DOM_DIMENSION:
        if (lp_decimal_uint64(&par->p, text) != 0 || par->p < 1 || par->p > LP_P_MAX) {
            snprintf(err, errlen, "must be %s (got '%s')", lp_domain_text(spec->domain), text);
            return -1;
        }
        return 0;
    case LP_DOM_LAYERS:
        return set_layers_text(par, text, err, errlen);
    case LP_DOM_POSITIVE:
    case LP_DOM_NONNEGATIVE:
        if (lp_decimal_exponent_beyond(text)) {
            char m[300];
            lp_decimal_exponent_message(m, sizeof m, spec->meaning, text);
            snprintf(err, errlen, "(%s", m);
            *strchr(err, ':') = ')';
            return -1;
        }
        if (!lp_decimal_valid(text) || lp_decimal_sign(text) < (spec->domain == LP_DOM_POSITIVE)) {
            snprintf(err, errlen, "(%s) must be %s (got '%s')", spec->meaning,
                     lp_domain_text(spec->domain), text);
            return -1;
        }
        if (slots(par, id, &slot, &d) != 0)
            return -1;
        *slot = text;
        *d = lp_strtod(text, NULL);        /* the double view; may be 0 or inf */
        return 0;
    }
    return -1;
}
