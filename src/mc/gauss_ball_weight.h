/* gauss_ball_weight.h -- the kernel's importance weight w = f(x*(y))(y) / q(y)
 * from the radius r = |y| alone (f, with x* the nearest point of the ball, and
 * the three radial components of q depend on y through r only), included by
 * gauss_ball_kernel.c and vectorised there.
 *
 * 1/w = q/f = e^{x_0} + e^{x_1} + e^{x_2}, x_k = log(pi_k q_k(y) / f(y)):
 *   x_k = C_k + b d^2 - a_k r^2                  (k = 0, 2; the normals)
 *   x_1 = C_1 + b d^2 - a_1 t^2 + (p-1) log(t/r)  (the shell, t = r - c > 0;
 *                                                  no term when t <= 0)
 * with C_k = mix_log_c[k] + log_norm, b = 1/(2 sigma^2), d = max(r - R, 0).
 * The shell's log is merged into its exponential as the power (t/r)^{p-1}
 * (binary powering: a few products, no log), and no term is taken out as the
 * largest: the exponential covers all doubles (lp_vexp: e^{x} infinite
 * beyond 709.78, so that w = 1/inf = 0 where w < e^{-709}; the setup keeps
 * w < e^{690}, so the sum stays a normal double).  3 exponentials, 2
 * divisions (t/r, 1/w); no log, no maximum (it was 3 exponentials, a log, 3
 * divisions and the selects around the largest term).  The shell's exponent
 * is at most C_1 = log pi_1 < 0 with set_kernel's s_1 = sigma and c <= R; it
 * is clamped at 700 all the same, so that e^{x_1'} stays finite where the
 * power is 0.
 *
 * The bound on |log w|: the sum S = 1/w lies in [2^E, 2^{E+1}) for its
 * binary exponent E, so |log w| <= (|E| + 1) log 2, largest at the smallest
 * or the largest S of the batch (w > 0: S finite). */
#ifndef LP_MC_GAUSS_BALL_WEIGHT_H
#define LP_MC_GAUSS_BALL_WEIGHT_H

#include "mc/kernel.h"
#include "mc/vmath.h"

/* the binary exponent of a normal x > 0 as a double, by the 2^52 trick (lp_vlog's) */
static inline double
binary_exponent(double x)
{
    return (lp_bits_double(0x4330000000000000ULL | (lp_double_bits(x) >> 52)) - 0x1p52) - 1023.0;
}

/* the weights of the radii rr[0 .. n-1], added to *sums (kernel.h) */
static inline void
gauss_ball_weights(lp_gauss_ball_sums *restrict sums, const double *restrict rr,
                   const lp_gauss_ball_kernel *k, int n)
{
    const double R = k->radius, b = k->inv_two_sigma2, c = k->shell_c;
    const double C0 = k->mix_log_c[0] + k->log_norm, C1 = k->mix_log_c[1] + k->log_norm,
                 C2 = k->mix_log_c[2] + k->log_norm;
    const double a0 = k->mix_a[0], a1 = k->mix_a[1], a2 = k->mix_a[2];
    const int pm1 = k->p - 1;
    double x0[LP_MC_BATCH], x1[LP_MC_BATCH], x2[LP_MC_BATCH], base[LP_MC_BATCH], power[LP_MC_BATCH];
    double w[LP_MC_BATCH], lo[LP_MC_SUMS], hi[LP_MC_SUMS];
    int j = 0;
    for (j = 0; j < n; j++) {
        const double r = rr[j], d = r > R ? r - R : 0.0, bd2 = b * (d * d), t = r - c, r2 = r * r;
        const double shell = C1 + bd2 - a1 * (t * t);
        x0[j] = C0 + bd2 - a0 * r2;
        x2[j] = C2 + bd2 - a2 * r2;
        x1[j] = shell < 700.0 ? shell : 700.0;
        base[j] = t > 0.0 ? t / r : 0.0;         /* in (0, 1] */
        power[j] = t > 0.0 ? (pm1 & 1 ? base[j] : 1.0) : 0.0;
    }
    for (int m = pm1 >> 1; m > 0; m >>= 1) {      /* power = (t/r)^{p-1}, bit by bit */
        if (m & 1)
            for (j = 0; j < n; j++) {
                base[j] *= base[j];
                power[j] *= base[j];
            }
        else
            for (j = 0; j < n; j++)
                base[j] *= base[j];
    }
    for (j = 0; j < n; j++) {                     /* x0 becomes S = 1/w */
        x0[j] = (lp_vexp(x0[j]) + lp_vexp(x1[j]) * power[j]) + lp_vexp(x2[j]);
        w[j] = 1.0 / x0[j];
    }
    /* the sums, and the smallest and the largest finite S, lane by lane (a
     * minimum is exact in any order) */
    for (int i = 0; i < LP_MC_SUMS; i++) {
        lo[i] = INFINITY;
        hi[i] = 0.0;
    }
    for (j = 0; j + LP_MC_SUMS <= n; j += LP_MC_SUMS)
        for (int i = 0; i < LP_MC_SUMS; i++) {
            const double sj = x0[j + i];
            sums->w[i] += w[j + i];
            sums->w2[i] += w[j + i] * w[j + i];
            lo[i] = sj < lo[i] ? sj : lo[i];
            hi[i] = sj < INFINITY && sj > hi[i] ? sj : hi[i];
        }
    for (int i = 0; j < n; i++, j++) {
        sums->w[i] += w[j];
        sums->w2[i] += w[j] * w[j];
        lo[i] = x0[j] < lo[i] ? x0[j] : lo[i];
        hi[i] = x0[j] < INFINITY && x0[j] > hi[i] ? x0[j] : hi[i];
    }
    for (int i = 1; i < LP_MC_SUMS; i++) {
        lo[0] = lo[i] < lo[0] ? lo[i] : lo[0];
        hi[0] = hi[i] > hi[0] ? hi[i] : hi[0];
    }
    if (hi[0] > 0.0) {                            /* some w > 0 */
        double e0 = binary_exponent(lo[0]), e1 = binary_exponent(hi[0]), e;
        e0 = e0 < 0.0 ? -e0 : e0;
        e1 = e1 < 0.0 ? -e1 : e1;
        e = ((e0 > e1 ? e0 : e1) + 1.0) * 0.69314718055994531;
        sums->max_abs_log_w = e > sums->max_abs_log_w ? e : sums->max_abs_log_w;
    }
}

#endif
