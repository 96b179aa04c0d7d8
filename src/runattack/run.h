/* run.h -- the room's inside: one run's simulation (run.c) for the Monte
 * Carlo driver (estimate.c). */
#ifndef LP_RUNATTACK_RUN_H
#define LP_RUNATTACK_RUN_H

#include "core/host.h"
#include "runattack/runattack.h"

/* what every run shares: the setup, its Gram matrix and factor */
typedef struct {
    const lp_runattack_setup *s;
    int side, r;                /* n', the factor's columns */
    const double *gram;         /* n' x n' */
    const double *A;            /* n' x r */
    const double *At;           /* r x n': A's transpose */
    const double *row_norm;     /* |A_j| = sqrt(G_jj) as the factor gives it */
    double mix_c, mix_log_c;    /* q < 1: c = q / (1 - q) and log c (run.c's mix_step) */
} lp_runattack_ctx;

/* one thread's scratch */
typedef struct {
    double *ll, *post;          /* n each */
    double *mix;                /* n: the log-likelihoods' running products (run.c) */
    double *proj;               /* n' */
    double *z;                  /* r */
} lp_runattack_scratch;

/* a block's sums */
typedef struct {
    double success, success2;   /* the posterior's largest mass */
    double err, err2;           /* the posterior variance */
    double info, info2;         /* log n - H(X | y) */
} lp_runattack_sums;

/* One run added to b; 0, or -1 when the cancel flag was raised (b
 * unchanged). */
int lp_runattack_one(lp_runattack_sums *b, const lp_runattack_ctx *c, lp_runattack_scratch *w, lp_stream *r);

#endif
