/* cmd_claims.c -- `leakproof claims`: the claims ledger with each claim's
 * verdict, computed from the TAP lines of the last test run that carry its id
 * (or, with no test run at hand, the verdicts the release shipped), the
 * deciding line's figure, the mutation check's score and the test that
 * reproduces it.  The human form is cmd_claims_human.c's. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "cmd_claims.h"

int
lp_claims_wanted(const lp_claim *c, const char *paper, const char *id)
{
    char p[32];
    return (paper == NULL || strcmp(lp_claim_paper(c, p, sizeof p), paper) == 0)
           && (id == NULL || strcmp(c->id, id) == 0);
}

static int
of_paper(const lp_claim *c, const char *paper)
{
    char p[32];
    return strcmp(lp_claim_paper(c, p, sizeof p), paper) == 0;
}

void
lp_claims_reproducer(const lp_claim *c, char *buf, size_t len)
{
    if (c->command)
        snprintf(buf, len, "%s", c->command);
    else if (c->release_reproducer)
        snprintf(buf, len, "%s", c->release_reproducer);
    else if (strcmp(lp_claim_verdict(c), "proved") == 0)     /* the proof re-made and re-checked */
        snprintf(buf, len, "leakproof prove --id %s", c->id);
    else if (c->figure_test)
        snprintf(buf, len, "make check TESTS=tests/%s", c->figure_test);
    else
        buf[0] = '\0';
}

/* per paper the counts by verdict and the mutation check's; then by paper, kind and verdict,
 * one row per combination that occurs */
static void
add_counts(lp_record *rec, const lp_ledger *L, const char *paper, const char *id)
{
    for (size_t pi = 0; pi < lp_claim_npapers; pi++) {
        int total[16] = { 0 }, any = 0, killed = 0, mutants = 0, mutated = 0;
        lp_record *r;
        for (size_t i = 0; i < L->n; i++) {
            const lp_claim *c = &L->claim[i];
            if (!lp_claims_wanted(c, paper, id) || !of_paper(c, lp_claim_papers[pi]))
                continue;
            any++;
            for (size_t v = 0; v < lp_claim_nverdicts; v++)
                total[v] += strcmp(lp_claim_verdict(c), lp_claim_verdicts[v]) == 0;
            killed += c->mutants_killed;
            mutants += c->mutants_killed + c->mutants_survived;
            mutated += c->mutants_killed + c->mutants_survived + c->mutants_nohook > 0;
        }
        if (!any)
            continue;
        r = lp_record_append(rec, "papers");
        lp_record_text(r, "paper", lp_claim_papers[pi]);
        lp_record_int(r, "claims", any);
        for (size_t v = 0; v < lp_claim_nverdicts; v++) {
            char key[32];
            snprintf(key, sizeof key, "%s", lp_claim_verdicts[v]);
            for (size_t k = 0; key[k]; k++)
                if (key[k] == ' ')
                    key[k] = '_';
            lp_record_int(r, key, total[v]);
        }
        /* the mutation check's score: null where it was not run */
        if (mutated) {
            lp_record_int(r, "claims_mutated", mutated);
            lp_record_int(r, "mutants_killed", killed);
            lp_record_int(r, "mutants", mutants);
        } else {
            lp_record_null(r, "claims_mutated");
            lp_record_null(r, "mutants_killed");
            lp_record_null(r, "mutants");
        }
    }
    for (size_t pi = 0; pi < lp_claim_npapers; pi++)    /* paper, kind, verdict: in the README's orders */
        for (size_t k = 0; k < lp_claim_nkinds; k++)
            for (size_t v = 0; v < lp_claim_nverdicts; v++) {
                int64_t n = 0;
                lp_record *r;
                for (size_t i = 0; i < L->n; i++) {
                    const lp_claim *c = &L->claim[i];
                    n += lp_claims_wanted(c, paper, id) && of_paper(c, lp_claim_papers[pi])
                         && strcmp(c->kind, lp_claim_kinds[k]) == 0
                         && strcmp(lp_claim_verdict(c), lp_claim_verdicts[v]) == 0;
                }
                if (n == 0)
                    continue;
                r = lp_record_append(rec, "counts");
                lp_record_text(r, "paper", lp_claim_papers[pi]);
                lp_record_text(r, "claim_kind", lp_claim_kinds[k]);
                lp_record_text(r, "verdict", lp_claim_verdicts[v]);
                lp_record_int(r, "claims", n);
            }
}

static void
add_claim(lp_record *rec, const lp_claim *c)
{
    lp_record *r = lp_record_append(rec, "claims");
    char repro[512];
    int mutated = c->mutants_killed + c->mutants_survived + c->mutants_nohook > 0;
    lp_claims_reproducer(c, repro, sizeof repro);
    lp_record_text(r, "claim", c->id);
    lp_record_text(r, "where", c->where);
    lp_record_text(r, "claim_kind", c->kind);
    lp_record_text(r, "says", c->says);
    lp_record_text(r, "verdict", lp_claim_verdict(c));
    lp_record_text(r, "figure", c->figure);
    lp_record_text(r, "tests", c->tests);
    lp_record_text(r, "reproducer", repro[0] ? repro : NULL);
    lp_record_int(r, "lines_ok", c->lines_ok);
    lp_record_int(r, "lines_todo", c->lines_todo);
    lp_record_int(r, "lines_failed", c->lines_failed);
    lp_record_int(r, "lines_inconclusive", c->lines_inconclusive);
    if (mutated) {
        lp_record_int(r, "mutants_killed", c->mutants_killed);
        lp_record_int(r, "mutants_survived", c->mutants_survived);
        lp_record_bool(r, "mutants_nohook", c->mutants_nohook);
    } else {
        lp_record_null(r, "mutants_killed");
        lp_record_null(r, "mutants_survived");
        lp_record_null(r, "mutants_nohook");
    }
    lp_record_text(r, "mutants_survivors", c->mutants_survivors);
    lp_record_text(r, "proved_on", c->proved_on);
    lp_record_text(r, "proof", c->proof);
    if (c->proved_on)
        lp_record_bool(r, "proved_on_subdomain", c->proved_sub);
    else
        lp_record_null(r, "proved_on_subdomain");
    lp_record_text(r, "partly", c->partly);
    lp_record_text(r, "not_checkable", c->not_checkable);
    lp_record_text(r, "finding", c->finding);
    lp_record_text(r, "direction", c->direction);
    lp_record_text(r, "because", c->because);
    lp_record_text(r, "states", c->states);
    lp_record_text(r, "true", c->truth);
    lp_record_text(r, "topic", c->topic);
    lp_record_text(r, "note", c->note);
    lp_record_textf(r, "ledger_line", "%s:%d", c->file, c->line);
}

/* A default directory as the record shows it: its last `parts` components
 * (cases/claims of the source tree, leakproof/claims of the installed data,
 * tests of the build tree), never this machine's absolute path; a directory
 * the caller named is shown as named. */
static const char *
shown_dir(const char *path, int is_default, int parts)
{
    const char *p;
    if (path == NULL || !is_default)
        return path;
    p = path + strlen(path);
    while (p > path && p[-1] == '/')    /* a trailing slash is no component */
        p--;
    for (const char *q = p; q > path; q--)
        if (q[-1] == '/' && --parts == 0)
            return q;
    return path;
}

static int
usage(void)
{
    fputs("usage: leakproof claims [--paper biswas|tan|balunovic] [--id ID] [--json]\n"
          "                        [--logs DIR | --release FILE | --no-logs] [--ledger DIR]\n"
          "  the claims ledger: every claim of the papers, its verdict (proved, holds, partly,\n"
          "  fails, inconclusive, weak, not run, not checkable), the deciding line's figure, the\n"
          "  mutation check's score and the command that reproduces it; --id ID: one claim in full\n"
          "  --logs DIR     the verdicts of a test run: its logs (*.log, any depth) and the\n"
          "                 mutation check's *.mut file (default: the build tree's tests/ when\n"
          "                 run uninstalled and a test has run)\n"
          "  --release FILE the verdicts a release shipped: the report's records.json (default\n"
          "                 when no test run is at hand: the installed copy, uninstalled the\n"
          "                 source tree's reports/records.json)\n"
          "  --no-logs      no verdicts: every checkable claim is 'not run'\n"
          "  --ledger DIR   the *.claims files (default: installed, the installed copy only;\n"
          "                 uninstalled, the source tree's cases/claims)\n", lp_out());
    return lp_close_stdout(LP_EXIT_OK);
}

int
lp_cmd_claims(int argc, char **argv)
{
    const char *paper = NULL, *id = NULL, *dir = NULL, *logs = NULL, *release = NULL, *from = "none";
    int json = 0, nologs = 0, nlogs = 0, rc, dir_default, logs_default, release_default = 0;
    char err[512], named[160] = "", beside[4096];
    lp_ledger L;
    lp_record *rec;
    enum { O_JSON = 1, O_HELP, O_PAPER, O_ID, O_LOGS, O_LEDGER, O_NOLOGS, O_RELEASE };
    static const struct option longopts[] = {
        { "json", no_argument, NULL, O_JSON }, { "help", no_argument, NULL, O_HELP },
        { "paper", required_argument, NULL, O_PAPER }, { "id", required_argument, NULL, O_ID },
        { "logs", required_argument, NULL, O_LOGS }, { "ledger", required_argument, NULL, O_LEDGER },
        { "no-logs", no_argument, NULL, O_NOLOGS }, { "release", required_argument, NULL, O_RELEASE },
        { NULL, 0, NULL, 0 } };
    lp_opt g;
    int c;
    lp_opt_init(&g, argc, argv, "h", longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        switch (c) {
        case O_JSON: json = 1; break;
        case O_PAPER: paper = g.optarg; break;
        case O_ID: id = g.optarg; break;
        case O_LOGS: logs = g.optarg; break;
        case O_LEDGER: dir = g.optarg; break;
        case O_NOLOGS: nologs = 1; break;
        case O_RELEASE: release = g.optarg; break;
        case 'h': case O_HELP: return usage();
        default: return lp_opt_error(&g, "claims");
        }
    }
    if (g.optind < argc)
        return lp_usage_error("claims", "unexpected argument '%s'", argv[g.optind]);
    if (paper && strcmp(paper, "biswas") && strcmp(paper, "tan") && strcmp(paper, "balunovic"))
        return lp_usage_error("claims", "--paper: '%s' is not biswas, tan or balunovic", paper);
    if (nologs + (logs != NULL) + (release != NULL) > 1)
        return lp_usage_error("claims", "%s", nologs && logs ? "--logs and --no-logs together"
                              : "--release with --logs or --no-logs: one source of verdicts");
    dir_default = dir == NULL;
    logs_default = logs == NULL;
    if (dir == NULL)
        dir = lp_ledger_default_dir();
    if (logs == NULL && !nologs && release == NULL)
        logs = lp_ledger_default_logs();
    if (lp_ledger_read(&L, dir, err, sizeof err) != 0) {
        lp_ledger_clear(&L);
        return lp_usage_error("claims", "%s%s", dir_default ? "" : "--ledger ", err);
    }
    if (logs && (nlogs = lp_ledger_tally(&L, logs, err, sizeof err)) < 0) {
        lp_ledger_clear(&L);
        return lp_usage_error("claims", "--logs: %s", err);
    }
    if (nlogs > 0 || (logs && !logs_default))
        from = "logs";
    else if (!nologs && (logs_default || release)) {
        /* no test run at hand: the release's verdicts, the installed copy's unless named; one
         * beside a ledger the caller named (an installed layout) counts as named */
        if (release == NULL) {
            snprintf(beside, sizeof beside, "%s/records.json", dir);
            release = dir_default ? lp_ledger_default_release() : beside;
            release_default = 1;
        }
        if (release_default && access(release, R_OK) != 0)
            release = NULL;         /* none shipped: the verdicts are "not run" */
        else if (lp_ledger_release(&L, release, named, sizeof named, err, sizeof err) < 0) {
            lp_ledger_clear(&L);
            return lp_usage_error("claims", "--release: %s", err);
        } else
            from = "release";
    }
    if (id) {
        int found = 0;
        for (size_t i = 0; i < L.n; i++)
            found |= strcmp(L.claim[i].id, id) == 0;
        if (!found) {
            lp_ledger_clear(&L);
            return lp_usage_error("claims", "--id: no claim '%s' in the ledger", id);
        }
    }
    rec = lp_record_new("the claims ledger");
    lp_record_text(rec, "command", "claims");
    lp_record_text(rec, "verdicts_from", from);
    lp_record_text(rec, "release", strcmp(from, "release") == 0 ? named : NULL);
    lp_record_text(rec, "ledger", shown_dir(dir, dir_default, 2));
    lp_record_text(rec, "logs", shown_dir(logs, logs_default, 1));
    lp_record_int(rec, "logs_read", nlogs);
    add_counts(rec, &L, paper, id);
    {
        size_t shown = 0;
        for (size_t i = 0; i < L.n; i++)
            if (lp_claims_wanted(&L.claim[i], paper, id)) {
                add_claim(rec, &L.claim[i]);
                shown++;
            }
        if (shown == 0) {               /* a paper with no claim yet: the lists are there, empty */
            lp_record_texts(rec, "papers", NULL, 0);
            lp_record_texts(rec, "counts", NULL, 0);
            lp_record_texts(rec, "claims", NULL, 0);
        }
    }
    if (json)
        rc = lp_emit(rec, 1);
    else {
        char where[4400];
        if (strcmp(from, "release") == 0)
            snprintf(where, sizeof where, "the release's (%s; %s)", named,
                     release_default && dir_default ? shown_dir(release, 1, 2) : release);
        else if (strcmp(from, "logs") == 0)
            snprintf(where, sizeof where, "the test run in %s (%d logs)", shown_dir(logs, logs_default, 1), nlogs);
        else
            snprintf(where, sizeof where, "none (no test run, no release's records)");
        rc = lp_claims_human(lp_out(), &L, paper, id, where);
    }
    lp_record_free(rec);
    lp_ledger_clear(&L);
    return lp_close_stdout(rc == 0 ? LP_EXIT_OK : LP_EXIT_FAIL);
}
