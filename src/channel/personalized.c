/* Personalized channel (Tan et al. eq. (20), Theorem 3) in doubles with GSL's
 * linear algebra: measured, not certified.  Contracts in channel.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include "core/host.h"
#include "channel/channel.h"


static int
cholesky(gsl_matrix *m)
{
    lp_gsl_quiet_enter();
    int st = gsl_linalg_cholesky_decomp1(m);
    lp_gsl_quiet_leave();
    return st;
}

/* u_i = c_ii - rho_i^T Sigma_{i-1}^-1 rho_i = L_ii^2, and with w =
 * Sigma_{i-1}^-1 rho_i = L'^-T l_i (l_i the first i entries of row i of L),
 * kap_i = beta_i + sum_j beta_j w_j^2: Theorem 3's k_i for diag(beta), which
 * scales with sigma.  O(d^3) once. */
static void
theorem3_parts(lp_personal *p, const gsl_matrix *L)
{
    const size_t d = p->d;
    double *w = malloc(sizeof(double) * (d ? d : 1));
    for (size_t i = 0; i < d && !lp_cancelled(); i++) {   /* SIGINT: no record (the caller) */
        double lii = gsl_matrix_get(L, i, i), k = p->beta[i];
        for (size_t jj = i; jj-- > 0;) {
            double t = gsl_matrix_get(L, i, jj);
            for (size_t m = jj + 1; m < i; m++)
                t -= gsl_matrix_get(L, m, jj) * w[m];
            w[jj] = t / gsl_matrix_get(L, jj, jj);
        }
        for (size_t j = 0; j < i; j++)
            k += p->beta[j] * w[j] * w[j];
        p->u[i] = lii * lii;
        p->kap[i] = k;
    }
    free(w);
}

int
lp_personal_init(lp_personal *p, size_t d, const double *cov, const double *beta,
                 char *err, size_t errlen)
{
    gsl_matrix *m = gsl_matrix_alloc(d, d);
    gsl_vector *ev = gsl_vector_alloc(d);
    gsl_eigen_symm_workspace *ws = gsl_eigen_symm_alloc(d);
    double scale = 0;
    int rc = 0;

    memset(p, 0, sizeof *p);
    p->d = d;
    p->cov = malloc(sizeof(double) * d * d);
    p->beta = malloc(sizeof(double) * d);
    p->mu = malloc(sizeof(double) * d);
    p->u = malloc(sizeof(double) * d);
    p->kap = malloc(sizeof(double) * d);
    memcpy(p->cov, cov, sizeof(double) * d * d);
    memcpy(p->beta, beta, sizeof(double) * d);
    for (size_t i = 0; i < d * d; i++)
        scale = fmax(scale, fabs(cov[i]));
    for (size_t i = 0; i < d && rc == 0; i++)
        for (size_t j = 0; j < i; j++)
            if (fabs(cov[i * d + j] - cov[j * d + i]) > 1e-12 * scale) {
                snprintf(err, errlen, "the covariance is not symmetric: entry (%zu,%zu) is %.17g, "
                         "entry (%zu,%zu) is %.17g", i + 1, j + 1, cov[i * d + j], j + 1, i + 1,
                         cov[j * d + i]);
                rc = -1;
                break;
            }
    if (rc == 0) {
        for (size_t i = 0; i < d; i++)
            for (size_t j = 0; j < d; j++)
                gsl_matrix_set(m, i, j, cov[i * d + j]);
        if (cholesky(m) != 0) {
            snprintf(err, errlen, "the covariance is not positive definite (Cholesky fails)");
            rc = -1;
        }
    }
    if (rc == 0 && lp_cancelled()) {   /* SIGINT after the Cholesky: the caller prints no record */
        snprintf(err, errlen, "interrupted");
        rc = -1;
    }
    if (rc == 0) {
        p->logdet_cov = 0;
        for (size_t i = 0; i < d; i++)
            p->logdet_cov += 2 * log(gsl_matrix_get(m, i, i));
        theorem3_parts(p, m);
    }
    if (rc == 0 && lp_cancelled()) {   /* SIGINT: not the eigensolver too; no record */
        snprintf(err, errlen, "interrupted");
        rc = -1;
    }
    if (rc == 0) {
        /* mu: eigenvalues of B^-1/2 Sigma B^-1/2 */
        for (size_t i = 0; i < d; i++)
            for (size_t j = 0; j < d; j++)
                gsl_matrix_set(m, i, j, cov[i * d + j] / sqrt(beta[i] * beta[j]));
        gsl_eigen_symm(m, ev, ws);
        for (size_t i = 0; i < d; i++)
            p->mu[i] = fmax(gsl_vector_get(ev, i), 0.0);
    }
    gsl_eigen_symm_free(ws);
    gsl_vector_free(ev);
    gsl_matrix_free(m);
    if (rc != 0)
        lp_personal_clear(p);
    return rc;
}

void
lp_personal_clear(lp_personal *p)
{
    free(p->cov);
    free(p->beta);
    free(p->mu);
    free(p->u);
    free(p->kap);
    p->cov = p->beta = p->mu = p->u = p->kap = NULL;
}

double
lp_personal_proof(const lp_personal *p, double sigma)
{
    double s = 0;
    for (size_t j = 0; j < p->d; j++)
        s += log1p(p->mu[j] / sigma);
    return 0.5 * s;
}

double
lp_personal_logdet(const lp_personal *p, double sigma)
{
    /* det(S + s B) = s^d det(B) prod_j (1 + mu_j/s): O(d) once mu is known */
    double r = 0;
    for (size_t i = 0; i < p->d; i++)
        r += log(sigma * p->beta[i]) + log1p(p->mu[i] / sigma);
    return r;
}

double
lp_personal_logdet_cholesky(const lp_personal *p, double sigma)
{
    const size_t d = p->d;
    gsl_matrix *m = gsl_matrix_alloc(d, d);
    double r = 0;
    for (size_t i = 0; i < d; i++)
        for (size_t j = 0; j < d; j++)
            gsl_matrix_set(m, i, j, p->cov[i * d + j] + (i == j ? sigma * p->beta[i] : 0.0));
    if (cholesky(m) != 0)
        r = NAN;
    else
        for (size_t i = 0; i < d; i++)
            r += 2 * log(gsl_matrix_get(m, i, i));
    gsl_matrix_free(m);
    return r;
}

static double
sum_log_noise(const lp_personal *p, double sigma)
{
    double s = 0;
    for (size_t i = 0; i < p->d; i++)
        s += log(sigma * p->beta[i]);
    return s;
}

double
lp_personal_printed(const lp_personal *p, double sigma)
{
    return lp_personal_logdet(p, sigma) / (2.0 * sum_log_noise(p, sigma));
}

void
lp_personal_theorem3(double *hadamard, double *schur, const lp_personal *p, double sigma)
{
    double h = 0, s = 0;
    for (size_t i = 0; i < p->d; i++) {
        h += log(p->cov[i * p->d + i] + sigma * p->beta[i]);
        s += log(p->u[i] + sigma * p->kap[i]);
    }
    *hadamard = h;
    *schur = s;
}

double
lp_personal_u_printed(const lp_personal *p, double sigma)
{
    double h, s;
    lp_personal_theorem3(&h, &s, p, sigma);
    return fmin(h, s) / (2.0 * sum_log_noise(p, sigma));
}

double
lp_personal_u_proof(const lp_personal *p, double sigma)
{
    double h, s;
    lp_personal_theorem3(&h, &s, p, sigma);
    return 0.5 * (fmin(h, s) - sum_log_noise(p, sigma));
}

int
lp_solve_scan(double *roots, int max_roots, double (*fn)(const lp_personal *, double),
              const lp_personal *p, double kappa, double lo, double hi, int points)
{
    int n = 0;
    double x0 = lo, g0 = fn(p, lo) - kappa;
    for (int k = 1; k <= points && n < max_roots && !lp_cancelled(); k++) {  /* SIGINT: no record */
        double x1 = lo * pow(hi / lo, (double) k / points), g1 = fn(p, x1) - kappa;
        if (isfinite(g0) && isfinite(g1) && (g0 > 0) != (g1 > 0)) {
            double a = x0, b = x1, ga = g0;
            for (int it = 0; it < 200 && b / a > 1 + 1e-15; it++) {
                double m = sqrt(a * b), gm = fn(p, m) - kappa;
                if ((gm > 0) == (ga > 0)) { a = m; ga = gm; } else b = m;
            }
            /* a sign change across a pole of a ratio is no root */
            if (fabs(fn(p, sqrt(a * b)) - kappa) <= 1e-6 * (1 + fabs(kappa)))
                roots[n++] = sqrt(a * b);
        }
        x0 = x1;
        g0 = g1;
    }
    return n;
}
