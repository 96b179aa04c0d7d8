/* digits.c -- a real data set as a finite prior: the 8x8 handwritten digits
 * (1797 images, 64 pixels 0..16 and a label per CSV row) that Debian's
 * python3-sklearn installs gzip'd.  Read at run time from the installed
 * package, never shipped with leakproof.  Contract in reconstruct.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "reconstruct/reconstruct.h"

int
lp_recon_digits_read(double *rows, int n, const char *path, char *err, size_t errlen)
{
    char line[1024];
    gzFile f;
    int k = 0;

    errno = 0;
    f = gzopen(path, "rb");
    if (f == NULL) {
        snprintf(err, errlen, "%s: %s (the 8x8 digits of the Debian package python3-sklearn: "
                 "apt-get install python3-sklearn, or give --data FILE)", path,
                 errno ? strerror(errno) : "cannot be opened");
        return -1;
    }
    while (k < n && gzgets(f, line, sizeof line) != NULL) {
        const char *c = line;
        for (int i = 0; i <= LP_RECON_DIGITS_P; i++) {   /* 64 pixels, then the label */
            char *end;
            const long v = strtol(c, &end, 10);
            const char want = i < LP_RECON_DIGITS_P ? ',' : '\n';
            if (end == c || v < 0 || v > 16 || (*end != want && !(i == LP_RECON_DIGITS_P && *end == '\0'))) {
                snprintf(err, errlen, "%s:%d: expected 64 pixels 0..16 and a label, comma-separated "
                         "(field %d)", path, k + 1, i + 1);
                gzclose(f);
                return -1;
            }
            if (i < LP_RECON_DIGITS_P)
                rows[(size_t) k * LP_RECON_DIGITS_P + i] = (double) v;
            c = end + 1;
        }
        k++;
    }
    gzclose(f);
    if (k < n) {
        snprintf(err, errlen, "%s: %d images, fewer than --n %d", path, k, n);
        return -1;
    }
    return 0;
}
