/* A record written whole or not at all (contract in record_file.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/record_file.h"

/* PATH.tmp-PID-N created (exclusively, with the mode a new file gets: 0666
 * less the umask; mkstemp's would be 0600) and opened for writing, its name
 * into *tmp (malloc'd); NULL with errno set */
static FILE *
temporary_beside(const char *path, char **tmp)
{
    static unsigned counter;
    const size_t len = strlen(path), cap = len + 48;
    FILE *f = NULL;
    int fd = -1, e;
    *tmp = NULL;
    if (len == 0 || path[len - 1] == '/') {
        errno = EISDIR;
        return NULL;
    }
    if ((*tmp = malloc(cap)) == NULL)
        return NULL;
    for (int attempt = 0; attempt < 100 && fd < 0; attempt++) {
        snprintf(*tmp, cap, "%s.tmp-%ld-%u", path, (long) getpid(),
                 __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED));
        fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd >= 0 && (f = fdopen(fd, "w")) != NULL)
        return f;
    e = errno;
    if (fd >= 0) {
        close(fd);
        unlink(*tmp);
    }
    free(*tmp);
    *tmp = NULL;
    errno = e;
    return NULL;
}

int
lp_record_file_probe(const char *path)
{
    char *tmp;
    FILE *f = temporary_beside(path, &tmp);
    if (f == NULL)
        return -1;
    fclose(f);
    unlink(tmp);
    free(tmp);
    return 0;
}

int
lp_record_file_write(const char *path, const lp_record *rec)
{
    char *tmp;
    FILE *f = temporary_beside(path, &tmp);
    int rc, e;
    if (f == NULL)
        return -1;
    rc = lp_record_emit(rec, f, 1);
    e = errno;
    if (fclose(f) != 0 && rc == 0) {
        rc = -1;
        e = errno;
    }
    if (rc == 0 && rename(tmp, path) != 0) {
        rc = -1;
        e = errno;
    }
    if (rc != 0)
        unlink(tmp);
    free(tmp);
    errno = e;
    return rc;
}
