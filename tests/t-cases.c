/* t-cases.c -- the case-file reader: good files read whole, every bad line an
 * error naming file:line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "cases.h"

static char path[64];

static int
read_text(const char *text, lp_case **cases, size_t *n, char *err)
{
    FILE *f;
    int fd;
    strcpy(path, "/tmp/lp-cases-XXXXXX");
    fd = mkstemp(path);
    f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    *cases = NULL;
    *n = 0;
    return lp_cases_read(cases, n, path, err, 256);
}

static void
test_good_file(void)
{
    lp_case *c;
    size_t n;
    char err[256] = "";
    int ret = read_text("# a comment\n\n  gauss p=3 sigma=0.1 radius=1 samples=1000 seed=7  # trailing\n"
                        "vmf p=8 kappa=50 samples=2e3 seed=0\r\n", &c, &n, err);
    if (tap_ok(ret == 0 && n == 2, "a good file reads whole: 2 cases (got %d, %zu cases; %s)",
               ret, n, err)) {
        tap_ok(strcmp(c[0].mechanism, "gauss") == 0, "case 1 is gauss (got %s)", c[0].mechanism);
        tap_ok(c[0].p == 3 && c[0].samples == 1000 && c[0].seed == 7 && c[0].line == 3,
               "case 1: p=3 samples=1000 seed=7 on line 3");
        tap_ok(strcmp(c[0].sigma, "0.1") == 0, "case 1: sigma is the text '0.1' (got '%s')",
               c[0].sigma);
        tap_ok(strcmp(c[1].kappa, "50") == 0, "case 2: kappa is the text '50' (got '%s')",
               c[1].kappa);
        tap_ok(c[1].samples == 2000 && c[1].line == 4, "case 2: samples=2e3 is 2000, on line 4");
    }
    free(c);
    unlink(path);
}

static void
test_bad_lines(void)
{
    static const struct { const char *text, *want; } bad[] = {
        { "gauss p=3 sigma=1 radius=1 samples=10 seed=1\npoisson p=1\n", ":2: unknown mechanism 'poisson'" },
        { "laplace p=3 b=1 radius=1 clip=l3 samples=10 seed=1\n", ":1: clip must be given once, l1 or l2" },
        { "gauss-layers layers=2,0 sigma=1 clip=1 samples=10 seed=1\n", ":1: layers must be integers" },
        { "gauss p=3 sigma=1 samples=10 seed=1\n", ":1: missing radius=" },
        { "gauss p=3 sigma=0 radius=1 samples=10 seed=1\n", ":1: sigma must be a decimal number > 0" },
        { "gauss p=3 sigma=1 radius=-1 samples=10 seed=1\n", ":1: radius must be a decimal number >= 0" },
        { "gauss p=0 sigma=1 radius=1 samples=10 seed=1\n", ":1: p must be given once" },
        { "gauss p=3 p=4 sigma=1 radius=1 samples=10 seed=1\n", ":1: p must be given once" },
        { "gauss p=3 sigma=1 radius=1 samples=1 seed=1\n", ":1: samples must be" },
        { "gauss p=3 sigma=1 radius=1 samples=10 seed=-1\n", ":1: seed must be" },
        { "gauss p=3 sigma=1 radius=1 kappa=2 samples=10 seed=1\n", ":1: unknown key 'kappa'" },
        { "vmf p=3 kappa=nan samples=10 seed=1\n", ":1: kappa must be a decimal number >= 0" },
        { "vmf p=3 kappa=1 samples=10 seed=1 oops\n", ":1: expected key=value, got 'oops'" },
        { "\n\nvmf p=3 samples=10 seed=1\n", ":3: missing kappa=" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lp_case *c;
        size_t n;
        char err[256] = "";
        int ret = read_text(bad[i].text, &c, &n, err);
        tap_ok(ret == -1 && strstr(err, path) != NULL && strstr(err, bad[i].want) != NULL,
               "bad case %zu refused with file%s (got %d, '%s')", i, bad[i].want, ret, err);
        free(c);
        unlink(path);
    }
}

static void
test_missing_file(void)
{
    lp_case *c = NULL;
    size_t n = 0;
    char err[256] = "";
    int ret = lp_cases_read(&c, &n, "/nonexistent/x.cases", err, sizeof err);
    tap_ok(ret == -1 && strstr(err, "/nonexistent/x.cases: cannot open") != NULL,
           "a missing file is refused naming it (got %d, '%s')", ret, err);
    free(c);
}

int
main(void)
{
    test_good_file();
    test_bad_lines();
    test_missing_file();
    return tap_done();
}
