/* gram.c -- the candidates' Gram matrix and its factor (contracts in
 * runattack.h).  The factor comes from GSL's symmetric eigensolver: G = V
 * Lambda V^T, A = V sqrt(Lambda) over the eigenvalues above 1e-12 of the
 * largest, so a prior whose candidates span r < n' dimensions is simulated
 * in r (a regular simplex of n vertices spans n - 1). */
#include <math.h>
#include <stdlib.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_matrix.h>
#include "core/host.h"
#include "runattack/runattack.h"

void
lp_runattack_gram_points(double *gram, const double *points, int n, int p, const double *m0)
{
    const int side = n + (m0 != NULL);
    for (int i = 0; i < side; i++)
        for (int j = 0; j <= i; j++) {
            const double *a = i < n ? points + (size_t) i * p : m0, *b = j < n ? points + (size_t) j * p : m0;
            double dot = 0;
            for (int k = 0; k < p; k++)
                dot += a[k] * b[k];
            gram[(size_t) i * side + j] = gram[(size_t) j * side + i] = dot;
        }
}

void
lp_runattack_gram_simplex(double *gram, int n, double radius, int with_m0)
{
    const int side = n + (with_m0 != 0);
    const double r2 = radius * radius, off = n > 1 ? -r2 / (n - 1) : 0;
    for (int i = 0; i < side; i++)
        for (int j = 0; j < side; j++)
            gram[(size_t) i * side + j] = i >= n || j >= n ? (i == j ? 1.0 : 0.0) : i == j ? r2 : off;
}

int
lp_runattack_factor(double **A, const double *gram, int side)
{
    lp_gsl_quiet_enter();       /* a failed allocation returns NULL, never aborts the host */
    gsl_matrix *g = gsl_matrix_alloc((size_t) side, (size_t) side);
    gsl_matrix *v = gsl_matrix_alloc((size_t) side, (size_t) side);
    gsl_vector *lambda = gsl_vector_alloc((size_t) side);
    gsl_eigen_symmv_workspace *w = gsl_eigen_symmv_alloc((size_t) side);
    int r = -1;
    *A = NULL;
    if (g && v && lambda && w) {
        double top = 0, least = 0;
        for (int i = 0; i < side; i++)
            for (int j = 0; j < side; j++)
                gsl_matrix_set(g, (size_t) i, (size_t) j, gram[(size_t) i * side + j]);
        gsl_eigen_symmv(g, lambda, v, w);
        for (int k = 0; k < side; k++) {
            top = fmax(top, gsl_vector_get(lambda, (size_t) k));
            least = fmin(least, gsl_vector_get(lambda, (size_t) k));
        }
        r = 0;
        if (!(top > 0) || least < -1e-9 * top)
            r = -1;
        for (int k = 0; r >= 0 && k < side; k++)
            r += gsl_vector_get(lambda, (size_t) k) > 1e-12 * top;
        if (r > 0 && (*A = malloc((size_t) side * (size_t) r * sizeof **A)) != NULL) {
            int c = 0;
            for (int k = 0; k < side; k++) {
                const double l = gsl_vector_get(lambda, (size_t) k);
                if (!(l > 1e-12 * top))
                    continue;
                for (int i = 0; i < side; i++)
                    (*A)[(size_t) i * r + c] = gsl_matrix_get(v, (size_t) i, (size_t) k) * sqrt(l);
                c++;
            }
        } else {
            r = -1;
        }
    }
    if (w)
        gsl_eigen_symmv_free(w);
    gsl_vector_free(lambda);
    gsl_matrix_free(v);
    gsl_matrix_free(g);
    lp_gsl_quiet_leave();
    return r;
}
