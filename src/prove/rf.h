/* rf.h -- the language the exact statements are written in: rational functions num/den of
 * FLINT's fmpq_mpoly over a statement's variables.  A variable is a parameter of the claim or an
 * atom standing for a transcendental quantity (exp(q), log(q), pi, Gamma(p/2), ...), declared
 * with its sign where it has one (a parameter > 0, exp(q) > 0) and, for exp and log atoms of a
 * rational argument q, its derivative (so that a derivative claim is computed, never typed).
 *
 * Soundness of what the prover and the checker conclude from these (prove/README.md):
 * - an identity lhs = rhs that holds as rational functions with every atom a free variable holds
 *   for every value of the atoms, in particular their true values, wherever both sides are
 *   defined;
 * - a rational function whose numerator's and denominator's coefficients all have one sign each,
 *   in variables that are all positive, has the sign of their product everywhere.
 * Both rest only on FLINT's exact arithmetic.  Shared by the prover (exact.c) and the checker
 * (check_exact.c): a statement is the claim itself. */
#ifndef LP_PROVE_RF_H
#define LP_PROVE_RF_H

#include <flint/fmpq_mpoly.h>

#define LP_RF_MAXVARS 32

typedef struct {
    fmpq_mpoly_t num, den;
} lp_rf_struct;
typedef lp_rf_struct lp_rf[1];

/* what a variable stands for */
typedef enum {
    LP_VAR_PARAM,       /* a parameter of the claim */
    LP_VAR_ATOM,        /* an opaque quantity (pi, Gamma(p/2), I_nu(kappa), a sum Z, ...) */
    LP_VAR_EXP,         /* exp(arg), arg a rational function of the parameters */
    LP_VAR_LOG          /* log(arg), arg > 0 a rational function of the parameters */
} lp_var_kind;

typedef struct {
    int n;                              /* variables in use */
    const char *name[LP_RF_MAXVARS];
    int positive[LP_RF_MAXVARS];        /* declared > 0 over the statement's domain */
    lp_var_kind kind[LP_RF_MAXVARS];
    lp_rf_struct arg[LP_RF_MAXVARS];    /* exp and log atoms: the argument (no atoms in it) */
    fmpq_mpoly_ctx_t ctx;
    char *own;                          /* the names' text, when parsed (freed with V) */
} lp_rf_vars_struct;
typedef lp_rf_vars_struct lp_rf_vars[1];

/* A statement's variables: names, "+" in front for a positive one ("+sigma"), at most
 * LP_RF_MAXVARS.  Atoms are declared after with lp_rf_vars_exp / lp_rf_vars_log. */
void lp_rf_vars_init(lp_rf_vars V, int n, const char *const *names);
void lp_rf_vars_clear(lp_rf_vars V);
/* Declares variable k as exp(arg) (positive) or log(arg) (of unknown sign); arg is copied. */
void lp_rf_vars_exp(lp_rf_vars V, int k, const lp_rf arg);
void lp_rf_vars_log(lp_rf_vars V, int k, const lp_rf arg);
void lp_rf_vars_atom(lp_rf_vars V, int k);

/* A C-built statement's start: V over the n names, lhs and rhs initialised over V. */
void lp_rf_begin(lp_rf_vars V, lp_rf lhs, lp_rf rhs, int n, const char *const *names);
void lp_rf_init(lp_rf f, const lp_rf_vars V);
void lp_rf_clear(lp_rf f, const lp_rf_vars V);
void lp_rf_set(lp_rf f, const lp_rf g, const lp_rf_vars V);
void lp_rf_var(lp_rf f, int k, const lp_rf_vars V);            /* f = variable k */
void lp_rf_si(lp_rf f, slong c, const lp_rf_vars V);           /* f = c */
void lp_rf_q(lp_rf f, slong p, ulong q, const lp_rf_vars V);   /* f = p/q */
void lp_rf_add(lp_rf f, const lp_rf g, const lp_rf h, const lp_rf_vars V);
void lp_rf_sub(lp_rf f, const lp_rf g, const lp_rf h, const lp_rf_vars V);
void lp_rf_mul(lp_rf f, const lp_rf g, const lp_rf h, const lp_rf_vars V);
/* f = g / h; returns 0 when h is identically zero (f unchanged) */
int lp_rf_div(lp_rf f, const lp_rf g, const lp_rf h, const lp_rf_vars V);
void lp_rf_neg(lp_rf f, const lp_rf g, const lp_rf_vars V);
/* f = g^e, e of any sign (g not zero for e < 0) */
void lp_rf_pow(lp_rf f, const lp_rf g, slong e, const lp_rf_vars V);
/* f = d g / d(variable k), the chain rule through every exp and log atom of g */
void lp_rf_diff(lp_rf f, const lp_rf g, int k, const lp_rf_vars V);
/* num/den over their gcd, den's leading coefficient 1 (a canonical form to compare and print) */
void lp_rf_canonical(lp_rf f, const lp_rf_vars V);
int lp_rf_is_zero(const lp_rf f, const lp_rf_vars V);
/* f as text, "(num)/(den)" (free with flint_free) */
char *lp_rf_get_str(const lp_rf f, const lp_rf_vars V);

/* Text (rf_parse.c).  Variables: "+d; +sigma; L = log((sigma + d)/sigma); E = exp(-2*I/d)":
 * names separated by ';', '+' in front of one declared > 0, NAME = log(f) or exp(f) of names
 * declared before it.  Initialises V (cleared by the caller whatever the result); 0 or -1 with
 * err.  A formula: integers, names, + - * /, ^ integer, parentheses, diff(f, name). */
int lp_rf_vars_parse(lp_rf_vars V, const char *text, char *err, size_t len);
int lp_rf_parse(lp_rf f, const char *s, lp_rf_vars V, char *err, size_t len);

#endif
