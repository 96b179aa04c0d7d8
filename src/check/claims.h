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
    char *file;         /* the ledger file's name (no directory) */
    int line;           /* the block's first line */
    /* from the test run (lp_ledger_tally) */
    int lines_ok, lines_todo, lines_failed, lines_skipped;
    char *figure;       /* the deciding TAP line's description, its ids stripped */
    char *figure_test;  /* the test that printed it (its log's name, no .log) */
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
 * and keeps the deciding line: the first `# TODO` or failed line, else the
 * first ok line.  Returns the number of logs read, or -1 with err set when
 * logs cannot be read. */
int lp_ledger_tally(lp_ledger *L, const char *logs, char *err, size_t errlen);

/* The papers (an id's prefix, a ledger file's name) and the kinds a claim may have, in the
 * order the ledger's README lists them. */
extern const char *const lp_claim_papers[];
extern const size_t lp_claim_npapers;
extern const char *const lp_claim_kinds[];
extern const size_t lp_claim_nkinds;

/* "holds", "partly", "fails", "not run" or "not checkable" (the README's rules). */
const char *lp_claim_verdict(const lp_claim *c);

/* The paper of an id ("biswas" of "biswas/thm-III.1"), into buf. */
const char *lp_claim_paper(const lp_claim *c, char *buf, size_t len);

void lp_ledger_clear(lp_ledger *L);

/* The ledger's directory and the test logs' when none is given: the source
 * tree's cases/claims and the build tree's tests when they exist (an
 * uninstalled build), else the installed $(pkgdatadir)/claims and no logs
 * (NULL). */
const char *lp_ledger_default_dir(void);
const char *lp_ledger_default_logs(void);

#endif
