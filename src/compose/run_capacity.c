/* The Bayes capacity of a DP-SGD run (Poisson sampling, T steps, Gaussian
 * noise on the ball): the study and its record -- the product bound -- with
 * the capacity points C(p, sigma/sqrt k, R) in run_capacity_points.c, the
 * same-x binomial bound in run_capacity_sum.c and the lower bound in
 * run_capacity_lower.c, certified.  The derivation and the
 * contract are in run_capacity.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpfr.h>
#include "compose/run_capacity_internal.h"
#include "core/decimal_ops.h"
#include "core/study.h"
#include "core/precision_loop.h"
#include "core/attacker.h"

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
    if (lp_run_capacity_at(c1, &c, req->sigma, digits + 4 + digits_of(c.T)) != 0)
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
        lp_attacker_absent(rec, "no bound on an attacker: the run's capacity was not certified");
    } else {
        record_bound(rec, "capacity_gauss", one_step, NULL, digits, &least, c.prec);
        record_bound(rec, "capacity_step", step, NULL, digits, &least, c.prec);
        record_bound(rec, "capacity_lower", lower, NULL, digits, &least, c.prec);
        lp_record_int(rec, "capacity_lower_k", qsign == 0 ? 0 : (int64_t) c.pt[ilow].k);
        record_bound(rec, "capacity_upper_same", same, same_lo, digits, &least, c.prec);
        if (req->upper_same != NULL)
            arb_set(req->upper_same, same);
        record_bound(rec, "capacity_upper_adaptive", prod, NULL, digits, &least, c.prec);
        /* what the run's capacity means for an attacker: the upper bound's */
        lp_attacker_record_capacity(rec, prod, c.prec);
    }
    lp_record_int(rec, "evaluations", c.evals);
    lp_ziv_record(rec, least, c.prec);
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
