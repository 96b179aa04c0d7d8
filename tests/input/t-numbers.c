/* t-numbers.c -- the number-file reader (numbers.h): lines read whole, line
 * numbers right after long lines, NUL and out-of-range entries refused with
 * file:line (TAP output). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"

/* each assertion one TAP line, naming what it checks */
/* each argument evaluated once: a call in it (read_bytes) runs once */
#define assert_int_equal(a, b) do { \
        long long got_ = (long long) (a), want_ = (long long) (b); \
        tap_ok(got_ == want_, "line %d: %s == %s (got %lld)", __LINE__, #a, #b, got_); \
    } while (0)
#define assert_true(c) tap_ok((c) != 0, "line %d: %s", __LINE__, #c)
#define assert_null(x) tap_ok((x) == NULL, "line %d: %s is NULL", __LINE__, #x)
#define assert_non_null(x) tap_ok((x) != NULL, "line %d: %s is not NULL", __LINE__, #x)
#define assert_string_equal(a, b) do { \
        const char *got_ = (a); \
        tap_ok(got_ != NULL && strcmp(got_, (b)) == 0, "line %d: %s is \"%s\" (got \"%s\")", __LINE__, \
               #a, (b), got_ ? got_ : "(null)"); \
    } while (0)
#include "input/numbers.h"

typedef struct {
    char **t;
    size_t n, rows;
    long cols;
    char err[600];
} numbers;

static int
read_bytes(numbers *r, const char *bytes, size_t len, unsigned flags)
{
    FILE *f = fmemopen((void *) bytes, len, "r");
    assert_non_null(f);
    r->err[0] = '\0';
    r->t = lp_read_numbers_stream(f, "m.csv", flags, &r->n, &r->rows, &r->cols, r->err, sizeof r->err);
    fclose(f);
    return r->t != NULL ? 0 : -1;
}

/* regression: 65,533 spaces then 12345 read as the two numbers 12 and 345 */
static void
long_line_read_whole(void)
{
    size_t pad = 65533;
    char *text = malloc(pad + 16);
    numbers r;
    memset(text, ' ', pad);
    strcpy(text + pad, "12345\n");
    assert_int_equal(read_bytes(&r, text, strlen(text), 0), 0);
    assert_int_equal(r.n, 1);
    assert_int_equal(r.rows, 1);
    assert_string_equal(r.t[0], "12345");
    lp_free_texts(r.t, r.n);
    free(text);
}

/* a 3,072-dimensional data row at full precision (~70 KB), twice, then a bad
 * token whose line number must count each long row once */
static void
wide_rows_and_line_numbers(void)
{
    const size_t d = 3072;
    char *text = malloc(2 * d * 26 + 64), *w = text;
    numbers r;
    for (int row = 0; row < 2; row++) {
        for (size_t j = 0; j < d; j++)
            w += sprintf(w, "%s%.17e", j ? "," : "", 0.1 + (double) j);
        *w++ = '\n';
    }
    assert_true(w - text > 2 * 65536);
    assert_int_equal(read_bytes(&r, text, (size_t) (w - text), LP_NUMBERS_DOUBLE), 0);
    assert_int_equal(r.rows, 2);
    assert_int_equal(r.cols, (long) d);
    {
        char want[32];
        snprintf(want, sizeof want, "%.17e", 0.1 + 1.0);
        assert_string_equal(r.t[d + 1], want);    /* row 2, column 2 */
    }
    lp_free_texts(r.t, r.n);
    strcpy(w, "\n1.5abc\n");
    assert_int_equal(read_bytes(&r, text, strlen(text), 0), -1);
    assert_string_equal(r.err, "m.csv:4: '1.5abc' is not a decimal number");
    free(text);
}

static void
refusals_name_file_and_line(void)
{
    static const struct { const char *bytes; size_t len; unsigned flags; const char *want; } bad[] = {
        /* regression: a NUL dropped the rest of its line */
        { "1,2\n3,4\0,5\n", 11, 0, "m.csv:2: a NUL byte (not a text file?)" },
        /* regression: 1e400 became inf in a covariance */
        { "1,1e400\n1e400,1\n", 16, LP_NUMBERS_DOUBLE, "m.csv:1: '1e400' is beyond the double range" },
        { "1,2\n-1e309\n", 11, LP_NUMBERS_DOUBLE, "m.csv:2: '-1e309' is beyond the double range" },
        { "1,2\n3\n", 6, 0, "m.csv:2: 1 numbers where the first row has 2" },
        { "1,nan\n", 6, 0, "m.csv:1: 'nan' is not a decimal number" },
        { "1,inf\n", 6, 0, "m.csv:1: 'inf' is not a decimal number" },
        { "0x10\n", 5, 0, "m.csv:1: '0x10' is not a decimal number" },
        { "1,\x01\x7f\n", 5, 0, "m.csv:1: '?" "?' is not a decimal number" },
        { "# nothing\n\n", 11, 0, "m.csv: no numbers" },
        { "\xEF\xBB\xBF", 3, 0, "m.csv: no numbers" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        numbers r;
        assert_int_equal(read_bytes(&r, bad[i].bytes, bad[i].len, bad[i].flags), -1);
        tap_ok(strncmp(r.err, bad[i].want, strlen(bad[i].want)) == 0,
               "refusal %zu names file and line: got '%s', want '%s'", i, r.err, bad[i].want);
    }
}

static void
crlf_bom_and_exact_texts(void)
{
    static const char text[] = "\xEF\xBB\xBF" "1e400, 2\r\n# c\r\n3\t4 # tail\r\n5,6";
    numbers r;
    assert_int_equal(read_bytes(&r, text, sizeof text - 1, 0), 0);
    assert_int_equal(r.rows, 3);
    assert_int_equal(r.cols, 2);
    assert_string_equal(r.t[0], "1e400");          /* exact readers take any decimal */
    assert_string_equal(r.t[5], "6");
    lp_free_texts(r.t, r.n);
}

static void
files_that_are_not(void)
{
    size_t n, rows;
    long cols;
    char err[600];
    assert_null(lp_read_numbers("/nonexistent/m.csv", &n, &rows, &cols, err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent/m.csv: cannot open"));
    assert_null(lp_read_numbers("/", &n, &rows, &cols, err, sizeof err));
    assert_string_equal(err, "/: read error: Is a directory");
}

int
main(void)
{
    long_line_read_whole();
    wide_rows_and_line_numbers();
    refusals_name_file_and_line();
    crlf_bom_and_exact_texts();
    files_that_are_not();
    return tap_done();
}
