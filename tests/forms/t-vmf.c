/* t-vmf.c -- the von Mises-Fisher forms (Theorem IV.1 printed, proof of B.3)
 * against each other, against closed forms at p = 1, 2, 3 computed by other
 * routes, at kappa -> 0, and against the MPFR power series of I_nu. */
#include <string.h>
#include "tap.h"
#include "helpers.h"
#include "mutant-arb.h"

static const char *const kappas[] = { "0.001", "0.5", "1", "10", "173", "1000" };
#define NKAPPA (sizeof kappas / sizeof kappas[0])

/* printed (Arb's I_nu and e^kappa) against proof (Arb's scaled I_nu) */
static void
test_printed_against_proof(void)
{
    static const uint64_t ps[] = { 1, 2, 3, 4, 5, 8, 100, 13700, 1000000, 2147483647 };
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++)
        for (size_t j = 0; j < NKAPPA; j++) {
            lp_params par = vmf_params(ps[i], kappas[j]);
            lp_result pr, pf;
            lp_result_init(&pr);
            lp_result_init(&pf);
            eval_form(&pr, "vmf", "printed", LP_ARB, &par, 30);
            eval_form(&pf, "vmf", "proof", LP_ARB, &par, 30);
            tap_ok(pr.status == LP_OK && pf.status == LP_OK && pr.digits >= 30 && pf.digits >= 30
                   && arb_overlaps(pr.value, pf.value),
                   "[biswas/thm-IV.1] [biswas/thm-B.3] [biswas/B.3/result] "
                   "vmf printed overlaps proof: p=%llu kappa=%s (%.17g)",
                   (unsigned long long) ps[i], kappas[j], mid_d(pr.value));
            lp_result_clear(&pr);
            lp_result_clear(&pf);
        }
}

/* I_0(k) = (1/pi) int_0^pi exp(k cos t) dt, by Arb's rigorous quadrature */
static int
i0_integrand(acb_ptr out, const acb_t t, void *param, slong order, slong prec)
{
    const arb_struct *k = param;
    acb_cos(out, t, prec);
    acb_mul_arb(out, out, k, prec);
    acb_exp(out, out, prec);
    return 0;
}

/* p = 1: S^0 = {-1, 1}, C = e^k / cosh k;  p = 2: C = e^k / I_0(k) with I_0 by
 * quadrature;  p = 3: C = k e^k / sinh k.  Each by a route without I_nu. */
static void
test_small_p_closed_forms(void)
{
    for (size_t j = 0; j < NKAPPA; j++) {
        arb_t k, c, t;
        acb_t a, b, integral;
        mag_t tol;
        acb_calc_integrate_opt_t opt;
        arb_init(k); arb_init(c); arb_init(t);
        acb_init(a); acb_init(b); acb_init(integral);
        mag_init(tol);
        lp_decimal_arb(k, kappas[j], 256);

        for (uint64_t p = 1; p <= 3; p++) {
            lp_params par = vmf_params(p, kappas[j]);
            lp_result res;
            lp_result_init(&res);
            eval_form(&res, "vmf", "printed", LP_ARB, &par, 30);
            arb_exp(c, k, 256);
            if (p == 1) {
                arb_cosh(t, k, 256);
                arb_div(c, c, t, 256);
            } else if (p == 2) {
                acb_zero(a);
                arb_const_pi(acb_realref(b), 256);
                mag_set_ui_2exp_si(tol, 1, -256);
                acb_calc_integrate_opt_init(opt);
                acb_calc_integrate(integral, i0_integrand, k, a, b, 256, tol, opt, 256);
                arb_const_pi(t, 256);
                arb_div(t, acb_realref(integral), t, 256);      /* I_0(k) */
                arb_div(c, c, t, 256);
            } else {
                arb_sinh(t, k, 256);
                arb_div(c, c, t, 256);
                arb_mul(c, c, k, 256);
            }
            lp_mut_arb("biswas/thm-IV.1 biswas/thm-B.3", c, 256);
            tap_ok(res.status == LP_OK && arb_overlaps(res.value, c),
                   "[biswas/thm-IV.1] [biswas/thm-B.3] vmf printed at p=%llu matches %s: kappa=%s",
                   (unsigned long long) p,
                   p == 1 ? "e^k/cosh k" : p == 2 ? "e^k/I_0(k), I_0 by quadrature" : "k e^k/sinh k",
                   kappas[j]);
            lp_result_clear(&res);
        }
        arb_clear(k); arb_clear(c); arb_clear(t);
        acb_clear(a); acb_clear(b); acb_clear(integral);
        mag_clear(tol);
    }
}

/* kappa -> 0: no concentration, no leakage: C -> 1 (C - 1 = O(kappa)) */
static void
test_kappa_to_zero(void)
{
    static const uint64_t ps[] = { 1, 2, 5, 13700, 2147483647 };
    static const char *const forms[] = { "printed", "proof" };
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++)
        for (size_t f = 0; f < 2; f++) {
            lp_params tiny = vmf_params(ps[i], "1e-30");
            lp_params zero = vmf_params(ps[i], "0");
            lp_result a, b;
            arb_t t;
            arb_init(t);
            lp_result_init(&a);
            lp_result_init(&b);
            eval_form(&a, "vmf", forms[f], LP_ARB, &tiny, 30);
            eval_form(&b, "vmf", forms[f], LP_ARB, &zero, 30);
            arb_sub_ui(t, a.value, 1, 128);
            tap_ok(a.status == LP_OK && arf_cmpabs_2exp_si(arb_midref(t), -90) < 0
                   && b.status == LP_OK && arb_is_one(b.value),
                   "vmf %s at kappa=1e-30 is 1 + O(kappa) and at kappa=0 is 1: p=%llu (C-1 = %.3g)",
                   forms[f], (unsigned long long) ps[i], mid_d(t));
            lp_result_clear(&a);
            lp_result_clear(&b);
            arb_clear(t);
        }
}

/* The arb ball contains the MPFR power-series value at 1200 bits. */
static void
test_containment(void)
{
    static const uint64_t ps[] = { 1, 2, 3, 10, 300, 13700 };
    static const char *const forms[] = { "printed", "proof" };
    for (size_t f = 0; f < 2; f++)
        for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++)
            for (size_t j = 0; j < NKAPPA; j++) {
                lp_params par = vmf_params(ps[i], kappas[j]);
                lp_result a, m;
                lp_result_init(&a);
                lp_result_init(&m);
                eval_form(&a, "vmf", forms[f], LP_ARB, &par, 30);
                lp_evaluate(&m, lp_form_find("vmf", forms[f]), LP_MPFR, &par, 30, 1200);
                tap_ok(a.status == LP_OK && m.status == LP_OK && arb_contains(a.value, m.value),
                       "vmf %s: arb ball contains the MPFR I_nu series at 1200 bits: p=%llu kappa=%s",
                       forms[f], (unsigned long long) ps[i], kappas[j]);
                lp_result_clear(&a);
                lp_result_clear(&m);
            }
}

/* The paper's experiment, p = 13,700 and kappa = 173: a value quoted in advance. */
static void
test_quoted_value(void)
{
    lp_params par = vmf_params(13700, "173");
    lp_result res;
    char *s;
    lp_result_init(&res);
    eval_form(&res, "vmf", "printed", LP_ARB, &par, 20);
    s = lp_format_value(&res, 20);
    tap_ok(s != NULL && strcmp(s, "4.5562089450064444502e+74") == 0,
           "vmf printed at p=13700 kappa=173 prints 4.5562089450064444502e+74 (got %s)", s ? s : "NULL");
    flint_free(s);
    lp_result_clear(&res);
}

int
main(void)
{
    test_printed_against_proof();
    test_small_p_closed_forms();
    test_kappa_to_zero();
    test_containment();
    test_quoted_value();
    flint_cleanup();
    return tap_done();
}
