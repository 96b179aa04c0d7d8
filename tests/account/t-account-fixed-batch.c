/* t-account-fixed-batch.c -- fixed-size batches drawn without replacement,
 * replace-one neighbours: the certified RDP bound of Wang, Balle and
 * Kasiviswanathan 2019, Theorem 9 (src/account/rdp/rdp_fixed_batch_arb.c),
 * against the closed cases and an independent route:
 *   (a) q = 1: the bound is the unsampled Gaussian's replace-one RDP, alpha
 *       (2C)^2 / (2 (M C)^2) = 2 alpha / M^2, exactly (the ball contains it);
 *   (b) T = 1 and T steps: the accountant's T-step RDP is T times one step's;
 *   (c) the same sum in doubles, written here from the theorem (log-sum-exp
 *       of log-binomials by lgamma, the joint-convexity bound beside it), at
 *       random (M, q, alpha): the ball's midpoint within 1e-9 relative;
 *   (d) fractional orders: the chord of (a-1) RDP(a) in doubles, same check;
 *   (e) the bound grows with q (each of its two bounds does), and at q = 0.001
 *       its order 2 lies far below the unsampled 4 / M^2 (amplification);
 *   (f) soundness against a pair the mechanism really has: the replaced example's
 *       clipped gradient C e against -C e, every other gradient 0, so the step's
 *       outputs (in units of the noise M C) are P = (1-q) N(0,1) + q N(1/M,1) and
 *       Q = (1-q) N(0,1) + q N(-1/M,1); D_a(P||Q) by quadrature in doubles is a
 *       lower bound on the true RDP, so the certified upper bound must not fall
 *       below it (it would, for instance, with sensitivity C in place of 2C). */
#include <math.h>
#include <string.h>
#include "tap.h"
#include "helpers.h"
#include "account/rdp/rdp.h"
#include "account/rdp/phases.h"
#include "core/host.h"

static double
mid(const arb_t x)
{
    return arf_get_d(arb_midref(x), ARF_RND_NEAR);
}

static void
one_step(arb_t r, const char *M, const char *q, const char *alpha, slong prec)
{
    lp_dpsgd run;
    uint64_t integer = 0;
    arb_t a;
    arb_init(a);
    lp_dpsgd_init(&run, M, q, 1, "1e-5");
    lp_order_parse(&integer, alpha);
    lp_decimal_arb(a, alpha, prec + 64);
    lp_rdp_fixed_batch_arb(r, &run, integer, a, prec);
    arb_clear(a);
    lp_dpsgd_clear(&run);
}

/* (a) */
static void
test_q_one(void)
{
    static const char *const M[] = { "0.5", "1.1", "3", "17.25" };
    static const char *const A[] = { "2", "3", "10", "64", "1024" };
    int bad = 0, n = 0;
    for (size_t i = 0; i < 4; i++)
        for (size_t k = 0; k < 5; k++) {
            arb_t r, ref, m;
            arb_init(r); arb_init(ref); arb_init(m);
            one_step(r, M[i], "1", A[k], 128);
            lp_decimal_arb(m, M[i], 256);
            arb_sqr(m, m, 256);
            arb_set_str(ref, A[k], 256);
            arb_mul_2exp_si(ref, ref, 1);
            arb_div(ref, ref, m, 256);                  /* 2 alpha / M^2 */
            n++;
            if (!arb_overlaps(r, ref) || arb_rel_accuracy_bits(r) < 100) {
                bad++;
                tap_diag("M %s alpha %s: bound %.17g, 2 alpha/M^2 %.17g", M[i], A[k], mid(r), mid(ref));
            }
            arb_clear(r); arb_clear(ref); arb_clear(m);
        }
    tap_ok(bad == 0, "q = 1: the fixed-batch bound is the unsampled Gaussian's replace-one RDP "
           "2 alpha/M^2 (sensitivity 2C), %d (M, alpha) to >= 100 bits", n);
}

/* (b) */
static void
test_steps(void)
{
    static const char *const orders[] = { "2", "5", "32", "2.5" };
    static const uint64_t T[] = { 1, 1000 };
    int bad = 0;
    for (int t = 0; t < 2; t++) {
        lp_dpsgd run;
        lp_account acc;
        lp_dpsgd_init(&run, "1.1", "0.01", T[t], "1e-5");
        run.fixed_batch = 1;
        lp_account_init(&acc, orders, 4);
        lp_account_eval(&acc, &run, NULL, 12);
        for (size_t k = 0; k < 4; k++) {
            arb_t r;
            arb_init(r);
            one_step(r, "1.1", "0.01", orders[k], 256);
            arb_mul_ui(r, r, T[t], 256);
            if (acc.order[k].rdp_T.status != LP_OK || !arb_overlaps(r, acc.order[k].rdp_T.value)) {
                bad++;
                tap_diag("T %llu order %s: accountant %.17g, T x one step %.17g",
                         (unsigned long long) T[t], orders[k], mid(acc.order[k].rdp_T.value), mid(r));
            }
            arb_clear(r);
        }
        lp_account_clear(&acc);
        lp_dpsgd_clear(&run);
    }
    tap_ok(bad == 0, "T = 1 and T = 1000: the accountant's T-step RDP with fixed batches is T "
           "times one step's bound (M 1.1, q 0.01, orders 2, 5, 32, 2.5)");
}

/* (c) the theorem in doubles: (a-1) eps'(a) for integer a */
static double
lse(double x, double y)
{
    return x > y ? x + log1p(exp(y - x)) : y + log1p(exp(x - y));
}

static double
cumulant_double(double M, double q, int a)
{
    const double h = 2.0 / (M * M);
    double logS, jc, lb;
    if (a <= 1)
        return 0.0;
    lb = lgamma(a + 1.0) - lgamma(3.0) - lgamma(a - 1.0);
    logS = 2 * log(q) + lb + fmin(log(4.0) + log(expm1(2 * h)), log(2.0) + 2 * h);
    for (int j = 3; j <= a; j++) {
        lb = lgamma(a + 1.0) - lgamma(j + 1.0) - lgamma(a - j + 1.0);
        logS = lse(logS, log(2.0) + j * log(q) + lb + (double) j * (j - 1) * h);
    }
    /* log(1 + S) = lse(0, log S); joint convexity log(1 + q expm1(x)), x =
       a(a-1)h, written x + log(q + (1-q) e^-x) where e^x would overflow */
    {
        double x = (double) a * (a - 1) * h;
        jc = x > 30 ? x + log(q + (1 - q) * exp(-x)) : log1p(q * expm1(x));
    }
    return fmin(lse(0.0, logS), jc);
}

static void
test_doubles(void)
{
    flint_rand_t st;
    long iters = test_iterations(60);
    int bad = 0, integer_n = 0, frac_n = 0;
    double worst = 0;
    test_rand_init(st);
    for (long it = 0; it < iters; it++) {
        char Mt[32], qt[32], at[32];
        int frac = it % 3 == 2;
        int a = 2 + (int) n_randint(st, 90);
        double M = 0.6 + n_randint(st, 4000) / 1000.0;          /* 0.6 .. 4.6 */
        double q = (1 + n_randint(st, 999)) / 10000.0;          /* 1e-4 .. 0.0999 */
        double ref, got;
        arb_t r;
        if (it % 7 == 0)
            q = (1 + n_randint(st, 99)) / 100.0;                /* up to 0.99 */
        snprintf(Mt, sizeof Mt, "%.3f", M);
        snprintf(qt, sizeof qt, "%.4f", q);
        if (frac) {
            int tenths = 1 + (int) n_randint(st, 9);
            snprintf(at, sizeof at, "%d.%d", a - 1, tenths);    /* 1.1 .. 90.9 */
            double tau = tenths / 10.0, af = (a - 1) + tau;
            ref = ((1 - tau) * cumulant_double(M, q, a - 1) + tau * cumulant_double(M, q, a))
                  / (af - 1);
            frac_n++;
        } else {
            snprintf(at, sizeof at, "%d", a);
            ref = cumulant_double(M, q, a) / (a - 1);
            integer_n++;
        }
        arb_init(r);
        one_step(r, Mt, qt, at, 128);
        got = mid(r);
        if (!(fabs(got - ref) <= 1e-9 * fabs(ref)) || !arb_is_finite(r)) {
            bad++;
            tap_diag("M %s q %s alpha %s: arb %.17g, doubles %.17g", Mt, qt, at, got, ref);
        }
        if (fabs(got - ref) / fabs(ref) > worst)
            worst = fabs(got - ref) / fabs(ref);
        arb_clear(r);
    }
    flint_randclear(st);
    tap_ok(bad == 0, "Theorem 9 (min joint convexity) in doubles by log-sum-exp agrees with the "
           "certified ball to 1e-9: %d integer and %d fractional orders at random M in [0.6, 4.6], "
           "q in [1e-4, 0.99] (worst %.2g)", integer_n, frac_n, worst);
}

/* (e) */
static void
test_monotone(void)
{
    static const char *const q[] = { "0.001", "0.01", "0.1", "0.5", "0.9", "1" };
    static const char *const A[] = { "2", "8", "64", "3.5" };
    int bad = 0, below = 1;
    for (size_t k = 0; k < 4; k++) {
        arb_t prev, r;
        arb_init(prev); arb_init(r);
        for (size_t i = 0; i < 6; i++) {
            one_step(r, "1.1", q[i], A[k], 128);
            if (i > 0 && !arb_le(prev, r)) {
                bad++;
                tap_diag("alpha %s: q %s gives %.17g < q %s's %.17g", A[k], q[i], mid(r), q[i - 1],
                         mid(prev));
            }
            if (i == 0 && k == 0) {     /* order 2, q = 0.001 against 2 alpha/M^2 */
                double full = 2 * lp_strtod(A[k], NULL) / (1.1 * 1.1);
                below = below && mid(r) < 0.01 * full;
            }
            arb_swap(prev, r);
        }
        arb_clear(prev); arb_clear(r);
    }
    tap_ok(bad == 0, "the bound increases with q = 0.001 .. 1 at orders 2, 8, 64, 3.5 (M 1.1), "
           "certainly (ball comparisons)");
    tap_ok(below, "amplification: at q = 0.001 the order-2 bound is below 1%% of the unsampled 4/M^2");
}

/* (f) D_a(P||Q) by the trapezoid rule in log space on [-40, 80] */
static double
renyi_pair(double M, double q, double a)
{
    const double h = 0.002, mu = 1.0 / M;
    double acc = -INFINITY;
    for (double y = -40; y <= 80; y += h) {
        double l0 = -0.5 * y * y, lp = -0.5 * (y - mu) * (y - mu), lq = -0.5 * (y + mu) * (y + mu);
        double logp = lse(log1p(-q) + l0, log(q) + lp), logq = lse(log1p(-q) + l0, log(q) + lq);
        acc = lse(acc, a * logp + (1 - a) * logq);
    }
    /* times h / sqrt(2 pi) */
    return (acc + log(h) - 0.5 * log(2 * M_PI)) / (a - 1);
}

static void
test_lower_pair(void)
{
    static const char *const M[] = { "1.1", "2", "5" }, *const q[] = { "0.01", "0.1", "0.5" },
                      *const A[] = { "2", "3", "8" };
    int bad = 0, n = 0;
    double lo_ratio = INFINITY, hi_ratio = 0;
    char worst[200] = "";
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++) {
                arb_t r;
                double lower, ratio;
                arb_init(r);
                one_step(r, M[i], q[j], A[k], 128);
                lower = renyi_pair(lp_strtod(M[i], NULL), lp_strtod(q[j], NULL), lp_strtod(A[k], NULL));
                ratio = mid(r) / lower;
                n++;
                if (!(mid(r) >= lower * (1 - 1e-6))) {
                    bad++;
                    tap_diag("M %s q %s alpha %s: bound %.17g below the pair's D_a %.17g", M[i], q[j],
                             A[k], mid(r), lower);
                }
                lo_ratio = fmin(lo_ratio, ratio);
                if (ratio > hi_ratio)
                    snprintf(worst, sizeof worst, "M %s q %s alpha %s: %.6g against %.6g", M[i],
                             q[j], A[k], mid(r), lower);
                hi_ratio = fmax(hi_ratio, ratio);
                arb_clear(r);
            }
    tap_ok(bad == 0, "the bound is never below D_a of the pair (1-q)N(0,1)+qN(+-1/M,1) by quadrature, "
           "%d (M, q, alpha) in {1.1, 2, 5} x {0.01, 0.1, 0.5} x {2, 3, 8}: bound / pair in "
           "[%.3g, %.3g]", n, lo_ratio, hi_ratio);
    tap_diag("loosest: %s", worst);
}

int
main(void)
{
    test_q_one();
    test_steps();
    test_doubles();
    test_monotone();
    test_lower_pair();
    flint_cleanup();
    return tap_done();
}
