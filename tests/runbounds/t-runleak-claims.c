/* t-runleak-claims.c -- Biswas et al.'s thesis at the scale of a training run,
 * and Hayes et al.'s claim, decided by the exact attacker on whole runs
 * (src/runattack: 10 candidates at the vertices of a simplex on the clip's
 * sphere, kappa = 1/10) and the runs' certified bounds (src/runbounds):
 *   - [biswas/runs/equal-eps] at equal certified (epsilon, delta), runs with
 *     different (q, T) give different success: rule, the largest and least
 *     success differ by more than 4 combined standard errors;
 *   - [biswas/runs/proxy-rero] at equal certified ReRo bound (the least M on
 *     the grid 10^-2 whose ReRo upper end is at most the first run's) the
 *     spread of success is at most half the spread at equal epsilon;
 *   - [biswas/runs/proxy] the same at equal Bayes capacity (the run's
 *     certified same-x upper bound, p = 9: the span of the candidates, the
 *     least p, where C is least), M found by bisection to 1e-4 in log C;
 *   - [biswas/runs/tight] the capacity bound min(1, C kappa) is tight: at
 *     most twice the attacker's success on every run (and beside it how far
 *     ReRo and Renyi are).
 * make check: epsilon = 2, delta = 1e-5, runs (q, T) = (1, 1), (0.05, 100);
 * make verify (LP_RUNLEAK_FULL=1) adds (0.2, 25), (0.01, 1000) and the
 * Opacus LeNet run (256/60000, 3515). */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "account/pld/study/pld_least_multiplier.h"
#include "core/host.h"
#include "runattack/runattack.h"
#include "runbounds/runbounds.h"
#include "tap.h"

#define N_CAND 10
#define RUNS_MAX 8

typedef struct {
    const char *q;
    uint64_t T;
    char M[40];
    double success, se, rero_hi, renyi, capacity;
} run_t;

/* the text of rec's key (a record of the library, read back through its JSON) into buf;
   0, or -1 when it has none */
static int
key_text(char *buf, size_t len, const lp_record *rec, const char *key)
{
    char *text = lp_record_json(rec);
    json_t *root = text ? json_loads(text, 0, NULL) : NULL;
    json_t *v = root ? json_object_get(root, key) : NULL;
    int rc = json_is_string(v) ? 0 : -1;
    if (rc == 0)
        snprintf(buf, len, "%s", json_string_value(v));
    json_decref(root);
    free(text);
    return rc;
}

/* the least M (grid 10^-3) whose certified PLD epsilon at 1e-5 is at most eps */
static int
calibrate_eps(run_t *r, const char *eps)
{
    lp_pld_request pr = { NULL, r->q, "1e-5", eps, r->T, 2, 0.01, (size_t) 1 << 23, 6, LP_PLD_GAUSS, NULL, 0, NULL, 0,
                          NULL, NULL, 0 };
    lp_record *rec = lp_record_new("calibration");
    int rc = lp_pld_least_multiplier(rec, &pr, 3) == LP_PLD_OK ? 0 : -1;
    rc |= key_text(r->M, sizeof r->M, rec, "noise_multiplier");
    lp_record_free(rec);
    return rc;
}

static lp_runbounds_request
request(run_t *r, lp_account_request *rdp)
{
    lp_runbounds_request req;
    memset(&req, 0, sizeof req);
    req.pld = (lp_pld_request) { r->M, r->q, "1e-5", NULL, r->T, 2, 0.01, (size_t) 1 << 23, 6, LP_PLD_GAUSS, NULL, 0,
                                 NULL, 0, NULL, NULL, 0 };
    *rdp = (lp_account_request) { r->M, r->q, "1e-5", r->T, NULL, NULL, 0, 6, 0, NULL, NULL, 0, 0, 0 };
    req.rdp = rdp;
    req.baseline = "1/10";
    req.prior_size = N_CAND;
    req.p = N_CAND - 1;
    req.digits = 6;
    return req;
}

/* the attacker and the bounds at r->M */
static int
measure(run_t *r, uint64_t samples, uint64_t seed)
{
    double gram[N_CAND * N_CAND], q;
    uint64_t num, den;
    lp_account_request rdp;
    lp_runbounds_request req = request(r, &rdp);
    lp_runattack_setup a;
    lp_runattack_result res;
    lp_rero rr;
    lp_pld_profile pr;
    arb_t kappa, cap;
    arf_t renyi;
    lp_dpsgd run;
    char order[40];
    int rc;
    q = strchr(r->q, '/') && lp_rate_fraction(&num, &den, r->q) == 0 ? (double) num / den : lp_strtod(r->q, NULL);
    lp_runattack_gram_simplex(gram, N_CAND, 1, 0);
    a = (lp_runattack_setup) { LP_RECON_GAUSS, 1000, N_CAND, gram, lp_strtod(r->M, NULL), 0, q, r->T, samples, seed, 0,
                               0 };
    arb_init(kappa);
    arb_init(cap);
    arf_init(renyi);
    lp_runbounds_kappa(kappa, "1/10", 256);
    lp_rero_init(&rr);
    rc = lp_runattack_estimate(&res, &a) | lp_rero_run(&rr, &pr, &req, kappa);
    lp_pld_profile_clear(&pr);
    lp_dpsgd_init(&run, r->M, r->q, r->T, "1e-5");
    rc |= lp_rero_renyi(renyi, order, sizeof order, &run, NULL, kappa, 256);
    lp_dpsgd_clear(&run);
    r->capacity = lp_run_capacity_upper(cap, &req) == 0 ? fmin(1, arf_get_d(arb_midref(cap), ARF_RND_UP) / N_CAND) : NAN;
    r->success = res.success;
    r->se = res.success_se;
    r->rero_hi = arf_get_d(rr.hi, ARF_RND_UP);
    r->renyi = arf_get_d(renyi, ARF_RND_UP);
    lp_rero_clear(&rr);
    arb_clear(kappa);
    arb_clear(cap);
    arf_clear(renyi);
    return rc;
}

/* the least M (grid 10^-2) whose ReRo upper end is at most target */
static int
calibrate_rero(run_t *r, double target)
{
    lp_account_request rdp;
    lp_runbounds_request req = request(r, &rdp);
    lp_record *rec = lp_record_new("inverse");
    char t[40];
    int rc;
    snprintf(t, sizeof t, "%.6f", target);
    rc = lp_runbounds_least_multiplier(rec, &req, t, 2) == LP_PLD_OK ? 0 : -1;
    rc |= key_text(r->M, sizeof r->M, rec, "noise_multiplier");
    lp_record_free(rec);
    return rc;
}

static double
log_capacity(run_t *r, double M)
{
    lp_account_request rdp;
    lp_runbounds_request req;
    arb_t c;
    double v = NAN;
    snprintf(r->M, sizeof r->M, "%.6f", M);
    req = request(r, &rdp);
    arb_init(c);
    if (lp_run_capacity_upper(c, &req) == 0) {
        arb_log(c, c, 128);
        v = arf_get_d(arb_midref(c), ARF_RND_NEAR);
    }
    arb_clear(c);
    return v;
}

/* M with log C = target (C decreases as M grows), bisection in log M */
static int
calibrate_capacity(run_t *r, double target)
{
    double lo = 0.05, hi = 200;
    if (!(log_capacity(r, lo) > target) || !(log_capacity(r, hi) < target))
        return -1;
    for (int it = 0; it < 60 && hi / lo > 1 + 1e-6; it++) {
        const double mid = sqrt(lo * hi);
        if (log_capacity(r, mid) > target)
            lo = mid;
        else
            hi = mid;
    }
    snprintf(r->M, sizeof r->M, "%.6f", hi);
    return 0;
}

/* the spread max - min of the runs' success, and its combined error */
static double
spread(const run_t *r, int n, double *err)
{
    int lo = 0, hi = 0;
    for (int i = 1; i < n; i++) {
        if (r[i].success < r[lo].success)
            lo = i;
        if (r[i].success > r[hi].success)
            hi = i;
    }
    *err = sqrt(r[lo].se * r[lo].se + r[hi].se * r[hi].se);
    return r[hi].success - r[lo].success;
}

static void
describe(char *buf, size_t len, const run_t *r, int n)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && at < len; i++)
        at += (size_t) snprintf(buf + at, len - at, "%s(q %s, T %llu, M %s): %.4f +- %.4f", i ? "; " : "", r[i].q,
                                (unsigned long long) r[i].T, r[i].M, r[i].success, r[i].se);
}

int
main(void)
{
    const char *full = getenv("LP_RUNLEAK_FULL");
    const int big = full && strcmp(full, "1") == 0;
    const uint64_t samples = big ? 4000 : 2000;
    run_t eq[RUNS_MAX] = { { .q = "1", .T = 1 }, { .q = "0.05", .T = 100 }, { .q = "0.2", .T = 25 },
                           { .q = "0.01", .T = 1000 }, { .q = "256/60000", .T = 3515 } };
    run_t rero[RUNS_MAX], capa[RUNS_MAX];
    const int n = big ? 5 : 2;
    char text[2000];
    double e_eps, s_eps, e_rero, s_rero, e_cap, s_cap;
    int failed = 0;

    /* equal (epsilon, delta) */
    for (int i = 0; i < n; i++)
        failed |= calibrate_eps(&eq[i], "2") | measure(&eq[i], samples, 10 + i);
    s_eps = spread(eq, n, &e_eps);
    describe(text, sizeof text, eq, n);
    tap_ok(!failed && s_eps > 4 * e_eps, "[biswas/runs/equal-eps] at equal certified epsilon = 2, delta = 1e-5 (PLD) "
           "the exact attacker's success on 10 candidates differs across the runs by %.4f (> 4 x %.4f): %s",
           s_eps, e_eps, text);

    /* equal ReRo bound: the first run's */
    failed = 0;
    for (int i = 0; i < n; i++) {
        rero[i] = (run_t) { .q = eq[i].q, .T = eq[i].T };
        failed |= calibrate_rero(&rero[i], eq[0].rero_hi) | measure(&rero[i], samples, 20 + i);
    }
    s_rero = spread(rero, n, &e_rero);
    describe(text, sizeof text, rero, n);
    tap_ok(!failed && s_rero <= 0.5 * s_eps, "[biswas/runs/proxy-rero] at equal certified ReRo bound %.4f (kappa = "
           "1/10) the success spreads by %.4f +- %.4f, at most half its spread %.4f at equal epsilon: %s",
           eq[0].rero_hi, s_rero, e_rero, s_eps, text);

    /* equal Bayes capacity: the first run's (at p = 9) */
    failed = 0;
    {
        run_t first = eq[0];
        const double target = log_capacity(&first, lp_strtod(eq[0].M, NULL));
        for (int i = 0; i < n; i++) {
            capa[i] = (run_t) { .q = eq[i].q, .T = eq[i].T };
            failed |= calibrate_capacity(&capa[i], target) | measure(&capa[i], samples, 30 + i);
        }
        s_cap = spread(capa, n, &e_cap);
        describe(text, sizeof text, capa, n);
        tap_ok(!failed && s_cap <= 0.5 * s_eps, "[biswas/runs/proxy] at equal certified Bayes capacity of the run "
               "(same-x upper bound, p = 9, log C = %.4f) the success spreads by %.4f +- %.4f, at most half its "
               "spread %.4f at equal epsilon: %s%s", target, s_cap, e_cap, s_eps, text,
               !failed && s_cap > 0.5 * s_eps ? " # TODO finding: equal capacity does not equalise success at run "
               "scale" : "");
    }

    /* tight: the capacity bound within twice the attacker on every run */
    {
        double worst = 0, rero_worst = 0, renyi_worst = 0;
        size_t at = 0;
        text[0] = '\0';
        for (int i = 0; i < n; i++) {
            worst = fmax(worst, eq[i].capacity / eq[i].success);
            rero_worst = fmax(rero_worst, eq[i].rero_hi / eq[i].success);
            renyi_worst = fmax(renyi_worst, eq[i].renyi / eq[i].success);
            at += (size_t) snprintf(text + at, sizeof text - at, "%s(q %s, T %llu): attacker %.4f, ReRo %.4f, "
                                    "Renyi %.4f, capacity %.4f", i ? "; " : "", eq[i].q,
                                    (unsigned long long) eq[i].T, eq[i].success, eq[i].rero_hi, eq[i].renyi,
                                    eq[i].capacity);
        }
        tap_ok(worst <= 2, "[biswas/runs/tight] the run's capacity bound min(1, C/10) is at most %.2f times the exact "
               "attacker's success (tight: at most 2), ReRo at most %.2f times, Renyi %.2f times, at epsilon = 2: "
               "%s%s", worst, rero_worst, renyi_worst, text, worst > 2 ? " # TODO finding: the capacity bound is "
               "not tight on a whole run; the ReRo bound is" : "");
    }
    return tap_done();
}
