/* pld_profile.c -- delta(eps) and epsilon(delta) at many points from one
 * composed PLD per relation, each a certified bracket.  Contract in
 * pld_profile.h.
 *
 * Why one composition serves every query: lp_pld_init's grid choices (width,
 * window, cut) are heuristics that move the bracket's width, never its
 * validity (pld.h); lp_pld_delta and lp_pld_epsilon certify their bracket at
 * any eps or delta from the same composed masses and error bounds.  Sizing
 * the grid for the smallest delta and epsilon asked keeps every query's
 * tails inside the bounds; a query far from them gets a wider bracket, and
 * a delta below the composition's error bounds gets no upper end (said). */
#include <math.h>
#include <string.h>
#include "core/host.h"
#include "account/pld/study/pld_profile.h"
#include "account/pld/study/pld_full_batch.h"

/* req's phases, or its one mechanism's step as a single phase */
static int
phases_of(lp_pld_profile *p, const lp_pld_request *req)
{
    lp_pld_phase one = { .mech = req->mech, .M = req->M, .kappa = req->kappa, .q = req->q,
                         .p = req->p, .steps = req->steps, .e = req->e, .d = req->d };
    if (req->nphases)
        return lp_pld_phase_set_init(&p->ps, req->phases, req->nphases, req->delta);
    return lp_pld_phase_set_init(&p->ps, &one, 1, req->delta);
}

/* replace-one (the Gaussian of req->M, Poisson): pld[0] the composition of
 * pld_mech_replace.c's pair (internal relation remove); q = 1: the closed
 * form at M/2 (two Gaussians 2C apart); req->fixed_batch: the pair of
 * pld_mech_fixed_batch.c, batches without replacement */
static int
replace_init(lp_pld_profile *p, const lp_pld_request *req, double eps_hint)
{
    lp_pld_step st;
    p->replace = 1;
    if (req->nphases > 0 || req->mech != LP_PLD_GAUSS || req->M == NULL) {
        p->why = "replace-one under the PLD accountant: the Gaussian of one multiplier only";
        lp_dpsgd_init(&p->run, "1", "0.5", 1, "1e-12");     /* cleared by lp_pld_profile_clear */
        return -1;
    }
    lp_dpsgd_init(&p->run, req->M, req->q, req->steps, req->delta ? req->delta : "1e-12");
    if (p->run.q_is_one) {
        arb_mul_2exp_si(p->run.M, p->run.M, -1);
        p->run.M_d /= 2;
        p->full_batch = 1;
        return 0;
    }
    lp_pld_step_init_gauss(&st, &p->run);
    st.mech = req->fixed_batch ? LP_PLD_GAUSS_FIXED_BATCH : LP_PLD_GAUSS_REPLACE;
    p->nrel = 1;
    if (lp_pld_init_step(&p->pld[0], &st, LP_PLD_REMOVE, req->width, req->max_n, eps_hint) != 0) {
        p->why = p->pld[0].why ? p->pld[0].why : "failed";
        p->out_of_memory = p->pld[0].out_of_memory;
        lp_pld_step_clear(&st);
        return -1;
    }
    lp_pld_step_clear(&st);
    return 0;
}

int
lp_pld_profile_init(lp_pld_profile *p, const lp_pld_request *req)
{
    int rels[2];
    const double eps_hint = req->eps ? lp_strtod(req->eps, NULL) : -1;
    memset(p, 0, sizeof *p);
    if (req->relation == 0 || req->relation == 2)
        rels[p->nrel++] = LP_PLD_REMOVE;
    if (req->relation == 1 || req->relation == 2)
        rels[p->nrel++] = LP_PLD_ADD;
    if (req->relation == 3)     /* replace-one: the symmetric pair, one composition */
        return replace_init(p, req, eps_hint);
    p->phased = req->nphases > 0 || req->mech != LP_PLD_GAUSS;
    if (p->phased) {
        if (phases_of(p, req) != 0) {
            p->why = "out of memory";
            p->out_of_memory = 1;
            p->nrel = 0;
            return -1;
        }
    } else {
        lp_dpsgd_init(&p->run, req->M, req->q, req->steps, req->delta ? req->delta : "1e-12");
        if (p->run.q_is_one) {  /* one Gaussian, the same under add and remove */
            p->full_batch = 1;
            p->nrel = 0;
            return 0;
        }
    }
    for (int i = 0; i < p->nrel; i++) {
        int failed = p->phased
            ? lp_pld_init_phases(&p->pld[i], p->ps.st, p->ps.n, rels[i], req->width, req->max_n, eps_hint)
            : lp_pld_init(&p->pld[i], &p->run, rels[i], req->width, req->max_n, eps_hint);
        if (failed) {
            p->why = p->pld[i].why ? p->pld[i].why : "failed";
            p->out_of_memory = p->pld[i].out_of_memory;
            p->nrel = i + 1;    /* cleared by lp_pld_profile_clear */
            return -1;
        }
    }
    return 0;
}

void
lp_pld_profile_clear(lp_pld_profile *p)
{
    for (int i = 0; i < p->nrel; i++)
        lp_pld_clear(&p->pld[i]);
    p->nrel = 0;
    if (p->phased)
        lp_pld_phase_set_clear(&p->ps);
    else
        lp_dpsgd_clear(&p->run);
}

void
lp_pld_profile_delta(arf_t lo, arf_t hi, const lp_pld_profile *p, const arb_t eps)
{
    arb_t a, b;
    arf_t t;
    arb_init(a);
    arb_init(b);
    arf_init(t);
    arf_zero(lo);
    arf_zero(hi);
    if (p->full_batch) {
        lp_pld_full_batch_delta(a, &p->run, eps);
        arb_get_lbound_arf(lo, a, 64);
        arb_get_ubound_arf(hi, a, 64);
    }
    for (int i = 0; i < p->nrel && !p->full_batch; i++) {
        lp_pld_delta(a, b, &p->pld[i], eps);
        arb_get_lbound_arf(t, a, 64);
        if (arf_cmp(t, lo) > 0)
            arf_set(lo, t);
        arb_get_ubound_arf(t, b, 64);
        if (arf_cmp(t, hi) > 0 || arf_is_nan(t))
            arf_set(hi, t);
    }
    /* clipped to [0, 1]: delta is a probability */
    if (arf_sgn(lo) < 0)
        arf_zero(lo);
    if (arf_cmp_si(hi, 1) > 0 || arf_is_nan(hi) || arf_is_inf(hi))
        arf_one(hi);
    if (arf_cmp_si(lo, 1) > 0)
        arf_one(lo);
    arb_clear(a);
    arb_clear(b);
    arf_clear(t);
}

/* x >= y, or x < y, for every point of the ball x */
static int
holds_ge(const arb_t x, const arf_t y)
{
    arf_t t;
    int r;
    arf_init(t);
    arb_get_lbound_arf(t, x, 64);
    r = arf_cmp(t, y) >= 0;
    arf_clear(t);
    return r;
}

static int
holds_lt(const arb_t x, const arf_t y)
{
    arf_t t;
    int r;
    arf_init(t);
    arb_get_ubound_arf(t, x, 64);
    r = arf_cmp(t, y) < 0;
    arf_clear(t);
    return r;
}

/* q = 1: the closed form's delta is decreasing in eps; bisection in doubles
 * on certified evaluations, each end kept only where its ball decides. */
static void
full_batch_epsilon(double *lo, double *hi, const lp_pld_profile *p, const arb_t delta)
{
    double a = 0, b = 1;
    arb_t e;
    arf_t dl, dh;
    arb_init(e);
    arf_init(dl);
    arf_init(dh);
    *lo = 0;
    *hi = INFINITY;
    /* an upper end: some b with delta_hi(b) <= delta */
    for (int k = 0; k < 40 && !lp_cancelled(); k++, b *= 2) {
        arb_set_d(e, b);
        lp_pld_profile_delta(dl, dh, p, e);
        if (holds_ge(delta, dh))
            break;
        a = b;
    }
    arb_set_d(e, 0);
    lp_pld_profile_delta(dl, dh, p, e);
    if (holds_ge(delta, dh)) {
        *hi = 0;
        goto done;
    }
    arb_set_d(e, b);
    lp_pld_profile_delta(dl, dh, p, e);
    if (!holds_ge(delta, dh))
        goto done;
    *hi = b;
    for (int k = 0; k < 60 && !lp_cancelled() && b - a > 1e-12 * b; k++) {
        double m = 0.5 * (a + b);
        arb_set_d(e, m);
        lp_pld_profile_delta(dl, dh, p, e);
        if (holds_ge(delta, dh))
            b = *hi = m;
        else {
            a = m;
            if (holds_lt(delta, dl))
                *lo = m;        /* delta(m) > delta certainly: epsilon > m */
        }
    }
done:
    arb_clear(e);
    arf_clear(dl);
    arf_clear(dh);
}

void
lp_pld_profile_epsilon(double *lo, double *hi, const lp_pld_profile *p, const arb_t delta)
{
    if (p->full_batch) {
        full_batch_epsilon(lo, hi, p, delta);
        return;
    }
    *lo = 0;
    *hi = 0;
    for (int i = 0; i < p->nrel; i++) {
        double l, h;
        lp_pld_epsilon(&l, &h, &p->pld[i], delta);
        *lo = fmax(*lo, l);
        *hi = isnan(h) ? INFINITY : fmax(*hi, h);
    }
}
