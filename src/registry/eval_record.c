/* eval_record.c -- `leakproof eval` as a record.  Contracts in eval_record.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "registry/eval_record.h"
#include "core/decimal_ops.h"
#include "core/attacker.h"
#include "core/host.h"

void
lp_params_record(lp_record *rec, const lp_params *par, unsigned which)
{
    for (int id = 0; id < LP_NPARAMS; id++) {
        if (!(which & (1u << id)))
            continue;
        if (id == LP_PARAM_ID_P)
            lp_record_int(rec, "p", (int64_t) par->p);
        else if (id == LP_PARAM_ID_LAYERS) {
            lp_record_int(rec, "p", (int64_t) par->p);
            lp_record_ints(rec, "layers", (const int64_t *) par->layers, par->nlayers);
        } else
            lp_record_text(rec, lp_param_specs[id].name, lp_params_text(par, (lp_param_id) id));
    }
}

/* --compare: the certified reference (arb) beside the method's value, as
 * reference and reference_log10 with their bounds (null where arb gave no
 * certified value, or where there is no reference: the method is arb). */
static void
reference_fields(lp_record *rec, const lp_result *ref, int have)
{
    slong printed = 0;
    if (have && ref->status == LP_OK && ref->certified)
        printed = lp_record_ball(rec, "reference", ref->value, 17);
    else {
        lp_record_null(rec, "reference");
        lp_record_null(rec, "reference_rel_error_bound");
    }
    if (printed > 0 && arb_is_positive(ref->value)) {
        slong lprec = FLINT_MIN(arb_rel_accuracy_bits(ref->value), 4 * 17) + 64
                      + fmpz_bits(ARF_EXPREF(arb_midref(ref->value)));
        arb_t l, ten;
        arb_init(l);
        arb_init(ten);
        arb_log(l, ref->value, lprec);
        arb_set_ui(ten, 10);
        arb_log(ten, ten, lprec);
        arb_div(l, l, ten, lprec);
        lp_record_ball_abs(rec, "reference_log10", l, printed);
        arb_clear(l);
        arb_clear(ten);
    } else {
        lp_record_null(rec, "reference_log10");
        lp_record_null(rec, "reference_log10_abs_error_bound");
    }
}

int
lp_eval_record(lp_record *rec, const lp_form *form, lp_method method,
               const lp_params *par, slong digits, slong prec, int compare)
{
    lp_result res, ref;
    int rc = 0;
    const char *status;

    lp_result_init(&res);
    lp_result_init(&ref);
    lp_evaluate(&res, form, method, par, digits, prec);
    status = lp_status_name(res.status);

    lp_record_text(rec, "command", "eval");
    lp_record_text(rec, "mechanism", form->formula);
    lp_record_text(rec, "form", form->form);
    lp_record_text(rec, "method", lp_method_name(method));
    lp_params_record(rec, par, form->params);
    if (res.status == LP_OK && res.certified) {
        slong printed = lp_record_ball(rec, "value", res.value, digits);
        arb_t l;
        arb_init(l);
        if (printed > 0 && arb_is_positive(res.value)) {
            slong lprec = FLINT_MIN(arb_rel_accuracy_bits(res.value), 4 * digits) + 64
                          + fmpz_bits(ARF_EXPREF(arb_midref(res.value)));
            arb_log(l, res.value, lprec);
            {
                arb_t ten;
                arb_init(ten);
                arb_set_ui(ten, 10);
                arb_log(ten, ten, lprec);
                arb_div(l, l, ten, lprec);
                arb_clear(ten);
            }
            lp_record_ball_abs(rec, "log10", l, printed);
            /* what the capacity means for an exact-reconstruction attacker */
            lp_attacker_record_capacity(rec, res.value, lprec);
        } else {
            lp_record_null(rec, "log10");
            lp_record_null(rec, "log10_abs_error_bound");
            lp_attacker_absent(rec, "no bound on an attacker: the capacity was not certified to a "
                               "positive value at these digits");
        }
        arb_clear(l);
        lp_record_bool(rec, "certified", 1);
        if (printed == 0) {
            status = "uncertified";
            lp_record_null(rec, "digits");
            rc = 3;
        } else {
            lp_record_int(rec, "digits", printed);
        }
    } else if (res.status == LP_OK || res.status == LP_INACCURATE) {
        /* a method's point value: its digits, no bound (inaccurate: the
           method saw it lose accuracy, and says so by its status) */
        slong d = FLINT_MIN(res.digits, digits);
        char *v = lp_ball_decimal(res.value, d), *l10 = NULL, basis[80];
        double log2c = NAN;
        if (arb_is_positive(res.value)) {
            arb_t l;
            arb_init(l);
            arb_log(l, res.value, 128 + fmpz_bits(ARF_EXPREF(arb_midref(res.value))));
            {
                arb_t ten;
                arb_init(ten);
                arb_set_ui(ten, 10);
                arb_log(ten, ten, 128);
                arb_div(l, l, ten, 128);
                arb_clear(ten);
            }
            l10 = lp_ball_decimal_fixed(l, d);
            log2c = arf_get_d(arb_midref(l), ARF_RND_NEAR) / log10(2.0);
            arb_clear(l);
        }
        lp_record_text(rec, "value", v);
        lp_record_null(rec, "rel_error_bound");
        lp_record_text(rec, "log10", l10);
        lp_record_null(rec, "log10_abs_error_bound");
        /* a point value bounds nothing for certain: the keys from it, said
           to be not certified (status inaccurate: the method saw it drift) */
        lp_snprintf(basis, sizeof basis, "method %s's point value%s", lp_method_name(method),
                 res.status == LP_INACCURATE ? ", which it saw lose accuracy" : "");
        if (arb_is_positive(res.value))
            lp_attacker_record_uncertified(rec, log2c, basis);
        else
            lp_attacker_absent(rec, "no bound on an attacker: the method's value is not a positive "
                               "capacity");
        lp_record_bool(rec, "certified", 0);
        lp_record_int(rec, "digits", d);
        free(v);
        free(l10);
    } else {
        lp_record_null(rec, "value");
        lp_record_null(rec, "rel_error_bound");
        lp_record_null(rec, "log10");
        lp_record_null(rec, "log10_abs_error_bound");
        {
            char why[120];
            lp_snprintf(why, sizeof why, "no bound on an attacker: method %s gave no capacity (status %s)",
                        lp_method_name(method), status);
            lp_attacker_absent(rec, why);
        }
        lp_record_bool(rec, "certified", 0);
        lp_record_null(rec, "digits");
        rc = 1;
    }
    if (compare) {
        double e = -1;
        /* the method's tolerance: half its digits (LP_INACCURATE_TOL for
           doubles, 2^-(prec/2) for mpfr) */
        double tol = method == LP_MPFR ? ldexp(1.0, -(int) (res.prec / 2)) : LP_INACCURATE_TOL;
        if (method != LP_ARB) {
            /* the reference at more digits than the method carries, so that
               its radius does not pass for the method's error; evaluated
               also where the method gave no value (overflow), since the
               reference is what comparing shows */
            lp_evaluate(&ref, form, LP_ARB, par, FLINT_MAX(20, res.digits + 5), 0);
            if (res.status == LP_OK || res.status == LP_INACCURATE)
                e = lp_rel_error(&res, &ref);
        }
        reference_fields(rec, &ref, method != LP_ARB);
        if (e >= 0) {
            lp_record_double(rec, "rel_error", e);
            /* measured: the status follows the error against the tolerance */
            status = e > tol ? "inaccurate" : "ok";
        } else {
            lp_record_null(rec, "rel_error");
        }
        lp_record_double(rec, "tolerance", tol);
    }
    lp_record_text(rec, "status", status);
    lp_record_int(rec, "prec_bits", res.prec);
    lp_record_text(rec, "note", res.note[0] ? res.note : NULL);
    lp_record_text(rec, "source", form->source);
    lp_result_clear(&res);
    lp_result_clear(&ref);
    return rc;
}

/* log10 of C_gauss(form) at p, sigma and an exact decimal radius, as a ball
 * (indeterminate when the evaluation fails). */
static void
gauss_log10(arb_t out, const char *form, uint64_t p, const char *sigma, const char *radius,
            slong digits)
{
    lp_params par;
    lp_result r;
    char err[200];
    lp_params_init(&par);
    par.p = p;
    arb_indeterminate(out);
    if (lp_params_set(&par, LP_PARAM_ID_SIGMA, sigma, err, sizeof err) != 0
        || lp_params_set(&par, LP_PARAM_ID_RADIUS, radius, err, sizeof err) != 0)
        return;
    lp_result_init(&r);
    if (lp_evaluate(&r, lp_form_find("gauss", form), LP_ARB, &par, digits, 0) == LP_OK
        && arb_is_positive(r.value)) {
        slong prec = 4 * digits + 64 + fmpz_bits(ARF_EXPREF(arb_midref(r.value)));
        arb_t ten;
        arb_init(ten);
        arb_log(out, r.value, prec);
        arb_set_ui(ten, 10);
        arb_log(ten, ten, prec);
        arb_div(out, out, ten, prec);
        arb_clear(ten);
    }
    lp_result_clear(&r);
    lp_params_clear(&par);
}

void
lp_gauss_layers_compare(lp_record *rec, const lp_params *par, slong decimals)
{
    lp_record *c = lp_record_object(rec, "compare_whole_vector");
    char count[32], *r_lc;
    slong digits = decimals + 12;
    arb_t l, hi, root;
    arf_t lo_r, hi_r;
    char *lo_s, *hi_s;

    arb_init(l);
    arb_init(hi);
    arb_init(root);
    arf_init(lo_r);
    arf_init(hi_r);
    snprintf(count, sizeof count, "%zu", par->nlayers);
    r_lc = lp_decimal_mul(count, par->clip);
    gauss_log10(l, "printed", par->p, par->sigma, r_lc, digits);
    lp_record_ball_abs(c, "log10_printed_radius_l_clip", l, decimals);
    gauss_log10(l, "proof", par->p, par->sigma, r_lc, digits);
    lp_record_ball_abs(c, "log10_proof_radius_l_clip", l, decimals);

    /* R = clip sqrt(L): between decimal radii just below and above */
    lp_decimal_arb(root, par->clip, 4 * digits + 64);
    arb_sqrt_ui(hi, par->nlayers, 4 * digits + 64);
    arb_mul(root, root, hi, 4 * digits + 64);
    arb_get_lbound_arf(lo_r, root, 4 * digits + 64);
    arb_get_ubound_arf(hi_r, root, 4 * digits + 64);
    if (arf_sgn(lo_r) < 0)
        arf_zero(lo_r);
    lo_s = lp_decimal_from_arf(lo_r);
    hi_s = lp_decimal_from_arf(hi_r);
    gauss_log10(l, "proof", par->p, par->sigma, lo_s, digits);
    gauss_log10(hi, "proof", par->p, par->sigma, hi_s, digits);
    arb_union(l, l, hi, 4 * digits + 64);
    lp_record_ball_abs(c, "log10_proof_radius_clip_sqrt_l", l, decimals);

    gauss_log10(l, "proof", par->p, par->sigma, par->clip, digits);
    lp_record_ball_abs(c, "log10_proof_radius_clip", l, decimals);

    free(r_lc);
    free(lo_s);
    free(hi_s);
    arb_clear(l);
    arb_clear(hi);
    arb_clear(root);
    arf_clear(lo_r);
    arf_clear(hi_r);
}

int
lp_eval_ratio_record(lp_record *rec, const lp_form *form, const lp_params *par,
                     const char *spec, slong digits, char *err, size_t errlen)
{
    /* the denominator shares par's layers; it is never cleared */
    lp_params den = *par;
    const lp_form *other = form;
    char *items = strdup(spec), *save = NULL, *item;
    lp_result num, ref;
    int bad = 0;

    /* every comma-separated item is NAME=VALUE: an empty SPEC (or an empty
       item) would be the value's ratio to itself, 1, with no change asked */
    if (spec[0] == '\0' || spec[0] == ',' || spec[strlen(spec) - 1] == ',' || strstr(spec, ",,")) {
        snprintf(err, errlen, "'%s' has an empty item: give NAME=VALUE or form=F, comma-separated", spec);
        free(items);
        return 2;
    }
    for (item = strtok_r(items, ",", &save); item && !bad; item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '=');
        int id;
        if (eq == NULL) {
            snprintf(err, errlen, "'%s' is not NAME=VALUE", item);
            bad = 1;
            break;
        }
        *eq = 0;
        if (strcmp(item, "form") == 0) {
            if ((other = lp_form_find(form->formula, eq + 1)) == NULL) {
                snprintf(err, errlen, "%s has no form '%s'", form->formula, eq + 1);
                bad = 1;
            }
            continue;
        }
        id = lp_param_from_name(item);
        if (id < 0 || id == LP_PARAM_ID_LAYERS || !(form->params & (1u << id))) {
            snprintf(err, errlen, "%s takes no parameter '%s' here", form->formula, item);
            bad = 1;
        } else if (lp_params_set(&den, (lp_param_id) id, eq + 1, err, errlen) != 0) {
            bad = 1;
        }
    }
    if (bad) {
        free(items);
        return 2;
    }
    lp_result_init(&num);
    lp_result_init(&ref);
    lp_evaluate(&num, form, LP_ARB, par, digits, 0);
    lp_evaluate(&ref, other, LP_ARB, &den, digits, 0);
    lp_record_text(rec, "ratio_to", spec);
    if (num.status == LP_OK && num.certified && ref.status == LP_OK && ref.certified
        && !arb_contains_zero(ref.value)) {
        arb_t q;
        arb_init(q);
        arb_div(q, num.value, ref.value, 4 * digits + 64);
        lp_record_ball(rec, "ratio", q, digits);
        /* ratios beyond the double range (classical against analytic sigma) still plot */
        arb_log(q, q, 4 * digits + 64 + fmpz_bits(ARF_EXPREF(arb_midref(q))));
        {
            arb_t ten;
            arb_init(ten);
            arb_set_ui(ten, 10);
            arb_log(ten, ten, 4 * digits + 64);
            arb_div(q, q, ten, 4 * digits + 64);
            arb_clear(ten);
        }
        lp_record_ball_abs(rec, "log10_ratio", q, digits);
        arb_clear(q);
    } else {
        lp_record_null(rec, "ratio");
        lp_record_null(rec, "ratio_rel_error_bound");
        lp_record_null(rec, "log10_ratio");
        lp_record_null(rec, "log10_ratio_abs_error_bound");
    }
    lp_result_clear(&num);
    lp_result_clear(&ref);
    free(items);
    return 0;
}
