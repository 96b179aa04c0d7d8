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
