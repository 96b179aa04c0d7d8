/* t-account.c -- the subsampled-Gaussian RDP accountant: special cases, the
 * two routes (binomial sum and integral) against each other, Monte Carlo of
 * the privacy-loss moment, monotonicity, containment of a high-precision
 * reference, the double methods' failures reported, the least multiplier. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "tap.h"
#include "helpers.h"
#include "account/account.h"

/* RDP of one step at an order, certified, by the sum (integer) or integral. */
static void
rdp_of(arb_t rdp, const char *M, const char *q, const char *alpha, int by_integral, slong prec)
{
    lp_dpsgd run;
    uint64_t integer;
    arb_t a;
    arb_init(a);
    lp_dpsgd_init(&run, M, q, 1, "1e-5");
    lp_order_parse(&integer, alpha);
    lp_decimal_arb(a, alpha, prec + 64);
    if (integer && !by_integral)
        lp_rdp_int_arb(rdp, &run, integer, prec);
    else
        lp_rdp_integral_arb(rdp, &run, a, prec);
    lp_dpsgd_clear(&run);
    arb_clear(a);
}

static void
test_no_subsampling(void)
{
    static const char *const orders[] = { "2", "7", "64", "1000" };
    for (int i = 0; i < 4; i++) {
        arb_t r, x, d;
        arb_init(r); arb_init(x); arb_init(d);
        /* q = 1: alpha/(2M^2) = alpha/1.28 at M = 0.8 */
        rdp_of(r, "0.8", "1", orders[i], 0, 128);
        lp_decimal_arb(x, orders[i], 128);
        arb_div_ui(x, x, 128, 128);
        arb_mul_ui(x, x, 100, 128);
        tap_ok(arb_overlaps(r, x), "q = 1, order %s: RDP = alpha/(2M^2) = %.15g", orders[i], mid_d(r));
        /* the sum itself at q = 1 - 10^-40 tends to it */
        rdp_of(r, "0.8", "0.9999999999999999999999999999999999999999", orders[i], 0, 200);
        arb_sub(d, r, x, 200);
        tap_ok(arb_is_finite(d) && mag_cmp_2exp_si(arb_radref(d), -100) < 0
               && fabs(mid_d(d)) < 1e-30 * strtod(orders[i], NULL) * 1e6,
               "q = 1 - 1e-40, order %s: the binomial sum is alpha/(2M^2) to 30 digits (diff %.3g)",
               orders[i], mid_d(d));
        arb_clear(r); arb_clear(x); arb_clear(d);
    }
}

/* The binomial sum and the integral: two routes, one value. */
static void
test_routes_agree(void)
{
    static const struct { const char *M, *q, *alpha; } c[] = {
        { "0.8", "0.001", "2" }, { "0.8", "0.001", "8" }, { "0.46", "0.01", "5" },
        { "0.2066", "0.001", "3" }, { "1.5", "0.3", "10" }, { "3", "0.9", "32" },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        arb_t s, g;
        arb_init(s); arb_init(g);
        rdp_of(s, c[i].M, c[i].q, c[i].alpha, 0, 128);
        rdp_of(g, c[i].M, c[i].q, c[i].alpha, 1, 128);
        tap_ok(arb_overlaps(s, g) && arb_rel_accuracy_bits(s) > 100 && arb_rel_accuracy_bits(g) > 60,
               "M=%s q=%s order %s: sum %.17g and integral %.17g overlap (%ld, %ld bits)",
               c[i].M, c[i].q, c[i].alpha, mid_d(s), mid_d(g),
               (long) arb_rel_accuracy_bits(s), (long) arb_rel_accuracy_bits(g));
        arb_clear(s); arb_clear(g);
    }
}

/* Monte Carlo of A = E[((1-q) + q exp((2z-1)/(2M^2)))^alpha], z ~ N(0, M^2):
 * an independent route to the moment.  xorshift64* and Box-Muller, fixed seed. */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static double
uniform01(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return ((rng_state * 0x2545f4914f6cdd1du) >> 11) * 0x1.0p-53 + 0x1.0p-54;
}

static void
test_monte_carlo(void)
{
    static const struct { const char *M, *q, *alpha; } c[] = {
        { "1.5", "0.3", "2" }, { "2", "0.5", "3" }, { "1", "0.1", "2" }, { "1.5", "0.3", "2.5" },
    };
    const long n = 400000;
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        double M = strtod(c[i].M, NULL), q = strtod(c[i].q, NULL), a = strtod(c[i].alpha, NULL);
        double sum = 0, sum2 = 0, mean, se, A, z;
        arb_t r;
        arb_init(r);
        for (long j = 0; j < n; j++) {
            double u1 = uniform01(), u2 = uniform01();
            double x = M * sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
            double v = pow((1 - q) + q * exp((2 * x - 1) / (2 * M * M)), a);
            sum += v;
            sum2 += v * v;
        }
        mean = sum / n;
        se = sqrt((sum2 / n - mean * mean) / n);
        rdp_of(r, c[i].M, c[i].q, c[i].alpha, strchr(c[i].alpha, '.') != NULL, 128);
        A = exp((a - 1) * mid_d(r));
        z = (mean - A) / se;
        tap_ok(fabs(z) < 5, "Monte Carlo moment M=%s q=%s order %s: %.6f +- %.2g vs certified %.6f (z = %.2f)",
               c[i].M, c[i].q, c[i].alpha, mean, se, A, z);
        arb_clear(r);
    }
}

/* The accountant's certified epsilon at (M, q, T) over the default orders:
 * the lower and upper ends of the list's minimum (Balle et al.). */
static void
eps_range(double *lo, double *hi, arf_t up, arf_t low, const char *M, const char *q,
          uint64_t T, const char *const *orders, size_t n, slong digits)
{
    lp_dpsgd run;
    lp_account acc;
    lp_dpsgd_init(&run, M, q, T, "1e-5");
    lp_account_init(&acc, orders, n);
    lp_account_eval(&acc, &run, NULL, digits);
    arf_set(up, acc.eps_upper_balle);
    arf_set(low, acc.eps_lower_balle);
    *lo = arf_get_d(low, ARF_RND_DOWN);
    *hi = arf_get_d(up, ARF_RND_UP);
    lp_account_clear(&acc);
    lp_dpsgd_clear(&run);
}

static void
test_monotone(void)
{
    arf_t u1, l1, u2, l2;
    double lo1, hi1, lo2, hi2;
    const char *const *O = lp_orders_default;
    const size_t n = lp_norders_default;
    arf_init(u1); arf_init(l1); arf_init(u2); arf_init(l2);
    /* T: more steps, more epsilon */
    eps_range(&lo1, &hi1, u1, l1, "1.1", "0.01", 1000, O, n, 10);
    eps_range(&lo2, &hi2, u2, l2, "1.1", "0.01", 1001, O, n, 10);
    tap_ok(arf_cmp(u1, l2) < 0, "epsilon increases with T: T=1000 <= %.12g < %.12g <= T=1001", hi1, lo2);
    /* M: more noise, less epsilon */
    eps_range(&lo2, &hi2, u2, l2, "1.1001", "0.01", 1000, O, n, 10);
    tap_ok(arf_cmp(u2, l1) < 0, "epsilon decreases with M: M=1.1001 <= %.12g < %.12g <= M=1.1", hi2, lo1);
    /* q: more sampling, more epsilon */
    eps_range(&lo2, &hi2, u2, l2, "1.1", "0.0101", 1000, O, n, 10);
    tap_ok(arf_cmp(u1, l2) < 0, "epsilon increases with q: q=0.01 <= %.12g < %.12g <= q=0.0101", hi1, lo2);
    /* T = 1 is one step: Balle et al.'s conversion of the one-step RDP */
    {
        static const char *const one[] = { "4" };
        arb_t r, e, t;
        arb_init(r); arb_init(e); arb_init(t);
        eps_range(&lo1, &hi1, u1, l1, "1.1", "0.01", 1, one, 1, 15);
        rdp_of(r, "1.1", "0.01", "4", 0, 128);
        /* eps = rdp + log(3/4) - (log(1e-5) + log 4)/3 */
        arb_set_ui(t, 3);
        arb_div_ui(t, t, 4, 128);
        arb_log(t, t, 128);
        arb_add(e, r, t, 128);
        lp_decimal_arb(t, "1e-5", 128);
        arb_mul_ui(t, t, 4, 128);
        arb_log(t, t, 128);
        arb_div_ui(t, t, 3, 128);
        arb_sub(e, e, t, 128);
        arb_set_arf(t, u1);
        tap_ok(arb_le(e, t) && arf_cmp(l1, arb_midref(e)) <= 0 && hi1 - lo1 < 1e-12,
               "T = 1, order 4: epsilon = RDP + log(3/4) - log(4e-5)/3 = %.15g in [%.15g, %.15g]",
               mid_d(e), lo1, hi1);
        arb_clear(r); arb_clear(e); arb_clear(t);
    }
    arf_clear(u1); arf_clear(l1); arf_clear(u2); arf_clear(l2);
}

/* A 40-digit enclosure lies inside the default (8-digit) one, orders by order. */
static void
test_containment(void)
{
    static const char *const orders[] = { "2", "8", "33", "1.5", "7.9", "1024" };
    lp_dpsgd run;
    lp_dpsgd_init(&run, "0.57", "0.00107", 23250, "1e-5");
    for (int i = 0; i < 6; i++) {
        lp_account_order lo, hi;
        lp_account_order_init(&lo, orders[i]);
        lp_account_order_init(&hi, orders[i]);
        lp_account_order_eval(&lo, &run, NULL, 8);
        lp_account_order_eval(&hi, &run, NULL, strchr(orders[i], '.') ? 25 : 40);
        tap_ok(lo.eps_balle.status == LP_OK && hi.eps_balle.status == LP_OK
               && arb_contains(lo.eps_balle.value, hi.eps_balle.value)
               && arb_contains(lo.eps_classic.value, hi.eps_classic.value)
               && arb_rel_accuracy_bits(hi.eps_balle.value) > 80,
               "order %s: the high-precision epsilon %.17g lies in the 8-digit ball (%ld bits)",
               orders[i], mid_d(hi.eps_balle.value), (long) arb_rel_accuracy_bits(hi.eps_balle.value));
        lp_account_order_clear(&lo);
        lp_account_order_clear(&hi);
    }
    lp_dpsgd_clear(&run);
}

/* The double methods: correct where they work, a status where they fail. */
static void
test_double_methods(void)
{
    static const char *const orders[] = { "2", "64", "1000", "1100", "5000", "2.5" };
    lp_dpsgd run;
    lp_dpsgd_init(&run, "0.7", "0.01", 1000, "1e-5");
    for (int i = 0; i < 6; i++) {
        lp_account_order ref;
        lp_account_order_init(&ref, orders[i]);
        lp_account_order_eval(&ref, &run, NULL, 20);
        for (int k = 0; k < 2; k++) {
            const lp_peer *m = lp_peer_find(k == 0 ? "double" : "logdouble");
            lp_account_order o;
            double e;
            lp_account_order_init(&o, orders[i]);
            lp_account_order_eval(&o, &run, m, 0);
            e = lp_rel_error(&o.eps_balle, &ref.eps_balle);
            if (o.eps_balle.status == LP_OK)
                tap_ok(e >= 0 && e < 1e-9 && arb_is_finite(o.eps_balle.value),
                       "%s at order %s: ok, rel. error %.3g vs arb", m->name, orders[i], e);
            else
                tap_ok(o.eps_balle.note[0] != '\0' && o.rdp_T.status == o.eps_balle.status,
                       "%s at order %s: %s reported (%s)", m->name, orders[i],
                       lp_status_name(o.eps_balle.status), o.eps_balle.note);
            /* where they must fail: Opacus's binomial coefficient past ~1030 */
            if (k == 0 && strcmp(orders[i], "1100") == 0)
                tap_ok(o.eps_balle.status == LP_OVERFLOW,
                       "double at order 1100: C(1100, 550) ~ 1e329 overflows, status %s",
                       lp_status_name(o.eps_balle.status));
            if (k == 1 && strcmp(orders[i], "2.5") == 0)
                tap_ok(o.eps_balle.status == LP_DOMAIN, "logdouble refuses the fractional order 2.5");
            lp_account_order_clear(&o);
        }
        lp_account_order_clear(&ref);
    }
    lp_dpsgd_clear(&run);
    /* a small q: log(1 - q) and log-sum-exp around log A ~ 1e-12 lose digits */
    {
        lp_account_order ref, o;
        double e;
        lp_dpsgd_init(&run, "1", "1e-6", 1, "1e-5");
        lp_account_order_init(&ref, "2");
        lp_account_order_init(&o, "2");
        lp_account_order_eval(&ref, &run, NULL, 20);
        lp_account_order_eval(&o, &run, lp_peer_find("logdouble"), 0);
        e = lp_rel_error(&o.rdp_T, &ref.rdp_T);
        tap_ok(arb_rel_accuracy_bits(ref.rdp_T.value) > 60 && (o.rdp_T.status != LP_OK || e > 1e-6),
               "logdouble at q = 1e-6, order 2: RDP %s, rel. error %.3g (certified %.6g): digits lost, "
               "measured", lp_status_name(o.rdp_T.status), e, mid_d(ref.rdp_T.value));
        lp_account_order_clear(&ref);
        lp_account_order_clear(&o);
        lp_dpsgd_clear(&run);
    }
}

static void
test_least_multiplier(void)
{
    lp_dpsgd run;
    arb_t target;
    arf_t eh, el;
    char *Mh = NULL, *Ml = NULL;
    int below = 0, rc;
    lp_dpsgd_init(&run, "1", "0.01", 1000, "1e-5");
    arb_init(target); arf_init(eh); arf_init(el);
    lp_decimal_arb(target, "2", 128);
    rc = lp_account_least_multiplier(&Mh, &Ml, eh, el, &below, &run, target,
                                     lp_orders_default, lp_norders_default, 0, 3);
    tap_ok(rc == 0 && arf_cmp_si(eh, 2) <= 0 && below && arf_cmp_si(el, 2) > 0,
           "least M for epsilon 2 (q=0.01, T=1000): M=%s gives <= %.10g, M=%s gives >= %.10g",
           Mh ? Mh : "?", arf_get_d(eh, ARF_RND_UP), Ml ? Ml : "?", arf_get_d(el, ARF_RND_DOWN));
    /* round trip: the forward accountant at M_hi agrees */
    if (Mh) {
        arf_t u, l;
        double lo, hi;
        arf_init(u); arf_init(l);
        eps_range(&lo, &hi, u, l, Mh, "0.01", 1000, lp_orders_default, lp_norders_default, 12);
        tap_ok(hi <= 2 && hi >= arf_get_d(eh, ARF_RND_DOWN) - 1e-9,
               "forward accountant at M=%s: epsilon <= %.12g", Mh, hi);
        arf_clear(u); arf_clear(l);
    }
    flint_free(Mh);
    flint_free(Ml);
    arb_clear(target); arf_clear(eh); arf_clear(el);
    lp_dpsgd_clear(&run);
}

int
main(void)
{
    test_no_subsampling();
    test_routes_agree();
    test_monte_carlo();
    test_monotone();
    test_containment();
    test_double_methods();
    test_least_multiplier();
    flint_cleanup();
    return tap_done();
}
