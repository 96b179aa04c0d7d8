/* bench-eval.c -- `make bench`: time per evaluation of every registry row by
 * arb at 30 certified digits, at each mechanism's typical parameters (the
 * registry's, lp_params_typical) and with p set to 13,700, 1.34e8 and
 * 2^31 - 1 (a mechanism without p -- gauss-layers -- keeps its typical layers'
 * proportions at that total); then the term-by-term and double methods at the
 * typical parameters.  A benchmark, not a test: it prints figures and asserts
 * nothing.  Target: arb at most 1 ms per evaluation.
 *
 * Time: CPU time of this (one-threaded) process, the best of several batches
 * (the mean over a batch of at least 20 ms), so that other processes on a
 * shared machine inflate it less; the arb rows are timed in rounds spread
 * over the run (ROUNDS). */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "leakproof.h"

static double
now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* par = m's typical parameters with the dimension p (0: the typical one);
 * layers, where m takes them instead of p, scaled to total p. */
static int
params_for(lp_params *par, const lp_mechanism_spec *m, uint64_t p)
{
    char err[256], text[24];
    lp_params_init(par);
    if (lp_params_typical(par, m, err, sizeof err) != 0) {
        fprintf(stderr, "bench-eval: %s: typical parameters refused: %s\n", m->name, err);
        return -1;
    }
    if (p == 0)
        return 0;
    if (m->params & LP_PARAM_P) {
        snprintf(text, sizeof text, "%llu", (unsigned long long) p);
        return lp_params_set(par, LP_PARAM_ID_P, text, err, sizeof err);
    }
    if ((m->params & LP_PARAM_LAYERS) && par->nlayers > 0) {
        uint64_t sizes[64], total = 0, sum = 0;
        size_t n = par->nlayers < 64 ? par->nlayers : 64;
        for (size_t l = 0; l < n; l++)
            total += par->layers[l];
        for (size_t l = 0; l < n; l++) {
            sizes[l] = (uint64_t) ((double) par->layers[l] / (double) total * (double) p);
            if (sizes[l] == 0)
                sizes[l] = 1;
            sum += sizes[l];
        }
        {                                               /* the rounding, on the largest */
            size_t big = 0;
            for (size_t l = 1; l < n; l++)
                if (sizes[l] > sizes[big])
                    big = l;
            sizes[big] = sizes[big] + p - sum;
        }
        return lp_params_set_layers(par, sizes, n, err, sizeof err);
    }
    return 0;
}

/* "name=value ..." of the parameters m takes */
static void
params_text(char *buf, size_t len, const lp_mechanism_spec *m, const lp_params *par)
{
    size_t k = 0;
    buf[0] = '\0';
    for (int id = 0; id < LP_NPARAMS && k < len; id++) {
        if (!(m->params & (1u << id)) || id == LP_PARAM_ID_P)
            continue;
        if (id == LP_PARAM_ID_LAYERS)
            k += (size_t) snprintf(buf + k, len - k, "%s%zu layers", k ? " " : "", par->nlayers);
        else
            k += (size_t) snprintf(buf + k, len - k, "%s%s=%s", k ? " " : "",
                                   lp_param_specs[id].name, lp_params_text(par, (lp_param_id) id));
    }
}

static uint64_t
dimension(const lp_params *par)
{
    uint64_t total = 0;
    if (par->nlayers == 0)
        return par->p;
    for (size_t l = 0; l < par->nlayers; l++)
        total += par->layers[l];
    return total;
}

/* One row of the table: an evaluation, its parameters, its best time so far. */
typedef struct {
    const lp_mechanism_spec *mech;
    const lp_form *form;
    lp_method method;
    uint64_t p;                 /* 0: the typical dimension */
    lp_params par;
    lp_result res;
    double best;                /* seconds per evaluation, the best batch */
    int ok;                     /* parameters accepted */
} bench_row;

static void
row_init(bench_row *r, const lp_mechanism_spec *mech, const lp_form *f, lp_method m, uint64_t p)
{
    r->mech = mech;
    r->form = f;
    r->method = m;
    r->p = p;
    r->best = 1e300;
    r->ok = params_for(&r->par, mech, p) == 0;
    lp_result_init(&r->res);
}

/* Batches of evaluations (each at least 20 ms) for about `budget` seconds;
 * the best batch's mean kept */
static void
row_time(bench_row *r, double budget)
{
    double start = now();
    if (!r->ok)
        return;
    do {
        double t0 = now(), t;
        long reps = 0;
        do {
            lp_result_clear(&r->res);
            lp_result_init(&r->res);
            lp_evaluate(&r->res, r->form, r->method, &r->par, 30, 0);
            reps++;
            t = now() - t0;
        } while (t < 0.02 && reps < 100000);
        if (t / reps < r->best)
            r->best = t / reps;
    } while (now() - start < budget);
}

static void
row_print(bench_row *r)
{
    char digits[24] = "-", text[160];
    if (!r->ok)
        return;
    if (r->res.status == LP_OK && r->res.certified)
        snprintf(digits, sizeof digits, "%ld", (long) r->res.digits);
    params_text(text, sizeof text, r->mech, &r->par);
    printf("%12llu  %-12s %-8s %-10s %10.3f %7s  %-9s %s\n", (unsigned long long) dimension(&r->par),
           r->form->formula, r->form->form, lp_method_name(r->method), 1e3 * r->best, digits,
           lp_status_name(r->res.status), text);
    fflush(stdout);
}

static void
row_clear(bench_row *r)
{
    lp_result_clear(&r->res);
    if (r->ok)
        lp_params_clear(&r->par);
}

#define ROUNDS 4                /* the arb rows' passes (0.1 s each) */
#define MAX_ROWS 256

int
main(void)
{
    static const uint64_t ps[] = { 0, 13700, 134000000, 2147483647 };
    static bench_row rows[MAX_ROWS];
    size_t n = 0;
    printf("# leakproof bench: one core, CPU time per evaluation (ms, best batch), digits certified (arb)\n");
    printf("%12s  %-12s %-8s %-10s %10s %7s  %-9s %s\n", "p", "formula", "form", "method",
           "ms/eval", "digits", "status", "parameters");
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++)
        for (size_t k = 0; k < lp_nmechanisms; k++)
            for (size_t f = 0; f < lp_nforms; f++)
                if (strcmp(lp_forms[f].formula, lp_mechanisms[k].name) == 0 && n < MAX_ROWS)
                    row_init(&rows[n++], &lp_mechanisms[k], &lp_forms[f], LP_ARB, ps[i]);
    /* the arb rows in rounds, each row timed once a round: the shared VM's
     * speed swings by up to 40 % for seconds at a time, and a row's best batch
     * then comes from the quietest of ROUNDS moments spread over the run */
    for (int round = 0; round < ROUNDS; round++)
        for (size_t j = 0; j < n; j++)
            row_time(&rows[j], 0.1);
    for (size_t j = 0; j < n; j++) {
        if (j == 0 || rows[j].p != rows[j - 1].p)
            printf("# %s\n", rows[j].p == 0 ? "each mechanism's typical parameters (the registry's)"
                                            : "the typical parameters at this p");
        row_print(&rows[j]);
        row_clear(&rows[j]);
    }
    printf("# the term-by-term and double methods at the typical parameters "
           "(30-digit working precision for mpfr)\n");
    for (size_t k = 0; k < lp_nmechanisms; k++)
        for (size_t f = 0; f < lp_nforms; f++)
            if (strcmp(lp_forms[f].formula, lp_mechanisms[k].name) == 0)
                for (int m = LP_MPFR; m < LP_NMETHODS; m++)
                    if (lp_forms[f].method[m] != NULL) {
                        bench_row r;
                        row_init(&r, &lp_mechanisms[k], &lp_forms[f], (lp_method) m, 0);
                        row_time(&r, 0.3);
                        row_print(&r);
                        row_clear(&r);
                    }
    flint_cleanup();
    return 0;
}
