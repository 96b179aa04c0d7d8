/* main.c -- the leakproof program: dispatch on the first word. */
#include <string.h>
#include "config.h"
#include "cli.h"

static void
usage(FILE *out)
{
    fputs("usage: leakproof COMMAND [OPTIONS]\n"
          "\n"
          "commands:\n"
          "  eval   evaluate a closed form of a Bayes capacity, certified or as users do\n"
          "         leakproof eval gauss --p P --sigma S --radius R [--form printed|proof]\n"
          "                    [--method arb|mpfr|double|logdouble|gsl] [--digits D] [--json]\n"
          "         leakproof eval vmf --p P --kappa K [--form ...] [--method ...] [--digits D] [--json]\n"
          "  forms  list the registry of closed forms and their methods [--json]\n"
          "  mc     Monte Carlo estimate of the Bayes capacity from the mechanism alone\n"
          "         leakproof mc gauss --p P --sigma S --radius R --samples N --seed K [--threads T] [--json]\n"
          "         leakproof mc vmf --p P --kappa K --samples N --seed K [--threads T] [--json]\n"
          "         leakproof mc discrete --p 1|2 --sigma S --radius R [--json]\n"
          "  verify every form and method against Monte Carlo on case files: TAP\n"
          "         leakproof verify FILE...\n"
          "  channel Tan et al.'s data-space channels: capacity, natural, white, personalized, dp, toy\n"
          "         leakproof channel --help\n"
          "  calibrate  sigma for (epsilon, delta)-DP, classical and analytic (certified)\n"
          "         leakproof calibrate gaussian --epsilon E --delta D [--sensitivity S] [--json]\n"
          "  overflow   the smallest p at which a non-certified method fails, per grid point\n"
          "         leakproof overflow FORMULA --method M [--sigma-grid ...|--kappa-grid ...] [--json|--csv]\n"
          "  adversary  the Bayes optimal adversary where it is exact: gaussian, linear-layer\n"
          "         leakproof adversary --help\n"
          "  account    DP-SGD's epsilon over T steps (RDP accountant, certified), or the least M\n"
          "         leakproof account --noise-multiplier M --sampling-rate Q --steps T --delta D [--json]\n"
          "         leakproof account --epsilon E --sampling-rate Q --steps T --delta D [--json]\n"
          "\n"
          "  leakproof COMMAND --help   options of one command\n"
          "  leakproof --version\n", out);
}

int
main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return LP_EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return lp_close_stdout(LP_EXIT_OK);
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("leakproof %s\n", PACKAGE_VERSION);
        return lp_close_stdout(LP_EXIT_OK);
    }
    {
        int rc = lp_cli_run(argc - 1, argv + 1);
        flint_cleanup();        /* FLINT's caches: valgrind sees no leak */
        return rc;
    }
}
