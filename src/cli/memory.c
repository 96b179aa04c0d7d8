/* memory.c -- the program's (not the library's) answer to running out of
 * memory: FLINT prints its "Exception (FLINT memory_manager)" on stdout and
 * aborts, GMP prints on stderr and aborts.  The program installs allocators
 * for both that, when malloc fails, write one line on stderr and end the
 * process with LP_EXIT_RESOURCES (4); nothing reaches stdout (its buffer is
 * discarded by _exit).  The library installs nothing process-wide: inside a
 * host, FLINT's and GMP's handlers are the host's (see leakproof.h). */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <flint/flint.h>
#include "cli.h"

static void
out_of_memory(size_t bytes)
{
    char line[160];
    int n = snprintf(line, sizeof line, "leakproof: out of memory (an allocation of %zu bytes failed); "
                     "nothing was printed\n", bytes);
    if (n > 0 && write(STDERR_FILENO, line, (size_t) n) < 0)
        _exit(LP_EXIT_RESOURCES);
    _exit(LP_EXIT_RESOURCES);
}

static void *
checked_malloc(size_t n)
{
    void *p = malloc(n);
    if (p == NULL && n != 0)
        out_of_memory(n);
    return p;
}

static void *
checked_calloc(size_t k, size_t n)
{
    void *p = calloc(k, n);
    if (p == NULL && k != 0 && n != 0)
        out_of_memory(k * n);
    return p;
}

static void *
checked_realloc(void *q, size_t n)
{
    void *p = realloc(q, n);
    if (p == NULL && n != 0)
        out_of_memory(n);
    return p;
}

static void *
gmp_realloc(void *q, size_t old, size_t n)
{
    (void) old;
    return checked_realloc(q, n);
}

static void
gmp_free(void *q, size_t n)
{
    (void) n;
    free(q);
}

void
lp_program_memory_hooks(void)
{
    __flint_set_memory_functions(checked_malloc, checked_calloc, checked_realloc, free);
    mp_set_memory_functions(checked_malloc, gmp_realloc, gmp_free);
}
