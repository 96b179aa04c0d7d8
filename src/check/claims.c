/* claims.c -- reading and checking the claims ledger.  Contracts in claims.h. */
#include <ctype.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "check/claims.h"
#include "check/claims_paths.h"

const char *const lp_claim_papers[] = { "biswas", "tan", "balunovic" };
const size_t lp_claim_npapers = sizeof lp_claim_papers / sizeof lp_claim_papers[0];
const char *const lp_claim_kinds[] = { "definition", "theorem", "lemma", "corollary", "proposition",
                                       "equation", "proof-step", "figure", "table", "text-claim",
                                       "algorithm", "remark" };
const size_t lp_claim_nkinds = sizeof lp_claim_kinds / sizeof lp_claim_kinds[0];
/* a reason shorter than this says nothing specific ("n/a", "none") */
#define REASON_MIN 12

static int
fail(char *err, size_t len, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(err, len, "%s:%d: ", file, line);
    va_start(ap, fmt);
    if (n >= 0 && (size_t) n < len)
        vsnprintf(err + n, len - (size_t) n, fmt, ap);
    va_end(ap);
    return -1;
}

static int
in_list(const char *s, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(s, list[i]) == 0)
            return 1;
    return 0;
}

/* <paper>/<label>: label of letters, digits and . _ - /, not ending in / */
static int
id_ok(const char *id, const char *file_paper)
{
    const char *slash = strchr(id, '/');
    size_t k;
    if (slash == NULL || slash[1] == '\0' || id[strlen(id) - 1] == '/')
        return 0;
    k = (size_t) (slash - id);
    if (strlen(file_paper) != k || strncmp(id, file_paper, k) != 0)
        return 0;
    for (const char *s = slash + 1; *s; s++)
        if (!isalnum((unsigned char) *s) && !strchr("._-/", *s))
            return 0;
    return 1;
}

/* test names: letters, digits, . _ - separated by commas and/or spaces */
static int
tests_ok(const char *t)
{
    int names = 0, in = 0;
    for (const char *s = t; *s; s++) {
        if (*s == ',' || *s == ' ')
            in = 0;
        else if (isalnum((unsigned char) *s) || strchr("._-", *s)) {
            names += !in;
            in = 1;
        } else
            return 0;
    }
    return names > 0;
}

static char **
field(lp_claim *c, const char *key)
{
    static const char *const keys[] = { "claim", "where", "kind", "says", "tests", "not-checkable",
                                        "partly", "finding", "note", "command", "direction" };
    char **slots[] = { &c->id, &c->where, &c->kind, &c->says, &c->tests, &c->not_checkable,
                       &c->partly, &c->finding, &c->note, &c->command, &c->direction };
    /* the report's words for a finding (cases/claims/README.md) */
    static const char *const words[] = { "because", "states", "true", "topic" };
    char **word_slots[] = { &c->because, &c->states, &c->truth, &c->topic };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(key, keys[i]) == 0)
            return slots[i];
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(key, words[i]) == 0)
            return word_slots[i];
    return NULL;
}

static int
finish_block(lp_ledger *L, lp_claim *c, const char *file, const char *paper, char *err, size_t len)
{
    const char *req[] = { c->id, c->where, c->kind, c->says };
    const char *names[] = { "claim", "where", "kind", "says" };
    for (int i = 0; i < 4; i++)
        if (req[i] == NULL || req[i][0] == '\0')
            return fail(err, len, file, c->line, "the block has no '%s'", names[i]);
    if (!id_ok(c->id, paper))
        return fail(err, len, file, c->line, "claim id '%s' is not %s/<label> (label: letters, digits, . _ - /)",
                    c->id, paper);
    if (!in_list(c->kind, lp_claim_kinds, lp_claim_nkinds))
        return fail(err, len, file, c->line, "%s: unknown kind '%s'", c->id, c->kind);
    if ((c->tests != NULL) == (c->not_checkable != NULL))
        return fail(err, len, file, c->line, "%s: needs exactly one of 'tests' and 'not-checkable'", c->id);
    if (c->tests != NULL && !tests_ok(c->tests))
        return fail(err, len, file, c->line, "%s: 'tests' is not a list of test names", c->id);
    if (c->not_checkable != NULL && strlen(c->not_checkable) < REASON_MIN)
        return fail(err, len, file, c->line, "%s: the not-checkable reason '%s' is not specific", c->id,
                    c->not_checkable);
    if (c->partly != NULL && (c->tests == NULL || strlen(c->partly) < REASON_MIN))
        return fail(err, len, file, c->line, "%s: 'partly' needs tests and says what they miss", c->id);
    if (c->direction != NULL && (c->tests == NULL || (strcmp(c->direction, "unsafe") && strcmp(c->direction, "safe")
                                                     && strcmp(c->direction, "neutral"))))
        return fail(err, len, file, c->line, "%s: 'direction' is unsafe, safe or neutral, in a block with tests",
                    c->id);
    if (c->direction == NULL && (c->because || c->states || c->truth))
        return fail(err, len, file, c->line, "%s: 'because', 'states' and 'true' describe a finding: they need "
                    "'direction'", c->id);
    if (c->topic != NULL && strcmp(c->topic, "theory") && strcmp(c->topic, "experiment")
        && strcmp(c->topic, "accounting"))
        return fail(err, len, file, c->line, "%s: 'topic' is theory, experiment or accounting", c->id);
    for (size_t i = 0; i < L->n; i++)
        if (strcmp(L->claim[i].id, c->id) == 0)
            return fail(err, len, file, c->line, "claim %s already defined at %s:%d", c->id,
                        L->claim[i].file, L->claim[i].line);
    if (L->n == L->cap) {
        size_t cap = L->cap ? 2 * L->cap : 64;
        lp_claim *p = realloc(L->claim, cap * sizeof *p);
        if (p == NULL)
            return fail(err, len, file, c->line, "out of memory");
        L->claim = p;
        L->cap = cap;
    }
    L->claim[L->n++] = *c;
    memset(c, 0, sizeof *c);
    return 0;
}

static void
claim_free(lp_claim *c)
{
    char *all[] = { c->id, c->where, c->kind, c->says, c->tests, c->not_checkable, c->partly,
                    c->finding, c->note, c->command, c->direction, c->because, c->states, c->truth,
                    c->topic, c->file, c->figure, c->figure_test };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        free(all[i]);
    memset(c, 0, sizeof *c);
}

static char *
append(char *old, const char *more)
{
    size_t a = strlen(old), b = strlen(more);
    char *s = realloc(old, a + b + 2);
    if (s == NULL)
        return NULL;
    s[a] = ' ';
    memcpy(s + a + 1, more, b + 1);
    return s;
}

static int
read_file(lp_ledger *L, const char *dir, const char *name, char *err, size_t len)
{
    char path[4096], paper[32], *buf = NULL, **last = NULL;
    size_t cap = 0, k = strcspn(name, "-.");
    int lineno = 0, rc = 0;
    ssize_t got;
    lp_claim c;
    FILE *f;
    memset(&c, 0, sizeof c);
    snprintf(paper, sizeof paper, "%.*s", (int) (k < sizeof paper ? k : sizeof paper - 1), name);
    if (!in_list(paper, lp_claim_papers, lp_claim_npapers))
        return fail(err, len, name, 0, "a ledger file is <paper>[-<part>].claims, paper one of biswas, tan, balunovic");
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if ((f = fopen(path, "r")) == NULL)
        return fail(err, len, name, 0, "cannot read");
    while (rc == 0 && (got = getline(&buf, &cap, f)) >= 0) {
        char *s = buf, *colon, **slot;
        lineno++;
        while (got > 0 && (buf[got - 1] == '\n' || buf[got - 1] == '\r' || buf[got - 1] == ' '))
            buf[--got] = '\0';
        if (buf[0] == '#')
            continue;
        if (got == 0) {                                 /* a blank line ends a block */
            if (c.line)
                rc = finish_block(L, &c, name, paper, err, len);
            last = NULL;
            continue;
        }
        if (s[0] == ' ') {                              /* a continuation */
            while (*s == ' ')
                s++;
            if (last == NULL || s[0] == '\0')
                rc = fail(err, len, name, lineno, "an indented line continues no key");
            else if ((*last = append(*last, s)) == NULL)
                rc = fail(err, len, name, lineno, "out of memory");
            continue;
        }
        colon = strchr(s, ':');
        if (colon == NULL) {
            rc = fail(err, len, name, lineno, "not 'key: value': %.60s", s);
            continue;
        }
        *colon = '\0';
        if ((slot = field(&c, s)) == NULL) {
            rc = fail(err, len, name, lineno, "unknown key '%s'", s);
            continue;
        }
        if (*slot != NULL) {
            rc = fail(err, len, name, lineno, "key '%s' twice in one block", s);
            continue;
        }
        for (s = colon + 1; *s == ' '; s++)
            ;
        if (!c.line) {
            c.line = lineno;
            if ((c.file = strdup(name)) == NULL)
                rc = fail(err, len, name, lineno, "out of memory");
        }
        if ((*slot = strdup(s)) == NULL)
            rc = fail(err, len, name, lineno, "out of memory");
        last = slot;
    }
    if (rc == 0 && c.line)
        rc = finish_block(L, &c, name, paper, err, len);
    claim_free(&c);
    free(buf);
    fclose(f);
    return rc;
}

static int
by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *) a, *(char *const *) b);
}

int
lp_ledger_read(lp_ledger *L, const char *dir, char *err, size_t len)
{
    DIR *d;
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    memset(L, 0, sizeof *L);
    if ((d = opendir(dir)) == NULL)
        return fail(err, len, dir, 0, "cannot open the ledger's directory");
    while ((e = readdir(d)) != NULL) {
        size_t k = strlen(e->d_name);
        if (k <= 7 || strcmp(e->d_name + k - 7, ".claims") != 0)
            continue;
        if (n == cap) {
            char **p = realloc(names, (cap = cap ? 2 * cap : 8) * sizeof *p);
            if (p == NULL) { rc = fail(err, len, dir, 0, "out of memory"); break; }
            names = p;
        }
        if ((names[n] = strdup(e->d_name)) == NULL) { rc = fail(err, len, dir, 0, "out of memory"); break; }
        n++;
    }
    closedir(d);
    if (rc == 0 && n == 0)
        rc = fail(err, len, dir, 0, "no *.claims file");
    if (names)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        if (rc == 0)
            rc = read_file(L, dir, names[i], err, len);
        free(names[i]);
    }
    free(names);
    return rc;
}

const char *
lp_claim_verdict(const lp_claim *c)
{
    if (c->not_checkable)
        return "not checkable";
    if (c->lines_todo || c->lines_failed)
        return "fails";
    if (c->lines_ok == 0)
        return "not run";
    return c->partly ? "partly" : "holds";
}

const char *
lp_claim_paper(const lp_claim *c, char *buf, size_t len)
{
    snprintf(buf, len, "%.*s", (int) strcspn(c->id, "/"), c->id);
    return buf;
}

void
lp_ledger_clear(lp_ledger *L)
{
    for (size_t i = 0; i < L->n; i++)
        claim_free(&L->claim[i]);
    free(L->claim);
    memset(L, 0, sizeof *L);
}

static int
is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *
lp_ledger_default_dir(void)
{
    return is_dir(LP_CLAIMS_SRCDIR) ? LP_CLAIMS_SRCDIR : LP_CLAIMS_DATADIR;
}

const char *
lp_ledger_default_logs(void)
{
    return is_dir(LP_CLAIMS_SRCDIR) && is_dir(LP_CLAIMS_LOGDIR) ? LP_CLAIMS_LOGDIR : NULL;
}
