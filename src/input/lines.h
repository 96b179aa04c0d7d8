/* lines.h -- reading text files line by line, whole: no line is ever split
 * or silently cut, whatever its length, and a NUL byte is reported, not
 * taken as the end of the line.  Shared by the case reader and the number
 * files. */
#ifndef LP_LINES_H
#define LP_LINES_H

#include <stdio.h>

typedef enum {
    LP_LINE_OK = 0,     /* a line was read (without its '\n')              */
    LP_LINE_EOF,        /* no more lines                                   */
    LP_LINE_TOO_LONG,   /* the line is longer than `max` bytes             */
    LP_LINE_NUL,        /* the line holds a NUL byte                       */
    LP_LINE_ERROR       /* a read error (errno set: EISDIR for a directory) */
} lp_line_status;

/* Reads the next line of f into *buf (grown with realloc; *cap its size), NUL
 * terminated, without the '\n' and without one '\r' before it (CRLF files
 * read as LF files); *len is its length.  A last line without '\n' counts.
 * Lines longer than `max` bytes are refused before more than max+1 bytes are
 * held in memory, and a NUL byte as soon as it is met; in both cases the rest
 * of the file is not read (a file with no line end, /dev/zero, is refused
 * after max bytes or at its first byte, never read forever): the callers
 * stop there.  LP_LINE_ERROR with errno ENOMEM: out of memory.  The caller
 * frees *buf. */
lp_line_status lp_read_line(FILE *f, char **buf, size_t *cap, size_t *len, size_t max);

/* Opens path for reading only when it is a regular file (or a directory,
 * whose read then fails as before): a FIFO, socket or device is refused
 * without blocking (a FIFO with no writer would block in open()), with the
 * reason in why ("not a regular file: a FIFO").  NULL on refusal or error
 * (why: "cannot open: ..."). */
FILE *lp_open_regular(const char *path, char *why, size_t len);

/* A UTF-8 byte order mark at the start of a file's first line: 3, else 0. */
size_t lp_utf8_bom_length(const char *line, size_t len);

#endif
