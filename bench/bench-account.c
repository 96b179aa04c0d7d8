/* bench-account.c -- `make bench`: the certified accountant's epsilon for
 * T = 10^5 steps at 100 integer orders (2..101), and the same with Opacus
 * 1.1.2's 151 orders (99 fractional, by the rigorous integral), beside the
 * double methods.  A benchmark, not a test: it prints figures and asserts
 * nothing.  Target: certified well under a second. */
#include <stdio.h>
#include <time.h>
#include <sys/resource.h>
#include "account/account.h"
#include "account/pld/pld.h"
#include "core/decimal_ops.h"

static double
now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static void
row(const char *label, const lp_dpsgd *run, const char *const *orders, size_t n, const lp_peer *m)
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
    printf("%-44s %-9s %9.2f ms   epsilon %s %s\n", label, lp_account_method_name(m), 1e3 * t / reps,
           m == NULL ? "<=" : "=", e);
    flint_free(e);
}

static double
cpu(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + 1e-6 * ru.ru_utime.tv_usec + ru.ru_stime.tv_sec
           + 1e-6 * ru.ru_stime.tv_usec;
}

/* The certified PLD accountant (remove relation, the worse one here) against
 * the certified RDP accountant (the best real order): time (wall and CPU, all
 * threads), the bracket and its width.  Targets: T = 1e5 within 1 s and 1 %. */
static void
pld_row(uint64_t T, double width)
{
    lp_dpsgd run;
    lp_pld pld;
    lp_account acc;
    double w0, c0, w1, c1, lo, hi, rdp;
    lp_dpsgd_init(&run, "1.1", "0.01", T, "1e-5");
    w0 = now();
    c0 = cpu();
    lp_pld_init(&pld, &run, LP_PLD_REMOVE, width, (size_t) 1 << 23, -1);
    lp_pld_epsilon(&lo, &hi, &pld, run.delta);
    w1 = now() - w0;
    c1 = cpu() - c0;
    lp_account_init_search(&acc);
    lp_account_eval_search(&acc, &run, 8);
    rdp = arf_get_d(acc.eps_upper_balle, ARF_RND_UP);
    printf("pld T=%-9llu width %-5g n=2^%-2d %8.3f s wall %8.3f s cpu   epsilon in [%.6g, %.6g] "
           "(%.2f %%)   RDP %.6g (PLD %.1f %% below)\n", (unsigned long long) T, width,
           (int) round(log2((double) pld.n)), w1, c1, lo, hi, 100 * (hi - lo) / hi, rdp,
           100 * (1 - hi / rdp));
    fflush(stdout);
    lp_account_clear(&acc);
    lp_pld_clear(&pld);
    lp_dpsgd_clear(&run);
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
    row("100 integer orders 2..101", &run, ints, 100, NULL);
    row("100 integer orders 2..101", &run, ints, 100, lp_peer_find("double"));
    row("100 integer orders 2..101", &run, ints, 100, lp_peer_find("logdouble"));
    row("Opacus 1.1.2's 151 orders (99 fractional)", &run, lp_orders_opacus, lp_norders_opacus, NULL);
    row("Opacus 1.1.2's 151 orders (99 fractional)", &run, lp_orders_opacus, lp_norders_opacus, lp_peer_find("double"));
    lp_dpsgd_clear(&run);
    printf("# PLD accountant: M = 1.1, q = 0.01, delta = 1e-5 (remove relation)\n");
    pld_row(1000, 0.01);
    pld_row(100000, 0.01);
    pld_row(100000, 0.002);
    pld_row(10000000, 0.01);
    flint_cleanup();
    return 0;
}
