/* t-bessel-i.c -- lp_bessel_i_arb (the I_nu series with its tail bound, the
 * vmf forms' Bessel function) against Arb's arb_hypgeom_bessel_i and _scaled:
 * random half-integer orders nu = p/2 - 1 from p = 1 to 2^31 - 1 and random
 * kappa from 1e-3 to 1e4, at random precisions.  Each pair must overlap, and
 * where the series ran (nu >> kappa) the ball must be narrow: a ball that
 * is merely wide would overlap anything. */
#include <math.h>
#include "tap.h"
#include "helpers.h"
#include "forms/forms.h"

static void
check_one(uint64_t p, const arb_t kappa, slong prec, int scaled)
{
    arb_t nu, ours, ref;
    slong acc;
    arb_init(nu); arb_init(ours); arb_init(ref);
    arb_set_ui(nu, p);
    arb_mul_2exp_si(nu, nu, -1);
    arb_sub_ui(nu, nu, 1, prec);                    /* exact: a half-integer */
    lp_bessel_i_arb(ours, nu, kappa, scaled, prec);
    if (scaled)
        arb_hypgeom_bessel_i_scaled(ref, nu, kappa, prec);
    else
        arb_hypgeom_bessel_i(ref, nu, kappa, prec);
    char *so, *sr;
    acc = arb_rel_accuracy_bits(ours);
    so = arb_get_str(ours, 20, 0);
    sr = arb_get_str(ref, 20, 0);
    tap_ok(arb_overlaps(ours, ref) && acc >= prec - 40,
           "I_nu%s: p=%llu kappa=%.10g prec=%ld: overlaps Arb's, %ld bits (ours %s, Arb %s)",
           scaled ? " scaled" : "", (unsigned long long) p, lp_arb_mid_d(kappa), (long) prec,
           (long) acc, so, sr);
    flint_free(so); flint_free(sr);
    arb_clear(nu); arb_clear(ours); arb_clear(ref);
}

int
main(void)
{
    static const uint64_t fixed_p[] = { 1, 2, 3, 13700, 62006, 4900000, 134000000, 2147483647 };
    flint_rand_t state;
    arb_t kappa;
    test_rand_init(state);
    arb_init(kappa);

    /* the papers' configuration and the bench's sizes: kappa = 173 */
    for (size_t i = 0; i < sizeof fixed_p / sizeof fixed_p[0]; i++) {
        arb_set_ui(kappa, 173);
        check_one(fixed_p[i], kappa, 128, 0);
        check_one(fixed_p[i], kappa, 128, 1);
    }
    for (long it = 0; it < test_iterations(40); it++) {
        /* p log-uniform in [1, 2^31), kappa log-uniform in [1e-3, 1e4] */
        double lp = 31.0 * (double) n_randint(state, 1000000) / 1e6;
        double lk = -3.0 + 7.0 * (double) n_randint(state, 1000000) / 1e6;
        uint64_t p = (uint64_t) floor(pow(2.0, lp));
        slong prec = 64 + (slong) n_randint(state, 400);
        char text[32];
        if (p < 1)
            p = 1;
        snprintf(text, sizeof text, "%.6g", pow(10.0, lk));
        lp_decimal_arb(kappa, text, prec + 64);
        check_one(p, kappa, prec, (int) n_randint(state, 2));
    }
    arb_clear(kappa);
    flint_randclear(state);
    flint_cleanup();
    return tap_done();
}
