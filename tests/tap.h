/* tap.h -- a small TAP writer for the numerical tests, where each line carries
 * its figures and a disagreement with a paper is a `# TODO` line.  The plan is
 * printed at the end; Automake's tap-driver.sh reads it. */
#ifndef LP_TAP_H
#define LP_TAP_H

#include <stdarg.h>
#include <stdio.h>

static int tap_count;

static inline void
tap_vline(int ok, const char *directive, const char *fmt, va_list ap)
{
    printf("%sok %d - ", ok ? "" : "not ", ++tap_count);
    vprintf(fmt, ap);
    if (directive)
        printf(" # %s", directive);
    putchar('\n');
    fflush(stdout);
}

/* One test line; returns cond. */
static inline int __attribute__((format(printf, 2, 3)))
tap_ok(int cond, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tap_vline(cond, NULL, fmt, ap);
    va_end(ap);
    return cond;
}

/* A finding: a claim of a paper that the numbers contradict.  `cond` is the
 * claim; the line is `not ok ... # TODO` while the claim fails, and the
 * description must carry the measured figure. */
static inline int __attribute__((format(printf, 2, 3)))
tap_todo(int cond, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tap_vline(cond, "TODO finding: the paper's claim fails here", fmt, ap);
    va_end(ap);
    return cond;
}

/* The decision rule for a claim judged by Monte Carlo (cases/claims/README.md): decided only at
 * |z| >= TAP_DECIDE_Z, after sampling more within a budget; undecided, the line is
 * `not ok ... # TODO inconclusive`, not a finding, and its description carries the effect and
 * its standard error. */
#define TAP_DECIDE_Z 4.0

static inline int __attribute__((format(printf, 1, 2)))
tap_inconclusive(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tap_vline(0, "TODO inconclusive: not decided at |z| >= 4 within the sampling budget", fmt, ap);
    va_end(ap);
    return 0;
}

/* One line for a statistic z whose sign says whether the claim holds (z > 0 it does): ok at
 * z >= TAP_DECIDE_Z, a finding (`# TODO`) at z <= -TAP_DECIDE_Z, inconclusive between.
 * Returns 1, -1 or 0. */
static inline int __attribute__((format(printf, 2, 3)))
tap_decide(double z, const char *fmt, ...)
{
    va_list ap;
    int r = z >= TAP_DECIDE_Z ? 1 : z <= -TAP_DECIDE_Z ? -1 : 0;
    va_start(ap, fmt);
    tap_vline(r > 0, r > 0 ? NULL : r < 0 ? "TODO finding: the paper's claim fails here"
                                          : "TODO inconclusive: not decided at |z| >= 4 within the sampling budget",
              fmt, ap);
    va_end(ap);
    return r;
}

static inline void __attribute__((format(printf, 1, 2)))
tap_diag(const char *fmt, ...)
{
    va_list ap;
    printf("# ");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}

static int
tap_done(void)
{
    printf("1..%d\n", tap_count);
    fflush(stdout);     /* a leak report at exit must not take the plan with it */
    return 0;
}

#endif
