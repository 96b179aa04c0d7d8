/* pld_sketch_memo.c -- a few results of a function of a sketch,
 * remembered.  Contract in pld_sketch_memo.h. */
#include <stdlib.h>
#include <string.h>
#include "account/pld/sketch/pld_sketch_memo.h"

/* sketches of at most this many points are kept (the mechanisms' have
 * 7200 - 40001: a few MB held in all) */
#define MEMO_MAX_POINTS ((size_t) 1 << 16)

static int
slot_matches(const pld_memo_slot *c, const loss_sketch *sk, const double key[PLD_MEMO_KEYS])
{
    const size_t bytes = sk->n * sizeof(double);
    return c->n > 0 && c->n == sk->n && memcmp(c->key, key, sizeof c->key) == 0
        && c->has_w == (sk->w != NULL) && memcmp(c->l, sk->l, bytes) == 0
        && memcmp(c->lw, sk->lw, bytes) == 0 && (sk->w == NULL || memcmp(c->w, sk->w, bytes) == 0);
}

int
pld_memo_find(pld_sketch_memo *m, const loss_sketch *sk, const double key[PLD_MEMO_KEYS],
              double value[PLD_MEMO_VALUES])
{
    int found = 0;
    pthread_mutex_lock(&m->lock);
    for (int i = 0; i < PLD_MEMO_SLOTS && !found; i++)
        if (slot_matches(&m->slot[i], sk, key)) {
            memcpy(value, m->slot[i].value, sizeof m->slot[i].value);
            found = 1;
        }
    pthread_mutex_unlock(&m->lock);
    return found;
}

void
pld_memo_keep(pld_sketch_memo *m, const loss_sketch *sk, const double key[PLD_MEMO_KEYS],
              const double value[PLD_MEMO_VALUES])
{
    const size_t bytes = sk->n * sizeof(double);
    double *l, *lw, *w;
    if (sk->n == 0 || sk->n > MEMO_MAX_POINTS)
        return;
    l = malloc(bytes);
    lw = malloc(bytes);
    w = sk->w ? malloc(bytes) : NULL;
    if (l == NULL || lw == NULL || (sk->w != NULL && w == NULL)) {
        free(l);
        free(lw);
        free(w);
        return;
    }
    memcpy(l, sk->l, bytes);
    memcpy(lw, sk->lw, bytes);
    if (w)
        memcpy(w, sk->w, bytes);
    pthread_mutex_lock(&m->lock);
    {
        pld_memo_slot *c = &m->slot[m->next++ % PLD_MEMO_SLOTS];
        free(c->l);
        free(c->lw);
        free(c->w);
        c->n = sk->n;
        c->has_w = w != NULL;
        memcpy(c->key, key, sizeof c->key);
        memcpy(c->value, value, sizeof c->value);
        c->l = l;
        c->lw = lw;
        c->w = w;
    }
    pthread_mutex_unlock(&m->lock);
}
