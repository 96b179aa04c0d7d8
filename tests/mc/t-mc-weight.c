/* t-mc-weight.c -- the Gaussian kernel's importance weight (src/mc/gauss_ball_weight.h)
 * by another route: for random mechanisms and samples, the weight the kernel adds
 * to its sums (one sample a call) against f(y) / q(y) evaluated in MPFR at 128 bits
 * from the radius of the y the kernel returns and the proposal as kernel.h
 * documents it (the components' scales, the shell's c, the pick probabilities:
 * not the kernel's precomputed logarithms); and the bound on |log w| it keeps,
 * which must hold and be within 2 log 2 of |log w|.  TAP. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <mpfr.h>
#include "tap.h"
#include "mc/mc.h"

static double
uniform(double lo, double hi)
{
    return lo + (hi - lo) * (rand() / (RAND_MAX + 1.0));
}

/* log of (2 pi s^2)^{-p/2} e^{-x^2 / (2 s^2)} into out */
static void
log_normal(mpfr_t out, int p, double s, const mpfr_t x)
{
    mpfr_t t, v;
    mpfr_inits2(128, t, v, (mpfr_ptr) 0);
    mpfr_set_d(v, s, MPFR_RNDN);
    mpfr_sqr(v, v, MPFR_RNDN);
    mpfr_mul_2ui(v, v, 1, MPFR_RNDN);                /* 2 s^2 */
    mpfr_const_pi(t, MPFR_RNDN);
    mpfr_mul(t, t, v, MPFR_RNDN);
    mpfr_log(t, t, MPFR_RNDN);
    mpfr_mul_d(out, t, -0.5 * p, MPFR_RNDN);
    mpfr_sqr(t, x, MPFR_RNDN);
    mpfr_div(t, t, v, MPFR_RNDN);
    mpfr_sub(out, out, t, MPFR_RNDN);
    mpfr_clears(t, v, (mpfr_ptr) 0);
}

/* log(f(y) / q(y)) at radius r */
static double
log_weight(const lp_gauss_ball_kernel *k, double sigma, double r_d)
{
    mpfr_t r, x, lf, lq, term, acc;
    const double before[3] = { 0.0, (double) k->pick[0], (double) k->pick[1] };
    double out;
    mpfr_inits2(128, r, x, lf, lq, term, acc, (mpfr_ptr) 0);
    mpfr_set_d(r, r_d, MPFR_RNDN);
    mpfr_sub_d(x, r, k->radius, MPFR_RNDN);
    if (mpfr_sgn(x) < 0)
        mpfr_set_zero(x, 1);
    log_normal(lf, k->p, sigma, x);
    mpfr_set_inf(acc, -1);                          /* log of the sum so far */
    for (int c = 0; c < 3; c++) {
        mpfr_set_d(term, ldexp((double) k->pick[c] - before[c], -32), MPFR_RNDN);
        mpfr_log(term, term, MPFR_RNDN);
        if (c == 1) {                               /* the shell, r > c only */
            mpfr_sub_d(x, r, k->shell_c, MPFR_RNDN);
            if (mpfr_sgn(x) <= 0)
                continue;
            log_normal(lq, k->p, k->scale[1], x);
            mpfr_add(term, term, lq, MPFR_RNDN);
            mpfr_div(lq, x, r, MPFR_RNDN);
            mpfr_log(lq, lq, MPFR_RNDN);
            mpfr_mul_si(lq, lq, k->p - 1, MPFR_RNDN);
            mpfr_add(term, term, lq, MPFR_RNDN);
        } else {
            log_normal(lq, k->p, k->scale[c], r);
            mpfr_add(term, term, lq, MPFR_RNDN);
        }
        if (mpfr_inf_p(acc))
            mpfr_set(acc, term, MPFR_RNDN);
        else {                                      /* log(e^acc + e^term) */
            mpfr_t big, small;
            mpfr_inits2(128, big, small, (mpfr_ptr) 0);
            mpfr_max(big, acc, term, MPFR_RNDN);
            mpfr_min(small, acc, term, MPFR_RNDN);
            mpfr_sub(small, small, big, MPFR_RNDN);
            mpfr_exp(small, small, MPFR_RNDN);
            mpfr_log1p(small, small, MPFR_RNDN);
            mpfr_add(acc, big, small, MPFR_RNDN);
            mpfr_clears(big, small, (mpfr_ptr) 0);
        }
    }
    mpfr_sub(lf, lf, acc, MPFR_RNDN);
    out = mpfr_get_d(lf, MPFR_RNDN);
    mpfr_clears(r, x, lf, lq, term, acc, (mpfr_ptr) 0);
    return out;
}

int
main(void)
{
    static double y[LP_MC_P_MAX * LP_MC_BATCH];
    const char *isa;
    lp_gauss_ball_batch_fn *batch = lp_gauss_ball_batch_select(&isa);
    double worst = 0, worst_bound = 0;
    int tried = 0, bad_bound = 0, zero = 0;
    srand(20261129);
    for (int t = 0; t < 3000; t++) {
        int p = 1 + rand() % 16;
        double sigma = exp(uniform(-1.5, 1.5)), radius = rand() % 5 == 0 ? 0.0 : exp(uniform(-1.5, 1.5));
        uint32_t first = (uint32_t) (rand() % LP_MC_BLOCK);
        uint64_t seed = (uint64_t) rand() << 31 ^ (uint64_t) rand(), block = (uint64_t) (rand() % 1000);
        lp_mechanism m;
        lp_gauss_ball_sums sums;
        long double rr = 0;
        double lw, w, err;
        if (lp_mechanism_gauss(&m, p, sigma, radius) != 0)
            continue;
        memset(&sums, 0, sizeof sums);
        batch(&sums, y, &m.kernel, seed, block, first, 1);
        for (int i = 0; i < p; i++)
            rr += (long double) y[i * LP_MC_BATCH] * y[i * LP_MC_BATCH];
        w = sums.w[0];
        lw = log_weight(&m.kernel, sigma, (double) sqrtl(rr));
        tried++;
        if (w == 0) {           /* only where the weight is below the doubles' reach */
            zero += lw > -700;
            continue;
        }
        err = fabs(log(w) - lw);
        worst = err > worst ? err : worst;
        bad_bound += !(sums.max_abs_log_w >= fabs(lw) - 1e-9 && sums.max_abs_log_w <= fabs(lw) + 2 * M_LN2 + 1e-9);
        worst_bound = fmax(worst_bound, sums.max_abs_log_w - fabs(lw));
        if (!(err <= 1e-11) && worst == err)
            tap_diag("p=%d sigma=%.17g R=%.17g seed=%llu block=%llu first=%u: log w %.17g, MPFR %.17g", p, sigma,
                     radius, (unsigned long long) seed, (unsigned long long) block, first, log(w), lw);
    }
    tap_ok(worst <= 1e-11 && zero == 0 && tried > 2500,
           "kernel %s: the weight of %d random samples (p 1..16, sigma and R in [0.22, 4.5]) is f/q by MPFR at "
           "the radius of its y within 1e-11 in log (worst %.3g; %d zero where MPFR says > e^-700)",
           isa, tried, worst, zero);
    tap_ok(bad_bound == 0, "the bound on |log w| holds and is within 2 log 2 of |log w| in all %d (%d not; "
           "largest excess %.3g)", tried, bad_bound, worst_bound);
    return tap_done();
}
