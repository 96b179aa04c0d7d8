/* claims.h -- the claims ledger (the .claims files of cases/claims): every claim of the
 * papers with its id, place, kind and statement, and the tests that judge it
 * or why none can.  Verdicts are computed from the TAP lines of a test run
 * that carry the claim's id (`ok 17 - [tan/eq9] ...`), never typed.  The
 * format and the verdict rules are cases/claims/README.md's. */
#ifndef LP_CLAIMS_H
#define LP_CLAIMS_H

#include <stddef.h>

typedef struct {
    /* from the ledger (NULL where the block has no such key) */
    char *id, *where, *kind, *says, *tests, *not_checkable, *partly, *finding, *note, *command;
    char *direction;    /* a failing claim's: unsafe, safe or neutral for a defender */
    /* a finding in the report's words: why that direction, what the paper states and what is
     * true (a few words each), and which part of the findings it belongs to (theory,
     * experiment, accounting; NULL: from the kind) */
    char *because, *states, *truth, *topic;
    char *proof;        /* why a claim the prover might decide is not proved (prove/) */
    char *file;         /* the ledger file's name (no directory) */
    int line;           /* the block's first line */
    /* from the test run (lp_ledger_tally) */
    int lines_ok, lines_todo, lines_failed, lines_skipped;
    int lines_proved;   /* ok lines of the prover's checker: "proved on D: ..." (prove/) */
    char *proved_on;    /* D, as the last such line words it */
    int proved_sub;     /* that line says D is a sub-domain of the paper's */
    int lines_inconclusive;     /* `# TODO inconclusive` lines: a statistic not decided */
    char *figure;       /* the deciding TAP line's description, its ids stripped */
    char *figure_test;  /* the test that printed it (its log's name, no .log) */
    int figure_rank;    /* what decided: 1 an ok line, 2 an inconclusive one, 3 a proof's, 4 a
                           finding or failure */
    int figure_proved;  /* the deciding line is a proof's */
    /* from the mutation check (a *.mut file beside the logs, verify/mutants.py) */
    int mutants_killed, mutants_survived, mutants_nohook;
    char *mutants_survivors;    /* the surviving kinds, space-separated */
    /* from the release's records instead of a test run (lp_ledger_release) */
    const char *release_verdict;    /* one of lp_claim_verdicts, or NULL */
    char *release_reproducer;
} lp_claim;

typedef struct {
    lp_claim *claim;
    size_t n, cap;
} lp_ledger;

/* Reads every *.claims file of dir (in name order) into L (initialised here).
 * Returns 0, or -1 with "FILE:LINE: what is wrong" in err: a malformed block,
 * an unknown key or kind, a bad or repeated id (repeats across files too), a
 * block with both or neither of tests / not-checkable, an empty reason, an
 * unreadable directory.  L is left valid (possibly partly filled) either way:
 * lp_ledger_clear frees it. */
int lp_ledger_read(lp_ledger *L, const char *dir, char *err, size_t errlen);

/* Counts, for every claim, the TAP lines that carry its id in the test logs
 * under logs (*.log files, any depth; Automake's test-suite.log is skipped),
 * and keeps the deciding line: the first `# TODO` finding or failed line, else
 * the first `# TODO inconclusive` line, else the first proof's line (`ok N -
 * [id] proved on D: ...`), else the first ok line; and reads the mutation
 * check's *.mut files there (killed and surviving mutants per claim).
 * Returns the number of logs read, or -1 with err set when logs cannot be read. */
int lp_ledger_tally(lp_ledger *L, const char *logs, char *err, size_t errlen);

/* The papers (an id's prefix, a ledger file's name) and the kinds a claim may have, in the
 * order the ledger's README lists them. */
extern const char *const lp_claim_papers[];
extern const size_t lp_claim_npapers;
extern const char *const lp_claim_kinds[];
extern const size_t lp_claim_nkinds;

/* "proved", "holds", "partly", "fails", "inconclusive", "weak", "not run" or "not
 * checkable" (the README's rules); the release's verdict where lp_ledger_release gave one. */
const char *lp_claim_verdict(const lp_claim *c);
extern const char *const lp_claim_verdicts[];
extern const size_t lp_claim_nverdicts;

/* Reads the verdicts of a release: the report's records (reports/records.json, installed beside
 * the ledger as records.json), whose "claims" record is `leakproof claims --json` over the tests'
 * logs at the release's commit.  Every claim of L found there takes the recorded verdict,
 * deciding figure, reproducer and mutation counts (a claim not there stays "not run").  Returns
 * the number of claims found, with the release named in from ("leakproof 0.1.0, commit
 * ba44b973ee2d"), or -1 with err set (an unreadable file, no claims record, an unknown verdict). */
int lp_ledger_release(lp_ledger *L, const char *records, char *from, size_t fromlen, char *err, size_t errlen);

/* The paper of an id ("biswas" of "biswas/thm-III.1"), into buf. */
const char *lp_claim_paper(const lp_claim *c, char *buf, size_t len);

void lp_ledger_clear(lp_ledger *L);

/* The ledger's directory, the test logs' and the release's records when none is given.  The
 * library run from its build tree (the program or Python uninstalled: the loaded library's file
 * lies under the build tree): the source tree's cases/claims, the build tree's tests and the
 * source tree's reports/records.json.  Installed: $(pkgdatadir)/claims, no logs (NULL) and
 * $(pkgdatadir)/claims/records.json, whatever trees exist on the machine. */
const char *lp_ledger_default_dir(void);
const char *lp_ledger_default_logs(void);
const char *lp_ledger_default_release(void);

#endif
