/* study.c -- `leakproof reconstruct`'s record: the inputs, the Monte Carlo
 * attacker, and beside it what the papers bound (contract in study.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/attacker.h"
#include "reconstruct/study.h"

static const char *const prior_names[] = { "points", "sphere-points", "gauss", "ball", "sphere", "digits",
                                           "simplex" };

int
lp_recon_check(const lp_recon_setup *s, char *err, size_t errlen)
{
    const int finite = lp_recon_prior_finite(s);
    if (s->p < (s->noise == LP_RECON_VMF ? 2 : 1) || s->p > LP_RECON_P_MAX)
        snprintf(err, errlen, "--p must be an integer from %d to %d", s->noise == LP_RECON_VMF ? 2 : 1,
                 LP_RECON_P_MAX);
    else if (!(s->scale > 0 && s->scale < 1e300))
        snprintf(err, errlen, "--%s must be a number > 0 and below 1e300", lp_recon_scale_name(s->noise));
    else if (s->noise != LP_RECON_VMF && !(s->radius > 0 && s->radius < 1e300))
        snprintf(err, errlen, "--radius must be a number > 0 and below 1e300");
    else if (s->noise == LP_RECON_VMF && s->prior == LP_PRIOR_GAUSS)
        snprintf(err, errlen, "--prior gauss does not apply to vmf (its inputs are on the sphere)");
    else if (finite && (s->n < 1 || s->n > LP_RECON_N_MAX))
        snprintf(err, errlen, "--n must be an integer from 1 to %d", LP_RECON_N_MAX);
    else if (!finite && (s->inner < 1 || s->inner > LP_RECON_INNER_MAX))
        snprintf(err, errlen, "--inner must be an integer from 1 to %d", LP_RECON_INNER_MAX);
    else if (s->prior == LP_PRIOR_GAUSS && !(s->prior_scale > 0 && s->prior_scale < 1e300))
        snprintf(err, errlen, "--prior-scale must be a number > 0 and below 1e300");
    else if (s->prior == LP_PRIOR_DIGITS && s->p != LP_RECON_DIGITS_P)
        snprintf(err, errlen, "--p must be %d with --prior digits (8x8 images)", LP_RECON_DIGITS_P);
    else if (s->prior == LP_PRIOR_DIGITS && s->n > LP_RECON_DIGITS_ROWS)
        snprintf(err, errlen, "--n must be an integer from 1 to %d with --prior digits", LP_RECON_DIGITS_ROWS);
    else if (s->prior == LP_PRIOR_DIGITS && s->data == NULL)
        snprintf(err, errlen, "--prior digits: no data read");
    else if (s->prior == LP_PRIOR_SIMPLEX && s->n > s->p)
        snprintf(err, errlen, "--prior simplex: n = %d vertices need --p at least %d (a whole run's attacker, "
                 "--sampling-rate and --steps, takes p >= n - 1)", s->n, s->n);
    else if (s->ball_radius != 0 && !(s->ball_radius > 0 && s->ball_radius < 1e300))
        snprintf(err, errlen, "--ball-radius must be a number > 0 and below 1e300");
    else if (s->ball_radius > 0 && !finite)
        snprintf(err, errlen, "--ball-radius needs a finite prior (points, sphere-points or digits)");
    else if (s->ball_radius > 0 && s->n > LP_RECON_BALL_N_MAX)
        snprintf(err, errlen, "--n must be at most %d with --ball-radius (the balls' neighbourhoods take n^2)",
                 LP_RECON_BALL_N_MAX);
    else
        return 1;
    return 0;
}

const char *
lp_recon_prior_name(lp_recon_prior prior)
{
    return prior_names[prior];
}

int
lp_recon_prior_from_name(const char *name)
{
    for (int i = 0; i < (int) (sizeof prior_names / sizeof prior_names[0]); i++)
        if (strcmp(name, prior_names[i]) == 0)
            return i;
    return -1;
}

static void
inputs(lp_record *rec, const lp_recon_setup *s, const lp_recon_calibration *cal)
{
    const int finite = lp_recon_prior_finite(s);
    lp_record_text(rec, "command", "reconstruct");
    lp_record_text(rec, "mechanism", lp_recon_noise_name(s->noise));
    lp_record_int(rec, "p", s->p);
    lp_record_textf(rec, lp_recon_scale_name(s->noise), "%.17g", s->scale);
    if (s->noise != LP_RECON_VMF)
        lp_record_textf(rec, "radius", "%.17g", s->radius);
    lp_record_text(rec, "calibration", cal->calibration);
    if (cal->epsilon) {
        lp_record_text(rec, "epsilon", cal->epsilon);
        lp_record_text(rec, "delta", cal->delta);
    }
    if (cal->capacity_bits)
        lp_record_text(rec, "capacity_target_bits", cal->capacity_bits);
    lp_record_text(rec, "prior", prior_names[s->prior]);
    if (s->prior == LP_PRIOR_DIGITS)
        lp_record_text(rec, "data", s->data_file);
    if (finite)
        lp_record_int(rec, "n", s->n);
    else
        lp_record_int(rec, "inner", s->inner);
    if (s->prior == LP_PRIOR_GAUSS)
        lp_record_double(rec, "prior_scale", s->prior_scale);
    if (s->ball_radius > 0)
        lp_record_textf(rec, "ball_radius", "%.17g", s->ball_radius);
    lp_record_int(rec, "samples", (int64_t) s->samples);
    lp_record_int(rec, "seed", (int64_t) s->seed);
}

/* min(1, C v): the capacity bound on a gain whose prior vulnerability is
   v = k/n (k points of n in the best ball; k recovered exactly from the double) */
static void
capacity_times(lp_record *rec, const char *key, const arb_t c, double v, int n)
{
    arb_t b, one;
    arb_init(b);
    arb_init(one);
    arb_mul_ui(b, c, (ulong) llround(v * n), 128);
    arb_div_ui(b, b, (ulong) n, 128);
    arb_one(one);
    arb_min(b, b, one, 128);
    lp_record_ball(rec, key, b, 4);
    arb_clear(b);
    arb_clear(one);
}

/* the delta-ball gain's keys (leakproof(1)); c the certified capacity or NULL */
static void
delta_record(lp_record *rec, const lp_recon_result *r, const arb_t c, int n)
{
    lp_record_double(rec, "ball_success", r->ball_success);
    lp_record_double(rec, "ball_success_std_error", r->ball_success_se);
    lp_record_double(rec, "ball_success_upper", r->ball_upper);
    lp_record_double(rec, "ball_success_upper_std_error", r->ball_upper_se);
    lp_record_double(rec, "ball_prior_vulnerability", r->ball_prior);
    lp_record_double(rec, "ball_prior_vulnerability_upper", r->ball_prior_upper);
    lp_record_text(rec, "ball_note", "the delta-ball gain 1{|w - x|_2 <= ball_radius}: ball_success is the best "
                   "guess among the prior's points, E max_k P(B(x_k, delta) | y); no guess anywhere does better "
                   "than ball_success_upper, E max_k P(B(x_k, 2 delta) | y); each is at most min(1, C times its "
                   "gain's prior vulnerability), ball_capacity_bound and ball_capacity_bound_upper");
    if (c != NULL) {
        capacity_times(rec, "ball_capacity_bound", c, r->ball_prior, n);
        capacity_times(rec, "ball_capacity_bound_upper", c, r->ball_prior_upper, n);
    } else {
        lp_record_null(rec, "ball_capacity_bound");
        lp_record_null(rec, "ball_capacity_bound_upper");
    }
}

int
lp_recon_study(lp_record *rec, const lp_recon_setup *s, const lp_recon_calibration *cal)
{
    lp_recon_result r;
    const double tan = lp_recon_tan_bound(s);
    /* the capacity bounds a secret inside the mechanism's input set */
    const int bounded = s->prior != LP_PRIOR_GAUSS;
    arb_t c, l2;

    if (lp_recon_estimate(&r, s) != 0)
        return -1;
    inputs(rec, s, cal);
    lp_record_int(rec, "threads", r.threads);
    lp_record_int(rec, "ranks", r.ranks);
    if (r.finite) {
        lp_record_double(rec, "success", r.success);
        lp_record_double(rec, "success_std_error", r.success_se);
    } else {
        lp_record_null(rec, "success");
        lp_record_null(rec, "success_std_error");
    }
    lp_record_double(rec, "mse", r.mse);
    lp_record_double(rec, "mse_std_error", r.mse_se);
    lp_record_double(rec, "mse_per_coordinate", r.mse / s->p);
    lp_record_double(rec, "prior_mse", r.prior_mse);
    if (s->prior == LP_PRIOR_DIGITS) {          /* an image prior: PSNR beside the MSE */
        double se, psnr = lp_recon_psnr(&se, r.mse, r.mse_se, s->p, lp_recon_digits_peak(s));
        lp_record_double(rec, "psnr", psnr);
        lp_record_double(rec, "psnr_std_error", se);
    }
    if (r.finite) {
        lp_record_double(rec, "mutual_information", r.information);
        lp_record_double(rec, "mutual_information_std_error", r.information_se);
    } else if (lp_recon_posterior_closed(s)) {
        lp_record_null(rec, "inner_ess_mean");
        lp_record_double(rec, "mse_bias", r.mse_bias);
    } else {
        lp_record_double(rec, "inner_ess_mean", r.ess_mean);
        lp_record_double(rec, "mse_bias", r.mse_bias);   /* NAN: null, not estimated */
    }
    if (isnan(tan))
        lp_record_null(rec, "tan_bound");
    else
        lp_record_double(rec, "tan_bound", tan);
    arb_init(c);
    arb_init(l2);
    if (lp_recon_capacity(c, s->noise, s->p, s->scale, s->radius, 10) == 0) {
        if (s->ball_radius > 0)
            delta_record(rec, &r, c, s->n);
        lp_record_ball(rec, "capacity", c, 10);
        arb_log(l2, c, 128);
        arb_const_log2(c, 128);
        arb_div(l2, l2, c, 128);
        if (bounded)
            lp_attacker_record(rec, l2, r.finite ? s->n : 0);
        else
            lp_attacker_absent(rec, "no bound on an attacker: the prior's secrets lie outside the "
                               "mechanism's input set, where its capacity says nothing");
    } else {
        if (s->ball_radius > 0)
            delta_record(rec, &r, NULL, s->n);
        lp_record_null(rec, "capacity");
        lp_attacker_absent(rec, "no bound on an attacker: the mechanism's capacity was not certified "
                           "at these parameters");
    }
    arb_clear(c);
    arb_clear(l2);
    lp_record_text(rec, "note", r.finite
                   ? "success: the MAP guess's success probability, E max_x P(x|y); mse: the posterior "
                     "mean's error E|x - E[x|y]|^2 (the MMSE); both Monte Carlo over (x, y), "
                     "Rao-Blackwellised; the posterior over the n points is exact"
                   : lp_recon_posterior_closed(s) ? "mse: the posterior mean's error, the posterior mean in "
                     "closed form (s^2/(s^2 + sigma^2) y: Gaussian prior, Gaussian noise), Monte Carlo over (x, y) "
                     "with no bias; a Gaussian prior is not inside the mechanism's input set: its capacity bounds "
                     "nothing here"
                   : r.mse_bias != r.mse_bias ? "mse: the posterior mean's error by self-normalised importance "
                     "sampling with `inner` prior draws per sample; with fewer than 4 draws its O(1/inner) bias "
                     "is neither removed nor estimated: mse_std_error does not cover it"
                   : bounded ? "mse: the posterior mean's error by self-normalised importance sampling with "
                     "`inner` prior draws per sample, its O(1/inner) bias removed by Richardson's extrapolation "
                     "(2 e_inner - e_inner/2) and the remaining bias estimated (mse_bias, from inner/2 and "
                     "inner/4) and inside mse_std_error; exact reconstruction of a continuous secret succeeds "
                     "with probability 0"
                   : "mse: the posterior mean's error by self-normalised importance sampling with `inner` "
                     "prior draws per sample, its O(1/inner) bias removed by Richardson's extrapolation and the "
                     "remaining bias estimated (mse_bias) and inside mse_std_error; a Gaussian prior is not "
                     "inside the mechanism's input set: its capacity bounds nothing here");
    return 0;
}
