/* stmt_table.c -- every statement (the tables of stmt_*.c in one order) and the sides of an
 * exact statement from its text.  Contracts in stmt.h. */
#include <stdlib.h>
#include <string.h>
#include "prove/stmt.h"

static const struct {
    const lp_stmt *t;
    const size_t *n;
} tables[] = {
    { lp_stmts_tan, &lp_nstmts_tan },
    { lp_stmts_biswas, &lp_nstmts_biswas },
    { lp_stmts_balunovic, &lp_nstmts_balunovic },
    { lp_stmts_matrix, &lp_nstmts_matrix },
    { lp_stmts_block, &lp_nstmts_block },
    { lp_stmts_info, &lp_nstmts_info },
};

size_t
lp_stmt_count(void)
{
    size_t n = 0;
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++)
        n += *tables[i].n;
    return n;
}

const lp_stmt *
lp_stmt_at(size_t i)
{
    for (size_t k = 0; k < sizeof tables / sizeof tables[0]; k++) {
        if (i < *tables[k].n)
            return &tables[k].t[i];
        i -= *tables[k].n;
    }
    return NULL;
}

const lp_stmt *
lp_stmt_find(const char *key)
{
    for (size_t i = 0, n = lp_stmt_count(); i < n; i++)
        if (strcmp(lp_stmt_at(i)->key, key) == 0)
            return lp_stmt_at(i);
    return NULL;
}

int
lp_stmt_decides(const lp_stmt *s, const char *id)
{
    size_t k = strlen(id);
    for (const char *p = s->ids; (p = strstr(p, id)) != NULL; p += k)
        if ((p == s->ids || p[-1] == ' ') && (p[k] == '\0' || p[k] == ' '))
            return 1;
    return 0;
}

int
lp_exact_sides(const lp_exact_stmt *st, lp_rf_vars V, lp_rf lhs, lp_rf rhs, char *err, size_t len)
{
    int rc = 0;
    if (st->build != NULL) {
        st->build(V, lhs, rhs);
        return 0;
    }
    rc = lp_rf_vars_parse(V, st->vars, err, len);
    lp_rf_init(lhs, V);
    lp_rf_init(rhs, V);
    if (rc == 0 && lp_rf_parse(lhs, st->lhs, V, err, len) != 0)
        rc = -1;
    if (rc == 0 && lp_rf_parse(rhs, st->rhs, V, err, len) != 0)
        rc = -1;
    return rc;
}

int
lp_exact_sos(const lp_exact_stmt *st, lp_rf_vars V, lp_rf_struct *w, lp_rf_struct *b, int max,
             char *err, size_t len)
{
    char *text, *save = NULL, *t;
    int n = 0, rc = 0;
    if (st->sos == NULL || (text = strdup(st->sos)) == NULL) {
        snprintf(err, len, "no sum of squares");
        return -1;
    }
    for (t = strtok_r(text, ";", &save); t != NULL && rc == 0; t = strtok_r(NULL, ";", &save)) {
        char *bar = strchr(t, '|');
        if (n == max || bar == NULL) {
            snprintf(err, len, "a sum of squares is 'w | b; ...' with at most %d terms", max);
            rc = -1;
            break;
        }
        *bar = '\0';
        lp_rf_init(&w[n], V);
        lp_rf_init(&b[n], V);
        n++;
        if (lp_rf_parse(&w[n - 1], t, V, err, len) != 0 || lp_rf_parse(&b[n - 1], bar + 1, V, err, len) != 0)
            rc = -1;
    }
    free(text);
    if (rc != 0) {
        for (int k = 0; k < n; k++) {
            lp_rf_clear(&w[k], V);
            lp_rf_clear(&b[k], V);
        }
        return -1;
    }
    return n;
}
