/* streams.c -- where the commands write.  The program writes to stdout and
 * stderr; lp_call (the bindings' entry point) points them at memory streams
 * for one call, in the calling thread only.  Contracts in cli.h. */
#include "core/host.h"
#include "cli.h"

static _Thread_local FILE *out_stream, *err_stream;    /* per thread: lp_call from many */

FILE *
lp_out(void)
{
    return out_stream ? out_stream : stdout;
}

FILE *
lp_err(void)
{
    return err_stream ? err_stream : stderr;
}

void
lp_cli_redirect(FILE *out, FILE *err)
{
    out_stream = out;
    err_stream = err;
}

int
lp_emit(const lp_record *rec, int json)
{
    if (lp_cancelled())         /* interrupted: what was computed is not the answer */
        return -1;
    return lp_record_emit(rec, lp_out(), json);
}
