/* verify.c -- pairing the registry with the Monte Carlo arbiter.  Contract in
 * verify.h. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "verify.h"

static lp_check *
add(lp_check **checks, size_t *n, lp_check_kind kind, const lp_case *c, const char *fmt, ...)
{
    va_list ap;
    lp_check *k;
    *checks = realloc(*checks, (*n + 1) * sizeof **checks);
    k = &(*checks)[(*n)++];
    memset(k, 0, sizeof *k);
    k->kind = kind;
    k->c = c;
    k->quad_rel = NAN;
    va_start(ap, fmt);
    vsnprintf(k->text, sizeof k->text, fmt, ap);
    va_end(ap);
    return k;
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
lp_verify_case(lp_check **checks, size_t *n, const lp_case *c, int threads)
{
    lp_mechanism mech;
    lp_mc_options opt = { 0 };
    lp_mc_result mc;
    lp_params par = { 0 };
    char where[200], ess[64];
    double se, quad_capacity = NAN;
    int rc, judged;

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
        add(checks, n, LP_CHECK_FAIL, c, "%s:%d: %s %s: the mechanism cannot be set up",
            c->file, c->line, c->mechanism, where);
        return -1;
    }
    opt.samples = c->samples;
    opt.seed = c->seed;
    opt.threads = threads;
    opt.sup_checks = 1000;
    if (lp_mc_estimate(&mc, &mech, &opt) != 0) {
        add(checks, n, LP_CHECK_FAIL, c, "%s:%d: %s %s: the Monte Carlo run failed (out of memory)",
            c->file, c->line, c->mechanism, where);
        return -1;
    }
    /* the estimate's uncertainty: sampling and the doubles' rounding (vmf:
     * the normaliser is sampled too, so no quadrature enters) */
    se = hypot(mc.std_error, mc.rounding_error);
    judged = mc.ess >= LP_ESS_MIN_FRACTION * (double) mc.samples;
    snprintf(ess, sizeof ess, "ESS %.3g of %llu", mc.ess, (unsigned long long) mc.samples);

    add(checks, n, judged ? LP_CHECK_PASS : LP_CHECK_REFUSED, c,
        "%s %s: Monte Carlo %.10g +- %.3g (%s, seed %llu)%s", c->mechanism, where,
        mc.estimate, se, ess, (unsigned long long) mc.seed,
        judged ? "" : ": ESS/N below the threshold, the arbiter refuses to judge this case");
    if (mc.sup_gap > 1e-9)
        add(checks, n, LP_CHECK_FINDING, c,
            "%s %s: the proofs' maximiser attains sup_x f(x)(y): a numerical maximiser did "
            "better by a factor 1 + %.3g on %llu checked outputs", c->mechanism, where,
            mc.sup_gap, (unsigned long long) mc.sup_checked);
    else
        add(checks, n, LP_CHECK_PASS, c,
            "%s %s: the proofs' maximiser attains sup_x f(x)(y) (largest numerical gain %.2g "
            "on %llu outputs)", c->mechanism, where, mc.sup_gap, (unsigned long long) mc.sup_checked);
    if (strcmp(c->mechanism, "vmf") == 0) {
        /* the quadrature: a separate check of the normaliser, and the
         * capacity A(S^{p-1}) e^kappa / C it gives, for the forms' lines */
        double u = hypot(mc.log_norm_mc_se, mc.log_norm_quad_err);
        double z = (mc.log_norm_mc - mc.log_norm_quad) / u;
        add(checks, n, !judged ? LP_CHECK_REFUSED : fabs(z) <= LP_Z_MAX ? LP_CHECK_PASS : LP_CHECK_FAIL, c,
            "vmf %s: log C_{p,kappa} by Monte Carlo %.12g +- %.2g (%s) vs the quadrature check %.12g "
            "(+- %.2g): z = %.2f", where, mc.log_norm_mc, mc.log_norm_mc_se, ess, mc.log_norm_quad,
            mc.log_norm_quad_err, z);
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
        add(checks, n, !judged ? LP_CHECK_REFUSED
                       : mc.estimate >= vlo - LP_Z_MAX * se && mc.estimate <= vhi + LP_Z_MAX * se
                       ? LP_CHECK_PASS : LP_CHECK_FAIL, c,
            "laplace l2 %s: Monte Carlo %.10g +- %.3g (%s) lies between the l1-ball capacities %.10g (R) and "
            "%.10g (R sqrt p)", where, mc.estimate, se, ess, vlo, vhi);
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
            add(checks, n, !judged ? LP_CHECK_REFUSED : fabs(z) <= LP_Z_MAX ? LP_CHECK_PASS : LP_CHECK_FINDING, c,
                "gauss-layers product arb %s: %.10g vs Monte Carlo %.10g +- %.3g (%s): ratio %.5f +- %.5f, z = %.2f",
                where, v, mc.estimate, se, ess, v / mc.estimate, se / mc.estimate * v / mc.estimate, z);
        } else {
            add(checks, n, LP_CHECK_FAIL, c, "gauss-layers %s: the product could not be evaluated", where);
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
            lp_check *k;
            if (form->method[m] == NULL)
                continue;               /* the registry has no such method */
            lp_result_init(&res);
            lp_evaluate(&res, form, (lp_method) m, &par, 20, 0);
            if (res.status != LP_OK) {
                k = add(checks, n, LP_CHECK_SKIP, c, "%s %s %s %s: status %s, not compared",
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
                k = add(checks, n, !judged ? LP_CHECK_REFUSED : fabs(z) <= LP_Z_MAX ? LP_CHECK_PASS
                        : LP_CHECK_FINDING, c,
                        "%s %s %s %s: %.10g vs Monte Carlo %.10g +- %.3g (%s): ratio %.5f +- %.5f, z = %.2f%s",
                        form->formula, form->form, lp_method_name((lp_method) m), where, v,
                        mc.estimate, se, ess, ratio, u, z, quad);
                k->value = v;
                k->z = z;
                k->ratio = ratio;
                k->ratio_u = u;
                k->quad_rel = isnan(quad_capacity) ? NAN : v / quad_capacity - 1;
            }
            k->form = form;
            k->method = (lp_method) m;
            lp_result_clear(&res);
        }
    }
    return 0;
}
