/* t-gauss.c -- the Gaussian forms (Theorem III.1 printed, proof of B.2) held
 * against independent routes and special values, in ball arithmetic. */
#include <math.h>
#include "tap.h"
#include "helpers.h"
#include "mutant-arb.h"

static const char *const sigmas[] = { "0.2", "1", "5", "0.7" };
static const char *const radii[] = { "0", "0.5", "3", "1" };

/* (2 pi s^2)^{-p/2} V(B_R^p) = R^p / (G(p/2+1) 2^{p/2} s^p), the ball term */
static void
ball_term(arb_t b, uint64_t p, const char *sigma, const char *radius, slong prec)
{
    arb_t s, r, t;
    arb_init(s); arb_init(r); arb_init(t);
    lp_decimal_arb(s, sigma, prec);
    lp_decimal_arb(r, radius, prec);
    arb_div(r, r, s, prec);
    arb_pow_ui(b, r, p, prec);
    arb_set_ui(t, p);
    arb_mul_2exp_si(t, t, -1);
    arb_add_ui(t, t, 1, prec);
    arb_gamma(t, t, prec);
    arb_div(b, b, t, prec);
    arb_set_ui(t, p);
    arb_mul_2exp_si(t, t, -1);
    arb_set_ui(s, 2);
    arb_pow(t, s, t, prec);
    arb_div(b, b, t, prec);
    arb_clear(s); arb_clear(r); arb_clear(t);
}

/* A third route, derived here: h_k = int_0^oo (t+a)^k e^{-t^2/2} dt obeys
 * h_0 = sqrt(pi/2), h_1 = 1 + a h_0, h_{k+1} = a h_k + k h_{k-1} + a^k, and
 * C = ball + 2 h_{p-1} / (G(p/2) 2^{p/2}).  Ball arithmetic throughout. */
static void
capacity_by_recurrence(arb_t c, uint64_t p, const char *sigma, const char *radius, slong prec)
{
    arb_t a, h0, h1, h2, ak, t;
    arb_init(a); arb_init(h0); arb_init(h1); arb_init(h2); arb_init(ak); arb_init(t);
    lp_decimal_arb(a, radius, prec);
    lp_decimal_arb(t, sigma, prec);
    arb_div(a, a, t, prec);
    arb_const_pi(h0, prec);
    arb_mul_2exp_si(h0, h0, -1);
    arb_sqrt(h0, h0, prec);
    arb_mul(h1, a, h0, prec);
    arb_add_ui(h1, h1, 1, prec);
    arb_set(ak, a);
    for (uint64_t k = 1; k + 1 < p; k++) {
        arb_mul(h2, a, h1, prec);
        arb_addmul_ui(h2, h0, k, prec);
        arb_add(h2, h2, ak, prec);
        arb_mul(ak, ak, a, prec);
        arb_swap(h0, h1);
        arb_swap(h1, h2);
    }
    if (p == 1)
        arb_set(h1, h0);
    arb_set_ui(t, p);
    arb_mul_2exp_si(t, t, -1);
    arb_gamma(h2, t, prec);
    arb_set_ui(ak, 2);
    arb_pow(t, ak, t, prec);
    arb_mul(h2, h2, t, prec);
    arb_div(h1, h1, h2, prec);
    arb_mul_2exp_si(h1, h1, 1);
    ball_term(c, p, sigma, radius, prec);
    arb_add(c, c, h1, prec);
    arb_clear(a); arb_clear(h0); arb_clear(h1); arb_clear(h2); arb_clear(ak); arb_clear(t);
}

/* proof (quadrature) against the recurrence, p = 1..600 */
static void
test_proof_against_recurrence(void)
{
    static const uint64_t ps[] = { 1, 2, 3, 4, 5, 8, 13, 50, 200, 600 };
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++)
        for (size_t j = 0; j < 4; j++) {
            lp_params par = gauss_params(ps[i], sigmas[j], radii[j]);
            lp_result res;
            arb_t c;
            arb_init(c);
            lp_result_init(&res);
            eval_form(&res, "gauss", "proof", LP_ARB, &par, 30);
            capacity_by_recurrence(c, ps[i], sigmas[j], radii[j], 256);
            lp_mut_arb("biswas/B.2/derived biswas/B.2/spherical", c, 256);
            tap_ok(res.status == LP_OK && res.digits >= 30 && arb_overlaps(res.value, c),
                   "[biswas/B.2/derived] [biswas/B.2/spherical] "
                   "gauss proof arb (quadrature) overlaps the h_k recurrence: p=%llu sigma=%s R=%s (%.17g)",
                   (unsigned long long) ps[i], sigmas[j], radii[j], mid_d(res.value));
            lp_result_clear(&res);
            arb_clear(c);
        }
}

/* printed (windowed binomial-Gamma sum) against proof (quadrature): the proof
 * derives int = Z/2, so printed = 2 proof - ball must hold exactly.  Two
 * routes that share no code, at every size up to 2^31 - 1. */
static void
test_printed_is_twice_the_shell(void)
{
    static const uint64_t ps[] = { 1, 2, 7, 100, 13700, 62006, 4900000, 35900000,
                                   134000000, 2147483647 };
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++)
        for (size_t j = 0; j < 4; j++) {
            lp_params par = gauss_params(ps[i], sigmas[j], radii[j]);
            lp_result pr, pf;
            arb_t b, c;
            arb_init(b); arb_init(c);
            lp_result_init(&pr);
            lp_result_init(&pf);
            eval_form(&pr, "gauss", "printed", LP_ARB, &par, 30);
            eval_form(&pf, "gauss", "proof", LP_ARB, &par, 30);
            ball_term(b, ps[i], sigmas[j], radii[j], 256 + 2 * 31);
            arb_mul_2exp_si(c, pf.value, 1);
            arb_sub(c, c, b, 256);
            lp_mut_arb("biswas/B.2/result", c, 256);
            tap_ok(pr.status == LP_OK && pf.status == LP_OK && pr.digits >= 30 && pf.digits >= 30
                   && arb_overlaps(pr.value, c),
                   "[biswas/B.2/result] "
                   "gauss printed = 2 proof - ball term (sum vs quadrature): p=%llu sigma=%s R=%s",
                   (unsigned long long) ps[i], sigmas[j], radii[j]);
            lp_result_clear(&pr);
            lp_result_clear(&pf);
            arb_clear(b); arb_clear(c);
        }
}

/* The finding: Theorem III.1 as printed does not equal what its proof derives. */
static void
test_printed_equals_proof(void)
{
    static const struct { uint64_t p; const char *s, *r; } cases[] = {
        { 1, "1", "0" }, { 1, "1", "1" }, { 4, "0.5", "1" }, { 13700, "1", "1" },
        { 134000000, "1", "1" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lp_params par = gauss_params(cases[i].p, cases[i].s, cases[i].r);
        lp_result pr, pf;
        arb_t ratio;
        char *rs;
        arb_init(ratio);
        lp_result_init(&pr);
        lp_result_init(&pf);
        eval_form(&pr, "gauss", "printed", LP_ARB, &par, 20);
        eval_form(&pf, "gauss", "proof", LP_ARB, &par, 20);
        lp_mut_arb("biswas/thm-III.1 biswas/thm-B.2 biswas/B.2/result", pr.value, 128);
        arb_div(ratio, pr.value, pf.value, 128);
        rs = arb_get_str(ratio, 12, ARB_STR_NO_RADIUS);
        tap_todo(arb_overlaps(pr.value, pf.value),
                 "[biswas/thm-III.1] [biswas/thm-B.2] [biswas/B.2/result] "
                 "Theorem III.1 printed equals the proof of B.2: p=%llu sigma=%s R=%s; "
                 "measured printed/proof = %s",
                 (unsigned long long) cases[i].p, cases[i].s, cases[i].r, rs);
        flint_free(rs);
        lp_result_clear(&pr);
        lp_result_clear(&pf);
        arb_clear(ratio);
    }
}

/* Special values: p = 1 (an interval and 1-d Gaussian noise: the capacity is
 * 1 + 2R/(sigma sqrt(2 pi)) by direct integration), R = 0 (one input: no
 * leakage, the capacity is exactly 1 at any p). */
static void
test_special_values(void)
{
    for (size_t j = 0; j < 4; j++) {
        lp_params par = gauss_params(1, sigmas[j], radii[j]);
        lp_result res;
        arb_t c, t;
        arb_init(c); arb_init(t);
        lp_result_init(&res);
        eval_form(&res, "gauss", "proof", LP_ARB, &par, 30);
        lp_decimal_arb(c, radii[j], 256);
        lp_decimal_arb(t, sigmas[j], 256);
        arb_div(c, c, t, 256);
        arb_const_pi(t, 256);
        arb_mul_2exp_si(t, t, 1);
        arb_rsqrt(t, t, 256);
        arb_mul(c, c, t, 256);
        arb_mul_2exp_si(c, c, 1);
        arb_add_ui(c, c, 1, 256);
        lp_mut_arb("biswas/B.2/derived", c, 256);
        tap_ok(res.status == LP_OK && arb_overlaps(res.value, c),
               "[biswas/B.2/derived] "
               "gauss proof at p=1 is 1 + 2R/(sigma sqrt(2 pi)): sigma=%s R=%s", sigmas[j], radii[j]);
        lp_result_clear(&res);
        arb_clear(c); arb_clear(t);
    }
    {
        static const uint64_t ps[] = { 1, 2, 10, 13700, 2147483647 };
        for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) {
            lp_params par = gauss_params(ps[i], "0.3", "0");
            lp_result pf, pr;
            lp_result_init(&pf);
            lp_result_init(&pr);
            eval_form(&pf, "gauss", "proof", LP_ARB, &par, 30);
            eval_form(&pr, "gauss", "printed", LP_ARB, &par, 30);
            lp_mut_arb("biswas/B.2/derived", pf.value, 256);
            lp_mut_arb("biswas/thm-III.1 biswas/thm-B.2", pr.value, 256);
            tap_ok(pf.status == LP_OK && arb_contains_si(pf.value, 1) && pf.digits >= 30,
                   "[biswas/B.2/derived] gauss proof at R=0 is 1 (a single input leaks nothing): p=%llu",
                   (unsigned long long) ps[i]);
            tap_todo(pr.status == LP_OK && arb_contains_si(pr.value, 1),
                     "[biswas/thm-III.1] [biswas/thm-B.2] "
                     "Theorem III.1 printed at R=0 is 1: p=%llu; measured %.17g",
                     (unsigned long long) ps[i], mid_d(pr.value));
            lp_result_clear(&pf);
            lp_result_clear(&pr);
        }
    }
    {
        /* R -> 0: the capacity tends to 1 continuously, C - 1 = O(R) */
        lp_params par = gauss_params(5, "1", "1e-20");
        lp_result res;
        arb_t t;
        arb_init(t);
        lp_result_init(&res);
        eval_form(&res, "gauss", "proof", LP_ARB, &par, 30);
        arb_sub_ui(t, res.value, 1, 128);
        tap_ok(res.status == LP_OK && arb_is_positive(t) && arf_cmpabs_2exp_si(arb_midref(t), -60) < 0,
               "[biswas/B.2/derived] gauss proof at R=1e-20 is 1 + O(R): p=5, C-1 = %.3g", mid_d(t));
        lp_result_clear(&res);
        arb_clear(t);
    }
}

/* Certified containment: the arb ball contains the MPFR value computed at far
 * higher precision (1200 bits, whose own error is negligible at 30 digits). */
static void
test_containment(void)
{
    static const uint64_t ps[] = { 1, 3, 17, 300, 2000 };
    static const char *const forms[] = { "printed", "proof" };
    for (size_t f = 0; f < 2; f++)
        for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) {
            lp_params par = gauss_params(ps[i], "0.7", "1.3");
            lp_result a, m;
            lp_result_init(&a);
            lp_result_init(&m);
            eval_form(&a, "gauss", forms[f], LP_ARB, &par, 30);
            lp_evaluate(&m, lp_form_find("gauss", forms[f]), LP_MPFR, &par, 30, 1200);
            tap_ok(a.status == LP_OK && m.status == LP_OK && arb_contains(a.value, m.value),
                   "gauss %s: arb ball (30 digits) contains MPFR at 1200 bits: p=%llu",
                   forms[f], (unsigned long long) ps[i]);
            lp_result_clear(&a);
            lp_result_clear(&m);
        }
}

/* Steiner's formula (intrinsic volumes; our derivation) against the proof's
 * quadrature: equal at every p if the derivation is right. */
static void
test_steiner(void)
{
    static const uint64_t ps[] = { 1, 2, 3, 8, 100, 13700, 4900000, 134000000, 2147483647 };
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++)
        for (size_t j = 0; j < 4; j++) {
            lp_params par = gauss_params(ps[i], sigmas[j], radii[j]);
            lp_result st, pf;
            lp_result_init(&st);
            lp_result_init(&pf);
            eval_form(&st, "gauss", "steiner", LP_ARB, &par, 30);
            eval_form(&pf, "gauss", "proof", LP_ARB, &par, 30);
            lp_mut_arb("biswas/B.2/derived biswas/B.2/spherical", st.value, 256);
            tap_ok(st.status == LP_OK && st.digits >= 30 && arb_overlaps(st.value, pf.value),
                   "[biswas/B.2/derived] [biswas/B.2/spherical] "
                   "gauss steiner (intrinsic volumes) = proof (quadrature) to 30 digits: p=%llu sigma=%s R=%s",
                   (unsigned long long) ps[i], sigmas[j], radii[j]);
            lp_result_clear(&st);
            lp_result_clear(&pf);
        }
}

int
main(void)
{
    test_steiner();
    test_proof_against_recurrence();
    test_printed_is_twice_the_shell();
    test_printed_equals_proof();
    test_special_values();
    test_containment();
    flint_cleanup();
    return tap_done();
}
