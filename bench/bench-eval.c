/* bench-eval.c -- `make bench`: time per evaluation of every registry row by
 * arb at 30 certified digits, at the papers' network sizes and at 2^31 - 1,
 * and the term-by-term methods beside it at p = 13,700.  A benchmark, not a
 * test: it prints figures and asserts nothing.  Target: arb under 5 ms. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "leakproof.h"

static double
now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static lp_params
params_for(const lp_form *f, uint64_t p)
{
    lp_params par = { 0 };
    par.p = p;
    if (strcmp(f->formula, "gauss") == 0) {
        par.sigma = "1";
        par.radius = "1";
        par.sigma_d = par.radius_d = 1.0;
    } else if (strcmp(f->formula, "laplace-l1") == 0) {
        par.b = "0.1";
        par.radius = "1";
        par.b_d = 0.1;
        par.radius_d = 1.0;
    } else {
        par.kappa = "173";
        par.kappa_d = 173.0;
    }
    return par;
}

/* Runs one evaluation repeatedly for at least `budget` seconds (and at least
 * once); prints one row. */
static void
bench_row(const lp_form *f, lp_method m, uint64_t p, double budget)
{
    lp_params par = params_for(f, p);
    lp_result res;
    char digits[24] = "-";
    double t0 = now(), t;
    long reps = 0;
    lp_result_init(&res);
    do {
        lp_result_clear(&res);
        lp_result_init(&res);
        lp_evaluate(&res, f, m, &par, 30, 0);
        reps++;
        t = now() - t0;
    } while (t < budget && reps < 100000);
    if (res.status == LP_OK && res.certified)
        snprintf(digits, sizeof digits, "%ld", (long) res.digits);
    printf("%12llu  %-6s %-8s %-10s %12.3f %8s  %-9s %s\n", (unsigned long long) p,
           f->formula, f->form, lp_method_name(m), 1e3 * t / reps,
           digits,
           lp_status_name(res.status), strcmp(f->formula, "gauss") == 0 ? "sigma=1 R=1"
           : strcmp(f->formula, "laplace-l1") == 0 ? "b=0.1 R=1" : "kappa=173");
    fflush(stdout);
    lp_result_clear(&res);
}

int
main(void)
{
    static const uint64_t ps[] = { 13700, 62006, 4900000, 35900000, 134000000, 2147483647 };
    printf("# leakproof bench: one core, time per evaluation (ms), digits certified (arb)\n");
    printf("%12s  %-6s %-8s %-10s %12s %8s  %-9s %s\n", "p", "formula", "form", "method",
           "ms/eval", "digits", "status", "parameters");
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++)
        for (size_t f = 0; f < lp_nforms; f++)
            bench_row(&lp_forms[f], LP_ARB, ps[i], 0.3);
    {
        /* per-layer clipping: the papers' networks, each layer clipped to 1 */
        static const struct { const char *name; uint64_t n; uint64_t sizes[25]; } nets[] = {
            { "LeNet", 5, { 456, 2416, 48120, 10164, 850 } },
            { "ConvBig", 5, { 896, 2112, 10370000, 2001000, 10010 } },
            { "VGG16", 16, { 1792, 36928, 73856, 147584, 295168, 590080, 590080, 1180160, 2359808,
                             2359808, 2359808, 2359808, 2359808, 102764544, 16781312, 40970 } },
        };
        for (size_t i = 0; i < sizeof nets / sizeof nets[0]; i++) {
            lp_result res;
            double t0 = now(), t;
            long reps = 0;
            uint64_t total = 0;
            for (uint64_t l = 0; l < nets[i].n; l++)
                total += nets[i].sizes[l];
            lp_result_init(&res);
            do {
                lp_result_clear(&res);
                lp_result_init(&res);
                lp_gauss_layers(&res, nets[i].sizes, nets[i].n, "1", "1", 30);
                reps++;
                t = now() - t0;
            } while (t < 0.3);
            printf("%12llu  %-6s %-8s %-10s %12.3f %8ld  %-9s %s, %llu layers\n", (unsigned long long) total,
                   "gauss-layers", "product", "arb", 1e3 * t / reps, (long) res.digits,
                   lp_status_name(res.status), nets[i].name, (unsigned long long) nets[i].n);
            lp_result_clear(&res);
        }
    }
    printf("# the term-by-term and double methods at p = 13,700 (30-digit working precision for mpfr)\n");
    for (size_t f = 0; f < lp_nforms; f++)
        for (int m = LP_MPFR; m < LP_NMETHODS; m++)
            if (lp_forms[f].method[m] != NULL)
                bench_row(&lp_forms[f], (lp_method) m, 13700, 0.3);
    flint_cleanup();
    return 0;
}
