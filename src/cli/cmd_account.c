/* cmd_account.c -- `leakproof account`: DP-SGD's epsilon over T steps by the
 * Renyi-DP accountant of the Poisson-subsampled Gaussian mechanism, certified
 * (or as the accountants compute it in doubles); given --epsilon, the least
 * noise multiplier that meets it; given --stated-epsilon, the dataset sizes
 * that reproduce a stated epsilon. */
#include <stdlib.h>
#include <string.h>
#include "core/decimal_ops.h"
#include "cli.h"
#include "cmd_account.h"
#include "account/account.h"
#include "account/pld/pld.h"
#include "account/rdp/vmf_account.h"
#include "channel/channel.h"
#include "account/rdp/phases.h"

static const char *const cmd = "account";

static const char usage_text[] =
    "usage: leakproof account --noise-multiplier M --sampling-rate Q --steps T --delta D\n"
    "                         [--orders LIST] [--method M] [--compare]\n"
    "                         [--per-order] [--digits N] [--json]\n"
    "       leakproof account --epsilon E --sampling-rate Q --steps T --delta D\n"
    "                         [--orders LIST] [--resolution K] [--json]\n"
    "       leakproof account --mechanism vmf --kappa K --p P --sampling-rate Q --steps T\n"
    "                         --delta D [--sensitivity S] [--orders LIST] [--per-order]\n"
    "                         [--digits N] [--json]\n"
    "       leakproof account --accountant pld --noise-multiplier M --sampling-rate Q\n"
    "                         --steps T (--delta D | --delta-for-epsilon E)\n"
    "                         [--relation add|remove|both|replace] [--width W] [--digits N] [--json]\n"
    "       leakproof account --accountant pld --epsilon E --sampling-rate Q --steps T\n"
    "                         --delta D [--resolution K] [--relation R] [--width W] [--json]\n"
    "       leakproof account --noise-multiplier M --sampling-rate Q --steps T\n"
    "                         --delta-for-epsilon E [--orders LIST] [--digits N] [--json]\n"
    "       leakproof account --phase M,Q,T [--phase M,Q,T ...]\n"
    "                         (--delta D | --delta-for-epsilon E) [--orders LIST] [...]\n"
    "       leakproof account (--noise-multiplier M | --epsilon E) --batch B --dataset-size N\n"
    "                         --epochs E [--sampling poisson|opacus|fixed-batch] --delta D [...]\n"
    "       leakproof account --noise-multiplier M --stated-epsilon E --batch B --epochs N\n"
    "                         --delta D [--orders LIST] [--digits N] [--json]\n"
    "  epsilon of DP-SGD (Poisson sampling rate Q, noise multiplier M, T steps) by the\n"
    "  Renyi-DP accountant of the subsampled Gaussian (Mironov, Talwar, Zhang 2019),\n"
    "  converted by Balle et al. 2020 (Opacus's conversion) and by the classic\n"
    "  log(1/delta)/(alpha-1); minimum over the orders.  arb: a certified upper bound.\n"
    "  --sampling-rate Q  a decimal, or a fraction N/D of integers read exactly (1/568)\n"
    "  --orders LIST   comma-separated orders > 1 (integers up to 1e7, fractional up to\n"
    "                  1000), 'default' (the best real order: the grid 1.1, 1.2, ..., 10.9,\n"
    "                  11..64, 72, 80, 96, 128, 192, 256, 512, 1024 certified, then a\n"
    "                  golden-section search; epsilon certified at the order found),\n"
    "                  'integers' (2..64, 72, 80, 96, 128, 192, 256, 512, 1024)\n"
    "                  or 'opacus' (Opacus 1.1.2: 1.1, 1.2, ..., 10.9, 12..63)\n"
    "  --method M      arb (certified, the default), or a peer's code in doubles: opacus\n"
    "                  (= double), dp-accounting, tf-privacy (legacy, classic conversion),\n"
    "                  logdouble (integer orders)\n"
    "  --compare       with a double method: also arb, the relative error, and a status\n"
    "                  measured against the tolerance 1e-8\n"
    "  --plot FILE     FILE.svg, .pdf or .png: the run's privacy profile delta(epsilon) drawn\n"
    "                  by gnuplot (the PLD bracket as a band with --accountant pld, the RDP bound)\n"
    "  --per-order     the list per_order: each order's T-step RDP and epsilons\n"
    "  --epsilon E     find the least M on the grid 10^-K (--resolution K, default 3)\n"
    "                  whose certified epsilon is <= E\n"
    "  --batch B --dataset-size N --epochs E  DP-SGD's terms for q and T, K = ceil(N/B)\n"
    "                  batches per epoch: --sampling poisson (default) q = B/N, T = E K;\n"
    "                  --sampling opacus (its DataLoader) q = 1/K, T = E K\n"
    "  --steps-rule R  T from --epochs: loader (default, E ceil(N/B): the batches a\n"
    "                  DataLoader gives), opacus (floor(E N/B): Opacus's int(epochs /\n"
    "                  sample_rate)), tf-privacy (ceil(E N/B): TF Privacy's\n"
    "                  compute_dp_sgd_privacy, with dp_accounting)\n"
    "  --sampling-rate Q --epochs E  Opacus's words: T = floor(E/Q), Opacus's rule\n"
    "  --sampling fixed-batch  batches of a fixed size drawn without replacement (q = m/n\n"
    "                  by --sampling-rate or B/N), replace-one neighbours (sensitivity 2C):\n"
    "                  Wang, Balle, Kasiviswanathan 2019 Thm 9, certified (RDP, arb only)\n"
    "                  with --accountant pld: the tight pair's certified bracket (one\n"
    "                  Gaussian run; Dong-Roth-Su 2022 Thm 4.2, dominance cited)\n"
    "  --stated-epsilon E  the batches per epoch K (q = 1/K, T = N K, Opacus's Poisson\n"
    "                  loader at batch size B) whose certified epsilon rounds to E as\n"
    "                  printed, the dataset sizes B(K-1)+1..BK, and epsilon at the nearest K\n"
    "  --accountant pld  the privacy loss distribution composed by FFT: a certified\n"
    "                  bracket [epsilon_lower_bound, epsilon_upper_bound] of the true epsilon\n"
    "                  (or of delta at --delta-for-epsilon E); T <= 1e9; sampling rate 1\n"
    "                  in closed form (one Gaussian of ratio sqrt(T)/M); with --epsilon E\n"
    "                  the least multiplier whose bracket certifies epsilon <= E\n"
    "  --delta D1,D2,... --delta-for-epsilon E1,E2,...  lists: one composition, epsilon\n"
    "                  at each delta and delta at each epsilon (RDP: the grid's orders, no\n"
    "                  search; PLD: one grid per relation, a certified bracket each)\n"
    "  --delta-for-epsilon E  the least certified delta at epsilon E over the orders\n"
    "                  (RDP: both conversions inverted, the default's grid of orders without\n"
    "                  the search; PLD: a certified bracket)\n"
    "  --phase M,Q,T   one training phase: multiplier M, sampling rate Q (a decimal or N/D),\n"
    "                  T steps; repeated, the phases compose (the sum of each phase's T-step\n"
    "                  RDP at every order, then the conversion; RDP accountant only)\n"
    "  Q = 0: epsilon 0 exactly (the example is never used); --delta 0 (or --epsilon 0)\n"
    "  with Q > 0: epsilon (the multiplier) is +infinity, status infinite\n"
    "  --relation R    add, remove, or both (default: the worse of the two); with the\n"
    "                  RDP accountant: replace (replace-one neighbours, a certified bound\n"
    "                  by removing then adding: RDP(a) <= (a-1/2)/(a-1) RDP(2a) + RDP(2a-1))\n"
    "                  with --accountant pld: replace (the Gaussian, one run: the symmetric\n"
    "                  pair (1-q)N(0)+qN(C) against (1-q)N(0)+qN(-C), tight; dominance checked)\n"
    "  --width W       target relative width of the epsilon bracket (default 0.01;\n"
    "                  smaller costs more time and memory, 1e-5 .. 2)\n"
    "  --max-grid-size N  the circular grid's cap, a power of two in 2^16 .. 2^27 (default\n"
    "                  2^23 = 8388608): a run capped there comes out wider than --width;\n"
    "                  above 2^23 up to some 300 bytes a point, two relations at once\n"
    "  --mechanism gauss|vmf  gauss (the default), or vmf: the von Mises-Fisher mechanism of\n"
    "                  concentration --kappa K on the sphere S^(P-1) (--p P) in place of\n"
    "                  Gaussian noise, Poisson-subsampled RDP by Zhu and Wang 2019 (Thm 6),\n"
    "                  certified; integer orders only (default 'integers', up to 10000)\n"
    "  --mechanism laplace|rr|epsdelta  with --accountant pld: Laplace noise of scale\n"
    "                  --b B per coordinate (l1 sensitivity 1), randomized response at\n"
    "                  --step-epsilon E, or any (E, --step-delta D)-DP step; the run as one\n"
    "                  --phase (see --phase laplace,B,Q,T | rr,E,Q,T | epsdelta,E,D,Q,T)\n"
    "  --sensitivity S vmf: neighbours' mean directions at chordal distance <= S in (0, 2]\n"
    "                  (default: any two unit vectors, the antipodal pair, distance 2)\n"
    "  --max-seconds S the work budget (default 60): a run whose estimated work is\n"
    "                  longer is refused with its estimate (see leakproof(1), BUDGETS);\n"
    "                  SIGINT or SIGTERM stops a run cleanly (no record)\n"
    "  --estimate      print the work estimate (estimated_seconds) and compute nothing\n";



int
lp_account_parse(lp_account_opts *o, int argc, char **argv)
{
    enum { O_M = 256, O_Q, O_T, O_DELTA, O_EPS, O_ORDERS, O_METHOD, O_COMPARE, O_RES, O_STATED, O_BATCH, O_EPOCHS, O_DATASET, O_SAMPLING, O_ACCOUNTANT, O_RELATION, O_PLOT,
           O_WIDTH, O_MAX_GRID, O_DFE, O_PER_ORDER, O_MECH, O_KAPPA, O_P, O_SENS, O_PHASE, O_STEPS_RULE,
           O_LAPLACE_B, O_STEP_EPS, O_STEP_DELTA };
    static const struct option longopts[] = {
        { "noise-multiplier", required_argument, NULL, O_M },
        { "sampling-rate", required_argument, NULL, O_Q },
        { "steps", required_argument, NULL, O_T },
        { "delta", required_argument, NULL, O_DELTA },
        { "epsilon", required_argument, NULL, O_EPS },
        { "orders", required_argument, NULL, O_ORDERS },
        { "method", required_argument, NULL, O_METHOD },
        { "compare", no_argument, NULL, O_COMPARE },
        LP_OPT_SHARED_DIGITS,
        { "resolution", required_argument, NULL, O_RES },
        { "stated-epsilon", required_argument, NULL, O_STATED },
        { "batch", required_argument, NULL, O_BATCH },
        { "epochs", required_argument, NULL, O_EPOCHS },
        { "dataset-size", required_argument, NULL, O_DATASET },
        { "sampling", required_argument, NULL, O_SAMPLING },
        { "steps-rule", required_argument, NULL, O_STEPS_RULE },
        { "accountant", required_argument, NULL, O_ACCOUNTANT },
        { "relation", required_argument, NULL, O_RELATION },
        { "width", required_argument, NULL, O_WIDTH },
        { "max-grid-size", required_argument, NULL, O_MAX_GRID },
        { "delta-for-epsilon", required_argument, NULL, O_DFE },
        { "per-order", no_argument, NULL, O_PER_ORDER },
        { "mechanism", required_argument, NULL, O_MECH },
        { "kappa", required_argument, NULL, O_KAPPA },
        { "p", required_argument, NULL, O_P },
        { "sensitivity", required_argument, NULL, O_SENS },
        { "phase", required_argument, NULL, O_PHASE },
        { "b", required_argument, NULL, O_LAPLACE_B },
        { "step-epsilon", required_argument, NULL, O_STEP_EPS },
        { "step-delta", required_argument, NULL, O_STEP_DELTA },
        { "plot", required_argument, NULL, O_PLOT },
        LP_OPT_SHARED_MAX_SECONDS,
        LP_OPT_SHARED_ESTIMATE,
        LP_OPT_SHARED_JSON,
        LP_OPT_SHARED_HELP,
        { NULL, 0, NULL, 0 }
    };
    const char *digits_text = NULL, *res_text = NULL, *batch_text = NULL, *epochs_text = NULL,
               *dataset_text = NULL;
    int c, rc;

    memset(o, 0, sizeof *o);
    o->digits = LP_DIGITS_PRIVACY;
    o->resolution = 3;
    o->peer = NULL;
    lp_opt g;
    lp_opt_init(&g, argc, argv, "", longopts);
    while ((c = lp_opt_next(&g)) != -1) {
        switch (c) {
        case O_M: o->M = g.optarg; break;
        case O_Q: o->q = g.optarg; break;
        case O_T: o->T = g.optarg; break;
        case O_DELTA: o->delta = g.optarg; break;
        case O_EPS: o->eps = g.optarg; break;
        case O_ORDERS: o->orders_text = g.optarg; break;
        case O_METHOD: o->method_text = g.optarg; break;
        case O_COMPARE: o->compare = 1; break;
        case LP_OPT_DIGITS: digits_text = g.optarg; break;
        case O_RES: res_text = g.optarg; break;
        case O_STATED: o->stated = g.optarg; break;
        case O_BATCH: batch_text = g.optarg; break;
        case O_EPOCHS: epochs_text = g.optarg; break;
        case O_DATASET: dataset_text = g.optarg; break;
        case O_SAMPLING: o->convention = g.optarg; break;
        case O_STEPS_RULE: o->steps_rule = g.optarg; break;
        case O_ACCOUNTANT: o->accountant = g.optarg; break;
        case O_RELATION: o->relation = g.optarg; break;
        case O_WIDTH: o->width_text = g.optarg; break;
        case O_MAX_GRID: o->max_grid_text = g.optarg; break;
        case O_DFE: o->delta_for_eps = g.optarg; break;
        case O_PER_ORDER: o->per_order = 1; break;
        case O_PLOT: o->plot = g.optarg; break;
        case O_MECH: o->mechanism = g.optarg; break;
        case O_KAPPA: o->kappa = g.optarg; break;
        case O_P: o->p_text = g.optarg; break;
        case O_SENS: o->sensitivity = g.optarg; break;
        case O_LAPLACE_B: o->laplace_b = g.optarg; break;
        case O_STEP_EPS: o->step_eps = g.optarg; break;
        case O_STEP_DELTA: o->step_delta = g.optarg; break;
        case O_PHASE:
            if (o->nphases == LP_ACCOUNT_PHASES_MAX)
                return lp_usage_error(cmd, "--phase: at most %d phases", LP_ACCOUNT_PHASES_MAX);
            o->phase[o->nphases++] = g.optarg;
            lp_opt_again(&g, O_PHASE);         /* repeated on purpose */
            break;
        case LP_OPT_MAX_SECONDS: o->max_seconds_text = g.optarg; break;
        case LP_OPT_ESTIMATE: o->estimate = 1; break;
        case LP_OPT_JSON: o->json = 1; break;
        case LP_OPT_HELP:
            fputs(usage_text, lp_out());
            return -1;
        default: return lp_opt_error(&g, cmd);
        }
    }
    if (g.optind < argc)
        return lp_usage_error(cmd, "unexpected argument '%s'", argv[g.optind]);
    if (o->convention && strcmp(o->convention, "fixed-batch") == 0
        && (rc = lp_account_parse_fixed_batch(o, dataset_text)))
        return rc;
    if (dataset_text || o->convention || o->steps_rule) {
        if ((rc = lp_account_from_dataset(o, batch_text, dataset_text, epochs_text)))
            return rc;
        batch_text = epochs_text = NULL;    /* spent: q and T stand for them */
    } else if (epochs_text && o->q && !o->T && !batch_text && !o->stated) {
        /* Opacus's words (sample_rate, epochs): Opacus's rule T = int(epochs / q) */
        if ((rc = lp_account_steps_from_rate(o, epochs_text)))
            return rc;
        epochs_text = NULL;
    }
    if (lp_account_is_list(o->delta) || lp_account_is_list(o->delta_for_eps))
        return lp_account_parse_lists(o, digits_text, res_text, batch_text, epochs_text);
    if (o->accountant && strcmp(o->accountant, "rdp") != 0 && strcmp(o->accountant, "pld") != 0)
        return lp_usage_error(cmd, "--accountant must be rdp or pld (got '%s')", o->accountant);
    if (o->mechanism && lp_account_is_pld_step_mechanism(o->mechanism))
        return lp_account_parse_pld_mechanism(o, digits_text, res_text, batch_text, epochs_text);
    if (o->laplace_b || o->step_eps || o->step_delta)
        return lp_usage_error(cmd, "%s needs --accountant pld --mechanism %s", o->laplace_b ? "--b"
                              : o->step_eps ? "--step-epsilon" : "--step-delta",
                              o->laplace_b ? "laplace" : o->step_eps ? "rr or epsdelta" : "epsdelta");
    if (o->mechanism && strcmp(o->mechanism, "gauss") != 0 && strcmp(o->mechanism, "vmf") != 0)
        return lp_usage_error(cmd, "--mechanism must be gauss, vmf, laplace, rr or epsdelta (got "
                              "'%s')", o->mechanism);
    if (o->mechanism && strcmp(o->mechanism, "vmf") == 0)
        return lp_account_parse_vmf(o, digits_text, res_text, batch_text, epochs_text);
    if (o->kappa || o->p_text || o->sensitivity)
        return lp_usage_error(cmd, "%s needs --mechanism vmf", o->kappa ? "--kappa"
                              : o->p_text ? "--p" : "--sensitivity");
    if (o->accountant && strcmp(o->accountant, "pld") == 0)
        return lp_account_parse_pld(o, digits_text, res_text);
    if (o->relation && strcmp(o->relation, "replace") == 0 && !o->stated)
        o->replace = 1;         /* replace-one: the remove-then-add bound (phases.c) */
    else if (o->relation)
        return lp_usage_error(cmd, "--relation: the RDP accountant takes replace (add and remove "
                              "share its curve; --stated-epsilon takes none); add, remove and "
                              "both need --accountant pld (got '%s')", o->relation);
    if (o->width_text || o->max_grid_text)
        return lp_usage_error(cmd, "%s needs --accountant pld", o->width_text ? "--width" : "--max-grid-size");
    if (o->nphases || o->delta_for_eps) {       /* issue 20 part 6: parse_edges below */
        if ((rc = lp_account_parse_edges(o, digits_text, res_text, batch_text, epochs_text)))
            return rc;
        return lp_account_parse_orders(o);
    }
    return lp_account_parse_rdp(o, digits_text, res_text, batch_text, epochs_text);
}

static int
run(const lp_account_opts *o)
{
    lp_account_request req;
    lp_record *rec;
    int rc = LP_EXIT_OK;
    lp_account_rdp_request(&req, o);
    if (o->lists && o->pld) {   /* one composition per relation (cmd_account_lists.c) */
        if ((rec = lp_account_pld_lists(o, &rc)) == NULL)
            return rc;
    } else if (o->lists) {      /* one composition, many queries (rdp/lists.c) */
        rec = lp_record_new("DP-SGD accountant, one composition and many queries (Renyi DP, "
                            "certified)");
        lp_account_lists_study(rec, &req, o->list_delta_x, o->n_delta, o->list_eps_x, o->n_eps);
    } else if (o->vmf) {
        lp_account_vmf_request vr = { { &o->kappa_x, o->p, o->sensitivity ? &o->sensitivity_x
                                        : NULL }, &o->q_x, &o->delta_x, o->steps, &o->orders,
                                      o->digits, o->per_order };
        rec = lp_record_new("DP-SGD accountant (Poisson-subsampled von Mises-Fisher, Renyi DP, "
                            "Zhu-Wang bound, certified)");
        lp_account_vmf_study(rec, &vr);
    } else if (o->pld) {        /* the PLD bracket, or its least multiplier (cmd_account_pld.c) */
        if ((rec = lp_account_pld_run(o, &rc)) == NULL)
            return rc;
    } else if (o->stated) {
        lp_account_fit_request fit = { o->M, o->stated, o->delta, (uint64_t) o->batch,
                                       (uint64_t) o->epochs, &o->orders, o->digits };
        rec = lp_record_new("dataset sizes that reproduce a stated epsilon (Renyi-DP accountant, "
                            "Opacus's Poisson loader, certified)");
        lp_account_fit_study(rec, &fit);
    } else if (o->eps == NULL) {
        rec = lp_record_new(o->fixed_batch ? "DP-SGD accountant (fixed-size batches drawn without "
                            "replacement, Gaussian, Renyi DP)"
                            : "DP-SGD accountant (Poisson-subsampled Gaussian, Renyi DP)");
        lp_account_study(rec, &req);
    } else {
        rec = lp_record_new("least noise multiplier (Renyi-DP accountant, Balle et al. 2020 "
                            "conversion, certified)");
        if (lp_account_least_multiplier_study(rec, &o->eps_x, &req, o->resolution) != 0
            && !lp_cancelled()) {
            fprintf(lp_err(), "leakproof account: no multiplier up to 10^6 meets epsilon <= %s\n",
                    o->eps);
            rc = LP_EXIT_FAIL;          /* with its record: status not_found */
        }
    }
    if (!o->vmf) {
        /* DP-SGD's neighbouring relation (leakproof(1), NEIGHBOURS): datasets that
           differ by one example; each example's gradient clipped to norm C, noise
           M C, so the sum moves by at most C -- the sensitivity is the clip */
        lp_record_text(rec, "neighbours", o->replace || o->fixed_batch || (o->pld && o->rel == 3)
                       ? "replace one example" : "add or remove one example");
        lp_record_text(rec, "sensitivity", "clip");
    }
    if (o->convention) {                /* the run in DP-SGD's terms, and how q and T came */
        lp_record_int(rec, "batch", o->batch);
        lp_record_int(rec, "dataset_size", o->dataset_size);
        lp_record_int(rec, "epochs", o->epochs);
        lp_record_text(rec, "sampling_convention", strcmp(o->convention, "poisson") == 0
                       ? "poisson: q = batch/dataset_size, T = epochs * ceil(dataset_size/batch)"
                       : o->fixed_batch ? "fixed-batch: batch examples drawn without replacement "
                       "each step, q = batch/dataset_size, T = epochs * ceil(dataset_size/batch)"
                       : "opacus: q = 1/ceil(dataset_size/batch), T = epochs * ceil(dataset_size/batch)");
    }
    if (o->steps_rule_said)             /* how T came from the epochs (leakproof(1), account) */
        lp_record_text(rec, "steps_rule", o->steps_rule_said);
    if (o->plot) {              /* the run's privacy profile (cmd_account_plot.c) */
        int prc = lp_account_plot(rec, o);
        if (prc != 0) {
            lp_record_free(rec);
            return prc;
        }
    }
    lp_account_headline(rec);          /* the answer first (human form only) */
    if (lp_emit(rec, o->json) != 0)
        rc = LP_EXIT_FAIL;
    lp_record_free(rec);
    return rc;
}

int
lp_cmd_account(int argc, char **argv)
{
    lp_account_opts o;
    int rc = lp_account_parse(&o, argc, argv);
    if (rc == 0 && o.fixed_batch)
        rc = lp_account_check_fixed_batch(&o);
    if (rc == 0 && o.plot)
        rc = lp_account_parse_plot(&o);
    if (rc != 0) {
        lp_account_opts_clear(&o);
        return rc == -1 ? lp_close_stdout(LP_EXIT_OK) : rc;     /* -1: --help, printed */
    }
    lp_account_read(&o);        /* every check passed: the numbers read, once */
    if ((rc = lp_account_budget(&o)) == 0)
        rc = run(&o);
    else if (rc == -1)          /* --estimate: printed */
        rc = LP_EXIT_OK;
    lp_account_opts_clear(&o);
    return lp_close_stdout(rc);
}
