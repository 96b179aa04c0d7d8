/* t-cases.c -- the case-file reader: good files read whole, every bad line an
 * error naming file:line (cmocka, TAP output). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
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
good_file(void **state)
{
    lp_case *c;
    size_t n;
    char err[256];
    (void) state;
    assert_int_equal(read_text("# a comment\n\n  gauss p=3 sigma=0.1 radius=1 samples=1000 seed=7  # trailing\n"
                               "vmf p=8 kappa=50 samples=2e3 seed=0\r\n", &c, &n, err), 0);
    assert_int_equal(n, 2);
    assert_string_equal(c[0].mechanism, "gauss");
    assert_true(c[0].p == 3 && c[0].samples == 1000 && c[0].seed == 7 && c[0].line == 3);
    assert_string_equal(c[0].sigma, "0.1");
    assert_string_equal(c[1].kappa, "50");
    assert_true(c[1].samples == 2000 && c[1].line == 4);
    free(c);
    unlink(path);
}

static void
bad_lines(void **state)
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
    (void) state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lp_case *c;
        size_t n;
        char err[256] = "";
        assert_int_equal(read_text(bad[i].text, &c, &n, err), -1);
        assert_non_null(strstr(err, path));
        if (strstr(err, bad[i].want) == NULL)
            fail_msg("case %zu: got '%s', want '%s'", i, err, bad[i].want);
        free(c);
        unlink(path);
    }
}

static void
missing_file(void **state)
{
    lp_case *c = NULL;
    size_t n = 0;
    char err[256];
    (void) state;
    assert_int_equal(lp_cases_read(&c, &n, "/nonexistent/x.cases", err, sizeof err), -1);
    assert_non_null(strstr(err, "/nonexistent/x.cases: cannot open"));
    free(c);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(good_file),
        cmocka_unit_test(bad_lines),
        cmocka_unit_test(missing_file),
    };
    return cmocka_run_group_tests_name("cases", tests, NULL, NULL);
}
