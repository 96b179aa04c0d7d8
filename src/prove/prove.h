/* prove.h -- the prover room: a claim's statement (stmt.h) proved over its domain, the proof
 * written as a certificate, and a small independent checker that re-reads a certificate and
 * re-verifies it (prove/README.md).
 *
 * The prover.
 * - A box statement: interval branch and bound in Arb.  The domain is split (at midpoints, at
 *   geometric means for a scale parameter, at integers for an integer one) until the margin is
 *   decided on every box, by its interval extension, or by a Taylor form in one parameter
 *   (expanded at a box's lower end, midpoint or upper end: the first k coefficients at that
 *   point and the k-th over the box, Lagrange's remainder; k = 1 at the midpoint is the mean
 *   value form; leading coefficients that are exactly 0 at the lower end are factored out, so
 *   that a margin vanishing at the domain's end is decided), or, where a parameter runs to
 *   infinity, by the statement's tail.  A box on which the margin certainly has the wrong sign
 *   (or is exactly 0 at a point of the domain for > and !=) is a counterexample and ends the
 *   search.
 * - An exact statement: FLINT's exact arithmetic (stmt.h).
 * The certificate (text, version 1) names the statement and lists the cover: every box with
 * its exact rational ends and the method that closed it, or the counterexample box.  Nothing
 * of the prover's search is needed to re-check it.
 *
 * The checker (check*.c) shares no code with the prover beyond FLINT/Arb and the statements:
 * it parses the certificate, checks that the boxes tile the statement's domain (a guillotine
 * partition, exactly), re-evaluates every box by the method named, or the counterexample, or
 * recomputes the exact statement by another route (exact evaluation on a grid of points
 * beyond the degree, or the sign of every coefficient). */
#ifndef LP_PROVE_H
#define LP_PROVE_H

#include <stdio.h>
#include "prove/stmt.h"

typedef enum { LP_PROVED = 1, LP_COUNTEREXAMPLE, LP_UNDECIDED } lp_prove_result;

typedef struct lp_cert lp_cert;

/* What the prover may spend on one statement: boxes, the highest working precision. */
typedef struct {
    long max_boxes;         /* 0: 200000 */
    slong max_prec;         /* 0: 1024 */
} lp_prove_limits;

/* Proves (or refutes) s.  Returns the certificate (never NULL but out of memory, which FLINT
 * turns into an abort), whose result says what was found; lp_cert_free frees it.  Checks the
 * cancel flag (lp_cancelled) between boxes: an interrupted search is LP_UNDECIDED. */
lp_cert *lp_prove(const lp_stmt *s, const lp_prove_limits *lim);
lp_prove_result lp_cert_result(const lp_cert *c);
/* the boxes of the cover, and how many each method closed (interval, taylor, tail) */
long lp_cert_boxes(const lp_cert *c, long *interval, long *taylor, long *tail);
/* why a search ended undecided, or what the counterexample is, in words */
const char *lp_cert_why(const lp_cert *c);
/* Writes the certificate (text, version 1); 0 or -1 on a write error. */
int lp_cert_write(const lp_cert *c, FILE *f);
void lp_cert_free(lp_cert *c);

/* The checker's verdict on one certificate. */
typedef struct {
    int verified;           /* 1: everything the certificate says was re-verified */
    lp_prove_result result; /* what it certifies: LP_PROVED or LP_COUNTEREXAMPLE */
    const lp_stmt *stmt;    /* the statement it names (NULL if unknown) */
    long boxes;             /* boxes re-verified (box statements) */
    char why[512];          /* the first thing that failed, or a summary */
} lp_check_result;

/* Re-verifies the certificate read from f (named `name` in messages).  Returns r->verified. */
int lp_check_cert(lp_check_result *r, FILE *f, const char *name);
/* The same, looking the statement up in extra[0..nextra) first (the tests' made-up claims). */
int lp_check_cert_in(lp_check_result *r, FILE *f, const char *name, const lp_stmt *extra, size_t nextra);

#endif
