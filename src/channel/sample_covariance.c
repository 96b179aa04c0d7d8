/* The spectrum of a sample covariance, for `channel natural|white --data`:
 * doubles and GSL's symmetric eigensolver (not certified; the note says so).
 * Contract in channel.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_eigen.h>
#include "core/host.h"
#include "channel/channel.h"

int
lp_spectrum_sample_covariance(lp_spectrum *s, char *const *texts, size_t rows, size_t cols,
                              char *err, size_t errlen)
{
    const size_t d = cols;
    double *x, *mean;
    gsl_matrix *c;
    gsl_vector *ev;
    gsl_eigen_symm_workspace *ws;
    size_t clamped = 0;
    int finite = 1;

    if (rows < 2) {
        snprintf(err, errlen, "at least 2 samples (rows) are needed, got %zu", rows);
        return -1;
    }
    x = malloc(sizeof(double) * rows * d);
    for (size_t k = 0; k < rows * d; k++) {
        x[k] = lp_strtod(texts[k], NULL);
        if (!isfinite(x[k]) || (x[k] == 0 && lp_decimal_sign(texts[k]) != 0)) {
            snprintf(err, errlen, "row %zu, column %zu: %s is beyond the range of doubles, in which "
                     "the sample covariance is computed", k / d + 1, k % d + 1, texts[k]);
            free(x);
            return -1;
        }
    }
    mean = calloc(d, sizeof(double));
    c = gsl_matrix_calloc(d, d);
    for (size_t r = 0; r < rows; r++)
        for (size_t j = 0; j < d; j++)
            mean[j] += x[r * d + j] / rows;
    for (size_t r = 0; r < rows && !lp_cancelled(); r++)      /* SIGINT: no record */
        for (size_t i = 0; i < d; i++)
            for (size_t j = 0; j <= i; j++) {
                double v = (x[r * d + i] - mean[i]) * (x[r * d + j] - mean[j]) / (rows - 1);
                gsl_matrix_set(c, i, j, gsl_matrix_get(c, i, j) + v);
            }
    for (size_t i = 0; i < d; i++)
        for (size_t j = 0; j <= i; j++) {
            finite &= isfinite(gsl_matrix_get(c, i, j));
            gsl_matrix_set(c, j, i, gsl_matrix_get(c, i, j));
        }
    free(x);
    free(mean);
    if (lp_cancelled()) {       /* the caller prints nothing; the dispatcher says so */
        gsl_matrix_free(c);
        snprintf(err, errlen, "interrupted");
        return -1;
    }
    if (!finite) {
        gsl_matrix_free(c);
        snprintf(err, errlen, "the sample covariance overflows doubles (entries too large)");
        return -1;
    }
    ev = gsl_vector_alloc(d);
    ws = gsl_eigen_symm_alloc(d);
    gsl_eigen_symm(c, ev, ws);
    lp_spectrum_init(s, d);
    for (size_t i = 0; i < d; i++) {
        double v = gsl_vector_get(ev, i);
        if (v < 0) {            /* a PSD matrix: a negative eigenvalue is rounding */
            v = 0;
            clamped++;
        }
        lp_spectrum_set_d(s, i, v);
    }
    if (clamped)
        snprintf(s->note, sizeof s->note, "%zu eigenvalues of the sample covariance were negative by "
                 "rounding and are taken as 0; ", clamped);
    snprintf(s->note + strlen(s->note), sizeof s->note - strlen(s->note), "%zu samples of dimension "
             "%zu; eigenvalues by GSL in doubles (not certified), exact from there on", rows, d);
    gsl_eigen_symm_free(ws);
    gsl_vector_free(ev);
    gsl_matrix_free(c);
    return 0;
}
