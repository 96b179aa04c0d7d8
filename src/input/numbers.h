/* numbers.h -- number files: the matrices, spectra, data rows and layer
 * lists the commands read (--layers-file, --eigenvalues-file, --data,
 * --covariance, --beta).
 *
 * Format: decimal numbers ([+-]d[.d][e[+-]d], as lp_decimal_valid accepts)
 * separated by commas, blanks or tabs; '#' starts a comment; blank lines are
 * skipped; every row holds as many numbers as the first.  CRLF line ends and
 * a UTF-8 byte order mark at the start are accepted.  Lines are read whole up
 * to LP_NUMBERS_LINE_MAX bytes (a data row of a 3072-dimensional image at full
 * precision is ~70 KB), and a file holds at most LP_NUMBERS_COUNT_MAX numbers;
 * beyond either the file is refused, never split or cut.  A NUL byte, a
 * token that is not a decimal number, a ragged row, an empty file, a
 * directory: refused with a message naming file:line (or file). */
#ifndef LP_NUMBERS_H
#define LP_NUMBERS_H

#include <stddef.h>
#include <stdio.h>

#define LP_NUMBERS_LINE_MAX ((size_t) 1 << 24)     /* 16 MiB */
#define LP_NUMBERS_COUNT_MAX ((size_t) 1 << 24)    /* 16,777,216 numbers */

/* Each number must also be finite as a double (|x| <= DBL_MAX): for readers
 * that go on in doubles (a covariance, data rows), where 1e400 would become
 * inf.  Exact readers (eigenvalues, layer sizes) take any decimal. */
#define LP_NUMBERS_DOUBLE 1u

/* Reads the numbers of the file `path`: an array of *n decimal texts (row by
 * row), *rows rows of *cols numbers each.  Free with lp_free_texts.  NULL with
 * "path:line: message" (or "path: message") in err on any refusal above;
 * then errno is ENOMEM when memory ran out (not the file's fault), else 0. */
char **lp_read_numbers(const char *path, size_t *n, size_t *rows, long *cols,
                       char *err, size_t errlen);
/* The same with flags (LP_NUMBERS_DOUBLE). */
char **lp_read_numbers_opt(const char *path, unsigned flags, size_t *n, size_t *rows,
                           long *cols, char *err, size_t errlen);
/* The same from an open stream; `path` names it in messages. */
char **lp_read_numbers_stream(FILE *f, const char *path, unsigned flags, size_t *n,
                              size_t *rows, long *cols, char *err, size_t errlen);
/* Frees an array of n malloc'd texts and the array: what the readers return,
 * and arrays the commands build the same way from inline lists. */
void lp_free_texts(char **t, size_t n);

#endif
