/* pld_window_refit.c -- the window sized again once the step's masses are
 * in (pld_init.c, between the mean rounding and the window's tails).
 * Contract in pld_init.h.  A choice in doubles: the window's tails are
 * certified afterwards for whatever window this leaves (pld_tails.c), and
 * pld_init.c keeps the first window where they come out large.
 *
 * Step 1 sizes the window before any mass exists: the sketch's Chernoff
 * points of S_X, moved by T times a guess of the mean rounding (both h/2
 * and the sketch's, the window spanning the two) plus twice a Hoeffding
 * margin.  At tiny q and large T the span between the guesses is most of
 * it (q 1e-5, T 1e7, M 1.1: 1.0 wide where S_Y's own tails at the same
 * probability leave 0.46; 2^18 points instead of 2^17).  Here the window
 * is sized from the discretised step's own generating function, at the
 * lambdas the certified tails will use: b with T log m(lam_hi) - lam_hi b
 * = log eta, a - h with T log m(-lam_lo) + lam_lo (a - h) = log eta, which
 * is what pld_tails.c's bound from the masses then certifies (up to the
 * masses' radii) -- eta the probability step 1 sized each side for. */
#include <math.h>
#include <stdio.h>
#include "account/pld/init/pld_init.h"
#include "account/pld/compose/pld_compose.h"
#include "account/pld/bounds/pld_bounds.h"
#include "core/host.h"

/* log sum_i m_i e^{t h (kmin + i)}, the masses' midpoints in doubles
 * (pld_abs_up_d: the top limb, not arf_get_d's 300 instructions), one pass
 * from the end where the weight is largest, each weight the last times
 * e^{-|t| h}; rescaled by 2^900 while the sum so far is below 2^-100, else
 * stopped where the weights fall below 2^-900 (the rest then below 2^-800
 * of the sum); NAN where the sum is 0 */
static double
log_gf(arb_srcptr mass, int64_t kmin, int64_t K, double t, double h)
{
    const int up = t > 0;
    const double r = exp(-fabs(t) * h);
    double c = t * h * (double) (up ? kmin + K - 1 : kmin), w = 1, s = 0;
    for (int64_t j = 0; j < K; j++) {
        s += pld_abs_up_d(arb_midref(mass + (up ? K - 1 - j : j))) * w;
        w *= r;
        if (w < 0x1p-900) {
            if (s > 0x1p-100)
                break;
            s *= 0x1p900;
            w *= 0x1p900;
            c -= 900 * M_LN2;
        }
    }
    return s > 0 && isfinite(s) ? c + log(s) : NAN;
}

int
pld_window_refit(lp_pld *pld, arb_srcptr mass, int64_t kmin, int64_t K, double lam_hi,
                 double lam_lo, double log_inv_eta)
{
    const double h = pld->h, Tf = (double) pld->T;
    const int64_t ja_old = pld->ja, jb_old = pld->ja + (int64_t) pld->n;
    const double a_old = (double) ja_old * h, b_old = (double) jb_old * h;
    double lg_hi, lg_lo, a_w, b_w, need;
    size_t n;

    if (!(lam_hi > 0) || !(lam_lo > 0) || !isfinite(lam_hi) || !isfinite(lam_lo)
        || pld_circle_size((double) K + 1) >= pld->n)
        return 0;               /* (the support alone fills any shorter circle) */
    lg_hi = log_gf(mass, kmin, K, lam_hi, h);
    lg_lo = log_gf(mass, kmin, K, -lam_lo, h);
    if (!isfinite(lg_hi) || !isfinite(lg_lo))
        return 0;
    /* two cells' margin either side, as step 1's; never outside its window */
    b_w = fmin((Tf * lg_hi + log_inv_eta) / lam_hi + 2 * h, b_old);
    a_w = fmax(-(Tf * lg_lo + log_inv_eta) / lam_lo - h, a_old);
    need = fmax((b_w - a_w) / h + 1, (double) K + 1);
    if (!isfinite(need) || !(need < (double) pld->n))
        return 0;
    n = pld_circle_size(need);
    if (n >= pld->n)
        return 0;               /* not shortened: step 1's window, its records */
    /* the circle's points beyond need, half each side */
    pld->ja = (int64_t) floor(a_w / h - 0.5 * ((double) n - need));
    if (pld->ja < ja_old)
        pld->ja = ja_old;
    if (pld->ja + (int64_t) n > jb_old)
        pld->ja = jb_old - (int64_t) n;
    pld->n = n;
    return 1;
}

/* pld->tail's upper end at most bound */
static int
tail_below(const lp_pld *pld, double bound)
{
    arf_t u;
    int r;
    arf_init(u);
    arb_get_ubound_arf(u, pld->tail, 64);
    r = arb_is_finite(pld->tail) && arf_cmp_d(u, bound) <= 0;
    arf_clear(u);
    return r;
}

void
pld_window_refit_tails(lp_pld *pld, const lp_pld_step *st, lp_pld_relation rel, arb_srcptr mass,
                       arb_srcptr G, arb_srcptr F, int64_t kmin, int64_t K, double lam_hi,
                       double lam_lo, double dref)
{
    const int64_t ja1 = pld->ja;
    const size_t n1 = pld->n;
    /* (log(1e4 / dref): step 1's Chernoff points' eta, pld_init.c) */
    const int refit = pld_window_refit(pld, mass, kmin, K, lam_hi, lam_lo, log(1e4 / dref));
    pld_window_tails(pld, st, rel, mass, G, F, kmin, K, lam_hi, lam_lo, dref);
    if (refit && !tail_below(pld, 1e-3 * dref)) {
        /* the masses' radii: their bound is not what the doubles saw */
        if (lp_trace())
            fprintf(lp_trace(), "pld: window refit undone (n %zu: its tails above 1e-3 delta)\n",
                    pld->n);
        pld->ja = ja1;
        pld->n = n1;
        pld_window_tails(pld, st, rel, mass, G, F, kmin, K, lam_hi, lam_lo, dref);
    } else if (refit && lp_trace())
        fprintf(lp_trace(), "pld: window refit: n %zu -> %zu, a %g\n", n1, pld->n,
                (double) pld->ja * pld->h);
}
