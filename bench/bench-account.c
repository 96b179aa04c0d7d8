/* bench-account.c -- `make bench`: the certified accountant's epsilon for
 * T = 10^5 steps at 100 integer orders (2..101), and the same with Opacus
 * 1.1.2's 151 orders (99 fractional, by the rigorous integral), beside the
 * double methods.  A benchmark, not a test: it prints figures and asserts
 * nothing.  Target: certified well under a second. */
#include <stdio.h>
#include <time.h>
#include "account/account.h"

static double
now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static void
row(const char *label, const lp_dpsgd *run, const char *const *orders, size_t n, lp_method m)
{
    double t0 = now(), t;
    int reps = 0;
    lp_account acc;
    char *e = NULL;
    do {
        lp_account_init(&acc, orders, n);
        lp_account_eval(&acc, run, m, 6);
        flint_free(e);
        e = lp_format_arf_directed(acc.eps_upper_balle, 6, 1);
        lp_account_clear(&acc);
        reps++;
        t = now() - t0;
    } while (t < 1.0);
    printf("%-44s %-9s %9.2f ms   epsilon %s %s\n", label, lp_method_name(m), 1e3 * t / reps,
           m == LP_ARB ? "<=" : "=", e);
    flint_free(e);
}

int
main(void)
{
    static char text[100][8];
    const char *ints[100];
    lp_dpsgd run;
    for (int i = 0; i < 100; i++) {
        snprintf(text[i], sizeof text[i], "%d", i + 2);
        ints[i] = text[i];
    }
    lp_dpsgd_init(&run, "1.1", "0.01", 100000, "1e-5");
    printf("# account: M = 1.1, q = 0.01, T = 1e5, delta = 1e-5 (ms per epsilon, minimum over the orders)\n");
    row("100 integer orders 2..101", &run, ints, 100, LP_ARB);
    row("100 integer orders 2..101", &run, ints, 100, LP_DOUBLE);
    row("100 integer orders 2..101", &run, ints, 100, LP_LOGDOUBLE);
    row("Opacus 1.1.2's 151 orders (99 fractional)", &run, lp_orders_opacus, lp_norders_opacus, LP_ARB);
    row("Opacus 1.1.2's 151 orders (99 fractional)", &run, lp_orders_opacus, lp_norders_opacus, LP_DOUBLE);
    lp_dpsgd_clear(&run);
    flint_cleanup();
    return 0;
}
