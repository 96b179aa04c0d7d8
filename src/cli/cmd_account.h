/* cmd_account.h -- `leakproof account`: the parsed options, and the checks of
 * each mode's values (cmd_account_modes.c) that the parser and the runner
 * (cmd_account.c) share.  Every check returns 0, or LP_EXIT_USAGE after one
 * message on stderr naming the option. */
#ifndef LP_CMD_ACCOUNT_H
#define LP_CMD_ACCOUNT_H

#include <stdint.h>
#include "account/account.h"
#include "account/rdp/phases.h"
#include "account/pld/pld.h"

/* the most values of a --delta or --delta-for-epsilon list */
#define LP_ACCOUNT_LIST_MAX 64

/* the PLD accountant's largest circular grid */
#define LP_PLD_MAX_N LP_PLD_DEFAULT_MAX_N

typedef struct {
    const char *M, *q, *T, *delta, *eps, *stated, *orders_text, *method_text;
    const char *accountant, *relation, *width_text, *delta_for_eps;
    long digits, resolution, batch, epochs, dataset_size;
    const char *convention;     /* with --dataset-size: poisson or opacus */
    const char *steps_rule;     /* --steps-rule: loader, opacus or tf-privacy */
    const char *steps_rule_said;        /* the rule used, for the record (NULL: none) */
    const char *mechanism, *kappa, *p_text, *sensitivity;   /* --mechanism vmf */
    uint64_t p;
    int vmf;
    char q_buf[48], T_buf[32];  /* q and T derived from batch, dataset size, epochs */
    int json, compare, pld, rel, per_order, replace;
    const char *max_grid_text;         /* --max-grid-size (cmd_account_pld.c): max_n, 0 for the default */
    size_t max_n;
    const char *max_seconds_text;       /* --max-seconds; --estimate (cmd_account_budget.c) */
    int estimate;
    double width;
    uint64_t steps;
    const lp_peer *peer;        /* --method: NULL for arb */
    lp_order_list orders;
    const char *phase[LP_ACCOUNT_PHASES_MAX];   /* --phase M,q,T, repeated */
    size_t nphases;
    int fixed_batch;            /* --sampling fixed-batch (cmd_account_sampling.c) */
    int lists;                  /* --delta or --delta-for-epsilon lists (cmd_account_lists.c) */
    char list_buf[2][1024];
    const char *list_delta[LP_ACCOUNT_LIST_MAX], *list_eps[LP_ACCOUNT_LIST_MAX];
    size_t n_delta, n_eps;
    const char *plot;           /* --plot FILE (cmd_account_plot.c) */
    int pld_mech;               /* --accountant pld --mechanism: 0 gauss, 1 vmf (lp_pld_mech_id) */
    lp_pld_phase pld_phase[LP_ACCOUNT_PHASES_MAX];      /* --accountant pld --phase, read */
    char pld_phase_buf[LP_ACCOUNT_PHASES_MAX][160];
    /* the numbers read once, after every check (lp_account_read): the PLD
     * accountant's one run (without --phase), delta, --delta-for-epsilon's
     * E, --epsilon's E, the lists' values */
    lp_pld_phase pld_run;
    lp_exact delta_x, dfe_x, eps_x, M_x, q_x, kappa_x, sensitivity_x;
    lp_account_phase rdp_phase[LP_ACCOUNT_PHASES_MAX];  /* the RDP accountant's --phase, read */
    char rdp_phase_buf[LP_ACCOUNT_PHASES_MAX][256];
    lp_exact list_delta_x[LP_ACCOUNT_LIST_MAX], list_eps_x[LP_ACCOUNT_LIST_MAX];
    const char *laplace_b, *step_eps, *step_delta;      /* --b, --step-epsilon, --step-delta */
    char pld_single_buf[160];   /* --mechanism laplace|rr|epsdelta as its one phase */
} lp_account_opts;

/* `account`'s options, parsed and checked into o (argv[0] the command's
 * name): 0, -1 after --help printed the usage, or LP_EXIT_USAGE after one
 * message.  run-bounds parses its run with it (cmd_run_bounds.c). */
int lp_account_parse(lp_account_opts *o, int argc, char **argv);

/* the value checks: --sampling-rate in (0, 1] ((0, 1) with open_hi) or N/D;
 * a decimal > 0; --delta in (0, 1) or 0 where zero_ok; 0 or > 0 */
int lp_account_check_rate(const char *v, int open_hi);
int lp_account_check_positive(const char *opt, const char *v);
int lp_account_check_delta(const char *v, int zero_ok);
int lp_account_check_zero_or_positive(const char *opt, const char *v);
/* the RDP accountant's --phase M,q,T each checked and read into o->rdp_phase
 * (cmd_account_modes.c) */
int lp_account_read_phases(lp_account_opts *o);
/* --orders into o->orders */
int lp_account_parse_orders(lp_account_opts *o);
/* the RDP accountant's checks at one run: M or --epsilon, --stated-epsilon's
 * batches and epochs, q, T, delta, digits, resolution, --method and
 * --compare, then the orders (cmd_account_rdp.c) */
int lp_account_parse_rdp(lp_account_opts *o, const char *digits_text, const char *res_text,
                         const char *batch_text, const char *epochs_text);
/* --batch --dataset-size --epochs: q and T into o's buffers */
int lp_account_from_dataset(lp_account_opts *o, const char *batch_text, const char *dataset_text,
                            const char *epochs_text);
/* --sampling-rate Q with --epochs E (Opacus's words): T = floor(E/Q), exactly */
int lp_account_steps_from_rate(lp_account_opts *o, const char *epochs_text);
/* one Gaussian run's checks under --accountant pld (cmd_account_pld.c); the
 * VMF's and the phases' checks end in it */
int lp_account_parse_pld_run(lp_account_opts *o, const char *digits_text, const char *res_text);
/* each mode's options: --accountant pld; --mechanism vmf; --phase and --delta-for-epsilon */
int lp_account_parse_pld(lp_account_opts *o, const char *digits_text, const char *res_text);
int lp_account_parse_vmf(lp_account_opts *o, const char *digits_text, const char *res_text,
                         const char *batch_text, const char *epochs_text);
/* --accountant pld --mechanism vmf (cmd_account_pld_mech.c) */
int lp_account_parse_pld_vmf(lp_account_opts *o, const char *digits_text, const char *res_text,
                             const char *batch_text, const char *epochs_text);
/* --accountant pld --phase (cmd_account_pld_mech.c) */
int lp_account_parse_pld_phases(lp_account_opts *o, const char *digits_text, const char *res_text);
/* --accountant pld --mechanism laplace --b B | rr --step-epsilon E | epsdelta
 * --step-epsilon E --step-delta D, with --sampling-rate and --steps: the run
 * as its one phase (cmd_account_pld_mech.c); 1 when `name` is one of them */
int lp_account_is_pld_step_mechanism(const char *name);
int lp_account_parse_pld_mechanism(lp_account_opts *o, const char *digits_text, const char *res_text,
                                   const char *batch_text, const char *epochs_text);
int lp_account_parse_edges(lp_account_opts *o, const char *digits_text, const char *res_text,
                           const char *batch_text, const char *epochs_text);

/* --sampling fixed-batch: sets fixed_batch (and, without --dataset-size, takes
 * the rate and steps as given); after parsing, refuses what has no such bound
 * (PLD, VMF, stated epsilon, a double method) (cmd_account_sampling.c) */
int lp_account_parse_fixed_batch(lp_account_opts *o, const char *dataset_text);
int lp_account_check_fixed_batch(lp_account_opts *o);

/* --delta D1,D2,... and --delta-for-epsilon E1,E2,...: 1 when v holds a comma;
 * the options of the lists' mode checked, the lists split into o
 * (cmd_account_lists.c) */
int lp_account_is_list(const char *v);
int lp_account_parse_lists(lp_account_opts *o, const char *digits_text, const char *res_text,
                           const char *batch_text, const char *epochs_text);
/* The numbers of a parsed request read once into their values (o->pld_run,
 * delta_x, dfe_x, eps_x, the lists'; the phases' are read as they are
 * parsed); lp_account_opts_clear frees them (cmd_account_read.c) */
void lp_account_read(lp_account_opts *o);
void lp_account_opts_clear(lp_account_opts *o);
/* the RDP accountant's request of o's values (cmd_account_read.c) */
void lp_account_rdp_request(lp_account_request *r, const lp_account_opts *o);
/* The PLD's phases (o->pld_phase) as the RDP accountant's where every one is
 * the Gaussian's: the same values into phases (room for o->nphases, not owned:
 * never cleared) and r->phase, r->nphases; 1, or 0 (a phase of another
 * mechanism, which has no RDP curve here: r untouched) */
int lp_account_rdp_pld_phases(lp_account_request *r, lp_account_phase *phases, const lp_account_opts *o);
/* the PLD accountant's request of o's values (cmd_account_read.c): delta,
 * --delta-for-epsilon (or --epsilon's E with eps_from_epsilon) */
void lp_account_pld_request(lp_pld_request *r, const lp_account_opts *o, int eps_from_epsilon);
/* the PLD's lists (o->pld): the record, *rc its exit status; NULL (nothing to
 * print, *rc the status) when out of memory or interrupted */
lp_record *lp_account_pld_lists(const lp_account_opts *o, int *rc);
/* the PLD accountant's run without lists (o->pld, cmd_account_pld.c): the
 * least multiplier with --epsilon, else the bracket; the record, *rc its
 * exit status; NULL (nothing to print, *rc the status) when out of memory
 * or interrupted */
lp_record *lp_account_pld_run(const lp_account_opts *o, int *rc);

/* --plot FILE.svg|.pdf|.png: the mode and the file name checked (0, or
 * LP_EXIT_USAGE after the message); then the run's privacy profile drawn by
 * gnuplot and the object "plot" added to rec (0, or the exit status after a
 * message on stderr: gnuplot missing or failing is LP_EXIT_FAIL)
 * (cmd_account_plot.c) */
int lp_account_parse_plot(const lp_account_opts *o);
int lp_account_plot(lp_record *rec, const lp_account_opts *o);

/* The work budget: the estimate (account/work.c, account/pld_plan.c) against
 * --max-seconds (default LP_BUDGET_SECONDS); --estimate prints it instead of
 * the run.  0 to go on, -1 when --estimate printed it, else the exit status. */
int lp_account_budget(const lp_account_opts *o);

/* The answer's lines, in plain decimals, first in the human form
 * (lp_record_headline): the bound or bracket at each delta or epsilon, the
 * least multiplier with its epsilon; read from rec's own fields
 * (cmd_account_answer.c); nothing where they are not found. */
void lp_account_headline(lp_record *rec);

#endif
