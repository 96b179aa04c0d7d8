/* rero.c -- the run's ReRo bracket: the PLD's profile of the pair that
 * dominates (with z, without z), composed once, and its trade-off point at
 * kappa (account/pld/study/pld_tradeoff.h); at q = 1 for the Gaussian also the closed form.
 *
 * The grid is sized where the bound lies: the infimum sits at the
 * likelihood-ratio threshold eps* of the level-kappa test, which for a run
 * that is nearly mu-GDP (the CLT of Bu, Dong, Long and Su 2020: mu = q
 * sqrt(T (e^{1/M^2} - 1))) is mu Phi^-1(1 - kappa) - mu^2/2; the PLD is told
 * that eps (at least 0.05) and the delta its profile has there.  A choice
 * that moves the bracket's width, never its validity. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <arb_hypgeom.h>
#include "account/pld/study/pld_profile.h"
#include "core/decimal_ops.h"
#include "core/host.h"
#include "numeric/numeric.h"
#include "runbounds/runbounds.h"
#include "account/pld/study/pld_tradeoff.h"


void
lp_rero_init(lp_rero *r)
{
    memset(r, 0, sizeof *r);
    arf_init(r->lo);
    arf_init(r->hi);
    arb_init(r->closed_form);
    r->eps = NAN;
}

void
lp_rero_clear(lp_rero *r)
{
    arf_clear(r->lo);
    arf_clear(r->hi);
    arb_clear(r->closed_form);
}

void
lp_rero_gauss_closed(arb_t r, const arb_t kappa, const arb_t mu, slong prec)
{
    arb_t t, s2;
    arb_init(t);
    arb_init(s2);
    /* Phi^-1(kappa) = -sqrt(2) erfcinv(2 kappa) */
    arb_mul_2exp_si(t, kappa, 1);
    arb_hypgeom_erfcinv(t, t, prec);
    arb_set_ui(s2, 2);
    arb_sqrt(s2, s2, prec);
    arb_mul(t, t, s2, prec);
    arb_sub(t, mu, t, prec);
    lp_normal_cdf_arb(r, t, prec);
    arb_clear(t);
    arb_clear(s2);
}

/* Phi^-1(u) in doubles, 0 < u < 1, by bisection on erfc (a choice of grid) */
static double
quantile_d(double u)
{
    double lo = -40, hi = 40;
    for (int i = 0; i < 200 && hi - lo > 1e-12; i++) {
        const double m = 0.5 * (lo + hi);
        if (0.5 * erfc(-m / sqrt(2.0)) < u)
            lo = m;
        else
            hi = m;
    }
    return 0.5 * (lo + hi);
}

/* the CLT's mu of one Gaussian phase (q = 1: sqrt(T)/M), or NAN */
static double
clt_mu(const lp_runbounds_request *req)
{
    const lp_pld_request *p = &req->pld;
    double M, q, T;
    if (p->nphases > 0 || p->run == NULL || p->run->mech != LP_PLD_GAUSS)
        return NAN;
    M = p->run->par[0].d;
    q = p->run->q.d;
    T = (double) p->run->steps;
    if (!(M > 0) || !(q > 0))
        return NAN;
    return (p->relation == 3 ? 2 : 1) * (q >= 1 ? sqrt(T) / M : q * sqrt(T * expm1(1 / (M * M))));
}

static const char *
pair_words(const lp_runbounds_request *req, int full_batch)
{
    const lp_pld_request *p = &req->pld;
    if (p->nphases > 0)
        return "each phase's pair of the relation (the PLD accountant's), composed over the phases";
    switch (p->run->mech) {
    case LP_PLD_VMF:
        return full_batch ? "VMF(mu) against VMF(-mu) per step (the antipodal pair, proved to dominate one step; "
                            "composition: Zhu, Dong and Wang 2022, cited), T-fold"
                          : "per step (1-q) VMF(-mu) + q VMF(mu) against VMF(-mu) (the antipodal pair, proved to "
                            "dominate one step; subsampling and composition: Zhu, Dong and Wang 2022, cited), T-fold";
    case LP_PLD_LAPLACE:
        return "per step (1-q) L(0, b) + q L(1, b) against L(0, b) in one coordinate, T-fold";
    case LP_PLD_RR:
    case LP_PLD_EPSDELTA:
        return "the step's (eps, delta) pair of four outcomes, subsampled, T-fold";
    default:
        break;
    }
    if (p->relation == 3 && p->fixed_batch)
        return "fixed-size batches without replacement: the tight replace-one pair of pld_mech_fixed_batch.c "
               "(Dong, Roth and Su 2022, Thm 4.2; dominance cited), T-fold";
    if (p->relation == 3)
        return full_batch ? "N(1, (M/2)^2) against N(-1, (M/2)^2) per step: one Gaussian of ratio 2 sqrt(T)/M"
                          : "per step (1-q) N(0, M^2) + q N(1, M^2) against (1-q) N(0, M^2) + q N(-1, M^2) "
                            "(replace-one, symmetric; dominance checked), T-fold";
    return full_batch ? "N(1, M^2) against N(0, M^2) per step, the clip's units: one Gaussian of ratio sqrt(T)/M"
                      : "per step (1-q) N(0, M^2) + q N(1, M^2) against N(0, M^2) (the subsampled Gaussian's "
                        "remove pair: Zhu, Dong and Wang 2022), T-fold";
}

int
lp_rero_run(lp_rero *r, lp_pld_profile *profile, const lp_runbounds_request *req, const arb_t kappa)
{
    lp_pld_request pr = req->pld;
    const double mu = clt_mu(req), kd = arf_get_d(arb_midref(kappa), ARF_RND_NEAR);
    char eps_text[40], delta_text[40];
    const int replace = pr.relation == 3;
    lp_exact eps_x, delta_x;    /* the grid's sizing: the study's own numbers, read here */
    int status = 0;

    memset(profile, 0, sizeof *profile);
    if (isfinite(mu) && mu > 0 && kd < 1) {
        /* size the grid for the level-kappa test's threshold (Gaussian estimate) */
        const double t = quantile_d(1 - kd);
        const double eps_star = mu * t - 0.5 * mu * mu;
        const double e = fmax(eps_star, 0.05);
        const double d = 0.5 * erfc(-(mu / 2 - e / mu) / sqrt(2.0)) - exp(e) * 0.5 * erfc((mu / 2 + e / mu) / sqrt(2.0));
        snprintf(eps_text, sizeof eps_text, "%.6g", e);
        lp_exact_init(&eps_x, eps_text);
        pr.eps = &eps_x;
        if (d > 1e-300 && (pr.delta == NULL || pr.delta->d > d)) {
            snprintf(delta_text, sizeof delta_text, "%.3e", fmax(d * 0.1, 1e-300));
            lp_exact_init(&delta_x, delta_text);
            pr.delta = &delta_x;
        }
    }
    if (pr.delta == NULL) {
        lp_exact_init(&delta_x, "1e-5");
        pr.delta = &delta_x;
    }
    status = lp_pld_profile_init(profile, &pr);
    if (pr.eps == &eps_x)
        lp_exact_clear(&eps_x);
    if (pr.delta == &delta_x)
        lp_exact_clear(&delta_x);
    if (status != 0) {
        r->why = profile->why ? profile->why : "the PLD could not be composed";
        r->out_of_memory = profile->out_of_memory;
        r->interrupted = lp_cancelled();
        return -1;
    }
    r->relation = replace ? "replace" : "remove";
    r->pair = pair_words(req, profile->full_batch || (pr.nphases == 0 && lp_exact_cmp(&pr.run->q, 1, 0) == 0));
    /* a composition whose error bounds (the window's tail, the FFT's) reach 1
       bounds no delta: its trade-off curve would give the vacuous [kappa, 1]
       as if it were the run's (the VMF's full batch at kappa 173, p 13,700,
       T 10: window_tail_bound 6.6e+1211).  pld[0] is the pair the curve is
       taken of (the remove direction, or replace-one's one composition) */
    if (!profile->full_batch && profile->nrel > 0) {
        arb_t err;
        int vacuous;
        arb_init(err);
        arb_add(err, profile->pld[0].tail, profile->pld[0].err_fft, 64);
        arb_sub_ui(err, err, 1, 64);
        vacuous = !arb_is_finite(err) || !arb_is_negative(err);
        arb_clear(err);
        if (vacuous) {
            r->why = "the composition's error bounds (fft_error_bound + window_tail_bound, as account --accountant "
                     "pld prints them) reach 1: its grid bounds no delta, and the trade-off curve says nothing";
            return -1;
        }
    }
    if (lp_pld_profile_tradeoff(r->lo, r->hi, &r->eps, profile, !replace, kappa, -INFINITY, 1e-4) != 0) {
        r->why = "interrupted";
        r->interrupted = 1;
        return -1;
    }
    if (profile->full_batch && pr.nphases == 0 && pr.run->mech == LP_PLD_GAUSS && kd < 1) {
        /* Phi(Phi^-1(kappa) + mu), mu = sqrt(T)/M (replace: the profile's M is halved) */
        arb_t m;
        arb_init(m);
        arb_set_ui(m, profile->run.steps);
        arb_sqrt(m, m, 256);
        arb_div(m, m, profile->run.M, 256);
        lp_rero_gauss_closed(r->closed_form, kappa, m, 256);
        r->closed = 1;
        arb_clear(m);
    }
    return 0;
}
