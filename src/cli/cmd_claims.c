/* cmd_claims.c -- `leakproof claims`: the claims ledger with each claim's
 * verdict, computed from the TAP lines of the last test run that carry its id,
 * the deciding line's figure and the test that reproduces it. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "check/claims.h"

static const char *const verdicts[] = { "holds", "partly", "fails", "not run", "not checkable" };
#define NVERDICTS (sizeof verdicts / sizeof verdicts[0])

static int
wanted(const lp_claim *c, const char *paper, const char *id)
{
    char p[32];
    return (paper == NULL || strcmp(lp_claim_paper(c, p, sizeof p), paper) == 0)
           && (id == NULL || strcmp(c->id, id) == 0);
}

/* per paper the counts by verdict; then by paper, kind and verdict, one row per combination
 * that occurs */
static void
add_counts(lp_record *rec, const lp_ledger *L, const char *paper, const char *id)
{
    for (size_t pi = 0; pi < lp_claim_npapers; pi++) {
        int total[NVERDICTS] = { 0 }, any = 0;
        lp_record *r;
        for (size_t i = 0; i < L->n; i++) {
            char p[32];
            if (wanted(&L->claim[i], paper, id) && strcmp(lp_claim_paper(&L->claim[i], p, sizeof p), lp_claim_papers[pi]) == 0)
                for (size_t v = 0; v < NVERDICTS; v++)
                    if (strcmp(lp_claim_verdict(&L->claim[i]), verdicts[v]) == 0) { total[v]++; any = 1; }
        }
        if (!any)
            continue;
        r = lp_record_append(rec, "papers");
        lp_record_text(r, "paper", lp_claim_papers[pi]);
        for (size_t v = 0; v < NVERDICTS; v++) {
            char key[32];
            size_t k;
            snprintf(key, sizeof key, "%s", verdicts[v]);
            for (k = 0; key[k]; k++)
                if (key[k] == ' ')
                    key[k] = '_';
            lp_record_int(r, key, total[v]);
        }
    }
    for (size_t pi = 0; pi < lp_claim_npapers; pi++)    /* paper, kind, verdict: in the README's orders */
        for (size_t k = 0; k < lp_claim_nkinds; k++)
            for (size_t v = 0; v < NVERDICTS; v++) {
                int64_t n = 0;
                lp_record *r;
                for (size_t i = 0; i < L->n; i++) {
                    const lp_claim *c = &L->claim[i];
                    char p[32];
                    n += wanted(c, paper, id) && strcmp(lp_claim_paper(c, p, sizeof p), lp_claim_papers[pi]) == 0
                         && strcmp(c->kind, lp_claim_kinds[k]) == 0 && strcmp(lp_claim_verdict(c), verdicts[v]) == 0;
                }
                if (n == 0)
                    continue;
                r = lp_record_append(rec, "counts");
                lp_record_text(r, "paper", lp_claim_papers[pi]);
                lp_record_text(r, "claim_kind", lp_claim_kinds[k]);
                lp_record_text(r, "verdict", verdicts[v]);
                lp_record_int(r, "claims", n);
            }
}

static void
add_claim(lp_record *rec, const lp_claim *c)
{
    lp_record *r = lp_record_append(rec, "claims");
    char repro[512];
    lp_record_text(r, "claim", c->id);
    lp_record_text(r, "where", c->where);
    lp_record_text(r, "claim_kind", c->kind);
    lp_record_text(r, "says", c->says);
    lp_record_text(r, "verdict", lp_claim_verdict(c));
    lp_record_text(r, "figure", c->figure);
    lp_record_text(r, "tests", c->tests);
    if (c->figure_test)
        snprintf(repro, sizeof repro, "make check TESTS=tests/%s", c->figure_test);
    lp_record_text(r, "reproducer", c->command ? c->command : c->figure_test ? repro : NULL);
    lp_record_int(r, "lines_ok", c->lines_ok);
    lp_record_int(r, "lines_todo", c->lines_todo);
    lp_record_int(r, "lines_failed", c->lines_failed);
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

int
lp_cmd_claims(int argc, char **argv)
{
    const char *paper = NULL, *id = NULL, *dir = NULL, *logs = NULL;
    int json = 0, nologs = 0, nlogs = 0, rc, dir_default, logs_default;
    char err[512];
    lp_ledger L;
    lp_record *rec;
    enum { O_JSON = 1, O_HELP, O_PAPER, O_ID, O_LOGS, O_LEDGER, O_NOLOGS };
    static const struct option longopts[] = {
        { "json", no_argument, NULL, O_JSON }, { "help", no_argument, NULL, O_HELP },
        { "paper", required_argument, NULL, O_PAPER }, { "id", required_argument, NULL, O_ID },
        { "logs", required_argument, NULL, O_LOGS }, { "ledger", required_argument, NULL, O_LEDGER },
        { "no-logs", no_argument, NULL, O_NOLOGS }, { NULL, 0, NULL, 0 } };
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
        case 'h': case O_HELP:
            fputs("usage: leakproof claims [--paper biswas|tan|balunovic] [--id ID] [--json]\n"
                  "                        [--logs DIR | --no-logs] [--ledger DIR]\n"
                  "  the claims ledger: every claim of the papers, its verdict (holds, partly,\n"
                  "  fails, not run, not checkable) from the TAP lines of the last test run that\n"
                  "  carry its id, the deciding line's figure and the test that reproduces it\n"
                  "  --logs DIR   the test logs (*.log, any depth; default: the build tree's tests/\n"
                  "               when run uninstalled, else none: every verdict is 'not run')\n"
                  "  --ledger DIR the *.claims files (default: the source tree's cases/claims,\n"
                  "               else the installed copy)\n", lp_out());
            return lp_close_stdout(LP_EXIT_OK);
        default: return lp_opt_error(&g, "claims");
        }
    }
    if (g.optind < argc)
        return lp_usage_error("claims", "unexpected argument '%s'", argv[g.optind]);
    if (paper && strcmp(paper, "biswas") && strcmp(paper, "tan") && strcmp(paper, "balunovic"))
        return lp_usage_error("claims", "--paper: '%s' is not biswas, tan or balunovic", paper);
    if (nologs && logs)
        return lp_usage_error("claims", "--logs and --no-logs together");
    dir_default = dir == NULL;
    logs_default = logs == NULL;
    if (dir == NULL)
        dir = lp_ledger_default_dir();
    if (logs == NULL && !nologs)
        logs = lp_ledger_default_logs();
    if (lp_ledger_read(&L, dir, err, sizeof err) != 0) {
        lp_ledger_clear(&L);
        return lp_usage_error("claims", "%s", err);
    }
    if (logs && (nlogs = lp_ledger_tally(&L, logs, err, sizeof err)) < 0) {
        lp_ledger_clear(&L);
        return lp_usage_error("claims", "--logs: %s", err);
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
    lp_record_text(rec, "ledger", shown_dir(dir, dir_default, 2));
    lp_record_text(rec, "logs", shown_dir(logs, logs_default, 1));
    lp_record_int(rec, "logs_read", nlogs);
    add_counts(rec, &L, paper, id);
    {
        size_t shown = 0;
        for (size_t i = 0; i < L.n; i++)
            if (wanted(&L.claim[i], paper, id)) {
                add_claim(rec, &L.claim[i]);
                shown++;
            }
        if (shown == 0) {               /* a paper with no claim yet: the lists are there, empty */
            lp_record_texts(rec, "papers", NULL, 0);
            lp_record_texts(rec, "counts", NULL, 0);
            lp_record_texts(rec, "claims", NULL, 0);
        }
    }
    rc = lp_emit(rec, json);
    lp_record_free(rec);
    lp_ledger_clear(&L);
    return lp_close_stdout(rc == 0 ? LP_EXIT_OK : LP_EXIT_FAIL);
}
