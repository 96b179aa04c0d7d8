/* t-account-random.c -- the RDP accountant at random inputs, in Arb's style:
 * random multiplier M, sampling rate q, order alpha, steps T and working
 * precision; every failure prints its inputs (30 digits for balls), and the
 * iteration counts scale with LEAKPROOF_TEST_MULTIPLIER (seed:
 * LEAKPROOF_TEST_SEED).  Three properties:
 *   - the binomial sum (rdp_int_arb.c) and the integral (rdp_integral_arb.c),
 *     two independent routes to one step's RDP at an integer order, overlap;
 *   - the certified RDP epsilon of the run lies at or above the lower end of
 *     the certified PLD bracket (both bound the same true epsilon(delta));
 *   - each peer's port (Opacus, dp_accounting, leakproof's logdouble) is
 *     within the tolerance its status promises (ok with its own error
 *     estimate <= LP_INACCURATE_TOL) of the certified RDP, or says it is not
 *     (a status other than ok, or an estimate above the tolerance). */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "tap.h"
#include "helpers.h"
#include "account/account.h"
#include "account/pld/pld.h"

/* A decimal text "I.FF" in [lo, hi) (in hundredths), two decimals. */
static void
draw_decimal(char *buf, size_t len, flint_rand_t st, ulong lo, ulong hi)
{
    ulong cents = lo + n_randint(st, hi - lo);
    snprintf(buf, len, "%lu.%02lu", cents / 100, cents % 100);
}

/* q = k / 10^e as a decimal, k in 1 .. 999, e in 3 .. 3 + spread - 1. */
static void
draw_rate(char *buf, size_t len, flint_rand_t st, ulong spread)
{
    ulong k = 1 + n_randint(st, 999), e = 3 + n_randint(st, spread);
    snprintf(buf, len, "%lue-%lu", k, e);
}

static void
print_ball(const char *what, const arb_t x)
{
    char *s = arb_get_str(x, 30, 0);
    tap_diag("  %s = %s", what, s);
    flint_free(s);
}

/* The sum against the integral at an integer order. */
static void
test_sum_vs_integral(flint_rand_t st)
{
    const long n = test_iterations(40);
    long agree = 0, declined = 0, bad = 0;
    for (long i = 0; i < n; i++) {
        char M[24], q[24];
        ulong alpha = 2 + n_randint(st, 63);
        slong prec = 64 + (slong) n_randint(st, 449);
        lp_dpsgd run;
        arb_t by_sum, by_integral, a;
        draw_decimal(M, sizeof M, st, 50, 600);
        draw_rate(q, sizeof q, st, 3);
        lp_dpsgd_init(&run, M, q, 1, "1e-5");
        arb_init(by_sum);
        arb_init(by_integral);
        arb_init(a);
        arb_set_ui(a, alpha);
        lp_rdp_int_arb(by_sum, &run, alpha, prec);
        if (lp_rdp_integral_arb(by_integral, &run, a, prec) != 0 || !arb_is_finite(by_integral)) {
            declined++;
        } else if (arb_is_finite(by_sum) && arb_overlaps(by_sum, by_integral)) {
            agree++;
        } else {
            if (bad++ < 5) {
                tap_diag("sum and integral disjoint at M = %s, q = %s, alpha = %lu, prec = %ld",
                         M, q, alpha, (long) prec);
                print_ball("sum", by_sum);
                print_ball("integral", by_integral);
            }
        }
        arb_clear(a);
        arb_clear(by_integral);
        arb_clear(by_sum);
        lp_dpsgd_clear(&run);
    }
    tap_ok(bad == 0 && agree >= n / 2, "one step's RDP: the binomial sum and the integral overlap "
           "in %ld of %ld random (M, q, integer alpha, precision) (%ld declined by the integral, "
           "%ld disjoint)", agree, n, declined, bad);
}

/* RDP's epsilon at or above the PLD bracket's lower end. */
static void
test_rdp_above_pld(flint_rand_t st)
{
    const long n = test_iterations(4);
    long above = 0, bad = 0, skipped = 0;
    for (long i = 0; i < n; i++) {
        char M[24], q[24];
        ulong T = 1 + n_randint(st, 500);
        lp_dpsgd run;
        lp_account acc;
        lp_pld pld;
        double eps_lo, eps_hi;
        draw_decimal(M, sizeof M, st, 80, 400);
        draw_rate(q, sizeof q, st, 1);        /* 1e-3 .. 1e-2 */
        lp_dpsgd_init(&run, M, q, T, "1e-5");
        lp_account_init(&acc, lp_orders_default, lp_norders_default);
        lp_account_eval(&acc, &run, NULL, 10);
        if (lp_pld_init(&pld, &run, LP_PLD_REMOVE, 0.05, (size_t) 1 << 18, -1) != 0) {
            skipped++;
        } else {
            arf_t lo;
            lp_pld_epsilon(&eps_lo, &eps_hi, &pld, run.delta);
            arf_init(lo);
            arf_set_d(lo, eps_lo);
            if (arf_cmp(acc.eps_upper_balle, lo) >= 0 && arf_cmp(acc.eps_upper_classic, lo) >= 0) {
                above++;
            } else if (bad++ < 5) {
                tap_diag("RDP below PLD's lower end at M = %s, q = %s, T = %lu, delta = 1e-5: "
                         "RDP %.17g (Balle et al.), PLD [%.17g, %.17g]", M, q, T,
                         arf_get_d(acc.eps_upper_balle, ARF_RND_UP), eps_lo, eps_hi);
            }
            arf_clear(lo);
            lp_pld_clear(&pld);
        }
        lp_account_clear(&acc);
        lp_dpsgd_clear(&run);
    }
    tap_ok(bad == 0 && above >= 1, "RDP's certified epsilon is at or above the PLD bracket's "
           "lower end in %ld of %ld random runs (%ld out of the PLD's range, %ld below)",
           above, n, skipped, bad);
}

/* Each peer's port of one step's RDP against the certified value. */
static void
test_peers(flint_rand_t st)
{
    const lp_peer *peer[3] = { lp_peer_find("opacus"), lp_peer_find("dp-accounting"),
                               lp_peer_find("logdouble") };
    const long n = test_iterations(40);
    long within[3] = { 0 }, flagged[3] = { 0 }, wrong[3] = { 0 };
    for (long i = 0; i < n; i++) {
        char M[24], q[24], alpha_text[24];
        int integer = n_randint(st, 2) == 0;
        lp_dpsgd run;
        arb_t cert, a;
        double alpha;
        draw_decimal(M, sizeof M, st, 50, 800);
        draw_rate(q, sizeof q, st, 4);
        if (integer)
            snprintf(alpha_text, sizeof alpha_text, "%lu", 2 + n_randint(st, 255));
        else
            draw_decimal(alpha_text, sizeof alpha_text, st, 101, 2000);
        alpha = strtod(alpha_text, NULL);
        lp_dpsgd_init(&run, M, q, 1, "1e-5");
        arb_init(cert);
        arb_init(a);
        lp_decimal_arb(a, alpha_text, 256);
        if (integer)
            lp_rdp_int_arb(cert, &run, (uint64_t) alpha, 256);
        else if (lp_rdp_integral_arb(cert, &run, a, 256) != 0)
            arb_indeterminate(cert);
        for (int k = 0; k < 3; k++) {
            double rdp = 0, rel = 0, err;
            char note[300] = "";
            lp_status s = peer[k]->rdp(&rdp, &rel, note, sizeof note, run.q_d, run.M_d, alpha);
            if (s != LP_OK || !(rel <= LP_INACCURATE_TOL) || !arb_is_finite(cert)) {
                flagged[k]++;
                continue;
            }
            err = fabs(rdp / arf_get_d(arb_midref(cert), ARF_RND_NEAR) - 1.0);
            if (err <= LP_INACCURATE_TOL) {
                within[k]++;
            } else if (wrong[k]++ < 3) {
                tap_diag("%s unflagged off by %.3g (its estimate %.3g) at M = %s, q = %s, "
                         "alpha = %s: %.17g", peer[k]->name, err, rel, M, q, alpha_text, rdp);
                print_ball("certified", cert);
            }
        }
        arb_clear(a);
        arb_clear(cert);
        lp_dpsgd_clear(&run);
    }
    for (int k = 0; k < 3; k++)
        tap_ok(wrong[k] == 0 && within[k] > 0, "%s's one-step RDP within %g of the certified value "
               "in %ld of %ld random (M, q, alpha), flagged in %ld, off unflagged in %ld",
               peer[k]->name, LP_INACCURATE_TOL, within[k], n, flagged[k], wrong[k]);
}

int
main(void)
{
    flint_rand_t st;
    test_rand_init(st);
    test_sum_vs_integral(st);
    test_rdp_above_pld(st);
    test_peers(st);
    flint_randclear(st);
    flint_cleanup();
    return tap_done();
}
