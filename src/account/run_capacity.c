/* The Bayes capacity of a DP-SGD run (Poisson sampling, T steps, Gaussian
 * noise on the ball): the one-step capacity through the registry, then the
 * product bound, the same-x binomial bound and the lower bound, certified.
 * The derivation and the contract are in run_capacity.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpfr.h>
#include "account/run_capacity.h"
#include "account/account.h"
#include "channel/channel.h"
#include "channel/study.h"

typedef struct {
    uint64_t k;
    int have_lo, have_hi;
    arb_t lo, hi;       /* C(p, sigma/sqrt k, R) >= lo's lower end, <= hi's upper end */
} cap_point;

typedef struct {
    uint64_t k1, k2;    /* the steps k1..k2 */
    size_t ilo, ihi;    /* points at some k <= k1 and at k2 */
    arb_t c;            /* encloses sum_{k1..k2} b_k C_k */
} block;

typedef struct {
    const lp_run_capacity_request *req;
    const lp_form *form;
    uint64_t T;
    slong prec, edigits, sdigits;
    arb_t sigma, q, log_q, log_1mq, lg_T1;
    char ptext[24];
    cap_point *pt;
    size_t npt, ptcap;
    long evals, evals_max;
    int failed;
} run_ctx;

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
static size_t
point_ends(run_ctx *c, uint64_t k, int want_hi)
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
    return point_ends(c, k, 1);
}

/* b_k = binom(T,k) q^k (1-q)^(T-k), 0 < q < 1 */
static void
binom_term(arb_t b, const run_ctx *c, uint64_t k)
{
    arb_t u;
    arb_init(u);
    arb_set(b, c->lg_T1);
    arb_set_ui(u, k + 1);
    arb_lgamma(u, u, c->prec);
    arb_sub(b, b, u, c->prec);
    arb_set_ui(u, c->T - k + 1);
    arb_lgamma(u, u, c->prec);
    arb_sub(b, b, u, c->prec);
    arb_mul_ui(u, c->log_q, k, c->prec);
    arb_add(b, b, u, c->prec);
    arb_mul_ui(u, c->log_1mq, c->T - k, c->prec);
    arb_add(b, b, u, c->prec);
    arb_exp(b, b, c->prec);
    arb_clear(u);
}

/* log of b_{k+1} / b_k = (T-k) q / ((k+1)(1-q)), k < T */
static void
log_ratio(arb_t l, const run_ctx *c, uint64_t k)
{
    arb_t u;
    arb_init(u);
    arb_set_ui(l, c->T - k);
    arb_log(l, l, c->prec);
    arb_set_ui(u, k + 1);
    arb_log(u, u, c->prec);
    arb_sub(l, l, u, c->prec);
    arb_add(l, l, c->log_q, c->prec);
    arb_sub(l, l, c->log_1mq, c->prec);
    arb_clear(u);
}

/* G = sum_{j<n} rho^j with log rho = l (n >= 1), a ball containing it */
static void
geometric(arb_t G, const arb_t l, uint64_t n, slong prec)
{
    arb_t t, u;
    arb_init(t);
    arb_init(u);
    if (!arb_contains_zero(l)) {
        arb_mul_ui(t, l, n, prec);
        arb_expm1(t, t, prec);
        arb_expm1(u, l, prec);
        arb_div(G, t, u, prec);
    }
    if (arb_contains_zero(l) || !arb_is_finite(G)) {
        /* every term lies between 1 and rho^(n-1) */
        arf_t a, b;
        arf_init(a);
        arf_init(b);
        arb_mul_ui(t, l, n - 1, prec);
        arb_exp(t, t, prec);
        arb_get_lbound_arf(a, t, prec);
        arb_get_ubound_arf(b, t, prec);
        if (arf_cmp_si(a, 1) > 0)
            arf_one(a);
        if (arf_cmp_si(b, 1) < 0)
            arf_one(b);
        arb_set_interval_arf(G, a, b, prec);
        arb_mul_ui(G, G, n, prec);
        arf_clear(a);
        arf_clear(b);
    }
    arb_clear(t);
    arb_clear(u);
}

/* blk->c encloses sum_{k1..k2} b_k C_k: C between the points, the binomial
 * mass between two geometric series (the ratio decreases in k). */
static void
block_sum(run_ctx *c, block *blk)
{
    uint64_t n = blk->k2 - blk->k1 + 1;
    arb_t b, glo, ghi, x, y;
    arf_t a, z;
    arb_init(b); arb_init(glo); arb_init(ghi); arb_init(x); arb_init(y);
    arf_init(a); arf_init(z);
    binom_term(b, c, blk->k1);
    if (n == 1) {
        arb_one(glo);
        arb_one(ghi);
    } else {
        log_ratio(x, c, blk->k2 - 1);
        geometric(glo, x, n, c->prec);
        log_ratio(x, c, blk->k1);
        geometric(ghi, x, n, c->prec);
    }
    arb_mul(x, b, glo, c->prec);
    arb_mul(x, x, c->pt[blk->ilo].lo, c->prec);
    arb_mul(y, b, ghi, c->prec);
    arb_mul(y, y, c->pt[blk->ihi].hi, c->prec);
    arb_get_lbound_arf(a, x, c->prec);
    arb_get_ubound_arf(z, y, c->prec);
    if (arf_sgn(a) < 0)
        arf_zero(a);
    if (arf_cmp(a, z) > 0)          /* only when a ball is not finite */
        arf_set(a, z);
    arb_set_interval_arf(blk->c, a, z, c->prec);
    arb_clear(b); arb_clear(glo); arb_clear(ghi); arb_clear(x); arb_clear(y);
    arf_clear(a); arf_clear(z);
}

static block *
add_block(block **v, size_t *n, size_t *cap, uint64_t k1, uint64_t k2, size_t ilo, size_t ihi)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 64;
        *v = realloc(*v, *cap * sizeof **v);
        if (*v == NULL)
            abort();
    }
    (*v)[*n].k1 = k1;
    (*v)[*n].k2 = k2;
    (*v)[*n].ilo = ilo;
    (*v)[*n].ihi = ihi;
    arb_init((*v)[*n].c);
    return &(*v)[(*n)++];
}

/* The same-x bound: sum_{k=0}^{T} b_k C_k, 0 < q < 1, refined by halving the
 * widest blocks until `digits` are certified or the evaluations run out. */
static void
same_x_sum(arb_t total, run_ctx *c, slong digits)
{
    block *v = NULL;
    size_t n = 0, cap = 0, prev = point(c, 0);
    arb_t t;
    arf_t thr, r, big;
    arb_init(t);
    arf_init(thr); arf_init(r); arf_init(big);
    add_block(&v, &n, &cap, 0, 0, prev, prev);
    for (uint64_t k1 = 1; k1 <= c->T; k1 = 2 * k1) {
        uint64_t k2 = 2 * k1 - 1 > c->T ? c->T : 2 * k1 - 1;
        size_t hi = point(c, k2);
        add_block(&v, &n, &cap, k1, k2, k1 == k2 ? hi : prev, hi);
        prev = hi;
    }
    for (size_t i = 0; i < n; i++)
        block_sum(c, &v[i]);
    for (;;) {
        size_t m = n, split = 0;
        arb_zero(total);
        for (size_t i = 0; i < n; i++)
            arb_add(total, total, v[i].c, c->prec);
        if (c->failed || lp_study_accurate(total, digits + 1) || c->evals + 2 > c->evals_max)
            break;
        /* split the blocks wider than max(target / 2n, widest / 8) */
        arb_get_lbound_arf(thr, total, c->prec);
        arf_mul_2exp_si(thr, thr, -(slong) (3.33 * (digits + 2)) - 1);
        arf_div_ui(thr, thr, n, 30, ARF_RND_DOWN);
        arf_zero(big);
        for (size_t i = 0; i < n; i++)
            if (v[i].k1 < v[i].k2) {
                arf_set_mag(r, arb_radref(v[i].c));
                if (arf_cmp(r, big) > 0)
                    arf_set(big, r);
            }
        arf_mul_2exp_si(big, big, -3);
        if (arf_cmp(big, thr) > 0)
            arf_set(thr, big);
        for (size_t i = 0; i < m && c->evals + 2 <= c->evals_max; i++) {
            uint64_t k1 = v[i].k1, k2 = v[i].k2, mid;
            size_t im;
            if (k1 == k2)
                continue;
            arf_set_mag(r, arb_radref(v[i].c));
            if (arf_cmp(r, thr) < 0 || arf_is_zero(r))
                continue;
            mid = k1 + (k2 - k1) / 2;
            im = point(c, mid);
            {
                size_t ilo = v[i].ilo, ihi = v[i].ihi;
                block *right = add_block(&v, &n, &cap, mid + 1, k2, mid + 1 == k2 ? ihi : im, ihi);
                block_sum(c, right);
                v[i].k2 = mid;
                v[i].ihi = im;
                v[i].ilo = k1 == mid ? im : ilo;
                block_sum(c, &v[i]);
            }
            split++;
        }
        if (split == 0)
            break;
    }
    for (size_t i = 0; i < n; i++)
        arb_clear(v[i].c);
    free(v);
    arb_clear(t);
    arf_clear(thr); arf_clear(r); arf_clear(big);
}

/* L_k = (1-q)^k + q^k C(p, sigma/sqrt k rounded up, R) <= C_T for 1 <= k <= T */
static void
lower_at(arb_t L, run_ctx *c, size_t i)
{
    arb_t u;
    uint64_t k = c->pt[i].k;
    arb_init(u);
    arb_mul_ui(u, c->log_q, k, c->prec);
    arb_exp(u, u, c->prec);
    arb_mul(L, u, c->pt[i].lo, c->prec);
    if (arb_is_finite(c->log_1mq)) {          /* q = 1: (1-q)^k = 0 */
        arb_mul_ui(u, c->log_1mq, k, c->prec);
        arb_exp(u, u, c->prec);
        arb_add(L, L, u, c->prec);
    }
    arb_clear(u);
}

static double
lower_log(run_ctx *c, uint64_t k)
{
    arb_t L;
    double d;
    arb_init(L);
    lower_at(L, c, point_ends(c, k, 0));
    arb_log(L, L, c->prec);
    d = arf_get_d(arb_midref(L), ARF_RND_NEAR);
    arb_clear(L);
    return isfinite(d) ? d : -HUGE_VAL;
}

/* The best k for the lower bound: a golden-section search of log L_k over
 * 1..T (a double heuristic that only chooses k: any k gives a valid bound),
 * after a look at the end T (where L_k still grows at T, the search is
 * skipped), then the best of every point evaluated. */
static size_t
lower_best(arb_t L, run_ctx *c)
{
    uint64_t a = 1, b = c->T;
    size_t best = point_ends(c, 1, 0);
    arb_t x;
    arb_init(x);
    if (c->T >= 2 && lower_log(c, c->T) >= lower_log(c, c->T - 1))
        a = b;
    else if (b - a > 3) {
        const double g = 0.3819660112501051;
        uint64_t m1 = a + (uint64_t) (g * (double) (b - a)), m2 = b - (uint64_t) (g * (double) (b - a));
        double f1 = lower_log(c, m1), f2 = lower_log(c, m2);
        for (int it = 0; it < 80 && b - a > 3 && !c->failed; it++) {
            if (f1 < f2) {
                a = m1 + 1;
                m1 = m2;
                f1 = f2;
                m2 = b - (uint64_t) (g * (double) (b - a));
                if (m2 <= m1)
                    m2 = m1 + 1;
                f2 = lower_log(c, m2);
            } else {
                b = m2 - 1;
                m2 = m1;
                f2 = f1;
                m1 = a + (uint64_t) (g * (double) (b - a));
                if (m1 >= m2)
                    m1 = m2 - 1;
                f1 = lower_log(c, m1);
            }
            if (m1 < a || m2 > b || m1 >= m2)
                break;
        }
    }
    for (uint64_t k = a; k <= b && !c->failed && k - a < 4; k++)
        point_ends(c, k, 0);
    lower_at(L, c, best);
    for (size_t i = 0; i < c->npt; i++) {
        if (c->pt[i].k == 0 || !c->pt[i].have_lo)
            continue;
        lower_at(x, c, i);
        if (arf_cmp(arb_midref(x), arb_midref(L)) > 0) {
            arb_set(L, x);
            best = i;
        }
    }
    arb_clear(x);
    return best;
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
        same_x_sum(same, &c, digits);
        ilow = lower_best(lower, &c);
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
