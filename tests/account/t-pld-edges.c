/* t-pld-edges.c -- the PLD accountant's edges (issue 31), through lp_call:
 * q = 1 (full-batch DP-GD) against the analytic Gaussian's delta(eps) in libm
 * doubles (an independent route: erfc in doubles, bisection here, not Arb);
 * an upper end below the grid's reach (delta 1e-15) answered by the RDP
 * bound and named; the least multiplier under PLD, checked at q = 1 by the
 * doubles' delta on both sides of the grid step and at q = 0.1 by the PLD
 * bracket itself at the multiplier found. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "leakproof.h"
#include "tap.h"
#include "call_json.h"

/* log Phi(-x) = log(erfc(x / sqrt 2) / 2), x > 0 large by erfc's asymptotic
 * series (erfc underflows past x / sqrt 2 = 26) */
static double
log_phi_neg(double x)
{
    double z = x / M_SQRT2;
    if (z < 20)
        return log(0.5 * erfc(z));
    return -z * z - log(z * sqrt(M_PI)) + log1p(-1 / (2 * z * z) + 3 / (4 * z * z * z * z)) - M_LN2;
}

/* the analytic Gaussian's delta(eps) of ratio mu, in doubles, in logs:
 * Phi(mu/2 - eps/mu) (1 - e^{eps + log Phi(-mu/2 - eps/mu) - log Phi(mu/2 - eps/mu)}) */
static double
gauss_delta(double eps, double mu)
{
    double a = mu / 2 - eps / mu, b = mu / 2 + eps / mu;
    double la = a >= 0 ? log1p(-0.5 * erfc(a / M_SQRT2)) : log_phi_neg(-a), lb = log_phi_neg(b);
    return exp(la) * -expm1(eps + lb - la);
}

/* eps with gauss_delta(eps) = delta, by bisection in doubles */
static double
gauss_eps(double delta, double mu)
{
    double lo = 0, hi = 1;
    while (gauss_delta(hi, mu) > delta)
        hi *= 2;
    for (int i = 0; i < 200; i++) {
        double m = 0.5 * (lo + hi);
        if (gauss_delta(m, mu) > delta)
            lo = m;
        else
            hi = m;
    }
    return 0.5 * (lo + hi);
}

static double
num(json_t *j, const char *key)
{
    json_t *v = j ? json_object_get(j, key) : NULL;
    return json_is_string(v) ? strtod(json_string_value(v), NULL) : NAN;
}

static void
full_batch(void)
{
    static const struct { const char *M, *T, *delta; } c[] = {
        { "1.1", "1000", "1e-5" }, { "0.8", "10", "1e-8" }, { "5", "100000", "1e-3" },
        { "1.1", "1000", "1e-300" }, { "50", "1", "1e-5" },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        int rc;
        json_t *j = call_json(&rc, (const char *const[]) { "account", "--accountant", "pld", "--noise-multiplier",
                         c[i].M, "--sampling-rate", "1", "--steps", c[i].T, "--delta", c[i].delta, NULL });
        double mu = sqrt(strtod(c[i].T, NULL)) / strtod(c[i].M, NULL);
        double e = gauss_eps(strtod(c[i].delta, NULL), mu), lo = num(j, "epsilon_lower_bound"),
            hi = num(j, "epsilon_upper_bound");
        /* libm's erfc is good to a few ulps; the bisection's eps within 1e-9 relative */
        tap_ok(rc == 0 && lo <= e * (1 + 1e-9) && e * (1 - 1e-9) <= hi && hi - lo <= 1e-5 * hi + 1e-12
               && json_is_true(json_object_get(j, "certified")),
               "q = 1, M %s, T %s, delta %s: [%.10g, %.10g] holds the doubles' %.10g (exit %d)",
               c[i].M, c[i].T, c[i].delta, lo, hi, e, rc);
        json_decref(j);
    }
    {
        int rc;
        json_t *j = call_json(&rc, (const char *const[]) { "account", "--accountant", "pld", "--noise-multiplier",
                         "2", "--sampling-rate", "1", "--steps", "100", "--delta-for-epsilon", "10", NULL });
        double d = gauss_delta(10, 5), lo = num(j, "delta_lower_bound"), hi = num(j, "delta_upper_bound");
        tap_ok(rc == 0 && lo <= d * (1 + 1e-9) && d * (1 - 1e-9) <= hi && hi - lo <= 1e-4 * hi,
               "q = 1, M 2, T 100, epsilon 10: delta [%.8g, %.8g] holds the doubles' %.8g", lo, hi, d);
        json_decref(j);
    }
}

static void
beyond_the_grid(void)
{
    int rc;
    json_t *j = call_json(&rc, (const char *const[]) { "account", "--accountant", "pld", "--noise-multiplier", "0.5",
                     "--sampling-rate", "0.01", "--steps", "1000", "--delta", "1e-15", NULL });
    double lo = num(j, "epsilon_lower_bound"), hi = num(j, "epsilon_upper_bound");
    tap_ok(rc == 0 && isfinite(lo) && isfinite(hi) && lo > 27 && lo <= hi
           && json_is_true(json_object_get(j, "certified")) && json_object_get(j, "upper_route"),
           "M 0.5, q 0.01, T 1000, delta 1e-15: both ends, [%.6g, %.6g], the upper by the route named "
           "(was a certified null upper end; exit %d)", lo, hi, rc);
    json_decref(j);
}

static void
least_multiplier(void)
{
    int rc;
    json_t *j = call_json(&rc, (const char *const[]) { "account", "--accountant", "pld", "--epsilon", "50",
                     "--sampling-rate", "1", "--steps", "100", "--delta", "1e-5", NULL });
    json_t *m = j ? json_object_get(j, "noise_multiplier") : NULL, *b = j ? json_object_get(j, "below") : NULL;
    double M = json_is_string(m) ? strtod(json_string_value(m), NULL) : NAN;
    double B = json_is_string(b) ? strtod(json_string_value(b), NULL) : NAN;
    tap_ok(rc == 0 && gauss_delta(50, 10 / M) < 1e-5 && gauss_delta(50, 10 / B) > 1e-5
           && fabs(M - B - 1e-3) < 1e-9,
           "q = 1, T 100, epsilon 50, delta 1e-5: least M %.3f (delta %.6g), %.3f below fails (delta %.6g)",
           M, gauss_delta(50, 10 / M), B, gauss_delta(50, 10 / B));
    json_decref(j);

    j = call_json(&rc, (const char *const[]) { "account", "--accountant", "pld", "--epsilon", "3", "--sampling-rate",
             "0.1", "--steps", "10", "--delta", "1e-5", "--resolution", "2", "--width", "0.05", NULL });
    m = j ? json_object_get(j, "noise_multiplier") : NULL;
    if (rc == 0 && json_is_string(m)) {
        char Mt[40];
        int rc2, rc3;
        double rdp_m;
        json_t *k, *r;
        snprintf(Mt, sizeof Mt, "%s", json_string_value(m));
        k = call_json(&rc2, (const char *const[]) { "account", "--accountant", "pld", "--noise-multiplier", Mt,
                 "--sampling-rate", "0.1", "--steps", "10", "--delta-for-epsilon", "3", "--width", "0.05", NULL });
        r = call_json(&rc3, (const char *const[]) { "account", "--epsilon", "3", "--sampling-rate", "0.1", "--steps",
                 "10", "--delta", "1e-5", "--resolution", "2", NULL });
        rdp_m = r && json_is_string(json_object_get(r, "noise_multiplier"))
            ? strtod(json_string_value(json_object_get(r, "noise_multiplier")), NULL) : NAN;
        /* each grid's bracket is valid: at the multiplier found, delta(3)'s
         * lower end cannot exceed 1e-5; and the PLD's multiplier is no
         * larger than the certified RDP one (the PLD is the tighter) */
        tap_ok(rc2 == 0 && num(k, "delta_lower_bound") <= 1e-5 && strtod(Mt, NULL) <= rdp_m,
               "q 0.1, T 10, epsilon 3, delta 1e-5: least M %s under PLD (delta(3) in [%.6g, %.6g]), "
               "RDP's %.2f", Mt, num(k, "delta_lower_bound"), num(k, "delta_upper_bound"), rdp_m);
        json_decref(r);
        json_decref(k);
    } else {
        tap_ok(0, "q 0.1, T 10, epsilon 3: no multiplier (exit %d)", rc);
    }
    json_decref(j);
}

int
main(void)
{
    full_batch();
    beyond_the_grid();
    least_multiplier();
    flint_cleanup();
    return tap_done();
}
