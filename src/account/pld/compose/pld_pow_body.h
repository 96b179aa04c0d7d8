/* pld_pow_body.h -- the powers of the composition's coefficients, written
 * once for the real type lp_real of pld_real.h (included after it by
 * pld_compose_body.h, which composes one run and phases alike).  Their
 * error bounds are the composition's (pld_compose.c, pld_compose_best.c). */
#ifndef LP_PLD_POW_BODY_H
#define LP_PLD_POW_BODY_H

/* r = x^e for x >= 0 by binary powering (relative error <= (1+u)^(2e) - 1) */
static inline double
pow_real(double x, uint64_t e)
{
    double r = 1.0;
    while (e) {
        if (e & 1)
            r *= x;
        x *= x;
        e >>= 1;
    }
    return r;
}

static inline void
pow_complex(lp_real *re, lp_real *im, uint64_t e)
{
    lp_real xr = *re, xi = *im, rr = 1, ri = 0, t;
    while (e) {
        if (e & 1) {
            t = rr * xr - ri * xi;
            ri = rr * xi + ri * xr;
            rr = t;
        }
        t = xr * xr - xi * xi;
        xi = 2 * xr * xi;
        xr = t;
        e >>= 1;
    }
    *re = rr;
    *im = ri;
}

#endif
