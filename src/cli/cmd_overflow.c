/* cmd_overflow.c -- `leakproof overflow FORMULA --method M ...`: for every grid
 * point, the smallest p at which the method fails (exact: p fails, p - 1 does
 * not), and for mpfr the precision that keeps 15 digits as p grows. */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "overflow.h"

static const char *const cmd = "overflow";

typedef struct {
    const char *formula, *form, *method, *sigma_grid, *kappa_grid, *radius, *p_max;
    int json, csv;
} of_opts;

static int
split_grid(char ***out, size_t *n, const char *text, const char *opt, int strict_positive)
{
    char *copy = strdup(text), *save = NULL, *tok;
    *out = NULL;
    *n = 0;
    for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (!lp_decimal_valid(tok) || lp_decimal_sign(tok) < strict_positive) {
            int rc = lp_usage_error(cmd, "%s: '%s' must be a decimal number %s", opt, tok,
                                    strict_positive ? "> 0" : ">= 0");
            for (size_t i = 0; i < *n; i++)
                free((*out)[i]);
            free(*out);
            free(copy);
            return rc;
        }
        *out = realloc(*out, (*n + 1) * sizeof **out);
        (*out)[(*n)++] = strdup(tok);
    }
    free(copy);
    if (*n == 0)
        return lp_usage_error(cmd, "%s is empty", opt);
    return 0;
}

int
lp_cmd_overflow(int argc, char **argv)
{
    enum { O_FORM = 256, O_METHOD, O_SGRID, O_KGRID, O_RADIUS, O_PMAX, O_JSON, O_CSV, O_HELP };
    static const struct option longopts[] = {
        { "form", required_argument, NULL, O_FORM },
        { "method", required_argument, NULL, O_METHOD },
        { "sigma-grid", required_argument, NULL, O_SGRID },
        { "kappa-grid", required_argument, NULL, O_KGRID },
        { "radius", required_argument, NULL, O_RADIUS },
        { "p-max", required_argument, NULL, O_PMAX },
        { "json", no_argument, NULL, O_JSON },
        { "csv", no_argument, NULL, O_CSV },
        { "help", no_argument, NULL, O_HELP },
        { NULL, 0, NULL, 0 }
    };
    of_opts o = { 0 };
    const lp_form *form;
    int m, c, rc, gauss;
    char **grid = NULL;
    size_t ng = 0;
    uint64_t p_max = LP_P_MAX;
    double tol;

    o.form = "proof";
    o.radius = "1";
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case O_FORM: o.form = optarg; break;
        case O_METHOD: o.method = optarg; break;
        case O_SGRID: o.sigma_grid = optarg; break;
        case O_KGRID: o.kappa_grid = optarg; break;
        case O_RADIUS: o.radius = optarg; break;
        case O_PMAX: o.p_max = optarg; break;
        case O_JSON: o.json = 1; break;
        case O_CSV: o.csv = 1; break;
        case O_HELP:
            puts("usage: leakproof overflow gauss --method M [--form printed|proof] [--sigma-grid S1,S2,...] [--radius R]\n"
                 "       leakproof overflow vmf   --method M [--form printed|proof] [--kappa-grid K1,K2,...]\n"
                 "       [--p-max P] [--json|--csv]\n"
                 "  for each grid point, the smallest p at which the method returns inf, NaN or 0, or\n"
                 "  agrees with arb to fewer than half its digits (exact: p fails and p - 1 does not);\n"
                 "  methods: mpfr (at the bits of 17 digits), double, logdouble, gsl.  With mpfr, also the precision\n"
                 "  that keeps 15 digits at p = 10, 100, 1000, 13700, 100000.");
            return lp_close_stdout(LP_EXIT_OK);
        case ':': return lp_usage_error(cmd, "option %s needs a value", argv[optind - 1]);
        default: return lp_usage_error(cmd, "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return lp_usage_error(cmd, "missing formula: gauss or vmf");
    if (optind + 1 < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[optind + 1]);
    o.formula = argv[optind];
    if (!lp_formula_exists(o.formula))
        return lp_usage_error(cmd, "unknown formula '%s': gauss or vmf", o.formula);
    if ((form = lp_form_find(o.formula, o.form)) == NULL)
        return lp_usage_error(cmd, "--form must be printed or proof (got '%s')", o.form);
    if (o.method == NULL)
        return lp_usage_error(cmd, "missing --method (mpfr, double, logdouble or gsl)");
    if ((m = lp_method_from_name(o.method)) < 0 || m == LP_ARB)
        return lp_usage_error(cmd, "--method must be mpfr, double, logdouble or gsl (got '%s')", o.method);
    if (o.json && o.csv)
        return lp_usage_error(cmd, "--json and --csv exclude each other");
    gauss = strcmp(o.formula, "gauss") == 0;
    if (gauss && o.kappa_grid)
        return lp_usage_error(cmd, "--kappa-grid does not apply to gauss");
    if (!gauss && (o.sigma_grid || strcmp(o.radius, "1") != 0))
        return lp_usage_error(cmd, "--sigma-grid and --radius do not apply to vmf");
    if (gauss && (!lp_decimal_valid(o.radius) || strtod(o.radius, NULL) < 0))
        return lp_usage_error(cmd, "--radius must be a decimal number >= 0 (got '%s')", o.radius);
    if (o.p_max && (rc = lp_arg_dimension(&p_max, cmd, "--p-max", o.p_max)))
        return rc;
    rc = gauss ? split_grid(&grid, &ng, o.sigma_grid ? o.sigma_grid : "0.5,1,2", "--sigma-grid", 1)
               : split_grid(&grid, &ng, o.kappa_grid ? o.kappa_grid : "1,10,173", "--kappa-grid", 0);
    if (rc)
        return rc;
    /* about half the digits of a double (and of mpfr, run at 17 digits' bits) */
    tol = 1e-8;

    if (o.json)
        printf("{\"formula\":\"%s\",\"form\":\"%s\",\"method\":\"%s\",\"tolerance\":%g,\"points\":[",
               form->formula, form->form, o.method, tol);
    else if (o.csv)
        printf("formula,form,method,%s,radius,p_fail,kind,rel_error_at_p,rel_error_at_p_minus_1,persists,searched_to\n",
               gauss ? "sigma" : "kappa");
    else
        printf("%s %s by %s: smallest p where it returns inf/NaN/0 or loses half its digits (rel. error > %g)\n",
               form->formula, form->form, o.method, tol);
    for (size_t i = 0; i < ng; i++) {
        lp_params par = { 0 };
        lp_overflow_point pt;
        if (gauss) {
            par.sigma = grid[i];
            par.radius = o.radius;
            par.sigma_d = strtod(grid[i], NULL);
            par.radius_d = strtod(o.radius, NULL);
        } else {
            par.kappa = grid[i];
            par.kappa_d = strtod(grid[i], NULL);
        }
        lp_overflow_find(&pt, form, (lp_method) m, &par, p_max, tol);
        if (o.json) {
            printf("%s{\"%s\":", i ? "," : "", gauss ? "sigma" : "kappa");
            lp_json_string(stdout, grid[i]);
            if (gauss) {
                printf(",\"radius\":");
                lp_json_string(stdout, o.radius);
            }
            printf(",\"p\":");
            if (pt.p)
                printf("%llu", (unsigned long long) pt.p);
            else
                printf("null");
            printf(",\"kind\":\"%s\",\"rel_error\":", pt.kind);
            lp_json_number(stdout, pt.rel_error >= 0 ? pt.rel_error : NAN);
            printf(",\"rel_error_before\":");
            lp_json_number(stdout, pt.rel_error_before >= 0 ? pt.rel_error_before : NAN);
            printf(",\"persists\":%s,\"searched_to\":%llu,\"domain_at_p1\":%s}", pt.persists ? "true" : "false",
                   (unsigned long long) pt.searched_to, pt.domain_at_1 ? "true" : "false");
        } else if (o.csv) {
            printf("%s,%s,%s,%s,%s,", form->formula, form->form, o.method, grid[i], gauss ? o.radius : "");
            if (pt.p)
                printf("%llu", (unsigned long long) pt.p);
            printf(",%s,%.3g,%.3g,%d,%llu\n", pt.kind, pt.rel_error, pt.rel_error_before, pt.persists,
                   (unsigned long long) pt.searched_to);
        } else {
            printf("  %s=%s%s%s: ", gauss ? "sigma" : "kappa", grid[i], gauss ? " R=" : "", gauss ? o.radius : "");
            if (pt.p) {
                printf("p = %llu (%s", (unsigned long long) pt.p, pt.kind);
                if (pt.rel_error >= 0)
                    printf(", rel. error %.3g", pt.rel_error);
                if (pt.p > 1)
                    printf("; at p - 1 it is fine");
                if (pt.rel_error_before >= 0)
                    printf(", rel. error %.3g", pt.rel_error_before);
                printf(")%s%s\n", pt.persists ? "" : "  [the failure does not persist at 2p, 4p, 8p]",
                       pt.domain_at_1 ? "  [p = 1: outside the method's domain]" : "");
            } else
                printf("no failure up to p = %llu%s\n", (unsigned long long) pt.searched_to,
                       pt.searched_to < p_max ? " (the method declines larger p)" : "");
        }
        fflush(stdout);
    }
    if (o.json)
        printf("]");
    if (m == LP_MPFR) {
        static const uint64_t ps[] = { 10, 100, 1000, 13700, 100000 };
        if (o.json)
            printf(",\"mpfr_bits_for_15_digits\":[");
        else if (!o.csv)
            printf("MPFR precision that keeps 15 correct digits (first grid point):\n");
        for (size_t k = 0; k < sizeof ps / sizeof ps[0]; k++) {
            lp_params par = { 0 };
            long bits;
            par.p = ps[k];
            if (gauss) {
                par.sigma = grid[0];
                par.radius = o.radius;
                par.sigma_d = strtod(grid[0], NULL);
                par.radius_d = strtod(o.radius, NULL);
            } else {
                par.kappa = grid[0];
                par.kappa_d = strtod(grid[0], NULL);
            }
            bits = lp_mpfr_bits_needed(form, &par, 15);
            if (o.json)
                printf("%s{\"p\":%llu,\"bits\":%ld}", k ? "," : "", (unsigned long long) ps[k], bits);
            else if (!o.csv)
                printf("  p = %llu: %ld bits\n", (unsigned long long) ps[k], bits);
        }
        if (o.json)
            printf("]");
    }
    if (o.json)
        printf("}\n");
    for (size_t i = 0; i < ng; i++)
        free(grid[i]);
    free(grid);
    return lp_close_stdout(LP_EXIT_OK);
}
