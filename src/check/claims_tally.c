/* claims_tally.c -- the verdicts' evidence: the TAP lines of a test run that
 * carry claim ids.  Contracts in claims.h. */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "check/claims.h"

/* logs nest no deeper than tests/<room>/ under a build tree */
#define MAX_DEPTH 4

static lp_claim *
find(lp_ledger *L, const char *id, size_t k)
{
    for (size_t i = 0; i < L->n; i++)
        if (strlen(L->claim[i].id) == k && strncmp(L->claim[i].id, id, k) == 0)
            return &L->claim[i];
    return NULL;
}

/* the directive of a TAP line: TODO (I: TODO inconclusive, a statistic the decision rule could
 * not decide), SKIP or none, split off the description */
static int
directive(char *desc)
{
    char *h = strstr(desc, " # ");
    for (char *n = h; n != NULL; n = strstr(n + 1, " # "))
        h = n;                                  /* the last " # " */
    if (h != NULL) {
        if (strncasecmp(h + 3, "TODO inconclusive", 17) == 0) { *h = '\0'; return 'I'; }
        if (strncasecmp(h + 3, "TODO", 4) == 0) { *h = '\0'; return 'T'; }
        if (strncasecmp(h + 3, "SKIP", 4) == 0) { *h = '\0'; return 'S'; }
    }
    return 0;
}

/* whether test comes before other in the tests' name order: by the name of the log
 * (t-gauss.log, t-cli.sh.log) whatever room of tests/ it sits in, so that the deciding line
 * is the first in the name order on every machine and moving a test between rooms does not
 * change it */
static int
named_before(const char *test, const char *other)
{
    const char *a = strrchr(test, '/'), *b = strrchr(other, '/');
    char x[1024], y[1024];
    snprintf(x, sizeof x, "%s.log", a ? a + 1 : test);
    snprintf(y, sizeof y, "%s.log", b ? b + 1 : other);
    return strcmp(x, y) < 0;
}

/* the deciding line: a finding or failure (rank 4) before a proof's line (3: proved on D)
 * before an undecided statistic (2) before an ok line (1); among equals the first in the
 * tests' name order, then in the log */
static void
set_figure(lp_claim *c, const char *desc, const char *test, int rank)
{
    if (c->figure != NULL && (rank < c->figure_rank || (rank == c->figure_rank && !named_before(test, c->figure_test))))
        return;
    free(c->figure);
    free(c->figure_test);
    c->figure = strdup(desc);
    c->figure_test = strdup(test);
    c->figure_rank = rank;
    c->figure_proved = rank == 3;
}

/* a line of the prover's checker: "proved on D: ..." or "proved on the sub-domain D (the
 * paper's is P): ..." (tests/prove/t-prove); D (with P) into the claim */
static int
proof_line(lp_claim *c, const char *desc)
{
    static const char on[] = "proved on ", sub[] = "proved on the sub-domain ";
    const char *d, *end;
    int is_sub = strncmp(desc, sub, sizeof sub - 1) == 0;
    if (strncmp(desc, on, sizeof on - 1) != 0)
        return 0;
    d = desc + (is_sub ? sizeof sub : sizeof on) - 1;
    end = strstr(d, ": ");
    free(c->proved_on);
    c->proved_on = strndup(d, end ? (size_t) (end - d) : strlen(d));
    c->proved_sub = is_sub;
    c->lines_proved++;
    return 1;
}

static void
tally_line(lp_ledger *L, char *ln, const char *test)
{
    int bad = strncmp(ln, "not ok ", 7) == 0, d;
    char *s = ln + (bad ? 7 : 3), *desc;
    if (!bad && strncmp(ln, "ok ", 3) != 0)
        return;
    while (isdigit((unsigned char) *s))
        s++;
    if (strncmp(s, " - ", 3) != 0)
        return;
    desc = s + 3;
    d = directive(desc);
    /* the ids: "[paper/label] " at the start, one or more */
    {
        char *p = desc;
        lp_claim *seen[16];
        int n = 0;
        while (*p == '[') {
            char *q = strchr(p, ']');
            lp_claim *c;
            if (q == NULL || memchr(p, '/', (size_t) (q - p)) == NULL)
                break;
            if ((c = find(L, p + 1, (size_t) (q - p - 1))) != NULL && n < 16)
                seen[n++] = c;
            p = q + 1;
            while (*p == ' ')
                p++;
        }
        for (int i = 0; i < n; i++) {
            lp_claim *c = seen[i];
            if (d == 'S')
                c->lines_skipped++;
            else if (bad && d == 'I') {
                c->lines_inconclusive++;
                set_figure(c, p, test, 2);
            } else if (bad) {
                if (d == 'T')
                    c->lines_todo++;
                else
                    c->lines_failed++;
                set_figure(c, p, test, 4);
            } else {
                const int proof = proof_line(c, p);
                c->lines_ok++;
                set_figure(c, p, test, proof ? 3 : 1);
            }
        }
    }
}

/* a line of the mutation check's file: `mutant ID KIND killed|crashed|survived [TEST]` or
 * `nohook ID`; anything else (a comment) is passed over */
static void
mutant_line(lp_ledger *L, const char *ln)
{
    char id[256], kind[16], result[16];
    lp_claim *c;
    if (sscanf(ln, "nohook %255s", id) == 1) {
        if ((c = find(L, id, strlen(id))) != NULL)
            c->mutants_nohook = 1;
        return;
    }
    if (sscanf(ln, "mutant %255s %15s %15s", id, kind, result) != 3 || (c = find(L, id, strlen(id))) == NULL)
        return;
    if (strcmp(result, "killed") == 0 || strcmp(result, "crashed") == 0)
        c->mutants_killed++;
    else if (strcmp(result, "survived") == 0) {
        size_t k = c->mutants_survivors ? strlen(c->mutants_survivors) : 0;
        char *s = realloc(c->mutants_survivors, k + strlen(kind) + 2);
        c->mutants_survived++;
        if (s != NULL) {
            snprintf(s + k, strlen(kind) + 2, "%s%s", k ? " " : "", kind);
            c->mutants_survivors = s;
        }
    }
}

static int
read_log(lp_ledger *L, const char *path, const char *test)
{
    FILE *f = fopen(path, "r");
    char *buf = NULL;
    size_t cap = 0;
    ssize_t got;
    if (f == NULL)
        return -1;
    while ((got = getline(&buf, &cap, f)) >= 0) {
        while (got > 0 && (buf[got - 1] == '\n' || buf[got - 1] == '\r'))
            buf[--got] = '\0';
        if (test == NULL)
            mutant_line(L, buf);
        else
            tally_line(L, buf, test);
    }
    free(buf);
    got = ferror(f) ? -1 : 0;   /* a log cut by a read error would decide verdicts on part of it */
    fclose(f);
    return (int) got;
}

/* the test's name from its log's (Automake's t-gauss.log, t-cli.sh.log): as make check's
 * TESTS names it, t-gauss and t-cli.sh */
static void
test_name(char *out, size_t len, const char *rel)
{
    snprintf(out, len, "%.*s", (int) (strlen(rel) - 4), rel);
}

static int
by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *) a, *(char *const *) b);
}

static _Thread_local char unread[4096];    /* the log that could not be read */

/* the logs under dir, in path order (named_before makes the deciding line independent of it) */
static int
walk(lp_ledger *L, const char *dir, const char *rel, int depth)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0;
    int read = 0;
    if (d == NULL)
        return -1;
    while ((e = readdir(d)) != NULL) {
        char **p = names;
        if (e->d_name[0] == '.')
            continue;
        if (n == cap && (p = realloc(names, (cap ? 2 * cap : 64) * sizeof *p)) != NULL) {
            names = p;
            cap = cap ? 2 * cap : 64;
        }
        if (p == NULL || (names[n] = strdup(e->d_name)) == NULL) {     /* out of memory: say so */
            read = -2;
            break;
        }
        n++;
    }
    closedir(d);
    if (names)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        char path[4096], sub[1024], name[1024];
        struct stat st;
        size_t k = strlen(names[i]);
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        snprintf(sub, sizeof sub, "%s%s%s", rel, rel[0] ? "/" : "", names[i]);
        if (read < 0)
            ;                                       /* out of memory, unreadable: only free the names */
        else if (stat(path, &st) == 0 && S_ISDIR(st.st_mode) && depth < MAX_DEPTH) {
            int m = walk(L, path, sub, depth + 1);
            read = m == -2 || m == -3 ? m : read + (m > 0 ? m : 0);
        } else if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && k > 4 && strcmp(names[i] + k - 4, ".log") == 0
                   && strcmp(names[i], "test-suite.log") != 0) {
            test_name(name, sizeof name, sub);
            if (read_log(L, path, name) == 0)
                read++;
            else {
                snprintf(unread, sizeof unread, "%s", path);
                read = -3;
            }
        } else if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && k > 4 && strcmp(names[i] + k - 4, ".mut") == 0) {
            if (read_log(L, path, NULL) != 0) {     /* the mutation check's results, not a log */
                snprintf(unread, sizeof unread, "%s", path);
                read = -3;
            }
        }
        free(names[i]);
    }
    free(names);
    return read;
}

int
lp_ledger_tally(lp_ledger *L, const char *logs, char *err, size_t len)
{
    int n;
    unread[0] = '\0';
    n = walk(L, logs, "", 0);
    if (n == -3)
        snprintf(err, len, "%s: cannot read this test log", unread);
    else if (n == -2)
        snprintf(err, len, "%s: out of memory reading the test logs", logs);
    else if (n < 0)
        snprintf(err, len, "%s: cannot open the test logs' directory", logs);
    return n < 0 ? -1 : n;
}
