/* The Bayes capacity of a DP-SGD run (Poisson sampling, T steps, Gaussian
 * noise on the ball): the study and its record -- the one-step capacity
 * through the registry, the capacity points C(p, sigma/sqrt k, R), the
 * product bound -- with the same-x binomial bound in run_capacity_sum.c and
 * the lower bound in run_capacity_lower.c, certified.  The derivation and the
 * contract are in run_capacity.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpfr.h>
#include "account/run_capacity_internal.h"
#include "core/host.h"
#include "account/account.h"
#include "channel/channel.h"
#include "channel/study.h"

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

/* C(p, sigma_text, R) by the registry's certified evaluator into out; 0, or
 * -1 when it could not be certified. */
static int
capacity_at(arb_t out, run_ctx *c, const char *sigma_text, slong digits)
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
            else if (capacity_at(q->lo, c, c->req->sigma, c->edigits) != 0)
                c->failed = 1;
            arb_set(q->hi, q->lo);
            q->have_lo = q->have_hi = 1;
        }
    }
    if (!q->have_lo) {
        sigma_k(text, sizeof text, c, k, 1);
        if (capacity_at(q->lo, c, text, c->edigits) != 0)
            c->failed = 1;
        q->have_lo = 1;
    }
    if (want_hi && !q->have_hi) {
        sigma_k(text, sizeof text, c, k, 0);
        if (capacity_at(q->hi, c, text, c->edigits) != 0)
            c->failed = 1;
        q->have_hi = 1;
    }
    return i;
}

static size_t
point(run_ctx *c, uint64_t k)
{
    return lp_run_capacity_point_ends(c, k, 1);
}

/* a bound and its log10 (absolute, `digits` decimals); lo_end, when not
 * NULL, is a lower end of x known apart from the ball (a ball [a, b] with
 * b >> a reaches below 0 as midpoint and radius) */
static void
record_bound(lp_record *rec, const char *key, const arb_t x, const arf_t lo_end, slong digits,
             slong *least, slong prec)
{
    char lkey[80];
    arb_t l, ten;
    arb_init(l);
    arb_init(ten);
    snprintf(lkey, sizeof lkey, "log10_%s", key);
    lp_study_record_ball(rec, key, x, digits, least);
    if (arb_is_positive(x) || (lo_end && arf_sgn(lo_end) > 0 && arb_is_finite(x))) {
        /* log of each end: a wide ball [a, b] keeps a narrow log bracket */
        arf_t a, b;
        arb_t la;
        arf_init(a);
        arf_init(b);
        arb_init(la);
        arb_get_lbound_arf(a, x, prec);
        if (lo_end && arf_cmp(lo_end, a) > 0)
            arf_set(a, lo_end);
        arb_get_ubound_arf(b, x, prec);
        arb_set_arf(la, a);
        arb_log(la, la, prec);
        arb_set_arf(l, b);
        arb_log(l, l, prec);
        arb_get_lbound_arf(a, la, prec);
        arb_get_ubound_arf(b, l, prec);
        arb_set_interval_arf(l, a, b, prec);
        arf_clear(a);
        arf_clear(b);
        arb_clear(la);
        arb_set_ui(ten, 10);
        arb_log(ten, ten, prec);
        arb_div(l, l, ten, prec);
        if (lp_record_ball_abs(rec, lkey, l, digits) == 0 && *least > 0)
            *least = 0;
    } else {
        lp_record_null(rec, lkey);
        snprintf(lkey, sizeof lkey, "log10_%s_abs_error_bound", key);
        lp_record_null(rec, lkey);
    }
    arb_clear(l);
    arb_clear(ten);
}

static int
digits_of(uint64_t x)
{
    int d = 1;
    while (x >= 10) {
        x /= 10;
        d++;
    }
    return d;
}

lp_run_status
lp_study_run_capacity(lp_record *rec, const lp_run_capacity_request *req, char *err, size_t errlen)
{
    run_ctx c;
    arb_t one_step, step, prod, same, lower, c1, t;
    slong digits = req->digits, least = digits;
    size_t ilow = 0;
    int qsign, qone, qfrac;
    uint64_t qnum = 0, qden = 1;
    arf_t same_lo;

    if (req->p < 1 || req->p > LP_P_MAX) {
        snprintf(err, errlen, "p must be an integer from 1 to %llu", (unsigned long long) LP_P_MAX);
        return LP_RUN_BAD_INPUT;
    }
    if (lp_study_check_positive("sigma", req->sigma, NULL, err, errlen))
        return LP_RUN_BAD_INPUT;
    if (req->radius == NULL || !lp_decimal_valid(req->radius) || lp_decimal_sign(req->radius) < 0) {
        snprintf(err, errlen, "radius must be a decimal number >= 0 (got '%s')", req->radius ? req->radius : "");
        return LP_RUN_BAD_INPUT;
    }
    /* q: a decimal in [0, 1], or a fraction N/D of integers read exactly (1/568) */
    qfrac = req->sampling_rate != NULL && strchr(req->sampling_rate, '/') != NULL;
    if (qfrac ? lp_rate_fraction(&qnum, &qden, req->sampling_rate) != 0 || qnum > qden
              : req->sampling_rate == NULL || !lp_decimal_valid(req->sampling_rate)
                || lp_decimal_sign(req->sampling_rate) < 0 || lp_decimal_compare(req->sampling_rate, "1") > 0) {
        snprintf(err, errlen, "sampling-rate must be a decimal number or a fraction N/D in [0, 1] (got '%s')",
                 req->sampling_rate ? req->sampling_rate : "");
        return LP_RUN_BAD_INPUT;
    }
    qsign = qfrac ? qnum > 0 : lp_decimal_sign(req->sampling_rate);
    qone = qfrac ? qnum == qden : lp_decimal_compare(req->sampling_rate, "1") == 0;
    if (req->steps < 1 || req->steps > LP_RUN_STEPS_MAX) {
        snprintf(err, errlen, "steps must be an integer from 1 to %llu", (unsigned long long) LP_RUN_STEPS_MAX);
        return LP_RUN_BAD_INPUT;
    }
    if (digits < 1 || digits > 30) {
        snprintf(err, errlen, "digits must be an integer from 1 to 30");
        return LP_RUN_BAD_INPUT;
    }

    memset(&c, 0, sizeof c);
    c.req = req;
    c.form = lp_form_find("gauss", "steiner");
    c.T = req->steps;
    c.prec = (slong) (3.33 * (digits + 10)) + 2 * digits_of(c.T) * 4 + 128;
    c.edigits = digits + 4;
    /* an evaluation of C costs more as p grows (about sqrt p terms): the
       budget shrinks with it, so that a run at p = 2^31 - 1 ends in a minute */
    c.evals_max = LP_RUN_EVALS_MAX;
    if (req->p > 100000) {
        c.evals_max = (long) (LP_RUN_EVALS_MAX * sqrt(100000.0 / (double) req->p));
        if (c.evals_max < 300)
            c.evals_max = 300;
    }
    c.sdigits = digits + 6 + digits_of(req->p);
    snprintf(c.ptext, sizeof c.ptext, "%llu", (unsigned long long) req->p);
    arb_init(c.sigma); arb_init(c.q); arb_init(c.log_q); arb_init(c.log_1mq); arb_init(c.lg_T1);
    arb_init(one_step); arb_init(step); arb_init(prod); arb_init(same); arb_init(lower);
    arb_init(c1); arb_init(t);
    arf_init(same_lo);
    lp_decimal_arb(c.sigma, req->sigma, c.prec);
    if (qfrac) {
        arb_set_ui(c.q, qnum);
        arb_div_ui(c.q, c.q, qden, c.prec);
    } else
        lp_decimal_arb(c.q, req->sampling_rate, c.prec);
    arb_log(c.log_q, c.q, c.prec);
    arb_neg(t, c.q);
    arb_log1p(c.log_1mq, t, c.prec);
    arb_set_ui(t, c.T + 1);
    arb_lgamma(c.lg_T1, t, c.prec);

    /* the one-step capacity, with digits enough for the T-th power */
    if (capacity_at(c1, &c, req->sigma, digits + 4 + digits_of(c.T)) != 0)
        c.failed = 1;
    arb_set(one_step, c1);
    arb_sub_ui(step, c1, 1, c.prec);
    arb_mul(step, step, c.q, c.prec);           /* q (C - 1) */
    arb_log1p(prod, step, c.prec);
    arb_mul_ui(prod, prod, c.T, c.prec);
    arb_exp(prod, prod, c.prec);                /* (1 - q + q C)^T */
    arb_add_ui(step, step, 1, c.prec);

    if (qsign == 0) {                           /* no step includes the example */
        arb_one(same);
        arb_one(lower);
        arb_one(prod);
    } else if (qone) {
        size_t i = point(&c, c.T);                  /* every step includes it */
        arf_t a, z;
        arf_init(a);
        arf_init(z);
        arb_get_lbound_arf(a, c.pt[i].lo, c.prec);
        arb_get_ubound_arf(z, c.pt[i].hi, c.prec);
        arb_set_interval_arf(same, a, z, c.prec);
        arb_set(lower, c.pt[i].lo);
        ilow = i;
        arf_clear(a);
        arf_clear(z);
    } else {
        lp_run_capacity_same_x_sum(same, &c, digits);
        ilow = lp_run_capacity_lower_best(lower, &c);
        {
            /* the bound is at least the capacity, so at least the lower bound */
            arf_t a, z;
            arf_init(a);
            arf_init(z);
            arb_get_lbound_arf(a, same, c.prec);
            arb_get_lbound_arf(z, lower, c.prec);
            if (arf_cmp(z, a) > 0) {
                arb_get_ubound_arf(a, same, c.prec);
                if (arf_cmp(z, a) <= 0) {
                    arb_set_interval_arf(same, z, a, c.prec);
                    arf_set(same_lo, z);
                }
            }
            arf_clear(a);
            arf_clear(z);
        }
    }

    lp_record_text(rec, "command", "run-capacity");
    lp_record_text(rec, "mechanism", "gauss");
    lp_record_int(rec, "p", (int64_t) req->p);
    lp_record_text(rec, "sigma", req->sigma);
    lp_record_text(rec, "radius", req->radius);
    if (req->noise_multiplier)
        lp_record_text(rec, "noise_multiplier", req->noise_multiplier);
    if (req->clip)
        lp_record_text(rec, "clip", req->clip);
    lp_record_text(rec, "sampling_rate", req->sampling_rate);
    lp_record_int(rec, "steps", (int64_t) req->steps);
    if (c.failed) {
        least = 0;
        lp_record_null(rec, "capacity_gauss");
    } else {
        record_bound(rec, "capacity_gauss", one_step, NULL, digits, &least, c.prec);
        record_bound(rec, "capacity_step", step, NULL, digits, &least, c.prec);
        record_bound(rec, "capacity_lower", lower, NULL, digits, &least, c.prec);
        lp_record_int(rec, "capacity_lower_k", qsign == 0 ? 0 : (int64_t) c.pt[ilow].k);
        record_bound(rec, "capacity_upper_same", same, same_lo, digits, &least, c.prec);
        record_bound(rec, "capacity_upper_adaptive", prod, NULL, digits, &least, c.prec);
    }
    lp_record_int(rec, "evaluations", c.evals);
    lp_study_record_status(rec, least, c.prec);
    lp_record_text(rec, "note", "capacity_lower <= the run's capacity <= capacity_upper_same (the same "
                   "clipped gradient at every step) <= capacity_upper_adaptive (any gradients in the ball, "
                   "chosen adaptively); capacity_step = 1 - q + q capacity_gauss (exact); leakproof(1), RUN "
                   "CAPACITY");

    for (size_t i = 0; i < c.npt; i++) {
        arb_clear(c.pt[i].lo);
        arb_clear(c.pt[i].hi);
    }
    free(c.pt);
    arb_clear(c.sigma); arb_clear(c.q); arb_clear(c.log_q); arb_clear(c.log_1mq); arb_clear(c.lg_T1);
    arb_clear(one_step); arb_clear(step); arb_clear(prod); arb_clear(same); arb_clear(lower);
    arb_clear(c1); arb_clear(t);
    arf_clear(same_lo);
    if (c.failed)
        return LP_RUN_UNCERTIFIED;
    return least >= digits ? LP_RUN_OK : LP_RUN_UNCERTIFIED;
}
