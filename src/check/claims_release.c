/* claims_release.c -- the verdicts a release ships: the report's records (reports/records.json,
 * installed beside the ledger), read when no test run of one's own is at hand.  Contract in
 * claims.h. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check/claims.h"

static const char *
text(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    return json_is_string(v) ? json_string_value(v) : NULL;
}

static int
integer(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    return json_is_integer(v) ? (int) json_integer_value(v) : 0;
}

static lp_claim *
find(lp_ledger *L, const char *id)
{
    for (size_t i = 0; i < L->n; i++)
        if (strcmp(L->claim[i].id, id) == 0)
            return &L->claim[i];
    return NULL;
}

/* the recorded verdict as one of lp_claim_verdicts, or NULL */
static const char *
known_verdict(const char *v)
{
    for (size_t i = 0; v != NULL && i < lp_claim_nverdicts; i++)
        if (strcmp(v, lp_claim_verdicts[i]) == 0)
            return lp_claim_verdicts[i];
    return NULL;
}

static int
take(lp_claim *c, json_t *r, const char *records, char *err, size_t errlen)
{
    const char *v = text(r, "verdict"), *fig = text(r, "figure"), *repro = text(r, "reproducer");
    const char *surv = text(r, "mutants_survivors");
    if ((c->release_verdict = known_verdict(v)) == NULL) {
        snprintf(err, errlen, "%s: claim %s: unknown verdict '%s'", records, c->id, v ? v : "(none)");
        return -1;
    }
    free(c->figure);
    free(c->release_reproducer);
    free(c->mutants_survivors);
    c->figure = fig ? strdup(fig) : NULL;
    c->release_reproducer = repro ? strdup(repro) : NULL;
    c->mutants_survivors = surv ? strdup(surv) : NULL;
    c->lines_ok = integer(r, "lines_ok");
    c->lines_todo = integer(r, "lines_todo");
    c->lines_failed = integer(r, "lines_failed");
    c->lines_inconclusive = integer(r, "lines_inconclusive");
    c->mutants_killed = integer(r, "mutants_killed");
    c->mutants_survived = integer(r, "mutants_survived");
    c->mutants_nohook = json_is_true(json_object_get(r, "mutants_nohook"));
    if ((fig && !c->figure) || (repro && !c->release_reproducer) || (surv && !c->mutants_survivors)) {
        snprintf(err, errlen, "%s: out of memory", records);
        return -1;
    }
    return 0;
}

int
lp_ledger_release(lp_ledger *L, const char *records, char *from, size_t fromlen, char *err, size_t errlen)
{
    json_error_t je;
    json_t *root = json_load_file(records, 0, &je), *claims, *meta, *r;
    size_t i;
    int found = 0;
    if (root == NULL) {
        snprintf(err, errlen, "%s:%d: %s", records, je.line, je.text);
        return -1;
    }
    claims = json_object_get(json_object_get(root, "claims"), "claims");
    if (!json_is_array(claims)) {
        snprintf(err, errlen, "%s: no claims record (records collected before the ledger)", records);
        json_decref(root);
        return -1;
    }
    json_array_foreach(claims, i, r) {
        const char *id = text(r, "claim");
        lp_claim *c = id ? find(L, id) : NULL;
        /* a claim the ledger checks now that the release could not: no verdict yet */
        if (c == NULL || c->not_checkable || (text(r, "not_checkable") && !text(r, "tests")))
            continue;
        if (take(c, r, records, err, errlen) != 0) {
            json_decref(root);
            return -1;
        }
        found++;
    }
    meta = json_object_get(root, "meta");
    {
        const char *version = text(meta, "version"), *commit = text(meta, "commit");
        snprintf(from, fromlen, "%s, commit %.12s", version ? version : "leakproof (version not recorded)",
                 commit ? commit : "not recorded");
    }
    json_decref(root);
    return found;
}
