/* capacity.c -- the study's mechanism as a row of the registry: its Bayes
 * capacity, certified by the registry's arb evaluator, and the noise scale
 * calibrated to a common (epsilon, delta) or to a common capacity.  Contract
 * in study.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "leakproof.h"
#include "channel/channel.h"
#include "privacy/privacy.h"
#include "reconstruct/study.h"

const char *
lp_recon_noise_name(lp_recon_noise noise)
{
    return noise == LP_RECON_GAUSS ? "gauss" : noise == LP_RECON_VMF ? "vmf" : "laplace-l1";
}

const char *
lp_recon_scale_name(lp_recon_noise noise)
{
    return noise == LP_RECON_GAUSS ? "sigma" : noise == LP_RECON_VMF ? "kappa" : "b";
}

int
lp_recon_capacity(arb_t c, lp_recon_noise noise, int p, double scale, double radius, slong digits)
{
    static const lp_param_id scale_id[] = { LP_PARAM_ID_SIGMA, LP_PARAM_ID_KAPPA, LP_PARAM_ID_B };
    char ptext[32], stext[40], rtext[40], err[200];
    const lp_form *form = lp_form_find(lp_recon_noise_name(noise), noise == LP_RECON_LAPLACE ? "derived"
                                       : "proof");
    lp_params par;
    lp_result res;
    int rc = -1;

    snprintf(ptext, sizeof ptext, "%d", p);
    snprintf(stext, sizeof stext, "%.17g", scale);
    snprintf(rtext, sizeof rtext, "%.17g", radius);
    lp_params_init(&par);
    lp_result_init(&res);
    if (form != NULL && lp_params_set(&par, LP_PARAM_ID_P, ptext, err, sizeof err) == 0
        && lp_params_set(&par, scale_id[noise], stext, err, sizeof err) == 0
        && (noise == LP_RECON_VMF || lp_params_set(&par, LP_PARAM_ID_RADIUS, rtext, err, sizeof err) == 0)
        && lp_evaluate(&res, form, LP_ARB, &par, digits, 0) == LP_OK && res.certified) {
        arb_set(c, res.value);
        rc = 0;
    }
    lp_result_clear(&res);
    lp_params_clear(&par);
    return rc;
}

/* log2 C at this scale, a double from the certified ball (it steers the
   bisection; the capacity reported is evaluated again, certified) */
static double
log2_capacity_d(lp_recon_noise noise, int p, double scale, double radius)
{
    arb_t c;
    double v = NAN;
    arb_init(c);
    if (lp_recon_capacity(c, noise, p, scale, radius, 6) == 0) {
        arb_log(c, c, 64);
        v = arf_get_d(arb_midref(c), ARF_RND_NEAR) / log(2.0);
    }
    arb_clear(c);
    return v;
}

int
lp_recon_calibrate_capacity(double *scale, lp_recon_noise noise, int p, double radius, double log2_target,
                            char *err, size_t errlen)
{
    /* C falls as sigma or b grows and rises with kappa; bisect in log scale
       between 1e-6 and 1e6 (C -> 1 at one end: a target of log2 C <= 0 is none) */
    double lo = log(1e-6), hi = log(1e6);
    const int rising = noise == LP_RECON_VMF;
    const double at_lo = log2_capacity_d(noise, p, exp(lo), radius);
    const double at_hi = log2_capacity_d(noise, p, exp(hi), radius);
    const double smallest = fmin(at_lo, at_hi), largest = fmax(at_lo, at_hi);
    if (!(log2_target > smallest && log2_target < largest)) {
        snprintf(err, errlen, "--capacity: log2 C = %.6g bits is not reached by %s between 1e-6 and "
                 "1e6 (log2 C from %.6g to %.6g bits there)", log2_target,
                 lp_recon_scale_name(noise), smallest, largest);
        return -1;
    }
    for (int it = 0; it < 80 && hi - lo > 1e-13; it++) {
        const double mid = 0.5 * (lo + hi), v = log2_capacity_d(noise, p, exp(mid), radius);
        if (isnan(v)) {
            snprintf(err, errlen, "--capacity: the capacity could not be evaluated at %s = %g",
                     lp_recon_scale_name(noise), exp(mid));
            return -1;
        }
        if ((v > log2_target) != rising)
            lo = mid;
        else
            hi = mid;
    }
    *scale = exp(0.5 * (lo + hi));
    return 0;
}

int
lp_recon_calibrate_dp(double *scale, lp_recon_noise noise, int p, double radius, const char *epsilon,
                      const char *delta, int paper, char *err, size_t errlen)
{
    const slong prec = 256;
    arb_t eps, del, sens, v;
    int rc = 0;
    arb_init(eps);
    arb_init(del);
    arb_init(sens);
    arb_init(v);
    lp_decimal_arb(eps, epsilon, prec);
    lp_decimal_arb(del, delta, prec);
    if (paper) {
        /* Biswas et al.'s calibration: the classical Gaussian sigma at clip 1
           (Dwork and Roth), kappa = epsilon (Appendix A), b = 1/epsilon */
        arb_one(sens);
        if (noise == LP_RECON_GAUSS)
            lp_calibrate_classical(v, eps, del, sens, prec);
        else if (noise == LP_RECON_VMF)
            arb_set(v, eps);
        else
            arb_inv(v, eps, prec);
    } else if (noise == LP_RECON_GAUSS) {
        /* any two inputs of the ball: sensitivity 2R (the analytic Gaussian) */
        arb_set_d(sens, 2 * radius);
        rc = lp_calibrate_analytic(v, eps, del, sens, 10, prec);
    } else if (noise == LP_RECON_VMF) {
        rc = lp_vmf_calibrate_kappa(v, (uint64_t) p, eps, del, 10, prec);     /* the antipodal pair */
    } else {
        /* any two inputs of the l1 ball: Delta = 2R, b = Delta / (eps - 2 log(1 - delta))
           (calibrate_dp.c's closed form) */
        arb_sub_si(v, del, 1, prec);
        arb_neg(v, v);
        arb_log(v, v, prec);
        arb_mul_2exp_si(v, v, 1);
        arb_sub(v, eps, v, prec);
        arb_set_d(sens, 2 * radius);
        arb_div(v, sens, v, prec);
    }
    *scale = arf_get_d(arb_midref(v), ARF_RND_NEAR);
    if (rc != 0 || !arb_is_finite(v) || !(*scale > 0)) {
        snprintf(err, errlen, "--epsilon %s --delta %s: %s could not be calibrated", epsilon, delta,
                 lp_recon_scale_name(noise));
        rc = -1;
    }
    arb_clear(eps);
    arb_clear(del);
    arb_clear(sens);
    arb_clear(v);
    return rc;
}
