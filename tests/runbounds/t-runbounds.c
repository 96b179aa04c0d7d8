/* t-runbounds.c -- a run's reconstruction bounds against their closed forms
 * and against the exact attacker on the same run (src/runattack: its own
 * simulation, sharing no code with the PLD), at random runs (each line
 * prints its inputs; LP_TEST_SCALE multiplies the repetitions):
 *   - q = 1, the Gaussian: Phi(Phi^-1(kappa) + mu) inside the certified ReRo
 *     bracket (mu = sqrt(T)/M under add/remove, 2 sqrt(T)/M replace-one),
 *     the bracket from the profile's delta(eps) alone;
 *   - q = 1, two antipodal candidates at the clip: the attacker's success
 *     Phi(sqrt(T)/M) is the bound at kappa = 1/2 (tight) within 4 standard
 *     errors;
 *   - random Poisson runs, n simplex candidates at the clip (half of them
 *     with much noise and few steps, where C kappa < 1): the attacker is
 *     never above the ReRo bracket's upper end, the best (eps, delta) bound,
 *     the Renyi bound, nor the capacity bound (biswas/runs/any-adversary)
 *     beyond 4 standard errors;
 *   - Fisher: an unbiased estimate of the record, the releases' sum over T q,
 *     has an MSE at least p M^2 / (T q) (Monte Carlo, 4 standard errors). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/host.h"
#include "privacy/privacy.h"
#include "runattack/runattack.h"
#include "runbounds/runbounds.h"
#include "tap.h"

static double
Phi(double x)
{
    return 0.5 * erfc(-x / sqrt(2.0));
}

static double
urand(lp_stream *r, double lo, double hi)
{
    return lo + (hi - lo) * lp_stream_uniform(r);
}

static double
up(const arf_t x)
{
    return arf_get_d(x, ARF_RND_UP);
}

/* the request of one Gaussian run (texts in bufs) */
static lp_runbounds_request
request(char *M, char *q, char *kappa, uint64_t T, int relation, uint64_t p)
{
    lp_runbounds_request req;
    memset(&req, 0, sizeof req);
    req.pld = (lp_pld_request) { M, q, "1e-5", NULL, T, relation, 0.01, (size_t) 1 << 22, 6, LP_PLD_GAUSS, NULL, 0,
                                 NULL, 0, NULL, NULL, 0 };
    req.baseline = kappa;
    req.p = p;
    req.digits = 6;
    return req;
}

int
main(void)
{
    const char *env = getenv("LP_TEST_SCALE");
    const int reps = env ? atoi(env) > 0 ? atoi(env) : 1 : 1;
    lp_stream r;
    lp_stream_init(&r, 20250601, 0, 0);

    /* q = 1: the closed form inside the bracket */
    for (int k = 0; k < 4 * reps; k++) {
        char M[32], kap[32];
        const uint64_t T = 1 + lp_stream_below(&r, 1000), n = 2 + lp_stream_below(&r, 999);
        const int relation = k % 3 == 2 ? 3 : 2;
        lp_snprintf(M, sizeof M, "%.4f", urand(&r, 0.3, 20));
        lp_snprintf(kap, sizeof kap, "1/%llu", (unsigned long long) n);
        lp_runbounds_request req = request(M, "1", kap, T, relation, 0);
        lp_rero rr;
        lp_pld_profile pr;
        arb_t kappa;
        arb_init(kappa);
        lp_runbounds_kappa(kappa, kap, 256);
        lp_rero_init(&rr);
        const int rc = lp_rero_run(&rr, &pr, &req, kappa);
        arf_t lo, hi;
        arf_init(lo);
        arf_init(hi);
        arb_get_lbound_arf(lo, rr.closed_form, 256);
        arb_get_ubound_arf(hi, rr.closed_form, 256);
        tap_ok(rc == 0 && rr.closed && arf_cmp(rr.lo, lo) <= 0 && arf_cmp(hi, rr.hi) <= 0
               && up(rr.hi) - arf_get_d(rr.lo, ARF_RND_DOWN) <= 1e-3,
               "q = 1, M = %s, T = %llu, kappa = %s, %s: Phi(Phi^-1(kappa) + mu) = %.8f in the certified bracket "
               "[%.8f, %.8f]", M, (unsigned long long) T, kap, relation == 3 ? "replace-one" : "add/remove",
               arf_get_d(arb_midref(rr.closed_form), ARF_RND_NEAR), arf_get_d(rr.lo, ARF_RND_DOWN), up(rr.hi));
        arf_clear(lo);
        arf_clear(hi);
        lp_pld_profile_clear(&pr);
        lp_rero_clear(&rr);
        arb_clear(kappa);
    }

    /* q = 1, the antipodal pair: the attacker attains the bound */
    for (int k = 0; k < 2 * reps; k++) {
        char M[32];
        const double m = urand(&r, 0.5, 4);
        const uint64_t T = 1 + lp_stream_below(&r, 30);
        double gram[4];
        lp_snprintf(M, sizeof M, "%.4f", m);
        lp_runbounds_request req = request(M, "1", "1/2", T, 2, 0);
        lp_runattack_setup a = { 0 };
        lp_runattack_result res;
        lp_rero rr;
        lp_pld_profile pr;
        arb_t kappa;
        arb_init(kappa);
        lp_runbounds_kappa(kappa, "1/2", 256);
        lp_rero_init(&rr);
        lp_runattack_gram_simplex(gram, 2, 1, 0);
        a = (lp_runattack_setup) { LP_RECON_GAUSS, 100, 2, gram, lp_strtod(M, NULL), 0, 1, T, 8000, 80 + k, 2, 0 };
        const int rc = lp_rero_run(&rr, &pr, &req, kappa) | lp_runattack_estimate(&res, &a);
        const double bound = arf_get_d(arb_midref(rr.closed_form), ARF_RND_NEAR);
        tap_ok(rc == 0 && fabs(res.success - bound) <= 4 * res.success_se
               && fabs(bound - Phi(sqrt((double) T) / lp_strtod(M, NULL))) < 1e-9,
               "q = 1, M = %s, T = %llu, two antipodal candidates: the attacker %.5f +- %.5f attains the ReRo bound "
               "Phi(sqrt(T)/M) = %.5f at kappa = 1/2", M, (unsigned long long) T, res.success, res.success_se, bound);
        lp_pld_profile_clear(&pr);
        lp_rero_clear(&rr);
        arb_clear(kappa);
    }

    /* random Poisson runs: every bound above the exact attacker */
    for (int k = 0; k < 2 * reps; k++) {
        char M[32], q[32], kap[32];
        /* even k: strong leakage; odd k: much noise and few steps, where the
           capacity bound says something */
        const int n = k % 2 ? 4 + (int) lp_stream_below(&r, 5) : 2 + (int) lp_stream_below(&r, 6);
        const uint64_t T = k % 2 ? 1 + lp_stream_below(&r, 5) : 2 + lp_stream_below(&r, 40);
        const uint64_t p = n > 2 ? (uint64_t) n - 1 : 1;
        double gram[64];
        lp_snprintf(M, sizeof M, "%.3f", k % 2 ? urand(&r, 2, 5) : urand(&r, 0.5, 2.5));
        lp_snprintf(q, sizeof q, "%.3f", urand(&r, 0.05, 0.7));
        lp_snprintf(kap, sizeof kap, "1/%d", n);
        lp_runbounds_request req = request(M, q, kap, T, 2, p);
        lp_account_request rdp = { M, q, "1e-5", T, NULL, NULL, 0, 6, 0, NULL, NULL, 0, 0, 0 };
        lp_runattack_setup a;
        lp_runattack_result res;
        lp_rero rr;
        lp_pld_profile pr;
        arb_t kappa, cap;
        arf_t renyi, best_lo, best_hi;
        double at;
        char order[40];
        lp_dpsgd run;
        req.rdp = &rdp;
        arb_init(kappa);
        arb_init(cap);
        arf_init(renyi);
        arf_init(best_lo);
        arf_init(best_hi);
        lp_runbounds_kappa(kappa, kap, 256);
        lp_rero_init(&rr);
        lp_runattack_gram_simplex(gram, n, 1, 0);
        a = (lp_runattack_setup) { LP_RECON_GAUSS, p, n, gram, lp_strtod(M, NULL), 0, lp_strtod(q, NULL), T, 6000,
                                   90 + k, 2, 0 };
        int rc = lp_rero_run(&rr, &pr, &req, kappa);
        rc |= lp_pld_profile_tradeoff(best_lo, best_hi, &at, &pr, 0, kappa, 0.0, 1e-3);
        lp_dpsgd_init(&run, M, q, T, "1e-5");
        rc |= lp_rero_renyi(renyi, order, sizeof order, &run, NULL, kappa, 256);
        lp_dpsgd_clear(&run);
        rc |= lp_run_capacity_upper(cap, &req);
        rc |= lp_runattack_estimate(&res, &a);
        const double s = res.success, e = 4 * res.success_se;
        double c = arf_get_d(arb_midref(cap), ARF_RND_UP) / n;
        c = c < 1 ? c : 1;
        tap_ok(rc == 0 && s <= up(rr.hi) + e && s <= up(best_hi) + e && s <= up(renyi) + e,
               "M = %s, q = %s, T = %llu, %d simplex candidates: the attacker %.5f +- %.5f <= ReRo [%.5f, %.5f], "
               "<= the best eps-delta bound %.5f, <= the Renyi bound %.5f (order %s)", M, q, (unsigned long long) T, n,
               s, res.success_se, arf_get_d(rr.lo, ARF_RND_DOWN), up(rr.hi), up(best_hi), up(renyi), order);
        tap_ok(rc == 0 && s <= c + e, "[biswas/runs/any-adversary] M = %s, q = %s, T = %llu, %d simplex candidates in "
               "p = %llu: the attacker %.5f +- %.5f <= min(1, C kappa) = %.5f (C the run's same-x capacity bound)", M, q,
               (unsigned long long) T, n, (unsigned long long) p, s, res.success_se, c);
        lp_pld_profile_clear(&pr);
        lp_rero_clear(&rr);
        arb_clear(kappa);
        arb_clear(cap);
        arf_clear(renyi);
        arf_clear(best_lo);
        arf_clear(best_hi);
    }

    /* the VMF's full batch (q = 1, composed by the PLD): one step's bracket
       holds the VMF's own certified profile (privacy/), and the attacker on
       two antipodal candidates stays below the ReRo bound at kappa = 1/2 */
    for (int k = 0; k < reps; k++) {
        char kap[32], pt[16];
        const uint64_t p = 3 + lp_stream_below(&r, 20), T = 1 + lp_stream_below(&r, 8);
        lp_snprintf(kap, sizeof kap, "%.3f", urand(&r, 0.5, 4));
        lp_snprintf(pt, sizeof pt, "%llu", (unsigned long long) p);
        lp_runbounds_request req = request(NULL, "1", "1/2", T, 2, p);
        req.pld.mech = LP_PLD_VMF;
        req.pld.kappa = kap;
        req.pld.p = p;
        lp_rero rr;
        lp_pld_profile pr;
        lp_runattack_setup a;
        lp_runattack_result res;
        arb_t kappa, eps, ref, kb;
        arf_t lo, hi;
        double gram[4];
        int inside = 1;
        arb_init(kappa);
        arb_init(eps);
        arb_init(ref);
        arb_init(kb);
        arf_init(lo);
        arf_init(hi);
        lp_runbounds_kappa(kappa, "1/2", 256);
        lp_rero_init(&rr);
        int rc = lp_rero_run(&rr, &pr, &req, kappa);
        if (rc == 0 && T == 1) {
            lp_decimal_arb(kb, kap, 256);
            for (int j = 0; j <= 8; j++) {
                arb_set_d(eps, 2 * lp_strtod(kap, NULL) * j / 8.0);
                lp_pld_profile_delta(lo, hi, &pr, eps);
                lp_vmf_profile_arb(ref, eps, p, kb, 256);
                inside &= arf_cmp(lo, arb_midref(ref)) <= 0 && arf_cmp(arb_midref(ref), hi) <= 0;
            }
        }
        lp_runattack_gram_simplex(gram, 2, 1, 0);
        a = (lp_runattack_setup) { LP_RECON_VMF, p, 2, gram, 0, lp_strtod(kap, NULL), 1, T, 6000, 120 + k, 2, 0 };
        rc |= lp_runattack_estimate(&res, &a);
        tap_ok(rc == 0 && inside && res.success <= up(rr.hi) + 4 * res.success_se,
               "vmf kappa = %s on S^%llu, q = 1, T = %llu (the PLD's full batch): %sthe attacker on two antipodal "
               "candidates %.5f +- %.5f <= ReRo [%.5f, %.5f]", kap, (unsigned long long) p - 1, (unsigned long long) T,
               T == 1 ? "one step's bracket holds the VMF's certified profile at 9 epsilons, " : "", res.success,
               res.success_se, arf_get_d(rr.lo, ARF_RND_DOWN), up(rr.hi));
        lp_pld_profile_clear(&pr);
        lp_rero_clear(&rr);
        arb_clear(kappa);
        arb_clear(eps);
        arb_clear(ref);
        arb_clear(kb);
        arf_clear(lo);
        arf_clear(hi);
    }

    /* Fisher: the unbiased estimate sum_t y_t / (T q) at q < 1 */
    for (int k = 0; k < reps; k++) {
        char M[32], q[32];
        const uint64_t T = 5 + lp_stream_below(&r, 50), p = 1 + lp_stream_below(&r, 5);
        const double m = urand(&r, 0.5, 3), qd = urand(&r, 0.1, 0.9);
        lp_snprintf(M, sizeof M, "%.17g", m);
        lp_snprintf(q, sizeof q, "%.17g", qd);
        lp_runbounds_request req = request(M, q, "1/2", T, 2, p);
        arb_t fis;
        double sum = 0, sum2 = 0;
        const int N = 20000;
        lp_stream s;
        arb_init(fis);
        const int rc = lp_rero_fisher(fis, &req, 256);
        lp_stream_init(&s, 700 + k, 0, 0);
        for (int j = 0; j < N; j++) {
            double e2 = 0;
            for (uint64_t i = 0; i < p; i++) {
                const double x = i == 0 ? 1 : 0;        /* the record at the clip */
                double tot = 0;
                for (uint64_t t = 0; t < T; t++)
                    tot += (lp_stream_uniform(&s) <= qd ? x : 0) + m * lp_stream_normal(&s);
                e2 += (tot / ((double) T * qd) - x) * (tot / ((double) T * qd) - x);
            }
            sum += e2;
            sum2 += e2 * e2;
        }
        const double mse = sum / N, se = sqrt((sum2 / N - mse * mse) / (N - 1));
        const double f = arf_get_d(arb_midref(fis), ARF_RND_NEAR);
        tap_ok(rc == 0 && fabs(f - (double) p * m * m / ((double) T * qd)) <= 1e-12 * f && mse >= f - 4 * se,
               "Fisher: p = %llu, M = %.4f, q = %.4f, T = %llu: the unbiased sum / (T q) has MSE %.5f +- %.5f >= "
               "p M^2 / (T q) = %.5f", (unsigned long long) p, m, qd, (unsigned long long) T, mse, se, f);
        arb_clear(fis);
    }
    return tap_done();
}
