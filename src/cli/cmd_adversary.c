/* cmd_adversary.c -- `leakproof adversary gaussian|linear-layer ...`: the Bayes
 * optimal adversary where it is exact (Balunovic et al.). */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "adversary/adversary.h"

static const char *const cmd = "adversary";

static int
positive(const char *opt, const char *v, int allow_zero)
{
    if (v == NULL)
        return lp_usage_error(cmd, "missing %s", opt);
    if (!lp_decimal_valid(v) || lp_decimal_sign(v) < (allow_zero ? 0 : 1))
        return lp_usage_error(cmd, "%s must be a decimal number %s 0 (got '%s')", opt, allow_zero ? ">=" : ">", v);
    return 0;
}

static int
run_gaussian(const char *dt, const char *v, const char *a, const char *s, const char *delta,
             const char *samples, const char *seed, int json)
{
    long d;
    uint64_t n = 0, sd = 1;
    int rc;
    arb_t V, A, S, D, post, prior, ratio;
    char *tp, *tq, *tr;
    double mc = NAN, se = NAN;
    if (dt == NULL)
        return lp_usage_error(cmd, "missing --d (dimension, an integer from 1 to 1000000)");
    if ((rc = lp_arg_int_range(&d, cmd, "--d", dt, 1, 1000000)) || (rc = positive("--prior-var", v, 0))
        || (rc = positive("--gain", a, 1)) || (rc = positive("--noise", s, 0)) || (rc = positive("--delta", delta, 0)))
        return rc;
    if (samples && (lp_decimal_uint64(&n, samples) != 0 || n < 2 || n > UINT64_C(1000000000)))
        return lp_usage_error(cmd, "--samples must be an integer from 2 to 1e9 (got '%s')", samples);
    if (seed && lp_decimal_uint64(&sd, seed) != 0)
        return lp_usage_error(cmd, "--seed must be an integer from 0 to 2^63-1 (got '%s')", seed);
    arb_init(V); arb_init(A); arb_init(S); arb_init(D); arb_init(post); arb_init(prior); arb_init(ratio);
    lp_decimal_arb(V, v, 256);
    lp_decimal_arb(A, a, 256);
    lp_decimal_arb(S, s, 256);
    lp_decimal_arb(D, delta, 256);
    lp_adversary_gaussian_success(post, prior, (ulong) d, V, A, S, D, 256);
    arb_div(ratio, post, prior, 256);
    tp = lp_format_ball(post, 20);
    tq = lp_format_ball(prior, 20);
    tr = lp_format_ball(ratio, 20);
    if (n)
        lp_adversary_gaussian_mc(&mc, &se, (ulong) d, strtod(v, NULL), strtod(a, NULL), strtod(s, NULL),
                                 strtod(delta, NULL), 0.0, n, sd);
    if (json) {
        printf("{\"model\":\"linear-gaussian\",\"d\":%ld,\"success_posterior\":", d);
        lp_json_string(stdout, tp);
        printf(",\"success_prior\":");
        lp_json_string(stdout, tq);
        printf(",\"leakage\":");
        lp_json_string(stdout, tr);
        printf(",\"mc_success\":");
        lp_json_number(stdout, mc);
        printf(",\"mc_std_error\":");
        lp_json_number(stdout, se);
        printf("}\n");
    } else {
        printf("linear-Gaussian model, d=%ld, x ~ N(0, %s I), g = %s x + N(0, %s^2 I), delta = %s\n", d, v, a, s, delta);
        printf("  Bayes optimal delta-ball adversary (ball at the posterior mean): success %s (certified)\n",
               tp ? tp : "?");
        printf("  without the observation (ball at the prior mean):                success %s\n", tq ? tq : "?");
        printf("  multiplicative leakage for the delta-ball gain: %s\n", tr ? tr : "?");
        if (n)
            printf("  Monte Carlo (%llu draws, seed %llu): %.6f +- %.2g\n", (unsigned long long) n,
                   (unsigned long long) sd, mc, se);
    }
    flint_free(tp); flint_free(tq); flint_free(tr);
    arb_clear(V); arb_clear(A); arb_clear(S); arb_clear(D); arb_clear(post); arb_clear(prior); arb_clear(ratio);
    return lp_close_stdout(LP_EXIT_OK);
}

static int
run_jensen(const char *dt, const char *v, const char *a, const char *s, const char *delta, const char *gn,
           const char *seed, int json)
{
    long d;
    uint64_t sd = 1;
    int rc;
    arb_t V, A, S, D, G, lp, rp, lv, rv, mq, sq;
    static const ulong ks[] = { 1, 10, 100, 1000, 10000 };
    double km[5], ksd[5];
    char *t[6];
    if (dt == NULL)
        return lp_usage_error(cmd, "missing --d (dimension, an integer from 1 to 1000000)");
    if ((rc = lp_arg_int_range(&d, cmd, "--d", dt, 1, 1000000)) || (rc = positive("--prior-var", v, 0))
        || (rc = positive("--gain", a, 1)) || (rc = positive("--noise", s, 0)) || (rc = positive("--delta", delta, 0))
        || (rc = positive("--g-norm", gn ? gn : "0", 1)))
        return rc;
    if (seed && lp_decimal_uint64(&sd, seed) != 0)
        return lp_usage_error(cmd, "--seed must be an integer from 0 to 2^63-1 (got '%s')", seed);
    arb_init(V); arb_init(A); arb_init(S); arb_init(D); arb_init(G);
    arb_init(lp); arb_init(rp); arb_init(lv); arb_init(rv); arb_init(mq); arb_init(sq);
    lp_decimal_arb(V, v, 256);
    lp_decimal_arb(A, a, 256);
    lp_decimal_arb(S, s, 256);
    lp_decimal_arb(D, delta, 256);
    lp_decimal_arb(G, gn ? gn : "0", 256);
    lp_adversary_jensen(lp, rp, lv, rv, mq, sq, (ulong) d, V, A, S, D, G, 256);
    for (int i = 0; i < 5; i++)
        lp_adversary_objective_mc(&km[i], &ksd[i], (ulong) d, strtod(v, NULL), strtod(a, NULL), strtod(s, NULL),
                                  strtod(delta, NULL), gn ? strtod(gn, NULL) : 0, ks[i], 500, sd + i);
    t[0] = lp_format_ball(lp, 12); t[1] = lp_format_ball(rp, 12); t[2] = lp_format_ball(lv, 12);
    t[3] = lp_format_ball(rv, 12); t[4] = lp_format_ball(mq, 12); t[5] = lp_format_ball(sq, 12);
    if (json) {
        printf("{\"model\":\"linear-gaussian\",\"d\":%ld,\"lhs_printed_C\":", d);
        lp_json_string(stdout, t[0]);
        printf(",\"rhs_printed_C\":");
        lp_json_string(stdout, t[1]);
        printf(",\"lhs_volume_C\":");
        lp_json_string(stdout, t[2]);
        printf(",\"rhs_volume_C\":");
        lp_json_string(stdout, t[3]);
        printf(",\"objective_limit\":");
        lp_json_string(stdout, t[4]);
        printf(",\"objective_sd_k1\":");
        lp_json_string(stdout, t[5]);
        printf(",\"k\":[");
        for (int i = 0; i < 5; i++)
            printf("%s{\"k\":%lu,\"mean\":%.10g,\"sd\":%.6g}", i ? "," : "", ks[i], km[i], ksd[i]);
        printf("]}\n");
    } else {
        printf("Jensen step before eq. (3), linear-Gaussian model d=%ld, ball at the posterior mean, delta=%s:\n", d, delta);
        printf("  C = 1/delta^d (printed): log(C int p) = %s, C int log p = %s: %s\n", t[0] ? t[0] : "?",
               t[1] ? t[1] : "?", arb_ge(lp, rp) ? "holds" : arb_lt(lp, rp) ? "FAILS" : "undecided");
        printf("  C = 1/vol(B):            log(C int p) = %s, C int log p = %s: %s\n", t[2] ? t[2] : "?",
               t[3] ? t[3] : "?", arb_ge(lv, rv) ? "holds" : arb_lt(lv, rv) ? "FAILS" : "undecided");
        printf("  eq. (3) with k uniform samples (500 repetitions): limit %s, sd at k = 1: %s\n",
               t[4] ? t[4] : "?", t[5] ? t[5] : "?");
        for (int i = 0; i < 5; i++)
            printf("    k = %5lu: mean %.8f, sd %.4g\n", ks[i], km[i], ksd[i]);
    }
    for (int i = 0; i < 6; i++)
        flint_free(t[i]);
    arb_clear(V); arb_clear(A); arb_clear(S); arb_clear(D); arb_clear(G);
    arb_clear(lp); arb_clear(rp); arb_clear(lv); arb_clear(rv); arb_clear(mq); arb_clear(sq);
    return lp_close_stdout(LP_EXIT_OK);
}

static int
run_attacks(const char *dt, const char *mt, const char *b, const char *trials, const char *seed, int json)
{
    long d = 20, m = 10, t = 1000;
    uint64_t sd = 1;
    int rc;
    lp_attack_errors e;
    static const char *const names[4] = { "l2", "l1", "cosine", "bayes" };
    if ((dt && (rc = lp_arg_int_range(&d, cmd, "--d", dt, 1, 64))) || (mt && (rc = lp_arg_int_range(&m, cmd, "--m", mt, 1, 64)))
        || (trials && (rc = lp_arg_int_range(&t, cmd, "--trials", trials, 2, 10000000))) || (rc = positive("--b", b ? b : "0.1", 0)))
        return rc;
    if (seed && lp_decimal_uint64(&sd, seed) != 0)
        return lp_usage_error(cmd, "--seed must be an integer from 0 to 2^63-1 (got '%s')", seed);
    lp_adversary_table1(&e, (int) d, (int) m, strtod(b ? b : "0.1", NULL), (int) t, sd);
    if (json) {
        printf("{\"model\":\"linear-layer gradient, Laplace noise\",\"d\":%ld,\"m\":%ld,\"trials\":%ld", d, m, t);
        for (int k = 0; k < 4; k++)
            printf(",\"mse_%s\":%.8g,\"se_%s\":%.3g", names[k], e.mse[k], names[k], e.se[k]);
        printf("}\n");
    } else {
        printf("Table 1 in numbers: x ~ N(0, I_%ld), G = u x^T + Laplace(%s) noise, u ~ N(0, I_%ld), %ld trials\n",
               d, b ? b : "0.1", m, t);
        for (int k = 0; k < 4; k++)
            printf("  %-7s mean squared error per coordinate %.6g +- %.2g\n", names[k], e.mse[k], e.se[k]);
    }
    return lp_close_stdout(LP_EXIT_OK);
}

static int
run_laplace(const char *dt, const char *a, const char *b, const char *delta, const char *samples,
            const char *seed, int json)
{
    long d = 5;
    uint64_t n = 200000, sd = 1;
    int rc;
    lp_centre_result c;
    static const char *const names[3] = { "posterior_mean", "map", "mean_shift" };
    if ((dt && (rc = lp_arg_int_range(&d, cmd, "--d", dt, 1, 64))) || (rc = positive("--gain", a ? a : "1", 0))
        || (rc = positive("--b", b ? b : "1", 0)) || (rc = positive("--delta", delta, 0)))
        return rc;
    if (samples && (lp_decimal_uint64(&n, samples) != 0 || n < 100 || n > 10000000))
        return lp_usage_error(cmd, "--samples must be an integer from 100 to 1e7 (got '%s')", samples);
    if (seed && lp_decimal_uint64(&sd, seed) != 0)
        return lp_usage_error(cmd, "--seed must be an integer from 0 to 2^63-1 (got '%s')", seed);
    lp_adversary_laplace_centres(&c, (int) d, strtod(a ? a : "1", NULL), strtod(b ? b : "1", NULL),
                                 strtod(delta, NULL), (int) n, sd);
    if (json) {
        printf("{\"model\":\"Gaussian prior, Laplace noise\",\"d\":%ld", d);
        for (int k = 0; k < 3; k++)
            printf(",\"success_%s\":%.8g,\"se_%s\":%.3g", names[k], c.success[k], names[k], c.se[k]);
        printf("}\n");
    } else {
        printf("delta-ball adversary, x ~ N(0, I_%ld), g = %s x + Laplace(%s), delta = %s, %llu posterior draws:\n", d,
               a ? a : "1", b ? b : "1", delta, (unsigned long long) n);
        for (int k = 0; k < 3; k++)
            printf("  centre at the %-15s success %.6f +- %.2g\n", names[k], c.success[k], c.se[k]);
    }
    return lp_close_stdout(LP_EXIT_OK);
}

static int
run_link(const char *sigma, const char *radius, const char *delta, const char *samples, const char *seed, int json)
{
    uint64_t n = 100000, sd = 1;
    int rc;
    double cap_d, l_d, l_mc, se, cap;
    if ((rc = positive("--sigma", sigma, 0)) || (rc = positive("--radius", radius, 0)) || (rc = positive("--delta", delta, 0)))
        return rc;
    if (samples && (lp_decimal_uint64(&n, samples) != 0 || n < 2 || n > 100000000))
        return lp_usage_error(cmd, "--samples must be an integer from 2 to 1e8 (got '%s')", samples);
    if (seed && lp_decimal_uint64(&sd, seed) != 0)
        return lp_usage_error(cmd, "--seed must be an integer from 0 to 2^63-1 (got '%s')", seed);
    l_d = lp_adversary_link_discrete(&cap_d, strtod(sigma, NULL), strtod(radius, NULL), strtod(delta, NULL), 50, sd);
    if (isnan(l_d))
        return lp_usage_error(cmd, "--sigma %s against --radius %s: the discretised channel (step min(sigma, R)/8, "
                              "tails 9 sigma) would pass the discrete arbiter's work cap", sigma, radius);
    lp_adversary_link_mc(&l_mc, &se, &cap, strtod(sigma, NULL), strtod(radius, NULL), strtod(delta, NULL), n, sd);
    if (json)
        printf("{\"leakage_discrete_max\":%.10g,\"capacity_discrete\":%.10g,\"leakage_mc\":%.10g,\"leakage_mc_se\":%.3g,"
               "\"capacity\":%.10g}\n", l_d, cap_d, l_mc, se, cap);
    else
        printf("delta-ball leakage vs Bayes capacity, Gaussian mechanism p = 1, sigma = %s, R = %s, delta = %s:\n"
               "  discretised channel: largest leakage over 50 priors %.6f <= its C_Bayes %.6f\n"
               "  Monte Carlo, uniform prior: leakage %.6f +- %.2g <= C_Bayes %.6f\n",
               sigma, radius, delta, l_d, cap_d, l_mc, se, cap);
    return lp_close_stdout(LP_EXIT_OK);
}

static int
run_linear(const char *gb, const char *ga, const char *rel, long digits, int json)
{
    char *copy, *save = NULL, *tok;
    arb_t B, E;
    arb_ptr A, X;
    slong n = 0, cap = 8;
    int st;
    if (gb == NULL || !lp_decimal_valid(gb))
        return lp_usage_error(cmd, gb ? "--grad-bias must be a decimal number (got '%s')"
                                      : "missing --grad-bias (dl/db_i, a decimal number)", gb);
    if (ga == NULL)
        return lp_usage_error(cmd, "missing --grad-weight (dl/dA_i, decimal numbers, comma-separated)");
    if (rel && (!lp_decimal_valid(rel) || lp_decimal_sign(rel) < 0))
        return lp_usage_error(cmd, "--rel-error must be a decimal number >= 0 (got '%s')", rel);
    arb_init(B);
    arb_init(E);
    A = _arb_vec_init(cap);
    copy = strdup(ga);
    for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (!lp_decimal_valid(tok)) {
            int rc = lp_usage_error(cmd, "--grad-weight: entry %ld is not a decimal number ('%s')", (long) n + 1, tok);
            free(copy);
            _arb_vec_clear(A, cap);
            arb_clear(B);
            arb_clear(E);
            return rc;
        }
        if (n == cap) {
            arb_ptr grown = _arb_vec_init(2 * cap);
            _arb_vec_set(grown, A, cap);
            _arb_vec_clear(A, cap);
            A = grown;
            cap *= 2;
        }
        lp_decimal_arb(A + n++, tok, 256);
    }
    free(copy);
    lp_decimal_arb(B, gb, 256);
    if (rel) {      /* each gradient entry known to a relative error: a ball around it */
        mag_t m;
        mag_init(m);
        lp_decimal_arb(E, rel, 64);
        for (slong j = 0; j <= n; j++) {
            arb_ptr t = j < n ? A + j : B;
            arb_get_mag(m, t);
            {
                mag_t e;
                mag_init(e);
                arb_get_mag(e, E);
                mag_mul(m, m, e);
                mag_clear(e);
            }
            arb_add_error_mag(t, m);
        }
        mag_clear(m);
    }
    X = _arb_vec_init(n);
    st = lp_adversary_linear_layer(X, B, A, n, 256);
    if (json) {
        printf("{\"attack\":\"linear-layer\",\"n\":%ld,\"status\":\"%s\",\"x\":", (long) n, st == 0 ? "ok" : "refused");
        if (st == 0) {
            printf("[");
            for (slong j = 0; j < n; j++) {
                char *t = arb_is_zero(X + j) ? NULL : lp_format_ball(X + j, digits);
                printf("%s", j ? "," : "");
                lp_json_string(stdout, arb_is_zero(X + j) ? "0" : t);
                flint_free(t);
            }
            printf("]");
        } else {
            printf("null");
        }
        printf(",\"note\":");
        lp_json_string(stdout, st == 0 ? NULL : "dl/db_i is zero or not certainly nonzero: the row says nothing certain about x, and leakproof does not divide by it");
        printf("}\n");
    } else if (st == 0) {
        printf("linear-layer reconstruction x = dl/dA_i / dl/db_i (ball arithmetic), %ld entries:\n", (long) n);
        for (slong j = 0; j < n; j++) {
            char *t = lp_format_ball(X + j, digits);
            printf("  x_%ld = %s\n", (long) j + 1, arb_is_zero(X + j) ? "0" : t ? t : "(no certain digit)");
            flint_free(t);
        }
    } else {
        printf("linear-layer reconstruction refused: dl/db_i = %s is zero or not certainly nonzero "
               "within its uncertainty; no division\n", gb);
    }
    _arb_vec_clear(X, n);
    _arb_vec_clear(A, cap);
    arb_clear(B);
    arb_clear(E);
    return lp_close_stdout(LP_EXIT_OK);
}

int
lp_cmd_adversary(int argc, char **argv)
{
    enum { O_D = 256, O_V, O_A, O_S, O_DELTA, O_SAMPLES, O_SEED, O_GB, O_GA, O_REL, O_DIGITS, O_JSON, O_HELP, O_GN,
           O_M, O_B, O_TRIALS, O_SIGMA, O_RADIUS };
    static const struct option longopts[] = {
        { "d", required_argument, NULL, O_D },
        { "prior-var", required_argument, NULL, O_V },
        { "gain", required_argument, NULL, O_A },
        { "noise", required_argument, NULL, O_S },
        { "delta", required_argument, NULL, O_DELTA },
        { "samples", required_argument, NULL, O_SAMPLES },
        { "seed", required_argument, NULL, O_SEED },
        { "grad-bias", required_argument, NULL, O_GB },
        { "grad-weight", required_argument, NULL, O_GA },
        { "rel-error", required_argument, NULL, O_REL },
        { "g-norm", required_argument, NULL, O_GN },
        { "m", required_argument, NULL, O_M },
        { "b", required_argument, NULL, O_B },
        { "trials", required_argument, NULL, O_TRIALS },
        { "sigma", required_argument, NULL, O_SIGMA },
        { "radius", required_argument, NULL, O_RADIUS },
        { "digits", required_argument, NULL, O_DIGITS },
        { "json", no_argument, NULL, O_JSON },
        { "help", no_argument, NULL, O_HELP },
        { NULL, 0, NULL, 0 }
    };
    const char *d = NULL, *v = NULL, *a = NULL, *s = NULL, *delta = NULL, *samples = NULL, *seed = NULL;
    const char *gb = NULL, *ga = NULL, *rel = NULL, *digits_text = NULL, *gn = NULL;
    const char *mt = NULL, *bt = NULL, *trials = NULL, *sigma = NULL, *radius = NULL;
    long digits = 20;
    int json = 0, c, rc;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case O_D: d = optarg; break;
        case O_V: v = optarg; break;
        case O_A: a = optarg; break;
        case O_S: s = optarg; break;
        case O_DELTA: delta = optarg; break;
        case O_SAMPLES: samples = optarg; break;
        case O_SEED: seed = optarg; break;
        case O_GB: gb = optarg; break;
        case O_GA: ga = optarg; break;
        case O_REL: rel = optarg; break;
        case O_GN: gn = optarg; break;
        case O_M: mt = optarg; break;
        case O_B: bt = optarg; break;
        case O_TRIALS: trials = optarg; break;
        case O_SIGMA: sigma = optarg; break;
        case O_RADIUS: radius = optarg; break;
        case O_DIGITS: digits_text = optarg; break;
        case O_JSON: json = 1; break;
        case O_HELP:
            puts("usage: leakproof adversary gaussian --d D --prior-var V --gain A --noise S --delta R\n"
                 "                                   [--samples N --seed K] [--json]\n"
                 "       leakproof adversary jensen --d D --prior-var V --gain A --noise S --delta R [--g-norm N] [--seed K]\n"
                 "       leakproof adversary laplace [--d D] [--gain A] [--b B] --delta R [--samples N] [--seed K]\n"
                 "       leakproof adversary attacks [--d D] [--m M] [--b B] [--trials T] [--seed K]\n"
                 "       leakproof adversary link --sigma S --radius R --delta D [--samples N] [--seed K]\n"
                 "       leakproof adversary linear-layer --grad-bias G --grad-weight W1,W2,... [--rel-error E]\n"
                 "                                   [--digits D] [--json]\n"
                 "  gaussian: x ~ N(0, V I_d), g = A x + N(0, S^2 I_d); the Bayes optimal delta-ball\n"
                 "  adversary's success probability, certified, beside its Monte Carlo estimate\n"
                 "  linear-layer: x = dl/dA_i / dl/db_i in ball arithmetic, refused when dl/db_i may be 0");
            return lp_close_stdout(LP_EXIT_OK);
        case ':': return lp_usage_error(cmd, "option %s needs a value", argv[optind - 1]);
        default: return lp_usage_error(cmd, "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return lp_usage_error(cmd, "missing subcommand: gaussian, jensen, laplace, attacks, link or linear-layer");
    if (optind + 1 < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[optind + 1]);
    if (digits_text && (rc = lp_arg_int_range(&digits, cmd, "--digits", digits_text, 1, 100)))
        return rc;
    if (strcmp(argv[optind], "gaussian") == 0) {
        if (gb || ga || rel || gn)
            return lp_usage_error(cmd, "--grad-bias, --grad-weight, --rel-error and --g-norm do not belong to gaussian");
        return run_gaussian(d, v, a, s, delta, samples, seed, json);
    }
    if (strcmp(argv[optind], "attacks") == 0)
        return run_attacks(d, mt, bt, trials, seed, json);
    if (strcmp(argv[optind], "laplace") == 0)
        return run_laplace(d, a, bt, delta, samples, seed, json);
    if (strcmp(argv[optind], "link") == 0)
        return run_link(sigma, radius, delta, samples, seed, json);
    if (strcmp(argv[optind], "jensen") == 0) {
        if (gb || ga || rel || samples)
            return lp_usage_error(cmd, "jensen takes --d, --prior-var, --gain, --noise, --delta, --g-norm, --seed");
        return run_jensen(d, v, a, s, delta, gn, seed, json);
    }
    if (strcmp(argv[optind], "linear-layer") == 0) {
        if (d || v || a || s || delta || samples || seed || gn)
            return lp_usage_error(cmd, "--d, --prior-var, --gain, --noise, --delta, --samples and --seed belong to gaussian");
        return run_linear(gb, ga, rel, digits, json);
    }
    return lp_usage_error(cmd, "unknown subcommand '%s': gaussian, jensen, laplace, attacks, link or linear-layer",
                          argv[optind]);
}
