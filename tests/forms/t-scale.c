/* t-scale.c -- the Bayes capacity of the Gaussian mechanism depends on R/sigma
 * only (the change of variables y -> y/sigma maps N(x, sigma^2 I) on B_R to
 * N(x/sigma, I) on B_{R/sigma}), which is what lets DP-SGD's noise multiplier
 * M and clipping norm C stand for sigma = M C and R = C.  Checked in Arb, at
 * random p (log-uniform to 2^31 - 1), random decimal sigma, R and scale c:
 * C(p, sigma, R) overlaps C(p, c sigma, c R) and C(p, 1, R/sigma) (sigma chosen
 * with 1/sigma a finite decimal), for every certified form.  Iterations scale
 * with LEAKPROOF_TEST_MULTIPLIER; a failure prints every input in full. */
#include <stdio.h>
#include <stdlib.h>
#include "leakproof.h"
#include "core/decimal_ops.h"
#include "tap.h"
#include "mutant-arb.h"

static int
value(arb_t out, const char *form, uint64_t p, const char *sigma, const char *radius)
{
    lp_params par;
    lp_result r;
    char err[200];
    int ok;
    lp_params_init(&par);
    par.p = p;
    lp_params_set(&par, LP_PARAM_ID_SIGMA, sigma, err, sizeof err);
    lp_params_set(&par, LP_PARAM_ID_RADIUS, radius, err, sizeof err);
    lp_result_init(&r);
    ok = lp_evaluate(&r, lp_form_find("gauss", form), LP_ARB, &par, 20, 0) == LP_OK && r.certified;
    arb_set(out, r.value);
    lp_result_clear(&r);
    lp_params_clear(&par);
    return ok;
}

int
main(void)
{
    /* sigma = 2^a 5^b: its inverse is a finite decimal */
    static const char *const sigmas[][2] = {
        { "0.5", "2" }, { "0.25", "4" }, { "2", "0.5" }, { "0.8", "1.25" }, { "1.25", "0.8" },
        { "0.2", "5" }, { "5", "0.2" }, { "0.0625", "16" }, { "3.2", "0.3125" }, { "1", "1" },
    };
    static const char *const forms[] = { "proof", "printed", "steiner" };
    const char *mult = getenv("LEAKPROOF_TEST_MULTIPLIER");
    int iters = 12 * (mult && atoi(mult) > 0 ? atoi(mult) : 1);
    flint_rand_t state;
    arb_t a, b, c;
    flint_randinit(state);
    arb_init(a);
    arb_init(b);
    arb_init(c);
    for (int it = 0; it < iters; it++) {
        const char *form = forms[it % 3];
        uint64_t p;
        char radius[40], scale[40], *s2, *r2, *r_over_s;
        int k = (int) n_randint(state, sizeof sigmas / sizeof sigmas[0]), ok;
        /* p log-uniform in [1, 2^31 - 1] (printed form: its sum to 2^24) */
        p = UINT64_C(1) << n_randint(state, form[1] == 'r' ? 24 : 31);
        p += n_randint(state, p);
        if (p > LP_P_MAX)
            p = LP_P_MAX;
        snprintf(radius, sizeof radius, "%lu.%03lue%d", (unsigned long) n_randint(state, 10),
                 (unsigned long) n_randint(state, 1000), (int) n_randint(state, 3) - 1);
        snprintf(scale, sizeof scale, "%lu.%02lue%d", 1 + (unsigned long) n_randint(state, 9),
                 (unsigned long) n_randint(state, 100), (int) n_randint(state, 5) - 2);
        s2 = lp_decimal_mul(sigmas[k][0], scale);
        r2 = lp_decimal_mul(radius, scale);
        r_over_s = lp_decimal_mul(radius, sigmas[k][1]);
        ok = value(a, form, p, sigmas[k][0], radius) && value(b, form, p, s2, r2)
             && value(c, form, p, "1", r_over_s);
        lp_mut_arb("biswas/alg1", c, 128);          /* C(p, 1, R/sigma), the scaled mechanism's */
        ok = ok && arb_overlaps(a, b) && arb_overlaps(a, c);
        if (!ok) {
            tap_diag("p = %llu, sigma = %s, R = %s, c = %s (c sigma = %s, c R = %s, R/sigma = %s)",
                     (unsigned long long) p, sigmas[k][0], radius, scale, s2, r2, r_over_s);
            tap_diag("C = %s", arb_get_str(a, 30, 0));
            tap_diag("C(c sigma, c R) = %s", arb_get_str(b, 30, 0));
            tap_diag("C(1, R/sigma) = %s", arb_get_str(c, 30, 0));
        }
        tap_ok(ok, "[biswas/alg1] "
                   "gauss %s: C(p, sigma, R) = C(p, c sigma, c R) = C(p, 1, R/sigma) at p = %llu, "
               "sigma = %s, R = %s, c = %s", form, (unsigned long long) p, sigmas[k][0], radius, scale);
        free(s2);
        free(r2);
        free(r_over_s);
    }
    arb_clear(a);
    arb_clear(b);
    arb_clear(c);
    flint_randclear(state);
    flint_cleanup();
    return tap_done();
}
