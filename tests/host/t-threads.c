/* t-threads.c -- lp_call from many threads at once (issue 21): every command
 * mix gives records bit-identical to the same calls made one at a time, the
 * host's own stdout stays open and untouched, and no call leaves state behind
 * (a call with --threads does not change the thread count of later calls).
 * Run by make check, by make check-sanitize (ASan+UBSan) and by make
 * check-tsan (ThreadSanitizer; LEAKPROOF_TSAN=1 there: see below). */
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <mpfr.h>
#include <flint/flint.h>
#include "leakproof.h"
#include "core/host.h"
#include "tap.h"

#define NTHREADS 16
#define ROUNDS 3
#define MAXARGS 24

static char cases_file[64], cov[512], beta[512];
/* ThreadSanitizer does not see libgomp's barriers (libgomp is not built with
 * it), so every OpenMP team would be reported as a race between a worker's
 * write and the caller's read after the barrier.  Under check-tsan the Monte
 * Carlo commands run one OpenMP thread each (the host threads are still 16);
 * elsewhere two. */
static const char *omp_threads = "2";

typedef struct {
    const char *args[MAXARGS];
} command;

static command commands[] = {
    { { "eval", "gauss", "--p", "3", "--sigma", "1", "--radius", "1.5" } },
    { { "eval", "vmf", "--p", "3", "--kappa", "2.5", "--method", "double", "--compare" } },
    { { "eval", "gauss", "--p", "5", "--sigma", "0.5", "--radius", "1", "--method", "mpfr", "--digits", "25" } },
    { { "mc", "gauss", "--p", "3", "--sigma", "0.8", "--radius", "1.2", "--samples", "20000", "--seed", "77",
        "--threads", "@" } },
    { { "mc", "vmf", "--p", "3", "--kappa", "2.5", "--samples", "20000", "--seed", "5", "--threads", "@" } },
    { { "account", "--noise-multiplier", "1", "--sampling-rate", "0.01", "--steps", "100", "--delta", "1e-5",
        "--orders", "2,8,32" } },
    { { "channel", "personalized", "--covariance", cov, "--beta", beta, "--capacity", "1" } },
    { { "calibrate", "gaussian", "--epsilon", "1", "--delta", "1e-5" } },
    { { "forms" } },
    { { "verify", "--threads", "@", cases_file } },
    { { "eval", "gauss", "--p", "3", "--sigma", "1", "--sigma", "2", "--radius", "1" } },       /* refused */
    { { "account", "--order", "8" } },                                                          /* refused */
    /* the PLD accountant: its relations on two threads more, and the FFT's
     * twiddle table kept between plans (pld_fft_body.h) taken by all at
     * once, and replaced between the two sizes (4096 and 8192 points) */
    { { "account", "--accountant", "pld", "--noise-multiplier", "1.1", "--sampling-rate", "0.1",
        "--steps", "10", "--delta", "1e-5" } },
    { { "account", "--accountant", "pld", "--noise-multiplier", "1.1", "--sampling-rate", "0.01",
        "--steps", "10", "--delta", "1e-5" } },
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

typedef struct {
    int rc;
    char *json, *error;
} outcome;

static outcome serial[NCOMMANDS];
static unsigned mismatches[NTHREADS][NCOMMANDS];

static size_t
nargs_of(const command *c)
{
    size_t n = 0;
    while (n < MAXARGS && c->args[n])
        n++;
    return n;
}

static void
call(outcome *o, const command *c)
{
    const char *argv[MAXARGS];
    size_t n = nargs_of(c);
    for (size_t i = 0; i < n; i++)
        argv[i] = strcmp(c->args[i], "@") == 0 ? omp_threads : c->args[i];
    o->json = o->error = NULL;
    o->rc = lp_call(argv, n, &o->json, &o->error);
}

static int
same_text(const char *a, const char *b)
{
    return (a == NULL && b == NULL) || (a && b && strcmp(a, b) == 0);
}

static void *
worker(void *arg)
{
    const int t = (int) (intptr_t) arg;
    for (int r = 0; r < ROUNDS; r++)
        for (size_t k = 0; k < NCOMMANDS; k++) {
            size_t i = (k + (size_t) t * 5 + (size_t) r) % NCOMMANDS;      /* a different mix per thread */
            outcome o;
            call(&o, &commands[i]);
            if (o.rc != serial[i].rc || !same_text(o.json, serial[i].json) || !same_text(o.error, serial[i].error))
                mismatches[t][i]++;
            lp_free(o.json);
            lp_free(o.error);
        }
    /* FLINT's and MPFR's caches are per thread: a thread that leaves frees its own */
    flint_cleanup();
    mpfr_free_cache();
    return NULL;
}

/* a long call that another thread cancels */
typedef struct {
    int cancel, rc;
    char *json, *error;
    double seconds;
} long_call;

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec;
}

static void *
long_worker(void *arg)
{
    long_call *c = arg;
    const char *argv[] = { "mc", "gauss", "--p", "64", "--sigma", "0.8", "--radius", "1.2", "--samples",
                           "100000000000", "--seed", "1", "--threads", omp_threads, "--max-seconds", "1e9" };
    double t0 = now();
    c->rc = lp_call_cancellable(argv, sizeof argv / sizeof argv[0], &c->json, &c->error, &c->cancel);
    c->seconds = now() - t0;
    flint_cleanup();
    mpfr_free_cache();
    return NULL;
}

/* the "threads" figure of an mc record */
static long
threads_of(const char *json)
{
    const char *t = json ? strstr(json, "\"threads\":") : NULL;
    return t ? strtol(t + 10, NULL, 10) : -1;
}

/* lp_run_two (core/host.h, the PLD accountant's two relations): both works
 * run, the second on a thread of its own where one starts, each with the
 * caller's cancel flag and lp_threads 1 inside, the count restored after */
typedef struct {
    pthread_t self;
    int threads;
    const int *flag;
    int ran;
} pair_seen;

static void
pair_work(void *p)
{
    pair_seen *w = p;
    w->self = pthread_self();
    w->threads = lp_threads(0);
    w->flag = lp_cancel_flag();
    w->ran = 1;
}

static void
run_two(void)
{
    static const int flag = 0;
    pair_seen a = { 0 }, b = { 0 };
    const int *was = lp_cancel_flag();
    const int before = lp_threads(0);
    int used;
    lp_cancel_watch(&flag);
    used = lp_run_two(pair_work, &a, &b);
    lp_cancel_watch(was);
    tap_ok(a.ran && b.ran && a.threads == 1 && b.threads == 1 && a.flag == &flag && b.flag == &flag
           && pthread_equal(a.self, pthread_self()) && (used == 2) == !pthread_equal(b.self, pthread_self())
           && lp_threads(0) == before,
           "lp_run_two: both works ran (%d threads), each with the caller's cancel flag and lp_threads 1 "
           "inside (%d, %d), the count %d after", used, a.threads, b.threads, lp_threads(0));
}

int
main(void)
{
    pthread_t tid[NTHREADS];
    const char *src = getenv("srcdir") ? getenv("srcdir") : ".";
    int tsan = getenv("LEAKPROOF_TSAN") && strcmp(getenv("LEAKPROOF_TSAN"), "1") == 0;
    int fd, started = 0;
    FILE *f;

    if (tsan)
        omp_threads = "1";
    run_two();
    snprintf(cov, sizeof cov, "%s/cases/tan/cov-4.csv", src);
    snprintf(beta, sizeof beta, "%s/cases/tan/beta-4.csv", src);
    strcpy(cases_file, "/tmp/t-threads-XXXXXX");
    if ((fd = mkstemp(cases_file)) < 0 || (f = fdopen(fd, "w")) == NULL) {
        printf("Bail out! cannot write a case file in /tmp\n");
        return 1;
    }
    fputs("gauss p=2 sigma=1 radius=1 samples=20000 seed=5\n", f);
    fclose(f);

    for (size_t i = 0; i < NCOMMANDS; i++)
        call(&serial[i], &commands[i]);
    tap_ok(serial[0].rc == 0 && serial[3].rc == 0 && serial[5].rc == 0 && serial[6].rc == 0
           && serial[9].rc == 0 && serial[9].json && strstr(serial[9].json, "1..") != NULL
           && serial[12].rc == 0 && serial[13].rc == 0,
           "the serial calls succeed (eval %d, mc %d, account %d, channel %d, verify %d, pld %d %d)",
           serial[0].rc, serial[3].rc, serial[5].rc, serial[6].rc, serial[9].rc, serial[12].rc,
           serial[13].rc);
    tap_ok(serial[10].rc == 2 && serial[11].rc == 2 && serial[10].json == NULL,
           "the refused calls are refused (a repeated option %d, an abbreviation %d)", serial[10].rc,
           serial[11].rc);

    for (int t = 0; t < NTHREADS; t++)
        if (pthread_create(&tid[t], NULL, worker, (void *) (intptr_t) t) == 0)
            started++;
        else
            break;
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    tap_ok(started == NTHREADS, "%d threads started", started);
    for (size_t i = 0; i < NCOMMANDS; i++) {
        unsigned bad = 0;
        for (int t = 0; t < NTHREADS; t++)
            bad += mismatches[t][i];
        tap_ok(bad == 0, "%s %s: %d threads x %d rounds give the serial call's status, record and messages "
               "bit for bit (%u differ)", commands[i].args[0], commands[i].args[1] ? commands[i].args[1] : "",
               started, ROUNDS, bad);
    }
    /* the host's stdout: still open, never redirected (these lines are on it) */
    tap_ok(fcntl(STDOUT_FILENO, F_GETFD) != -1 && !ferror(stdout), "the host's stdout is open and unharmed");

    /* no state left behind: --threads of one call is not the next call's */
    {
        command def = { { "mc", "gauss", "--p", "3", "--sigma", "0.8", "--radius", "1.2", "--samples", "20000",
                          "--seed", "77" } };
        command three = { { "mc", "gauss", "--p", "3", "--sigma", "0.8", "--radius", "1.2", "--samples", "20000",
                            "--seed", "77", "--threads", tsan ? "1" : "3" } };
        outcome a, b, c;
        call(&a, &def);
        call(&b, &three);
        call(&c, &def);
        tap_ok(a.rc == 0 && c.rc == 0 && threads_of(a.json) == threads_of(c.json) && same_text(a.json, c.json),
               "mc without --threads after mc --threads %s runs as before it (threads %ld, then %ld, then %ld)",
               tsan ? "1" : "3", threads_of(a.json), threads_of(b.json), threads_of(c.json));
        lp_free(a.json), lp_free(a.error), lp_free(b.json), lp_free(b.error), lp_free(c.json), lp_free(c.error);
    }
    /* cancelling one call stops it (status 5, no record) and no other */
    {
        long_call c = { 0 };
        pthread_t t;
        outcome o;
        double t0 = now(), stopped;
        if (pthread_create(&t, NULL, long_worker, &c) == 0) {
            call(&o, &commands[0]);         /* meanwhile, another call */
            while (now() - t0 < 1.0)
                usleep(10000);
            __atomic_store_n(&c.cancel, 1, __ATOMIC_RELAXED);
            stopped = now();
            pthread_join(t, NULL);
            tap_ok(c.rc == 5 && c.json == NULL && c.error && strstr(c.error, "interrupted")
                   && now() - stopped < 10.0,
                   "a cancelled call (mc of 1e11 samples) stops %.2f s after its flag is set: status %d, %s, "
                   "no record", now() - stopped, c.rc, c.error ? "interrupted" : "no message");
            tap_ok(o.rc == serial[0].rc && same_text(o.json, serial[0].json),
                   "a call beside it is not cancelled (status %d)", o.rc);
            lp_free(c.json), lp_free(c.error), lp_free(o.json), lp_free(o.error);
        } else
            tap_ok(0, "a thread for the cancelled call");
    }
    for (size_t i = 0; i < NCOMMANDS; i++) {
        lp_free(serial[i].json);
        lp_free(serial[i].error);
    }
    unlink(cases_file);
    flint_cleanup();
    mpfr_free_cache();
    return tap_done();
}
