/* check.h -- the checker's own types (never the prover's: it shares nothing with bnb*.c but
 * FLINT/Arb and the statements).  Contracts of the room in prove.h. */
#ifndef LP_PROVE_CHECK_H
#define LP_PROVE_CHECK_H

#include <flint/fmpq.h>
#include "prove/prove.h"

/* an extended rational: v, or -inf (side -1), +inf (side +1) */
typedef struct {
    fmpq_t v;
    int side;
} lp_xq;

typedef struct {
    lp_xq lo[LP_BOX_MAXP], hi[LP_BOX_MAXP];
    char method;            /* 'i' interval, 't' taylor, 'T' tail, 'c' counterexample */
    int var, order;
    int at;                 /* taylor: -1 lower end, 0 midpoint, +1 upper end */
    slong prec;
    int line;               /* the certificate's line */
} lp_ck_box;

void lp_ck_box_init(lp_ck_box *b);
void lp_ck_box_clear(lp_ck_box *b);
int lp_xq_cmp(const lp_xq *a, const lp_xq *b);
/* "3/4", "inf", "-inf" into x; 0 or -1 */
int lp_xq_parse(lp_xq *x, const char *s, size_t len);

/* Whether the boxes tile the statement's domain exactly (a guillotine partition): 1, or 0 with
 * why filled. */
int lp_ck_cover(const lp_box_stmt *st, lp_ck_box *boxes, long n, char *why, size_t len);
/* Whether box b (inside the domain) is closed by the method it names: 1 or 0 with why. */
int lp_ck_closure(const lp_box_stmt *st, const lp_ck_box *b, char *why, size_t len);
/* Whether b is a counterexample: the relation certainly fails at every point of it that lies
 * in the domain (and b has one). */
int lp_ck_counterexample(const lp_box_stmt *st, const lp_ck_box *b, char *why, size_t len);
/* Re-verifies an exact statement by the checker's route (check_exact.c). */
int lp_ck_exact(const lp_exact_stmt *st, const char *method, char *why, size_t len);

#endif
