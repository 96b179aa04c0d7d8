/* channel_work.c -- the channel command's work estimate.  Contract in
 * channel_work.h.
 *
 * Each eigenvalue costs a few certified logarithms and divisions at the
 * working precision (about digits^1.5 beyond a floor), times the solver's
 * iterations.  Measured on the development machine (2 cores shared with
 * other jobs), uniform eigenvalues in (0.001, 10), --capacity 1 or
 * --noise-variance 1:
 *   natural  n = 1e3, 1e4, 1e5 at 20 digits: 0.06, 0.15, 0.67 s; at 100: 0.07,
 *            0.20, 0.94 s; at 1000: 0.28, 1.8, 24 s;
 *   white    n = 1e4, 1e5 at 20 digits: 0.43, 1.5 s; at 1000: 1.2, 14.6 s;
 *   capacity n = 1e4, 1e5 at 20 digits: 0.07, 0.23 s; at 1000: 0.12, 0.69 s.
 * Model, per eigenvalue, s = (digits/1000)^1.5:
 *   natural 6e-6 + 2.2e-4 s; white 1.2e-5 + 1.3e-4 s; capacity 2e-6 + 5e-6 s;
 * plus 0.05 s to start.  A file is counted by its lines (one or more values
 * per line: an estimate low by their number per line). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "channel/channel_work.h"

double
lp_channel_work_seconds(const char *sub, size_t n, long digits)
{
    double s = pow((double) digits / 1000.0, 1.5), per;
    if (strcmp(sub, "natural") == 0)
        per = 6e-6 + 2.2e-4 * s;
    else if (strcmp(sub, "white") == 0)
        per = 1.2e-5 + 1.3e-4 * s;
    else if (strcmp(sub, "capacity") == 0)
        per = 2e-6 + 5e-6 * s;
    else
        return NAN;
    return 0.05 + (double) n * per;
}

size_t
lp_channel_count_values(const char *path)
{
    struct stat st;
    FILE *f;
    size_t n = 0;
    int c, digit = 0, comment = 0;
    /* a regular file only (it ends): a device or a pipe is not counted, the
     * run reads it under its own limits */
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || (f = fopen(path, "r")) == NULL)
        return (size_t) -1;
    while ((c = getc(f)) != EOF) {
        if (c == '\n') {
            n += digit;
            digit = comment = 0;
        } else if (c == '#') {
            comment = 1;
        } else if (!comment && c >= '0' && c <= '9') {
            digit = 1;
        }
    }
    n += digit;
    fclose(f);
    return n;
}

int
lp_channel_csv_shape(const char *path, size_t *rows, size_t *cols)
{
    struct stat st;
    FILE *f;
    size_t len = 0, nread = 0, k = 0;
    int c, digit = 0, comment = 0, sep = 1;
    *rows = *cols = 0;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || (f = fopen(path, "r")) == NULL)
        return -1;
    /* the first line that holds a digit: its numbers (tokens between ", \t\r",
       as the reader splits them) and its length */
    while (nread < ((size_t) 1 << 24) && (c = getc(f)) != EOF) {
        nread++;
        len++;
        if (c == '\n') {
            if (digit)
                break;
            len = k = 0;
            digit = comment = 0;
            sep = 1;
        } else if (c == '#') {
            comment = 1;
        } else if (!comment) {
            int is_sep = c == ',' || c == ' ' || c == '\t' || c == '\r';
            k += sep && !is_sep;
            sep = is_sep;
            digit |= c >= '0' && c <= '9';
        }
    }
    fclose(f);
    if (!digit || k == 0)
        return -1;
    *cols = k;
    /* the rest of the file in rows of this length, rounded up */
    *rows = 1 + ((size_t) st.st_size - nread + len - 1) / len;
    return 0;
}

/* channel personalized at dimension d, measured (this machine shared with
 * other jobs: wall times; random symmetric diagonally dominant covariances,
 * --capacity 1): d = 100, 200, 400, 800: 0.04, 0.06, 0.20, 1.08 s.  Reading
 * d^2 numbers about 3e-7 s each; GSL's Cholesky, the Theorem 3 parts and the
 * symmetric eigensolver about 2e-9 d^3 s; the four scans of 1200 points and
 * their bisections about 1e-4 d s.  Model 0.05 + 3e-7 d^2 + 2e-9 d^3 + 1e-4 d
 * s: 0.07, 0.09, 0.27, 1.3 s at those d. */
double
lp_channel_personalized_seconds(size_t d)
{
    const double x = (double) d;
    return 0.05 + 3e-7 * x * x + 2e-9 * x * x * x + 1e-4 * x;
}

/* --data F.csv, n samples of dimension p, measured as above (channel natural
 * --capacity 1 --digits 6, Gaussian samples): n x p = 1000 x 100: 0.11 s;
 * 10000 x 100: 0.85; 1000 x 400: 0.68; 5000 x 400: 4.85; 2000 x 800: 6.2.
 * Reading n p numbers 3e-7 s each; the covariance's n p^2 / 2 products
 * (through gsl_matrix_get/set) 4e-9 n p^2 s; GSL's eigensolver 1e-9 p^3 s.
 * Model 0.05 + 3e-7 n p + 4e-9 n p^2 + 1e-9 p^3 s: 0.13, 0.80, 0.87, 3.9,
 * 5.7 s at those shapes. */
double
lp_channel_data_seconds(size_t n, size_t p)
{
    const double x = (double) n, y = (double) p;
    return 0.05 + 3e-7 * x * y + 4e-9 * x * y * y + 1e-9 * y * y * y;
}
