/* libFuzzer harness: the prover's checker on any bytes as a certificate.  It must not crash;
 * whatever it says, a verified certificate names a statement of the table, and its summary is
 * one line. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "prove/prove.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f;
    lp_check_result r;
    if (size == 0 || (f = fmemopen((void *) data, size, "r")) == NULL)
        return 0;
    lp_check_cert(&r, f, "fuzz");
    fclose(f);
    if ((r.verified && r.stmt == NULL) || strchr(r.why, '\n') != NULL)
        abort();
    return 0;
}
