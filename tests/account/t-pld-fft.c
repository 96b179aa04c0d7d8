/* t-pld-fft.c -- the PLD composition's real transforms (pld_fft.c: one
 * complex FFT of n/2 points each way) against Arb's ball DFT (acb_dft, an
 * independent route at 128 bits): every coefficient of the forward transform
 * within lp_fft_real_error_factor times sum |x_j|, every output of the
 * inverse within the bound it returns, for n = 2 .. 2^12 on random inputs
 * (masses in [0, 1), and signed values), in doubles and, where long double
 * is x87's, in extended precision.  A wrong packing or twiddle is an O(1)
 * error, far above the bounds (~1e-14). */
#include <stdlib.h>
#include <stdio.h>
#include <math.h>
#include <acb_dft.h>
#include "account/pld/pld_fft.h"
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

int
main(void)
{
    const size_t sizes[] = { 2, 4, 8, 64, 1024, 4096 };
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
    return tap_done();
}
