/* host.c -- living inside someone else's process.  Contracts in host.h. */
#define _GNU_SOURCE 1     /* strtod_l */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <gsl/gsl_errno.h>
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

int
lp_threads(int requested)
{
    int t = requested;
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
