/* exact.c -- the prover of exact statements: an identity by exact equality of the two sides as
 * rational functions, an inequality by the sign of every coefficient of lhs - rhs over
 * positive variables.  Contracts in prove.h and stmt.h. */
#include <string.h>
#include "prove/bnb.h"

/* the sign of f over the statement's domain when every variable in it is positive and the
 * coefficients of its numerator, and of its denominator, each have one sign: +1 or -1; else 0 */
static int
sign_by_coefficients(const lp_rf f, const lp_rf_vars V)
{
    slong deg[LP_RF_MAXVARS];
    int s[2] = { 0, 0 };
    const fmpq_mpoly_struct *part[2] = { f->num, f->den };
    fmpq_t q;
    for (int k = 0; k < 2; k++) {
        fmpq_mpoly_degrees_si(deg, part[k], V->ctx);
        for (int v = 0; v < V->n; v++)
            if (deg[v] > 0 && !V->positive[v])
                return 0;
    }
    fmpq_init(q);
    for (int k = 0; k < 2; k++)
        for (slong t = 0; t < fmpq_mpoly_length(part[k], V->ctx); t++) {
            int sg;
            fmpq_mpoly_get_term_coeff_fmpq(q, part[k], t, V->ctx);
            sg = fmpq_sgn(q);
            if (s[k] == 0)
                s[k] = sg;
            else if (sg != s[k])
                s[k] = 2;           /* mixed */
        }
    fmpq_clear(q);
    if (s[0] == 0 || s[0] == 2 || s[1] == 0 || s[1] == 2)
        return 0;
    return s[0] * s[1];
}

static void
describe(char *out, size_t len, const char *what, const lp_rf d, const lp_rf_vars V)
{
    char *t = lp_rf_get_str(d, V);
    if (strlen(t) > 160)
        strcpy(t + 150, " ...");
    snprintf(out, len, "%s%s", what, t);
    flint_free(t);
}

#define MAX_SOS 16

/* lhs - rhs = sum w_k b_k^2 with every w_k positive by its coefficients */
static int
sum_of_squares(lp_cert *c, const lp_exact_stmt *st, lp_rf_vars V, const lp_rf d)
{
    lp_rf_struct w[MAX_SOS], b[MAX_SOS];
    lp_rf s, t;
    int n = lp_exact_sos(st, V, w, b, MAX_SOS, c->why, sizeof c->why), ok = n > 0;
    if (n < 0)
        return 0;
    lp_rf_init(s, V);
    lp_rf_init(t, V);
    for (int k = 0; k < n; k++) {
        if (sign_by_coefficients(&w[k], V) <= 0 && ok) {
            snprintf(c->why, sizeof c->why, "the weight of square %d is not positive by its coefficients", k + 1);
            ok = 0;
        }
        lp_rf_mul(t, &b[k], &b[k], V);
        lp_rf_mul(t, t, &w[k], V);
        lp_rf_add(s, s, t, V);
    }
    lp_rf_sub(t, d, s, V);
    if (ok && !lp_rf_is_zero(t, V)) {
        describe(c->why, sizeof c->why, "lhs - rhs is not the sum of squares: the difference is ", t, V);
        ok = 0;
    }
    if (ok)
        snprintf(c->exact_detail, sizeof c->exact_detail,
                 "lhs - rhs = a sum of %d terms w b^2 exactly, every w > 0 by its coefficients", n);
    for (int k = 0; k < n; k++) {
        lp_rf_clear(&w[k], V);
        lp_rf_clear(&b[k], V);
    }
    lp_rf_clear(t, V);
    lp_rf_clear(s, V);
    return ok;
}

void
lp_prove_exact(lp_cert *c, const lp_exact_stmt *st)
{
    lp_rf_vars V;
    lp_rf lhs, rhs, d;
    int sg;
    if (lp_exact_sides(st, V, lhs, rhs, c->why, sizeof c->why) != 0) {
        c->result = LP_UNDECIDED;
        lp_rf_clear(lhs, V);
        lp_rf_clear(rhs, V);
        lp_rf_vars_clear(V);
        return;
    }
    lp_rf_init(d, V);
    lp_rf_sub(d, lhs, rhs, V);
    lp_rf_canonical(d, V);
    if (st->rel == LP_REL_GE) {
        strcpy(c->exact_method, "sos");
        c->result = sum_of_squares(c, st, V, d) ? LP_PROVED : LP_UNDECIDED;
    } else if (st->rel == LP_REL_EQ) {
        strcpy(c->exact_method, "identity");
        if (lp_rf_is_zero(d, V)) {
            c->result = LP_PROVED;
            snprintf(c->exact_detail, sizeof c->exact_detail,
                     "lhs - rhs = 0 as a rational function of %d variables (FLINT fmpq_mpoly)", V->n);
        } else {
            c->result = LP_UNDECIDED;
            describe(c->why, sizeof c->why, "lhs - rhs is not 0: ", d, V);
        }
    } else {
        strcpy(c->exact_method, "sign");
        sg = sign_by_coefficients(d, V);
        if ((st->rel == LP_REL_GT && sg > 0) || (st->rel == LP_REL_LT && sg < 0)
            || (st->rel == LP_REL_NE && sg != 0)) {
            c->result = LP_PROVED;
            describe(c->exact_detail, sizeof c->exact_detail,
                     sg > 0 ? "lhs - rhs > 0: every coefficient > 0, every variable > 0: "
                            : "lhs - rhs < 0: every coefficient of one sign, every variable > 0: ", d, V);
        } else {
            c->result = LP_UNDECIDED;
            describe(c->why, sizeof c->why, "the sign of lhs - rhs is not decided by its coefficients: ", d, V);
        }
    }
    lp_rf_clear(d, V);
    lp_rf_clear(lhs, V);
    lp_rf_clear(rhs, V);
    lp_rf_vars_clear(V);
}
