/* t-clipping.c -- beyond the papers: Laplace noise with l1 clipping (our
 * derived sum) against an independent route, the l2 problem's inner minimiser,
 * and per-layer clipping (a product of balls) against Theorem III.1's R = L. */
#include <math.h>
#include <stdlib.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include "tap.h"
#include "mutant-arb.h"
#include "helpers.h"
#include "mc/mc.h"


/* sum_{j<=p} x^j/j! = e^x Q(p+1, x), Q the regularized upper incomplete gamma */
static void
test_laplace_sum(void)
{
    static const uint64_t ps[] = { 1, 2, 10, 100, 13700, 2147483647 };
    static const char *const rs[] = { "0.5", "10", "1000" };
    for (size_t i = 0; i < 6; i++)
        for (size_t j = 0; j < 3; j++) {
            lp_params par = laplace_params(ps[i], "1", rs[j]);
            lp_result r;
            arb_t x, s, q;
            arb_init(x); arb_init(s); arb_init(q);
            lp_result_init(&r);
            eval_form(&r, "laplace-l1", "derived", LP_ARB, &par, 30);
            lp_decimal_arb(x, rs[j], 256);
            arb_set_ui(s, ps[i] + 1);
            arb_hypgeom_gamma_upper(q, s, x, 1, 256);
            arb_exp(s, x, 256);
            arb_mul(q, q, s, 256);
            tap_ok(r.status == LP_OK && r.digits >= 30 && arb_overlaps(r.value, q),
                   "laplace-l1 sum = e^x Q(p+1, x) (incomplete gamma): p=%llu R/b=%s (%.17g)",
                   (unsigned long long) ps[i], rs[j], mid_d(r.value));
            lp_result_clear(&r);
            arb_clear(x); arb_clear(s); arb_clear(q);
        }
    {
        lp_params par = laplace_params(1, "0.25", "3");
        lp_result r;
        lp_result_init(&r);
        eval_form(&r, "laplace-l1", "derived", LP_ARB, &par, 30);
        tap_ok(arb_equal_si(r.value, 13) || arb_contains_si(r.value, 13),
               "laplace-l1 at p=1 is 1 + R/b = 13 (an interval, two Laplace tails)");
        lp_result_clear(&r);
    }
}

/* the water-filled point is feasible and no random feasible point is closer in l1 */
static void
test_l1_to_l2_ball(void)
{
    gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
    int ok = 1;
    gsl_rng_set(g, 7);
    for (int t = 0; t < 200; t++) {
        int p = 1 + (int) gsl_rng_uniform_int(g, 8);
        double y[8], x[8], R = 0.2 + 2 * gsl_rng_uniform(g), d, n2 = 0;
        for (int i = 0; i < p; i++)
            y[i] = gsl_ran_laplace(g, 2.0);
        d = lp_l1_distance_to_l2_ball(x, y, p, R);
        for (int i = 0; i < p; i++)
            n2 += x[i] * x[i];
        ok &= n2 <= R * R * (1 + 1e-12);
        for (int k = 0; k < 500; k++) {
            double z[8], nz = 0, dz = 0, rad = R * pow(gsl_rng_uniform(g), 1.0 / p);
            for (int i = 0; i < p; i++) {
                z[i] = gsl_ran_gaussian(g, 1.0);
                nz += z[i] * z[i];
            }
            for (int i = 0; i < p; i++)
                dz += fabs(y[i] - z[i] * rad / sqrt(nz));
            ok &= dz >= d - 1e-12;
        }
    }
    tap_ok(ok, "l1 distance to the l2 ball by water-filling: feasible, and 100,000 random feasible points "
           "are never closer");
    gsl_rng_free(g);
}

/* a product of balls against Theorem III.1's modelling of DP-SGD's clipping as
 * one ball of radius R = L (the number of layers, each clipped to 1) */
static void
test_layers(void)
{
    static const uint64_t two[] = { 2, 3 }, lenet[] = { 456, 2416, 48120, 10164, 850 };
    lp_result r, a, b;
    lp_params pa = gauss_params(2, "1", "1"), pb = gauss_params(3, "1", "1");
    arb_t prod;
    arb_init(prod);
    lp_result_init(&r);
    lp_result_init(&a);
    lp_result_init(&b);
    lp_gauss_layers(&r, two, 2, "1", "1", 30);
    eval_form(&a, "gauss", "proof", LP_ARB, &pa, 35);
    eval_form(&b, "gauss", "proof", LP_ARB, &pb, 35);
    arb_mul(prod, a.value, b.value, 256);
    tap_ok(r.status == LP_OK && r.digits >= 30 && arb_overlaps(r.value, prod),
           "gauss-layers 2,3 = C(2) C(3) of the proof form (%.17g)", mid_d(r.value));
    lp_result_clear(&r);
    lp_result_init(&r);
    lp_gauss_layers(&r, lenet, 5, "1", "1", 30);
    {
        lp_params big = gauss_params(62006, "1", "5");
        lp_result t;
        arb_t lr, lt, d;
        arb_init(lr); arb_init(lt); arb_init(d);
        lp_result_init(&t);
        eval_form(&t, "gauss", "printed", LP_ARB, &big, 20);
        arb_const_log10(d, 128);
        arb_log(lr, r.value, 128);
        arb_div(lr, lr, d, 128);                /* log10 of the product */
        arb_log(lt, t.value, 128);
        arb_div(lt, lt, d, 128);                /* log10 of Theorem III.1 at R = 5 */
        arb_sub(d, lt, lr, 128);
        lp_mut_arb("biswas/thm-III.1/R-layers", t.value, 128);
        tap_todo(arb_overlaps(r.value, t.value),
                 "[biswas/thm-III.1/R-layers] "
                 "Theorem III.1 at R = L = 5 gives the capacity of LeNet's per-layer clipping (sigma = 1, c = 1): "
                 "it is 10^%.2f times larger (log10 %.4f against %.4f)", mid_d(d), mid_d(lt), mid_d(lr));
        lp_result_clear(&t);
        arb_clear(lr); arb_clear(lt); arb_clear(d);
    }
    lp_result_clear(&r);
    lp_result_clear(&a);
    lp_result_clear(&b);
    arb_clear(prod);
}

int
main(void)
{
    test_laplace_sum();
    test_l1_to_l2_ball();
    test_layers();
    flint_cleanup();
    return tap_done();
}
