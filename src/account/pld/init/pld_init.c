/* pld_init.c -- lp_pld_init: one step's composed PLD under one relation
 * built.  Contract in pld_init.h; the route in pld.h.  This file holds the
 * heuristic choices (grid width, window; doubles only, sketch/) and
 * lp_pld_init's sequence of certified stages: the masses (the mechanism's
 * row, pairs/), the bounds (bounds/pld_mean.c, pld_tails.c), the
 * composition (compose/); delta and epsilon are bounds/pld_delta.c's.  The
 * proofs (a) .. (e) that justify them are in bounds/pld_bounds.h. */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "account/pld/init/pld_init.h"
#include "account/pld/bounds/pld_bounds.h"
#include "account/pld/compose/pld_compose.h"
#include "core/host.h"

/* the grid's sizing tries (pld_init.c, step 1): h grows at least 1.02 times a try,
 * 1.5 times from the fifth */
#define PLD_SIZE_TRIES 40
/* the least epsilon the grid width is sized for (h ~ width eps / spread): it
 * was 0.05, which at tiny epsilon left a bracket of absolute width ~h (M 1,
 * q 1e-6, T 1, delta 1e-8: [0, 3.85e-4] around 9.15e-6); a lower floor
 * refines h there, the grid's size still capped by max_n below */
#define PLD_EPS_FLOOR 1e-7

/* The clamp's share of delta (a choice: tau is certified whatever it is).
 * The mechanisms' cuts spend T tau <= 1e-6 of the reference they are given
 * (pld_mech.h); given dref, a millionth of delta.  At T <= PLD_SMALL_T the
 * step's support is the grid (K ~ n: the window is the support itself)
 * and its far tail, where the loss is large and the mass tiny, held 40 - 60 %
 * of the certified masses, the run's main cost: there the clamp spends
 * 1e-3 delta (as Hoeffding's eta does), the reference 1e3 dref (at most 1,
 * the range the cuts were written for).  Measured at M 1.1, delta 1e-5, T
 * 10: K 31765 -> 13700 at q 1e-3, 37505 -> 14633 at q 1e-5, 15039 -> 9012
 * at q 0.01, each upper end moved by under 7e-4 relative (q 1e-5: 9.96041e-6
 * -> 9.96680e-6; q 0.01: 0.272402 -> 0.272414), the lower ends by under
 * 1e-5.  Larger T keep the millionth (their records unchanged: there the
 * window, not the support, sizes the grid). */
#define PLD_SMALL_T 100

static double
cut_reference(double dref, uint64_t T)
{
    return T <= PLD_SMALL_T ? fmin(1e3 * dref, 1.0) : dref;
}

/* one try's grid (pld_init.c, step 1), kept while a coarser h is tried */
typedef struct {
    double h;
    size_t n;
    int64_t kmin, kmax, K;
    double a_w, b_w;
} sized_grid;

/* lp_pld_init_step, or its choices only (plan_only 1: the work estimate's,
 * pld_plan.c; 2: the epsilon estimate only, pld_estimate_step) */
static int
init(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, double width, size_t max_n,
     double eps_hint, int plan_only)
{
    const lp_dpsgd *run = st->run;
    const lp_pld_mech *mech = pld_mech_of(st->mech);
    const double q = run->q_d, Tf = (double) run->steps;
    const uint64_t T = run->steps;
    /* delta below 1e-300 is refused by the command; here it is held there
     * so that the sizes below stay finite */
    const double dref = run->delta_d > 0 && run->delta_d < 1 ? fmax(run->delta_d, 1e-300) : 1e-5;
    const double eta_ref = 1e-3 * dref;
    loss_sketch sk;
    sized_grid saved = { 0, 0, 0, 0, 0, 0, 0 };
    int have_saved = 0;
    double slack, eps_est, eps_gauss, lam_sad = 0, spread, h, lam_hi, lam_lo, a_w, b_w;
    double lo_cut, hi_cut, ch_hi = 0, ch_lo = 0;
    int have_ch = 0;
    int64_t kmin, kmax, K;
    size_t n;
    arb_ptr mass, G = NULL, F = NULL;

    lp_pld_blank(pld, rel);
    pld->T = T;
    /* q = 1: the Gaussian's closed form (study/pld_full_batch.c); a VMF step's
       loss is bounded at any q (pairs/pld_mech_vmf.c), so its full batch composes here */
    if (T > UINT64_C(1000000000) || (run->q_is_one && st->mech != LP_PLD_VMF) || !(width > 0) || !(q > 0)
        || lp_cancelled()) {
        pld->why = lp_cancelled() ? "interrupted" : "out of the FFT route's range (q in (0, 1), "
            "T <= 1e9, width > 0)";
        return -1;              /* (cancelled: SIGINT/SIGTERM, nothing built) */
    }

    /* 1. choices, in doubles: the grid width and the window */
    if (mech->sketch(&sk, st, rel) != 0) {
        pld->why = "out of memory";
        pld->out_of_memory = 1;
        return -1;
    }
    /* the clamp (the mechanism's choice; tau is certified) */
    mech->cuts(&lo_cut, &hi_cut, st, rel, cut_reference(dref, T));
    eps_gauss = fmax(Tf * sk.mean + sqrt(Tf * sk.var) * sqrt(2 * log(1 / dref)), PLD_EPS_FLOOR);
    eps_est = eps_gauss;
    /* below a share of the Gaussian estimate the width is absolute
     * (leakproof(1): tiny epsilon; pld_width.c) */
    pld->eps_abs_floor = pld_width_floor(eps_gauss);
    /* the point estimates (pld_eps_sketch.c, pld_eps_saddle.c) on the
     * sketch clamped as the grid will be (unclamped, remove's far tail,
     * where the loss exceeds log(1/q), throws the saddlepoint's leading term
     * off by orders; the sketch's composition clamps it the same way) */
    for (size_t i = 0; i < sk.n; i++)
        sk.l[i] = fmin(fmax(sk.l[i], lo_cut), hi_cut);
    if (T <= PLD_SMALL_T && eps_hint <= 0) {
        double e = pld_sketch_epsilon(&sk, T, dref, lo_cut, hi_cut);
        if (e > 0)
            pld->eps_guess = e; /* (also pld_pair.c's gap) */
    }
    if (eps_hint <= 0 && (T > PLD_SMALL_T || plan_only == 2)) {
        double e = pld_saddle_epsilon(&sk, T, dref, &lam_sad);
        pld->eps_saddle = e > 0 && isfinite(e) ? e : 0;
    }
    if (eps_hint <= 0)          /* the best estimate (pld_width.c) */
        eps_est = pld_width_epsilon(T, eps_gauss, pld->eps_guess, pld->eps_saddle);
    if (lp_trace())
        fprintf(lp_trace(), "pld: guesses T %g: gauss %g sketch %g saddle %g; sized for %g\n", Tf,
                eps_gauss, pld->eps_guess, pld->eps_saddle, eps_est);
    if (eps_hint > 0)
        eps_est = fmax(eps_hint, PLD_EPS_FLOOR);
    if (plan_only == 2) {       /* the estimates only (pld_estimate_step) */
        pld->eps_sized = eps_est;
        free(sk.l);
        free(sk.lw);
        return 0;
    }
    /* both relations: the smaller sized for the larger's epsilon
     * or a share of their gap (lp_pld_pair_floors, pld_pair.c): its bracket
     * need only lie below the larger's (a choice: every bound is certified
     * whatever h is) */
    if (eps_hint <= 0 && st->width_eps_floor > eps_est)
        eps_est = st->width_eps_floor;
    pld->eps_sized = eps_est;
    spread = fmin(Tf, 2 * sqrt(Tf * log(1 / eta_ref) / 2));
    h = width * eps_est
        * pld_rounding_share(Tf, dref, width, eps_est, eps_hint > 0 ? 0 : lam_sad, &slack) / spread;
    /* Bounded and cancellable: each try sizes the grid in closed form (the
     * window's width over h, the support over h, both as doubles, checked
     * finite and below max_n before any integer conversion) and, when it is
     * too large, widens h by the ratio (at least 1.02, from the fifth try
     * 1.5) at once, not by trial doubling; a run that no h fits within
     * PLD_SIZE_TRIES is declined with its reason (T too large for the grid: the window grows as T h). */
    for (int tries = 0;; tries++) {
        double need, span_lo, span_hi, mu_try = 0;
        if (tries >= PLD_SIZE_TRIES || lp_cancelled() || !(h > 0) || !isfinite(h)) {
            pld->why = lp_cancelled() ? "interrupted"
                : "no grid within the cap on its points (2^23, or account's --max-grid-size) "
                  "holds this run's window at any width (the composed loss spreads over more "
                  "cells of the step's own resolution): use the RDP accountant";
            free(sk.l);
            free(sk.lw);
            return -1;
        }
        span_lo = lo_cut / h;
        span_hi = hi_cut / h;
        if (!(fabs(span_lo) < (double) max_n * 4 && fabs(span_hi) < (double) max_n * 4)) {
            h *= fmax(1.5, fmax(fabs(span_lo), fabs(span_hi)) / (double) max_n);
            continue;           /* the step's support alone exceeds the grid */
        }
        if (rel == LP_PLD_REMOVE) {
            kmin = (int64_t) ceil(span_lo);
            kmax = (int64_t) ceil(span_hi);
        } else {
            kmin = (int64_t) floor(span_lo);
            kmax = (int64_t) ceil(span_hi);
        }
        K = kmax - kmin + 1;
        /* the window is for S_Y, Y clamped to [l_kmin, l_kmax]: the sketch's
         * loss clamped to the cuts (not to the grid: the rounding is the
         * shift below), so that the Chernoff points see the clamped
         * (lighter) tail, not the true loss's (a choice: pld_window_tails
         * certifies the window) */
        sk.lmax = 0;
        for (size_t i = 0; i < sk.n; i++) {
            sk.l[i] = fmin(fmax(sk.l[i], lo_cut), hi_cut);
            sk.lmax = fmax(sk.lmax, fabs(sk.l[i]));
        }
        /* S_X's Chernoff points, moved to S_Y = S_X + T mu +- t (mu ~ h/2,
         * a guess: the certified tails below check it) */
        {
            double tt = h * sqrt(Tf * log(1e6 / dref) / 2), mu_sk, sw = 0, sr = 0;
            double up, down;
            /* the mean rounding E[Y] - E[X~] on the sketch: ~h/2 where the
             * loss spreads over many cells, far from it where it does not
             * (q = 1e-8: the bulk within a few cells) */
            for (size_t i = 0; i < sk.n; i++) {
                double w = exp(sk.lw[i]);
                sw += w;
                sr += w * (ceil(sk.l[i] / h) * h - sk.l[i]);
            }
            mu_sk = sw > 0 ? fmin(fmax(sr / sw, 0.0), h) : h / 2;
            mu_try = mu_sk;
            /* the window covers both guesses, h/2 (as before) and the
             * sketch's: never narrower than before */
            up = fmin(Tf * h, Tf * fmax(mu_sk, h / 2) + 2 * tt);
            down = fmax(0.0, Tf * fmin(mu_sk, h / 2) - 2 * tt);
            /* S_X~'s Chernoff points do not depend on h (nor do the clamps
             * lo_cut, hi_cut: the same sketch each try): found once (issue
             * 31: a third of a small run's time was their golden sections) */
            if (!have_ch) {
                have_ch = 1;
                /* (remembered from the work estimate's sizing: pld_chernoff_cache.c) */
                pld_chernoff_points(&sk, Tf, log(1e4 / dref), &ch_hi, &lam_hi, &ch_lo, &lam_lo);
            }
            b_w = ch_hi + up + 2 * h;
            a_w = ch_lo + down - 2 * h;
        }
        need = fmax((b_w - a_w) / h + 1, (double) K + 1);
        if (!isfinite(need)) {
            h *= 1.5;           /* a window the doubles could not size: coarser */
            continue;
        }
        if (need <= (double) max_n) {
            n = pld_circle_size(need);  /* need <= max_n: at most log2(max_n) steps */
            /* The FFT's lengths are 2^k and 3 2^k (pld_circle_size): where
             * the h asked needs a little more than the next smaller length
             * and a coarser h within the loose margin would fit it, that h,
             * once (M 1.1, delta 1e-5, q 1e-3, T 1e6, when the lengths were
             * powers of two: n 2^22 -> 2^21, 0.85 -> 0.88 % wide, CPU 0.91
             * -> 0.47 s); kept only where it did shorten n. */
            {
                size_t below = n / 2;   /* the next smaller length */
                if (n % 3 == 0)
                    below = n / 3 * 2;
                else if (pld_circle_size((double) (n / 4 * 3)) == n / 4 * 3)
                    below = n / 4 * 3;
                if (slack > 1 && below > 0 && h * need / (double) below * 1.01 <= h * slack) {
                    saved = (sized_grid) { h, n, kmin, kmax, K, a_w, b_w };
                    have_saved = 1;
                    h *= need / (double) below * 1.01;
                    slack = 1;
                    continue;
                }
            }
            if (have_saved && n >= saved.n) {   /* not shortened: the finer h */
                h = saved.h, n = saved.n, kmin = saved.kmin, kmax = saved.kmax;
                K = saved.K, a_w = saved.a_w, b_w = saved.b_w;
            }
            break;
        }
        /* the span between the two guesses of the mean rounding (h/2 and
         * the sketch's) grows as T h: where it alone exceeds the grid after
         * a few widenings, no width fits (q tiny, T huge: the step's loss
         * within a cell): declined now rather than after every try */
        if (tries >= 2 && Tf * fabs(mu_try - h / 2) / h > (double) max_n)
            tries = PLD_SIZE_TRIES;
        /* the first tries widen h just enough (by at least 1.5, h came out
         * up to 1.5 times coarser than the grid allows: M 1.1, q 1e-4, T 1e7,
         * 1.5 % wide, not 1.08 %), later ones by 1.5 */
        h *= fmax(tries < 4 ? 1.02 : 1.5, 1.02 * need / (double) max_n);
    }
    if (lp_trace())
        fprintf(lp_trace(), "pld: h %g n %zu K %lld a %g b %g lam_hi %g lam_lo %g cuts %g %g\n", h, n,
                (long long) K, a_w, b_w, lam_hi, lam_lo, lo_cut, hi_cut);
    free(sk.l);
    free(sk.lw);
    pld->h = h;
    pld->rounding_width = spread * h;
    pld->n = n;
    pld->ja = (int64_t) floor(a_w / h);
    pld->kmin_h = kmin * h;
    pld->kmax_h = kmax * h;
    pld->support = (size_t) K;
    if (plan_only)              /* the work estimate (pld_plan.c): the choices only */
        return 0;

    /* 2. the masses of Y, certified (pld_grid.c), and the cut tails per step.
     * FLINT's allocations end the process when they fail (leakproof.h): the
     * planned peak (pld_plan.c's model, 48 n + 180 K bytes, with a margin)
     * is tried first as one plain block, so that a host short of memory
     * gets a status instead */
    {
        double want = 1.25 * (48.0 * (double) n + 180.0 * (double) K);
        void *probe = want < 9e15 ? malloc((size_t) want) : NULL;
        if (probe == NULL) {
            pld->why = "out of memory";
            pld->out_of_memory = 1;
            return -1;
        }
        free(probe);
    }
    {
        /* a loose bracket (--width >= 0.5): the Gaussian's blocks at 2^-36 of
         * their least mass, not 2^-52 (pld_grid.h; certified either way) */
        lp_pld_step at = *st;
        if (width >= 0.5)
            at.mass_bits = PLD_MASS_BITS_LOOSE;
        mass = mech->masses(&at, rel, kmin, K, h, &G, &F);
    }
    if (mass == NULL) {
        pld->why = "out of memory";
        pld->out_of_memory = 1;
        return -1;
    }
    if (lp_cancelled()) {       /* SIGINT/SIGTERM: no result */
        _arb_vec_clear(mass, K);
        _arb_vec_clear(G, K > 1 ? K - 1 : 1);
        if (F)
            _arb_vec_clear(F, K > 1 ? K - 1 : 1);
        pld->why = "interrupted";
        return -1;
    }
    mech->cut_tails(pld, st, rel, kmin, kmax, h);

    /* 3. mu = E[Y] - E[X~] enclosed (pld_mean.c); 4. the window's tails (pld_tails.c),
     * the window first sized again from the masses (pld_window_refit.c) */
    pld_mean_rounding(pld, st, rel, mass, kmin, K, h);
    pld_window_refit_tails(pld, st, rel, mass, G, F, kmin, K, lam_hi, lam_lo, dref);
    _arb_vec_clear(G, K > 1 ? K - 1 : 1);
    if (F)
        _arb_vec_clear(F, K > 1 ? K - 1 : 1);

    /* 5 .. 7. the composition and its suffix sums (pld_compose.c's
     * dispatcher: doubles, and x87 extended precision where the double
     * bound exceeds a fifth of delta: long runs at tiny q, where |y_k| ~ 1
     * for many k and the bound grows like T log2(n) u); failed: cancelled or
     * out of memory */
    {
        const arb_srcptr m1 = mass;
        if (lp_cancelled() || pld_compose_best(pld, 1, &T, &m1, &kmin, &K, dref) != 0) {
            _arb_vec_clear(mass, K);
            pld->out_of_memory = !lp_cancelled();
            pld->why = lp_cancelled() ? "interrupted" : "out of memory";
            return -1;
        }
    }
    _arb_vec_clear(mass, K);
    if (lp_cancelled()) {
        pld->why = "interrupted";
        return -1;
    }
    return 0;
}

int
lp_pld_init_step(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, double width,
                 size_t max_n, double eps_hint)
{
    return init(pld, st, rel, width, max_n, eps_hint, 0);
}

int
lp_pld_plan_step(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, double width,
                 size_t max_n, double eps_hint)
{
    return init(pld, st, rel, width, max_n, eps_hint, 1);
}

int
pld_estimate_step(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, double width,
                  size_t max_n)
{
    return init(pld, st, rel, width, max_n, -1, 2);
}

int
lp_pld_init(lp_pld *pld, const lp_dpsgd *run, lp_pld_relation rel, double width, size_t max_n,
            double eps_hint)
{
    lp_pld_step st;
    int r;
    lp_pld_step_init_gauss(&st, run);
    r = init(pld, &st, rel, width, max_n, eps_hint, 0);
    lp_pld_step_clear(&st);
    return r;
}

void
lp_pld_blank(lp_pld *pld, lp_pld_relation rel)
{
    memset(pld, 0, sizeof *pld);
    arb_init(pld->err_fft);
    arb_init(pld->tail);
    arb_init(pld->mu_lo);
    arb_init(pld->mu_hi);
    arb_init(pld->tau_hi);
    arb_init(pld->tau_lo);
    pld->relation = rel;
}

void
lp_pld_clear(lp_pld *pld)
{
    free(pld->A);
    free(pld->B);
    free(pld->C);
    pld->A = pld->B = pld->C = NULL;
    pld_spectral_clear(pld);
    arb_clear(pld->err_fft);
    arb_clear(pld->tail);
    arb_clear(pld->mu_lo);
    arb_clear(pld->mu_hi);
    arb_clear(pld->tau_hi);
    arb_clear(pld->tau_lo);
}
