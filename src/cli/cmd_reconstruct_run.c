/* cmd_reconstruct_run.c -- `leakproof reconstruct gauss|vmf ... --sampling-rate
 * Q --steps T (--noise-multiplier M | --epsilon E --delta D | --kappa K)`: the
 * Bayes-optimal attacker on a whole DP-SGD run (src/runattack/, Hayes et
 * al.'s informed adversary) and beside it the run's certified bounds at its
 * baseline 1/n (src/runbounds/): the run-to-attacker path in one command.
 * --epsilon E --delta D calibrates the run's multiplier through the PLD (the
 * least on the grid 10^-3 whose certified epsilon is at most E), not the
 * one-release calibration. */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cmd_reconstruct.h"
#include "account/pld/study/pld_least_multiplier.h"
#include "account/pld/study/pld_plan.h"
#include "cmd_account.h"
#include "core/budget.h"
#include "core/decimal_ops.h"
#include "mc/parallel.h"
#include "reconstruct/study.h"
#include "runattack/runattack.h"
#include "runbounds/runbounds.h"

static const char *const cmd = "reconstruct";
#define names lp_recon_names

int
lp_reconstruct_is_run(const char *const *v)
{
    return v[O_M] || v[O_Q] || v[O_T] || v[O_BATCH] || v[O_DATASET] || v[O_EPOCHS] || v[O_SAMPLING];
}

/* The run's numbers, read once from the checked texts (its mechanism's
   parameter -- the Gaussian's M, NULL before calibration, or the VMF's kappa
   -- and p, the rate, the steps, the grid's delta and the epsilon to meet),
   for the PLD's and the RDP's requests; run_values_clear it. */
typedef struct {
    lp_pld_phase run;
    lp_exact delta, eps;
} run_values;

static void
run_values_init(run_values *x, lp_pld_mech_id mech, const char *par0, uint64_t p, const char *q, uint64_t T,
                const char *delta, const char *eps)
{
    memset(x, 0, sizeof *x);
    x->run.mech = mech;
    lp_exact_init(&x->run.par[0], par0);
    lp_exact_init_ui(&x->run.par[1], p);
    lp_exact_init(&x->run.q, q);
    x->run.steps = T;
    lp_exact_init(&x->delta, delta);
    lp_exact_init(&x->eps, eps);
}

static void
run_values_clear(run_values *x)
{
    lp_exact_clear(&x->run.par[0]);
    lp_exact_clear(&x->run.par[1]);
    lp_exact_clear(&x->run.q);
    lp_exact_clear(&x->delta);
    lp_exact_clear(&x->eps);
}

/* the PLD's request of x's run (relation 2: add/remove, the worse; 3 with
   fixed batches: replace-one) */
static lp_pld_request
pld_request(const run_values *x, int fixed_batch)
{
    lp_pld_request pr;
    memset(&pr, 0, sizeof pr);
    pr.run = &x->run;
    pr.delta = &x->delta;
    pr.eps = x->eps.text ? &x->eps : NULL;
    pr.relation = fixed_batch ? 3 : 2;
    pr.width = 0.01;
    pr.max_n = LP_PLD_MAX_N;
    pr.digits = 6;
    pr.fixed_batch = fixed_batch;
    return pr;
}

/* the least multiplier whose certified PLD epsilon at delta is at most eps
   (pld_least_multiplier.c), its text into M; 0, or an exit status */
static int
calibrate(char *M, size_t len, const char *q, uint64_t T, const char *eps, const char *delta)
{
    run_values x;
    lp_pld_request pr;
    lp_record *rec = lp_record_new("calibration");
    run_values_init(&x, LP_PLD_GAUSS, NULL, 0, q, T, delta, eps);
    pr = pld_request(&x, 0);
    int st = lp_pld_least_multiplier(rec, &pr, 3), rc = 0;
    char *text = st == LP_PLD_OK ? lp_record_json(rec) : NULL;
    json_t *root = text ? json_loads(text, 0, NULL) : NULL;
    json_t *m = root ? json_object_get(root, "noise_multiplier") : NULL;
    if (json_is_string(m))
        lp_snprintf(M, len, "%s", json_string_value(m));
    else if (st == LP_PLD_OUT_OF_MEMORY || st == LP_PLD_INTERRUPTED)
        rc = st == LP_PLD_OUT_OF_MEMORY ? LP_EXIT_RESOURCES : LP_EXIT_INTERRUPTED;
    else
        rc = lp_usage_error(cmd, "--epsilon %s: no multiplier up to 1e4 meets it at --delta %s over this run (PLD)",
                            eps, delta);
    json_decref(root);
    free(text);
    lp_record_free(rec);
    run_values_clear(&x);
    return rc;
}

/* q and T: --sampling-rate Q --steps T, or --batch B --dataset-size N --epochs
   E (q = B/N exactly, T = E ceil(N/B): a DataLoader's batches) */
static int
run_shape(char *qbuf, size_t qlen, uint64_t *T, const char *const *v)
{
    arb_t q;
    int rc = 0;
    if (v[O_BATCH] || v[O_DATASET] || v[O_EPOCHS]) {
        uint64_t B, N, E;
        if (v[O_Q] || v[O_T])
            return lp_usage_error(cmd, "--batch, --dataset-size and --epochs give the rate and the steps: not with "
                                  "--sampling-rate or --steps");
        if (!v[O_BATCH] || !v[O_DATASET] || !v[O_EPOCHS])
            return lp_usage_error(cmd, "--batch, --dataset-size and --epochs go together");
        if (lp_decimal_uint64(&B, v[O_BATCH]) || B < 1 || lp_decimal_uint64(&N, v[O_DATASET]) || N < B
            || N > UINT64_C(1000000000000) || lp_decimal_uint64(&E, v[O_EPOCHS]) || E < 1 || E > 100000)
            return lp_usage_error(cmd, "--batch B, --dataset-size N, --epochs E: integers with 1 <= B <= N <= 1e12, "
                                  "1 <= E <= 1e5");
        lp_snprintf(qbuf, qlen, "%llu/%llu", (unsigned long long) B, (unsigned long long) N);
        *T = E * ((N + B - 1) / B);
    } else {
        if (!v[O_Q] || !v[O_T])
            return lp_usage_error(cmd, "a whole run needs --sampling-rate and --steps (or --batch, --dataset-size "
                                  "and --epochs)");
        lp_snprintf(qbuf, qlen, "%s", v[O_Q]);
        if (lp_decimal_uint64(T, v[O_T]) || *T < 1)
            return lp_usage_error(cmd, "--steps must be an integer from 1 to %llu (got '%s')",
                                  (unsigned long long) LP_RUNATTACK_STEPS_MAX, v[O_T]);
    }
    if (*T > LP_RUNATTACK_STEPS_MAX)
        return lp_usage_error(cmd, "--steps: at most %llu steps (got %llu)", (unsigned long long) LP_RUNATTACK_STEPS_MAX,
                              (unsigned long long) *T);
    arb_init(q);
    if (lp_runbounds_kappa(q, qbuf, 128) != 0 || !(lp_strtod(strchr(qbuf, '/') ? "1" : qbuf, NULL) >= 1e-300))
        rc = lp_usage_error(cmd, "--sampling-rate must be a decimal or a fraction N/D in (0, 1] (got '%s')", qbuf);
    arb_clear(q);
    return rc;
}

/* the candidates' Gram matrix (and m0 last, vmf at q < 1) */
static double *
gram_of(const lp_recon_setup *s, uint64_t d, int with_m0, char *err, size_t errlen)
{
    const int side = s->n + with_m0;
    double *g = malloc((size_t) side * (size_t) side * sizeof *g), *pts = NULL;
    if (g == NULL) {
        lp_snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (s->prior == LP_PRIOR_SIMPLEX) {
        if (d + 1 < (uint64_t) s->n + (uint64_t) with_m0) {
            lp_snprintf(err, errlen, "--prior simplex: --n %d vertices need --p at least %d%s", s->n, s->n - 1 + with_m0,
                        with_m0 ? " (and the others' direction one more)" : "");
            free(g);
            return NULL;
        }
        lp_runattack_gram_simplex(g, s->n, s->noise == LP_RECON_VMF ? 1 : s->radius, with_m0);
        return g;
    }
    pts = malloc((size_t) s->n * (size_t) s->p * sizeof *pts);
    if (pts == NULL) {
        lp_snprintf(err, errlen, "out of memory");
        free(g);
        return NULL;
    }
    lp_recon_points(pts, s);
    {
        double m0[LP_RECON_P_MAX], norm = 0;
        lp_stream r;
        lp_stream_init(&r, s->seed, LP_STREAM_RUN_SETUP, 0);
        do {            /* the others' direction: uniform on the sphere, from the seed */
            norm = 0;
            for (int i = 0; i < s->p; i++) {
                m0[i] = lp_stream_normal(&r);
                norm += m0[i] * m0[i];
            }
        } while (norm == 0);
        for (int i = 0; i < s->p; i++)
            m0[i] /= sqrt(norm);
        lp_runattack_gram_points(g, pts, s->n, s->p, with_m0 ? m0 : NULL);
    }
    free(pts);
    return g;
}

int
lp_reconstruct_run(lp_recon_setup *s, uint64_t d, const char *const *v, int json, int estimate, int progress,
                   double max_seconds)
{
    static const int refused[] = { O_SIGMA, O_B, O_CAPACITY, O_RELATION, O_INNER, O_PRIOR_SCALE, O_BALL };
    const int vmf = s->noise == LP_RECON_VMF;
    char qbuf[64], M[64], err[300], what[64], msg[400], kappa_text[64] = "";
    uint64_t T;
    int rc, fixed_batch = 0;
    lp_runattack_setup a = { 0 };
    run_values x;
    lp_runbounds_request br;
    lp_account_request rdp;
    lp_vmf_step vstep;
    double *gram, work;
    lp_record *rec;

    if (s->noise == LP_RECON_LAPLACE)
        return lp_usage_error(cmd, "a whole run: gauss or vmf (laplace takes one release)");
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        if (v[refused[i]])
            return lp_usage_error(cmd, "%s does not apply to a whole run (%s)", names[refused[i]],
                                  refused[i] == O_SIGMA ? "give the run's --noise-multiplier M: sigma = M times "
                                  "--radius, the clip" : refused[i] == O_RELATION ? "--sampling fixed-batch takes the "
                                  "replace-one bounds" : "a finite prior, the posterior exact");
    if (!lp_recon_prior_finite(s))
        return lp_usage_error(cmd, "--prior %s: a whole run's attacker takes a finite prior (points, sphere-points, "
                              "simplex, digits)", lp_recon_prior_name(s->prior));
    if (s->n > LP_RUNATTACK_N_MAX)
        return lp_usage_error(cmd, "--n must be an integer from 1 to %d with a whole run", LP_RUNATTACK_N_MAX);
    if ((rc = run_shape(qbuf, sizeof qbuf, &T, v)))
        return rc;
    if (v[O_SAMPLING] && strcmp(v[O_SAMPLING], "fixed-batch") == 0)
        fixed_batch = 1;
    else if (v[O_SAMPLING] && strcmp(v[O_SAMPLING], "poisson") != 0)
        return lp_usage_error(cmd, "--sampling must be poisson or fixed-batch (got '%s')", v[O_SAMPLING]);
    if (vmf) {
        if (v[O_M] || v[O_EPSILON])
            return lp_usage_error(cmd, "a VMF run takes its concentration --kappa (not %s)",
                                  v[O_M] ? "--noise-multiplier" : "--epsilon");
        if (!v[O_KAPPA] || !lp_decimal_valid(v[O_KAPPA]) || lp_decimal_sign(v[O_KAPPA]) <= 0
            || !(lp_strtod(v[O_KAPPA], NULL) < 1e300))
            return lp_usage_error(cmd, "a VMF run needs --kappa K, a decimal > 0 (got '%s')",
                                  v[O_KAPPA] ? v[O_KAPPA] : "");
        if (fixed_batch)
            return lp_usage_error(cmd, "--sampling fixed-batch: the Gaussian's (its replace-one pair)");
        lp_snprintf(kappa_text, sizeof kappa_text, "%s", v[O_KAPPA]);
        a.kappa = lp_strtod(v[O_KAPPA], NULL);
        s->scale = a.kappa;
    } else {
        if (v[O_KAPPA])
            return lp_usage_error(cmd, "--kappa does not apply to reconstruct gauss");
        if ((v[O_M] != NULL) == (v[O_EPSILON] != NULL))    /* --delta alone gives neither */
            return lp_usage_error(cmd, "a Gaussian run: give exactly one of --noise-multiplier M and --epsilon E "
                                  "with --delta D (the run's multiplier calibrated through the PLD)");
        if (v[O_M]) {
            const double m = lp_strtod(v[O_M], NULL);
            if (!lp_decimal_valid(v[O_M]) || !(m >= 0.01 && m <= 10000))
                return lp_usage_error(cmd, "--noise-multiplier must be a decimal in [0.01, 1e4] (got '%s')", v[O_M]);
            lp_snprintf(M, sizeof M, "%s", v[O_M]);
        } else {
            if (!v[O_EPSILON] || !v[O_DELTA])
                return lp_usage_error(cmd, "--epsilon and --delta go together");
            if (!lp_decimal_valid(v[O_EPSILON]) || !(lp_strtod(v[O_EPSILON], NULL) > 0 && lp_strtod(v[O_EPSILON], NULL) <= 10000))
                return lp_usage_error(cmd, "--epsilon must be a decimal in (0, 1e4] (got '%s')", v[O_EPSILON]);
            if ((rc = lp_arg_unit_interval(cmd, "--delta", v[O_DELTA], 1)))
                return rc;
            if (fixed_batch)
                return lp_usage_error(cmd, "--epsilon with --sampling fixed-batch: give --noise-multiplier (the PLD's "
                                      "calibration is add/remove's)");
            if (!estimate && (rc = calibrate(M, sizeof M, qbuf, T, v[O_EPSILON], v[O_DELTA])))
                return rc;
            if (estimate)
                lp_snprintf(M, sizeof M, "1");
        }
        a.sigma = lp_strtod(M, NULL) * s->radius;
        s->scale = a.sigma;
    }
    if (v[O_DELTA] && !v[O_EPSILON] && (rc = lp_arg_unit_interval(cmd, "--delta", v[O_DELTA], 1)))
        return rc;              /* the (eps, delta) bound's delta (with --epsilon, checked above) */
    a.noise = s->noise;
    a.d = d;
    a.n = s->n;
    a.q = lp_strtod(strchr(qbuf, '/') ? "0" : qbuf, NULL);
    if (strchr(qbuf, '/')) {
        uint64_t num, den;
        lp_rate_fraction(&num, &den, qbuf);
        a.q = (double) num / (double) den;
    }
    a.steps = T;
    a.samples = s->samples;
    a.seed = s->seed;
    a.threads = s->threads;
    a.progress = lp_err() != stderr ? 0 : progress ? 2 : 1;
    if ((gram = gram_of(s, d, vmf && a.q < 1, err, sizeof err)) == NULL)
        return lp_usage_error(cmd, "%s", err);
    a.gram = gram;
    if (!lp_runattack_check(&a, err, sizeof err)) {
        free(gram);
        return lp_usage_error(cmd, "%s", err);
    }
    /* the bounds at kappa = 1/n: the run as account --accountant pld takes it */
    memset(&br, 0, sizeof br);
    run_values_init(&x, vmf ? LP_PLD_VMF : LP_PLD_GAUSS, vmf ? kappa_text : M, vmf ? d : 0, qbuf, T,
                    v[O_DELTA] ? v[O_DELTA] : "1e-5", NULL);    /* the grid sized for the bound's delta */
    br.pld = pld_request(&x, fixed_batch);
    rdp = (lp_account_request) { &x.run.par[0], &x.run.q, &x.delta, T, NULL, NULL, 0, 6, 0, NULL, NULL, 0, 0,
                                 fixed_batch };
    vstep = (lp_vmf_step) { &x.run.par[0], d, NULL };
    br.rdp = vmf ? NULL : &rdp;
    br.vmf = vmf ? &vstep : NULL;
    lp_snprintf(what, sizeof what, "1/%d", s->n);
    br.baseline = what;
    br.prior_size = (uint64_t) s->n;
    br.p = d;
    br.delta = v[O_DELTA];      /* NULL: eps_delta_bound null, as run-bounds without --delta */
    br.digits = 6;
    {
        const char *why = NULL;
        double bytes;
        size_t nmax, kmax;
        const int t = lp_threads_effective(s->threads);
        work = lp_runattack_work_seconds(&a, t) + 1.5 * lp_pld_work_seconds(&br.pld, &bytes, &nmax, &kmax, &why);
        lp_snprintf(msg, sizeof msg, "estimated at %d threads", t);
        if (estimate) {
            rec = lp_record_new("work estimate");
            lp_budget_record(rec, cmd, work, max_seconds, "--samples");
            rc = lp_emit(rec, json) != 0 ? LP_EXIT_FAIL : LP_EXIT_OK;
            lp_record_free(rec);
            free(gram);
            run_values_clear(&x);
            return lp_close_stdout(rc);
        }
        if (lp_budget_exceeded(err, sizeof err, "--samples", v[O_SAMPLES], work, max_seconds, msg)) {
            free(gram);
            run_values_clear(&x);
            return lp_usage_error(cmd, "%s", err);
        }
        lp_budget_notice(lp_err(), lp_err() == stderr, cmd, work);
    }
    rec = lp_record_new("the Bayes-optimal attacker on a whole DP-SGD run (Monte Carlo over runs), beside the run's "
                        "certified bounds");
    lp_record_text(rec, "command", "reconstruct");
    lp_record_text(rec, "mechanism", lp_recon_noise_name(s->noise));
    lp_record_int(rec, "p", (int64_t) d);
    if (vmf) {
        lp_record_text(rec, "kappa", kappa_text);
    } else {
        lp_record_text(rec, "noise_multiplier", M);
        lp_record_textf(rec, "sigma", "%.17g", a.sigma);
        lp_record_textf(rec, "radius", "%.17g", s->radius);
    }
    lp_record_text(rec, "sampling_rate", qbuf);
    lp_record_int(rec, "steps", (int64_t) T);
    lp_record_text(rec, "sampling", fixed_batch ? "fixed-batch" : "poisson");
    lp_record_text(rec, "calibration", v[O_EPSILON] ? "epsilon-delta-run" : "given");
    if (v[O_EPSILON]) {
        lp_record_text(rec, "epsilon", v[O_EPSILON]);
        lp_record_text(rec, "delta", v[O_DELTA]);
    }
    lp_record_text(rec, "prior", lp_recon_prior_name(s->prior));
    if (s->prior == LP_PRIOR_DIGITS)
        lp_record_text(rec, "data", s->data_file);
    lp_record_int(rec, "n", s->n);
    lp_record_int(rec, "samples", (int64_t) s->samples);
    lp_record_int(rec, "seed", (int64_t) s->seed);
    if (lp_runattack_record(rec, &a, lp_recon_digits_peak(s)) != 0) {
        lp_record_free(rec);
        free(gram);
        run_values_clear(&x);
        if (!lp_cancelled())
            fprintf(lp_err(), "leakproof reconstruct: out of memory\n");
        return lp_cancelled() ? LP_EXIT_INTERRUPTED : LP_EXIT_FAIL;
    }
    rc = lp_runbounds_record(rec, &br);
    if (rc == LP_PLD_OK || rc == LP_PLD_UNCERTIFIED)      /* the candidates' linear span: the simplex's
                                                             vertices sum to 0 (n - 1), n points span n */
        lp_runbounds_capacity_span(rec, &br, (uint64_t) (s->prior == LP_PRIOR_SIMPLEX ? s->n - 1 : s->n));
    free(gram);
    run_values_clear(&x);
    if (rc == LP_PLD_OUT_OF_MEMORY || rc == LP_PLD_INTERRUPTED) {
        lp_record_free(rec);
        if (rc == LP_PLD_OUT_OF_MEMORY)
            fprintf(lp_err(), "leakproof reconstruct: out of memory (the PLD grid)\n");
        return rc == LP_PLD_OUT_OF_MEMORY ? LP_EXIT_RESOURCES : LP_EXIT_INTERRUPTED;
    }
    lp_record_text(rec, "note", "success: the informed adversary's MAP guess over the run's T releases, E max_k P(x_k | "
                   "y_1..y_T), Monte Carlo over runs with the posterior exact; beside it the run's certified bounds "
                   "at the baseline 1/n (leakproof run-bounds): success <= rero_upper_bound, eps_delta_bound_best, "
                   "renyi_bound, capacity_bound within its standard errors; fisher_mse_bound bounds an unbiased "
                   "estimate's mse only");
    rc = rc == LP_PLD_OK ? LP_EXIT_OK : LP_EXIT_UNCERTIFIED;
    if (lp_mc_rank() == 0 && lp_emit(rec, json) != 0)
        rc = LP_EXIT_FAIL;
    lp_record_free(rec);
    return lp_close_stdout(rc);
}
