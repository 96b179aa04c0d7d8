/* rf_parse.c -- exact statements as text: a statement's variables and its two sides are
 * formulas, parsed here into rational functions (rf.h), so that a referee reads the claim as
 * written, next to the paper.
 *
 *   variables:  "+d; +sigma; +S; L = log((sigma + S^2/d)/sigma); E = exp(-2*I/d)"
 *               a name (with + in front: declared > 0), or NAME = log(f) / exp(f) of the names
 *               declared before it (exp atoms are > 0);
 *   formulas:   integers, names, + - * /, ^ with an integer exponent (any sign), parentheses,
 *               and diff(f, name): the derivative in name, through every exp and log atom.
 *
 * Shared by the prover and the checker, like every statement.  Contracts in rf.h. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "prove/rf.h"

typedef struct {
    const char *s;
    lp_rf_vars_struct *V;
    char *err;
    size_t len;
    int failed;
} parser;

static void
fail(parser *p, const char *what)
{
    if (!p->failed)
        snprintf(p->err, p->len, "%s at '%.20s'", what, p->s);
    p->failed = 1;
}

static void
skip(parser *p)
{
    while (isspace((unsigned char) *p->s))
        p->s++;
}

static int
name_len(const char *s)
{
    int n = 0;
    if (!isalpha((unsigned char) s[0]) && s[0] != '_')
        return 0;
    while (isalnum((unsigned char) s[n]) || s[n] == '_')
        n++;
    return n;
}

static int
lookup(const lp_rf_vars_struct *V, const char *s, int n)
{
    for (int k = 0; k < V->n; k++)
        if ((int) strlen(V->name[k]) == n && strncmp(V->name[k], s, (size_t) n) == 0)
            return k;
    return -1;
}

static void expr(parser *p, lp_rf f);

static void
primary(parser *p, lp_rf f)
{
    lp_rf_vars_struct *V = p->V;
    int n;
    skip(p);
    if (*p->s == '(') {
        p->s++;
        expr(p, f);
        skip(p);
        if (*p->s != ')')
            fail(p, "')' expected");
        else
            p->s++;
    } else if (isdigit((unsigned char) *p->s)) {
        char *end;
        long v = strtol(p->s, &end, 10);
        lp_rf_si(f, v, V);
        p->s = end;
    } else if ((n = name_len(p->s)) == 4 && strncmp(p->s, "diff", 4) == 0) {
        lp_rf g;
        int k, m;
        p->s += 4;
        skip(p);
        if (*p->s++ != '(') {
            fail(p, "'(' expected after diff");
            return;
        }
        lp_rf_init(g, V);
        expr(p, g);
        skip(p);
        if (*p->s++ != ',' || (skip(p), m = name_len(p->s)) == 0 || (k = lookup(V, p->s, m)) < 0)
            fail(p, "diff(f, name) expects a declared name");
        else {
            p->s += m;
            skip(p);
            if (*p->s++ != ')')
                fail(p, "')' expected after diff's name");
            else
                lp_rf_diff(f, g, k, V);
        }
        lp_rf_clear(g, V);
    } else if (n > 0) {
        int k = lookup(V, p->s, n);
        if (k < 0)
            fail(p, "an undeclared name");
        else {
            lp_rf_var(f, k, V);
            p->s += n;
        }
    } else
        fail(p, "a number, a name or '(' expected");
}

static void
power(parser *p, lp_rf f)
{
    primary(p, f);
    skip(p);
    if (*p->s == '^') {
        char *end;
        long e;
        p->s++;
        skip(p);
        e = strtol(p->s, &end, 10);
        if (end == p->s)
            fail(p, "an integer exponent expected");
        else if (e < 0 && lp_rf_is_zero(f, p->V))
            fail(p, "0 to a negative power");
        else {
            p->s = end;
            lp_rf_pow(f, f, e, p->V);
        }
    }
}

static void
unary(parser *p, lp_rf f)
{
    skip(p);
    if (*p->s == '-') {
        p->s++;
        unary(p, f);
        lp_rf_neg(f, f, p->V);
    } else
        power(p, f);
}

static void
term(parser *p, lp_rf f)
{
    lp_rf g;
    lp_rf_init(g, p->V);
    unary(p, f);
    for (skip(p); !p->failed && (*p->s == '*' || *p->s == '/'); skip(p)) {
        char op = *p->s++;
        unary(p, g);
        if (op == '*')
            lp_rf_mul(f, f, g, p->V);
        else if (!lp_rf_div(f, f, g, p->V))
            fail(p, "a division by 0");
    }
    lp_rf_clear(g, p->V);
}

static void
expr(parser *p, lp_rf f)
{
    lp_rf g;
    lp_rf_init(g, p->V);
    term(p, f);
    for (skip(p); !p->failed && (*p->s == '+' || *p->s == '-'); skip(p)) {
        char op = *p->s++;
        term(p, g);
        if (op == '+')
            lp_rf_add(f, f, g, p->V);
        else
            lp_rf_sub(f, f, g, p->V);
    }
    lp_rf_clear(g, p->V);
}

int
lp_rf_parse(lp_rf f, const char *s, lp_rf_vars V, char *err, size_t len)
{
    parser p = { s, V, err, len, 0 };
    expr(&p, f);
    skip(&p);
    if (!p.failed && *p.s != '\0')
        fail(&p, "unexpected text");
    return p.failed ? -1 : 0;
}

int
lp_rf_vars_parse(lp_rf_vars V, const char *text, char *err, size_t len)
{
    const char *names[LP_RF_MAXVARS] = { NULL };
    char *def[LP_RF_MAXVARS], *save = NULL, *t, *own = strdup(text);
    int n = 0, rc = 0;
    if (own == NULL) {
        lp_rf_vars_init(V, 0, names);
        snprintf(err, len, "out of memory");
        return -1;
    }
    for (t = strtok_r(own, ";", &save); t != NULL; t = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(t, '='), *e;
        if (n == LP_RF_MAXVARS) {
            lp_rf_vars_init(V, 0, names);
            free(own);
            snprintf(err, len, "more than %d variables", LP_RF_MAXVARS);
            return -1;
        }
        def[n] = NULL;
        if (eq != NULL) {
            *eq = '\0';
            def[n] = eq + 1;
        }
        while (isspace((unsigned char) *t))
            t++;
        for (e = t + strlen(t); e > t && isspace((unsigned char) e[-1]); )
            *--e = '\0';
        names[n++] = t;
    }
    lp_rf_vars_init(V, n, names);
    V->own = own;
    for (int k = 0; k < n && rc == 0; k++) {
        const char *nm = V->name[k];
        if (name_len(nm) != (int) strlen(nm) || lookup(V, nm, (int) strlen(nm)) != k) {
            snprintf(err, len, "'%s' is not a name, or is declared twice", nm);
            rc = -1;
        } else if (def[k] != NULL) {
            const char *d = def[k];
            lp_rf a;
            while (isspace((unsigned char) *d))
                d++;
            if (strncmp(d, "log", 3) != 0 && strncmp(d, "exp", 3) != 0) {
                snprintf(err, len, "%s: a definition is log(f) or exp(f)", nm);
                rc = -1;
                break;
            }
            lp_rf_init(a, V);
            if (lp_rf_parse(a, d + 3, V, err, len) != 0)
                rc = -1;
            else if (d[0] == 'l')
                lp_rf_vars_log(V, k, a);
            else
                lp_rf_vars_exp(V, k, a);
            lp_rf_clear(a, V);
        }
    }
    return rc;
}
