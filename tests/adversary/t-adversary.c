/* t-adversary.c -- the Bayes optimal delta-ball adversary in the linear-
 * Gaussian model (certified against an independent route and Monte Carlo; the
 * posterior mean is the best centre), and Section 5's linear-layer
 * reconstruction in ball arithmetic with its refusal. */
#include <math.h>
#include "tap.h"
#include "helpers.h"
#include "mutant-arb.h"
#include "adversary/adversary.h"

static void
set(arb_t x, const char *s)
{
    lp_decimal_arb(x, s, 256);
}

static void
test_gaussian(void)
{
    static const struct { ulong d; const char *v, *a, *s, *delta; } cases[] = {
        { 1, "1", "1", "0.5", "0.3" }, { 5, "2", "0.5", "1", "1.5" }, { 20, "1", "1", "0.1", "0.5" },
        { 100, "1", "3", "1", "3" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        arb_t v, a, s, delta, post, prior;
        double mc, se, mc_off, se_off, tau;
        gsl_rng *r;
        arb_init(v); arb_init(a); arb_init(s); arb_init(delta); arb_init(post); arb_init(prior);
        set(v, cases[i].v);
        set(a, cases[i].a);
        set(s, cases[i].s);
        set(delta, cases[i].delta);
        lp_adversary_gaussian_success(post, prior, cases[i].d, v, a, s, delta, 256);
        r = lp_adversary_rng(11 + i, 0);
        lp_adversary_gaussian_mc(&mc, &se, cases[i].d, mid_d(v), mid_d(a), mid_d(s), mid_d(delta), 0.0,
                                 200000, r);
        tap_ok(arb_rel_accuracy_bits(post) > 100
               && fabs(mc - lp_mut("balunovic/sec4/risk-identity", mid_d(post))) < TAP_DECIDE_Z * se + 1e-12,
               "[balunovic/sec4/risk-identity] delta-ball success d=%lu v=%s a=%s s=%s delta=%s: certified %.10f, Monte Carlo %.6f +- %.2g",
               cases[i].d, cases[i].v, cases[i].a, cases[i].s, cases[i].delta, mid_d(post), mc, se);
        tau = 1 / sqrt(1 / mid_d(v) + mid_d(a) * mid_d(a) / (mid_d(s) * mid_d(s)));
        {   /* the decision rule: sample more (4 times, then 16 times as many) until |z| >= 4 */
            double c0 = mc, s0 = se, z = 0;
            for (uint64_t n = 200000; n <= 3200000; n *= 4) {
                if (n > 200000)
                    lp_adversary_gaussian_mc(&c0, &s0, cases[i].d, mid_d(v), mid_d(a), mid_d(s), mid_d(delta), 0.0,
                                             n, r);
                lp_adversary_gaussian_mc(&mc_off, &se_off, cases[i].d, mid_d(v), mid_d(a), mid_d(s), mid_d(delta),
                                         0.5 * tau, n, r);
                z = lp_mut_sign("balunovic/sec4/bayes-adversary balunovic/eq2", c0 - mc_off) / hypot(s0, se_off);
                if (fabs(z) >= TAP_DECIDE_Z)
                    break;
            }
            tap_decide(z, "[balunovic/sec4/bayes-adversary] [balunovic/eq2] the posterior mean is the better centre: "
                       "shifted by tau/2 the success drops to %.6f +- %.1e (from %.6f +- %.1e, z = %.1f)", mc_off, se_off,
                       c0, s0, z);
        }
        gsl_rng_free(r);
        if (cases[i].d == 1) {
            /* d = 1: P(|z| <= delta/tau) = erf(delta / (tau sqrt 2)) */
            arb_t t, e;
            arb_init(t); arb_init(e);
            arb_div(t, a, s, 256);
            arb_sqr(t, t, 256);
            arb_inv(e, v, 256);
            arb_add(t, t, e, 256);
            arb_mul_2exp_si(t, t, -1);
            arb_sqrt(t, t, 256);
            arb_mul(t, t, delta, 256);          /* delta / (tau sqrt 2) */
            arb_hypgeom_erf(e, t, 256);
            tap_ok(arb_overlaps(e, post), "d=1: the incomplete gamma route equals erf(delta/(tau sqrt2)) = %.17g",
                   mid_d(e));
            arb_clear(t); arb_clear(e);
        }
        arb_clear(v); arb_clear(a); arb_clear(s); arb_clear(delta); arb_clear(post); arb_clear(prior);
    }
}

static void
test_linear_layer(void)
{
    arb_t gb;
    arb_ptr ga = _arb_vec_init(3), x = _arb_vec_init(3);
    arb_init(gb);
    set(gb, "0.25");
    set(ga + 0, "0.1");
    set(ga + 1, "-0.75");
    set(ga + 2, "3");
    tap_ok(lp_adversary_linear_layer(x, gb, ga, 3, 128) == 0
           && (lp_mut_arb("balunovic/sec5/linear-layer", x + 1, 128), lp_mut_arb("balunovic/sec5/linear-layer", x + 2, 128),
               arb_contains_si(x + 1, -3))
           && arb_contains_si(x + 2, 12) && fabs(mid_d(x + 0) - 0.4) < 1e-30,
           "[balunovic/sec5/linear-layer] linear layer: x = dl/dA / dl/db recovers (0.4, -3, 12) exactly");
    arb_zero(gb);
    tap_ok(lp_adversary_linear_layer(x, gb, ga, 3, 128) == -1 && !arb_is_finite(x),
           "linear layer: dl/db = 0 is refused, nothing divided");
    set(gb, "1e-17");
    arb_add_error_2exp_si(gb, -50);             /* a tiny value below its own uncertainty */
    tap_ok(lp_adversary_linear_layer(x, gb, ga, 3, 128) == -1,
           "linear layer: dl/db = 1e-17 +- 2^-50 may be 0: refused");
    arb_clear(gb);
    _arb_vec_clear(ga, 3);
    _arb_vec_clear(x, 3);
}

/* The Jensen step before eq. (3): log(C int_B p) >= C int_B log p holds for
 * C = 1/vol(B) (an average); the paper prints C = 1/delta^d. */
static void
test_jensen(void)
{
    static const ulong ds[] = { 1, 2, 5, 20, 100 };
    static const char *const dels[] = { "0.1", "0.5", "2" };
    arb_t v, a, s, dl, g, lp, rp, lv, rv, mq, sq, gap, K, ad2;
    int holds = 1;
    double worst = INFINITY;
    arb_init(v); arb_init(a); arb_init(s); arb_init(dl); arb_init(g); arb_init(lp); arb_init(rp);
    arb_init(lv); arb_init(rv); arb_init(mq); arb_init(sq); arb_init(gap); arb_init(K); arb_init(ad2);
    set(v, "1");
    set(a, "1");
    set(s, "0.1");
    set(g, "1");
    for (size_t i = 0; i < 5; i++)
        for (size_t j = 0; j < 3; j++) {
            set(dl, dels[j]);
            lp_adversary_jensen(lp, rp, lv, rv, mq, sq, NULL, NULL, ds[i], v, a, s, dl, g, 128);
            lp_mut_arb_lower("balunovic/sec4/jensen", rv, 128);
            arb_sub(gap, lv, rv, 128);
            holds &= arb_is_nonnegative(gap) || arb_contains_zero(gap);
            worst = fmin(worst, mid_d(gap));
        }
    tap_ok(holds, "[balunovic/sec4/jensen] Jensen with C = 1/vol(B): log(C int_B p) >= C int_B log p on 15 models (d 1..100, delta 0.1..2); "
           "smallest gap %.3g", worst);
    set(dl, "0.5");
    lp_adversary_jensen(lp, rp, lv, rv, mq, sq, K, ad2, 20, v, a, s, dl, g, 128);
    arb_sub(gap, lp, rp, 128);
    tap_todo(arb_is_nonnegative(gap),
             "[balunovic/sec4/jensen] the Jensen step as printed (C = 1/delta^d) holds: d=20 delta=0.5 v=1 a=1 s=0.1 |g|=1 gives "
             "lhs %.6g < rhs %.6g (gap %.6g)", mid_d(lp), mid_d(rp), mid_d(gap));
    /* eq. (3) with k samples converges to E_U[q] with standard error sd_q / sqrt(k) */
    {
        static const ulong ks[] = { 1, 10, 100, 1000 };
        for (size_t i = 0; i < 4; i++) {
            double mean, sd;
            gsl_rng *r = lp_adversary_rng(17, (uint32_t) i);
            lp_adversary_objective_mc(&mean, &sd, 20, mid_d(K), mid_d(ad2), ks[i], 2000, r);
            gsl_rng_free(r);
            tap_ok(fabs(mean - lp_mut("balunovic/eq3", mid_d(mq))) < TAP_DECIDE_Z * sd / sqrt(2000.0)
                   && fabs(sd * sqrt((double) ks[i]) / lp_mut("balunovic/A.6/variance", mid_d(sq)) - 1) < 0.1,
                   "[balunovic/eq3] [balunovic/A.6/variance] eq. (3) with k=%lu uniform samples: mean %.6f (limit %.6f), spread %.4g = sd_q/sqrt(k) = %.4g",
                   ks[i], mean, mid_d(mq), sd, mid_d(sq) / sqrt((double) ks[i]));
        }
    }
    arb_clear(v); arb_clear(a); arb_clear(s); arb_clear(dl); arb_clear(g); arb_clear(lp); arb_clear(rp);
    arb_clear(lv); arb_clear(rv); arb_clear(mq); arb_clear(sq); arb_clear(gap); arb_clear(K); arb_clear(ad2);
}

/* Table 1 on the linear model: with Laplace noise the Bayes objective (Gaussian
 * prior, Laplace conditional) reconstructs best, l1 (the matching conditional,
 * no prior) next, l2 after it; cosine leaves the scale open. */
static void
test_attacks(void)
{
    lp_attack_errors e01, e1;
    gsl_rng *r = lp_adversary_rng(1, 0);
    lp_adversary_table1(&e01, 20, 10, 0.1, 1000, r);
    lp_adversary_table1(&e1, 20, 10, 1.0, 1000, r);
    gsl_rng_free(r);
    e01.mse[3] = lp_mut_apply(lp_mut_which("balunovic/sec6/bayes-leverages", "rel+ x2"), e01.mse[3]);
    e1.mse[3] = lp_mut_apply(lp_mut_which("balunovic/sec6/bayes-leverages", "rel+ x2"), e1.mse[3]);
    tap_ok(e01.mse[3] <= e01.mse[1] + 2 * e01.se[1] && e01.mse[1] < e01.mse[0] && e01.mse[0] < e01.mse[2],
           "[balunovic/sec6/bayes-leverages] Table 1, Laplace b=0.1 (the paper's scale): MSE bayes %.5f <= l1 %.5f < l2 %.5f < cosine %.5f",
           e01.mse[3], e01.mse[1], e01.mse[0], e01.mse[2]);
    tap_ok(e1.mse[3] < e1.mse[1] - 5 * e1.se[1] && e1.mse[3] < e1.mse[0] && e1.mse[3] < e1.mse[2],
           "[balunovic/sec6/bayes-leverages] Table 1, Laplace b=1: the Bayes objective is best by far: bayes %.4f, l1 %.4f, l2 %.4f, cosine %.4f",
           e1.mse[3], e1.mse[1], e1.mse[0], e1.mse[2]);
}

/* Laplace noise: a numerical maximiser of the ball's posterior mass does at
 * least as well as the posterior mean and beats the MAP */
static void
test_laplace_centre(void)
{
    lp_centre_result c;
    gsl_rng *r = lp_adversary_rng(3, 0);
    lp_adversary_laplace_centres(&c, 5, 1, 1, 1.5, 100000, r);
    gsl_rng_free(r);
    c.success[2] = lp_mut_apply(lp_mut_which("balunovic/eq2", "rel- half"), c.success[2]);
    tap_ok(c.success[2] >= c.success[0] - TAP_DECIDE_Z * c.se[0] && c.success[2] > c.success[1] + 5 * c.se[1],
           "[balunovic/eq2] Laplace noise, d=5, delta=1.5: mean-shift centre %.4f >= posterior mean %.4f > MAP %.4f",
           c.success[2], c.success[0], c.success[1]);
}

/* the delta-ball leakage never exceeds the Bayes capacity */
static void
test_link(void)
{
    double cap_d, l_d, l, se, cap = 1 + sqrt(2 / M_PI) / 0.5;
    int nx, ny;
    gsl_rng *r = lp_adversary_rng(1, 0);
    l_d = lp_adversary_link_discrete(&cap_d, &nx, &ny, 0.5, 0.2, 50, r);
    gsl_rng_free(r);
    r = lp_adversary_rng(2, 0);
    lp_adversary_link_mc(&l, &se, 0.5, 0.2, 30000, r);
    gsl_rng_free(r);
    tap_ok(l_d <= cap_d * (1 + 1e-12), "discretised Gaussian mechanism: the largest delta-ball leakage over 50 priors "
           "%.6f <= C_Bayes %.6f (slack %.1f%%)", l_d, cap_d, 100 * (1 - l_d / cap_d));
    tap_ok(l <= cap + 5 * se && fabs(l - l_d) < 0.05 * l_d,
           "Monte Carlo, uniform prior: delta-ball leakage %.5f +- %.2g <= C_Bayes %.5f, near the discretised %.5f",
           l, se, cap, l_d);
}

int
main(void)
{
    test_attacks();
    test_laplace_centre();
    test_link();
    test_jensen();
    test_gaussian();
    test_linear_layer();
    flint_cleanup();
    return tap_done();
}
