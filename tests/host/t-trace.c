/* t-trace.c -- the PLD accountant's diagnostics stay out of a host's
 * streams: with LP_PLD_DEBUG set in the host's environment, lp_call of a PLD
 * run (one relation and both, a phase list) writes nothing to the process's
 * stderr (fd 2, redirected here to a file) and returns its record; the
 * library used to read that variable itself and print there.  The program's
 * own lines are checked in t-host.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "leakproof.h"
#include "tap.h"

int
main(void)
{
    static const char *const runs[][14] = {
        { "account", "--accountant", "pld", "--noise-multiplier", "1.1", "--sampling-rate", "0.01",
          "--steps", "1000", "--delta", "1e-5", NULL },
        { "account", "--accountant", "pld", "--noise-multiplier", "1.1", "--sampling-rate", "0.001",
          "--steps", "20", "--delta", "1e-5", "--relation", "remove", NULL },
        { "account", "--accountant", "pld", "--phase", "1.1,0.01,300", "--phase", "2,0.02,200",
          "--delta", "1e-5", NULL },
    };
    char path[] = "/tmp/t-trace-XXXXXX";
    int fd = mkstemp(path), saved = dup(2);
    if (fd < 0 || saved < 0) {
        printf("Bail out! cannot make a file in /tmp\n");
        return 1;
    }
    unlink(path);
    setenv("LP_PLD_DEBUG", "1", 1);
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        size_t nargs = 0;
        char *json = NULL, *error = NULL;
        int rc;
        off_t written;
        while (runs[r][nargs] != NULL)
            nargs++;
        fflush(stderr);
        dup2(fd, 2);
        rc = lp_call(runs[r], nargs, &json, &error);
        fflush(stderr);
        written = lseek(fd, 0, SEEK_END);
        dup2(saved, 2);
        tap_ok(rc == 0 && json != NULL && strstr(json, "epsilon_upper_bound") != NULL && written == 0,
               "LP_PLD_DEBUG set, lp_call run %zu: exit %d, a record %s, %lld bytes on the host's "
               "stderr (want 0), error stream '%.80s'", r, rc, json ? "returned" : "missing",
               (long long) written, error ? error : "");
        lp_free(json);
        lp_free(error);
    }
    close(fd);
    close(saved);
    return tap_done();
}
