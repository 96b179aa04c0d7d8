/* dispatch.c -- the table of commands, shared by the program (main.c) and the
 * bindings' entry point (call.c).  Contracts in cli.h. */
#include <string.h>
#include "core/host.h"
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
    { "run-bounds", lp_cmd_run_bounds, 1 },
    { "claims", lp_cmd_claims, 1 },
    { "reconstruct", lp_cmd_reconstruct, 1 },
};

const lp_command *
lp_command_find(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(name, commands[i].name) == 0)
            return &commands[i];
    return NULL;
}

int
lp_cli_run(int argc, char **argv)
{
    const lp_command *c = argc >= 1 ? lp_command_find(argv[0]) : NULL;
    if (c == NULL) {
        fprintf(lp_err(), "leakproof: unknown command '%s' (try leakproof --help)\n",
                argc >= 1 ? argv[0] : "");
        return LP_EXIT_USAGE;
    }
    {
        int rc = c->run(argc, argv);
        if (lp_cancelled()) {
            fprintf(lp_err(), "leakproof %s: interrupted; no result\n", argv[0]);
            return LP_EXIT_INTERRUPTED;
        }
        return rc;
    }
}
