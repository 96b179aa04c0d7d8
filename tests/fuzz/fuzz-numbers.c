/* libFuzzer harness: the number-file reader on any bytes.  It must not crash;
 * what it accepts is rows x cols valid decimals; a refusal is one line naming
 * the file. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "leakproof.h"
#include "input/numbers.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f;
    size_t n, rows;
    long cols;
    char err[600], **t;
    unsigned flags = size > 0 ? (data[0] & 1u) : 0;
    if (size == 0 || (f = fmemopen((void *) data, size, "r")) == NULL)
        return 0;
    t = lp_read_numbers_stream(f, "fuzz", flags, &n, &rows, &cols, err, sizeof err);
    if (t != NULL) {
        if (n == 0 || cols < 1 || rows * (size_t) cols != n)
            abort();
        for (size_t i = 0; i < n; i++)
            if (!lp_decimal_valid(t[i]) || memchr(data, t[i][0], size) == NULL)
                abort();
        lp_free_texts(t, n);
    } else if (strchr(err, '\n') != NULL || strncmp(err, "fuzz", 4) != 0) {
        abort();
    }
    fclose(f);
    return 0;
}
