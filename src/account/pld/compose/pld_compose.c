/* pld_compose.c -- the T-fold composition on the circular grid: the argument
 * of each step and the constants of its bound, which do not depend on the
 * real type (the dispatcher between the types is pld_compose_best.c).  The
 * composition itself is written once (pld_compose_body.h), for one step and
 * for phases alike (pld_compose_product; the product's bound is in
 * pld_compose_best.c), and built for doubles (pld_double.c) and for x87
 * long doubles (_ld, pld_long_double.c); the FFT's own bound is in
 * pld_fft.c, the error budget (e) at the top of pld_init.c.
 *
 * In a type of unit roundoff u (2^-53, or 2^-64 for x87's extended format):
 *   5. the masses rounded to the type (for long doubles a double pair summed
 *      once: within u + 2^-106 relative); the exact difference to each ball,
 *      with its radius, and the FFT's factor times sum |x^_j| make eps_F, a
 *      bound on |y^_k - y_k| for every coefficient of the forward FFT;
 *   6. the power of each coefficient and its error: |z^_k - z_k| <= c_pow
 *      |y^_k|^T + T eps_F R^(T-1), R = min(1, |y^_k|) + eps_F >= max(|y_k|,
 *      |y^_k|), c_pow = (1 + sqrt(2) gamma_2)^(2T) - 1 (binary powering),
 *      weighted by min(1, (1 + e^{h/2}) / (2 min(k, n-k))) >= |W_k|/n; where
 *      |y^_k| <= r_cut, |y^_k|^(T-1) < 2^-1000 and the power is dropped (and
 *      counted as 2^-1000); the inverse's own rounding adds fe sum |z^_k|.
 *      The bound's own sums are of nonnegative doubles, each within
 *      (1 + 1e-8) of its value for n <= 2^26 and T <= 1e9: the factor
 *      (1 + 1e-6) covers them;
 *   7. the window's suffix sums, backward, in the type, stored as doubles:
 *      recursive sums of n terms, r^m to within (1+u)^m, r = e^-h itself to
 *      u: every error <= 4 n u (1 + ...) times C_j; rnd_rel = 8 n u_53 1.01
 *      covers it for doubles, and for long doubles (8 n 2^-64 + 2 u_53, the
 *      rounding to doubles included) alike. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "account/pld/compose/pld_compose.h"

#define PLD_HUGE_PAGE ((size_t) 1 << 21)

/* x rounded to the nearest double, ties to even, as arf_get_d(x,
 * ARF_RND_NEAR) gives it (through MPFR: 200 instructions a mass, 2 % of a
 * run at q 1e-4, T 1e7, width 0.069), from the mantissa's top limb where the
 * result is a normal double: its 53 leading bits, one more where the rest
 * is above half an ulp or half with an odd last bit (arf trims zero limbs,
 * so a second limb means a nonzero rest), times 2^(exp - 53), exact */
double
pld_arf_near_d(const arf_t x)
{
    mp_srcptr d;
    mp_size_t n;
    slong e;
    mp_limb_t top;
    uint64_t m, r;
    double v;
    if (arf_is_special(x) || COEFF_IS_MPZ(ARF_EXP(x)) || FLINT_BITS != 64)
        return arf_get_d(x, ARF_RND_NEAR);
    e = ARF_EXP(x);
    if (e < -1000 || e > 1000)
        return arf_get_d(x, ARF_RND_NEAR);
    ARF_GET_MPN_READONLY(d, n, x);
    top = d[n - 1];
    m = (uint64_t) (top >> 11);
    r = (uint64_t) (top & 0x7ff);              /* the 11 bits below the last kept */
    if ((r & 0x400) && ((r & 0x3ff) != 0 || n > 1 || (m & 1)))
        m++;                                    /* at most 2^53: exact */
    {
        const uint64_t bits = (uint64_t) (e + 1023) << 52;
        double p2;
        memcpy(&p2, &bits, sizeof p2);
        v = (double) m * 0x1p-53 * p2;          /* in [2^-1001, 2^1000]: exact */
    }
    return ARF_SGNBIT(x) ? -v : v;
}

void *
pld_big_alloc(size_t size)
{
    void *p = NULL;
    if (size < PLD_HUGE_PAGE)
        return malloc(size ? size : 1);
    if (posix_memalign(&p, PLD_HUGE_PAGE, size) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    /* advice only: where THP is off, or the call fails, 4 KiB pages */
    (void) madvise(p, size & ~(PLD_HUGE_PAGE - 1), MADV_HUGEPAGE);  /* within the block only */
#endif
    return p;
}

size_t
pld_circle_size(double need)
{
    size_t n = 1;
    while ((double) n < need)
        n <<= 1;
    /* 3 2^(k-2) (issue 31: q 1e-3, T 1e7 needs 4.97 M points and took 2^23 =
     * 8.39 M; 3 2^21 = 6.29 M holds it) */
    if (n >= PLD_N3_MIN && (double) (n / 4 * 3) >= need)
        n = n / 4 * 3;
    return n;
}

/* a double >= the ball's upper end */
static double
ub_d(const arb_t x)
{
    arf_t u;
    double r;
    arf_init(u);
    arb_get_ubound_arf(u, x, 64);
    r = arf_get_d(u, ARF_RND_UP);
    arf_clear(u);
    return r;
}

void
pld_power_constants(double *c_pow, double *r_cut, double *ch_h, uint64_t T, double h,
                    slong log2_u)
{
    arb_t cp, rc;
    arf_t lb;
    arb_init(cp);
    arb_init(rc);
    arf_init(lb);
    /* c_pow = (1 + sqrt(2) gamma_2)^(2T) - 1, gamma_2 = 2u / (1 - 2u) */
    arb_one(cp);
    arb_mul_2exp_si(cp, cp, log2_u + 1);
    arb_one(rc);
    arb_sub(rc, rc, cp, 128);
    arb_div(cp, cp, rc, 128);
    arb_sqrt_ui(rc, 2, 64);
    arb_mul(cp, cp, rc, 64);
    arb_add_ui(cp, cp, 1, 64);
    arb_pow_ui(cp, cp, 2 * T, 64);
    arb_sub_ui(cp, cp, 1, 64);
    *c_pow = ub_d(cp);
    /* r_cut: below it x^(T-1) < 2^-1000 */
    arb_set_si(rc, -1000);
    arb_div_ui(rc, rc, T > 1 ? T - 1 : 1, 64);
    arb_set_d(cp, 2.0);
    arb_pow(rc, cp, rc, 64);
    arb_get_lbound_arf(lb, rc, 64);
    *r_cut = arf_get_d(lb, ARF_RND_DOWN);
    /* ch_h >= 1 + e^{h/2} */
    arb_set_d(cp, h / 2);
    arb_exp(cp, cp, 64);
    arb_add_ui(cp, cp, 1, 64);
    *ch_h = ub_d(cp);
    arb_clear(cp);
    arb_clear(rc);
    arf_clear(lb);
}
