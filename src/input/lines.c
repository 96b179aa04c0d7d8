/* lines.c -- whole lines, with a stated limit.  Contract in lines.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "input/lines.h"

FILE *
lp_open_regular(const char *path, char *why, size_t len)
{
    struct stat st;
    FILE *f;
    int flags, fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);    /* never waits for a writer */
    if (fd < 0) {
        snprintf(why, len, "cannot open: %s", strerror(errno));
        return NULL;
    }
    if (fstat(fd, &st) != 0 || !(S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))) {
        snprintf(why, len, "not a regular file: %s", S_ISFIFO(st.st_mode) ? "a FIFO (a pipe)"
                 : S_ISSOCK(st.st_mode) ? "a socket" : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)
                 ? "a device" : "not a file that can be read whole");
        close(fd);
        return NULL;
    }
    if ((flags = fcntl(fd, F_GETFL)) != -1)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    if ((f = fdopen(fd, "r")) == NULL) {
        snprintf(why, len, "cannot open: %s", strerror(errno));
        close(fd);
    }
    return f;
}

static int
reserve(char **buf, size_t *cap, size_t need)
{
    size_t grown;
    char *p;
    if (need <= *cap)
        return 0;
    grown = *cap ? *cap : 256;
    while (grown < need)
        grown *= 2;
    if ((p = realloc(*buf, grown)) == NULL)
        return -1;
    *buf = p;
    *cap = grown;
    return 0;
}

lp_line_status
lp_read_line(FILE *f, char **buf, size_t *cap, size_t *len, size_t max)
{
    size_t n = 0;
    int c, any = 0;

    *len = 0;
    if (reserve(buf, cap, 1) != 0)
        return errno = ENOMEM, LP_LINE_ERROR;
    (*buf)[0] = '\0';
    while ((c = getc(f)) != EOF) {
        any = 1;
        if (c == '\n')
            break;
        if (n >= max)                   /* not read further: /dev/zero has no end */
            return LP_LINE_TOO_LONG;
        if (c == '\0')                  /* nor past a NUL byte: not a text file */
            return LP_LINE_NUL;
        if (reserve(buf, cap, n + 2) != 0)
            return errno = ENOMEM, LP_LINE_ERROR;
        (*buf)[n++] = (char) c;
    }
    if (ferror(f))
        return LP_LINE_ERROR;
    if (!any)
        return LP_LINE_EOF;
    if (n > 0 && (*buf)[n - 1] == '\r')
        n--;
    (*buf)[n] = '\0';
    *len = n;
    return LP_LINE_OK;
}

size_t
lp_utf8_bom_length(const char *line, size_t len)
{
    return len >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}
