/* t-cases.c -- the case-file reader: good files read whole, every bad line an
 * error naming file:line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "check/cases.h"

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
        tap_ok(strcmp(c[0].mech->name, "gauss") == 0, "case 1 is gauss (got %s)", c[0].mech->name);
        tap_ok(c[0].p == 3 && c[0].samples == 1000 && c[0].seed == 7 && c[0].line == 3,
               "case 1: p=3 samples=1000 seed=7 on line 3");
        tap_ok(strcmp(c[0].text[LP_PARAM_ID_SIGMA], "0.1") == 0, "case 1: sigma is the text '0.1' (got '%s')",
               c[0].text[LP_PARAM_ID_SIGMA]);
        tap_ok(strcmp(c[1].text[LP_PARAM_ID_KAPPA], "50") == 0, "case 2: kappa is the text '50' (got '%s')",
               c[1].text[LP_PARAM_ID_KAPPA]);
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
        { "laplace p=3 b=1 radius=1 samples=10 seed=1\n", ":1: unknown mechanism 'laplace' (gauss, vmf, laplace-l1, gauss-layers, laplace-l2)" },
        { "laplace-l1 p=3 b=1 radius=1 clip=l1 samples=10 seed=1\n", ":1: unknown key 'clip' for laplace-l1" },
        { "gauss-layers layers=2,0 sigma=1 clip=1 samples=10 seed=1\n", ":1: layers layer 2: a layer size is an integer from 1" },
        { "gauss-layers layers=60,5 sigma=1 clip=1 samples=10 seed=1\n", ":1: layers must give a dimension from 1 to 64" },
        { "gauss p=65 sigma=1 radius=1 samples=10 seed=1\n", ":1: p must give a dimension from 1 to 64" },
        /* regressions: an empty list read as p = 0; empty entries skipped */
        { "gauss-layers layers=, sigma=1 clip=1 samples=10 seed=1\n", ":1: layers layer 1: a layer size is an integer from 1 to 2147483647 (got '')" },
        { "gauss-layers layers=2,,3 sigma=1 clip=1 samples=10 seed=1\n", ":1: layers layer 2: a layer size is an integer from 1 to 2147483647 (got '')" },
        { "gauss-layers layers=2, sigma=1 clip=1 samples=10 seed=1\n", ":1: layers layer 2: a layer size is an integer from 1 to 2147483647 (got '')" },
        /* regressions: exact decimals the Monte Carlo mechanism cannot carry */
        { "gauss p=3 sigma=1e-400 radius=1 samples=10 seed=1\n", ":1: the gauss mechanism cannot be set up" },
        { "vmf p=3 kappa=1e299 samples=10 seed=1\n", ":1: the vmf mechanism cannot be set up" },
        { "laplace-l1 p=3 b=1e-400 radius=1 samples=10 seed=1\n", ":1: the laplace-l1 mechanism cannot be set up" },
        { "laplace-l2 p=3 b=1e-400 radius=1 samples=10 seed=1\n", ":1: the laplace-l2 mechanism cannot be set up" },
        { "gauss p=3 sigma=1e301 radius=1 samples=10 seed=1\n", ":1: sigma must be at most 1e300" },
        /* regressions: a file without cases was an empty run that passed */
        { "", "no cases" },
        { "# comments only\n\n", "no cases" },
        { "gauss p=3 sigma=1 samples=10 seed=1\n", ":1: missing radius=" },
        { "gauss p=3 sigma=0 radius=1 samples=10 seed=1\n", ":1: sigma (Gaussian noise standard deviation) must be a decimal number > 0" },
        { "gauss p=3 sigma=1 radius=-1 samples=10 seed=1\n", ":1: radius (clipping radius R) must be a decimal number >= 0" },
        { "gauss p=0 sigma=1 radius=1 samples=10 seed=1\n", ":1: p must be an integer from 1 to" },
        { "gauss p=3 p=4 sigma=1 radius=1 samples=10 seed=1\n", ":1: p given twice" },
        { "gauss p=3 sigma=1 radius=1 samples=1 seed=1\n", ":1: samples must be" },
        { "gauss p=3 sigma=1 radius=1 samples=10 seed=-1\n", ":1: seed must be" },
        { "gauss p=3 sigma=1 radius=1 kappa=2 samples=10 seed=1\n", ":1: unknown key 'kappa'" },
        { "vmf p=3 kappa=nan samples=10 seed=1\n", ":1: kappa (von Mises-Fisher concentration) must be a decimal number >= 0" },
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

/* Lines are read whole: a long line is refused with its number, never split
 * into two cases; a NUL byte is an error, not the end of the line. */
static void
test_long_lines_and_nul(void)
{
    static const char nul_text[] = "gauss p=3 sigma=1 radius=1 samples=10 seed=1\n"
                                   "gauss p=3 sigma=1\0 radius=1 samples=10 seed=1\n";
    static const char bom_text[] = "\xEF\xBB\xBFgauss p=3 sigma=1 radius=1 samples=10 seed=1\r\n";
    char *text = malloc(LP_CASES_LINE_MAX + 200), err[256] = "";
    lp_case *c;
    size_t n;
    FILE *f;
    int ret;
    strcpy(text, "gauss p=3 sigma=1 radius=1 samples=10 seed=1 ");
    memset(text + strlen(text), ' ', LP_CASES_LINE_MAX);
    strcpy(text + LP_CASES_LINE_MAX + 40, "#\nvmf p=3 samples=10 seed=1\n");
    ret = read_text(text, &c, &n, err);
    tap_ok(ret == -1 && strstr(err, ":1: line longer than") != NULL,
           "a line longer than the limit is refused with its number, not split (got %d, '%s')", ret, err);
    free(c);
    unlink(path);

    c = NULL;
    n = 0;
    f = fmemopen((void *) nul_text, sizeof nul_text - 1, "r");
    ret = lp_cases_read_stream(&c, &n, f, "nul.cases", err, sizeof err);
    tap_ok(ret == -1 && strcmp(err, "nul.cases:2: a NUL byte (not a text file?)") == 0,
           "a NUL byte is an error naming its line (got %d, '%s')", ret, err);
    fclose(f);
    free(c);

    c = NULL;
    n = 0;
    f = fmemopen((void *) bom_text, sizeof bom_text - 1, "r");
    ret = lp_cases_read_stream(&c, &n, f, "bom.cases", err, sizeof err);
    tap_ok(ret == 0 && n == 1 && strcmp(c[0].mech->name, "gauss") == 0 && c[0].samples == 10,
           "a BOM and CRLF are read as text (got %d, %zu cases)", ret, n);
    fclose(f);
    free(c);
    free(text);
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
    test_long_lines_and_nul();
    test_missing_file();
    return tap_done();
}
