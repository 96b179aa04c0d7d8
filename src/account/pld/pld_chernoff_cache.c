/* pld_chernoff_cache.c -- the window's Chernoff points of a clamped sketch
 * (pld_chernoff_point, both signs), remembered for the next call with the
 * same sketch: the work estimate sizes every run's grid first (pld_plan.c,
 * plan_only) and the run then sizes it again with the very same inputs, so
 * that the two golden sections of 34 moment generating functions over the
 * sketch's 7200 points each ran twice per relation: 15 - 26 % of a run at T
 * 10 (M 1.1, delta 1e-5, q 1e-3 .. 0.1; perf).  Choices only (pld.c, step
 * 1): a remembered point is bitwise the one the call would compute, since
 * the key is every input, compared in full (the sketch's losses and log
 * weights, its weights where it keeps them, its lmax, T and log(1/eta)), so results
 * do not depend on the cache nor on which thread filled it. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "account/pld/pld_chernoff_cache.h"

#define CACHE_SLOTS 4
/* sketches of at most this many points are remembered (the mechanisms'
 * have 7200 - 40001: at most ~6 MB held in all) */
#define CACHE_MAX_POINTS ((size_t) 1 << 16)

typedef struct {
    size_t n;                   /* 0: empty */
    int has_w;
    double T, log_inv_eta, lmax;
    double *l, *lw, *w;         /* copies of the sketch's arrays */
    double ch_hi, lam_hi, ch_lo, lam_lo;
} cache_slot;

static cache_slot cache[CACHE_SLOTS];
static unsigned cache_next;
/* a plain mutex (as core/host.c's): the callers are OpenMP threads and
 * the host's own alike, and ThreadSanitizer sees it */
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

static int
slot_matches(const cache_slot *c, const loss_sketch *sk, double T, double log_inv_eta)
{
    const size_t bytes = sk->n * sizeof(double);
    return c->n == sk->n && c->T == T && c->log_inv_eta == log_inv_eta && c->lmax == sk->lmax
        && c->has_w == (sk->w != NULL) && memcmp(c->l, sk->l, bytes) == 0
        && memcmp(c->lw, sk->lw, bytes) == 0 && (sk->w == NULL || memcmp(c->w, sk->w, bytes) == 0);
}

void
pld_chernoff_points(const loss_sketch *sk, double T, double log_inv_eta, double *ch_hi,
                    double *lam_hi, double *ch_lo, double *lam_lo)
{
    int found = 0;
    pthread_mutex_lock(&cache_lock);
    for (int i = 0; i < CACHE_SLOTS && !found; i++)
        if (cache[i].n > 0 && slot_matches(&cache[i], sk, T, log_inv_eta)) {
            *ch_hi = cache[i].ch_hi;
            *lam_hi = cache[i].lam_hi;
            *ch_lo = cache[i].ch_lo;
            *lam_lo = cache[i].lam_lo;
            found = 1;
        }
    pthread_mutex_unlock(&cache_lock);
    if (found)
        return;
    *ch_hi = pld_chernoff_point(sk, T, log_inv_eta, 1, lam_hi);
    *ch_lo = pld_chernoff_point(sk, T, log_inv_eta, -1, lam_lo);
    {
        /* remembered when its memory is there (else nothing: the next call
         * computes them again) */
        const size_t bytes = sk->n * sizeof(double);
        double *l, *lw, *w;
        if (sk->n == 0 || sk->n > CACHE_MAX_POINTS)
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
        pthread_mutex_lock(&cache_lock);
        {
            cache_slot *c = &cache[cache_next++ % CACHE_SLOTS];
            free(c->l);
            free(c->lw);
            free(c->w);
            c->n = sk->n;
            c->has_w = w != NULL;
            c->T = T;
            c->log_inv_eta = log_inv_eta;
            c->lmax = sk->lmax;
            c->l = l;
            c->lw = lw;
            c->w = w;
            c->ch_hi = *ch_hi;
            c->lam_hi = *lam_hi;
            c->ch_lo = *ch_lo;
            c->lam_lo = *lam_lo;
        }
        pthread_mutex_unlock(&cache_lock);
    }
}
