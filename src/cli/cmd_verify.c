/* cmd_verify.c -- `leakproof verify FILE...`: every form and method against the
 * Monte Carlo arbiter on the cases of the files, as TAP with the z-score on
 * every line, then a verdict per theorem form (arb values). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "verify.h"
#include "mc/parallel.h"

/* Under MPI every rank runs every case (sharing its blocks); rank 0 prints. */
static FILE *
out(void)
{
    static FILE *null;
    if (lp_mc_rank() == 0)
        return lp_out();
    if (null == NULL)
        null = fopen("/dev/null", "w");
    return null;
}

static const char *const cmd = "verify";

static void
print_verdicts(const lp_check *k, size_t n)
{
    for (size_t f = 0; f < lp_nforms; f++) {
        const lp_form *form = &lp_forms[f];
        size_t cases = 0, bad = 0, refused = 0;
        const lp_check *worst = NULL;
        double max_z = 0, max_quad = NAN;
        char tail[160] = "";
        for (size_t i = 0; i < n; i++) {
            if (k[i].form != form || k[i].method != LP_ARB || k[i].kind == LP_CHECK_SKIP)
                continue;
            if (k[i].kind == LP_CHECK_REFUSED) {
                refused++;
                continue;
            }
            if (!isnan(k[i].quad_rel) && !(fabs(k[i].quad_rel) <= max_quad))
                max_quad = fabs(k[i].quad_rel);
            cases++;
            bad += k[i].kind != LP_CHECK_PASS;
            if (worst == NULL || fabs(k[i].z) > max_z) {
                worst = &k[i];
                max_z = fabs(k[i].z);
            }
        }
        if (refused)
            snprintf(tail, sizeof tail, "; refuses to judge %zu case%s (ESS/N below %g)", refused,
                     refused == 1 ? "" : "s", LP_ESS_MIN_FRACTION);
        if (!isnan(max_quad))
            snprintf(tail + strlen(tail), sizeof tail - strlen(tail),
                     "; quadrature check of C_{p,kappa}: largest relative difference %.2g", max_quad);
        if (cases == 0 && refused == 0)
            continue;
        if (cases == 0)
            fprintf(out(), "# verdict: %s %s: no judgement%s\n", form->formula, form->form, tail);
        else if (bad == 0)
            fprintf(out(), "# verdict: %s %s agrees with Monte Carlo on all %zu judged cases (largest |z| = %.2f)%s\n",
                   form->formula, form->form, cases, max_z, tail);
        else
            fprintf(out(), "# verdict: %s %s disagrees with Monte Carlo on %zu of %zu judged cases: ratio %.5f +- %.5f "
                   "at %s:%d (z = %.1f)%s\n", form->formula, form->form, bad, cases, worst->ratio,
                   worst->ratio_u, worst->c->file, worst->c->line, worst->z, tail);
    }
}

int
lp_cmd_verify(int argc, char **argv)
{
    lp_case *cases = NULL;
    lp_check *checks = NULL;
    size_t ncases = 0, nchecks = 0;
    char err[512];
    int threads = 0, first = 1;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            fputs("usage: leakproof verify [--threads T] FILE...\n"
                 "  every form and method of leakproof eval against the Monte Carlo arbiter on\n"
                 "  the cases of FILE (format: cases/README.md); TAP on stdout, a verdict per form\n",
                 lp_out());
            free(cases);
            return lp_close_stdout(LP_EXIT_OK);
        }
        if (strcmp(argv[i], "--threads") == 0) {
            long t;
            int rc;
            if (i + 1 >= argc) {
                free(cases);
                return lp_usage_error(cmd, "option --threads needs a value");
            }
            if ((rc = lp_arg_int_range(&t, cmd, "--threads", argv[++i], 1, 1024))) {
                free(cases);
                return rc;
            }
            threads = (int) t;
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            free(cases);
            return lp_usage_error(cmd, "unknown option '%s'", argv[i]);
        }
        first = 0;
        if (lp_cases_read(&cases, &ncases, argv[i], err, sizeof err) != 0) {
            free(cases);
            fprintf(lp_err(), "leakproof verify: %s\n", err);
            return LP_EXIT_USAGE;
        }
    }
    if (first) {
        free(cases);
        return lp_usage_error(cmd, "missing case file (see cases/README.md)");
    }
    for (size_t i = 0; i < ncases; i++) {
        size_t from = nchecks;
        lp_verify_case(&checks, &nchecks, &cases[i], threads);
        for (size_t j = from; j < nchecks; j++) {
            const lp_check *k = &checks[j];
            fprintf(out(), "%s %zu - %s%s\n", k->kind == LP_CHECK_PASS || k->kind == LP_CHECK_SKIP
                   || k->kind == LP_CHECK_REFUSED ? "ok" : "not ok", j + 1, k->text,
                   k->kind == LP_CHECK_FINDING ? " # TODO finding: disagrees with the Monte Carlo arbiter"
                   : k->kind == LP_CHECK_SKIP ? " # SKIP no value from this method"
                   : k->kind == LP_CHECK_REFUSED ? " # SKIP not judged: effective sample size too small" : "");
        }
        fflush(stdout);
    }
    print_verdicts(checks, nchecks);
    fprintf(out(), "1..%zu\n", nchecks);
    free(checks);
    free(cases);
    return lp_close_stdout(LP_EXIT_OK);
}
