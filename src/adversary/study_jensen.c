/* `adversary jensen`: the Jensen step before Balunovic et al.'s eq. (3) with
 * the printed C and with C = 1/vol(B), certified, and eq. (3)'s k-sample
 * objective by Monte Carlo.  Contract in adversary.h. */
#include <math.h>
#include "adversary/adversary.h"
#include "core/host.h"

static const char *
verdict(const arb_t lhs, const arb_t rhs)
{
    return arb_ge(lhs, rhs) ? "holds" : arb_lt(lhs, rhs) ? "fails" : "undecided";
}

/* The objective's Monte Carlo in doubles: K and alpha delta^2 as doubles, or
 * status overflow when they leave the double range (a huge gain, say). */
static void
k_samples(lp_record *rec, const lp_adversary_model *m, const arb_t K, const arb_t ad2)
{
    static const ulong ks[] = { 1, 10, 100, 1000, 10000 };
    const ulong reps = 500;
    const double Kd = arf_get_d(arb_midref(K), ARF_RND_NEAR), ad2d = arf_get_d(arb_midref(ad2), ARF_RND_NEAR);
    const int fits = isfinite(Kd) && isfinite(ad2d) && fabs(Kd) < 1e300 && ad2d < 1e300;
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
        lp_record *row = lp_record_append(rec, "k_samples");
        lp_record_int(row, "k", (int64_t) ks[i]);
        lp_record_int(row, "repetitions", (int64_t) reps);
        if (fits) {
            double mean, sd;
            gsl_rng *r = lp_adversary_rng(m->seed, (uint32_t) i);
            lp_adversary_objective_mc(&mean, &sd, m->d, Kd, ad2d, ks[i], reps, r);
            gsl_rng_free(r);
            lp_record_text(row, "status", "ok");
            lp_record_double(row, "estimate", mean);
            lp_record_double(row, "std_error", sd / sqrt((double) reps));
            lp_record_double(row, "objective_sd", sd);
        } else {
            lp_record_text(row, "status", "overflow");
            lp_record_null(row, "estimate");
            lp_record_null(row, "std_error");
            lp_record_null(row, "objective_sd");
        }
    }
}

lp_adversary_outcome
lp_adversary_jensen_study(lp_record *rec, const lp_adversary_model *m)
{
    lp_ziv z;
    arb_t v, a, s, delta, g, lp, rp, lv, rv, mq, sq, K, ad2;
    slong got;
    lp_adversary_outcome outcome;
    const char *gnorm = m->g_norm ? m->g_norm : "0";
    arb_init(v); arb_init(a); arb_init(s); arb_init(delta); arb_init(g); arb_init(lp); arb_init(rp);
    arb_init(lv); arb_init(rv); arb_init(mq); arb_init(sq); arb_init(K); arb_init(ad2);
    for (lp_ziv_init(&z, m->digits, &lp_adversary_ziv);;) {
        arb_srcptr all[6] = { lp, rp, lv, rv, mq, sq };
        lp_decimal_arb(v, m->prior_var, z.prec);
        lp_decimal_arb(a, m->gain, z.prec);
        lp_decimal_arb(s, m->noise, z.prec);
        lp_decimal_arb(delta, m->delta, z.prec);
        lp_decimal_arb(g, gnorm, z.prec);
        lp_adversary_jensen(lp, rp, lv, rv, mq, sq, K, ad2, m->d, v, a, s, delta, g, z.prec);
        got = m->digits;
        for (int i = 0; i < 6; i++)
            got = FLINT_MIN(got, lp_adversary_certified_digits(all[i], m->digits));
        if (got >= m->digits || !lp_ziv_next(&z) || lp_cancelled())
            break;
    }
    lp_adversary_model_fields(rec, "adversary jensen", m);
    lp_record_text(rec, "g_norm", gnorm);
    lp_record_int(rec, "seed", (int64_t) m->seed);
    outcome = lp_adversary_precision_fields(rec, got, m->digits, z.prec);
    lp_record_ball(rec, "lhs_printed_c", lp, got);
    lp_record_ball(rec, "rhs_printed_c", rp, got);
    lp_record_text(rec, "verdict_printed_c", verdict(lp, rp));
    lp_record_ball(rec, "lhs_volume_c", lv, got);
    lp_record_ball(rec, "rhs_volume_c", rv, got);
    lp_record_text(rec, "verdict_volume_c", verdict(lv, rv));
    lp_record_ball(rec, "objective_limit", mq, got);
    lp_record_ball(rec, "objective_sd", sq, got);
    k_samples(rec, m, K, ad2);
    arb_clear(v); arb_clear(a); arb_clear(s); arb_clear(delta); arb_clear(g); arb_clear(lp); arb_clear(rp);
    arb_clear(lv); arb_clear(rv); arb_clear(mq); arb_clear(sq); arb_clear(K); arb_clear(ad2);
    return outcome;
}
