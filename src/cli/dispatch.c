/* dispatch.c -- the table of commands, shared by the program (main.c) and the
 * bindings' entry point (call.c).  Contracts in cli.h. */
#include <getopt.h>
#include <string.h>
#include "cli.h"

static const lp_command commands[] = {
    { "eval", lp_cmd_eval, 1 },
    { "forms", lp_cmd_forms, 1 },
    { "mc", lp_cmd_mc, 1 },
    { "verify", lp_cmd_verify, 0 },     /* TAP, not a record */
    { "channel", lp_cmd_channel, 1 },
    { "calibrate", lp_cmd_calibrate, 1 },
    { "overflow", lp_cmd_overflow, 1 },
    { "adversary", lp_cmd_adversary, 1 },
    { "account", lp_cmd_account, 1 },
    { "dp", lp_cmd_dp, 1 },
    { "run-capacity", lp_cmd_run_capacity, 1 },
};

const lp_command *
lp_command_find(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(name, commands[i].name) == 0)
            return &commands[i];
    return NULL;
}

/* glibc's getopt keeps a pointer into the last argv it parsed (the rest of a
 * bundle of short options after an error); only optind = 0 at a call clears
 * it, and the commands start from optind = 1.  One empty parse with optind = 0
 * leaves no pointer into an argv that the caller may have freed. */
static void
getopt_reset(void)
{
    static char name[] = "leakproof";
    char *argv[] = { name, NULL };
    int saved_opterr = opterr;
    opterr = 0;
    optind = 0;
    (void) getopt(1, argv, "");
    opterr = saved_opterr;
    optind = 1;
}

int
lp_cli_run(int argc, char **argv)
{
    const lp_command *c = argc >= 1 ? lp_command_find(argv[0]) : NULL;
    int rc;
    if (c == NULL) {
        fprintf(lp_err(), "leakproof: unknown command '%s' (try leakproof --help)\n",
                argc >= 1 ? argv[0] : "");
        return LP_EXIT_USAGE;
    }
    getopt_reset();
    rc = c->run(argc, argv);
    getopt_reset();
    return rc;
}
