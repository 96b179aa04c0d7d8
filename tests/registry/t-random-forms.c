/* t-random-forms.c -- every certified evaluator on random inputs, in the
 * manner of Arb's t-*.c: for each mechanism of the registry, random parameters
 * drawn from its descriptors (p from 1 to 2^31 - 1 on a log scale, decimals
 * over four to six decades, zeros included) at random precisions (5 to 80
 * digits), and the forms held against each other and against independent
 * routes computed here in ball arithmetic:
 *   gauss      printed = 2 proof - ball term (the printed shell term is twice
 *              the proof's), and proof = steiner;
 *   vmf        printed = proof (equal as functions: A(S^(p-1)) / C_{p,kappa}
 *              simplifies to the printed expression);
 *   laplace-l1 derived = e^x Q(p+1, x), x = R/b, Q Arb's regularized upper
 *              incomplete gamma (the partial exponential sum);
 *   gauss-layers product = the product over layers of gauss proof.
 * Each arb result must be ok, certify the digits asked for, and overlap the
 * other route.  On failure the input is printed in full (the exact decimals)
 * with both balls.  Iterations: LEAKPROOF_TEST_MULTIPLIER times a few per
 * mechanism (seconds in all); LEAKPROOF_TEST_SEED repeats a run. */
#include <string.h>
#include "tap.h"
#include "helpers.h"

typedef struct {
    long runs, failures;
} tally;

static int
eval_arb(lp_result *res, const char *mechanism, const char *form, const lp_params *par,
         slong digits)
{
    lp_result_init(res);
    lp_evaluate(res, lp_form_find(mechanism, form), LP_ARB, par, digits, 0);
    return res->status == LP_OK && res->certified && res->digits >= digits;
}

static void
report(tally *t, int ok, const char *what, const char *mechanism, const lp_params *par,
       const random_texts *txt, unsigned params, slong digits, const arb_t a, const arb_t b)
{
    t->runs++;
    if (ok)
        return;
    if (++t->failures > 5)
        return;
    printf("# FAILED: %s at %ld digits\n", what, (long) digits);
    print_params(mechanism, par, txt, params);
    if (a != NULL && b != NULL) {
        print_ball_decimal("first ", a);
        print_ball_decimal("second", b);
    }
}

/* R^p / (G(p/2+1) 2^(p/2) sigma^p): the ball's volume times the density's
 * normaliser, the term printed and proof share. */
static void
gauss_ball_term(arb_t b, const lp_params *par, slong prec)
{
    arb_t s, t;
    arb_init(s);
    arb_init(t);
    lp_decimal_arb(b, par->radius, prec);
    lp_decimal_arb(s, par->sigma, prec);
    arb_div(b, b, s, prec);
    arb_pow_ui(b, b, par->p, prec);
    arb_set_ui(t, par->p);
    arb_mul_2exp_si(t, t, -1);
    arb_add_ui(s, t, 1, prec);
    arb_gamma(s, s, prec);
    arb_div(b, b, s, prec);
    arb_set_ui(s, 2);
    arb_pow(t, s, t, prec);
    arb_div(b, b, t, prec);
    arb_clear(s);
    arb_clear(t);
}

static void
check_gauss(tally *t, flint_rand_t state, slong digits)
{
    const lp_form *f = lp_form_find("gauss", "printed");
    lp_params par;
    random_texts txt;
    lp_result printed, proof, steiner;
    arb_t rel;
    slong prec = (slong) (digits * 3.33) + 64;
    int ok;
    if (random_params(&par, &txt, f, state, LP_P_MAX) != 0) {
        report(t, 0, "random parameters refused", "gauss", &par, &txt, f->params, digits, NULL, NULL);
        return;
    }
    arb_init(rel);
    ok = eval_arb(&printed, "gauss", "printed", &par, digits);
    ok &= eval_arb(&proof, "gauss", "proof", &par, digits);
    ok &= eval_arb(&steiner, "gauss", "steiner", &par, digits);
    report(t, ok, "gauss printed, proof, steiner ok with the digits asked", "gauss", &par, &txt,
           f->params, digits, printed.value, proof.value);
    gauss_ball_term(rel, &par, prec);
    arb_neg(rel, rel);
    arb_addmul_ui(rel, proof.value, 2, prec);
    report(t, arb_overlaps(printed.value, rel), "gauss printed = 2 proof - ball term", "gauss",
           &par, &txt, f->params, digits, printed.value, rel);
    report(t, arb_overlaps(proof.value, steiner.value), "gauss proof = steiner", "gauss", &par,
           &txt, f->params, digits, proof.value, steiner.value);
    lp_result_clear(&printed);
    lp_result_clear(&proof);
    lp_result_clear(&steiner);
    arb_clear(rel);
    lp_params_clear(&par);
}

static void
check_vmf(tally *t, flint_rand_t state, slong digits)
{
    const lp_form *f = lp_form_find("vmf", "printed");
    lp_params par;
    random_texts txt;
    lp_result printed, proof;
    int ok;
    if (random_params(&par, &txt, f, state, LP_P_MAX) != 0) {
        report(t, 0, "random parameters refused", "vmf", &par, &txt, f->params, digits, NULL, NULL);
        return;
    }
    ok = eval_arb(&printed, "vmf", "printed", &par, digits);
    ok &= eval_arb(&proof, "vmf", "proof", &par, digits);
    report(t, ok, "vmf printed, proof ok with the digits asked", "vmf", &par, &txt, f->params,
           digits, printed.value, proof.value);
    report(t, arb_overlaps(printed.value, proof.value), "vmf printed = proof", "vmf", &par, &txt,
           f->params, digits, printed.value, proof.value);
    lp_result_clear(&printed);
    lp_result_clear(&proof);
    lp_params_clear(&par);
}

static void
check_laplace(tally *t, flint_rand_t state, slong digits)
{
    const lp_form *f = lp_form_find("laplace-l1", "derived");
    lp_params par;
    random_texts txt;
    lp_result derived;
    arb_t x, s, ref;
    slong prec = (slong) (digits * 3.33) + 64;
    int ok;
    if (random_params(&par, &txt, f, state, LP_P_MAX) != 0) {
        report(t, 0, "random parameters refused", "laplace-l1", &par, &txt, f->params, digits,
               NULL, NULL);
        return;
    }
    arb_init(x); arb_init(s); arb_init(ref);
    ok = eval_arb(&derived, "laplace-l1", "derived", &par, digits);
    /* sum_{j<=p} x^j/j! = e^x Q(p+1, x); at large p and x the precision
       doubles until the reference is as good as the result */
    lp_decimal_arb(x, par.radius, prec);
    lp_decimal_arb(s, par.b, prec);
    arb_div(x, x, s, prec);
    for (int k = 0; k < 5; k++, prec *= 2) {
        arb_set_ui(s, par.p + 1);
        arb_hypgeom_gamma_upper(ref, s, x, 1, prec);
        arb_exp(s, x, prec);
        arb_mul(ref, ref, s, prec);
        if (arb_rel_accuracy_bits(ref) > digits * 3.33)
            break;
        lp_decimal_arb(x, par.radius, 2 * prec);
        lp_decimal_arb(s, par.b, 2 * prec);
        arb_div(x, x, s, 2 * prec);
    }
    report(t, ok, "laplace-l1 derived ok with the digits asked", "laplace-l1", &par, &txt,
           f->params, digits, derived.value, ref);
    report(t, arb_overlaps(derived.value, ref), "laplace-l1 derived = e^x Q(p+1, x)",
           "laplace-l1", &par, &txt, f->params, digits, derived.value, ref);
    lp_result_clear(&derived);
    arb_clear(x); arb_clear(s); arb_clear(ref);
    lp_params_clear(&par);
}

static void
check_layers(tally *t, flint_rand_t state, slong digits)
{
    const lp_form *f = lp_form_find("gauss-layers", "product");
    lp_params par;
    random_texts txt;
    lp_result product;
    arb_t ref;
    slong prec = (slong) (digits * 3.33) + 64;
    int ok;
    if (random_params(&par, &txt, f, state, LP_P_MAX) != 0) {
        report(t, 0, "random parameters refused", "gauss-layers", &par, &txt, f->params, digits,
               NULL, NULL);
        return;
    }
    arb_init(ref);
    ok = eval_arb(&product, "gauss-layers", "product", &par, digits);
    arb_one(ref);
    for (size_t l = 0; l < par.nlayers; l++) {
        lp_params one;
        lp_result r;
        char err[200], p[32];
        lp_params_init(&one);
        snprintf(p, sizeof p, "%llu", (unsigned long long) par.layers[l]);
        lp_params_set(&one, LP_PARAM_ID_P, p, err, sizeof err);
        lp_params_set(&one, LP_PARAM_ID_SIGMA, par.sigma, err, sizeof err);
        lp_params_set(&one, LP_PARAM_ID_RADIUS, par.clip, err, sizeof err);
        ok &= eval_arb(&r, "gauss", "proof", &one, digits + 5);
        arb_mul(ref, ref, r.value, prec);
        lp_result_clear(&r);
        lp_params_clear(&one);
    }
    report(t, ok, "gauss-layers product and each layer's gauss proof ok", "gauss-layers", &par,
           &txt, f->params, digits, product.value, ref);
    report(t, arb_overlaps(product.value, ref), "gauss-layers product = prod of gauss proof",
           "gauss-layers", &par, &txt, f->params, digits, product.value, ref);
    lp_result_clear(&product);
    arb_clear(ref);
    lp_params_clear(&par);
}

int
main(void)
{
    static const struct {
        const char *mechanism;
        void (*check)(tally *, flint_rand_t, slong);
        long iterations;
    } mechanisms[] = {
        { "gauss", check_gauss, 12 },
        { "vmf", check_vmf, 20 },
        { "laplace-l1", check_laplace, 20 },
        { "gauss-layers", check_layers, 6 },
    };
    flint_rand_t state;
    test_rand_init(state);
    /* every mechanism of the registry has its randomized check here */
    for (size_t i = 0; i < lp_nmechanisms; i++) {
        int found = 0;
        for (size_t j = 0; j < sizeof mechanisms / sizeof mechanisms[0]; j++)
            found |= strcmp(lp_mechanisms[i].name, mechanisms[j].mechanism) == 0;
        tap_ok(found, "mechanism %s has a randomized check", lp_mechanisms[i].name);
    }
    for (size_t j = 0; j < sizeof mechanisms / sizeof mechanisms[0]; j++) {
        tally t = { 0, 0 };
        long n = test_iterations(mechanisms[j].iterations);
        for (long it = 0; it < n; it++)
            mechanisms[j].check(&t, state, 5 + (slong) n_randint(state, 76));
        tap_ok(t.failures == 0 && t.runs > 0, "%s: %ld random inputs, %ld checks, %ld failures",
               mechanisms[j].mechanism, n, t.runs, t.failures);
    }
    flint_randclear(state);
    flint_cleanup();
    return tap_done();
}
