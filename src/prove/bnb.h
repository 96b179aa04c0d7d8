/* bnb.h -- the prover's own types (never the checker's): boxes with exact rational ends, the
 * certificate in memory, and the closures.  Contracts of the room in prove.h. */
#ifndef LP_PROVE_BNB_H
#define LP_PROVE_BNB_H

#include <flint/fmpq.h>
#include "prove/prove.h"

/* an end of a parameter's range: a rational, or -inf / +inf (inf = -1 / +1) */
typedef struct {
    fmpq_t v;
    int inf;
} lp_end;

typedef enum { LP_CLOSE_NONE, LP_CLOSE_INTERVAL, LP_CLOSE_TAYLOR, LP_CLOSE_TAIL } lp_close;
typedef enum { LP_AT_LO, LP_AT_MID, LP_AT_HI } lp_at;

typedef struct {
    lp_end lo[LP_BOX_MAXP], hi[LP_BOX_MAXP];
    lp_close method;
    int var, order;         /* taylor: the parameter and k; tail: the parameter */
    lp_at at;               /* taylor: where it is expanded */
    slong prec;
} lp_bnb_box;

struct lp_cert {
    const lp_stmt *stmt;
    lp_prove_result result;
    lp_bnb_box *box;        /* the cover (PROVED) */
    long n, cap;
    lp_bnb_box cex;         /* the counterexample (COUNTEREXAMPLE) */
    long by[4];             /* boxes closed by each lp_close */
    char exact_method[32];  /* exact statements: "identity" or "sign" */
    char exact_detail[256];
    char why[512];
};

void lp_end_init(lp_end *e);
void lp_end_clear(lp_end *e);
void lp_end_set(lp_end *e, const lp_end *f);
/* "3/4", "-inf", "inf" */
int lp_end_set_str(lp_end *e, const char *s);
void lp_bnb_box_init(lp_bnb_box *b, int np);
void lp_bnb_box_clear(lp_bnb_box *b, int np);
void lp_bnb_box_set(lp_bnb_box *b, const lp_bnb_box *c, int np);

/* The closures: each returns 1 when the box is decided (the statement holds on it), -1 when
 * the box is a counterexample (the margin certainly violates the relation on all of it, or
 * it is 0 on a face of the domain where > or != is claimed: then b is narrowed to that face),
 * 0 when undecided. */
int lp_bnb_interval(const lp_box_stmt *st, lp_bnb_box *b, slong prec);
int lp_bnb_taylor(const lp_box_stmt *st, lp_bnb_box *b, int var, int order, lp_at at, slong prec);
int lp_bnb_tail(const lp_box_stmt *st, const lp_bnb_box *b, int var, slong prec);
/* The box's midpoint (an integer for an integer parameter) into pt (initialised): -1 when the
 * relation certainly fails there (a counterexample point), else 0. */
int lp_bnb_midpoint(const lp_box_stmt *st, const lp_bnb_box *b, lp_bnb_box *pt, slong prec);

/* The exact statements (exact.c): fills c's result, method and detail. */
void lp_prove_exact(lp_cert *c, const lp_exact_stmt *st);

#endif
