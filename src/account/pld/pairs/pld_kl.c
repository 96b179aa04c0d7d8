/* pld_kl.c -- the mean of the privacy loss of one step (the KL divergence
 * KL(P || Q)) of the subsampled Gaussian, certified: a rigorous integral on a
 * window and both tails bounded.  Contract in pld_mech.h.
 *
 * With g(u) = log(1 - q + q e^{s(u)}), s(u) = u/M - 1/(2M^2):
 *   remove   KL = int ((1-q) phi(u) + q phi(u - 1/M)) g(u) du,
 *   add      KL = - int phi(u) g(u) du.
 * Tails: for u <= a <= 0 (< 1/(2M)), 0 >= g >= log(1-q) and the density's
 * mass there is <= Phi(a); for u >= b >= 1/(2M) + 1/M, 0 <= g(u) <= u/M and
 * the mixture density is <= phi(u - 1/M) (as phi(u) <= phi(u - 1/M) there),
 * with int_b^inf u phi(u - c) du = phi(b - c) + c Phi(c - b). */
#include <math.h>
#include <pthread.h>
#include "account/pld/pairs/pld_mech.h"
#include "account/pld/pairs/pld_integrand.h"
#include "numeric/numeric.h"

typedef struct {
    acb_t one_minus_q, q, inv_M, h, c1;     /* h = 1/(2M^2), c1 = 1/M */
    int remove;
} kl_ctx;

static int
kl_integrand(acb_ptr res, const acb_t u, void *param, slong order, slong prec)
{
    kl_ctx *c = param;
    acb_t w, g, d;
    if (order > 1)
        flint_abort();
    acb_init(w);
    acb_init(g);
    acb_init(d);
    acb_mul(w, u, c->inv_M, prec);
    acb_sub(w, w, c->h, prec);
    pld_acb_log_mixture(g, w, c->q, c->one_minus_q, order != 0, prec);
    /* density (without 1/sqrt(2 pi)) */
    pld_acb_gauss_kernel(w, u, prec);
    if (c->remove) {
        acb_sub(d, u, c->c1, prec);
        pld_acb_gauss_kernel(d, d, prec);
        acb_mul(d, d, c->q, prec);
        acb_mul(w, w, c->one_minus_q, prec);
        acb_add(w, w, d, prec);
    }
    acb_mul(res, w, g, prec);
    acb_clear(w);
    acb_clear(g);
    acb_clear(d);
    return 0;
}

/* The last KL_SLOTS results, remembered: the KL is a pure function of (q,
 * M, relation, prec), its integral at 96 bits about 10 million instructions a
 * relation (issue 42: 15 % of a call at M 1.1, q 1e-5, T 10, width 1), and a
 * search over T, delta or the width (the least multiplier's, the
 * bench's, a sweep's) asks for the same one again.  The key compared
 * exactly (the balls' midpoints and radii); a remembered result is the
 * very ball the integral gave, so nothing depends on the memo nor on which
 * thread filled it.  (Zero-filled arb_t are initialised zeros; the slots'
 * limbs are held until the process ends.) */
#define KL_SLOTS 8

static struct {
    arb_struct q, M, kl;
    double M_d;                 /* (the window's heuristic reads it) */
    int rel, used;
    slong prec;
} kl_memo[KL_SLOTS];
static unsigned kl_next;
static pthread_mutex_t kl_lock = PTHREAD_MUTEX_INITIALIZER;

static int kl_compute(arb_t kl, const lp_dpsgd *run, lp_pld_relation relation, slong prec);

int
lp_pld_kl(arb_t kl, const lp_dpsgd *run, lp_pld_relation relation, slong prec)
{
    int found = 0, st;
    pthread_mutex_lock(&kl_lock);
    for (int i = 0; i < KL_SLOTS && !found; i++)
        if (kl_memo[i].used && kl_memo[i].rel == (int) relation && kl_memo[i].prec == prec
            && kl_memo[i].M_d == run->M_d && arb_equal(&kl_memo[i].q, run->q) && arb_equal(&kl_memo[i].M, run->M)) {
            arb_set(kl, &kl_memo[i].kl);
            found = 1;
        }
    pthread_mutex_unlock(&kl_lock);
    if (found)
        return 0;
    st = kl_compute(kl, run, relation, prec);
    if (st == 0) {              /* kept in place of the oldest */
        pthread_mutex_lock(&kl_lock);
        {
            const unsigned i = kl_next++ % KL_SLOTS;
            arb_set(&kl_memo[i].q, run->q);
            arb_set(&kl_memo[i].M, run->M);
            arb_set(&kl_memo[i].kl, kl);
            kl_memo[i].M_d = run->M_d;
            kl_memo[i].rel = (int) relation;
            kl_memo[i].prec = prec;
            kl_memo[i].used = 1;
        }
        pthread_mutex_unlock(&kl_lock);
    }
    return st;
}

static int
kl_compute(arb_t kl, const lp_dpsgd *run, lp_pld_relation relation, slong prec)
{
    const slong wp = prec + 20;
    kl_ctx c;
    acb_t a, b, I;
    arb_t t, s, tail, lq;
    double L = sqrt(2.0 * (prec + 10) * log(2.0)) + 2.0, Md = run->M_d;
    int ok;

    acb_init(c.one_minus_q);
    acb_init(c.q);
    acb_init(c.inv_M);
    acb_init(c.h);
    acb_init(c.c1);
    acb_init(a);
    acb_init(b);
    acb_init(I);
    arb_init(t);
    arb_init(s);
    arb_init(tail);
    arb_init(lq);
    c.remove = relation == LP_PLD_REMOVE;
    acb_set_arb(c.q, run->q);
    acb_sub_ui(c.one_minus_q, c.q, 1, wp);
    acb_neg(c.one_minus_q, c.one_minus_q);
    arb_inv(acb_realref(c.inv_M), run->M, wp);
    acb_set(c.c1, c.inv_M);
    arb_sqr(acb_realref(c.h), acb_realref(c.inv_M), wp);
    arb_mul_2exp_si(acb_realref(c.h), acb_realref(c.h), -1);

    /* the window (a double heuristic; the tails are bounded whatever it is,
     * given a <= 0 and b >= 3/(2M)) */
    arb_set_d(acb_realref(a), -L);
    arb_set_d(acb_realref(b), 1.5 / Md + L);
    pld_acb_integrate_normal(I, kl_integrand, &c, a, b, prec, wp);

    /* left tail: |g| <= -log(1-q), mass <= Phi(a) */
    arb_log(lq, acb_realref(c.one_minus_q), wp);
    arb_neg(lq, lq);
    arb_neg(t, acb_realref(a));
    lp_normal_tail_arb(tail, t, wp);
    arb_mul(tail, tail, lq, wp);
    /* right tail: (1/M) (phi(b - c) + c Phi(c - b)), c = 1/M (remove) or 0 */
    arb_set(t, acb_realref(b));
    if (c.remove)
        arb_sub(t, t, acb_realref(c.c1), wp);
    pld_normal_density(s, t, wp);
    if (c.remove) {
        arb_t v;
        arb_init(v);
        lp_normal_tail_arb(v, t, wp);
        arb_mul(v, v, acb_realref(c.c1), wp);
        arb_add(s, s, v, wp);
        arb_clear(v);
    }
    arb_mul(s, s, acb_realref(c.inv_M), wp);
    arb_add(tail, tail, s, wp);
    arb_add_error(acb_realref(I), tail);
    if (c.remove)
        arb_set_round(kl, acb_realref(I), prec);
    else
        arb_neg_round(kl, acb_realref(I), prec);
    ok = arb_is_finite(kl);

    acb_clear(c.one_minus_q);
    acb_clear(c.q);
    acb_clear(c.inv_M);
    acb_clear(c.h);
    acb_clear(c.c1);
    acb_clear(a);
    acb_clear(b);
    acb_clear(I);
    arb_clear(t);
    arb_clear(s);
    arb_clear(tail);
    arb_clear(lq);
    return ok ? 0 : -1;
}
