/* pld_sketch_memo.h -- a few results of a function of a sketch, remembered
 * (pld_sketch_memo.c): the work estimate sizes every run's grid first
 * (pld_plan.c) and the run sizes it again from the very same sketch, so the
 * doubles-only choices on it (the window's Chernoff points,
 * pld_chernoff_cache.c; the saddlepoint's epsilon, pld_eps_saddle.c; the
 * sketch's composed epsilon at small T, pld_eps_sketch.c) would
 * each be made twice or more per relation.  The key is every input,
 * compared in full (the sketch's losses, log weights and weights where it
 * keeps them, and the caller's scalars), so a remembered result is bitwise
 * the one the call would make and nothing depends on the memo nor on which
 * thread filled it.  Choices only: nothing here enters a bound. */
#ifndef LP_ACCOUNT_PLD_SKETCH_MEMO_H
#define LP_ACCOUNT_PLD_SKETCH_MEMO_H

#include <pthread.h>
#include "account/pld/sketch/pld_sketch.h"

#define PLD_MEMO_SLOTS 4
#define PLD_MEMO_KEYS 4         /* the caller's scalars, beside the sketch (unused ones 0) */
#define PLD_MEMO_VALUES 4

typedef struct {
    size_t n;                   /* 0: empty */
    int has_w;
    double key[PLD_MEMO_KEYS], value[PLD_MEMO_VALUES];
    double *l, *lw, *w;         /* copies of the sketch's arrays */
} pld_memo_slot;

/* One per function remembered, static, PLD_SKETCH_MEMO_INIT: the last
 * PLD_MEMO_SLOTS distinct inputs, behind a plain mutex (the callers are
 * OpenMP threads and the host's own alike, and ThreadSanitizer sees it). */
typedef struct {
    pld_memo_slot slot[PLD_MEMO_SLOTS];
    unsigned next;
    pthread_mutex_t lock;
} pld_sketch_memo;
#define PLD_SKETCH_MEMO_INIT { .lock = PTHREAD_MUTEX_INITIALIZER }

/* 1 and value[] filled where (sk, key[]) was kept, else 0. */
int pld_memo_find(pld_sketch_memo *m, const loss_sketch *sk, const double key[PLD_MEMO_KEYS],
                  double value[PLD_MEMO_VALUES]);
/* Keeps value[] for (sk, key[]) in place of the oldest; nothing where the
 * sketch is empty or over 2^16 points, or its copy's memory is not there
 * (the next call computes it again). */
void pld_memo_keep(pld_sketch_memo *m, const loss_sketch *sk, const double key[PLD_MEMO_KEYS],
                   const double value[PLD_MEMO_VALUES]);

#endif
