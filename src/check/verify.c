/* verify.c -- pairing the registry with the Monte Carlo arbiter.  Contract in
 * verify.h. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check/verify.h"
#include "core/decimal_ops.h"

static const char *const outcome_name[] = { "pass", "fail", "finding", "skip", "refused" };

/* Why a check is not judged (lp_check.why; the TAP line's # SKIP reason and
 * the row's key not_judged).  An error that is infinite or NaN bounds
 * nothing: a z of 0 from it is no evidence of agreement. */
#define LP_WHY_ESS ": ESS/N below the threshold, the arbiter refuses to judge this case"
#define LP_WHY_ERROR ": the uncertainty is infinite or NaN, not judged"
#define LP_WHY_BRACKET ": a bracket end is not finite, not judged"

/* The case's parameters as given in the file, into a check's row. */
static void
case_fields(lp_record *row, const lp_case *c, const lp_params *par)
{
    lp_record_text(row, "file", c->file);
    lp_record_int(row, "line", c->line);
    lp_record_text(row, "mechanism", c->mech->name);
    if (par->nlayers) {
        int64_t layers[LP_MC_P_MAX];
        for (size_t l = 0; l < par->nlayers && l < LP_MC_P_MAX; l++)
            layers[l] = (int64_t) par->layers[l];
        lp_record_ints(row, "layers", layers, par->nlayers);
    } else {
        lp_record_int(row, "p", (int64_t) c->p);
    }
    for (int id = 0; id < LP_NPARAMS; id++)
        if (id != LP_PARAM_ID_P && id != LP_PARAM_ID_LAYERS && (c->mech->params & (1u << id)))
            lp_record_text(row, lp_param_specs[id].name, c->text[id]);
}

static lp_check *
add(lp_check **checks, size_t *n, lp_record *rec, lp_check_kind kind, const lp_case *c,
    const lp_params *par, const char *check, const char *fmt, ...)
{
    va_list ap;
    lp_check *k;
    *checks = realloc(*checks, (*n + 1) * sizeof **checks);
    if (*checks == NULL)
        abort();
    k = &(*checks)[(*n)++];
    memset(k, 0, sizeof *k);
    k->kind = kind;
    k->c = c;
    k->quad_rel = NAN;
    va_start(ap, fmt);
    vsnprintf(k->text, sizeof k->text, fmt, ap);
    va_end(ap);
    if (rec != NULL) {
        k->row = lp_record_append(rec, "checks");
        case_fields(k->row, c, par);
        lp_record_text(k->row, "check", check);
        lp_record_text(k->row, "outcome", outcome_name[kind]);
    }
    return k;
}

/* Records why check k is not judged, when it is not (its row's key
 * not_judged, the reason without its leading ": "). */
static void
set_why(lp_check *k, const char *why)
{
    k->why = why;
    if (k->kind == LP_CHECK_REFUSED && k->row)
        lp_record_text(k->row, "not_judged", why + 2);
}

/* The arbiter's numbers, into a check's row. */
static void
estimate_fields(lp_record *row, const lp_mc_result *mc, double se)
{
    if (row == NULL)
        return;
    lp_record_double(row, "estimate", mc->estimate);
    lp_record_double(row, "std_error", se);
    lp_record_double(row, "ess", mc->ess);
    lp_record_int(row, "samples", (int64_t) mc->samples);
    lp_record_int(row, "seed", (int64_t) mc->seed);
}

/* A form's value against the estimate, into the check and its row. */
static void
form_fields(lp_check *k, const lp_form *form, lp_method method, lp_status status, int certified,
            const arb_t value, const lp_mc_result *mc, double se, double z)
{
    k->form = form;
    k->method = method;
    k->value = arf_get_d(arb_midref(value), ARF_RND_NEAR);
    k->z = z;
    k->ratio = k->value / mc->estimate;
    k->ratio_u = k->ratio * se / mc->estimate;
    if (k->row == NULL)
        return;
    lp_record_text(k->row, "form", form->form);
    lp_record_text(k->row, "method", lp_method_name(method));
    lp_record_text(k->row, "status", lp_status_name(status));
    if (certified)
        lp_record_ball(k->row, "value", value, 10);
    else
        lp_record_double(k->row, "value", k->value);
    estimate_fields(k->row, mc, se);
    lp_record_double(k->row, "ratio", k->ratio);
    lp_record_double(k->row, "ratio_std_error", k->ratio_u);
    lp_record_double(k->row, "z", z);
}

/* The claim of the ledger (cases/claims/biswas.claims) that a form's certified value held
 * against the arbiter judges: its TAP line starts with the id, so the ledger's verdict counts
 * the arbiter's (t-verify.sh carries these lines).  Other forms are ours, not a paper's. */
static const char *
form_claim(const lp_form *form)
{
    static const struct { const char *formula, *form, *claim; } claims[] = {
        { "gauss", "printed", "biswas/thm-III.1" }, { "gauss", "proof", "biswas/B.2/derived" },
        { "vmf", "printed", "biswas/thm-IV.1" }, { "vmf", "proof", "biswas/B.3/result" } };
    for (size_t i = 0; i < sizeof claims / sizeof claims[0]; i++)
        if (strcmp(form->formula, claims[i].formula) == 0 && strcmp(form->form, claims[i].form) == 0)
            return claims[i].claim;
    return NULL;
}

/* "p=3 sigma=1 radius=1": the case's parameters in the registry's order. */
static void
describe(char *buf, size_t len, const lp_case *c)
{
    size_t k = 0;
    buf[0] = '\0';
    for (int id = 0; id < LP_NPARAMS && k < len; id++)
        if (c->mech->params & (1u << id))
            k += (size_t) snprintf(buf + k, len - k, "%s%s=%.40s", k ? " " : "", lp_param_specs[id].name,
                                   c->text[id]);
}

/* The laplace-l1 capacity (arb) of the case's p and b at the radius text r:
 * 0 and out set, or -1. */
static int
laplace_l1_at(arb_t out, const lp_params *par, const char *r)
{
    lp_params at = *par;
    lp_result res;
    char err[200];
    int rc = -1;
    if (lp_params_set(&at, LP_PARAM_ID_RADIUS, r, err, sizeof err) != 0)
        return -1;
    lp_result_init(&res);
    if (lp_evaluate(&res, lp_form_find("laplace-l1", "derived"), LP_ARB, &at, 20, 0) == LP_OK) {
        arb_set(out, res.value);
        rc = 0;
    }
    lp_result_clear(&res);
    return rc;
}

int
lp_verify_case(lp_record *rec, lp_check **checks, size_t *n, const lp_case *c, int threads)
{
    lp_mechanism mech;
    lp_mc_options opt = { 0 };
    lp_mc_result mc;
    lp_params par;
    char where[400], ess[64], err[300];
    double se, quad_capacity = NAN;
    int judged;
    const char *why;
    lp_check *k;

    describe(where, sizeof where, c);
    lp_params_init(&par);
    if (lp_case_params(&par, c, err, sizeof err) != 0 || c->mech->mc_make(&mech, &par) != 0) {
        add(checks, n, rec, LP_CHECK_FAIL, c, &par, "estimate", "%s:%d: %s %s: the mechanism cannot be set up",
            c->file, c->line, c->mech->name, where);
        lp_params_clear(&par);
        return -1;
    }
    opt.samples = c->samples;
    opt.seed = c->seed;
    opt.threads = threads;
    opt.sup_checks = 1000;
    if (lp_mc_estimate(&mc, &mech, &opt) != 0) {
        add(checks, n, rec, LP_CHECK_FAIL, c, &par, "estimate", "%s:%d: %s %s: the Monte Carlo run failed "
            "(out of memory)", c->file, c->line, c->mech->name, where);
        lp_params_clear(&par);
        return -1;
    }
    /* the estimate's uncertainty: sampling and the doubles' rounding (vmf:
     * the normaliser is sampled too, so no quadrature enters) */
    se = hypot(mc.std_error, mc.rounding_error);
    judged = mc.ess >= LP_ESS_MIN_FRACTION * (double) mc.samples && isfinite(se) && isfinite(mc.estimate);
    why = mc.ess < LP_ESS_MIN_FRACTION * (double) mc.samples ? LP_WHY_ESS : LP_WHY_ERROR;
    snprintf(ess, sizeof ess, "ESS %.3g of %llu", mc.ess, (unsigned long long) mc.samples);

    k = add(checks, n, rec, judged ? LP_CHECK_PASS : LP_CHECK_REFUSED, c, &par, "estimate",
            "%s %s: Monte Carlo %.10g +- %.3g (%s, seed %llu)%s", c->mech->name, where,
            mc.estimate, se, ess, (unsigned long long) mc.seed,
            judged ? "" : why);
    set_why(k, why);
    estimate_fields(k->row, &mc, se);
    if (mc.sup_gap > 1e-9)
        k = add(checks, n, rec, LP_CHECK_FINDING, c, &par, "maximiser",
                "%s %s: the proofs' maximiser attains sup_x f(x)(y): a numerical maximiser did "
                "better by a factor 1 + %.3g on %llu checked outputs", c->mech->name, where,
                mc.sup_gap, (unsigned long long) mc.sup_checked);
    else
        k = add(checks, n, rec, LP_CHECK_PASS, c, &par, "maximiser",
                "%s %s: the proofs' maximiser attains sup_x f(x)(y) (largest numerical gain %.2g "
                "on %llu outputs)", c->mech->name, where, mc.sup_gap, (unsigned long long) mc.sup_checked);
    if (k->row) {
        lp_record_double(k->row, "sup_gap", mc.sup_gap);
        lp_record_int(k->row, "sup_checked", (int64_t) mc.sup_checked);
    }
    if (mech.path == LP_MC_VMF_NORMALISER) {
        /* vmf: the quadrature is a separate check of the normaliser, and the
         * capacity A(S^{p-1}) e^kappa / C it gives, for the forms' lines */
        double u = hypot(mc.log_norm_mc_se, mc.log_norm_quad_err);
        double z = (mc.log_norm_mc - mc.log_norm_quad) / u;
        int normaliser_judged = judged && isfinite(u) && isfinite(z);
        k = add(checks, n, rec, !normaliser_judged ? LP_CHECK_REFUSED : fabs(z) <= LP_Z_MAX ? LP_CHECK_PASS
                : LP_CHECK_FAIL, c, &par, "normaliser", "%s %s: log C_{p,kappa} by Monte Carlo %.12g +- %.2g (%s) vs the "
                "quadrature check %.12g (+- %.2g): z = %.2f", c->mech->name, where, mc.log_norm_mc,
                mc.log_norm_mc_se, ess, mc.log_norm_quad, mc.log_norm_quad_err, z);
        set_why(k, !judged ? why : LP_WHY_ERROR);
        if (k->row) {
            lp_record *o = lp_record_object(k->row, "log_normaliser");
            lp_record_double(o, "estimate", mc.log_norm_mc);
            lp_record_double(o, "std_error", mc.log_norm_mc_se);
            lp_record_double(o, "quadrature", mc.log_norm_quad);
            lp_record_double(o, "quadrature_error", mc.log_norm_quad_err);
            lp_record_double(o, "z", z);
        }
        quad_capacity = mc.estimate * exp(mc.log_norm_mc - mc.log_norm_quad);
    }

    if (c->mech == &lp_laplace_l2_spec) {
        /* l1 ball of R inside the l2 ball of R inside the l1 ball of R sqrt(p):
         * the capacity is bracketed by the derived l1 sums */
        arb_t lo, hi, r;
        char *rs;
        double vlo = NAN, vhi = NAN;
        arb_init(lo); arb_init(hi); arb_init(r);
        lp_decimal_arb(r, c->text[LP_PARAM_ID_RADIUS], 256);
        arb_sqrt_ui(hi, c->p, 256);
        arb_mul(r, r, hi, 256);
        {   /* a decimal at or above R sqrt(p): its l1 ball still holds the l2 ball */
            arf_t up;
            arf_init(up);
            arb_get_ubound_arf(up, r, 256);
            rs = lp_format_arf_directed(up, 40, 1);
            arf_clear(up);
        }
        if (laplace_l1_at(lo, &par, c->text[LP_PARAM_ID_RADIUS]) == 0 && rs && laplace_l1_at(hi, &par, rs) == 0) {
            vlo = arf_get_d(arb_midref(lo), ARF_RND_DOWN);
            vhi = arf_get_d(arb_midref(hi), ARF_RND_UP);
        }
        k = add(checks, n, rec, !judged || !isfinite(vlo) || !isfinite(vhi) ? LP_CHECK_REFUSED
                : mc.estimate >= vlo - LP_Z_MAX * se && mc.estimate <= vhi + LP_Z_MAX * se
                ? LP_CHECK_PASS : LP_CHECK_FAIL, c, &par, "bracket",
                "%s %s: Monte Carlo %.10g +- %.3g (%s) lies between the l1-ball capacities %.10g (R) and "
                "%.10g (R sqrt p)", c->mech->name, where, mc.estimate, se, ess, vlo, vhi);
        set_why(k, !judged ? why : LP_WHY_BRACKET);
        estimate_fields(k->row, &mc, se);
        if (k->row) {
            lp_record_ball(k->row, "lower", lo, 10);
            lp_record_ball(k->row, "upper", hi, 10);
        }
        flint_free(rs);
        arb_clear(lo); arb_clear(hi); arb_clear(r);
        lp_params_clear(&par);
        return 0;
    }
    for (size_t f = 0; f < lp_nforms; f++) {
        const lp_form *form = &lp_forms[f];
        if (strcmp(form->formula, c->mech->name) != 0)
            continue;
        for (int m = 0; m < LP_NMETHODS; m++) {
            lp_result res;
            if (form->method[m] == NULL)
                continue;               /* the registry has no such method */
            lp_result_init(&res);
            lp_evaluate(&res, form, (lp_method) m, &par, 20, 0);
            if (res.status != LP_OK) {
                k = add(checks, n, rec, LP_CHECK_SKIP, c, &par, "form", "%s %s %s %s: status %s, not compared",
                        form->formula, form->form, lp_method_name((lp_method) m), where,
                        lp_status_name(res.status));
                k->form = form;
                k->method = (lp_method) m;
                if (k->row) {
                    lp_record_text(k->row, "form", form->form);
                    lp_record_text(k->row, "method", lp_method_name((lp_method) m));
                    lp_record_text(k->row, "status", lp_status_name(res.status));
                }
            } else {
                double v = arf_get_d(arb_midref(res.value), ARF_RND_NEAR);
                double z = (v - mc.estimate) / se;
                double ratio = v / mc.estimate, u = ratio * se / mc.estimate;
                int form_judged = judged && isfinite(z) && isfinite(u);
                char quad[120] = "", tag[64] = "";
                if (m == LP_ARB && form_claim(form) != NULL)
                    snprintf(tag, sizeof tag, "[%s] ", form_claim(form));
                if (!isnan(quad_capacity))
                    snprintf(quad, sizeof quad, "; quadrature check: %.10g, relative difference %.2g",
                             quad_capacity, v / quad_capacity - 1);
                k = add(checks, n, rec, !form_judged ? LP_CHECK_REFUSED : fabs(z) <= LP_Z_MAX ? LP_CHECK_PASS
                        : LP_CHECK_FINDING, c, &par, "form",
                        "%s%s %s %s %s: %.10g vs Monte Carlo %.10g +- %.3g (%s): ratio %.5f +- %.5f, z = %.2f%s",
                        tag, form->formula, form->form, lp_method_name((lp_method) m), where, v,
                        mc.estimate, se, ess, ratio, u, z, quad);
                set_why(k, !judged ? why : LP_WHY_ERROR);
                form_fields(k, form, (lp_method) m, res.status, res.certified, res.value, &mc, se, z);
                k->quad_rel = isnan(quad_capacity) ? NAN : v / quad_capacity - 1;
                if (k->row && !isnan(quad_capacity))
                    lp_record_double(k->row, "quadrature_rel_difference", k->quad_rel);
            }
            lp_result_clear(&res);
        }
    }
    lp_params_clear(&par);
    return 0;
}
