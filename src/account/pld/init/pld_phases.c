/* pld_phases.c -- the PLD accountant over phases: steps of different
 * mechanisms, parameters and sampling rates (phase i: its step st[i], T_i =
 * st[i].run->steps times), composed in one bracket on one grid.  Contract in
 * pld_init.h (lp_pld_init_phases).
 *
 * The route is lp_pld_init's (pld_init.c) with every bound re-proved for the sum
 * of T = sum T_i independent, not identically distributed, steps:
 *  (a) clamping: S_X and S_X~ differ only where some step is cut, so by the
 *      union bound delta_X <= delta_X~ + sum_i T_i tau_hi,i (remove; add
 *      symmetrically): pld->tau_hi = sum T_i tau_hi,i / T, so that pld_delta.c's
 *      T tau_hi is that sum;
 *  (b) rounding: each Y - X~ in [0, h): S_Y - S_X~ in [0, T h], unchanged;
 *  (c) Hoeffding holds for independent differences in [0, h] whatever their
 *      laws: P(|sum D - sum_i T_i mu_i| >= t) <= eta each side with the same
 *      t = h sqrt(T log(1/eta)/2); pld->mu_lo, mu_hi = sum T_i mu_i / T (balls),
 *      so pld_delta.c's T mu is the sum;
 *  (d) the window's tails: Chernoff on the product of the phases' generating
 *      functions, E[e^{lam S_Y}] = prod_i E[e^{lam Y_i}]^T_i
 *      (pld_window_tails_phases), the Renyi route only where every phase has
 *      its Renyi divergence;
 *  (e) the composition: the product of the phases' spectra, each to its own
 *      power, with the error bound re-proved in pld_compose_best.c.
 * The grid's choices (doubles) are lp_pld_init's for the summed loss: the
 * mean and variance add, the Chernoff points minimise sum_i T_i log m_i. */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "account/pld/init/pld_init.h"
#include "account/pld/bounds/pld_bounds.h"
#include "account/pld/compose/pld_compose.h"
#include "core/host.h"

#define PHASE_SIZE_TRIES 40
#define PHASE_EPS_FLOOR 1e-7

typedef struct {
    const loss_sketch *sk;
    const double *T;
    size_t nph;
} phase_sum;

/* sum_i T_i log E[e^{lam L_i}] on the sketches */
static double
logm_sum(const void *ctx, double lam)
{
    const phase_sum *c = ctx;
    double s = 0;
    for (size_t i = 0; i < c->nph; i++)
        s += c->T[i] * pld_sketch_logmgf(c->sk + i, lam);
    return s;
}

/* the Chernoff point of the sum (pld_chernoff_point's search over the
 * phases; 50 steps where the single run's takes 32: kept, the grid's
 * choices of a phased run unchanged) */
static double
chernoff_sum(const loss_sketch *sk, const double *T, size_t nph, double log_inv_eta, int sign,
             double *lam)
{
    const phase_sum c = { sk, T, nph };
    return pld_chernoff_search(logm_sum, &c, log_inv_eta, sign, 50, lam);
}

typedef struct {
    loss_sketch sk;
    double T, lo_cut, hi_cut, mu_sk;
    int64_t kmin, kmax, K;
    arb_ptr mass, G, F;
} phase_work;

static void
work_clear(phase_work *w, size_t nph)
{
    for (size_t i = 0; i < nph; i++) {
        free(w[i].sk.l);
        free(w[i].sk.lw);
        if (w[i].mass)
            _arb_vec_clear(w[i].mass, w[i].K);
        if (w[i].G)
            _arb_vec_clear(w[i].G, w[i].K > 1 ? w[i].K - 1 : 1);
        if (w[i].F)
            _arb_vec_clear(w[i].F, w[i].K > 1 ? w[i].K - 1 : 1);
    }
    free(w);
}

static int
fail(lp_pld *pld, phase_work *w, size_t nph, const char *why, int oom)
{
    if (w)
        work_clear(w, nph);
    pld->why = lp_cancelled() ? "interrupted" : why;
    pld->out_of_memory = oom && !lp_cancelled();
    return -1;
}

/* the composition of the phases' masses, each phase's T_i times
 * (compose/pld_compose_best.c: the product of their spectra); dref the delta
 * the grid was sized for, which the dispatcher compares the double bound
 * with */
static int
compose_phases(lp_pld *pld, const lp_pld_step *st, size_t nph, const arb_srcptr *mass,
               const int64_t *kmin, const int64_t *K, double dref)
{
    uint64_t *T = malloc((nph ? nph : 1) * sizeof *T);
    int r;
    if (T == NULL)
        return -1;
    for (size_t i = 0; i < nph; i++)
        T[i] = st[i].run->steps;
    r = pld_compose_best(pld, nph, T, mass, kmin, K, dref);
    free(T);
    return r;
}

int
lp_pld_init_phases(lp_pld *pld, const lp_pld_step *st, size_t nph, lp_pld_relation rel,
                   double width, size_t max_n, double eps_hint)
{
    const double dref = st[0].run->delta_d > 0 && st[0].run->delta_d < 1
        ? fmax(st[0].run->delta_d, 1e-300) : 1e-5;
    const double eta_ref = 1e-3 * dref;
    double Tf = 0, mean = 0, var = 0, eps_est, spread, h, lam_hi = 1, lam_lo = 1, a_w = 0, b_w;
    uint64_t T = 0;
    size_t n = 1;
    phase_work *w;
    arb_t acc, t;

    if (nph == 1)
        return lp_pld_init_step(pld, st, rel, width, max_n, eps_hint);
    lp_pld_blank(pld, rel);
    for (size_t i = 0; i < nph; i++) {
        if ((st[i].run->q_is_one && st[i].mech != LP_PLD_VMF) || !(st[i].run->q_d > 0)
            || st[i].run->steps > UINT64_C(1000000000))
            return fail(pld, NULL, nph, "out of the FFT route's range (each phase's q in (0, 1), "
                        "T <= 1e9)", 0);
        T += st[i].run->steps;
    }
    if (nph == 0 || T > UINT64_C(1000000000) || !(width > 0) || lp_cancelled())
        return fail(pld, NULL, nph, "out of the FFT route's range (phases' T <= 1e9, width > 0)", 0);
    pld->T = T;
    Tf = (double) T;
    w = calloc(nph, sizeof *w);
    if (w == NULL)
        return fail(pld, NULL, nph, "out of memory", 1);

    /* 1. choices, in doubles: each phase's sketch and clamp, the sum's
     * spread, the grid width and the window */
    for (size_t i = 0; i < nph; i++) {
        const lp_pld_mech *mech = pld_mech_of(st[i].mech);
        w[i].T = (double) st[i].run->steps;
        if (mech->sketch(&w[i].sk, st + i, rel) != 0)
            return fail(pld, w, nph, "out of memory", 1);
        mean += w[i].T * w[i].sk.mean;
        var += w[i].T * w[i].sk.var;
        mech->cuts(&w[i].lo_cut, &w[i].hi_cut, st + i, rel, dref);
        w[i].sk.lmax = 0;
        for (size_t j = 0; j < w[i].sk.n; j++) {
            w[i].sk.l[j] = fmin(fmax(w[i].sk.l[j], w[i].lo_cut), w[i].hi_cut);
            w[i].sk.lmax = fmax(w[i].sk.lmax, fabs(w[i].sk.l[j]));
        }
    }
    eps_est = fmax(mean + sqrt(var) * sqrt(2 * log(1 / dref)), PHASE_EPS_FLOOR);
    if (eps_hint > 0)
        eps_est = fmax(eps_hint, PHASE_EPS_FLOOR);
    spread = fmin(Tf, 2 * sqrt(Tf * log(1 / eta_ref) / 2));
    h = width * eps_est / (1.3 * spread);
    for (int tries = 0;; tries++) {
        double need, up = 0, down = 0, tt, Kmax = 0;
        int ok = 1;
        if (tries >= PHASE_SIZE_TRIES || lp_cancelled() || !(h > 0) || !isfinite(h))
            return fail(pld, w, nph, "no grid within the cap on its points (2^23, or account's "
                        "--max-grid-size) holds these phases' window at any width: use the RDP "
                        "accountant", 0);
        for (size_t i = 0; i < nph && ok; i++) {
            double sl = w[i].lo_cut / h, sh = w[i].hi_cut / h, sw = 0, sr = 0;
            if (!(fabs(sl) < (double) max_n * 4 && fabs(sh) < (double) max_n * 4)) {
                h *= fmax(1.5, fmax(fabs(sl), fabs(sh)) / (double) max_n);
                ok = 0;
                break;
            }
            w[i].kmin = rel == LP_PLD_REMOVE ? (int64_t) ceil(sl) : (int64_t) floor(sl);
            w[i].kmax = (int64_t) ceil(sh);
            w[i].K = w[i].kmax - w[i].kmin + 1;
            Kmax = fmax(Kmax, (double) w[i].K);
            for (size_t j = 0; j < w[i].sk.n; j++) {
                double v = exp(w[i].sk.lw[j]);
                sw += v;
                sr += v * (ceil(w[i].sk.l[j] / h) * h - w[i].sk.l[j]);
            }
            w[i].mu_sk = sw > 0 ? fmin(fmax(sr / sw, 0.0), h) : h / 2;
            up += w[i].T * fmax(w[i].mu_sk, h / 2);
            down += w[i].T * fmin(w[i].mu_sk, h / 2);
        }
        if (!ok)
            continue;
        {
            loss_sketch *sks = malloc(nph * sizeof *sks);
            double *Tv = malloc(nph * sizeof *Tv);
            if (sks == NULL || Tv == NULL) {
                free(sks);
                free(Tv);
                return fail(pld, w, nph, "out of memory", 1);
            }
            for (size_t i = 0; i < nph; i++) {
                sks[i] = w[i].sk;
                Tv[i] = w[i].T;
            }
            tt = h * sqrt(Tf * log(1e6 / dref) / 2);
            up = fmin(Tf * h, up + 2 * tt);
            down = fmax(0.0, down - 2 * tt);
            b_w = chernoff_sum(sks, Tv, nph, log(1e4 / dref), 1, &lam_hi) + up + 2 * h;
            a_w = chernoff_sum(sks, Tv, nph, log(1e4 / dref), -1, &lam_lo) + down - 2 * h;
            free(sks);
            free(Tv);
        }
        need = fmax((b_w - a_w) / h + 1, Kmax + 1);
        if (!isfinite(need)) {
            h *= 1.5;
            continue;
        }
        if (need <= (double) max_n) {
            n = pld_circle_size(need);  /* 2^k, or 3 2^k (pld_compose.c) */
            break;
        }
        h *= fmax(1.5, need / (double) max_n);
    }
    if (lp_trace())
        fprintf(lp_trace(), "pld phases: h %g n %zu a %g b %g lam_hi %g lam_lo %g\n", h, n, a_w, b_w,
                lam_hi, lam_lo);
    pld->h = h;
    pld->n = n;
    pld->ja = (int64_t) floor(a_w / h);
    pld->kmin_h = (double) w[0].kmin * h;
    pld->kmax_h = (double) w[0].kmax * h;
    for (size_t i = 0; i < nph; i++)
        pld->support += (size_t) w[i].K;

    /* 2. .. 4. per phase: the certified masses, the cut tails, the mean
     * rounding; summed as (a) and (c) above */
    arb_init(acc);
    arb_init(t);
    arb_zero(pld->tau_hi);
    arb_zero(pld->tau_lo);
    arb_zero(pld->mu_lo);
    arb_zero(pld->mu_hi);
    for (size_t i = 0; i < nph && !lp_cancelled(); i++) {
        const lp_pld_mech *mech = pld_mech_of(st[i].mech);
        lp_pld one;
        memset(&one, 0, sizeof one);
        arb_init(one.tau_hi);
        arb_init(one.tau_lo);
        arb_init(one.mu_lo);
        arb_init(one.mu_hi);
        w[i].mass = mech->masses(st + i, rel, w[i].kmin, w[i].K, h, &w[i].G, &w[i].F);
        if (w[i].mass == NULL) {
            arb_clear(one.tau_hi);
            arb_clear(one.tau_lo);
            arb_clear(one.mu_lo);
            arb_clear(one.mu_hi);
            arb_clear(acc);
            arb_clear(t);
            return fail(pld, w, nph, "out of memory", 1);
        }
        mech->cut_tails(&one, st + i, rel, w[i].kmin, w[i].kmax, h);
        pld_mean_rounding(&one, st + i, rel, w[i].mass, w[i].kmin, w[i].K, h);
        arb_addmul_ui(pld->tau_hi, one.tau_hi, st[i].run->steps, MASS_PREC);
        arb_addmul_ui(pld->tau_lo, one.tau_lo, st[i].run->steps, MASS_PREC);
        arb_addmul_ui(pld->mu_lo, one.mu_lo, st[i].run->steps, MASS_PREC);
        arb_addmul_ui(pld->mu_hi, one.mu_hi, st[i].run->steps, MASS_PREC);
        arb_clear(one.tau_hi);
        arb_clear(one.tau_lo);
        arb_clear(one.mu_lo);
        arb_clear(one.mu_hi);
    }
    arb_div_ui(pld->tau_hi, pld->tau_hi, T, MASS_PREC);
    arb_div_ui(pld->tau_lo, pld->tau_lo, T, MASS_PREC);
    arb_div_ui(pld->mu_lo, pld->mu_lo, T, MASS_PREC);
    arb_div_ui(pld->mu_hi, pld->mu_hi, T, MASS_PREC);
    arb_clear(acc);
    arb_clear(t);
    if (lp_cancelled())
        return fail(pld, w, nph, "interrupted", 0);
    {
        arb_srcptr *ms = malloc(3 * nph * sizeof *ms);
        int64_t *km = malloc(2 * nph * sizeof *km);
        int r;
        if (ms == NULL || km == NULL) {
            free(ms);
            free(km);
            return fail(pld, w, nph, "out of memory", 1);
        }
        for (size_t i = 0; i < nph; i++) {
            ms[i] = w[i].mass;
            ms[nph + i] = w[i].G;
            ms[2 * nph + i] = w[i].F;
            km[i] = w[i].kmin;
            km[nph + i] = w[i].K;
        }
        pld_window_tails_phases(pld, st, nph, rel, ms, ms + nph, ms + 2 * nph, km, km + nph, lam_hi,
                                lam_lo, dref);
        r = lp_cancelled() ? -1 : compose_phases(pld, st, nph, ms, km, km + nph, dref);
        free(ms);
        free(km);
        if (r != 0)
            return fail(pld, w, nph, "out of memory", 1);
    }
    work_clear(w, nph);
    return 0;
}
