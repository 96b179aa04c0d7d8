/* t-account-vmf.c -- DP-SGD with the VMF mechanism, accounted by Zhu and
 * Wang's Poisson-subsampled RDP bound (src/account/rdp/vmf_account.c,
 * rdp_poisson_general_arb.c), against independent routes:
 *   (a) q = 1: the bound is T times the VMF's own Renyi divergence, exactly;
 *   (b) Monte Carlo of the subsampled, T-step privacy loss at p = 3, 5 (the
 *       antipodal pair; remove and add directions): the certified
 *       RDP-derived delta is never below the estimate (4 standard errors);
 *   (c) the general bound applied to the Gaussian's RDP (l / (2 M^2)) is
 *       never below the Gaussian's exact subsampled RDP (lp_rdp_int_arb),
 *       order by order, at random q and M. */
#include <math.h>
#include <string.h>
#include "tap.h"
#include "helpers.h"
#include "account/rdp/vmf_account.h"
#include "privacy/privacy.h"
#include "mc/stream.h"
#include "vmf-draws.h"

static double
mid(const arb_t x)
{
    return arf_get_d(arb_midref(x), ARF_RND_NEAR);
}

/* the VMF's step of texts, read as the command line reads them (the
 * accountant takes values); vmf_step_clear after */
typedef struct {
    lp_vmf_step v;
    lp_exact kappa, sens;
} vmf_step;

static void
vmf_step_init(vmf_step *s, const char *kappa, uint64_t p, const char *sens)
{
    lp_exact_init(&s->kappa, kappa);
    lp_exact_init(&s->sens, sens);
    s->v.kappa = &s->kappa;
    s->v.p = p;
    s->v.sensitivity = sens ? &s->sens : NULL;
}

static void
vmf_step_clear(vmf_step *s)
{
    lp_exact_clear(&s->kappa);
    lp_exact_clear(&s->sens);
}

/* (a) q = 1 */
static void
test_q_one(void)
{
    static const char *const orders[] = { "2", "3", "7", "64", "1024" };
    static const struct { const char *kappa; uint64_t p; const char *sens; uint64_t T; } c[] = {
        { "2", 5, NULL, 3 }, { "173", 13700, NULL, 1000 }, { "0.5", 3, "0.3", 7 }, { "40", 100, NULL, 1 } };
    int bad = 0, n = 0;
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        lp_dpsgd run;
        lp_account acc;
        vmf_step v;
        char T[32];
        vmf_step_init(&v, c[i].kappa, c[i].p, c[i].sens);
        snprintf(T, sizeof T, "%llu", (unsigned long long) c[i].T);
        lp_dpsgd_init(&run, "1", "1", c[i].T, "1e-5");
        lp_account_init(&acc, orders, 5);
        lp_account_vmf_eval(&acc, NULL, &run, &v.v, 12);
        for (size_t k = 0; k < 5; k++) {
            arb_t ref, a, K, D;
            slong prec = acc.order[k].rdp_T.prec;
            arb_init(ref); arb_init(a); arb_init(K); arb_init(D);
            lp_decimal_arb(K, c[i].kappa, prec + 64);
            lp_decimal_arb(D, c[i].sens ? c[i].sens : "2", prec + 64);
            arb_set_str(a, orders[k], prec);
            lp_vmf_renyi_arb(ref, a, c[i].p, K, D, prec + 16);
            arb_mul_ui(ref, ref, c[i].T, prec);
            n++;
            /* the same ball: the route at q = 1 is T eps(alpha), nothing else */
            if (acc.order[k].rdp_T.status != LP_OK || !arb_overlaps(ref, acc.order[k].rdp_T.value)
                || !(fabs(mid(ref) - mid(acc.order[k].rdp_T.value)) <= 1e-10 * fabs(mid(ref)))) {
                bad++;
                tap_diag("kappa %s p %llu T %s order %s: account %.17g, T D_alpha %.17g", c[i].kappa,
                         (unsigned long long) c[i].p, T, orders[k], mid(acc.order[k].rdp_T.value), mid(ref));
            }
            arb_clear(ref); arb_clear(a); arb_clear(K); arb_clear(D);
        }
        lp_account_clear(&acc);
        lp_dpsgd_clear(&run);
        vmf_step_clear(&v);
    }
    tap_ok(bad == 0, "q = 1: the vmf accountant's T-step RDP equals T D_alpha of the VMF (dp vmf "
           "--order), %d orders x runs (p up to 13700, kappa up to 173, sensitivity 0.3 and 2)", n);
}

/* ---- (b) Monte Carlo ---------------------------------------------------------- */

/* One step of the subsampled antipodal pair.  P0 = VMF(mu) (the example
 * absent), P1 = VMF(-mu); present with probability q: Q = (1-q) P0 + q P1.
 * With t = mu.y, Q/P0 = (1-q) + q e^{-2 kappa t}.
 *   remove (Q || P0): y ~ Q, L = log(Q/P0);
 *   add    (P0 || Q): y ~ P0, L = -log(Q/P0). */
static double
step_loss(lp_stream *r, double kappa, int p, double q, int add)
{
    double t = vmf_draw_t(r, kappa, p), lr;
    if (!add && lp_stream_uniform(r) < q)
        t = -t;                         /* drawn from P1 */
    lr = log1p(q * expm1(-2.0 * kappa * t));
    return add ? -lr : lr;
}

#define MC_N 100000

/* The certified delta at eps from the run's RDP: the least over the orders of
 * Balle et al.'s conversion (each an upper bound on delta(eps)). */
static double
rdp_delta_upper(const lp_account *acc, double eps)
{
    double best = INFINITY;
    arb_t d, a, e;
    arb_init(d); arb_init(a); arb_init(e);
    arb_set_d(e, eps);
    for (size_t i = 0; i < acc->norders; i++) {
        if (acc->order[i].rdp_T.status != LP_OK)
            continue;
        arb_set_str(a, acc->order[i].alpha, 128);
        lp_dp_rdp_to_delta(d, acc->order[i].rdp_T.value, a, e, 128);
        if (arb_is_finite(d)) {
            double u = arf_get_d(arb_midref(d), ARF_RND_UP) + mag_get_d(arb_radref(d));
            best = fmin(best, u);
        }
    }
    arb_clear(d); arb_clear(a); arb_clear(e);
    return best;
}

static void
test_mc(void)
{
    static const int ps[] = { 3, 5 };
    static const uint64_t Ts[] = { 1, 2, 5 };
    static const char *const kappas[] = { "1", "3" };
    static const char *const qs[] = { "0.1", "0.5" };
    int bad = 0, n = 0, nontrivial = 0;
    double zmin = INFINITY, ratio_max = 0;
    lp_stream r;
    for (size_t ip = 0; ip < 2; ip++)
        for (size_t iT = 0; iT < 3; iT++)
            for (size_t ik = 0; ik < 2; ik++)
                for (size_t iq = 0; iq < 2; iq++) {
                    lp_dpsgd run;
                    lp_account acc;
                    vmf_step v;
                    double kap = atof(kappas[ik]), q = atof(qs[iq]), eps[2];
                    vmf_step_init(&v, kappas[ik], (uint64_t) ps[ip], NULL);
                    lp_dpsgd_init(&run, "1", qs[iq], Ts[iT], "0.05");
                    lp_account_init(&acc, lp_orders_default, lp_norders_default);
                    lp_account_vmf_eval(&acc, NULL, &run, &v.v, 8);
                    vmf_step_clear(&v);
                    /* the certified epsilon at delta = 0.05, and eps = 1 */
                    eps[0] = arf_get_d(acc.eps_upper_balle, ARF_RND_UP);
                    eps[1] = 1.0;
                    for (int add = 0; add < 2; add++) {
                        mc_mean a[2];
                        memset(a, 0, sizeof a);
                        lp_stream_init(&r, 1000 + 64 * ip + 16 * iT + 4 * ik + 2 * iq + add,
                                       LP_STREAM_CHECKS, 0);
                        for (long k = 0; k < MC_N; k++) {
                            double L = 0;
                            for (uint64_t s = 0; s < Ts[iT]; s++)
                                L += step_loss(&r, kap, ps[ip], q, add);
                            for (int j = 0; j < 2; j++)
                                mc_mean_add(&a[j], L > eps[j] ? -expm1(eps[j] - L) : 0.0);
                        }
                        for (int j = 0; j < 2; j++) {
                            double up = rdp_delta_upper(&acc, eps[j]), est = mc_mean_value(&a[j]),
                                   se = mc_mean_se(&a[j]), z = se > 0 ? (up - est) / se : INFINITY;
                            n++;
                            nontrivial += up < 1;
                            zmin = fmin(zmin, z);
                            if (est > 0)
                                ratio_max = fmax(ratio_max, est / up);
                            if (!(up >= est - 4 * se)) {
                                bad++;
                                tap_diag("p %d T %llu kappa %g q %g %s eps %.6g: certified delta %.6g "
                                         "< MC %.6g +- %.3g", ps[ip], (unsigned long long) Ts[iT], kap,
                                         q, add ? "add" : "remove", eps[j], up, est, se);
                            }
                        }
                    }
                    lp_account_clear(&acc);
                    lp_dpsgd_clear(&run);
                }
    tap_ok(bad == 0 && nontrivial >= n / 2, "Monte Carlo of the subsampled T-step privacy loss (p = 3, 5; "
           "T = 1, 2, 5; kappa 1, 3; q 0.1, 0.5; remove and add; %d samples each, seeded): the "
           "certified RDP delta >= the estimate - 4 s.e. at %d points (%d below 1; least margin "
           "%.3g s.e.; the estimate reaches %.3g of the bound)", MC_N, n, nontrivial, zmin, ratio_max);
}

/* (b') the lower value is the exact remove-direction RDP of the antipodal
 * pair: e^{(alpha-1) D} = E_{t ~ P0}[(1 - q + q e^{-2 kappa t})^alpha], by Monte
 * Carlo, two-sided; and lower <= upper at every order */
static void
test_mc_lower(void)
{
    static const struct { int p; double kappa; const char *kt, *q; uint64_t alpha; } c[] = {
        { 3, 1, "1", "0.3", 2 }, { 3, 1, "1", "0.3", 4 }, { 5, 0.5, "0.5", "0.5", 3 }, { 5, 2, "2", "0.05", 5 } };
    int bad = 0, bad_order = 0, n = 0;
    double zmax = 0;
    lp_stream r;
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        char A[8];
        const char *orders[1] = { A };
        lp_dpsgd run;
        lp_account acc;
        vmf_step v;
        arb_struct *lo = _arb_vec_init(1);
        mc_mean a;
        double q = atof(c[i].q), want, z;
        memset(&a, 0, sizeof a);
        snprintf(A, sizeof A, "%llu", (unsigned long long) c[i].alpha);
        lp_dpsgd_init(&run, "1", c[i].q, 1, "1e-5");
        lp_account_init(&acc, orders, 1);
        vmf_step_init(&v, c[i].kt, (uint64_t) c[i].p, NULL);
        lp_account_vmf_eval(&acc, lo, &run, &v.v, 10);
        vmf_step_clear(&v);
        lp_stream_init(&r, 3000 + i, LP_STREAM_CHECKS, 0);
        for (long k = 0; k < 4 * MC_N; k++) {
            double t = vmf_draw_t(&r, c[i].kappa, c[i].p);
            mc_mean_add(&a, pow(1 - q + q * exp(-2 * c[i].kappa * t), (double) c[i].alpha));
        }
        want = exp((double) (c[i].alpha - 1) * mid(lo));
        z = fabs(mc_mean_value(&a) - want) / mc_mean_se(&a);
        zmax = fmax(zmax, z);
        n++;
        if (!(z < 4.5)) {
            bad++;
            tap_diag("p %d kappa %g q %g order %llu: exp((alpha-1) lower) %.10g, MC %.10g +- %.3g",
                     c[i].p, c[i].kappa, q, (unsigned long long) c[i].alpha, want, mc_mean_value(&a), mc_mean_se(&a));
        }
        if (arb_gt(lo, acc.order[0].rdp_T.value))
            bad_order++;
        _arb_vec_clear(lo, 1);
        lp_account_clear(&acc);
        lp_dpsgd_clear(&run);
    }
    tap_ok(bad == 0 && bad_order == 0, "the lower value is the antipodal pair's exact remove-direction "
           "RDP: Monte Carlo of E[(1 - q + q e^{-2 kappa t})^alpha] at %d points (p = 3, 5; %d samples "
           "each) within 4.5 s.e. (largest %.2f), and never above the upper bound", n, 4 * MC_N, zmax);
}

/* ---- (c) the Gaussian --------------------------------------------------------- */

static void
test_gauss(flint_rand_t state)
{
    const long iters = test_iterations(60);
    int bad = 0, n = 0, strict = 0, bad_lower = 0;
    for (long it = 0; it < iters; it++) {
        char qt[32], Mt[32];
        uint64_t alpha = 2 + n_randint(state, 63);
        lp_dpsgd run;
        arb_struct *eps;
        arb_t exact, gen, M2, lower;
        slong prec = 64 + n_randint(state, 200);
        snprintf(qt, sizeof qt, "0.%04lu", 1 + (unsigned long) n_randint(state, 9999));
        snprintf(Mt, sizeof Mt, "%lu.%02lu", (unsigned long) n_randint(state, 5),
                 (unsigned long) (30 + n_randint(state, 70)));
        lp_dpsgd_init(&run, Mt, qt, 1, "1e-5");
        eps = _arb_vec_init((slong) alpha + 1);
        arb_init(exact); arb_init(gen); arb_init(M2); arb_init(lower);
        arb_sqr(M2, run.M, prec);
        for (uint64_t l = 2; l <= alpha; l++) {      /* the Gaussian's RDP: l / (2 M^2) */
            arb_set_ui(eps + l, l);
            arb_div(eps + l, eps + l, M2, prec);
            arb_mul_2exp_si(eps + l, eps + l, -1);
        }
        lp_rdp_poisson_general_arb(gen, lower, run.q, run.q_is_one, alpha, eps, prec);
        lp_rdp_int_arb(exact, &run, alpha, prec);
        n++;
        if (arb_lt(gen, exact)) {
            bad++;
            tap_diag("q %s M %s order %llu: general bound %.17g < exact %.17g", qt, Mt,
                     (unsigned long long) alpha, mid(gen), mid(exact));
        }
        strict += arb_gt(gen, exact);
        /* the lower value is the remove direction's exact RDP: for the
           Gaussian, Mironov et al.'s sum itself */
        if (!arb_overlaps(lower, exact) || arb_rel_accuracy_bits(lower) < prec / 2) {
            bad_lower++;
            tap_diag("q %s M %s order %llu: lower %.17g, exact %.17g", qt, Mt,
                     (unsigned long long) alpha, mid(lower), mid(exact));
        }
        _arb_vec_clear(eps, (slong) alpha + 1);
        arb_clear(exact); arb_clear(gen); arb_clear(M2); arb_clear(lower);
        lp_dpsgd_clear(&run);
    }
    tap_ok(bad == 0, "Zhu-Wang's general bound on the Gaussian's RDP >= the Gaussian's exact "
           "subsampled RDP, %d random (q, M, order) (%d certainly above)", n, strict);
    tap_ok(bad_lower == 0, "the general lower value (c_l = 1) on the Gaussian's RDP equals its exact "
           "subsampled RDP (Mironov et al.'s sum, lp_rdp_int_arb): %d random (q, M, order), balls overlap", n);
}

/* refusals of the accountant's own: fractional and huge orders fail with
 * status domain, the others still give the minimum */
static void
test_domain(void)
{
    static const char *const orders[] = { "2.5", "20000", "8" };
    lp_dpsgd run;
    lp_account acc;
    vmf_step v;
    vmf_step_init(&v, "2", 5, NULL);
    lp_dpsgd_init(&run, "1", "0.01", 10, "1e-5");
    lp_account_init(&acc, orders, 3);
    lp_account_vmf_eval(&acc, NULL, &run, &v.v, 6);
    vmf_step_clear(&v);
    tap_ok(acc.order[0].eps_balle.status == LP_DOMAIN && acc.order[1].eps_balle.status == LP_DOMAIN
           && acc.order[2].eps_balle.status == LP_OK && acc.best_balle == 2 && acc.nfailed == 2,
           "vmf orders: fractional 2.5 and 20000 refused (domain), 8 evaluated and the minimum");
    lp_account_clear(&acc);
    lp_dpsgd_clear(&run);
}

int
main(void)
{
    flint_rand_t state;
    test_rand_init(state);
    test_q_one();
    test_mc();
    test_mc_lower();
    test_gauss(state);
    test_domain();
    flint_randclear(state);
    flint_cleanup();
    return tap_done();
}
