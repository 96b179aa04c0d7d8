/* cmd_claims.h -- the pieces `leakproof claims` shares between its record (cmd_claims.c) and its
 * human form (cmd_claims_human.c). */
#ifndef LP_CMD_CLAIMS_H
#define LP_CMD_CLAIMS_H

#include <stdio.h>
#include "check/claims.h"

/* whether claim c is shown: of paper (NULL: any) and with id (NULL: any) */
int lp_claims_wanted(const lp_claim *c, const char *paper, const char *id);

/* the command that reproduces c's verdict (the ledger's command, the release's reproducer, or
 * make check TESTS=tests/<room>/<test> of the deciding line), or "" */
void lp_claims_reproducer(const lp_claim *c, char *buf, size_t len);

/* The human form: the counts per paper first (the answer), where the verdicts come from (from,
 * a phrase), then the claims by verdict in a table under 100 columns (id, mutants killed,
 * reproducer); with id, that claim in full, its long texts wrapped.  0, or -1 on a write error. */
int lp_claims_human(FILE *out, const lp_ledger *L, const char *paper, const char *id, const char *from);

#endif
