/* `adversary gaussian`: the Bayes optimal delta-ball adversary's success in
 * the linear-Gaussian model, certified to the digits asked, beside its Monte
 * Carlo estimate.  Contract in adversary.h. */
#include <stdlib.h>
#include "core/host.h"
#include "adversary/adversary.h"

/* The sampler works in doubles: it declines parameters whose squares or
 * ratios would leave the double range. */
static int
sampler_fits(const lp_adversary_model *m)
{
    const char *lo = "1e-30", *hi = "1e30";
    return !lp_adversary_decimal_outside(m->prior_var, lo, hi) && !lp_adversary_decimal_outside(m->noise, lo, hi)
           && !lp_adversary_decimal_outside(m->delta, lo, hi)
           && (lp_decimal_sign(m->gain) == 0 || !lp_adversary_decimal_outside(m->gain, lo, hi));
}

static void
monte_carlo(lp_record *rec, const lp_adversary_model *m)
{
    lp_record *mc = lp_record_object(rec, "mc");
    lp_record_int(mc, "samples", (int64_t) m->samples);
    lp_record_int(mc, "seed", (int64_t) m->seed);
    if (!sampler_fits(m)) {
        lp_record_text(mc, "status", "declined");
        lp_record_null(mc, "estimate");
        lp_record_null(mc, "std_error");
        lp_record_text(mc, "note", "the double-precision sampler needs prior-var, gain, noise and delta in [1e-30, 1e30]");
        return;
    }
    {
        double est, se;
        gsl_rng *r = lp_adversary_rng(m->seed, 0);
        lp_adversary_gaussian_mc(&est, &se, m->d, lp_strtod(m->prior_var, NULL), lp_strtod(m->gain, NULL),
                                 lp_strtod(m->noise, NULL), lp_strtod(m->delta, NULL), 0.0, m->samples, r);
        gsl_rng_free(r);
        lp_record_text(mc, "status", "ok");
        lp_record_double(mc, "estimate", est);
        lp_record_double(mc, "std_error", se);
    }
}

lp_adversary_outcome
lp_adversary_gaussian_study(lp_record *rec, const lp_adversary_model *m)
{
    lp_ziv z;
    arb_t v, a, s, delta, post, prior, ratio;
    slong got;
    lp_adversary_outcome outcome;
    arb_init(v); arb_init(a); arb_init(s); arb_init(delta);
    arb_init(post); arb_init(prior); arb_init(ratio);
    for (lp_ziv_init(&z, m->digits, &lp_adversary_ziv);;) {
        lp_decimal_arb(v, m->prior_var, z.prec);
        lp_decimal_arb(a, m->gain, z.prec);
        lp_decimal_arb(s, m->noise, z.prec);
        lp_decimal_arb(delta, m->delta, z.prec);
        lp_adversary_gaussian_success(post, prior, m->d, v, a, s, delta, z.prec);
        arb_div(ratio, post, prior, z.prec);
        got = lp_adversary_certified_digits(post, m->digits);
        got = FLINT_MIN(got, lp_adversary_certified_digits(prior, m->digits));
        got = FLINT_MIN(got, lp_adversary_certified_digits(ratio, m->digits));
        if (got >= m->digits || !lp_ziv_next(&z) || lp_cancelled())
            break;
    }
    lp_adversary_model_fields(rec, "adversary gaussian", m);
    outcome = lp_adversary_precision_fields(rec, got, m->digits, z.prec);
    lp_record_ball(rec, "success_posterior", post, got);
    lp_record_ball(rec, "success_prior", prior, got);
    lp_record_ball(rec, "leakage", ratio, got);
    if (m->samples > 0)
        monte_carlo(rec, m);
    arb_clear(v); arb_clear(a); arb_clear(s); arb_clear(delta);
    arb_clear(post); arb_clear(prior); arb_clear(ratio);
    return outcome;
}
