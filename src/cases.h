/* cases.h -- the case files of cases/ (format in cases/README.md): one case
 * per line, "MECHANISM key=value ...", '#' comments.  Read with care: a bad
 * line is an error naming file:line, never a silently skipped case. */
#ifndef LP_CASES_H
#define LP_CASES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LP_CASE_TEXT 64

typedef struct {
    char mechanism[16];                 /* "gauss", "vmf", "laplace", "gauss-layers" */
    uint64_t p;                         /* 1 .. 64 (gauss-layers: the sum of the layers) */
    char sigma[LP_CASE_TEXT], radius[LP_CASE_TEXT], kappa[LP_CASE_TEXT];  /* exact decimals */
    char b[LP_CASE_TEXT], clip[LP_CASE_TEXT];   /* laplace: b, clip l1|l2; gauss-layers: clip norm */
    int nlayers, layers[64];            /* gauss-layers */
    uint64_t samples, seed;
    const char *file;                   /* the path given to lp_cases_read */
    int line;
} lp_case;

/* Appends the cases of `path` to *cases (of *n, reallocated).  0 on success;
 * -1 with "path:line: message" (or "path: message") in err. */
int lp_cases_read(lp_case **cases, size_t *n, const char *path, char *err, size_t errlen);
/* The same from an open stream; `path` names it in messages.  A file with no
 * case (empty, or comments only) is an error; so is a value the Monte Carlo
 * mechanism cannot be set up with (sigma = 1e-400 underflows its doubles);
 * lines are read whole up to LP_CASES_LINE_MAX bytes, a NUL byte is refused,
 * CRLF and a UTF-8 byte order mark are accepted. */
int lp_cases_read_stream(lp_case **cases, size_t *n, FILE *f, const char *path, char *err,
                         size_t errlen);

#define LP_CASES_LINE_MAX 4096

#endif
