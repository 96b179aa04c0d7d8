/* t-pld-fft.c -- the PLD composition's real transforms (pld_fft.c: one
 * complex FFT of n/2 points each way) against Arb's ball DFT (acb_dft, an
 * independent route at 128 bits): every coefficient of the forward transform
 * within lp_fft_real_error_factor times sum |x_j|, every output of the
 * inverse within the bound it returns, for n = 2 .. 2^12 and 3 2^k (12 ..
 * 6144) on random inputs (masses in [0, 1), and signed values), in doubles
 * and, where long double is x87's, in extended precision; lp_fft of 3 2^k
 * complex points (12 .. 3072) likewise.  A wrong packing or twiddle is an O(1)
 * error, far above the bounds (~1e-14).  At n 2^14 .. 2^17 (past the cache
 * block, where the schedule changes) the transforms against a plain
 * stage-by-stage FFT written here: bitwise equal. */
#include <stdlib.h>
#include <stdio.h>
#include <math.h>
#include <acb_dft.h>
#include "account/pld/compose/pld_fft.h"
#include "tap.h"

/* the largest |computed - exact| over the n/2 + 1 coefficients (forward) or
 * the n outputs (inverse), rounded up; *bound the routine's bound */
static double
check(size_t n, int inverse, int signed_in, int ld, unsigned seed, double *bound)
{
    const size_t N = n / 2;
    acb_ptr v = _acb_vec_init(n), w = _acb_vec_init(n);
    double *x = calloc(n + 2, sizeof *x), worst = 0, sum = 0;
    long double *xl = calloc(n + 2, sizeof *xl);
    arb_t d;
    arf_t u;
    arb_init(d);
    arf_init(u);
    srand(seed);
    if (!inverse) {
        for (size_t j = 0; j < n; j++) {
            double r = (double) rand() / RAND_MAX;
            x[j] = signed_in ? 2 * r - 1 : r / (double) n;
            xl[j] = x[j];
            sum += fabs(x[j]);
            acb_set_d(v + j, x[j]);
        }
    } else {
        /* a Hermitian spectrum: Y_0, Y_N real; Y_{n-k} = conj Y_k */
        for (size_t k = 0; k <= N; k++) {
            double re = 2.0 * rand() / RAND_MAX - 1, im = 2.0 * rand() / RAND_MAX - 1;
            if (k == 0 || k == N)
                im = 0;
            x[2 * k] = re;
            x[2 * k + 1] = im;
            xl[2 * k] = re;
            xl[2 * k + 1] = im;
            acb_set_d_d(v + k, re, im);
            if (k > 0 && k < N)
                acb_set_d_d(v + n - k, re, -im);
        }
    }
    if (!inverse) {
        acb_dft(w, v, (slong) n, 128);
    } else {
        acb_dft_inverse(w, v, (slong) n, 128);             /* (1/n) sum_k Y_k e^{+2 pi i jk/n} */
        for (size_t j = 0; j < n; j++)
            acb_mul_ui(w + j, w + j, (ulong) n, 128);
    }
    if (ld) {
        lp_fft_ld_plan p;
        lp_fft_ld_plan_init(&p, n);
        if (!inverse) {
            lp_fft_real_forward_ld(xl, &p);
            *bound = lp_fft_real_error_factor_ld(&p) * sum;
        } else {
            *bound = lp_fft_real_inverse_ld(xl, &p);
        }
        lp_fft_ld_plan_clear(&p);
        for (size_t j = 0; j < n + 2; j++)
            x[j] = 0;
    } else {
        lp_fft_plan p;
        lp_fft_plan_init(&p, n);
        if (!inverse) {
            lp_fft_real_forward(x, &p);
            *bound = lp_fft_real_error_factor(&p) * sum;
        } else {
            *bound = lp_fft_real_inverse(x, &p);
        }
        lp_fft_plan_clear(&p);
    }
    for (size_t k = 0; k < (inverse ? n : N + 1); k++) {
        /* forward: X_k = x[2k] + i x[2k+1]; inverse: y_j = x[j], real */
        arb_t e;
        arb_init(e);
        for (int part = 0; part < (inverse ? 1 : 2); part++) {
            size_t at = inverse ? k : 2 * k + (size_t) part;
            if (ld) {
                /* a long double as a double pair, exactly */
                long double z = xl[at];
                double hi = (double) z, lo = (double) (z - (long double) hi);
                arb_set_d(d, hi);
                arb_set_d(e, lo);
                arb_add(d, d, e, 256);
            } else {
                arb_set_d(d, x[at]);
            }
            arb_sub(d, d, part == 0 ? acb_realref(w + k) : acb_imagref(w + k), 128);
            arb_get_abs_ubound_arf(u, d, 64);
            if (arf_get_d(u, ARF_RND_UP) > worst)
                worst = arf_get_d(u, ARF_RND_UP);
            if (inverse) {                              /* the exact output is real */
                arb_get_abs_ubound_arf(u, acb_imagref(w + k), 64);
                if (arf_get_d(u, ARF_RND_UP) > 1e-30)
                    worst = INFINITY;
            }
        }
        arb_clear(e);
    }
    _acb_vec_clear(v, n);
    _acb_vec_clear(w, n);
    free(x);
    free(xl);
    arb_clear(d);
    arf_clear(u);
    return worst;
}

/* ---- the schedule at large n: lp_fft and the real forward transform
 * against the plain stage-by-stage radix-2 order written here (the simple
 * bit reversal, one stage a pass over the vector, the plan's table at stride
 * n/len): past the cache block (2^13 points) the library runs two stages a
 * pass and reverses bits tile by tile, the same butterflies on the same
 * operands, so the results are bitwise equal where no multiply-add is fused
 * (x86-64's baseline); elsewhere within the bound of each other. */

static void
ref_fft(double *x, size_t n, const double *w, size_t wstride, double cs)
{
    for (size_t i = 1, j = 0; i < n; i++) {
        size_t bit = n >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            double t0 = x[2 * i], t1 = x[2 * i + 1];
            x[2 * i] = x[2 * j];
            x[2 * i + 1] = x[2 * j + 1];
            x[2 * j] = t0;
            x[2 * j + 1] = t1;
        }
    }
    for (size_t len = 2; len <= n; len <<= 1) {
        const size_t step = n / len * wstride;
        for (size_t i = 0; i < n; i += len)
            for (size_t j = 0; j < len / 2; j++) {
                double *a = x + 2 * (i + j), *b = x + 2 * (i + j + len / 2);
                const double wr = w[2 * j * step], wi = cs * w[2 * j * step + 1];
                const double tr = wr * b[0] - wi * b[1], ti = wr * b[1] + wi * b[0];
                const double ar = a[0], ai = a[1];
                a[0] = ar + tr;
                a[1] = ai + ti;
                b[0] = ar - tr;
                b[1] = ai - ti;
            }
    }
}

/* the largest |library - reference| over the outputs (0: bitwise equal);
 * real 0: lp_fft of n complex points, forward or inverse; real 1:
 * lp_fft_real_forward of n reals, its post-processing as pld_fft.c's */
static double
schedule_diff(size_t n, int real, int sign, unsigned seed, double *bound)
{
    const size_t len = real ? n + 2 : 2 * n;
    double *x = malloc(len * sizeof *x), *y = malloc(len * sizeof *y), worst = 0, sum = 0;
    lp_fft_plan p;
    if (x == NULL || y == NULL || lp_fft_plan_init(&p, n) != 0) {
        free(x);
        free(y);
        return INFINITY;
    }
    srand(seed);
    for (size_t j = 0; j < len; j++) {
        x[j] = y[j] = real ? (double) rand() / RAND_MAX / (double) n : 2.0 * rand() / RAND_MAX - 1;
        sum += fabs(x[j]);
    }
    if (!real) {
        lp_fft(x, &p, sign);
        ref_fft(y, n, p.w, 1, sign < 0 ? 1 : -1);
        *bound = 2 * lp_fft_error_factor(&p) * sum;
    } else {
        const size_t N = n / 2;
        lp_fft_real_forward(x, &p);
        ref_fft(y, N, p.w, 2, 1);
        {
            const double z0r = y[0], z0i = y[1];
            y[0] = z0r + z0i;
            y[1] = 0;
            y[2 * N] = z0r - z0i;
            y[2 * N + 1] = 0;
        }
        for (size_t k = 1; 2 * k <= N; k++) {
            double *a = y + 2 * k, *b = y + 2 * (N - k);
            const double er = (a[0] + b[0]) / 2, ei = (a[1] - b[1]) / 2;
            const double or_ = (a[1] + b[1]) / 2, oi = (b[0] - a[0]) / 2;
            const double wr = p.w[2 * k], wi = p.w[2 * k + 1];
            const double tr = wr * or_ - wi * oi, ti = wr * oi + wi * or_;
            a[0] = er + tr;
            a[1] = ei + ti;
            b[0] = er - tr;
            b[1] = -(ei - ti);
        }
        *bound = 2 * lp_fft_real_error_factor(&p) * sum;
    }
    for (size_t j = 0; j < len; j++)
        if (!(fabs(x[j] - y[j]) <= worst))
            worst = isnan(x[j] - y[j]) ? INFINITY : fabs(x[j] - y[j]);
    lp_fft_plan_clear(&p);
    free(x);
    free(y);
    return worst;
}

/* lp_fft of n complex points (3 2^k: one radix-3 stage) against acb_dft:
 * the largest |computed - exact|, *bound = lp_fft_error_factor sum |x_j| */
static double
complex_check(size_t n, unsigned seed, double *bound)
{
    acb_ptr v = _acb_vec_init(n), e = _acb_vec_init(n);
    double *x = malloc(2 * n * sizeof *x), worst = 0, sum = 0;
    lp_fft_plan p;
    arb_t d;
    arf_t u;
    if (x == NULL || lp_fft_plan_init(&p, n) != 0) {
        free(x);
        _acb_vec_clear(v, n);
        _acb_vec_clear(e, n);
        return INFINITY;
    }
    arb_init(d);
    arf_init(u);
    srand(seed);
    for (size_t j = 0; j < n; j++) {
        x[2 * j] = 2.0 * rand() / RAND_MAX - 1;
        x[2 * j + 1] = 2.0 * rand() / RAND_MAX - 1;
        sum += fabs(x[2 * j]) + fabs(x[2 * j + 1]);
        acb_set_d_d(v + j, x[2 * j], x[2 * j + 1]);
    }
    acb_dft(e, v, (slong) n, 128);
    lp_fft(x, &p, -1);
    *bound = lp_fft_error_factor(&p) * sum;
    for (size_t k = 0; k < n; k++)
        for (int part = 0; part < 2; part++) {
            arb_set_d(d, x[2 * k + (size_t) part]);
            arb_sub(d, d, part == 0 ? acb_realref(e + k) : acb_imagref(e + k), 128);
            arb_get_abs_ubound_arf(u, d, 64);
            if (!(arf_get_d(u, ARF_RND_UP) <= worst))
                worst = arf_get_d(u, ARF_RND_UP);
        }
    lp_fft_plan_clear(&p);
    free(x);
    arb_clear(d);
    arf_clear(u);
    _acb_vec_clear(v, n);
    _acb_vec_clear(e, n);
    return worst;
}

int
main(void)
{
    /* powers of 2, and 3 2^k (one radix-3 stage after the radix-2 ones) */
    const size_t sizes[] = { 2, 4, 8, 64, 1024, 4096, 12, 24, 384, 3072, 6144 };
    for (int ld = 0; ld < 2; ld++) {
        if (ld && !pld_fft_ld_available()) {
            tap_diag("long double is not x87's extended format: its transforms not checked");
            continue;
        }
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
            for (int inverse = 0; inverse < 2; inverse++)
                for (int sg = 0; sg < 2; sg++) {
                    double bound, err;
                    unsigned seed = (unsigned) (1000 * s + 10 * inverse + sg + 7);
                    if (inverse && sg)
                        continue;               /* the inverse's input is signed already */
                    err = check(sizes[s], inverse, sg, ld, seed, &bound);
                    tap_ok(err <= bound && bound < 1e-10,
                           "real %s transform, %s, n %zu (%s input, seed %u): max error %.3g <= bound %.3g "
                           "(ratio %.2g)", inverse ? "inverse" : "forward",
                           ld ? "long double" : "double", sizes[s],
                           inverse ? "Hermitian" : sg ? "signed" : "mass", seed, err, bound,
                           bound > 0 ? err / bound : 0.0);
                }
    }
    {
        /* n 2^14 .. 2^17: one to four stages past the block, odd and even */
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__FMA__)
        const int bitwise = 1;
#else
        const int bitwise = 0;
#endif
        const size_t n3[] = { 12, 96, 3072 };
        for (size_t s = 0; s < sizeof n3 / sizeof *n3; s++) {
            double bound = 0, err = complex_check(n3[s], (unsigned) n3[s], &bound);
            tap_ok(err <= bound && bound < 1e-10, "complex forward transform, double, n %zu "
                   "(seed %zu): max error %.3g <= bound %.3g", n3[s], n3[s], err, bound);
        }
        for (size_t n = (size_t) 1 << 14; n <= (size_t) 1 << 17; n <<= 1)
            for (int kind = 0; kind < 3; kind++) {
                const unsigned seed = (unsigned) (n + (size_t) kind);
                double bound = 0, d = schedule_diff(n, kind == 2, kind == 1 ? 1 : -1, seed, &bound);
                tap_ok(bitwise ? d == 0 : d <= bound,
                       "%s, double, n %zu (seed %u): the large-n schedule against stage by stage, "
                       "largest difference %.3g (%s)", kind == 2 ? "real forward transform"
                       : kind == 1 ? "complex inverse transform" : "complex forward transform", n,
                       seed, d, bitwise ? "bitwise equal required" : "within the bound required");
            }
    }
    return tap_done();
}
