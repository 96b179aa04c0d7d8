/* t-pld-fft-sparse.c -- the pruned forward transform (compose/
 * pld_fft_sparse_body.h: an input zero but on a cyclic run, the butterflies
 * on zeros left out, the bit reversal made for the run only) against the
 * whole one, bit for bit: random sizes (2^k, k 2 .. 16, and 3 2^k, k 2 ..
 * 15), random runs (lengths 1 .. n, most of them short, where the pruning
 * acts; offsets anywhere, the run wrapping past the end; values of any
 * size and sign, and some exact zeros inside the run; off the run NaNs and
 * -1e300, which the pruned one must not read), in doubles and, where long
 * double is x87's, in extended precision; the outputs compared as
 * bits (doubles: the very bytes, so a -0 for a +0 fails too).  A stage
 * pruned one too many, a point of the run missed or a sub-block misplaced
 * moves O(1) of the output.  And the twiddle table kept between plans:
 * shared where it should be, the same transforms through it.  Half a second
 * of CPU.  TAP. */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include "account/pld/compose/pld_fft.h"
#include "tap.h"

/* a uniform 64-bit draw from a seeded generator (splitmix64) */
static uint64_t
draw(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* a value of the run: a mass in [0, 1) mostly, sometimes signed, tiny,
 * large or an exact zero */
static double
value(uint64_t *s)
{
    const double u = (double) (draw(s) >> 11) * 0x1p-53;
    switch (draw(s) % 8) {
    case 0:
        return 0.0;
    case 1:
        return -u;
    case 2:
        return ldexp(u, -(int) (draw(s) % 900));
    case 3:
        return ldexp(u, (int) (draw(s) % 60));
    default:
        return u;
    }
}

/* one case: n, the run (lo, K); 1 where the pruned transform's bits are the
 * whole one's (double, and long double when ld) */
static int
one(size_t n, size_t lo, size_t K, int ld, uint64_t *s)
{
    int same = 1;
    if (!ld) {
        double *x = calloc(n + 2, sizeof *x), *y = calloc(n + 2, sizeof *y);
        lp_fft_plan p;
        if (x == NULL || y == NULL || lp_fft_plan_init(&p, n) != 0) {
            free(x);
            free(y);
            return 0;
        }
        for (size_t j = 0; j < n + 2; j++)     /* off the run: not read (taken as +0) */
            y[j] = draw(s) % 2 ? NAN : -1e300;
        for (size_t t = 0; t < K; t++)
            x[(lo + t) % n] = y[(lo + t) % n] = value(s);
        lp_fft_real_forward(x, &p);
        lp_fft_real_forward_sparse(y, &p, lo, K);
        same = memcmp(x, y, (n + 2) * sizeof *x) == 0;
        lp_fft_plan_clear(&p);
        free(x);
        free(y);
    } else {
        long double *x = calloc(n + 2, sizeof *x), *y = calloc(n + 2, sizeof *y);
        lp_fft_ld_plan p;
        if (x == NULL || y == NULL || lp_fft_ld_plan_init(&p, n) != 0) {
            free(x);
            free(y);
            return 0;
        }
        for (size_t j = 0; j < n + 2; j++)
            y[j] = draw(s) % 2 ? NAN : -1e300;
        for (size_t t = 0; t < K; t++)
            x[(lo + t) % n] = y[(lo + t) % n] = value(s);
        lp_fft_real_forward_ld(x, &p);
        lp_fft_real_forward_sparse_ld(y, &p, lo, K);
        for (size_t j = 0; j < n + 2; j++)     /* the value and its sign (not the padding bytes) */
            same &= x[j] == y[j] && signbit(x[j]) == signbit(y[j]);
        lp_fft_ld_plan_clear(&p);
        free(x);
        free(y);
    }
    return same;
}

/* The twiddle table kept between plans (pld_fft_body.h): two plans of one
 * n share it, a plan of another n made while it is in use gets its own, and
 * the transforms through each, before and after, are bit for bit the same */
static void
kept_tables(uint64_t *s)
{
    const size_t n1 = 3 << 10, n2 = 1 << 12;
    lp_fft_plan a, b, c, d;
    double *x0 = calloc(n1 + 2, sizeof *x0), *x1 = calloc(n1 + 2, sizeof *x1);
    double *y0 = calloc(n2 + 2, sizeof *y0), *y1 = calloc(n2 + 2, sizeof *y1);
    int ok = x0 && x1 && y0 && y1, shared = 0, own = 0;
    for (size_t j = 0; ok && j < n1; j++)
        x0[j] = x1[j] = value(s);
    for (size_t j = 0; ok && j < n2; j++)
        y0[j] = y1[j] = value(s);
    if (ok && lp_fft_plan_init(&a, n1) == 0) {
        lp_fft_real_forward(x0, &a);
        if (lp_fft_plan_init(&b, n1) == 0) {
            shared = a.w == b.w;
            if (lp_fft_plan_init(&c, n2) == 0) {           /* while n1's is in use */
                own = c.w != a.w;
                lp_fft_real_forward(y0, &c);
                lp_fft_plan_clear(&c);
            }
            lp_fft_plan_clear(&b);
        }
        lp_fft_plan_clear(&a);
        if (lp_fft_plan_init(&d, n2) == 0) {               /* n1's no longer in use: n2's kept */
            lp_fft_real_forward(y1, &d);
            lp_fft_plan_clear(&d);
        }
        if (lp_fft_plan_init(&d, n1) == 0) {
            lp_fft_real_forward(x1, &d);
            lp_fft_plan_clear(&d);
        }
    }
    tap_ok(ok && shared && own && memcmp(x0, x1, (n1 + 2) * sizeof *x0) == 0
           && memcmp(y0, y1, (n2 + 2) * sizeof *y0) == 0,
           "the twiddle table kept between plans: shared by two plans of n %zu (%d), another n's "
           "own while it is in use (%d), the transforms through each bit for bit the same", n1,
           shared, own);
    free(x0);
    free(x1);
    free(y0);
    free(y1);
}

int
main(void)
{
    uint64_t s = 20261129;
    kept_tables(&s);
    for (int ld = 0; ld < 2; ld++) {
        int cases = 0, same = 0, pruned = 0;
        size_t worst_n = 0;
        if (ld && !pld_fft_ld_available()) {
            tap_diag("long double is not x87's extended format: its pruned transform not checked");
            continue;
        }
        for (int c = 0; c < 400; c++) {
            /* sizes 2^k (k 2 .. 16) and 3 2^k (k 2 .. 15), the small ones most */
            const int three = (int) (draw(&s) % 2);
            const unsigned k = 2 + (unsigned) (draw(&s) % (three ? 14 : 15));
            const size_t n = three ? (size_t) 3 << k : (size_t) 1 << k;
            /* runs short against n (n/64 and below) in most cases, where
             * the stages are pruned; any length up to n in the rest */
            const size_t cap = draw(&s) % 4 ? (n / 64 > 1 ? n / 64 : 1) : n;
            const size_t K = 1 + (size_t) (draw(&s) % cap), lo = (size_t) (draw(&s) % n);
            const int ok = one(n, lo, K, ld, &s);
            cases++;
            same += ok;
            pruned += 4 * K < n;
            if (!ok) {
                worst_n = n;
                fprintf(stderr, "%s: n %zu, run %zu + %zu: the bits differ\n",
                        ld ? "long double" : "double", n, lo, K);
            }
        }
        tap_ok(same == cases && pruned > cases / 2,
               "%s: the pruned forward transform is the whole one bit for bit in %d of %d "
               "random cases (%d with stages pruned; n 4 .. 98304, runs wrapping)%s",
               ld ? "long double" : "double", same, cases, pruned, worst_n ? " (see stderr)" : "");
    }
    return tap_done();
}
