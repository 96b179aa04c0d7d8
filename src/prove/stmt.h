/* stmt.h -- the statements the prover proves: each a claim of a paper (or its negation, for a
 * finding) written once as a small C function, with the domain it is proved over.  The
 * prover (bnb*.c, exact.c) and the independent checker (check*.c) share these and nothing
 * else of each other: a statement is the claim itself, which a referee reads against the
 * paper (prove/README.md).
 *
 * Two kinds.
 * - A box statement: margin(x) > 0, >= 0 or != 0 for every x of a box of at most three
 *   parameters (an end may be infinite; an integer parameter ranges over the integers).
 *   margin is written on Arb's truncated power series (arb_poly) in the parameters: called
 *   with len 1 it is the margin's interval extension; with len k+1 and one parameter given as
 *   the series c + h it gives the first k+1 Taylor coefficients in h.  A parameter that runs
 *   to infinity needs a tail: a certified lower bound on the margin over [a, inf), which the
 *   statement proves analytically (the argument in its comment).
 * - An exact statement: lhs REL rhs for rational functions (rf.h) of the parameters and atoms,
 *   REL one of =, >, <, !=, >= ; = is proved by exact equality; >, <, != by the sign of
 *   lhs - rhs (its numerator's and denominator's coefficients all of one sign, every variable
 *   positive); >= by a sum of squares lhs - rhs = sum w_k b_k^2 with every w_k positive so. */
#ifndef LP_PROVE_STMT_H
#define LP_PROVE_STMT_H

#include "leakproof_arb.h"

#include "prove/rf.h"

#define LP_BOX_MAXP 3

typedef enum { LP_REL_GT, LP_REL_GE, LP_REL_NE, LP_REL_EQ, LP_REL_LT } lp_relation;

typedef struct {
    const char *name;
    const char *lo, *hi;    /* exact rationals ("0", "1/2", "-3"), or "-inf" / "inf" */
    int integer;            /* ranges over the integers of [lo, hi] */
    int geometric;          /* a scale parameter: split at geometric means */
    int lo_open;            /* the lower end is not in the domain (the cover still reaches it:
                               a margin 0 there does not refute > or !=) */
} lp_param;

/* margin(x): m = the claim's margin, x[i] the series of parameter i, all of length <= len */
typedef void (*lp_margin_fn)(arb_poly_t m, const arb_poly_struct *x, slong len, slong prec);

/* A certified lower bound of the margin (for != : an enclosure that excludes 0) where parameter
 * i runs over [lo[i], inf) and every other j over [lo[j], hi[j]] (balls holding the exact ends).
 * Returns 0 where the statement's argument does not apply (then the prover starts the tail
 * further out). */
typedef int (*lp_tail_fn)(arb_t lower, int i, const arb_struct *lo, const arb_struct *hi, slong prec);

typedef struct {
    int np;
    lp_param p[LP_BOX_MAXP];
    lp_relation rel;        /* GT, GE or NE */
    lp_margin_fn margin;
    lp_tail_fn tail;        /* NULL when every parameter is bounded */
    const char *tail_from;  /* the tail's argument is used only where the unbounded parameter is
                               at least this (NULL: anywhere); the search covers the rest */
} lp_box_stmt;

/* Builds the two sides in C (where they need loops: matrices): initialises V
 * (lp_rf_vars_init, the atoms' declarations), then lhs and rhs over V; the caller clears lhs,
 * rhs and then V. */
typedef void (*lp_exact_fn)(lp_rf_vars V, lp_rf lhs, lp_rf rhs);

typedef struct {
    lp_relation rel;        /* EQ, GT, LT, NE; or GE, by a sum of squares (sos) */
    const char *vars;       /* as text (rf_parse.c): the variables, */
    const char *lhs, *rhs;  /* and the two sides */
    const char *sos;        /* GE: lhs - rhs = sum of w * b^2, as "w1 | b1; w2 | b2; ..." with
                               every w positive by its coefficients */
    lp_exact_fn build;      /* or in C (then vars, lhs, rhs are NULL) */
} lp_exact_stmt;

/* The sides of an exact statement, from its text or its C.  Initialises V, lhs and rhs in
 * every case (the caller clears lhs, rhs, then V); 0, or -1 with err. */
int lp_exact_sides(const lp_exact_stmt *st, lp_rf_vars V, lp_rf lhs, lp_rf rhs, char *err, size_t len);
/* Its sum of squares: the weights w[0..n) and bases b[0..n), n <= max returned (initialised
 * here over V, the caller clears the n of each); -1 with err. */
int lp_exact_sos(const lp_exact_stmt *st, lp_rf_vars V, lp_rf_struct *w, lp_rf_struct *b, int max,
                 char *err, size_t len);

typedef enum { LP_EXPECT_PROOF, LP_EXPECT_DISPROOF } lp_expect;

typedef struct {
    const char *key;            /* unique: "tan/B.5/increasing" or "tan/B.5/lhospital:lower" */
    const char *ids;            /* the claims it serves, space-separated (lp_proof) */
    lp_expect expect;           /* PROOF: a step of a proof; DISPROOF: it proves a finding */
    const char *says;           /* what is proved, as a formula */
    const char *domain;         /* its domain, in words */
    const lp_box_stmt *box;     /* one of box, exact */
    const lp_exact_stmt *exact;
} lp_stmt;

/* A claim of the ledger and how the statements that list its id decide it: proved on domain
 * when every one of them is proved (expect PROOF), refuted there when they are (DISPROOF: a
 * finding). */
typedef struct {
    const char *id;
    lp_expect expect;
    const char *domain;         /* D, in words */
    const char *paper_domain;   /* NULL: D is the paper's domain (or holds it); else the
                                   paper's domain and why D is only part of it */
    const char *argument;       /* how the statements give the claim: the steps that are not
                                   computed (a cited theorem, a limit), in words */
} lp_proof;

extern const lp_proof lp_proofs[];
extern const size_t lp_nproofs;
const lp_proof *lp_proof_find(const char *id);

/* Every statement, by paper (stmt_*.c), and the lookup of one by key. */
extern const lp_stmt lp_stmts_tan[], lp_stmts_biswas[], lp_stmts_balunovic[], lp_stmts_matrix[],
    lp_stmts_block[], lp_stmts_info[];
extern const size_t lp_nstmts_tan, lp_nstmts_biswas, lp_nstmts_balunovic, lp_nstmts_matrix, lp_nstmts_block,
    lp_nstmts_info;
size_t lp_stmt_count(void);
const lp_stmt *lp_stmt_at(size_t i);
const lp_stmt *lp_stmt_find(const char *key);
/* whether statement s decides claim id (id is one of s->ids) */
int lp_stmt_decides(const lp_stmt *s, const char *id);

#endif
