/* t-pld-discrete.c -- the certified PLD accountant over randomized response
 * and the (epsilon, delta) pair (src/account/pld/pairs/pld_mech_discrete.c): at
 * T = 1 and T = 2, against delta computed exactly from the subsampled pair's
 * few outcomes (a finite sum over the outcomes and their pairs, in long
 * doubles: no grid, no FFT), both relations, random inputs in Arb's style
 * (LEAKPROOF_TEST_SEED), printed on failure.  TAP. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "account/pld/pld.h"
#include "tap.h"
#include "helpers.h"

/* the subsampled pair's outcomes under rel: loss (INFINITY allowed), mass */
static int
outcomes(long double *L, long double *m, double e, double d, double q, int epsdelta, int rel)
{
    long double ee = expl(e), p0[4], q0[4];
    int n = 0;
    if (!epsdelta)
        d = 0;                                  /* randomized response: the (e, 0) pair */
    p0[0] = d; q0[0] = 0;
    p0[1] = (1 - d) * ee / (1 + ee); q0[1] = (1 - d) / (1 + ee);
    p0[2] = (1 - d) / (1 + ee); q0[2] = (1 - d) * ee / (1 + ee);
    p0[3] = 0; q0[3] = d;
    for (int j = 0; j < 4; j++) {
        long double P, Q;
        if (!epsdelta && (j == 0 || j == 3))
            continue;
        if (rel == LP_PLD_REMOVE) {
            P = (1 - q) * q0[j] + q * p0[j];
            Q = q0[j];
        } else {
            P = q0[j];
            Q = (1 - q) * q0[j] + q * p0[j];
        }
        if (P == 0)
            continue;
        L[n] = Q == 0 ? INFINITY : logl(P / Q);
        m[n++] = P;
    }
    return n;
}

static long double
hinge(double eps, long double S)
{
    return S > eps ? (isinf(S) ? 1.0L : -expm1l(eps - S)) : 0.0L;
}

static void
check(double e, double d, double q, int epsdelta, int rel, int T, double eps)
{
    long double L[4], m[4], exact = 0;
    int n = outcomes(L, m, e, d, q, epsdelta, rel);
    char et[32], dt[32], qt[32];
    lp_dpsgd run;
    lp_pld_step st;
    lp_pld pld;
    arb_t ea, lo, hi;
    double l = NAN, u = NAN;
    int ok;
    for (int i = 0; i < n; i++) {
        if (T == 1)
            exact += m[i] * hinge(eps, L[i]);
        else
            for (int j = 0; j < n; j++)
                exact += m[i] * m[j] * hinge(eps, L[i] + L[j]);
    }
    snprintf(et, sizeof et, "%.17g", e);
    snprintf(dt, sizeof dt, "%.17g", d);
    snprintf(qt, sizeof qt, "%.17g", q);
    lp_dpsgd_init(&run, "1", qt, (uint64_t) T, "1e-6");
    lp_pld_step_init_eps(&st, &run, et, epsdelta ? dt : NULL);
    arb_init(ea);
    arb_init(lo);
    arb_init(hi);
    ok = lp_pld_init_step(&pld, &st, (lp_pld_relation) rel, 0.01, (size_t) 1 << 20, eps) == 0;
    if (ok) {
        arb_set_d(ea, eps);
        lp_pld_delta(lo, hi, &pld, ea);
        l = arf_get_d(arb_midref(lo), ARF_RND_DOWN) - mag_get_d(arb_radref(lo));
        u = arf_get_d(arb_midref(hi), ARF_RND_UP) + mag_get_d(arb_radref(hi));
        ok = l <= (double) exact * (1 + 1e-12) + 1e-300 && (double) exact * (1 - 1e-12) <= u
            && u - l <= 0.25 * (double) exact + 2 * q * d + 1e-12;
    }
    tap_ok(ok, "%s e %s%s%s, q %s, %s, T %d, eps %g: PLD delta in [%.9g, %.9g] holds the outcomes' "
           "exact %.9Lg", epsdelta ? "epsdelta" : "rr", et, epsdelta ? ", d " : "", epsdelta ? dt : "",
           qt, rel == LP_PLD_REMOVE ? "remove" : "add", T, eps, l, u, exact);
    lp_pld_clear(&pld);
    lp_pld_step_clear(&st);
    lp_dpsgd_clear(&run);
    arb_clear(ea);
    arb_clear(lo);
    arb_clear(hi);
}

int
main(void)
{
    flint_rand_t state;
    test_rand_init(state);
    for (int i = 0; i < 8; i++) {
        double e = 0.2 + (double) n_randint(state, 2800) / 1000;
        double d = pow(10, -2 - (double) n_randint(state, 4));
        double q = 0.05 + (double) n_randint(state, 450) / 1000;
        int epsdelta = i % 2, rel = (i / 2) % 2, T = 1 + (i / 4) % 2;
        /* an eps inside the composed loss's range: a fraction of its top */
        double top = T * (rel == LP_PLD_REMOVE ? log(1 - q + q * exp(e)) : -log1p(-q));
        check(e, d, q, epsdelta, rel, T, top * (0.2 + (double) n_randint(state, 60) / 100));
    }
    flint_randclear(state);
    flint_cleanup();
    return tap_done();
}
