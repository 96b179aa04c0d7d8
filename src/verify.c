/* verify.c -- pairing the registry with the Monte Carlo arbiter.  Contract in
 * verify.h. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "verify.h"

static const char *const outcome_name[] = { "pass", "fail", "finding", "skip", "refused" };

/* The case's parameters as given in the file, into a check's row. */
static void
case_fields(lp_record *row, const lp_case *c)
{
    lp_record_text(row, "file", c->file);
    lp_record_int(row, "line", c->line);
    /* the registry's name; Laplace noise with l2 clipping has no closed form and
     * no registry row: laplace-l2, a mechanism of the arbiter's only */
    lp_record_text(row, "mechanism", strcmp(c->mechanism, "laplace") != 0 ? c->mechanism
                   : strcmp(c->clip, "l2") == 0 ? "laplace-l2" : "laplace-l1");
    if (strcmp(c->mechanism, "gauss-layers") == 0) {
        int64_t layers[64];
        for (int l = 0; l < c->nlayers; l++)
            layers[l] = c->layers[l];
        lp_record_ints(row, "layers", layers, (size_t) c->nlayers);
    } else {
        lp_record_int(row, "p", (int64_t) c->p);
    }
    if (c->sigma[0])
        lp_record_text(row, "sigma", c->sigma);
    if (c->radius[0])
        lp_record_text(row, "radius", c->radius);
    if (c->kappa[0])
        lp_record_text(row, "kappa", c->kappa);
    if (c->b[0])
        lp_record_text(row, "b", c->b);
    if (c->clip[0] && strcmp(c->mechanism, "gauss-layers") == 0)
        lp_record_text(row, "clip", c->clip);
}

static lp_check *
add(lp_check **checks, size_t *n, lp_record *rec, lp_check_kind kind, const lp_case *c,
    const char *check, const char *fmt, ...)
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
        case_fields(k->row, c);
        lp_record_text(k->row, "check", check);
        lp_record_text(k->row, "outcome", outcome_name[kind]);
    }
    return k;
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

static void
describe(char *buf, size_t len, const lp_case *c)
{
    if (strcmp(c->mechanism, "gauss") == 0)
        snprintf(buf, len, "p=%llu sigma=%s R=%s", (unsigned long long) c->p, c->sigma, c->radius);
    else if (strcmp(c->mechanism, "laplace") == 0)
        snprintf(buf, len, "p=%llu b=%.40s R=%.40s clip=%.3s", (unsigned long long) c->p, c->b, c->radius, c->clip);
    else if (strcmp(c->mechanism, "gauss-layers") == 0) {
        int k = snprintf(buf, len, "layers=");
        for (int l = 0; l < c->nlayers && k > 0 && (size_t) k < len; l++)
            k += snprintf(buf + k, len - k, "%s%d", l ? "," : "", c->layers[l]);
        if (k > 0 && (size_t) k < len)
            snprintf(buf + k, len - k, " sigma=%.40s clip=%.40s", c->sigma, c->clip);
    } else
        snprintf(buf, len, "p=%llu kappa=%s", (unsigned long long) c->p, c->kappa);
}

/* the arb value of laplace-l1 at radius text r (NAN if not ok) */
static double
laplace_l1_at(const lp_case *c, const char *r, arb_t out)
{
    lp_params par = { 0 };
    lp_result res;
    double v = NAN;
    par.p = c->p;
    par.b = c->b;
    par.radius = r;
    par.b_d = strtod(c->b, NULL);
    par.radius_d = strtod(r, NULL);
    lp_result_init(&res);
    if (lp_evaluate(&res, lp_form_find("laplace-l1", "derived"), LP_ARB, &par, 20, 0) == LP_OK) {
        v = arf_get_d(arb_midref(res.value), ARF_RND_NEAR);
        arb_set(out, res.value);
    }
    lp_result_clear(&res);
    return v;
}

int
lp_verify_case(lp_record *rec, lp_check **checks, size_t *n, const lp_case *c, int threads)
{
    lp_mechanism mech;
    lp_mc_options opt = { 0 };
    lp_mc_result mc;
    lp_params par = { 0 };
    char where[200], ess[64];
    double se, quad_capacity = NAN;
    int rc, judged;
    lp_check *k;

    describe(where, sizeof where, c);
    if (strcmp(c->mechanism, "gauss") == 0)
        rc = lp_mechanism_gauss(&mech, (int) c->p, strtod(c->sigma, NULL), strtod(c->radius, NULL));
    else if (strcmp(c->mechanism, "laplace") == 0)
        rc = lp_mechanism_laplace(&mech, (int) c->p, strtod(c->b, NULL), strtod(c->radius, NULL),
                                  strcmp(c->clip, "l2") == 0);
    else if (strcmp(c->mechanism, "gauss-layers") == 0)
        rc = lp_mechanism_gauss_layers(&mech, c->layers, c->nlayers, strtod(c->sigma, NULL), strtod(c->clip, NULL));
    else
        rc = lp_mechanism_vmf(&mech, (int) c->p, strtod(c->kappa, NULL));
    if (rc != 0) {
        add(checks, n, rec, LP_CHECK_FAIL, c, "estimate", "%s:%d: %s %s: the mechanism cannot be set up",
            c->file, c->line, c->mechanism, where);
        return -1;
    }
    opt.samples = c->samples;
    opt.seed = c->seed;
    opt.threads = threads;
    opt.sup_checks = 1000;
    if (lp_mc_estimate(&mc, &mech, &opt) != 0) {
        add(checks, n, rec, LP_CHECK_FAIL, c, "estimate", "%s:%d: %s %s: the Monte Carlo run failed (out of memory)",
            c->file, c->line, c->mechanism, where);
        return -1;
    }
    /* the estimate's uncertainty: sampling and the doubles' rounding (vmf:
     * the normaliser is sampled too, so no quadrature enters) */
    se = hypot(mc.std_error, mc.rounding_error);
    judged = mc.ess >= LP_ESS_MIN_FRACTION * (double) mc.samples;
    snprintf(ess, sizeof ess, "ESS %.3g of %llu", mc.ess, (unsigned long long) mc.samples);

    k = add(checks, n, rec, judged ? LP_CHECK_PASS : LP_CHECK_REFUSED, c, "estimate",
        "%s %s: Monte Carlo %.10g +- %.3g (%s, seed %llu)%s", c->mechanism, where,
        mc.estimate, se, ess, (unsigned long long) mc.seed,
        judged ? "" : ": ESS/N below the threshold, the arbiter refuses to judge this case");
    estimate_fields(k->row, &mc, se);
    if (mc.sup_gap > 1e-9)
        k = add(checks, n, rec, LP_CHECK_FINDING, c, "maximiser",
            "%s %s: the proofs' maximiser attains sup_x f(x)(y): a numerical maximiser did "
            "better by a factor 1 + %.3g on %llu checked outputs", c->mechanism, where,
            mc.sup_gap, (unsigned long long) mc.sup_checked);
    else
        k = add(checks, n, rec, LP_CHECK_PASS, c, "maximiser",
            "%s %s: the proofs' maximiser attains sup_x f(x)(y) (largest numerical gain %.2g "
            "on %llu outputs)", c->mechanism, where, mc.sup_gap, (unsigned long long) mc.sup_checked);
    if (k->row) {
        lp_record_double(k->row, "sup_gap", mc.sup_gap);
        lp_record_int(k->row, "sup_checked", (int64_t) mc.sup_checked);
    }
    if (strcmp(c->mechanism, "vmf") == 0) {
        /* the quadrature: a separate check of the normaliser, and the
         * capacity A(S^{p-1}) e^kappa / C it gives, for the forms' lines */
        double u = hypot(mc.log_norm_mc_se, mc.log_norm_quad_err);
        double z = (mc.log_norm_mc - mc.log_norm_quad) / u;
        k = add(checks, n, rec, !judged ? LP_CHECK_REFUSED : fabs(z) <= LP_Z_MAX ? LP_CHECK_PASS : LP_CHECK_FAIL,
            c, "normaliser", "vmf %s: log C_{p,kappa} by Monte Carlo %.12g +- %.2g (%s) vs the quadrature check %.12g "
            "(+- %.2g): z = %.2f", where, mc.log_norm_mc, mc.log_norm_mc_se, ess, mc.log_norm_quad,
            mc.log_norm_quad_err, z);
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

    if (strcmp(c->mechanism, "laplace") == 0 && strcmp(c->clip, "l2") == 0) {
        /* l1 ball of R inside the l2 ball of R inside the l1 ball of R sqrt(p):
         * the capacity is bracketed by the derived l1 sums */
        arb_t lo, hi, r;
        char *rs;
        double vlo, vhi;
        arb_init(lo); arb_init(hi); arb_init(r);
        lp_decimal_arb(r, c->radius, 256);
        {
            arb_t q;
            arb_init(q);
            arb_sqrt_ui(q, c->p, 256);
            arb_mul(r, r, q, 256);
            arb_clear(q);
        }
        rs = lp_format_ball(r, 40);
        vlo = laplace_l1_at(c, c->radius, lo);
        vhi = rs ? laplace_l1_at(c, rs, hi) : NAN;
        k = add(checks, n, rec, !judged ? LP_CHECK_REFUSED
                           : mc.estimate >= vlo - LP_Z_MAX * se && mc.estimate <= vhi + LP_Z_MAX * se
                           ? LP_CHECK_PASS : LP_CHECK_FAIL, c, "bracket",
            "laplace l2 %s: Monte Carlo %.10g +- %.3g (%s) lies between the l1-ball capacities %.10g (R) and "
            "%.10g (R sqrt p)", where, mc.estimate, se, ess, vlo, vhi);
        estimate_fields(k->row, &mc, se);
        if (k->row) {
            lp_record_ball(k->row, "lower", lo, 10);
            lp_record_ball(k->row, "upper", hi, 10);
        }
        flint_free(rs);
        arb_clear(lo); arb_clear(hi); arb_clear(r);
        return 0;
    }
    if (strcmp(c->mechanism, "gauss-layers") == 0) {
        lp_result res;
        uint64_t sizes[64];
        for (int l = 0; l < c->nlayers; l++)
            sizes[l] = (uint64_t) c->layers[l];
        lp_result_init(&res);
        if (lp_gauss_layers(&res, sizes, (size_t) c->nlayers, c->sigma, c->clip, 20) == LP_OK) {
            double v = arf_get_d(arb_midref(res.value), ARF_RND_NEAR), z = (v - mc.estimate) / se;
            k = add(checks, n, rec, !judged ? LP_CHECK_REFUSED : fabs(z) <= LP_Z_MAX ? LP_CHECK_PASS
                    : LP_CHECK_FINDING, c, "form", "gauss-layers product arb %s: %.10g vs Monte Carlo %.10g "
                    "+- %.3g (%s): ratio %.5f +- %.5f, z = %.2f", where, v, mc.estimate, se, ess,
                    v / mc.estimate, se / mc.estimate * v / mc.estimate, z);
            form_fields(k, lp_form_find("gauss-layers", "product"), LP_ARB, res.status, res.certified,
                        res.value, &mc, se, z);
        } else {
            add(checks, n, rec, LP_CHECK_FAIL, c, "form", "gauss-layers %s: the product could not be evaluated",
                where);
        }
        lp_result_clear(&res);
        return 0;
    }
    par.p = c->p;
    if (strcmp(c->mechanism, "laplace") == 0) {
        par.b = c->b;
        par.radius = c->radius;
        par.b_d = strtod(c->b, NULL);
        par.radius_d = strtod(c->radius, NULL);
    } else if (strcmp(c->mechanism, "gauss") == 0) {
        par.sigma = c->sigma;
        par.radius = c->radius;
        par.sigma_d = strtod(c->sigma, NULL);
        par.radius_d = strtod(c->radius, NULL);
    } else {
        par.kappa = c->kappa;
        par.kappa_d = strtod(c->kappa, NULL);
    }
    for (size_t f = 0; f < lp_nforms; f++) {
        const lp_form *form = &lp_forms[f];
        if (strcmp(form->formula, strcmp(c->mechanism, "laplace") == 0 ? "laplace-l1" : c->mechanism) != 0)
            continue;
        for (int m = 0; m < LP_NMETHODS; m++) {
            lp_result res;
            if (form->method[m] == NULL)
                continue;               /* the registry has no such method */
            lp_result_init(&res);
            lp_evaluate(&res, form, (lp_method) m, &par, 20, 0);
            if (res.status != LP_OK) {
                k = add(checks, n, rec, LP_CHECK_SKIP, c, "form", "%s %s %s %s: status %s, not compared",
                        form->formula, form->form, lp_method_name((lp_method) m), where,
                        lp_status_name(res.status));
            } else {
                double v = arf_get_d(arb_midref(res.value), ARF_RND_NEAR);
                double z = (v - mc.estimate) / se;
                double ratio = v / mc.estimate, u = ratio * se / mc.estimate;
                char quad[120] = "";
                if (!isnan(quad_capacity))
                    snprintf(quad, sizeof quad, "; quadrature check: %.10g, relative difference %.2g",
                             quad_capacity, v / quad_capacity - 1);
                k = add(checks, n, rec, !judged ? LP_CHECK_REFUSED : fabs(z) <= LP_Z_MAX ? LP_CHECK_PASS
                        : LP_CHECK_FINDING, c, "form",
                        "%s %s %s %s: %.10g vs Monte Carlo %.10g +- %.3g (%s): ratio %.5f +- %.5f, z = %.2f%s",
                        form->formula, form->form, lp_method_name((lp_method) m), where, v,
                        mc.estimate, se, ess, ratio, u, z, quad);
                form_fields(k, form, (lp_method) m, res.status, res.certified, res.value, &mc, se, z);
                k->quad_rel = isnan(quad_capacity) ? NAN : v / quad_capacity - 1;
                if (k->row && !isnan(quad_capacity))
                    lp_record_double(k->row, "quadrature_rel_difference", k->quad_rel);
            }
            k->form = form;
            k->method = (lp_method) m;
            if (k->row && res.status != LP_OK) {
                lp_record_text(k->row, "form", form->form);
                lp_record_text(k->row, "method", lp_method_name((lp_method) m));
                lp_record_text(k->row, "status", lp_status_name(res.status));
            }
            lp_result_clear(&res);
        }
    }
    return 0;
}
