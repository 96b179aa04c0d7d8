/* RDP of one step of the subsampled Gaussian at an integer order, certified:
 * the binomial sum of Mironov, Talwar and Zhang (2019), Section 3.3, as
 * A - 1 = sum_{k>=2} b_k (g_k - 1) with b_k = C(alpha,k)(1-q)^{alpha-k} q^k and
 * g_k = exp((k^2-k) h), h = 1/(2M^2).  Contract in rdp.h. */
#include "account/rdp/rdp.h"
#include "core/host.h"

void
lp_rdp_int_arb(arb_t rdp, const lp_dpsgd *run, uint64_t alpha, slong prec)
{
    const slong wp = prec + 2 * FLINT_BIT_COUNT(alpha) + 10;
    arb_t h, b, rho, g, gm1, step, x, sum, t;
    uint64_t k;

    arb_init(h);
    arb_init(b);
    arb_init(rho);
    arb_init(g);
    arb_init(gm1);
    arb_init(step);
    arb_init(x);
    arb_init(sum);
    arb_init(t);

    arb_sqr(h, run->M, wp);
    arb_mul_2exp_si(h, h, 1);
    arb_inv(h, h, wp);                          /* h = 1/(2M^2) */

    if (run->q_is_one) {                        /* no subsampling: alpha/(2M^2) */
        arb_mul_ui(rdp, h, alpha, prec);
        goto done;
    }

    /* b_2 = alpha(alpha-1)/2 q^2 (1-q)^(alpha-2);  rho = q/(1-q) */
    arb_sub_ui(t, run->q, 1, wp);
    arb_neg(t, t);                              /* 1 - q */
    arb_div(rho, run->q, t, wp);
    arb_pow_ui(b, t, alpha - 2, wp);
    arb_sqr(t, run->q, wp);
    arb_mul(b, b, t, wp);
    arb_set_ui(t, alpha);
    arb_mul_ui(t, t, alpha - 1, wp);
    arb_mul_2exp_si(t, t, -1);
    arb_mul(b, b, t, wp);

    arb_zero(sum);
    /* g_k - 1 by expm1 while (k^2-k) h is small (no cancellation); beyond,
     * g_{k+1} = g_k exp(2 h k) by one product, where g_k - 1 loses at most a
     * factor e/(e-1) of relative accuracy. */
    {
        int direct = 1;
        for (k = 2; k <= alpha; k++) {
            if ((k & 0xffff) == 0 && lp_cancelled()) {     /* SIGINT/SIGTERM: no result */
                arb_indeterminate(rdp);
                goto done;
            }
            if (direct) {
                arb_set_ui(x, k);
                arb_mul_ui(x, x, k - 1, wp);
                arb_mul(x, x, h, wp);           /* (k^2-k) h */
                arb_expm1(gm1, x, wp);
                if (arf_cmpabs_2exp_si(arb_midref(x), 0) >= 0) {
                    /* switch: g_k and the step exp(2 h k) */
                    direct = 0;
                    arb_add_ui(g, gm1, 1, wp);
                    arb_mul_ui(step, h, 2 * k, wp);
                    arb_exp(step, step, wp);
                    arb_mul_2exp_si(x, h, 1);
                    arb_exp(x, x, wp);          /* x = exp(2h): step's own step */
                }
            } else {
                /* g_k = g_{k-1} exp(2h(k-1)); step holds exp(2h(k-1)) */
                arb_mul(g, g, step, wp);
                arb_mul(step, step, x, wp);
                arb_sub_ui(gm1, g, 1, wp);
            }
            arb_mul(t, b, gm1, wp);
            arb_add(sum, sum, t, wp);
            /* b_{k+1} = b_k (alpha-k)/(k+1) rho */
            if (k < alpha) {
                arb_mul_ui(b, b, alpha - k, wp);
                arb_div_ui(b, b, k + 1, wp);
                arb_mul(b, b, rho, wp);
            }
        }
    }
    arb_log1p(t, sum, wp);
    arb_div_ui(rdp, t, alpha - 1, prec);

done:
    arb_clear(h);
    arb_clear(b);
    arb_clear(rho);
    arb_clear(g);
    arb_clear(gm1);
    arb_clear(step);
    arb_clear(x);
    arb_clear(sum);
    arb_clear(t);
}
