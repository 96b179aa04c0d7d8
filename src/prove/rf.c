/* rf.c -- rational functions over fmpq_mpoly with exp and log atoms.  Contracts in rf.h. */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpq.h>
#include "prove/rf.h"

void
lp_rf_vars_init(lp_rf_vars V, int n, const char *const *names)
{
    V->n = n < LP_RF_MAXVARS ? n : LP_RF_MAXVARS;
    V->own = NULL;
    fmpq_mpoly_ctx_init(V->ctx, V->n, ORD_LEX);
    for (int k = 0; k < V->n; k++) {
        V->positive[k] = names[k][0] == '+';
        V->name[k] = names[k] + V->positive[k];
        V->kind[k] = LP_VAR_PARAM;
        fmpq_mpoly_init(V->arg[k].num, V->ctx);
        fmpq_mpoly_init(V->arg[k].den, V->ctx);
        fmpq_mpoly_one(V->arg[k].den, V->ctx);
    }
}

void
lp_rf_vars_clear(lp_rf_vars V)
{
    for (int k = 0; k < V->n; k++) {
        fmpq_mpoly_clear(V->arg[k].num, V->ctx);
        fmpq_mpoly_clear(V->arg[k].den, V->ctx);
    }
    fmpq_mpoly_ctx_clear(V->ctx);
    free(V->own);
    V->own = NULL;
}

static void
declare(lp_rf_vars V, int k, lp_var_kind kind, const lp_rf arg)
{
    V->kind[k] = kind;
    if (arg != NULL) {
        fmpq_mpoly_set(V->arg[k].num, arg->num, V->ctx);
        fmpq_mpoly_set(V->arg[k].den, arg->den, V->ctx);
    }
}

void
lp_rf_vars_exp(lp_rf_vars V, int k, const lp_rf arg)
{
    declare(V, k, LP_VAR_EXP, arg);
    V->positive[k] = 1;
}

void
lp_rf_vars_log(lp_rf_vars V, int k, const lp_rf arg)
{
    declare(V, k, LP_VAR_LOG, arg);
    V->positive[k] = 0;
}

void
lp_rf_vars_atom(lp_rf_vars V, int k)
{
    declare(V, k, LP_VAR_ATOM, NULL);
}

void
lp_rf_begin(lp_rf_vars V, lp_rf lhs, lp_rf rhs, int n, const char *const *names)
{
    lp_rf_vars_init(V, n, names);
    lp_rf_init(lhs, V);
    lp_rf_init(rhs, V);
}

void
lp_rf_init(lp_rf f, const lp_rf_vars V)
{
    fmpq_mpoly_init(f->num, V->ctx);
    fmpq_mpoly_init(f->den, V->ctx);
    fmpq_mpoly_one(f->den, V->ctx);
}

void
lp_rf_clear(lp_rf f, const lp_rf_vars V)
{
    fmpq_mpoly_clear(f->num, V->ctx);
    fmpq_mpoly_clear(f->den, V->ctx);
}

void
lp_rf_set(lp_rf f, const lp_rf g, const lp_rf_vars V)
{
    fmpq_mpoly_set(f->num, g->num, V->ctx);
    fmpq_mpoly_set(f->den, g->den, V->ctx);
}

void
lp_rf_var(lp_rf f, int k, const lp_rf_vars V)
{
    fmpq_mpoly_gen(f->num, k, V->ctx);
    fmpq_mpoly_one(f->den, V->ctx);
}

void
lp_rf_si(lp_rf f, slong c, const lp_rf_vars V)
{
    fmpq_mpoly_set_si(f->num, c, V->ctx);
    fmpq_mpoly_one(f->den, V->ctx);
}

void
lp_rf_q(lp_rf f, slong p, ulong q, const lp_rf_vars V)
{
    fmpq_t c;
    fmpq_init(c);
    fmpq_set_si(c, p, q);
    fmpq_mpoly_set_fmpq(f->num, c, V->ctx);
    fmpq_mpoly_one(f->den, V->ctx);
    fmpq_clear(c);
}

/* keeps the sizes down: num and den over their gcd */
void
lp_rf_canonical(lp_rf f, const lp_rf_vars V)
{
    fmpq_mpoly_t g;
    fmpq_t lc;
    fmpq_mpoly_init(g, V->ctx);
    fmpq_init(lc);
    if (fmpq_mpoly_is_zero(f->num, V->ctx))
        fmpq_mpoly_one(f->den, V->ctx);
    else if (fmpq_mpoly_gcd(g, f->num, f->den, V->ctx) && !fmpq_mpoly_is_one(g, V->ctx)) {
        fmpq_mpoly_div(f->num, f->num, g, V->ctx);
        fmpq_mpoly_div(f->den, f->den, g, V->ctx);
    }
    if (!fmpq_mpoly_is_zero(f->den, V->ctx)) {
        fmpq_mpoly_get_term_coeff_fmpq(lc, f->den, 0, V->ctx);
        fmpq_mpoly_scalar_div_fmpq(f->num, f->num, lc, V->ctx);
        fmpq_mpoly_scalar_div_fmpq(f->den, f->den, lc, V->ctx);
    }
    fmpq_clear(lc);
    fmpq_mpoly_clear(g, V->ctx);
}

/* f = num/den, canonical; num and den are left as f's old parts (the caller clears them) */
static void
take(lp_rf f, fmpq_mpoly_t num, fmpq_mpoly_t den, const lp_rf_vars V)
{
    fmpq_mpoly_swap(f->num, num, V->ctx);
    fmpq_mpoly_swap(f->den, den, V->ctx);
    lp_rf_canonical(f, V);
}

void
lp_rf_add(lp_rf f, const lp_rf g, const lp_rf h, const lp_rf_vars V)
{
    fmpq_mpoly_t a, b, d;
    fmpq_mpoly_init(a, V->ctx);
    fmpq_mpoly_init(b, V->ctx);
    fmpq_mpoly_init(d, V->ctx);
    if (fmpq_mpoly_equal(g->den, h->den, V->ctx)) {
        fmpq_mpoly_add(a, g->num, h->num, V->ctx);
        fmpq_mpoly_set(d, g->den, V->ctx);
    } else {
        fmpq_mpoly_mul(a, g->num, h->den, V->ctx);
        fmpq_mpoly_mul(b, h->num, g->den, V->ctx);
        fmpq_mpoly_add(a, a, b, V->ctx);
        fmpq_mpoly_mul(d, g->den, h->den, V->ctx);
    }
    take(f, a, d, V);
    fmpq_mpoly_clear(a, V->ctx);
    fmpq_mpoly_clear(b, V->ctx);
    fmpq_mpoly_clear(d, V->ctx);
}

void
lp_rf_neg(lp_rf f, const lp_rf g, const lp_rf_vars V)
{
    fmpq_mpoly_neg(f->num, g->num, V->ctx);
    fmpq_mpoly_set(f->den, g->den, V->ctx);
}

void
lp_rf_sub(lp_rf f, const lp_rf g, const lp_rf h, const lp_rf_vars V)
{
    lp_rf t;
    lp_rf_init(t, V);
    lp_rf_neg(t, h, V);
    lp_rf_add(f, g, t, V);
    lp_rf_clear(t, V);
}

void
lp_rf_mul(lp_rf f, const lp_rf g, const lp_rf h, const lp_rf_vars V)
{
    fmpq_mpoly_t a, d;
    fmpq_mpoly_init(a, V->ctx);
    fmpq_mpoly_init(d, V->ctx);
    fmpq_mpoly_mul(a, g->num, h->num, V->ctx);
    fmpq_mpoly_mul(d, g->den, h->den, V->ctx);
    take(f, a, d, V);
    fmpq_mpoly_clear(a, V->ctx);
    fmpq_mpoly_clear(d, V->ctx);
}

int
lp_rf_div(lp_rf f, const lp_rf g, const lp_rf h, const lp_rf_vars V)
{
    lp_rf inv;
    if (fmpq_mpoly_is_zero(h->num, V->ctx))
        return 0;
    lp_rf_init(inv, V);
    fmpq_mpoly_set(inv->num, h->den, V->ctx);
    fmpq_mpoly_set(inv->den, h->num, V->ctx);
    lp_rf_mul(f, g, inv, V);
    lp_rf_clear(inv, V);
    return 1;
}

void
lp_rf_pow(lp_rf f, const lp_rf g, slong e, const lp_rf_vars V)
{
    fmpq_mpoly_t a, d;
    ulong m = (ulong) (e < 0 ? -e : e);
    fmpq_mpoly_init(a, V->ctx);
    fmpq_mpoly_init(d, V->ctx);
    fmpq_mpoly_pow_ui(a, g->num, m, V->ctx);
    fmpq_mpoly_pow_ui(d, g->den, m, V->ctx);
    if (e < 0)
        fmpq_mpoly_swap(a, d, V->ctx);
    take(f, a, d, V);
    fmpq_mpoly_clear(a, V->ctx);
    fmpq_mpoly_clear(d, V->ctx);
}

/* the partial derivative in variable k alone, the atoms held fixed: (n' d - n d') / d^2 */
static void
partial(lp_rf f, const lp_rf g, int k, const lp_rf_vars V)
{
    fmpq_mpoly_t a, b, d;
    fmpq_mpoly_init(a, V->ctx);
    fmpq_mpoly_init(b, V->ctx);
    fmpq_mpoly_init(d, V->ctx);
    fmpq_mpoly_derivative(a, g->num, k, V->ctx);
    fmpq_mpoly_mul(a, a, g->den, V->ctx);
    fmpq_mpoly_derivative(b, g->den, k, V->ctx);
    fmpq_mpoly_mul(b, b, g->num, V->ctx);
    fmpq_mpoly_sub(a, a, b, V->ctx);
    fmpq_mpoly_mul(d, g->den, g->den, V->ctx);
    take(f, a, d, V);
    fmpq_mpoly_clear(a, V->ctx);
    fmpq_mpoly_clear(b, V->ctx);
    fmpq_mpoly_clear(d, V->ctx);
}

void
lp_rf_diff(lp_rf f, const lp_rf g, int k, const lp_rf_vars V)
{
    lp_rf sum, t, u, dq;
    lp_rf_init(sum, V);
    lp_rf_init(t, V);
    lp_rf_init(u, V);
    lp_rf_init(dq, V);
    partial(sum, g, k, V);
    for (int a = 0; a < V->n; a++) {
        if (V->kind[a] != LP_VAR_EXP && V->kind[a] != LP_VAR_LOG)
            continue;
        partial(dq, &V->arg[a], k, V);          /* q' */
        if (lp_rf_is_zero(dq, V))
            continue;
        if (V->kind[a] == LP_VAR_EXP) {         /* (exp q)' = q' exp q */
            lp_rf_var(u, a, V);
            lp_rf_mul(dq, dq, u, V);
        } else                                  /* (log q)' = q' / q */
            lp_rf_div(dq, dq, &V->arg[a], V);
        partial(t, g, a, V);
        lp_rf_mul(t, t, dq, V);
        lp_rf_add(sum, sum, t, V);
    }
    lp_rf_set(f, sum, V);
    lp_rf_clear(sum, V);
    lp_rf_clear(t, V);
    lp_rf_clear(u, V);
    lp_rf_clear(dq, V);
}

int
lp_rf_is_zero(const lp_rf f, const lp_rf_vars V)
{
    return fmpq_mpoly_is_zero(f->num, V->ctx);
}

char *
lp_rf_get_str(const lp_rf f, const lp_rf_vars V)
{
    char *n = fmpq_mpoly_get_str_pretty(f->num, (const char **) V->name, V->ctx);
    char *d = fmpq_mpoly_get_str_pretty(f->den, (const char **) V->name, V->ctx);
    char *s = flint_malloc(strlen(n) + strlen(d) + 8);
    strcpy(s, "(");
    strcat(s, n);
    strcat(s, ")/(");
    strcat(s, d);
    strcat(s, ")");
    flint_free(n);
    flint_free(d);
    return s;
}
