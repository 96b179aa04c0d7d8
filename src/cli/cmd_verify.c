/* cmd_verify.c -- `leakproof verify FILE...`: every form and method against the
 * Monte Carlo arbiter on the cases of the files, as TAP with the z-score on
 * every line, then a verdict per theorem form (arb values). */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "core/host.h"
#include <unistd.h>
#include "cli.h"
#include "cli/record_file.h"
#include "check/verify.h"
#include "mc/parallel.h"
#include "mc/work.h"
#include "core/budget.h"

/* Under MPI every rank runs every case (sharing its blocks); rank 0 prints. */
static FILE *
out(void)
{
    static _Thread_local FILE *null;
    if (lp_mc_rank() == 0)
        return lp_out();
    if (null == NULL)
        null = fopen("/dev/null", "w");
    return null;
}

static const char *const cmd = "verify";

/* A text on one TAP line: a control character (a newline in a case file's
 * name would start a line of its own: "not ok 999 - injected") is written
 * \xHH, a backslash \\, and '#' \# (TAP's escape: a name with "# SKIP"
 * must not become a directive). */
static void
tap_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char) *s;
        if (c < 0x20 || c == 0x7f)
            fprintf(f, "\\x%02x", c);
        else if (c == '\\' || c == '#')
            fprintf(f, "\\%c", c);
        else
            fputc(c, f);
    }
}

static void
verify_usage(FILE *out)
{
    fputs("usage: leakproof verify [--threads T] [--json] [--record OUT] [--progress] [--max-seconds S] [--estimate]\n"
          "                        FILE...\n"
          "  every form and method of leakproof eval against the Monte Carlo arbiter on\n"
          "  the cases of FILE (format: cases/README.md); TAP on stdout, a verdict per form;\n"
          "  --json: one record instead (the checks and the verdicts, keys in leakproof(1))\n"
          "  --record OUT: --json's record written to the file OUT as well, whole or not at\n"
          "    all (the TAP stays on stdout): one run for a reader and a program\n"
          "  --progress: a line per case on stderr (the default on a terminal)\n"
          "  --max-seconds S: the work budget (default 3600): the files' total estimated work\n"
          "    (the sum of their cases' Monte Carlo estimates, as mc makes them) beyond it is\n"
          "    refused before any case runs; SIGINT or SIGTERM stops a run cleanly\n"
          "  --estimate: print the total estimate (estimated_seconds) and run nothing\n", out);
}

int
lp_cmd_verify(int argc, char **argv)
{
    lp_case *cases = NULL;
    lp_check *checks = NULL;
    lp_verdict *verdicts;
    lp_record *rec;
    size_t ncases = 0, nchecks = 0, nverdicts, done = 0;
    char err[512], sentence[600];
    const char *files[64];
    size_t nfiles = 0;
    int threads = 0, json = 0, progress = 0, show, estimate = 0, rc;
    const char *max_text = NULL, *record_path = NULL;

    enum { O_THREADS = 1, O_PROGRESS, O_RECORD };
    static const struct option longopts[] = {
        { "threads", required_argument, NULL, O_THREADS }, LP_OPT_SHARED_JSON,
        LP_OPT_SHARED_HELP, { "progress", no_argument, NULL, O_PROGRESS },
        { "record", required_argument, NULL, O_RECORD },
        LP_OPT_SHARED_MAX_SECONDS, LP_OPT_SHARED_ESTIMATE,
        { NULL, 0, NULL, 0 } };
    lp_opt g;
    int c;

    lp_opt_init(&g, argc, argv, "h", longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        switch (c) {
        case 'h': case LP_OPT_HELP:
            verify_usage(lp_out());
            return lp_close_stdout(LP_EXIT_OK);
        case LP_OPT_JSON: json = 1; break;
        case O_PROGRESS: progress = 1; break;
        case O_RECORD: record_path = g.optarg; break;
        case LP_OPT_MAX_SECONDS: max_text = g.optarg; break;
        case LP_OPT_ESTIMATE: estimate = 1; break;
        case O_THREADS: {
            long t;
            int rc;
            if ((rc = lp_arg_int_range(&t, cmd, "--threads", g.optarg, 1, 1024)))
                return rc;
            threads = (int) t;
            break;
        }
        default: return lp_opt_error(&g, cmd);
        }
    }
    for (int i = g.optind; i < argc; i++) {
        if (nfiles == sizeof files / sizeof *files) {
            free(cases);
            return lp_usage_error(cmd, "at most %zu case files", sizeof files / sizeof *files);
        }
        files[nfiles++] = argv[i];
        if (lp_cases_read(&cases, &ncases, argv[i], err, sizeof err) != 0) {
            free(cases);
            fprintf(lp_err(), "leakproof verify: %s\n", err);
            return LP_EXIT_USAGE;
        }
    }
    if (nfiles == 0) {
        free(cases);
        return lp_usage_error(cmd, "missing case file (see cases/README.md)");
    }
    {
        /* the budget: every case's Monte Carlo estimate (src/mc/work.c), summed
           before any case runs; the forms' evaluations are small beside it */
        double max = LP_MC_BUDGET_SECONDS, est = 0;
        const int eff = lp_threads_effective(threads);
        char what[120], msg[600];
        int rc;
        if (max_text && (rc = lp_arg_positive(&max, cmd, "--max-seconds", max_text, "the work budget in seconds"))) {
            free(cases);
            return rc;
        }
        for (size_t i = 0; i < ncases; i++)
            est += lp_mc_work_seconds(cases[i].mech->name, (int) cases[i].p, cases[i].samples, eff);
        if (estimate) {
            lp_record *erec = lp_record_new("work estimate");
            lp_budget_record(erec, "verify", est, max, nfiles == 1 ? files[0] : "FILE");
            rc = lp_emit(erec, json) != 0 ? LP_EXIT_FAIL : LP_EXIT_OK;
            lp_record_free(erec);
            free(cases);
            return lp_close_stdout(rc);
        }
        lp_snprintf(what, sizeof what, "%zu cases' Monte Carlo, estimated at %d threads", ncases, eff);
        if (lp_budget_exceeded(msg, sizeof msg, nfiles == 1 ? files[0] : "the case files", NULL, est, max,
                               what)) {
            free(cases);
            return lp_usage_error(cmd, "%s", msg);
        }
    }
    /* --record's file: a place that cannot be written is bad input before any
       case runs (under MPI rank 0 writes it, as it prints) */
    if (record_path && lp_mc_rank() == 0 && lp_record_file_probe(record_path) != 0) {
        free(cases);
        return lp_usage_error(cmd, "--record: cannot write beside '%s': %s", record_path, strerror(errno));
    }
    rec = lp_record_new("verify");
    lp_record_text(rec, "command", "verify");
    lp_record_texts(rec, "files", files, nfiles);
    /* progress: the program's own stderr only (never a host's, under lp_call),
       on a terminal or when asked */
    show = lp_err() == stderr && (progress || isatty(2));
    for (size_t i = 0; i < ncases && !lp_cancelled(); i++) {
        size_t from = nchecks;
        if (show)
            fprintf(stderr, "\rverify: case %zu of %zu (%s:%d)%10s", i + 1, ncases, cases[i].file,
                    cases[i].line, "");
        lp_verify_case(rec, &checks, &nchecks, &cases[i], threads);
        if (show)                       /* the line goes before the case's TAP lines come */
            fprintf(stderr, "\r%78s\r", "");
        if (lp_cancelled())     /* interrupted inside the case: its lines are not printed */
            break;
        for (size_t j = from; j < nchecks && !json; j++) {
            const lp_check *k = &checks[j];
            fprintf(out(), "%s %zu - ", k->kind == LP_CHECK_PASS || k->kind == LP_CHECK_SKIP
                   || k->kind == LP_CHECK_REFUSED ? "ok" : "not ok", j + 1);
            tap_text(out(), k->text);
            fprintf(out(), "%s\n", k->kind == LP_CHECK_FINDING ? " # TODO finding: disagrees with the Monte Carlo arbiter"
                   : k->kind == LP_CHECK_SKIP ? " # SKIP no value from this method"
                   : k->kind == LP_CHECK_REFUSED && k->why && strstr(k->why, "ESS") == NULL
                   ? " # SKIP not judged: the error is infinite or NaN"
                   : k->kind == LP_CHECK_REFUSED ? " # SKIP not judged: effective sample size too small" : "");
        }
        /* a reader that went away (EPIPE with SIGPIPE ignored): stop now,
           not after every case */
        if (fflush(out()) != 0 || ferror(out())) {
            fprintf(lp_err(), "leakproof verify: writing the output failed after case %zu of %zu; "
                    "stopped\n", i + 1, ncases);
            lp_record_free(rec);
            free(checks);
            free(cases);
            return LP_EXIT_FAIL;
        }
        done = i + 1;
    }
    if (lp_cancelled()) {
        /* SIGINT/SIGTERM (or a host's cancel flag): a clean stop.  The TAP
           lines of the cases that finished stay; then TAP's own word for a
           run that stopped, and no plan (it would count the unprinted checks
           of the interrupted case), no verdicts; --json prints nothing.  The
           dispatcher adds the one line on stderr and the status (the program:
           128 + the signal's number). */
        const int sig = *lp_cancel_flag();
        if (!json) {
            fprintf(out(), "Bail out! interrupted (%s) after case %zu of %zu\n",
                    sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "cancelled", done, ncases);
            fflush(out());
        }
        lp_record_free(rec);
        free(checks);
        free(cases);
        return LP_EXIT_INTERRUPTED;
    }
    if ((verdicts = calloc(lp_nforms, sizeof *verdicts)) == NULL)
        abort();
    nverdicts = lp_verify_verdicts(verdicts, checks, nchecks);
    for (size_t v = 0; v < nverdicts; v++) {
        if (json || record_path)
            lp_verdict_record(lp_record_append(rec, "verdicts"), &verdicts[v]);
        if (!json) {
            lp_verdict_sentence(sentence, sizeof sentence, &verdicts[v]);
            fputs("# verdict: ", out());
            tap_text(out(), sentence);
            fputc('\n', out());
        }
    }
    if (json)
        lp_record_emit(rec, out(), 1);
    else
        fprintf(out(), "1..%zu\n", nchecks);
    rc = LP_EXIT_OK;
    if (record_path && lp_mc_rank() == 0 && lp_record_file_write(record_path, rec) != 0) {
        fprintf(lp_err(), "leakproof verify: --record: writing '%s' failed: %s; not written\n", record_path,
                strerror(errno));
        rc = LP_EXIT_FAIL;
    }
    lp_record_free(rec);
    free(verdicts);
    free(checks);
    free(cases);
    return lp_close_stdout(rc);
}
