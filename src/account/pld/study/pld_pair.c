/* pld_pair.c -- the two relations' grids sized together.  Contract in pld_request.h
 * (lp_pld_pair_floors).
 *
 * The run's epsilon is the larger of the remove and add relations'; each
 * relation's grid had been sized for --width relative to its own estimated
 * epsilon.  The smaller relation's bracket has only to lie below the
 * larger's: an absolute width of width x epsilon_large, or, where the
 * epsilons are far apart, a fraction of their gap, suffices.  The sizing
 * estimates (pld_init.c, step 1: the Gaussian approximation) are nearly the same
 * for both relations (its variance term dominates: M 1.1, delta 1e-5, q
 * 1e-3, T 1000: 0.1727 remove, 0.1722 add) though the true epsilons differ
 * (0.1230, 0.1032 there; 3.3 times at T 10).  The gap is seen by the
 * point estimates pld_estimate_step makes: the sketch composed on a grid
 * (pld_eps_sketch.c, T <= 100) and the saddlepoint (pld_eps_saddle.c; add
 * 0.1046, remove 0.1559 at T 1000: remove's runs high, up to 1.3 times at
 * T ~ 1000 and 2.5 times at T 10).  So the larger is taken at its least
 * estimate, the smaller at its largest guess, and the smaller relation sized
 * for max(E_large, gap / (PLD_PAIR_GAP_SHARE width)).  Where that misjudges
 * (the smaller relation's upper end above the larger's), pld_study.c builds
 * it again at its own width, so the reported bracket's width is never the
 * coarse grid's.  A choice of widths only: every bound is certified
 * whatever h is. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/host.h"
#include "account/pld/study/pld_request.h"

/* the smaller relation's bracket is sized about 1 / PLD_PAIR_GAP_SHARE of
 * the estimated gap wide (a choice: the estimates err by up to a third at
 * T ~ 1000, remove's saddlepoint above its epsilon, so 8 leaves room) */
#define PLD_PAIR_GAP_SHARE 8

/* the point estimates of a relation's epsilon (the sketch's, the
 * saddlepoint's; 0 where not made): their least (lo) and largest (hi),
 * both 0 where none */
static void
guesses(const lp_pld *pld, double *lo, double *hi)
{
    const double g[2] = { pld->eps_guess, pld->eps_saddle };
    *lo = INFINITY;
    *hi = 0;
    for (int i = 0; i < 2; i++)
        if (g[i] > 0 && isfinite(g[i])) {
            *lo = fmin(*lo, g[i]);
            *hi = fmax(*hi, g[i]);
        }
    if (!(*hi > 0))
        *lo = 0;
}

/* The last request's floors, remembered between the work estimate's sizing
 * and the run's (both call lp_pld_pair_floors on the same request: the
 * sketches and saddlepoints were a fifth of a 30 ms run, M 2.9, q 0.5, T
 * 10), keyed by every input that reaches the estimates, as text; a mutex, as
 * pld_chernoff_cache.c's: a host's threads may call it. */
static pthread_mutex_t pair_lock = PTHREAD_MUTEX_INITIALIZER;
static char pair_key[512];
static double pair_floor[2];
static int pair_c = -2;

static int
request_key(char *key, size_t size, const lp_pld_request *req)
{
    int n = snprintf(key, size, "%d|%s|%s|%s|%llu|%.17g|%zu|%s|%llu|%s|%s", (int) req->mech,
                     req->M ? req->M : "", req->q ? req->q : "", req->delta ? req->delta : "",
                     (unsigned long long) req->steps, req->width, req->max_n,
                     req->kappa ? req->kappa : "", (unsigned long long) req->p,
                     req->e ? req->e : "", req->d ? req->d : "");
    return n > 0 && (size_t) n < size;  /* too long: not remembered */
}

static int pair_floors(const lp_pld_request *req, const lp_dpsgd *run, double eps_floor[2]);

int
lp_pld_pair_floors(const lp_pld_request *req, const lp_dpsgd *run, double eps_floor[2])
{
    char key[sizeof pair_key];
    int keyed, c;
    eps_floor[0] = eps_floor[1] = 0;
    if (req->relation != 2 || req->eps || req->nphases > 0 || run->q_is_one || !(req->width > 0))
        return -1;
    keyed = request_key(key, sizeof key, req);
    if (keyed) {
        pthread_mutex_lock(&pair_lock);
        c = pair_c;
        if (c != -2 && strcmp(key, pair_key) == 0) {
            eps_floor[0] = pair_floor[0];
            eps_floor[1] = pair_floor[1];
            pthread_mutex_unlock(&pair_lock);
            return c;
        }
        pthread_mutex_unlock(&pair_lock);
    }
    c = pair_floors(req, run, eps_floor);
    if (keyed && !lp_cancelled()) {
        pthread_mutex_lock(&pair_lock);
        memcpy(pair_key, key, sizeof pair_key);
        pair_floor[0] = eps_floor[0];
        pair_floor[1] = eps_floor[1];
        pair_c = c;
        pthread_mutex_unlock(&pair_lock);
    }
    return c;
}

static int
pair_floors(const lp_pld_request *req, const lp_dpsgd *run, double eps_floor[2])
{
    double est[2] = { 0, 0 }, glo[2] = { 0, 0 }, ghi[2] = { 0, 0 }, sad[2] = { 0, 0 }, gap;
    int c;
    for (int rel = 0; rel < 2 && !lp_cancelled(); rel++) {
        lp_pld pld;
        lp_pld_step step;
        lp_pld_request_step(&step, req, run);
        if (pld_estimate_step(&pld, &step, (lp_pld_relation) rel, req->width, req->max_n) == 0) {
            est[rel] = pld.eps_sized;
            guesses(&pld, &glo[rel], &ghi[rel]);
            sad[rel] = pld.eps_saddle;
        }
        lp_pld_clear(&pld);
        lp_pld_step_clear(&step);
    }
    if (lp_trace())
        fprintf(lp_trace(), "pld: pair: sized remove %g add %g; guesses remove [%g, %g] add [%g, %g]\n",
                est[0], est[1], glo[0], ghi[0], glo[1], ghi[1]);
    if (!(est[0] > 0 && est[1] > 0 && isfinite(est[0]) && isfinite(est[1])))
        return -1;
    /* the smaller: by the saddlepoints where both were made (like with
     * like: a sketch set against a saddlepoint misjudges), else by the
     * sizing estimates */
    if (sad[0] > 0 && sad[1] > 0 && sad[0] != sad[1])
        c = sad[0] > sad[1];
    else
        c = est[0] > est[1];
    /* the gap, cautiously: the larger's least estimate (its sizing one
     * included) less the smaller's largest guess */
    gap = ghi[c] > 0 ? fmin(est[1 - c], glo[1 - c] > 0 ? glo[1 - c] : INFINITY) - ghi[c] : 0;
    eps_floor[c] = fmax(est[1 - c], gap > 0 ? gap / (PLD_PAIR_GAP_SHARE * req->width) : 0);
    if (!(eps_floor[c] > est[c])) {
        eps_floor[c] = 0;
        return -1;
    }
    return c;
}
