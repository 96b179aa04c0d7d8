/* main.c -- the leakproof program: dispatch on the first word. */
#include <signal.h>
#include <string.h>
#include "config.h"
#include "cli.h"
#include "privacy/privacy.h"

static void
usage(FILE *out)
{
    fputs("usage: leakproof COMMAND [OPTIONS]\n"
          "\n"
          "commands:\n"
          "  eval MECHANISM   a closed form of a Bayes capacity, certified (arb) or as users compute it\n"
          "         leakproof eval gauss --p P --sigma S --radius R [--form printed|proof|steiner]\n"
          "         leakproof eval vmf --p P --kappa K [--form printed|proof]\n"
          "         leakproof eval laplace-l1 --p P --b B --radius R\n"
          "         leakproof eval gauss-layers --sigma S --clip C --layers P1,P2,...|--layers-file F\n"
          "         leakproof eval gauss --p P|--params-from F --noise-multiplier M --clip C\n"
          "                    [--secret example|batch --batch B]      (DP-SGD's vocabulary)\n"
          "         [--method arb|mpfr|double|logdouble|gsl] [--digits D] [--prec BITS] [--compare] [--json]\n"
          "  forms      the registry: mechanisms, their parameters' domains, forms, methods [--json]\n"
          "  mc         Monte Carlo estimate of the Bayes capacity from the mechanism alone\n"
          "         leakproof mc gauss|vmf|laplace|gauss-layers|discrete ... --samples N --seed K [--json]\n"
          "  verify     every form and method against Monte Carlo on case files: TAP\n"
          "         leakproof verify FILE...\n"
          "  channel    Tan et al.'s data-space channels (noise variances)\n"
          "         leakproof channel capacity|natural|white|personalized|dp|toy ...\n"
          "  calibrate  sigma for (epsilon, delta)-DP, classical and analytic (certified)\n"
          "         leakproof calibrate gaussian --epsilon E --delta D [--sensitivity S] [--json]\n"
          "  overflow   the smallest p at which a non-certified method fails, per grid point\n"
          "         leakproof overflow gauss|vmf|laplace-l1 --method M [--NAME-grid V1,...] [--json|--csv]\n"
          "  adversary  Balunovic et al.'s Bayes optimal adversary where it is exact\n"
          "         leakproof adversary gaussian|jensen|laplace|attacks|link|linear-layer ...\n"
          "  account    DP-SGD's epsilon over T steps (RDP accountant, certified), or the least M\n"
          "         leakproof account --noise-multiplier M --sampling-rate Q --steps T --delta D [--json]\n"
          "         leakproof account --epsilon E --sampling-rate Q --steps T --delta D [--json]\n"
          "  dp         a mechanism's (epsilon, delta) profile, least epsilon, Renyi curve (certified)\n"
          "         leakproof dp gauss|vmf|laplace-l1 --p P ... (--epsilon E|--delta D|--order A) [--json]\n"
          "  run-capacity  the Bayes capacity of a DP-SGD run: lower and upper bounds (certified)\n"
          "         leakproof run-capacity --p P --noise-multiplier M --clip C --sampling-rate Q --steps T\n"
          "  run-bounds  a run's reconstruction bounds: ReRo, (eps, delta), Renyi, capacity, Fisher (certified)\n"
          "         leakproof run-bounds --noise-multiplier M --sampling-rate Q --steps T --prior-size N [--p P]\n"
          "  claims     the papers' claims, each with its verdict from the last test run\n"
          "         leakproof claims [--paper biswas|tan|balunovic] [--id ID] [--logs DIR] [--json]\n"
          "  reconstruct  the Bayes-optimal reconstruction attacker (MAP success, MMSE) and its bounds\n"
          "         leakproof reconstruct gauss|vmf|laplace --p P NOISE [--prior ...] --samples N --seed K\n"
          "         leakproof reconstruct gauss --noise-multiplier M --sampling-rate Q --steps T ...  (a whole run)\n"
          "\n"
          "  leakproof COMMAND --help   options of one command (also SUBCOMMAND --help, -h)\n"
          "  leakproof --version\n", out);
}

/* SIGINT and SIGTERM: the program's own handler (the library installs none)
 * sets the flag that the long loops check; the command stops cleanly, prints
 * no record and the program exits 128 + the signal's number.  A second signal
 * ends it at once (SA_RESETHAND). */
static int interrupted;

static void
on_signal(int sig)
{
    __atomic_store_n(&interrupted, sig, __ATOMIC_RELAXED);
}

static void
catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    lp_cancel_watch(&interrupted);
}

int
main(int argc, char **argv)
{
    lp_program_memory_hooks();
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
        int rc;
        catch_signals();
        if (getenv("LP_PLD_DEBUG"))     /* the PLD accountant's diagnostics (core/host.h) */
            lp_trace_to(stderr);
        rc = lp_cli_run(argc - 1, argv + 1);
        lp_vmf_cache_release();
        flint_cleanup();        /* FLINT's caches: valgrind sees no leak */
        if (rc == LP_EXIT_INTERRUPTED)
            return 128 + __atomic_load_n(&interrupted, __ATOMIC_RELAXED);
        return rc;
    }
}
