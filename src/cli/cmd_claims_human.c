/* cmd_claims_human.c -- `leakproof claims` for a reader: the answer (counts per paper and
 * verdict, the mutation score) first, then one narrow row per claim grouped by verdict, and
 * --id's view of one claim with its long texts wrapped.  Contract in cmd_claims.h. */
#include <string.h>
#include "cmd_claims.h"

#define WIDTH 78                /* the wrapped texts of --id */
#define ROW_MAX 88              /* a row of the table, never wider */
#define REPRO_PREFIX "make check TESTS="

/* the verdicts in the order a reader wants them: what contradicts the papers first */
static const char *const order[] = { "fails", "inconclusive", "weak", "partly", "holds", "proved", "not run",
                                     "not checkable" };

static void
mutants_cell(const lp_claim *c, char *buf, size_t len)
{
    if (c->mutants_nohook)
        snprintf(buf, len, "no hook");
    else if (c->mutants_killed + c->mutants_survived > 0)
        snprintf(buf, len, "%d/%d", c->mutants_killed, c->mutants_killed + c->mutants_survived);
    else
        snprintf(buf, len, "-");
}

/* text wrapped at WIDTH after a label of `indent` columns (the first line's label printed) */
static void
wrapped(FILE *out, const char *label, const char *text, int indent)
{
    const char *s = text;
    int col = fprintf(out, "  %-*s", indent, label);
    while (*s) {
        size_t word = strcspn(s, " ");
        if (col + (int) word + 1 > WIDTH && col > indent + 2) {
            fprintf(out, "\n%*s", indent + 2, "");
            col = indent + 2;
        } else if (s != text) {
            fputc(' ', out);
            col++;
        }
        col += (int) fwrite(s, 1, word, out);
        s += word;
        while (*s == ' ')
            s++;
    }
    fputc('\n', out);
}

static void
one_claim(FILE *out, const lp_claim *c, const char *from)
{
    char repro[512];
    lp_claims_reproducer(c, repro, sizeof repro);
    fprintf(out, "%s: %s\n", c->id, lp_claim_verdict(c));
    wrapped(out, "verdicts:", from, 12);
    wrapped(out, "where:", c->where, 12);
    wrapped(out, "kind:", c->kind, 12);
    wrapped(out, "says:", c->says, 12);
    if (c->not_checkable) {
        wrapped(out, "why not:", c->not_checkable, 12);
    } else {
        wrapped(out, "figure:", c->figure ? c->figure : "-", 12);
        wrapped(out, "reproducer:", repro[0] ? repro : "-", 12);
        wrapped(out, "tests:", c->tests, 12);
        if (c->mutants_nohook)
            wrapped(out, "mutants:", "no hook: no test of the claim routes its checked quantity through a "
                    "mutation hook (weak)", 12);
        else if (c->mutants_killed + c->mutants_survived > 0) {
            char m[256];
            snprintf(m, sizeof m, "%d of %d killed%s%s", c->mutants_killed, c->mutants_killed + c->mutants_survived,
                     c->mutants_survivors ? "; survived: " : "", c->mutants_survivors ? c->mutants_survivors : "");
            wrapped(out, "mutants:", m, 12);
        } else
            wrapped(out, "mutants:", "- (the mutation check has not run: make verify)", 12);
    }
    if (c->partly)
        wrapped(out, "partly:", c->partly, 12);
    if (c->finding)
        wrapped(out, "finding:", c->finding, 12);
    if (c->direction)
        wrapped(out, "direction:", c->direction, 12);
    if (c->note)
        wrapped(out, "note:", c->note, 12);
    {
        char at[300];
        snprintf(at, sizeof at, "%s:%d", c->file, c->line);
        wrapped(out, "ledger:", at, 12);
    }
}

static void
counts(FILE *out, const lp_ledger *L, const char *paper)
{
    for (size_t pi = 0; pi < lp_claim_npapers; pi++) {
        int n = 0, killed = 0, mutants = 0, col, first = 1;
        char p[32];
        if (paper && strcmp(paper, lp_claim_papers[pi]))
            continue;
        for (size_t i = 0; i < L->n; i++)
            if (strcmp(lp_claim_paper(&L->claim[i], p, sizeof p), lp_claim_papers[pi]) == 0) {
                n++;
                killed += L->claim[i].mutants_killed;
                mutants += L->claim[i].mutants_killed + L->claim[i].mutants_survived;
            }
        if (n == 0)
            continue;
        col = fprintf(out, "  %-10s %3d claims:", lp_claim_papers[pi], n);
        for (size_t v = 0; v < sizeof order / sizeof order[0]; v++) {
            int k = 0;
            for (size_t i = 0; i < L->n; i++)
                k += strcmp(lp_claim_paper(&L->claim[i], p, sizeof p), lp_claim_papers[pi]) == 0
                     && strcmp(lp_claim_verdict(&L->claim[i]), order[v]) == 0;
            if (k == 0)
                continue;
            {
                char item[40];
                int w = snprintf(item, sizeof item, "%s %d", order[v], k);
                if (!first && col + 2 + w > WIDTH) {        /* the separator ends the line */
                    fprintf(out, ",\n%*s", 24, "");
                    col = 24;
                } else if (!first)
                    col += fprintf(out, ", ");
                else
                    col += fprintf(out, " ");
                col += fprintf(out, "%s", item);
                first = 0;
            }
        }
        if (mutants)
            fprintf(out, "\n%*smutants killed %d of %d (%.1f %%)", 24, "", killed, mutants, 100.0 * killed / mutants);
        fputc('\n', out);
    }
}

int
lp_claims_human(FILE *out, const lp_ledger *L, const char *paper, const char *id, const char *from)
{
    int idw = 5;
    if (id) {
        for (size_t i = 0; i < L->n; i++)
            if (lp_claims_wanted(&L->claim[i], paper, id))
                one_claim(out, &L->claim[i], from);
        return ferror(out) ? -1 : 0;
    }
    fprintf(out, "the claims ledger%s%s\n", paper ? ": " : "", paper ? paper : "");
    counts(out, L, paper);
    wrapped(out, "verdicts:", from, 10);
    /* one section per verdict; the failing claims by their direction for a defender */
    for (size_t v = 0, d = 0; v < sizeof order / sizeof order[0]; d = (d + 1) % 4, v += d == 0) {
        static const char *const directions[] = { "unsafe", "safe", "neutral", NULL };
        static const char *const said[] = { ", unsafe for a defender", ", safe for a defender",
                                            ", neutral for a defender", "" };
        int n = 0, nc = strcmp(order[v], "not checkable") == 0, fails = strcmp(order[v], "fails") == 0;
        if (!fails && d > 0)
            continue;
#define IN_SECTION(c) (lp_claims_wanted((c), paper, NULL) && strcmp(lp_claim_verdict(c), order[v]) == 0 \
                       && (!fails || (directions[d] ? (c)->direction && strcmp((c)->direction, directions[d]) == 0 \
                                                    : (c)->direction == NULL)))
        idw = 5;                        /* the id column as wide as this section's longest id */
        for (size_t i = 0; i < L->n; i++)
            if (IN_SECTION(&L->claim[i])) {
                n++;
                if ((int) strlen(L->claim[i].id) > idw)
                    idw = (int) strlen(L->claim[i].id);
            }
        if (n == 0)
            continue;
        fprintf(out, "\n%s%s (%d)\n", order[v], fails && d < 3 ? said[d] : "", n);
        if (nc)
            fprintf(out, "  %-*s  why not (the whole reason: --id ID)\n", idw, "claim");
        else
            fprintf(out, "  %-*s  %-7s  reproducer (%s...)\n", idw, "claim", "mutants", REPRO_PREFIX);
        for (size_t i = 0; i < L->n; i++) {
            const lp_claim *c = &L->claim[i];
            char repro[512], cell[32];
            const char *shown;
            int room;
            if (!IN_SECTION(c))
                continue;
            if (nc) {
                room = ROW_MAX - 4 - idw;
                if ((int) strlen(c->not_checkable) <= room)
                    fprintf(out, "  %-*s  %s\n", idw, c->id, c->not_checkable);
                else
                    fprintf(out, "  %-*s  %.*s...\n", idw, c->id, room - 3, c->not_checkable);
                continue;
            }
            lp_claims_reproducer(c, repro, sizeof repro);
            mutants_cell(c, cell, sizeof cell);
            shown = strncmp(repro, REPRO_PREFIX, strlen(REPRO_PREFIX)) == 0 ? repro + strlen(REPRO_PREFIX) : repro;
            room = ROW_MAX - 13 - idw;
            if ((int) strlen(shown) <= room)
                fprintf(out, "  %-*s  %-7s  %s\n", idw, c->id, cell, shown[0] ? shown : "-");
            else
                fprintf(out, "  %-*s  %-7s  %.*s...\n", idw, c->id, cell, room - 3, shown);
        }
#undef IN_SECTION
    }
    return ferror(out) ? -1 : 0;
}
