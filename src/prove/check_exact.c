/* check_exact.c -- the checker's route for exact statements, apart from the prover's
 * (exact.c, which reduces lhs - rhs to one canonical fraction):
 * - an identity: N = num(lhs) den(rhs) - num(rhs) den(lhs) has degree at most D_v in each
 *   variable v (bounded from the four factors' degrees, never expanded); a polynomial that
 *   vanishes on a grid of D_v + 1 distinct values per variable is the zero polynomial, so N is
 *   evaluated exactly on such a grid (up to GRID_MAX points; beyond that N is expanded and
 *   compared with zero term by term);
 * - a sum of squares: the same grid for lhs - rhs against the sum, each weight's sign as below;
 * - an inequality: lhs - rhs as the fraction (num(lhs) den(rhs) - num(rhs) den(lhs)) /
 *   (den(lhs) den(rhs)) over the gcd of the two, every coefficient's sign read off, every
 *   variable in it declared positive.  Contracts in check.h. */
#include <string.h>
#include "prove/check.h"

#define GRID_MAX 40000

static int
denominators_nonzero(const lp_rf lhs, const lp_rf rhs, const lp_rf_vars V)
{
    return !fmpq_mpoly_is_zero(lhs->den, V->ctx) && !fmpq_mpoly_is_zero(rhs->den, V->ctx);
}

/* N(x) = nl(x) dr(x) - nr(x) dl(x) at the grid point x */
static int
vanishes_at(const lp_rf lhs, const lp_rf rhs, fmpq *const *x, const lp_rf_vars V)
{
    fmpq_t a, b, t;
    int z;
    fmpq_init(a);
    fmpq_init(b);
    fmpq_init(t);
    fmpq_mpoly_evaluate_all_fmpq(a, lhs->num, x, V->ctx);
    fmpq_mpoly_evaluate_all_fmpq(t, rhs->den, x, V->ctx);
    fmpq_mul(a, a, t);
    fmpq_mpoly_evaluate_all_fmpq(b, rhs->num, x, V->ctx);
    fmpq_mpoly_evaluate_all_fmpq(t, lhs->den, x, V->ctx);
    fmpq_mul(b, b, t);
    z = fmpq_equal(a, b);
    fmpq_clear(t);
    fmpq_clear(b);
    fmpq_clear(a);
    return z;
}

static int
identity_on_grid(const lp_rf lhs, const lp_rf rhs, const lp_rf_vars V, char *why, size_t len)
{
    slong dl[LP_RF_MAXVARS], dr[LP_RF_MAXVARS], nl[LP_RF_MAXVARS], nr[LP_RF_MAXVARS], D[LP_RF_MAXVARS];
    long count[LP_RF_MAXVARS] = { 0 }, points = 1;
    fmpq x[LP_RF_MAXVARS];
    fmpq *px[LP_RF_MAXVARS];
    int ok = 1, n = V->n;
    fmpq_mpoly_degrees_si(nl, lhs->num, V->ctx);
    fmpq_mpoly_degrees_si(dl, lhs->den, V->ctx);
    fmpq_mpoly_degrees_si(nr, rhs->num, V->ctx);
    fmpq_mpoly_degrees_si(dr, rhs->den, V->ctx);
    for (int v = 0; v < n; v++) {
        slong a = (nl[v] > 0 ? nl[v] : 0) + (dr[v] > 0 ? dr[v] : 0);
        slong b = (nr[v] > 0 ? nr[v] : 0) + (dl[v] > 0 ? dl[v] : 0);
        D[v] = a > b ? a : b;
        if (points <= GRID_MAX)
            points *= D[v] + 1;
    }
    if (points > GRID_MAX) {                    /* too many points: expand N itself */
        fmpq_mpoly_t a, b;
        fmpq_mpoly_init(a, V->ctx);
        fmpq_mpoly_init(b, V->ctx);
        fmpq_mpoly_mul(a, lhs->num, rhs->den, V->ctx);
        fmpq_mpoly_mul(b, rhs->num, lhs->den, V->ctx);
        ok = fmpq_mpoly_equal(a, b, V->ctx);
        fmpq_mpoly_clear(a, V->ctx);
        fmpq_mpoly_clear(b, V->ctx);
        if (!ok)
            snprintf(why, len, "the expanded cross products differ");
        return ok;
    }
    for (int v = 0; v < n; v++) {
        fmpq_init(x + v);
        fmpq_one(x + v);
        px[v] = x + v;
    }
    for (long p = 0; p < points && ok; p++) {   /* the grid {1, .., D_v + 1}, odometer order */
        ok = vanishes_at(lhs, rhs, px, V);
        if (!ok)
            snprintf(why, len, "the cross products differ at grid point %ld of %ld", p + 1, points);
        for (int v = 0; v < n; v++) {
            if (++count[v] <= D[v]) {
                fmpq_add_si(x + v, x + v, 1);
                break;
            }
            count[v] = 0;
            fmpq_one(x + v);
        }
    }
    for (int v = 0; v < n; v++)
        fmpq_clear(x + v);
    return ok;
}

static int
sign_checked(const lp_rf lhs, const lp_rf rhs, lp_relation rel, const lp_rf_vars V, char *why, size_t len)
{
    fmpq_mpoly_t num, den, t, g;
    slong deg[LP_RF_MAXVARS];
    int sign[2] = { 0, 0 }, ok = 1;
    fmpq_t c;
    fmpq_mpoly_init(num, V->ctx);
    fmpq_mpoly_init(den, V->ctx);
    fmpq_mpoly_init(t, V->ctx);
    fmpq_mpoly_init(g, V->ctx);
    fmpq_init(c);
    fmpq_mpoly_mul(num, lhs->num, rhs->den, V->ctx);
    fmpq_mpoly_mul(t, rhs->num, lhs->den, V->ctx);
    fmpq_mpoly_sub(num, num, t, V->ctx);
    fmpq_mpoly_mul(den, lhs->den, rhs->den, V->ctx);
    if (fmpq_mpoly_is_zero(num, V->ctx)) {
        snprintf(why, len, "lhs - rhs is 0");
        ok = 0;
    } else if (fmpq_mpoly_gcd(g, num, den, V->ctx)) {
        fmpq_mpoly_div(num, num, g, V->ctx);
        fmpq_mpoly_div(den, den, g, V->ctx);
    }
    for (int k = 0; k < 2 && ok; k++) {
        const fmpq_mpoly_struct *p = k ? den : num;
        fmpq_mpoly_degrees_si(deg, p, V->ctx);
        for (int v = 0; v < V->n && ok; v++)
            if (deg[v] > 0 && !V->positive[v]) {
                snprintf(why, len, "variable %s is not declared positive", V->name[v]);
                ok = 0;
            }
        for (slong i = 0; i < fmpq_mpoly_length(p, V->ctx) && ok; i++) {
            int s;
            fmpq_mpoly_get_term_coeff_fmpq(c, p, i, V->ctx);
            s = fmpq_sgn(c);
            if (sign[k] != 0 && s != sign[k]) {
                snprintf(why, len, "the %s has coefficients of both signs", k ? "denominator" : "numerator");
                ok = 0;
            }
            sign[k] = s;
        }
    }
    if (ok) {
        int s = sign[0] * sign[1];
        ok = (rel == LP_REL_GT && s > 0) || (rel == LP_REL_LT && s < 0) || (rel == LP_REL_NE && s != 0);
        if (!ok)
            snprintf(why, len, "lhs - rhs has the sign %d, not the relation's", s);
    }
    fmpq_clear(c);
    fmpq_mpoly_clear(g, V->ctx);
    fmpq_mpoly_clear(t, V->ctx);
    fmpq_mpoly_clear(den, V->ctx);
    fmpq_mpoly_clear(num, V->ctx);
    return ok;
}

#define MAX_SOS 16

/* lhs - rhs = sum w_k b_k^2 on the grid, and every w_k > 0 by its own coefficients */
static int
sos_checked(const lp_exact_stmt *st, lp_rf_vars V, const lp_rf lhs, const lp_rf rhs, char *why, size_t len)
{
    lp_rf_struct w[MAX_SOS], b[MAX_SOS];
    lp_rf d, s, t, zero;
    int n = lp_exact_sos(st, V, w, b, MAX_SOS, why, len), ok = n > 0;
    if (n < 0)
        return 0;
    lp_rf_init(d, V);
    lp_rf_init(s, V);
    lp_rf_init(t, V);
    lp_rf_init(zero, V);
    lp_rf_sub(d, lhs, rhs, V);
    for (int k = 0; k < n; k++) {
        if (ok && !sign_checked(&w[k], zero, LP_REL_GT, V, why, len))
            ok = 0;
        lp_rf_pow(t, &b[k], 2, V);
        lp_rf_mul(t, t, &w[k], V);
        lp_rf_add(s, s, t, V);
    }
    ok = ok && identity_on_grid(d, s, V, why, len);
    for (int k = 0; k < n; k++) {
        lp_rf_clear(&w[k], V);
        lp_rf_clear(&b[k], V);
    }
    lp_rf_clear(zero, V);
    lp_rf_clear(t, V);
    lp_rf_clear(s, V);
    lp_rf_clear(d, V);
    return ok;
}

int
lp_ck_exact(const lp_exact_stmt *st, const char *method, char *why, size_t len)
{
    lp_rf_vars V;
    lp_rf lhs, rhs;
    int ok;
    const char *want = st->rel == LP_REL_EQ ? "identity" : st->rel == LP_REL_GE ? "sos" : "sign";
    if (strcmp(method, want) != 0) {
        snprintf(why, len, "method '%s' does not fit the statement's relation", method);
        return 0;
    }
    if (lp_exact_sides(st, V, lhs, rhs, why, len) != 0)
        ok = 0;
    else if (!denominators_nonzero(lhs, rhs, V)) {
        snprintf(why, len, "a side has the denominator 0");
        ok = 0;
    } else if (st->rel == LP_REL_EQ)
        ok = identity_on_grid(lhs, rhs, V, why, len);
    else if (st->rel == LP_REL_GE)
        ok = sos_checked(st, V, lhs, rhs, why, len);
    else
        ok = sign_checked(lhs, rhs, st->rel, V, why, len);
    lp_rf_clear(lhs, V);
    lp_rf_clear(rhs, V);
    lp_rf_vars_clear(V);
    return ok;
}
