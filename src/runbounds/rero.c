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
    double M, q, T = (double) p->steps;
    uint64_t num, den;
    if (p->nphases > 0 || p->mech != LP_PLD_GAUSS || p->M == NULL)
        return NAN;
    M = lp_strtod(p->M, NULL);
    q = strchr(p->q, '/') && lp_rate_fraction(&num, &den, p->q) == 0 ? (double) num / (double) den
                                                                        : lp_strtod(p->q, NULL);
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
    switch (p->mech) {
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

    memset(profile, 0, sizeof *profile);
    if (isfinite(mu) && mu > 0 && kd < 1) {
        /* size the grid for the level-kappa test's threshold (Gaussian estimate) */
        const double t = quantile_d(1 - kd);
        const double eps_star = mu * t - 0.5 * mu * mu;
        const double e = fmax(eps_star, 0.05);
        const double d = 0.5 * erfc(-(mu / 2 - e / mu) / sqrt(2.0)) - exp(e) * 0.5 * erfc((mu / 2 + e / mu) / sqrt(2.0));
        snprintf(eps_text, sizeof eps_text, "%.6g", e);
        pr.eps = eps_text;
        if (d > 1e-300 && (pr.delta == NULL || lp_strtod(pr.delta, NULL) > d)) {
            snprintf(delta_text, sizeof delta_text, "%.3e", fmax(d * 0.1, 1e-300));
            pr.delta = delta_text;
        }
    }
    if (pr.delta == NULL)
        pr.delta = "1e-5";
    if (lp_pld_profile_init(profile, &pr) != 0) {
        r->why = profile->why ? profile->why : "the PLD could not be composed";
        r->out_of_memory = profile->out_of_memory;
        r->interrupted = lp_cancelled();
        return -1;
    }
    r->relation = replace ? "replace" : "remove";
    r->pair = pair_words(req, profile->full_batch || lp_strtod(pr.q, NULL) == 1);
    if (lp_pld_profile_tradeoff(r->lo, r->hi, &r->eps, profile, !replace, kappa, -INFINITY, 1e-4) != 0) {
        r->why = "interrupted";
        r->interrupted = 1;
        return -1;
    }
    if (profile->full_batch && pr.mech == LP_PLD_GAUSS && pr.nphases == 0 && kd < 1) {
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
