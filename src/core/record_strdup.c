/* record_strdup.c -- the copy of a text every record file makes, in a file
 * of its own so that the record's builder (record.c) and the contract's
 * decimals (record_contract.c) both stand on it and not on each other.
 * Contract in record_internal.h. */
#include <stdlib.h>
#include <string.h>
#include "core/record_internal.h"

char *
lp_record_strdup(const char *s)
{
    char *d;
    if (s == NULL)
        return NULL;
    d = malloc(strlen(s) + 1);
    if (d == NULL)
        abort();
    return strcpy(d, s);
}
