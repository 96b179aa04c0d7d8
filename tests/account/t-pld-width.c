/* t-pld-width.c -- the PLD bracket's documented width (issue 31, item 2;
 * leakproof(1), --accountant pld): the certified bracket [lo, hi] of the
 * Poisson-subsampled Gaussian is at most width x max(hi, eps_G / 2) wide,
 * eps_G = T m + sqrt(T v) sqrt(2 log(1/delta)) the larger of the two
 * relations' Gaussian estimates (m, v the loss's mean and variance under the
 * relation's law): 1 % relative where epsilon is at least eps_G / 2, an
 * absolute width of 1 % of eps_G / 2 below it (tiny epsilon: 6.7e-7 at q
 * 1e-5, T 10, M 1.1, delta 1e-5, four orders below the absolute epsilon
 * error 0.01 that prv_accountant's and Opacus's users accept by default).
 * m and v here by a Riemann sum of the loss against the normal densities in
 * doubles (du = 1e-3 over [-20, 1/M + 20]), none of the accountant's code.
 * The grid of q in {1e-5 .. 0.5} x T in {1, 10, 100} at M 1.1, delta
 * 1e-5; at T > 100 the rows that were 1.03 - 1.45 % wide when the grid was
 * sized from the Gaussian estimate (q 1e-3: T 1e3, 1e4, 1e7; q 1e-4, T 1e3,
 * where the saddlepoint the grid is sized from is 1.33 times epsilon) and
 * q 0.01, T 1e5; then random M, q, T, delta (LEAKPROOF_TEST_SEED), T up to
 * 100 and from 100 to 1e4.
 * TAP. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "leakproof.h"
#include "tap.h"
#include "call_json.h"
#include "helpers.h"

static double
num(json_t *j, const char *key)
{
    json_t *v = j ? json_object_get(j, key) : NULL;
    return json_is_string(v) ? strtod(json_string_value(v), NULL) : NAN;
}

/* the larger of the relations' T m + sqrt(T v) sqrt(2 log(1/delta)):
 * remove, u ~ (1 - q) N(0, 1) + q N(1/M, 1), loss log(1 - q + q e^s); add,
 * u ~ N(0, 1), its negative; s = u/M - 1/(2 M^2) */
static double
eps_gauss(double M, double q, double T, double delta)
{
    const double du = 1e-3;
    double best = 0;
    for (int rel = 0; rel < 2; rel++) {
        double sw = 0, s1 = 0, s2 = 0, m, v;
        for (double u = -20; u <= 1 / M + 20; u += du) {
            double s = u / M - 0.5 / (M * M);
            double g = s > 0 ? s + log(q + (1 - q) * exp(-s)) : log1p(q * expm1(s));
            double w = rel == 0 ? (1 - q) * exp(-0.5 * u * u) + q * exp(-0.5 * (u - 1 / M) * (u - 1 / M))
                : exp(-0.5 * u * u);
            double l = rel == 0 ? g : -g;
            sw += w;
            s1 += w * l;
            s2 += w * l * l;
        }
        m = s1 / sw;
        v = fmax(s2 / sw - m * m, 0);
        best = fmax(best, T * m + sqrt(T * v) * sqrt(2 * log(1 / delta)));
    }
    return best;
}

static void
row(const char *M, const char *q, const char *T, const char *delta)
{
    int rc;
    json_t *j = call_json(&rc, (const char *const[]) { "account", "--accountant", "pld", "--noise-multiplier", M,
                     "--sampling-rate", q, "--steps", T, "--delta", delta, "--json", NULL });
    double lo = num(j, "epsilon_lower_bound"), hi = num(j, "epsilon_upper_bound");
    double eg = eps_gauss(strtod(M, NULL), strtod(q, NULL), strtod(T, NULL), strtod(delta, NULL));
    double allowed = 0.01 * fmax(hi, eg / 2);
    tap_ok(rc == 0 && lo <= hi && hi - lo <= allowed,
           "M %s, q %s, T %s, delta %s: [%.6g, %.6g] %.3g wide (%.2f %%), at most 1 %% of max(hi, eps_G/2, eps_G %.4g) = %.3g",
           M, q, T, delta, lo, hi, hi - lo, hi > 0 ? 100 * (hi - lo) / hi : 0.0, eg, allowed);
    json_decref(j);
}

int
main(void)
{
    static const char *qs[] = { "1e-5", "1e-4", "1e-3", "0.01", "0.1", "0.5" };
    static const char *Ts[] = { "1", "10", "100" };
    flint_rand_t state;
    test_rand_init(state);
    for (size_t i = 0; i < sizeof qs / sizeof qs[0]; i++)
        for (size_t k = 0; k < sizeof Ts / sizeof Ts[0]; k++)
            row("1.1", qs[i], Ts[k], "1e-5");
    row("1.1", "1e-3", "1000", "1e-5");
    row("1.1", "1e-3", "10000", "1e-5");
    row("1.1", "1e-3", "10000000", "1e-5");
    row("1.1", "1e-4", "1000", "1e-5");
    row("1.1", "0.01", "100000", "1e-5");
    for (int r = 0; r < 6; r++) {
        char M[32], q[32], T[32], d[32];
        snprintf(M, sizeof M, "%.3f", 0.7 + 2.3 * n_randint(state, 1000) / 1000.0);
        snprintf(q, sizeof q, "%.3g", pow(10, -5.0 + 4.7 * n_randint(state, 1000) / 1000.0));
        if (r < 4)
            snprintf(T, sizeof T, "%lu", (unsigned long) (1 + n_randint(state, 100)));
        else
            snprintf(T, sizeof T, "%.0f", pow(10, 2 + 2 * n_randint(state, 1000) / 1000.0));
        snprintf(d, sizeof d, "1e-%lu", (unsigned long) (3 + n_randint(state, 8)));
        row(M, q, T, d);
    }
    flint_randclear(state);
    return tap_done();
}
