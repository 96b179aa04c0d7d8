/* pld_phi.c -- the standard normal density phi, and its cdf Phi at many
 * sorted points, certified (the masses of pld_grid_arb.c take millions of
 * them).  Contract in pld_grid.h. */
#include "account/pld/grid/pld_grid.h"
#include "numeric/numeric.h"
#include "core/host.h"

/* phi(x) = e^{-x^2/2} / sqrt(2 pi) */
void
pld_normal_density(arb_t res, const arb_t x, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_sqr(res, x, prec);
    arb_mul_2exp_si(res, res, -1);
    arb_neg(res, res);
    arb_exp(res, res, prec);
    arb_const_pi(t, prec);
    arb_mul_2exp_si(t, t, 1);
    arb_rsqrt(t, t, prec);
    arb_mul(res, res, t, prec);
    arb_clear(t);
}

/* Phi at sorted points z_0 <= z_1 <= ... (balls), in blocks: around a
 * centre c (an exact point), Phi(c + t) = Phi(c) + phi(c) sum_{n<N}
 * (-1)^n He_n(c) t^{n+1} / (n+1)! + R with, by Cramer's inequality
 * |He_n(x)| e^{-x^2/4} <= 1.0865 sqrt(n!) (Abramowitz and Stegun 22.14.17,
 * probabilists' form), |R| <= 0.4335 sqrt(N!) |t|^{N+1} / (N+1)!; for
 * |t| <= 1/16 and N = 12 that is < 4e-22.  One erfc per block instead of one
 * per point. */
#define TAYLOR_N 12
void
pld_phi_sorted(arb_ptr out, arb_srcptr z, int64_t n, slong prec)
{
    arb_t c, Pc, pc, t, acc, R, Rc, tmp;
    arb_ptr a = _arb_vec_init(TAYLOR_N);
    arb_init(Rc);
    arb_init(c);
    arb_init(Pc);
    arb_init(pc);
    arb_init(t);
    arb_init(acc);
    arb_init(R);
    arb_init(tmp);
    /* R = 0.4335 sqrt(N!) (1/16)^{N+1} / (N+1)! */
    arb_fac_ui(R, TAYLOR_N, prec);
    arb_sqrt(R, R, prec);
    arb_fac_ui(tmp, TAYLOR_N + 1, prec);
    arb_div(R, R, tmp, prec);
    arb_mul_2exp_si(R, R, -4 * (TAYLOR_N + 1));
    arb_set_d(tmp, 0.4336);
    arb_mul(R, R, tmp, prec);
    for (int64_t i = 0; i < n;) {
        int64_t j;
        if (lp_cancelled())
            break;              /* SIGINT/SIGTERM: no result (pld_init.c) */
        if (!arb_is_finite(z + i)) {
            arb_indeterminate(out + i);
            i++;
            continue;
        }
        arb_set_arf(c, arb_midref(z + i));
        lp_normal_cdf_arb(Pc, c, prec);
        pld_normal_density(pc, c, prec);            /* phi(c) */
        /* a_n = (-1)^n He_n(c) / (n+1)! */
        {
            arb_t h0, h1, h2, f;
            arb_init(h0);
            arb_init(h1);
            arb_init(h2);
            arb_init(f);
            arb_one(h0);
            arb_set(h1, c);
            arb_one(f);
            for (int k = 0; k < TAYLOR_N; k++) {
                arb_mul_ui(f, f, k + 1, prec);      /* (k+1)! */
                arb_div(a + k, k == 0 ? h0 : h1, f, prec);
                if (k & 1)
                    arb_neg(a + k, a + k);
                if (k >= 1) {                       /* h1 = He_k -> He_{k+1} */
                    arb_mul(h2, c, h1, prec);
                    arb_submul_ui(h2, h0, k, prec);
                    arb_swap(h0, h1);
                    arb_swap(h1, h2);
                }
            }
            arb_clear(h0);
            arb_clear(h1);
            arb_clear(h2);
            arb_clear(f);
        }
        /* Rc = R e^{-(|c| - 1/16)_+^2 / 4}: the remainder's Phi^(N+1)(xi) =
         * (-1)^N He_N(xi) phi(xi) and |He_N(xi)| phi(xi) <= 1.0865 sqrt(N!)
         * e^{-xi^2/4} / sqrt(2 pi) with |xi| >= |c| - 1/16: R's bound
         * above with e^{-xi^2/4} kept (in the tails it is far below 4e-22,
         * whose sum over millions of masses entered the FFT's bound) */
        {
            arb_abs(t, c);
            arb_set_d(tmp, 0.0625);
            arb_sub(t, t, tmp, prec);
            if (arb_is_positive(t)) {
                arb_sqr(t, t, prec);
                arb_mul_2exp_si(t, t, -2);
                arb_neg(t, t);
                arb_exp(t, t, prec);
                arb_mul(Rc, R, t, prec);
            } else {
                arb_set(Rc, R);
            }
        }
        for (j = i; j < n; j++) {
            arf_t u;
            int fits;
            arb_sub(t, z + j, c, prec);
            arf_init(u);
            arb_get_abs_ubound_arf(u, t, 30);
            fits = arb_is_finite(t) && arf_cmp_2exp_si(u, -4) <= 0;
            arf_clear(u);
            if (!fits)
                break;
            /* sum_{k<N} a_k t^{k+1} by Horner */
            arb_set(acc, a + TAYLOR_N - 1);
            for (int k = TAYLOR_N - 2; k >= 0; k--) {
                arb_mul(acc, acc, t, prec);
                arb_add(acc, acc, a + k, prec);
            }
            arb_mul(acc, acc, t, prec);
            arb_mul(acc, acc, pc, prec);
            arb_add_error(acc, Rc);
            arb_add(out + j, Pc, acc, prec);
        }
        if (j == i) {                               /* a wide ball: directly */
            lp_normal_cdf_arb(out + i, z + i, prec);
            j = i + 1;
        }
        i = j;
    }
    _arb_vec_clear(a, TAYLOR_N);
    arb_clear(c);
    arb_clear(Pc);
    arb_clear(pc);
    arb_clear(t);
    arb_clear(acc);
    arb_clear(R);
    arb_clear(Rc);
    arb_clear(tmp);
}
