/* cmd_channel.c -- `leakproof channel SUB ...`: Tan et al.'s data-space
 * channels: capacity, natural, white, personalized, dp, and the toy example. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_eigen.h>
#include "cli.h"
#include "channel/channel.h"

static const char *const cmd = "channel";
#define READ_PREC 256

static void
channel_usage(FILE *out)
{
    fputs("usage: leakproof channel capacity     --eigenvalues L1,L2,...|--eigenvalues-file F --sigma S [--json]\n"
          "       leakproof channel natural      --eigenvalues ...|--eigenvalues-file F|--data F.csv --capacity K [--json]\n"
          "       leakproof channel white        --eigenvalues ...|--eigenvalues-file F|--data F.csv --capacity K [--json]\n"
          "       leakproof channel personalized --covariance F --beta F --capacity K [--json]\n"
          "       leakproof channel dp           --batch B --clip S (--noise-multiplier M | --epsilon E --delta D) [--json]\n"
          "       leakproof channel toy          [--json]\n"
          "\n"
          "  sigma is a noise variance (W~ = W + sqrt(sigma) xi), as in Tan et al.\n"
          "  --eigenvalues      decimal numbers >= 0, comma-separated (read exactly)\n"
          "  --eigenvalues-file one eigenvalue per line ('#' comments)\n"
          "  --data F.csv       one sample per row; the sample covariance's eigenvalues (GSL)\n"
          "  --covariance F     a symmetric positive definite matrix, one CSV row per line\n"
          "  --beta F           the relative noise levels beta_i > 0, one per line or CSV\n"
          "  --capacity K       the threshold kappa > 0 (nats)\n"
          "  --digits D         certified digits of sigma (natural, white), 1 to 100 (default 20)\n", out);
}

typedef struct {
    const char *sub, *eig, *eig_file, *data, *cov, *beta, *sigma, *capacity;
    const char *batch, *clip, *mult, *eps, *delta, *digits;
    int json;
} ch_opts;

/* ---- reading numbers --------------------------------------------------------- */


/* The spectrum from --eigenvalues, --eigenvalues-file or --data. */
static int
load_spectrum(lp_spectrum *s, const ch_opts *o, int allow_data, char *note, size_t notelen)
{
    char err[600];
    int given = (o->eig != NULL) + (o->eig_file != NULL) + (allow_data && o->data != NULL);
    note[0] = '\0';
    if (given != 1)
        return lp_usage_error(cmd, "give exactly one of --eigenvalues, --eigenvalues-file%s",
                              allow_data ? " or --data" : "");
    if (o->eig) {
        char *copy = strdup(o->eig), *save = NULL, *tok;
        size_t n = 0, i = 0;
        for (const char *c = o->eig; *c; c++)
            n += *c == ',';
        lp_spectrum_init(s, n + 1);
        for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save), i++) {
            if (!lp_decimal_valid(tok) || lp_decimal_sign(tok) < 0) {
                int rc = lp_usage_error(cmd, "--eigenvalues: eigenvalue %zu must be a decimal number >= 0 (got '%s')",
                                        i + 1, tok);
                free(copy);
                lp_spectrum_clear(s);
                return rc;
            }
            lp_spectrum_set_text(s, i, tok, READ_PREC);
        }
        free(copy);
        if (i != n + 1) {
            lp_spectrum_clear(s);
            return lp_usage_error(cmd, "--eigenvalues: an empty entry in '%s'", o->eig);
        }
        return 0;
    }
    if (o->eig_file) {
        size_t n, rows;
        long cols;
        char **t = lp_read_numbers(o->eig_file, &n, &rows, &cols, err, sizeof err);
        if (t == NULL)
            return lp_usage_error(cmd, "--eigenvalues-file %s", err);
        lp_spectrum_init(s, n);
        for (size_t i = 0; i < n; i++) {
            if (lp_decimal_sign(t[i]) < 0) {
                int rc = lp_usage_error(cmd, "--eigenvalues-file %s: eigenvalue %zu is negative (%s)",
                                        o->eig_file, i + 1, t[i]);
                lp_free_texts(t, n);
                lp_spectrum_clear(s);
                return rc;
            }
            lp_spectrum_set_text(s, i, t[i], READ_PREC);
        }
        lp_free_texts(t, n);
        return 0;
    }
    {
        /* --data: sample covariance (n - 1), eigenvalues by GSL */
        size_t n, rows;
        long cols;
        char **t = lp_read_numbers(o->data, &n, &rows, &cols, err, sizeof err);
        gsl_matrix *c;
        gsl_vector *ev;
        gsl_eigen_symm_workspace *ws;
        double *mean, top = 0;
        size_t d, clamped = 0;
        if (t == NULL)
            return lp_usage_error(cmd, "--data %s", err);
        if (rows < 2) {
            lp_free_texts(t, n);
            return lp_usage_error(cmd, "--data %s: at least 2 samples (rows) are needed", o->data);
        }
        d = (size_t) cols;
        mean = calloc(d, sizeof(double));
        c = gsl_matrix_calloc(d, d);
        for (size_t r = 0; r < rows; r++)
            for (size_t j = 0; j < d; j++)
                mean[j] += strtod(t[r * d + j], NULL) / rows;
        for (size_t r = 0; r < rows; r++)
            for (size_t i = 0; i < d; i++)
                for (size_t j = 0; j <= i; j++) {
                    double v = (strtod(t[r * d + i], NULL) - mean[i]) * (strtod(t[r * d + j], NULL) - mean[j])
                               / (rows - 1);
                    gsl_matrix_set(c, i, j, gsl_matrix_get(c, i, j) + v);
                }
        for (size_t i = 0; i < d; i++)
            for (size_t j = 0; j < i; j++)
                gsl_matrix_set(c, j, i, gsl_matrix_get(c, i, j));
        ev = gsl_vector_alloc(d);
        ws = gsl_eigen_symm_alloc(d);
        gsl_eigen_symm(c, ev, ws);
        for (size_t i = 0; i < d; i++)
            top = fmax(top, fabs(gsl_vector_get(ev, i)));
        lp_spectrum_init(s, d);
        for (size_t i = 0; i < d; i++) {
            double v = gsl_vector_get(ev, i);
            if (v < 0 && -v <= 1e-12 * top * d) {      /* rounding of a PSD matrix */
                v = 0;
                clamped++;
            }
            lp_spectrum_set_d(s, i, v);
        }
        if (clamped)
            snprintf(note, notelen, "%zu eigenvalues of the sample covariance were -0 up to rounding and "
                     "are taken as 0", clamped);
        snprintf(note + strlen(note), notelen - strlen(note), "%s%zu samples of dimension %zu; eigenvalues "
                 "by GSL in doubles (not certified), exact from there on", note[0] ? "; " : "", rows, d);
        gsl_eigen_symm_free(ws);
        gsl_vector_free(ev);
        gsl_matrix_free(c);
        free(mean);
        lp_free_texts(t, n);
        return 0;
    }
}

static int
need_kappa(arb_t kappa, const ch_opts *o)
{
    if (o->capacity == NULL)
        return lp_usage_error(cmd, "missing --capacity (the threshold kappa, a decimal number > 0)");
    if (!lp_decimal_valid(o->capacity) || lp_decimal_sign(o->capacity) <= 0)
        return lp_usage_error(cmd, "--capacity (kappa) must be a decimal number > 0 (got '%s')", o->capacity);
    lp_decimal_arb(kappa, o->capacity, READ_PREC);
    return 0;
}

/* ---- subcommands ---------------------------------------------------------------- */

static int
run_capacity(const ch_opts *o, slong digits)
{
    lp_spectrum s;
    arb_t sigma, f;
    char note[400], *v;
    int rc;
    if ((rc = load_spectrum(&s, o, 0, note, sizeof note)))
        return rc;
    if (o->sigma == NULL || !lp_decimal_valid(o->sigma) || lp_decimal_sign(o->sigma) <= 0) {
        lp_spectrum_clear(&s);
        return o->sigma ? lp_usage_error(cmd, "--sigma (noise variance) must be a decimal number > 0 (got '%s')", o->sigma)
                        : lp_usage_error(cmd, "missing --sigma (noise variance, a decimal number > 0)");
    }
    arb_init(sigma);
    arb_init(f);
    lp_decimal_arb(sigma, o->sigma, READ_PREC);
    lp_channel_f_arb(f, &s, sigma, (slong) (3.33 * digits) + 64);
    v = lp_format_ball(f, digits);
    if (o->json) {
        printf("{\"d\":%zu,\"sigma\":", s.d);
        lp_json_string(stdout, o->sigma);
        printf(",\"capacity\":");
        lp_json_string(stdout, v);
        printf(",\"rel_error_bound\":");
        lp_json_number(stdout, lp_ball_rel_error_bound(f));
        printf(",\"unit\":\"nats\"}\n");
    } else {
        printf("channel capacity f(sigma=%s) = %s nats over d=%zu eigenvalues (certified, rel. error <= %.2g)\n",
               o->sigma, v ? v : "?", s.d, lp_ball_rel_error_bound(f));
    }
    flint_free(v);
    arb_clear(sigma);
    arb_clear(f);
    lp_spectrum_clear(&s);
    return lp_close_stdout(LP_EXIT_OK);
}

static int
run_natural(const ch_opts *o, slong digits)
{
    lp_spectrum s;
    arb_t kappa, sigma, f;
    char note[400], *v, *fv;
    int rc, st;
    if ((rc = load_spectrum(&s, o, 1, note, sizeof note)))
        return rc;
    arb_init(kappa);
    arb_init(sigma);
    arb_init(f);
    if ((rc = need_kappa(kappa, o))) {
        lp_spectrum_clear(&s);
        arb_clear(kappa); arb_clear(sigma); arb_clear(f);
        return rc;
    }
    st = lp_channel_natural(sigma, &s, kappa, digits, 64);
    if (st == -1) {
        lp_spectrum_clear(&s);
        arb_clear(kappa); arb_clear(sigma); arb_clear(f);
        return lp_usage_error(cmd, "every eigenvalue is 0: f(sigma) = 0 for all sigma, no sigma gives capacity %s",
                              o->capacity);
    }
    lp_channel_f_arb(f, &s, sigma, (slong) (3.33 * digits) + 64);
    v = st == 0 ? lp_format_ball(sigma, digits) : NULL;
    fv = st == 0 ? lp_format_ball(f, digits) : NULL;
    if (o->json) {
        printf("{\"channel\":\"natural\",\"d\":%zu,\"capacity\":", s.d);
        lp_json_string(stdout, o->capacity);
        printf(",\"sigma\":");
        lp_json_string(stdout, v);
        printf(",\"rel_error_bound\":");
        lp_json_number(stdout, st == 0 ? lp_ball_rel_error_bound(sigma) : NAN);
        printf(",\"f_at_sigma\":");
        lp_json_string(stdout, fv);
        printf(",\"status\":\"%s\",\"note\":", st == 0 ? "ok" : "failed");
        lp_json_string(stdout, note[0] ? note : NULL);
        printf("}\n");
    } else if (st == 0) {
        printf("natural channel: sigma = %s (certified, rel. error <= %.2g; unique: f is decreasing)\n"
               "  f(sigma) encloses %s = kappa %s over d=%zu eigenvalues\n", v, lp_ball_rel_error_bound(sigma),
               fv ? fv : "?", o->capacity, s.d);
        if (note[0])
            printf("  note: %s\n", note);
    } else {
        printf("natural channel: the root could not be certified to %ld digits\n", (long) digits);
    }
    flint_free(v);
    flint_free(fv);
    arb_clear(kappa); arb_clear(sigma); arb_clear(f);
    lp_spectrum_clear(&s);
    return lp_close_stdout(st == 0 ? LP_EXIT_OK : LP_EXIT_FAIL);
}

static int
run_white(const ch_opts *o, slong digits)
{
    lp_spectrum s;
    arb_t kappa, f;
    arb_ptr sig;
    char note[400], *fv;
    slong prec = (slong) (3.33 * digits) + 64;
    int rc;
    if ((rc = load_spectrum(&s, o, 1, note, sizeof note)))
        return rc;
    arb_init(kappa);
    arb_init(f);
    if ((rc = need_kappa(kappa, o))) {
        lp_spectrum_clear(&s);
        arb_clear(kappa); arb_clear(f);
        return rc;
    }
    sig = _arb_vec_init((slong) s.d);
    lp_channel_white(sig, &s, kappa, prec);
    lp_channel_white_f(f, &s, sig, prec);
    fv = lp_format_ball(f, digits);
    if (s.positive < s.d)
        snprintf(note + strlen(note), sizeof note - strlen(note),
                 "%s%zu zero eigenvalues get sigma_i = 0 and carry no information: the equal shares "
                 "cannot all be 2 kappa/d, and f sums the %zu positive ones", note[0] ? "; " : "",
                 s.d - s.positive, s.positive);
    if (o->json) {
        printf("{\"channel\":\"white\",\"d\":%zu,\"capacity\":", s.d);
        lp_json_string(stdout, o->capacity);
        printf(",\"sigmas\":[");
        for (size_t i = 0; i < s.d; i++) {
            char *t = arb_is_zero(sig + i) ? NULL : lp_format_ball(sig + i, digits);
            printf("%s", i ? "," : "");
            lp_json_string(stdout, arb_is_zero(sig + i) ? "0" : t);
            flint_free(t);
        }
        printf("],\"f_at_sigmas\":");
        lp_json_string(stdout, fv);
        printf(",\"note\":");
        lp_json_string(stdout, note[0] ? note : NULL);
        printf("}\n");
    } else {
        printf("white channel: sigma_i = lambda_i / (exp(2 kappa/d) - 1), d=%zu; f at these = %s (kappa %s)\n",
               s.d, fv ? fv : "?", o->capacity);
        for (size_t i = 0; i < s.d && i < 10; i++) {
            char *t = lp_format_ball(sig + i, digits);
            printf("  sigma_%zu = %s\n", i + 1, arb_is_zero(sig + i) ? "0" : t ? t : "?");
            flint_free(t);
        }
        if (s.d > 10)
            printf("  ... (%zu more; --json lists all)\n", s.d - 10);
        if (note[0])
            printf("  note: %s\n", note);
    }
    flint_free(fv);
    _arb_vec_clear(sig, (slong) s.d);
    arb_clear(kappa);
    arb_clear(f);
    lp_spectrum_clear(&s);
    return lp_close_stdout(LP_EXIT_OK);
}

static void
print_roots(const char *key, const double *r, int n)
{
    printf(",\"%s\":[", key);
    for (int i = 0; i < n; i++)
        printf("%s\"%.15e\"", i ? "," : "", r[i]);
    printf("]");
}

static int
run_personalized(const ch_opts *o)
{
    char err[600];
    size_t n, rows, nb, brows;
    long cols, bcols;
    char **tc, **tb;
    double *cov, *beta, kappa, roots_proof[4], roots_printed[8], roots_up[4], roots_upr[8], lo, hi;
    int np, npr, nu, nupr;
    lp_personal p;
    if (o->cov == NULL)
        return lp_usage_error(cmd, "missing --covariance F (a symmetric positive definite matrix)");
    if (o->beta == NULL)
        return lp_usage_error(cmd, "missing --beta F (relative noise levels beta_i > 0)");
    if (o->capacity == NULL || !lp_decimal_valid(o->capacity) || lp_decimal_sign(o->capacity) <= 0)
        return o->capacity ? lp_usage_error(cmd, "--capacity (kappa) must be a decimal number > 0 (got '%s')", o->capacity)
                           : lp_usage_error(cmd, "missing --capacity (the threshold kappa, a decimal number > 0)");
    kappa = strtod(o->capacity, NULL);
    if ((tc = lp_read_numbers(o->cov, &n, &rows, &cols, err, sizeof err)) == NULL)
        return lp_usage_error(cmd, "--covariance %s", err);
    if ((size_t) cols != rows) {
        lp_free_texts(tc, n);
        return lp_usage_error(cmd, "--covariance %s: %zu rows of %ld numbers, not a square matrix", o->cov, rows, cols);
    }
    if ((tb = lp_read_numbers(o->beta, &nb, &brows, &bcols, err, sizeof err)) == NULL) {
        lp_free_texts(tc, n);
        return lp_usage_error(cmd, "--beta %s", err);
    }
    if (nb != rows) {
        lp_free_texts(tc, n);
        lp_free_texts(tb, nb);
        return lp_usage_error(cmd, "--beta %s: %zu values for a %zux%zu covariance", o->beta, nb, rows, rows);
    }
    cov = malloc(sizeof(double) * n);
    beta = malloc(sizeof(double) * nb);
    for (size_t i = 0; i < n; i++)
        cov[i] = strtod(tc[i], NULL);
    for (size_t i = 0; i < nb; i++) {
        if (lp_decimal_sign(tb[i]) <= 0) {
            int rc = lp_usage_error(cmd, "--beta %s: beta_%zu must be > 0 (got '%s')", o->beta, i + 1, tb[i]);
            free(cov); free(beta); lp_free_texts(tc, n); lp_free_texts(tb, nb);
            return rc;
        }
        beta[i] = strtod(tb[i], NULL);
    }
    lp_free_texts(tc, n);
    lp_free_texts(tb, nb);
    if (lp_personal_init(&p, rows, cov, beta, err, sizeof err) != 0) {
        free(cov);
        free(beta);
        return lp_usage_error(cmd, "--covariance %s: %s", o->cov, err);
    }
    lo = 1e-30;
    hi = 1e30;
    np = lp_solve_scan(roots_proof, 4, lp_personal_proof, &p, kappa, lo, hi, 1200);
    npr = lp_solve_scan(roots_printed, 8, lp_personal_printed, &p, kappa, lo, hi, 1200);
    nu = lp_solve_scan(roots_up, 4, lp_personal_u_proof, &p, kappa, lo, hi, 1200);
    nupr = lp_solve_scan(roots_upr, 8, lp_personal_u_printed, &p, kappa, lo, hi, 1200);
    if (o->json) {
        printf("{\"channel\":\"personalized\",\"d\":%zu,\"capacity\":", rows);
        lp_json_string(stdout, o->capacity);
        printf(",\"sigma\":");
        if (np == 1)
            printf("\"%.15e\"", roots_proof[0]);
        else
            printf("null");
        printf(",\"rel_error_bound\":null,\"certified\":false");
        print_roots("sigma_eq20_printed", roots_printed, npr);
        print_roots("sigma_u_proof", roots_up, nu);
        print_roots("sigma_u_printed", roots_upr, nupr);
        printf(",\"note\":\"sigma solves the proof's 1/2[ln det(Sigma + sigma diag(beta)) - sum ln(sigma beta_i)] = kappa "
               "(unique: decreasing); the printed eq. (20) and U are ratios, all their roots in [1e-30, 1e30] are listed; "
               "doubles (GSL), not certified\"}\n");
    } else {
        printf("personalized channel, d=%zu, kappa=%s (doubles with GSL; not certified)\n", rows, o->capacity);
        printf("  proof of Theorem 2 (eq. (23)-(24)), 1/2[ln det(S + s B) - sum ln(s b_i)] = kappa: ");
        if (np == 1)
            printf("sigma = %.15e (unique: the function decreases)\n", roots_proof[0]);
        else
            printf("no solution in [1e-30, 1e30]\n");
        printf("  eq. (20) as printed, ln det(S + s B) / (2 sum ln(s b_i)) = kappa: %d solution(s)", npr);
        for (int i = 0; i < npr; i++)
            printf(" %.15e", roots_printed[i]);
        printf("\n  U(sigma) = kappa, Theorem 3's bound in the proof's form: %d solution(s)", nu);
        for (int i = 0; i < nu; i++)
            printf(" %.15e", roots_up[i]);
        printf("\n  U(sigma) = kappa as printed (a ratio): %d solution(s)", nupr);
        for (int i = 0; i < nupr; i++)
            printf(" %.15e", roots_upr[i]);
        printf("\n");
    }
    lp_personal_clear(&p);
    free(cov);
    free(beta);
    return lp_close_stdout(LP_EXIT_OK);
}

static int
run_dp(const ch_opts *o, slong digits)
{
    arb_t B, S, M, E, D, sigma, b1, b2, sup, r;
    slong prec = (slong) (3.33 * digits) + 64;
    char *s1 = NULL, *s2 = NULL, *ss = NULL, *sg = NULL, *sr1 = NULL, *sr2 = NULL;
    int have_m = o->mult != NULL, have_e = o->eps != NULL || o->delta != NULL;
    if (o->batch == NULL || !lp_decimal_valid(o->batch) || lp_decimal_sign(o->batch) <= 0)
        return o->batch ? lp_usage_error(cmd, "--batch must be a decimal number > 0 (got '%s')", o->batch)
                        : lp_usage_error(cmd, "missing --batch (the batch size B > 0)");
    if (o->clip == NULL || !lp_decimal_valid(o->clip) || lp_decimal_sign(o->clip) <= 0)
        return o->clip ? lp_usage_error(cmd, "--clip must be a decimal number > 0 (got '%s')", o->clip)
                       : lp_usage_error(cmd, "missing --clip (the clipping bound S > 0)");
    if (have_m == have_e)
        return lp_usage_error(cmd, "give either --noise-multiplier M or both --epsilon E and --delta D");
    if (have_m && (!lp_decimal_valid(o->mult) || lp_decimal_sign(o->mult) <= 0))
        return lp_usage_error(cmd, "--noise-multiplier must be a decimal number > 0 (got '%s')", o->mult);
    if (have_e && (o->eps == NULL || o->delta == NULL))
        return lp_usage_error(cmd, "--epsilon and --delta go together");
    if (have_e && (!lp_decimal_valid(o->eps) || lp_decimal_sign(o->eps) <= 0))
        return lp_usage_error(cmd, "--epsilon must be a decimal number > 0 (got '%s')", o->eps);
    if (have_e && (!lp_decimal_valid(o->delta) || lp_decimal_sign(o->delta) <= 0 || strtod(o->delta, NULL) >= 1))
        return lp_usage_error(cmd, "--delta must be a decimal number in (0, 1) (got '%s')", o->delta);
    arb_init(B); arb_init(S); arb_init(M); arb_init(E); arb_init(D);
    arb_init(sigma); arb_init(b1); arb_init(b2); arb_init(sup); arb_init(r);
    lp_decimal_arb(B, o->batch, prec);
    lp_decimal_arb(S, o->clip, prec);
    if (have_m) {
        lp_decimal_arb(M, o->mult, prec);
        arb_mul(sigma, M, S, prec);
        arb_sqr(sigma, sigma, prec);           /* noise variance (M S)^2 */
    } else {
        lp_decimal_arb(E, o->eps, prec);
        lp_decimal_arb(D, o->delta, prec);
        lp_dp_sigma_classical(sigma, E, D, S, prec);
        lp_dp_bound2(b2, B, E, D, prec);
        s2 = lp_format_ball(b2, digits);
    }
    lp_dp_bound1(b1, B, S, sigma, prec);
    lp_dp_supremum(sup, B, S, sigma, prec);
    s1 = lp_format_ball(b1, digits);
    ss = lp_format_ball(sup, digits);
    sg = lp_format_ball(sigma, digits);
    arb_div(r, b1, sup, prec);
    sr1 = lp_format_ball(r, digits);
    if (!have_m) {
        arb_div(r, b2, sup, prec);
        sr2 = lp_format_ball(r, digits);
    }
    if (o->json) {
        printf("{\"batch\":");
        lp_json_string(stdout, o->batch);
        printf(",\"clip\":");
        lp_json_string(stdout, o->clip);
        printf(",\"noise_variance\":");
        lp_json_string(stdout, sg);
        printf(",\"bound\":");
        lp_json_string(stdout, have_m ? s1 : s2);
        printf(",\"bound1\":");
        lp_json_string(stdout, s1);
        printf(",\"bound2\":");
        lp_json_string(stdout, s2);
        printf(",\"supremum\":");
        lp_json_string(stdout, ss);
        printf(",\"bound1_over_supremum\":");
        lp_json_string(stdout, sr1);
        printf(",\"bound2_over_supremum\":");
        lp_json_string(stdout, sr2);
        printf(",\"unit\":\"nats\"}\n");
    } else {
        printf("Theorem 4, B=%s S=%s, noise variance sigma = %s%s\n", o->batch, o->clip, sg,
               have_m ? " (multiplier^2 S^2)" : " (2 ln(1.25/delta) S^2 / eps^2)");
        printf("  bound (1) B S^2/sigma            = %s\n", s1);
        if (!have_m)
            printf("  bound (2) B eps^2/(2 ln(1.25/delta)) = %s\n", s2);
        printf("  largest capacity its hypotheses allow, B S^2/(2 sigma) (d -> oo, equal spectrum) = %s\n", ss);
        printf("  bound (1) / supremum = %s%s%s\n", sr1, sr2 ? ", bound (2) / supremum = " : "", sr2 ? sr2 : "");
    }
    flint_free(s1); flint_free(s2); flint_free(ss); flint_free(sg); flint_free(sr1); flint_free(sr2);
    arb_clear(B); arb_clear(S); arb_clear(M); arb_clear(E); arb_clear(D);
    arb_clear(sigma); arb_clear(b1); arb_clear(b2); arb_clear(sup); arb_clear(r);
    return lp_close_stdout(LP_EXIT_OK);
}

/* Section 5.2 / Fig. 4: D ~ N(-1, 1), F(W; D) = W^2 D, gradient 2 W D; capacity
 * 1 at W = 2 by noise on the gradient, and by noise on the data. */
static int
run_toy(const ch_opts *o)
{
    lp_spectrum grad, data, next;
    arb_t kappa, s_grad, s_data, e2, want, f;
    char *a, *b, *c, *wa, *wb;
    slong prec = 200;
    lp_spectrum_init(&grad, 1);
    lp_spectrum_init(&data, 1);
    lp_spectrum_init(&next, 1);
    lp_spectrum_set_text(&grad, 0, "16", prec);   /* Var(2 W D) at W = 2 */
    lp_spectrum_set_text(&data, 0, "1", prec);    /* Var(D) */
    lp_spectrum_set_text(&next, 0, "144", prec);  /* Var(2 W D) at W = 6 */
    arb_init(kappa); arb_init(s_grad); arb_init(s_data); arb_init(e2); arb_init(want); arb_init(f);
    arb_one(kappa);
    lp_channel_natural(s_grad, &grad, kappa, 20, 64);
    lp_channel_natural(s_data, &data, kappa, 20, 64);
    arb_set_ui(e2, 2);
    arb_expm1(e2, e2, prec);                       /* e^2 - 1 */
    lp_channel_f_arb(f, &next, s_grad, prec);      /* capacity at the next step */
    a = lp_format_ball(s_grad, 20);
    b = lp_format_ball(s_data, 20);
    c = lp_format_ball(f, 20);
    arb_set_ui(want, 16);
    arb_div(want, want, e2, prec);
    wa = lp_format_ball(want, 20);
    arb_inv(want, e2, prec);
    wb = lp_format_ball(want, 20);
    if (o->json) {
        printf("{\"sigma_gradient\":\"%s\",\"sigma_gradient_text\":\"%s\",\"sigma_data\":\"%s\","
               "\"sigma_data_text\":\"%s\",\"capacity_next_step_gradient_noise\":\"%s\","
               "\"capacity_next_step_data_noise\":\"1\"}\n", a, wa, b, wb, c);
    } else {
        printf("toy example (Tan et al. Section 5.2, Fig. 4): D ~ N(-1, 1), F(W; D) = W^2 D, capacity 1\n");
        printf("  noise on the gradient at W = 2 (Var 16): sigma = %s; the text's 16/(e^2-1) = %s\n", a, wa);
        printf("  noise on the data (Var 1):               sigma = %s; the text's 1/(e^2-1)  = %s\n", b, wb);
        printf("  next step W = 2 - 2 W E[D] = 6: the gradient noise gives capacity %s, not 1;\n"
               "  the data noise gives 1/2 ln(1 + 4W^2/(4W^2 sigma)) = 1 at every W\n", c);
    }
    flint_free(a); flint_free(b); flint_free(c); flint_free(wa); flint_free(wb);
    arb_clear(kappa); arb_clear(s_grad); arb_clear(s_data); arb_clear(e2); arb_clear(want); arb_clear(f);
    lp_spectrum_clear(&grad);
    lp_spectrum_clear(&data);
    lp_spectrum_clear(&next);
    return lp_close_stdout(LP_EXIT_OK);
}

int
lp_cmd_channel(int argc, char **argv)
{
    enum { O_EIG = 256, O_EIGF, O_DATA, O_COV, O_BETA, O_SIGMA, O_CAP, O_BATCH, O_CLIP, O_MULT,
           O_EPS, O_DELTA, O_DIGITS, O_JSON, O_HELP };
    static const struct option longopts[] = {
        { "eigenvalues", required_argument, NULL, O_EIG },
        { "eigenvalues-file", required_argument, NULL, O_EIGF },
        { "data", required_argument, NULL, O_DATA },
        { "covariance", required_argument, NULL, O_COV },
        { "beta", required_argument, NULL, O_BETA },
        { "sigma", required_argument, NULL, O_SIGMA },
        { "capacity", required_argument, NULL, O_CAP },
        { "batch", required_argument, NULL, O_BATCH },
        { "clip", required_argument, NULL, O_CLIP },
        { "noise-multiplier", required_argument, NULL, O_MULT },
        { "epsilon", required_argument, NULL, O_EPS },
        { "delta", required_argument, NULL, O_DELTA },
        { "digits", required_argument, NULL, O_DIGITS },
        { "json", no_argument, NULL, O_JSON },
        { "help", no_argument, NULL, O_HELP },
        { NULL, 0, NULL, 0 }
    };
    ch_opts o;
    long digits = 20;
    int c, rc;
    memset(&o, 0, sizeof o);
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case O_EIG: o.eig = optarg; break;
        case O_EIGF: o.eig_file = optarg; break;
        case O_DATA: o.data = optarg; break;
        case O_COV: o.cov = optarg; break;
        case O_BETA: o.beta = optarg; break;
        case O_SIGMA: o.sigma = optarg; break;
        case O_CAP: o.capacity = optarg; break;
        case O_BATCH: o.batch = optarg; break;
        case O_CLIP: o.clip = optarg; break;
        case O_MULT: o.mult = optarg; break;
        case O_EPS: o.eps = optarg; break;
        case O_DELTA: o.delta = optarg; break;
        case O_DIGITS: o.digits = optarg; break;
        case O_JSON: o.json = 1; break;
        case O_HELP: channel_usage(stdout); return lp_close_stdout(LP_EXIT_OK);
        case ':': return lp_usage_error(cmd, "option %s needs a value", argv[optind - 1]);
        default: return lp_usage_error(cmd, "unknown option '%s' (see leakproof channel --help)", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return lp_usage_error(cmd, "missing subcommand: capacity, natural, white, personalized, dp or toy");
    if (optind + 1 < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[optind + 1]);
    o.sub = argv[optind];
    if (o.digits && (rc = lp_arg_int_range(&digits, cmd, "--digits", o.digits, 1, 100)))
        return rc;
    if (strcmp(o.sub, "capacity") == 0)
        return run_capacity(&o, digits);
    if (strcmp(o.sub, "natural") == 0)
        return run_natural(&o, digits);
    if (strcmp(o.sub, "white") == 0)
        return run_white(&o, digits);
    if (strcmp(o.sub, "personalized") == 0)
        return run_personalized(&o);
    if (strcmp(o.sub, "dp") == 0)
        return run_dp(&o, digits);
    if (strcmp(o.sub, "toy") == 0)
        return run_toy(&o);
    return lp_usage_error(cmd, "unknown subcommand '%s': capacity, natural, white, personalized, dp or toy", o.sub);
}
