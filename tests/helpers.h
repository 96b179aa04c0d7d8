/* helpers.h -- evaluating registry rows from the tests, and the pieces of the
 * randomized tests (iteration counts, random states). */
#ifndef LP_TEST_HELPERS_H
#define LP_TEST_HELPERS_H

#include <stdio.h>
#include <stdlib.h>
#include "leakproof.h"

/* Iterations of a randomized test: `base` times the environment's
 * LEAKPROOF_TEST_MULTIPLIER (a positive integer, default 1), so that make
 * check stays quick and a long run is one variable away. */
static inline long
test_iterations(long base)
{
    const char *m = getenv("LEAKPROOF_TEST_MULTIPLIER");
    long k = m && *m ? strtol(m, NULL, 10) : 1;
    return base * (k > 0 ? k : 1);
}

/* A random state seeded from LEAKPROOF_TEST_SEED (default 1), printed as a
 * TAP comment so that a failing run can be repeated. */
static inline void
test_rand_init(flint_rand_t state)
{
    const char *s = getenv("LEAKPROOF_TEST_SEED");
    ulong seed = s && *s ? strtoul(s, NULL, 10) : 1;
    flint_randinit(state);
    flint_randseed(state, seed, seed ^ UWORD(0x9e3779b97f4a7c15));
    printf("# LEAKPROOF_TEST_SEED=%lu LEAKPROOF_TEST_MULTIPLIER=%s\n", seed,
           getenv("LEAKPROOF_TEST_MULTIPLIER") ? getenv("LEAKPROOF_TEST_MULTIPLIER") : "1");
}

/* Sets parameter id of par from text through the registry's one setter; a
 * refusal is a bug in the test, so it stops the program with the message. */
static inline void
set_param(lp_params *par, lp_param_id id, const char *text)
{
    char err[256];
    if (lp_params_set(par, id, text, err, sizeof err) != 0) {
        printf("Bail out! %s=%s refused: %s\n", lp_param_specs[id].name, text, err);
        exit(1);
    }
}

static inline void
set_dimension(lp_params *par, uint64_t p)
{
    char text[24];
    snprintf(text, sizeof text, "%llu", (unsigned long long) p);
    set_param(par, LP_PARAM_ID_P, text);
}

/* The strings must outlive the parameters (lp_params_set keeps them). */
static inline lp_params
gauss_params(uint64_t p, const char *sigma, const char *radius)
{
    lp_params par;
    lp_params_init(&par);
    set_dimension(&par, p);
    set_param(&par, LP_PARAM_ID_SIGMA, sigma);
    set_param(&par, LP_PARAM_ID_RADIUS, radius);
    return par;
}

static inline lp_params
vmf_params(uint64_t p, const char *kappa)
{
    lp_params par;
    lp_params_init(&par);
    set_dimension(&par, p);
    set_param(&par, LP_PARAM_ID_KAPPA, kappa);
    return par;
}

static inline lp_params
laplace_params(uint64_t p, const char *b, const char *r)
{
    lp_params par;
    lp_params_init(&par);
    set_dimension(&par, p);
    set_param(&par, LP_PARAM_ID_B, b);
    set_param(&par, LP_PARAM_ID_RADIUS, r);
    return par;
}

/* res = the form evaluated by the method (arb: `digits` certified digits). */
static inline lp_status
eval_form(lp_result *res, const char *formula, const char *form, lp_method m,
          const lp_params *par, slong digits)
{
    return lp_evaluate(res, lp_form_find(formula, form), m, par, digits, 0);
}

/* The middle of a ball as a double, for diagnostics only. */
static inline double
mid_d(const arb_t x)
{
    return arf_get_d(arb_midref(x), ARF_RND_NEAR);
}

/* ---- random parameters, drawn from the registry's descriptors ------------- */

/* A dimension from 1 to pmax, uniform on a log scale (as many p below 10 as
 * between 10^8 and 10^9). */
static inline uint64_t
random_dimension(flint_rand_t state, uint64_t pmax)
{
    uint64_t p;
    do {
        ulong k = n_randint(state, 31);
        p = (UINT64_C(1) << k) + n_randint(state, UWORD(1) << k);
    } while (p > pmax);
    return p;
}

/* A decimal "d.ddd...eE" with 1 to 12 significant digits and value in
 * [10^emin, 10^(emax+1)). */
static inline void
random_decimal(char *buf, size_t len, flint_rand_t state, int emin, int emax)
{
    int nd = 1 + (int) n_randint(state, 12), k = 0;
    char digits[16];
    digits[k++] = (char) ('1' + n_randint(state, 9));
    while (k < nd)
        digits[k++] = (char) ('0' + n_randint(state, 10));
    digits[k] = '\0';
    snprintf(buf, len, "%c%s%s%se%d", digits[0], nd > 1 ? "." : "", digits + 1, "",
             emin + (int) n_randint(state, (ulong) (emax - emin + 1)));
}

/* Random values, held as text for lp_params_set (which keeps pointers). */
typedef struct {
    char text[LP_NPARAMS][64];
} random_texts;

/* par = random parameters for every descriptor `form` needs: p (and layer
 * sizes, at most 4 layers) up to pmax on a log scale; sigma and b in
 * [0.01, 100); radius and clip 0 one time in eight, else in [0.01, 100);
 * kappa 0 one time in eight, else in [0.01, 10^4).  Returns 0, or -1 (with a
 * TAP comment) when the registry refuses them. */
static inline int
random_params(lp_params *par, random_texts *t, const lp_form *form, flint_rand_t state,
              uint64_t pmax)
{
    char err[256];
    lp_params_init(par);
    for (int id = 0; id < LP_NPARAMS; id++) {
        if (!(form->params & (1u << id)))
            continue;
        switch (lp_param_specs[id].domain) {
        case LP_DOM_DIMENSION:
            snprintf(t->text[id], sizeof t->text[id], "%llu",
                     (unsigned long long) random_dimension(state, pmax));
            break;
        case LP_DOM_LAYERS: {
            int n = 1 + (int) n_randint(state, 4);
            size_t len = 0;
            for (int l = 0; l < n; l++)
                len += (size_t) snprintf(t->text[id] + len, sizeof t->text[id] - len, "%s%llu",
                                         l ? "," : "",
                                         (unsigned long long) random_dimension(state, pmax / 4));
            break;
        }
        case LP_DOM_POSITIVE:
            random_decimal(t->text[id], sizeof t->text[id], state, -2, 1);
            break;
        case LP_DOM_NONNEGATIVE:
            if (n_randint(state, 8) == 0)
                snprintf(t->text[id], sizeof t->text[id], "0");
            else
                random_decimal(t->text[id], sizeof t->text[id], state, -2,
                               id == LP_PARAM_ID_KAPPA ? 3 : 1);
            break;
        }
        if (lp_params_set(par, (lp_param_id) id, t->text[id], err, sizeof err) != 0) {
            printf("# random %s=%s refused: %s\n", lp_param_specs[id].name, t->text[id], err);
            return -1;
        }
    }
    return 0;
}

/* The parameters as given (exact decimals: this is the input in full). */
static inline void
print_params(const char *mechanism, const lp_params *par, const random_texts *t,
             unsigned params)
{
    printf("# failing input: %s", mechanism);
    for (int id = 0; id < LP_NPARAMS; id++)
        if (params & (1u << id))
            printf(" --%s %s", lp_param_specs[id].name, t->text[id]);
    printf("  (p = %llu)\n", (unsigned long long) par->p);
}

/* A ball in full for a failure report (midpoint to its own precision). */
static inline void
print_ball_decimal(const char *name, const arb_t x)
{
    char *s = arb_get_str(x, FLINT_MAX(30, (slong) (arb_bits(x) * 0.30103) + 2), 0);
    printf("# %s = %s\n", name, s);
    flint_free(s);
}

#endif
