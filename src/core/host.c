/* host.c -- living inside someone else's process.  Contracts in host.h. */
#define _GNU_SOURCE 1     /* strtod_l */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <gsl/gsl_errno.h>
#include <flint/flint.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "core/host.h"

static pthread_once_t c_once = PTHREAD_ONCE_INIT;
static locale_t c_locale;

static void
make_c_locale(void)
{
    /* glibc returns its static C locale object here: nothing is allocated */
    c_locale = newlocale(LC_ALL_MASK, "C", (locale_t) 0);
}

locale_t
lp_c_locale(void)
{
    pthread_once(&c_once, make_c_locale);
    return c_locale;
}

locale_t
lp_locale_enter(void)
{
    locale_t c = lp_c_locale();
    return c != (locale_t) 0 ? uselocale(c) : (locale_t) 0;
}

void
lp_locale_leave(locale_t old)
{
    if (old != (locale_t) 0)
        uselocale(old);
}

double
lp_strtod(const char *s, char **end)
{
    locale_t c = lp_c_locale();
    if (c != (locale_t) 0)
        return strtod_l(s, end, c);
    return strtod(s, end);
}

int
lp_snprintf(char *buf, size_t len, const char *fmt, ...)
{
    va_list ap;
    locale_t old = lp_locale_enter();
    int n;
    va_start(ap, fmt);
    n = vsnprintf(buf, len, fmt, ap);
    va_end(ap);
    lp_locale_leave(old);
    return n;
}

static pthread_mutex_t gsl_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned gsl_users;
static gsl_error_handler_t *gsl_saved;

void
lp_gsl_quiet_enter(void)
{
    pthread_mutex_lock(&gsl_lock);
    if (gsl_users++ == 0)
        gsl_saved = gsl_set_error_handler_off();
    pthread_mutex_unlock(&gsl_lock);
}

void
lp_gsl_quiet_leave(void)
{
    pthread_mutex_lock(&gsl_lock);
    if (gsl_users > 0 && --gsl_users == 0)
        gsl_set_error_handler(gsl_saved);
    pthread_mutex_unlock(&gsl_lock);
}

/* inside lp_run_two's work: its own regions take one thread (as a nested
 * region inside a team did), whatever is asked */
static _Thread_local int in_pair;

int
lp_threads(int requested)
{
    int t = requested;
    if (in_pair)
        return 1;
    if (t <= 0) {
#ifdef _OPENMP
        /* OMP_NUM_THREADS=100000 would crash libgomp (from 65,410 threads);
           the default is the number of cores unless the environment says
           otherwise, and either is capped as --threads is */
        t = omp_get_max_threads();
#else
        t = 1;
#endif
    }
    if (t < 1)
        t = 1;
    return t > LP_THREADS_MAX ? LP_THREADS_MAX : t;
}

/* libgomp's thread stack: OMP_STACKSIZE (or GOMP_STACKSIZE) as it reads
 * them, a size with an optional B, K, M or G (K by default); 0 (the
 * pthread default, as libgomp then takes) where unset or unreadable.  Read
 * here only to try the same threads libgomp would start. */
static size_t
omp_stacksize(void)
{
    const char *v = getenv("OMP_STACKSIZE");
    char *end;
    unsigned long long n;
    size_t unit = 1024;
    if (v == NULL || *v == '\0')
        v = getenv("GOMP_STACKSIZE");
    if (v == NULL || *v == '\0')
        return 0;
    while (*v == ' ' || *v == '\t')
        v++;
    n = strtoull(v, &end, 10);
    while (*end == ' ' || *end == '\t')
        end++;
    switch (*end) {
    case 'b': case 'B': unit = 1; end++; break;
    case 'k': case 'K': unit = 1024; end++; break;
    case 'm': case 'M': unit = (size_t) 1 << 20; end++; break;
    case 'g': case 'G': unit = (size_t) 1 << 30; end++; break;
    default: break;
    }
    if (end == v || n == 0 || n > SIZE_MAX / unit)
        return 0;
    return (size_t) n * unit;
}

static void *
idle_thread(void *arg)
{
    return arg;
}

int
lp_threads_start(int requested)
{
    int want = lp_threads(requested), started = 0;
    pthread_t tid[LP_THREADS_MAX];
    pthread_attr_t attr;
    size_t stack = omp_stacksize();
    if (want <= 1)
        return 1;
    if (pthread_attr_init(&attr) != 0)
        return 1;
    if (stack > 0)
        pthread_attr_setstacksize(&attr, stack);
    while (started < want - 1 && pthread_create(&tid[started], &attr, idle_thread, NULL) == 0)
        started++;
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    pthread_attr_destroy(&attr);
    /* all of them, or one: a team that nearly fits would leave the run's own
     * allocations and libgomp's the margin of a thread or two */
    return started == want - 1 ? want : 1;
}

typedef struct {
    void (*work)(void *);
    void *arg;
    const int *cancel;
} one_work;

static void *
run_one(void *p)
{
    const one_work *w = p;
    lp_cancel_watch(w->cancel);
    in_pair = 1;
    w->work(w->arg);
    flint_cleanup();            /* this thread's FLINT caches: nothing left behind */
    return NULL;
}

int
lp_run_two(void (*work)(void *), void *a, void *b)
{
    one_work other = { work, b, lp_cancel_flag() };
    pthread_attr_t attr;
    pthread_t tid;
    size_t stack = omp_stacksize();
    int started = 0;
    if (pthread_attr_init(&attr) == 0) {
        if (stack > 0)
            pthread_attr_setstacksize(&attr, stack);
        started = pthread_create(&tid, &attr, run_one, &other) == 0;
        pthread_attr_destroy(&attr);
    }
    in_pair = 1;
    work(a);
    if (started)
        pthread_join(tid, NULL);
    else
        work(b);
    in_pair = 0;
    return started ? 2 : 1;
}

static _Thread_local const int *cancel_flag;

void
lp_cancel_watch(const int *flag)
{
    cancel_flag = flag;
}

const int *
lp_cancel_flag(void)
{
    return cancel_flag;
}

int
lp_threads_effective(int requested)
{
    int t = lp_threads(requested);
#ifdef _OPENMP
    int cores = omp_get_num_procs();
    if (cores >= 1 && t > cores)
        t = cores;
#endif
    return t;
}

/* the program's diagnostics stream (host.h); read by worker threads too */
static FILE *trace_stream;

void
lp_trace_to(FILE *stream)
{
    __atomic_store_n(&trace_stream, stream, __ATOMIC_RELAXED);
}

FILE *
lp_trace(void)
{
    return __atomic_load_n(&trace_stream, __ATOMIC_RELAXED);
}
