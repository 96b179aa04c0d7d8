/* The Bayes capacity of Laplace noise (scale b per coordinate) with inputs in
 * the l1 ball of radius R, as our derivation gives it (other noise laws are
 * not in the papers, and held against Monte Carlo before it is trusted):
 *   sup_x f(x)(y) = (2b)^-p exp(-max(0, |y|_1 - R)/b), and the l1 ball's
 *   parallel body in the l1 metric gives  C = sum_{j=0}^{p} (R/b)^j / j!.
 * Three methods side by side: arb (the terms are Poisson weights, log-concave:
 * summed around their peak with a certified tail), naive doubles, log-space
 * doubles. */
#include <math.h>
#include "core/host.h"
#include "forms/forms.h"

typedef struct { arb_t x2; } poisson_chain;

/* T_{j+2} = T_j x^2 / ((j+1)(j+2)), x = R/b */
static void
poisson_step(arb_t out, const arb_t t, uint64_t j, int dir, void *vctx, slong prec)
{
    const poisson_chain *c = vctx;
    if (dir > 0) {
        arb_mul(out, t, c->x2, prec);
        arb_div_ui(out, out, (j + 1) * (j + 2), prec);
    } else {
        arb_mul_ui(out, t, (j - 1) * j, prec);
        arb_div(out, out, c->x2, prec);
    }
}

lp_status
lp_laplace_l1_arb(lp_result *res, const lp_params *par, slong prec)
{
    arb_t x, t, tk, tk1, sum;
    poisson_chain c;
    uint64_t p = par->p, k;
    slong wprec = prec + lp_dimension_extra_bits(p);
    double xd;

    arb_init(x); arb_init(t); arb_init(tk); arb_init(tk1); arb_init(sum); arb_init(c.x2);
    lp_decimal_arb(x, par->radius, wprec);
    lp_decimal_arb(t, par->b, wprec);
    arb_div(x, x, t, wprec);
    if (arb_is_zero(x)) {
        arb_one(sum);
        lp_result_set_arb(res, sum);
        goto done;
    }
    arb_sqr(c.x2, x, wprec);
    xd = lp_arb_mid_d(x);       /* from the ball: R/b of two huge decimals is no NaN */
    /* peak of x^j / j! at j = floor(x), clipped to [0, p-1] */
    k = !(xd > 0) ? 0 : xd >= (double) p ? p - 1 : (uint64_t) floor(xd);
    if (k > p - 1)
        k = p - 1;
    /* T_k = exp(k log x - lp_lgamma(k+1)) */
    arb_log(t, x, wprec);
    arb_mul_ui(tk, t, k, wprec);
    arb_set_ui(tk1, k + 1);
    arb_lgamma(tk1, tk1, wprec);
    arb_sub(tk, tk, tk1, wprec);
    arb_exp(tk, tk, wprec);
    arb_mul(tk1, tk, x, wprec);
    arb_div_ui(tk1, tk1, k + 1, wprec);
    lp_logconcave_sum_arb(sum, p, k, tk, tk1, poisson_step, &c, wprec);
    arb_set_round(sum, sum, prec);
    lp_result_set_arb(res, sum);
done:
    arb_clear(x); arb_clear(t); arb_clear(tk); arb_clear(tk1); arb_clear(sum); arb_clear(c.x2);
    return res->status;
}

lp_status
lp_laplace_l1_double(lp_result *res, const lp_params *par, slong prec)
{
    const double x = par->radius_d / par->b_d;
    double s = 0.0;
    (void) prec;
    if (par->p > LP_TERMS_MAX_DOUBLE)
        return lp_result_fail(res, LP_DECLINED, "p terms is more than %llu",
                              (unsigned long long) LP_TERMS_MAX_DOUBLE);
    lp_fp_watch_begin();
    for (uint64_t j = 0; j <= par->p && isfinite(s); j++)
        s += pow(x, (double) j) / tgamma((double) j + 1.0);
    return lp_result_set_double(res, s, lp_fp_watch_end());
}

lp_status
lp_laplace_l1_logdouble(lp_result *res, const lp_params *par, slong prec)
{
    const double lx = log(par->radius_d / par->b_d);
    lp_lse s;
    (void) prec;
    if (par->p > LP_TERMS_MAX_DOUBLE)
        return lp_result_fail(res, LP_DECLINED, "p terms is more than %llu",
                              (unsigned long long) LP_TERMS_MAX_DOUBLE);
    lp_lse_init(&s);
    for (uint64_t j = 0; j <= par->p; j++)
        lp_lse_add(&s, (j == 0 ? 0.0 : (double) j * lx) - lp_lgamma((double) j + 1.0));
    return lp_result_set_log(res, lp_lse_value(&s));
}
