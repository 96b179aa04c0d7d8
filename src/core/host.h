/* host.h -- living inside someone else's process: the C locale for one
 * conversion or one call (thread-local, restored on exit), GSL's process-wide
 * error handler turned off only while leakproof needs it, thread counts capped,
 * a per-thread cancel flag.  No function here installs anything process-wide
 * that it does not restore. */
#ifndef LP_CORE_HOST_H
#define LP_CORE_HOST_H

#include <locale.h>
#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>

/* log|Gamma(x)| without libm's process-wide signgam (lgamma writes it: a data
 * race between threads). */
static inline double
lp_lgamma(double x)
{
    int sign;
    return lgamma_r(x, &sign);
}

/* The C locale as a locale_t (created once; glibc's is static). */
locale_t lp_c_locale(void);
/* Makes the calling thread use the C locale; returns what it used before,
 * for lp_locale_leave.  Nests. */
locale_t lp_locale_enter(void);
void lp_locale_leave(locale_t old);

/* strtod and printf-family conversions in the C locale, whatever the
 * process's or the thread's locale is. */
double lp_strtod(const char *s, char **end);
int lp_snprintf(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* GSL's error handler is process-wide and aborts by default: these turn it off
 * for the duration of leakproof's GSL calls, counted across threads (the first
 * to enter saves the host's handler, the last to leave restores it). */
void lp_gsl_quiet_enter(void);
void lp_gsl_quiet_leave(void);

/* Threads: at most LP_THREADS_MAX, whatever OMP_NUM_THREADS or the number of
 * cores says; `requested` 0 means the default (OpenMP's, capped). */
#define LP_THREADS_MAX 1024
int lp_threads(int requested);
/* The threads that run at once for lp_threads(requested): no more than the
 * cores (for work estimates). */
int lp_threads_effective(int requested);
/* The threads a parallel region may ask of OpenMP for lp_threads(requested):
 * that many where the host lets them start (tried first: as many threads,
 * with libgomp's stack size, created and joined), else 1.  libgomp ends the
 * process when it cannot create a team's thread (ulimit -v, a thread limit,
 * a host's threads=1024): a region that asks for this count never makes it
 * try what fails.  For work whose result does not depend on the thread count
 * (mc, reconstruct: fixed blocks). */
int lp_threads_start(int requested);

/* Two pieces of work at once without a thread team: work(a) on the calling
 * thread, work(b) on a thread of its own (libgomp's stack size), joined
 * before it returns; where that thread cannot start, work(b) after work(a)
 * on the calling thread.  Each runs with the caller's cancel flag.  For the
 * PLD accountant's two relations: an OpenMP team's worker spins after each
 * region (libgomp's wait policy, a few ms of CPU a call: more than a small
 * run's own work), a joined thread does not.  Inside either work
 * lp_threads is 1 (their own regions take one thread, as a nested region
 * inside a team did).  The thread frees FLINT's per-thread caches before it
 * ends.  Not nested.  Returns the threads used (1 or 2). */
int lp_run_two(void (*work)(void *), void *a, void *b);

/* Cancellation, per calling thread: lp_call_cancellable (and the program's
 * SIGINT/SIGTERM handler) point the thread at a flag; long loops stop soon
 * after it becomes nonzero.  Worker threads read the flag lp_cancel_flag()
 * returned to their parent (lp_flag_set).  No signal handler is installed by
 * the library. */
void lp_cancel_watch(const int *flag);
const int *lp_cancel_flag(void);
static inline int
lp_flag_set(const int *flag)
{
    return flag != NULL && __atomic_load_n(flag, __ATOMIC_RELAXED) != 0;
}
static inline int
lp_cancelled(void)
{
    return lp_flag_set(lp_cancel_flag());
}

/* Developers' diagnostics (the PLD accountant's grid, masses and bounds, one
 * line each): the leakproof program points them at its stderr when
 * LP_PLD_DEBUG is set in its environment (src/cli/main.c).  The library
 * reads no environment for them and, inside a host (lp_call), writes
 * nothing: lp_trace() is NULL unless the program set a stream.  Process-wide,
 * set once before any work. */
void lp_trace_to(FILE *stream);
FILE *lp_trace(void);

#endif
