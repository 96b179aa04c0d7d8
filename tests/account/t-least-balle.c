/* t-least-balle.c -- lp_account_least_balle (rdp/least_balle.c) against
 * lp_account_eval at random runs: the same two ends of the least Balle et al.
 * epsilon, bit for bit, over Opacus's orders and the integer orders, though
 * the first certifies only the orders its floor bound cannot clear.  Random
 * multiplier M, sampling rate q, steps T and delta, over Opacus's orders, the
 * integer orders, and random lists of twins (alpha and alpha + 10^-20, which the
 * doubles cannot tell apart: the order they pick first is then often not the
 * certified least, and the rest must be certified or cleared soundly);
 * iterations scale with LEAKPROOF_TEST_MULTIPLIER (seed: LEAKPROOF_TEST_SEED). */
#include <stdint.h>
#include <stdio.h>
#include "tap.h"
#include "helpers.h"
#include "account/account.h"

int
main(void)
{
    static const struct { const char *const *orders; const size_t *n; const char *name; } list[] = {
        { lp_orders_opacus, &lp_norders_opacus, "opacus" },
        { lp_orders_default, &lp_norders_default, "integers" },
    };
    static const char *const deltas[] = { "1e-5", "1e-3", "1e-8" };
    const long iters = test_iterations(16);
    char twin_text[12][40];
    const char *twins[12];
    flint_rand_t st;
    test_rand_init(st);

    for (long it = 0; it < iters; it++) {
        char M[32], q[32];
        const uint64_t T = 1 + n_randint(st, 100000);
        const int k = (int) n_randint(st, 3);
        const char *const *orders = k < 2 ? list[k].orders : twins;
        const size_t norders = k < 2 ? *list[k].n : 12;
        const char *delta = deltas[n_randint(st, 3)];
        lp_dpsgd run;
        lp_account acc;
        arf_t lo, up;
        int same;

        snprintf(M, sizeof M, "%lu.%02lu", 1 + n_randint(st, 3), n_randint(st, 100));  /* 1.00 .. 3.99 */
        snprintf(q, sizeof q, "%lue-%lu", 1 + n_randint(st, 999), 3 + n_randint(st, 3));
        for (int j = 0; j < 12; j += 2) {       /* 1.10 .. 19.99 and its twin */
            ulong c = 110 + n_randint(st, 1890);
            snprintf(twin_text[j], sizeof twin_text[j], "%lu.%02lu", c / 100, c % 100);
            snprintf(twin_text[j + 1], sizeof twin_text[j + 1], "%lu.%02lu000000000000000001", c / 100, c % 100);
            twins[j] = twin_text[j + (j / 2) % 2];
            twins[j + 1] = twin_text[j + 1 - (j / 2) % 2];
        }
        lp_dpsgd_init(&run, M, q, T, delta);
        lp_account_init(&acc, orders, norders);
        lp_account_eval(&acc, &run, NULL, 10);
        arf_init(lo);
        arf_init(up);
        lp_account_least_balle(lo, up, &run, orders, norders, 10);
        same = arf_equal(lo, acc.eps_lower_balle) && arf_equal(up, acc.eps_upper_balle);
        tap_ok(same, "M=%s q=%s T=%llu delta=%s orders %s: the least Balle epsilon's ends equal "
               "lp_account_eval's [%.12g, %.12g] (got [%.12g, %.12g])", M, q, (unsigned long long) T, delta,
               k < 2 ? list[k].name : "twins", arf_get_d(acc.eps_lower_balle, ARF_RND_DOWN),
               arf_get_d(acc.eps_upper_balle, ARF_RND_UP), arf_get_d(lo, ARF_RND_DOWN),
               arf_get_d(up, ARF_RND_UP));
        arf_clear(lo);
        arf_clear(up);
        lp_account_clear(&acc);
        lp_dpsgd_clear(&run);
    }
    flint_randclear(st);
    flint_cleanup();
    return tap_done();
}
