/* overflow.c -- the boundaries of the non-certified methods.  Contract in
 * overflow.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "check/overflow.h"
#include "core/host.h"

/* 1: the method fails at p; 0: it is fine; -1: it declines p */
static _Thread_local char decline_note[240];   /* the last decline's reason (one search per thread) */

static int
fails_at(const lp_form *form, lp_method m, lp_params par, uint64_t p, double tol,
         const char **kind, double *err, int *evals)
{
    lp_result r, ref;
    int f;
    if (lp_cancelled()) {       /* SIGINT/SIGTERM: every search ends at once (no record is printed) */
        *kind = "declined";
        *err = -1;
        return -1;
    }
    par.p = p;
    lp_result_init(&r);
    lp_result_init(&ref);
    lp_evaluate(&r, form, m, &par, 17, 0);
    (*evals)++;
    if (r.status == LP_DECLINED) {
        f = -1;
        *kind = "declined";
        *err = -1;
        snprintf(decline_note, sizeof decline_note, "%s", r.note);
    } else if (r.status != LP_OK && r.status != LP_INACCURATE) {
        /* no value; an inaccurate one is measured like an ok one below */
        f = 1;
        *kind = lp_status_name(r.status);
        *err = -1;
    } else {
        lp_evaluate(&ref, form, LP_ARB, &par, 20, 0);
        *err = lp_rel_error(&r, &ref);
        f = !(*err >= 0 && *err <= tol);
        *kind = f ? "inaccurate" : "none";
    }
    lp_result_clear(&r);
    lp_result_clear(&ref);
    return f;
}

void
lp_overflow_find(lp_overflow_point *res, const lp_form *form, lp_method m,
                 const lp_params *par, uint64_t p_max, double tol)
{
    uint64_t good = 0, bad = 0, p, first;
    const char *kind = "none";
    double err = -1, err_good = -1;   /* err_good: at `good`, kept so as not to evaluate it again */
    int f = 0;

    res->evaluations = 0;
    res->persists = 0;
    res->rel_error_before = -1;
    res->domain_at_1 = 0;
    res->note[0] = '\0';
    /* p = 1 outside the method's domain (GSL's I_nu at nu = -1/2) says nothing
     * about large p: note it and search from 2 */
    p = 1;
    if (p_max >= 2 && fails_at(form, m, *par, 1, tol, &kind, &err, &res->evaluations) == 1
        && strcmp(kind, "domain") == 0) {
        res->domain_at_1 = 1;
        good = 1;
        p = 2;
    }
    /* doubling search for a first failure */
    first = p;
    for (;;) {
        f = fails_at(form, m, *par, p, tol, &kind, &err, &res->evaluations);
        if (f != 0)
            break;
        good = p;
        err_good = err;
        if (p == p_max)
            break;
        p = p > p_max / 2 ? p_max : 2 * p;
    }
    if (f == 0) {               /* none up to p_max */
        res->p = 0;
        res->kind = "none";
        res->rel_error = err;
        res->searched_to = good;
        return;
    }
    bad = p;
    if (f < 0 && p == first) {
        /* nothing to search: the method will not start (a decimal far
         * beyond what its loops can reach) */
        res->p = 0;
        res->kind = "declined";
        res->rel_error = -1;
        res->searched_to = 0;
        snprintf(res->note, sizeof res->note, "the method declines p = %llu: %s",
                 (unsigned long long) p, decline_note);
        return;
    }
    if (f < 0) {
        /* declined at `bad`: search again for a failure below it */
        uint64_t lo = good, hi = bad;
        while (hi - lo > 1) {
            uint64_t mid = lo + (hi - lo) / 2;
            int g = fails_at(form, m, *par, mid, tol, &kind, &err, &res->evaluations);
            if (g < 0)
                hi = mid;
            else if (g == 0) {
                lo = mid;
                err_good = err;
            } else {
                bad = mid;
                f = 1;
                break;
            }
        }
        if (f < 0) {
            snprintf(res->note, sizeof res->note, "the method declines p = %llu: %s",
                     (unsigned long long) hi, decline_note);
            res->p = 0;
            res->kind = "none";
            res->rel_error = err_good;
            res->searched_to = lo;
            return;
        }
    }
    /* bisection on (good, bad] */
    while (bad - good > 1) {
        uint64_t mid = good + (bad - good) / 2;
        int g = fails_at(form, m, *par, mid, tol, &kind, &err, &res->evaluations);
        if (g == 0)
            good = mid;
        else
            bad = mid;          /* a failure or a decline: the boundary is below */
    }
    res->p = bad;
    fails_at(form, m, *par, bad, tol, &res->kind, &res->rel_error, &res->evaluations);
    if (bad > 1)
        fails_at(form, m, *par, bad - 1, tol, &kind, &res->rel_error_before, &res->evaluations);
    res->searched_to = bad;
    /* does the failure persist further out? */
    res->persists = 1;
    for (int k = 1; k <= 3; k++) {
        uint64_t q = bad << k;
        if (q > p_max || q < bad)
            break;
        if (fails_at(form, m, *par, q, tol, &kind, &err, &res->evaluations) == 0)
            res->persists = 0;
    }
}

/* 1 when the mpfr method at `bits` agrees with ref to tol; 0 when not; -2
 * when it gives no value (a status other than ok) */
static int
mpfr_keeps(const lp_form *form, const lp_params *par, int digits, long bits, const lp_result *ref, double tol)
{
    lp_result r;
    double e;
    lp_result_init(&r);
    lp_evaluate(&r, form, LP_MPFR, par, digits, bits);
    e = r.status == LP_OK ? lp_rel_error(&r, ref) : -1;
    lp_result_clear(&r);
    return r.status != LP_OK ? -2 : e >= 0 && e <= tol;
}

long
lp_mpfr_bits_needed(const lp_form *form, const lp_params *par, int digits, long guess)
{
    /* An evaluation at p = 1e5 costs about a second at 64 bits and more
       above (mpfr_gamma's logs): so the search starts at the guess and
       steps away from it 4, 8, 16, ... bits until the outcome flips, then
       bisects between the last that fails and the first that keeps (at p =
       1e5 from 62: 62, 66, 64, 65, where bisection in [8, 1024] evaluated
       1024, 516, 262, 135 first) */
    const double tol = pow(10.0, -digits);
    lp_result ref;
    long lo, hi, step = 4;
    int ok;
    guess = guess < 9 ? 9 : guess > 1024 ? 1024 : guess;
    lp_result_init(&ref);
    lp_evaluate(&ref, form, LP_ARB, par, digits + 10, 0);
    ok = mpfr_keeps(form, par, digits, guess, &ref, tol);
    if (ok == 1) {              /* down until one fails (8 is taken to fail) */
        hi = guess;
        for (;;) {
            lo = hi - step > 8 ? hi - step : 8;
            if (lo == 8 || mpfr_keeps(form, par, digits, lo, &ref, tol) != 1)
                break;
            hi = lo;
            step *= 2;
        }
    } else {                    /* up until one keeps, at most 1024 */
        lo = guess;
        for (;;) {
            if (lo == 1024) {
                lp_result_clear(&ref);
                return ok == -2 ? -2 : -1;
            }
            hi = lo + step < 1024 ? lo + step : 1024;
            if ((ok = mpfr_keeps(form, par, digits, hi, &ref, tol)) == 1)
                break;
            lo = hi;
            step *= 2;
        }
    }
    while (hi - lo > 1) {
        long mid = lo + (hi - lo) / 2;
        if (mpfr_keeps(form, par, digits, mid, &ref, tol) == 1)
            hi = mid;
        else
            lo = mid;
    }
    lp_result_clear(&ref);
    return hi;
}

void
lp_overflow_record(lp_record *rec, const lp_form *form, lp_method method,
                   const lp_params *base, lp_param_id grid_id,
                   char *const *grid, size_t n, uint64_t p_max, double tol)
{
    char err[200];
    lp_record_text(rec, "command", "overflow");
    lp_record_text(rec, "mechanism", form->formula);
    lp_record_text(rec, "form", form->form);
    lp_record_text(rec, "method", lp_method_name(method));
    lp_record_double(rec, "tolerance", tol);
    lp_record_int(rec, "p_max", (int64_t) p_max);
    for (size_t i = 0; i < n && !lp_cancelled(); i++) {
        lp_params par = *base;
        lp_overflow_point pt;
        lp_record *row = lp_record_append(rec, "points");
        lp_params_set(&par, grid_id, grid[i], err, sizeof err);
        lp_overflow_find(&pt, form, method, &par, p_max, tol);
        for (int id = 0; id < LP_NPARAMS; id++)
            if ((form->params & (1u << id)) && id != LP_PARAM_ID_P)
                lp_record_text(row, lp_param_specs[id].name, lp_params_text(&par, (lp_param_id) id));
        if (pt.p)
            lp_record_int(row, "p", (int64_t) pt.p);
        else
            lp_record_null(row, "p");
        lp_record_text(row, "kind", pt.kind);
        lp_record_double(row, "rel_error", pt.rel_error >= 0 ? pt.rel_error : NAN);
        lp_record_double(row, "rel_error_before", pt.rel_error_before >= 0 ? pt.rel_error_before : NAN);
        lp_record_bool(row, "persists", pt.persists);
        if (pt.searched_to)
            lp_record_int(row, "searched_to", (int64_t) pt.searched_to);
        else
            lp_record_null(row, "searched_to");
        lp_record_bool(row, "domain_at_p1", pt.domain_at_1);
        if (pt.note[0])
            lp_record_text(row, "note", pt.note);
        else
            lp_record_null(row, "note");
    }
    if (method == LP_MPFR && n > 0) {
        static const uint64_t ps[] = { 10, 100, 1000, 13700, 100000 };
        lp_params par = *base;
        long guess = 53;        /* a double's; then the last p's (the bits grow with p) */
        lp_params_set(&par, grid_id, grid[0], err, sizeof err);
        for (size_t k = 0; k < sizeof ps / sizeof ps[0] && !lp_cancelled(); k++) {
            lp_record *row = lp_record_append(rec, "mpfr_bits");
            long bits;
            par.p = ps[k];
            bits = lp_mpfr_bits_needed(form, &par, 15, guess);
            if (bits > 0)
                guess = bits;
            lp_record_int(row, "p", (int64_t) ps[k]);
            if (bits > 0)
                lp_record_int(row, "bits", bits);
            else
                lp_record_null(row, "bits");
            if (bits > 0)
                lp_record_null(row, "note");
            else
                lp_record_text(row, "note", bits == -2 ? "the method declines or fails at 1024 bits"
                               : "1024 bits do not keep 15 digits");
        }
    }
}
