/* pld_grid_arb.c -- the Gaussian step's certified masses of Y = ceil_h(X~)
 * on the grid l_k = k h (the clamped ends absorbing the cut tails): the
 * dispatcher, which takes the Taylor blocks (pld_grid_taylor.c), and the
 * former route, Arb at every boundary (pld_masses_arb), their independent
 * check (t-pld-masses). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "account/pld/grid/pld_grid.h"
#include "core/host.h"

/* the boundaries one task takes (a multiple of the chain's 256) */
#define MASS_CHUNK 8192

/* The arguments of the upper tail P(X > l) = w1 Phi(z1) + w2 Phi(z2):
 * remove: z1 = -U, z2 = 1/M - U, w1 = 1-q, w2 = q; add: z1 = V, w1 = 1, w2 = 0.
 * Returns 0, or -1 when l is at the support's edge (the caller uses
 * loss_cdf there).  c holds the constants 1/q, M, 1/(2M), 1/M (balls,
 * computed once: tail_consts) */
typedef struct {
    arb_t inv_q, M, half_inv_M, inv_M;
} tail_consts;

static void
tail_consts_init(tail_consts *c, const lp_dpsgd *run, slong prec)
{
    arb_init(c->inv_q);
    arb_init(c->M);
    arb_init(c->half_inv_M);
    arb_init(c->inv_M);
    arb_inv(c->inv_q, run->q, prec);
    arb_set(c->M, run->M);
    arb_inv(c->inv_M, run->M, prec);
    arb_mul_2exp_si(c->half_inv_M, c->inv_M, -1);
}

static void
tail_consts_clear(tail_consts *c)
{
    arb_clear(c->inv_q);
    arb_clear(c->M);
    arb_clear(c->half_inv_M);
    arb_clear(c->inv_M);
}

static int
tail_args(arb_t z1, arb_t z2, const lp_dpsgd *run, lp_pld_relation rel, const arb_t el,
          const tail_consts *c, slong prec)
{
    arb_t x;
    int ok;
    arb_init(x);
    /* el = e^l (remove) or e^-l (add) */
    arb_sub_ui(x, el, 1, prec);
    arb_add(x, x, run->q, prec);
    ok = arb_is_positive(x);
    if (ok) {
        arb_mul(x, x, c->inv_q, prec);          /* (el - 1 + q) / q, by the ball 1/q */
        arb_log(x, x, prec);
        arb_mul(z1, x, c->M, prec);
        arb_add(z1, z1, c->half_inv_M, prec);   /* U or V */
        if (rel == LP_PLD_REMOVE) {
            arb_sub(z2, c->inv_M, z1, prec);
            arb_neg(z1, z1);
        }
    }
    arb_clear(x);
    return ok ? 0 : -1;
}

/* the former route: Arb at every boundary (the arguments of Phi, then Phi in
 * pld_phi.c's Taylor blocks), on OpenMP's threads */
arb_ptr
pld_masses_arb(const lp_dpsgd *run, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
           arb_ptr *tails, arb_ptr *lower)
{
    arb_ptr mass;

    /* 2. the masses of Y, certified: m_k = F(l_k) - F(l_{k-1}), the ends
     * absorbing the clamped tails */
    mass = _arb_vec_init(K);
    {
        /* G_i = P(X > l_{kmin+i}), i = 0 .. K-2, each boundary once: the
         * arguments of Phi first (e^{+-l_k} by one multiplication per step
         * from a fresh exponential per chunk), then Phi in Taylor blocks */
        const int64_t nb = K > 1 ? K - 1 : 0;
        arb_ptr G = _arb_vec_init(K > 1 ? K - 1 : 1);
        const int *cancel = lp_cancel_flag();
        /* add: also F_i = P(X <= l_i) = Phi(-V) directly, with radii relative
         * to itself where it is small (1 - G_i has absolute radii ~2^-64,
         * which over millions of masses summed to 1e-12 in the FFT's bound
         * and swamped the lower tail's generating function) */
        arb_ptr F = rel == LP_PLD_ADD ? _arb_vec_init(K > 1 ? K - 1 : 1) : NULL;
        /* the thread count capped (core/host.h: OMP_NUM_THREADS=100000
         * crashed libgomp here) and no more than the cores */
        const int nthreads = lp_threads_effective(0);
        int oom = 0;
        /* Fixed chunks of MASS_CHUNK boundaries (a multiple of the chain's
         * 256), handed out dynamically: every chain restart and Taylor block
         * starts where it would on one thread, so the masses (midpoints and
         * radii) do not depend on the thread count */
#pragma omp parallel num_threads(nthreads)
        {
            const int *was = lp_cancel_flag();
            arb_t el, step, lk;
            arb_ptr z1, z2, P1, P2;
            char *edge;
            tail_consts tc;
            lp_cancel_watch(cancel);    /* every thread sees the caller's flag */
            tail_consts_init(&tc, run, MASS_PREC + 16);
            arb_init(el);
            arb_init(step);
            arb_init(lk);
            z1 = _arb_vec_init(MASS_CHUNK);
            z2 = _arb_vec_init(MASS_CHUNK);
            P1 = _arb_vec_init(MASS_CHUNK);
            P2 = _arb_vec_init(MASS_CHUNK);
            edge = malloc(MASS_CHUNK);
            if (edge == NULL)           /* out of memory: this thread's chunks are skipped, the caller told */
                __atomic_store_n(&oom, 1, __ATOMIC_RELAXED);
            /* e^{+-l} - 1 + q cancels log2(1/q) bits and the chained
             * products add a rounding each: the working precision carries
             * both, and the chain restarts from a fresh exponential every 256
             * points (a chain of 3e6 at 80 bits gave masses radii ~1e-13 at
             * q = 1e-5, which entered the FFT's error bound T times) */
            const slong eprec = MASS_PREC + 24 + (slong) ceil(-log2(run->q_d > 1e-300 ? run->q_d : 1e-300));
            arb_set_d(step, rel == LP_PLD_ADD ? -h : h);
            arb_exp(step, step, eprec);
#pragma omp for schedule(dynamic, 1)
            for (int64_t c = 0; c < (nb + MASS_CHUNK - 1) / MASS_CHUNK; c++) {
                const int64_t from = c * MASS_CHUNK;
                const int64_t to = from + MASS_CHUNK < nb ? from + MASS_CHUNK : nb;
                if (edge == NULL || lp_cancelled())
                    continue;
                memset(edge, 0, MASS_CHUNK);
                for (int64_t i = from; i < to && !lp_cancelled(); i++) {
                    if ((i - from) % 256 == 0) {
                        pld_grid_point(lk, kmin + i, h);
                        if (rel == LP_PLD_ADD)
                            arb_neg(lk, lk);
                        arb_exp(el, lk, eprec);
                    }
                    if (tail_args(z1 + (i - from), z2 + (i - from), run, rel, el, &tc, MASS_PREC) != 0)
                        edge[i - from] = 1;
                    arb_mul(el, el, step, eprec);
                }
                /* the edge points (none but possibly the first) are dropped from
                 * the sorted run: give them the neighbour's argument, fixed below */
                for (int64_t i = to - from; i-- > 0;)
                    if (edge[i] && i + 1 < to - from) {
                        arb_set(z1 + i, z1 + i + 1);
                        arb_set(z2 + i, z2 + i + 1);
                    }
                pld_phi_sorted(P1, z1, to - from, MASS_PREC);
                if (rel == LP_PLD_REMOVE) {
                    if (!lp_cancelled())
                        pld_phi_sorted(P2, z2, to - from, MASS_PREC);
                } else {
                    for (int64_t i = 0; i < to - from; i++)
                        arb_neg(z2 + i, z1 + i);
                    if (!lp_cancelled())
                        pld_phi_sorted(P2, z2, to - from, MASS_PREC);
                }
                for (int64_t i = from; i < to && !lp_cancelled(); i++) {
                    arb_ptr g = G + i;
                    if (edge[i - from]) {
                        pld_grid_point(lk, kmin + i, h);
                        pld_loss_cdf_arb(g, run, rel, lk, 0, MASS_PREC);
                        if (F)
                            pld_loss_cdf_arb(F + i, run, rel, lk, 1, MASS_PREC);
                    } else if (rel == LP_PLD_REMOVE) {
                        arb_sub_ui(g, run->q, 1, MASS_PREC);
                        arb_neg(g, g);
                        arb_mul(g, g, P1 + (i - from), MASS_PREC);
                        arb_addmul(g, P2 + (i - from), run->q, MASS_PREC);
                    } else {
                        arb_set(g, P1 + (i - from));
                        arb_set(F + i, P2 + (i - from));
                    }
                }
            }
            _arb_vec_clear(z1, MASS_CHUNK);
            _arb_vec_clear(z2, MASS_CHUNK);
            _arb_vec_clear(P1, MASS_CHUNK);
            _arb_vec_clear(P2, MASS_CHUNK);
            free(edge);
            arb_clear(el);
            arb_clear(step);
            arb_clear(lk);
            tail_consts_clear(&tc);
            lp_cancel_watch(was);
        }
        if (oom) {
            _arb_vec_clear(G, K > 1 ? K - 1 : 1);
            if (F)
                _arb_vec_clear(F, K > 1 ? K - 1 : 1);
            _arb_vec_clear(mass, K);
            return NULL;
        }
        if (K > 1) {
            /* m_kmin = P(X <= l_kmin) = 1 - G_0; m_k = G_{i-1} - G_i; m_kmax = G_{K-2} */
            arb_sub_ui(mass + 0, G + 0, 1, MASS_PREC);
            arb_neg(mass + 0, mass + 0);
            for (int64_t i = 1; i < K - 1 && !lp_cancelled(); i++)
                arb_sub(mass + i, G + i - 1, G + i, MASS_PREC);
            arb_set(mass + K - 1, G + K - 2);
            if (F) {
                /* the same masses from F where F is small: F_0, F_i - F_{i-1} */
                arf_t u;
                arf_init(u);
                arb_set(mass + 0, F + 0);
                for (int64_t i = 1; i < K - 1; i++) {
                    arb_get_ubound_arf(u, F + i, 30);
                    if (arf_cmp_2exp_si(u, -1) < 0)
                        arb_sub(mass + i, F + i, F + i - 1, MASS_PREC);
                }
                arf_clear(u);
            }
        }
        if (lower)
            *lower = F;
        else if (F)
            _arb_vec_clear(F, K > 1 ? K - 1 : 1);
        if (tails)
            *tails = G;
        else
            _arb_vec_clear(G, K > 1 ? K - 1 : 1);
    }
    if (K == 1)
        arb_one(mass + 0);
    return mass;
}

/* the dispatcher: the Taylor blocks (pld_grid_taylor.c); the route above
 * stays as their independent check (tests/account/t-pld-masses) */
arb_ptr
pld_masses(const lp_dpsgd *run, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
           arb_ptr *tails, arb_ptr *lower)
{
    return pld_masses_taylor(run, rel, kmin, K, h, tails, lower);
}

arb_ptr
pld_masses_at(const lp_dpsgd *run, lp_pld_relation rel, int64_t kmin, int64_t K, double h,
              slong bits, arb_ptr *tails, arb_ptr *lower)
{
    return pld_masses_taylor_bits(run, rel, kmin, K, h, bits, tails, lower);
}
