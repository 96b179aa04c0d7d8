/* run_capacity_points.c -- the run capacity's points: C(p, sigma/sqrt k, R)
 * by the registry's certified evaluator at sigma/sqrt k rounded to a decimal
 * on the safe side, cached per step k.  Contracts in run_capacity_internal.h. */
#include <stdio.h>
#include <stdlib.h>
#include <mpfr.h>
#include "compose/run_capacity_internal.h"
#include "core/host.h"

/* x (> 0) as a decimal with `digits` significant digits rounded up (up != 0)
 * or down, written into buf: a decimal on the right side of x. */
static void
decimal_round(char *buf, size_t len, const arb_t x, int up, slong digits, slong prec)
{
    arf_t b;
    mpfr_t m;
    mpfr_exp_t e;
    char *d;
    arf_init(b);
    if (up)
        arb_get_ubound_arf(b, x, prec);
    else
        arb_get_lbound_arf(b, x, prec);
    mpfr_init2(m, FLINT_MAX(arf_bits(b), 2) + 2);
    arf_get_mpfr(m, b, up ? MPFR_RNDU : MPFR_RNDD);     /* exact: enough bits */
    d = mpfr_get_str(NULL, &e, 10, (size_t) digits, m, up ? MPFR_RNDU : MPFR_RNDD);
    snprintf(buf, len, "0.%se%ld", d, (long) e);
    mpfr_free_str(d);
    mpfr_clear(m);
    arf_clear(b);
}

int
lp_run_capacity_at(arb_t out, run_ctx *c, const char *sigma_text, slong digits)
{
    lp_params par;
    lp_result res;
    char err[200];
    int ok;
    lp_params_init(&par);
    lp_result_init(&res);
    ok = lp_params_set(&par, LP_PARAM_ID_P, c->ptext, err, sizeof err) == 0
         && lp_params_set(&par, LP_PARAM_ID_SIGMA, sigma_text, err, sizeof err) == 0
         && lp_params_set(&par, LP_PARAM_ID_RADIUS, c->req->radius, err, sizeof err) == 0;
    if (ok && lp_cancelled())
        ok = 0, c->failed = 1;          /* SIGINT or SIGTERM: stop, no record */
    if (ok) {
        lp_evaluate(&res, c->form, LP_ARB, &par, digits, 0);
        ok = res.status == LP_OK && res.certified && arb_is_finite(res.value);
        if (ok)
            arb_set(out, res.value);
    }
    c->evals++;
    lp_result_clear(&res);
    lp_params_clear(&par);
    return ok ? 0 : -1;
}

/* sigma / sqrt k as a decimal rounded up (up != 0) or down */
static void
sigma_k(char *buf, size_t len, run_ctx *c, uint64_t k, int up)
{
    arb_t s;
    arb_init(s);
    arb_sqrt_ui(s, k, c->prec);
    arb_div(s, c->sigma, s, c->prec);
    decimal_round(buf, len, s, up, c->sdigits, c->prec);
    arb_clear(s);
}

/* The index of the point at step k, with its lower end (want_hi == 0) or
 * both ends evaluated.  C decreases in sigma: sigma/sqrt k rounded up gives
 * a lower bound, rounded down an upper bound. */
size_t
lp_run_capacity_point_ends(run_ctx *c, uint64_t k, int want_hi)
{
    cap_point *q = NULL;
    char text[80];
    size_t i;
    for (i = 0; i < c->npt; i++)
        if (c->pt[i].k == k) {
            q = &c->pt[i];
            break;
        }
    if (q == NULL) {
        if (c->npt == c->ptcap) {
            c->ptcap = c->ptcap ? 2 * c->ptcap : 64;
            c->pt = realloc(c->pt, c->ptcap * sizeof *c->pt);
            if (c->pt == NULL)
                abort();
        }
        i = c->npt++;
        q = &c->pt[i];
        q->k = k;
        q->have_lo = q->have_hi = 0;
        arb_init(q->lo);
        arb_init(q->hi);
        if (k <= 1) {
            if (k == 0)
                arb_one(q->lo);
            else if (lp_run_capacity_at(q->lo, c, c->req->sigma, c->edigits) != 0)
                c->failed = 1;
            arb_set(q->hi, q->lo);
            q->have_lo = q->have_hi = 1;
        }
    }
    if (!q->have_lo) {
        sigma_k(text, sizeof text, c, k, 1);
        if (lp_run_capacity_at(q->lo, c, text, c->edigits) != 0)
            c->failed = 1;
        q->have_lo = 1;
    }
    if (want_hi && !q->have_hi) {
        sigma_k(text, sizeof text, c, k, 0);
        if (lp_run_capacity_at(q->hi, c, text, c->edigits) != 0)
            c->failed = 1;
        q->have_hi = 1;
    }
    return i;
}
