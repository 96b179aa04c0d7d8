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
