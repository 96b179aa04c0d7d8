/* verdict.c -- a form's checks against the Monte Carlo arbiter summed up as one
 * verdict.  Contract in verify.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "check/verify.h"

static void
widen(double *lo, double *hi, double x)
{
    if (isnan(*lo) || x < *lo)
        *lo = x;
    if (isnan(*hi) || x > *hi)
        *hi = x;
}

size_t
lp_verify_verdicts(lp_verdict *v, const lp_check *k, size_t n)
{
    size_t nv = 0;
    for (size_t f = 0; f < lp_nforms; f++) {
        lp_verdict *d = &v[nv];
        memset(d, 0, sizeof *d);
        d->form = &lp_forms[f];
        d->ratio_min = d->ratio_max = d->bad_ratio_min = d->bad_ratio_max = d->quad_max = NAN;
        for (size_t i = 0; i < n; i++) {
            if (k[i].form != d->form || k[i].method != LP_ARB || k[i].kind == LP_CHECK_SKIP)
                continue;
            if (k[i].kind == LP_CHECK_REFUSED) {
                d->refused++;
                d->refused_error += k[i].why != NULL && strstr(k[i].why, "ESS") == NULL;
                continue;
            }
            if (!isnan(k[i].quad_rel) && !(fabs(k[i].quad_rel) <= d->quad_max))
                d->quad_max = fabs(k[i].quad_rel);
            d->cases++;
            widen(&d->ratio_min, &d->ratio_max, k[i].ratio);
            if (k[i].kind != LP_CHECK_PASS) {
                d->disagree++;
                widen(&d->bad_ratio_min, &d->bad_ratio_max, k[i].ratio);
            }
            if (d->worst == NULL || fabs(k[i].z) > d->max_abs_z) {
                d->worst = &k[i];
                d->max_abs_z = fabs(k[i].z);
            }
        }
        if (d->cases || d->refused)
            nv++;
    }
    return nv;
}

void
lp_verdict_record(lp_record *row, const lp_verdict *v)
{
    lp_record_text(row, "mechanism", v->form->formula);
    lp_record_text(row, "form", v->form->form);
    lp_record_int(row, "cases", (int64_t) v->cases);
    lp_record_int(row, "disagree", (int64_t) v->disagree);
    lp_record_int(row, "refused", (int64_t) v->refused);
    lp_record_double(row, "max_abs_z", v->cases ? v->max_abs_z : NAN);
    lp_record_double(row, "ratio_min", v->ratio_min);
    lp_record_double(row, "ratio_max", v->ratio_max);
    lp_record_double(row, "disagree_ratio_min", v->bad_ratio_min);
    lp_record_double(row, "disagree_ratio_max", v->bad_ratio_max);
    lp_record_double(row, "quadrature_max_rel_difference", v->quad_max);
    if (v->worst) {
        lp_record *w = lp_record_object(row, "worst");
        lp_record_text(w, "file", v->worst->c->file);
        lp_record_int(w, "line", v->worst->c->line);
        lp_record_double(w, "ratio", v->worst->ratio);
        lp_record_double(w, "z", v->worst->z);
    }
}

void
lp_verdict_sentence(char *buf, size_t len, const lp_verdict *v)
{
    int k;
    if (v->cases == 0)
        k = snprintf(buf, len, "%s %s: no judgement", v->form->formula, v->form->form);
    else if (v->disagree == 0)
        k = snprintf(buf, len, "%s %s agrees with Monte Carlo on all %zu judged cases: value / estimate "
                     "%.5f..%.5f (largest |z| = %.2f)", v->form->formula, v->form->form, v->cases,
                     v->ratio_min, v->ratio_max, v->max_abs_z);
    else
        k = snprintf(buf, len, "%s %s disagrees with Monte Carlo on %zu of %zu judged cases: value / "
                     "estimate %.5f..%.5f where it disagrees (largest |z| = %.1f at %s:%d)",
                     v->form->formula, v->form->form, v->disagree, v->cases, v->bad_ratio_min,
                     v->bad_ratio_max, v->max_abs_z, v->worst->c->file, v->worst->c->line);
    if (k >= 0 && (size_t) k < len && v->refused)
        k += snprintf(buf + k, len - k, "; refuses to judge %zu case%s (ESS/N below %g%s)", v->refused,
                      v->refused == 1 ? "" : "s", LP_ESS_MIN_FRACTION,
                      v->refused_error ? ", or an infinite or NaN error" : "");
    if (k >= 0 && (size_t) k < len && !isnan(v->quad_max))
        snprintf(buf + k, len - k, "; quadrature check of C_{p,kappa}: largest relative difference %.2g",
                 v->quad_max);
}
