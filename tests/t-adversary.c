/* t-adversary.c -- the Bayes optimal delta-ball adversary in the linear-
 * Gaussian model (certified against an independent route and Monte Carlo; the
 * posterior mean is the best centre), and Section 5's linear-layer
 * reconstruction in ball arithmetic with its refusal. */
#include <math.h>
#include "tap.h"
#include "helpers.h"
#include "adversary/adversary.h"

static void
set(arb_t x, const char *s)
{
    lp_decimal_arb(x, s, 256);
}

static void
test_gaussian(void)
{
    static const struct { ulong d; const char *v, *a, *s, *delta; } cases[] = {
        { 1, "1", "1", "0.5", "0.3" }, { 5, "2", "0.5", "1", "1.5" }, { 20, "1", "1", "0.1", "0.5" },
        { 100, "1", "3", "1", "3" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        arb_t v, a, s, delta, post, prior;
        double mc, se, mc_off, se_off, tau;
        arb_init(v); arb_init(a); arb_init(s); arb_init(delta); arb_init(post); arb_init(prior);
        set(v, cases[i].v);
        set(a, cases[i].a);
        set(s, cases[i].s);
        set(delta, cases[i].delta);
        lp_adversary_gaussian_success(post, prior, cases[i].d, v, a, s, delta, 256);
        lp_adversary_gaussian_mc(&mc, &se, cases[i].d, mid_d(v), mid_d(a), mid_d(s), mid_d(delta), 0.0,
                                 200000, 11 + i);
        tap_ok(arb_rel_accuracy_bits(post) > 100 && fabs(mc - mid_d(post)) <= 5 * se + 1e-12,
               "delta-ball success d=%lu v=%s a=%s s=%s delta=%s: certified %.10f, Monte Carlo %.6f +- %.2g",
               cases[i].d, cases[i].v, cases[i].a, cases[i].s, cases[i].delta, mid_d(post), mc, se);
        tau = 1 / sqrt(1 / mid_d(v) + mid_d(a) * mid_d(a) / (mid_d(s) * mid_d(s)));
        lp_adversary_gaussian_mc(&mc_off, &se_off, cases[i].d, mid_d(v), mid_d(a), mid_d(s), mid_d(delta),
                                 0.5 * tau, 200000, 11 + i);
        tap_ok(mc_off < mc - 3 * se || mc < 1e-3,
               "the posterior mean is the better centre: shifted by tau/2 the success drops to %.6f (from %.6f)",
               mc_off, mc);
        if (cases[i].d == 1) {
            /* d = 1: P(|z| <= delta/tau) = erf(delta / (tau sqrt 2)) */
            arb_t t, e;
            arb_init(t); arb_init(e);
            arb_div(t, a, s, 256);
            arb_sqr(t, t, 256);
            arb_inv(e, v, 256);
            arb_add(t, t, e, 256);
            arb_mul_2exp_si(t, t, -1);
            arb_sqrt(t, t, 256);
            arb_mul(t, t, delta, 256);          /* delta / (tau sqrt 2) */
            arb_hypgeom_erf(e, t, 256);
            tap_ok(arb_overlaps(e, post), "d=1: the incomplete gamma route equals erf(delta/(tau sqrt2)) = %.17g",
                   mid_d(e));
            arb_clear(t); arb_clear(e);
        }
        arb_clear(v); arb_clear(a); arb_clear(s); arb_clear(delta); arb_clear(post); arb_clear(prior);
    }
}

static void
test_linear_layer(void)
{
    arb_t gb;
    arb_ptr ga = _arb_vec_init(3), x = _arb_vec_init(3);
    arb_init(gb);
    set(gb, "0.25");
    set(ga + 0, "0.1");
    set(ga + 1, "-0.75");
    set(ga + 2, "3");
    tap_ok(lp_adversary_linear_layer(x, gb, ga, 3, 128) == 0 && arb_contains_si(x + 1, -3)
           && arb_contains_si(x + 2, 12) && fabs(mid_d(x + 0) - 0.4) < 1e-30,
           "linear layer: x = dl/dA / dl/db recovers (0.4, -3, 12) exactly");
    arb_zero(gb);
    tap_ok(lp_adversary_linear_layer(x, gb, ga, 3, 128) == -1 && !arb_is_finite(x),
           "linear layer: dl/db = 0 is refused, nothing divided");
    set(gb, "1e-17");
    arb_add_error_2exp_si(gb, -50);             /* a tiny value below its own uncertainty */
    tap_ok(lp_adversary_linear_layer(x, gb, ga, 3, 128) == -1,
           "linear layer: dl/db = 1e-17 +- 2^-50 may be 0: refused");
    arb_clear(gb);
    _arb_vec_clear(ga, 3);
    _arb_vec_clear(x, 3);
}

int
main(void)
{
    test_gaussian();
    test_linear_layer();
    flint_cleanup();
    return tap_done();
}
