/* vmath.h -- exp, log and the sine and cosine of a quarter turn in plain
 * double operations (+, -, *, /, sqrt, fma and bit moves) that GCC
 * vectorises.  Every operation is one IEEE rounding: the Horner steps are
 * explicit fused multiply-adds (C99 fma, one rounding whether the FMA
 * instruction or libm's exact emulation computes it), and nothing is
 * contracted implicitly (-ffp-contract=off), so the scalar, SSE2, AVX2 and
 * AVX-512 builds of a kernel give the same bits.  Accuracy: the Taylor
 * series are cut where their remainder is below 3.4e-14 of the result (bounds
 * beside each), plus a few ulps of rounding (tests/mc/t-mc-normals measures
 * them against MPFR): some 1e-13 of a normal, where a run of 10^12 samples
 * has a relative standard error above 1e-7. */
#ifndef LP_MC_VMATH_H
#define LP_MC_VMATH_H

#include <math.h>
#include <stdint.h>
#include <string.h>

static inline double
lp_bits_double(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

static inline uint64_t
lp_double_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

/* e^x for any x: x = k ln 2 + r, |r| <= ln 2 / 2, Taylor to r^11 (remainder
 * below (ln 2 / 2)^12 / 12! e^{ln 2 / 2} = 8.9e-15 relative) for x in [-708,
 * 709.78], the normal results; x is clamped to [-800, 800] and 2^k built as
 * two factors 2^{k1} 2^{k - k1} (each product exact where the result is
 * normal), so that results below 2^-1022 come out subnormal (0 below about
 * e^-745) and those above the largest double infinite */
static inline double
lp_vexp(double x)
{
    const double shifter = 0x1.8p52;
    double t, k, r, p;
    int64_t ki, k1;
    x = x < -800.0 ? -800.0 : x > 800.0 ? 800.0 : x;
    t = x * 0x1.71547652b82fep0 + shifter;
    k = t - shifter;
    ki = (int64_t) (lp_double_bits(t) - lp_double_bits(shifter));
    k1 = ki >> 1;
    r = (x - k * 0x1.62e42fefa3800p-1) - k * 0x1.ef35793c76730p-45;
    p = 1.0 / 39916800.0;
    p = fma(p, r, 1.0 / 3628800.0);
    p = fma(p, r, 1.0 / 362880.0);
    p = fma(p, r, 1.0 / 40320.0);
    p = fma(p, r, 1.0 / 5040.0);
    p = fma(p, r, 1.0 / 720.0);
    p = fma(p, r, 1.0 / 120.0);
    p = fma(p, r, 1.0 / 24.0);
    p = fma(p, r, 1.0 / 6.0);
    p = fma(p, r, 0.5);
    p = fma(p, r, 1.0);
    p = fma(p, r, 1.0);
    return p * lp_bits_double((uint64_t) (k1 + 1023) << 52) * lp_bits_double((uint64_t) (ki - k1 + 1023) << 52);
}

/* log x for a normal x > 0: x = 2^e m, m in [sqrt(1/2), sqrt 2),
 * log m = 2 atanh(s), s = (m - 1)/(m + 1), |s| <= 0.1716, series to s^15
 * (remainder below 2 s^17 / (17 (1 - s^2)) <= 1.2e-14, 3.4e-14 of |log m| >= 2|s|) */
static inline double
lp_vlog(double x)
{
    uint64_t u = lp_double_bits(x);
    /* the biased exponent as a double by the 2^52 trick: vector units lack a
     * 64-bit integer conversion */
    double e = (lp_bits_double(0x4330000000000000ULL | (u >> 52)) - 0x1p52) - 1023.0;
    double m = lp_bits_double((u & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL);
    double s, s2, p;
    e = m > 1.4142135623730951 ? e + 1.0 : e;
    m = m > 1.4142135623730951 ? 0.5 * m : m;
    s = (m - 1.0) / (m + 1.0);
    s2 = s * s;
    p = 2.0 / 15.0;
    p = fma(p, s2, 2.0 / 13.0);
    p = fma(p, s2, 2.0 / 11.0);
    p = fma(p, s2, 2.0 / 9.0);
    p = fma(p, s2, 2.0 / 7.0);
    p = fma(p, s2, 2.0 / 5.0);
    p = fma(p, s2, 2.0 / 3.0);
    p = fma(p, s2, 2.0);
    return e * 0x1.62e42fefa3800p-1 + fma(p, s, e * 0x1.ef35793c76730p-45);
}

/* cos and sin of a in [-pi/4, pi/4], Taylor to a^14 and a^13 (remainders
 * below (pi/4)^16 / 16! = 1.0e-15 and (pi/4)^15 / 15! = 2.1e-14, 3.0e-14 of
 * sin a) */
static inline void
lp_vsincos_small(double *c, double *s, double a)
{
    double a2 = a * a, pc, ps;
    pc = -1.0 / 87178291200.0;
    pc = fma(pc, a2, 1.0 / 479001600.0);
    pc = fma(pc, a2, -1.0 / 3628800.0);
    pc = fma(pc, a2, 1.0 / 40320.0);
    pc = fma(pc, a2, -1.0 / 720.0);
    pc = fma(pc, a2, 1.0 / 24.0);
    pc = fma(pc, a2, -0.5);
    pc = fma(pc, a2, 1.0);
    ps = 1.0 / 6227020800.0;
    ps = fma(ps, a2, -1.0 / 39916800.0);
    ps = fma(ps, a2, 1.0 / 362880.0);
    ps = fma(ps, a2, -1.0 / 5040.0);
    ps = fma(ps, a2, 1.0 / 120.0);
    ps = fma(ps, a2, -1.0 / 6.0);
    ps = fma(ps, a2, 1.0);
    *c = pc;
    *s = ps * a;
}

#endif
