/* cmd_account_pld_mech.c -- `account --accountant pld --mechanism vmf`: the
 * VMF's step under the certified PLD accountant (account/pld/pairs/pld_mech_vmf.c),
 * its options checked here; the rest are the PLD accountant's
 * (lp_account_parse_pld). */
#include <stdio.h>
#include <string.h>
#include "core/decimal_ops.h"
#include "core/study.h"
#include "cli.h"
#include "cmd_account.h"
#include "account/pld/pld.h"

static const char *const cmd = "account";

int
lp_account_parse_pld_vmf(lp_account_opts *o, const char *digits_text, const char *res_text,
                         const char *batch_text, const char *epochs_text)
{
    int rc;
    long p;
    if (o->M || o->eps || o->orders_text || batch_text || epochs_text)
        return lp_usage_error(cmd, "--accountant pld --mechanism vmf does not take %s",
                              o->M ? "--noise-multiplier" : o->eps ? "--epsilon (the least "
                              "multiplier is the Gaussian's)" : o->orders_text ? "--orders"
                              : batch_text ? "--batch" : "--epochs");
    if (o->sensitivity && lp_decimal_compare(o->sensitivity, "2") != 0)
        return lp_usage_error(cmd, "--sensitivity: --accountant pld --mechanism vmf accounts the "
                              "antipodal pair (any two unit vectors, chordal distance 2) only "
                              "(got '%s')", o->sensitivity);
    if ((rc = lp_account_check_positive("--kappa", o->kappa)))
        return rc;
    if (lp_decimal_compare(o->kappa, "1e6") > 0)
        return lp_usage_error(cmd, "--kappa must be at most 1e6 (got '%s')", o->kappa);
    if (o->p_text == NULL)
        return lp_usage_error(cmd, "missing --p");
    if ((rc = lp_arg_int_range(&p, cmd, "--p", o->p_text, 3, 1000000000)))
        return rc;
    /* q = 1 (a full batch) composes too: the VMF's loss is bounded (pld_mech_vmf.c) */
    o->M = "1";                 /* lp_account_parse_pld_run's checks of M: a placeholder */
    rc = lp_account_parse_pld_run(o, digits_text, res_text);
    o->M = NULL;
    if (rc)
        return rc;
    if (o->rel == 3)            /* replace-one: the Gaussian only (pld_study_replace.c) */
        return lp_usage_error(cmd, "--relation replace with --accountant pld takes the Gaussian "
                              "only (not --mechanism vmf)");
    o->p = (uint64_t) p;
    o->pld_mech = 1;
    return 0;
}

/* one --phase of the PLD accountant: M,q,T (the Gaussian; also gauss,M,q,T)
 * or vmf,K,P,q,T, split into o->pld_phase[i] (texts in o->pld_phase_buf[i]) */
static int
parse_phase(lp_account_opts *o, size_t i)
{
    char *buf = o->pld_phase_buf[i], *f[6];
    const char *text = o->phase[i];
    size_t nf = 0;
    lp_pld_phase *ph = o->pld_phase + i;
    long p;
    if (strlen(text) >= sizeof o->pld_phase_buf[i])
        return lp_usage_error(cmd, "--phase: too long (got '%.40s...')", text);
    strcpy(buf, text);
    for (char *s = buf; nf < 6;) {
        f[nf++] = s;
        s = strchr(s, ',');
        if (s == NULL)
            break;
        *s++ = '\0';
    }
    memset(ph, 0, sizeof *ph);
    if (nf == 5 && strcmp(f[0], "vmf") == 0) {
        ph->mech = LP_PLD_VMF;
        ph->kappa = f[1];
        if (!lp_decimal_valid(f[1]) || lp_decimal_sign(f[1]) <= 0 || lp_decimal_compare(f[1], "1e6") > 0)
            return lp_usage_error(cmd, "--phase: kappa must be a decimal in (0, 1e6] (got '%s' in '%s')",
                                  f[1], text);
        if (lp_arg_int_range(&p, cmd, "--phase (the dimension p)", f[2], 3, 1000000000))
            return LP_EXIT_USAGE;
        ph->p = (uint64_t) p;
        ph->q = f[3];
        f[1] = f[4];
    } else if ((nf == 4 && strcmp(f[0], "rr") == 0) || (nf == 5 && strcmp(f[0], "epsdelta") == 0)) {
        /* randomized response at epsilon E, or any (E, D)-DP mechanism */
        ph->mech = nf == 4 ? LP_PLD_RR : LP_PLD_EPSDELTA;
        ph->e = f[1];
        if (!lp_decimal_valid(f[1]) || lp_decimal_sign(f[1]) <= 0 || !(lp_strtod(f[1], NULL) <= 100))
            return lp_usage_error(cmd, "--phase: the step's epsilon must be a decimal in (0, 100] (got "
                                  "'%s' in '%s')", f[1], text);
        if (nf == 5) {
            ph->d = f[2];
            if (!lp_decimal_valid(f[2]) || lp_decimal_sign(f[2]) < 0 || lp_decimal_compare(f[2], "1") >= 0)
                return lp_usage_error(cmd, "--phase: the step's delta must be a decimal in [0, 1) (got "
                                      "'%s' in '%s')", f[2], text);
        }
        ph->q = f[nf - 2];
        f[1] = f[nf - 1];
    } else if (nf == 4 && strcmp(f[0], "laplace") == 0) {
        /* Laplace noise of scale B per coordinate, l1 sensitivity 1 */
        ph->mech = LP_PLD_LAPLACE;
        ph->kappa = f[1];
        if (!lp_decimal_valid(f[1]) || lp_decimal_sign(f[1]) <= 0
            || !(lp_strtod(f[1], NULL) >= 0.01 && lp_strtod(f[1], NULL) <= 10000))
            return lp_usage_error(cmd, "--phase: the Laplace scale must be a decimal in [0.01, 1e4] "
                                  "(got '%s' in '%s')", f[1], text);
        ph->q = f[2];
        f[1] = f[3];
    } else if ((nf == 4 && strcmp(f[0], "gauss") == 0) || nf == 3) {
        char **g = nf == 4 ? f + 1 : f;
        ph->mech = LP_PLD_GAUSS;
        ph->M = g[0];
        if (!lp_decimal_valid(g[0]) || lp_decimal_sign(g[0]) <= 0
            || !(lp_strtod(g[0], NULL) >= 0.01 && lp_strtod(g[0], NULL) <= 10000))
            return lp_usage_error(cmd, "--phase: the noise multiplier must be a decimal in [0.01, 1e4] "
                                  "with --accountant pld (got '%s' in '%s')", g[0], text);
        ph->q = g[1];
        f[1] = g[2];
    } else {
        return lp_usage_error(cmd, "--phase: with --accountant pld, M,q,T (the Gaussian), "
                              "vmf,KAPPA,P,q,T, laplace,B,q,T, rr,EPSILON,q,T or epsdelta,EPSILON,DELTA,q,T (got "
                              "'%s')", text);
    }
    if (!lp_decimal_valid(ph->q) || lp_decimal_sign(ph->q) <= 0 || lp_decimal_compare(ph->q, "1") >= 0
        || !(lp_strtod(ph->q, NULL) >= 1e-300))
        return lp_usage_error(cmd, "--phase: the sampling rate must be a decimal in [1e-300, 1) with "
                              "--accountant pld (got '%s' in '%s')", ph->q, text);
    if (lp_decimal_uint64(&ph->steps, f[1]) != 0 || ph->steps < 1 || ph->steps > 1000000000)
        return lp_usage_error(cmd, "--phase: the steps must be an integer in 1 .. 1e9 (got '%s' in "
                              "'%s')", f[1], text);
    return 0;
}

int
lp_account_parse_pld_phases(lp_account_opts *o, const char *digits_text, const char *res_text)
{
    int rc;
    size_t n = o->nphases;
    uint64_t total = 0;
    if (o->M || o->q || o->T || o->eps || o->mechanism || o->kappa || o->p_text)
        return lp_usage_error(cmd, "--phase gives each phase's mechanism, rate and steps: it takes "
                              "no %s", o->M ? "--noise-multiplier" : o->q ? "--sampling-rate"
                              : o->T ? "--steps" : o->eps ? "--epsilon" : o->mechanism ? "--mechanism"
                              : o->kappa ? "--kappa" : "--p");
    for (size_t i = 0; i < n; i++) {
        if ((rc = parse_phase(o, i)))
            return rc;
        total += o->pld_phase[i].steps;
    }
    if (total > 1000000000)
        return lp_usage_error(cmd, "--phase: the phases' steps add up to more than 1e9");
    /* the rest of --accountant pld's options (delta, relation, width,
     * digits): its own checks, on placeholders for M, q and T */
    o->nphases = 0;
    o->M = "1";
    o->q = o->pld_phase[0].q;
    o->T = "1";
    rc = lp_account_parse_pld_run(o, digits_text, res_text);
    o->nphases = n;
    o->M = o->q = o->T = NULL;
    o->steps = total;
    if (rc == 0 && o->rel == 3) /* replace-one: one Gaussian run (pld_study_replace.c) */
        return lp_usage_error(cmd, "--relation replace with --accountant pld takes one Gaussian "
                              "run, not --phase (the RDP accountant's --relation replace takes "
                              "Gaussian phases)");
    return rc;
}

int
lp_account_is_pld_step_mechanism(const char *name)
{
    return strcmp(name, "laplace") == 0 || strcmp(name, "rr") == 0 || strcmp(name, "epsdelta") == 0;
}

/* a value that goes into the phase's text, in [lo, hi] (lo excluded where
 * open_lo, hi where open_hi): a decimal, so no comma (the phase's separator);
 * the phase's own checks again after, on the same ranges */
static int
in_range(const char *opt, const char *v, const char *lo, int open_lo, const char *hi, int open_hi)
{
    int c_lo, c_hi;
    if (v == NULL)
        return lp_usage_error(cmd, "missing %s", opt);
    if (strchr(v, ',') != NULL || !lp_decimal_valid(v) || lp_decimal_exponent_beyond(v))
        return lp_usage_error(cmd, "%s must be a decimal number (got '%s')", opt, v);
    c_lo = lp_decimal_compare(v, lo);
    c_hi = lp_decimal_compare(v, hi);
    if (c_lo < 0 || (open_lo && c_lo == 0) || c_hi > 0 || (open_hi && c_hi == 0))
        return lp_usage_error(cmd, "%s must be a decimal in %s%s, %s%s (got '%s')", opt,
                              open_lo ? "(" : "[", lo, hi, open_hi ? ")" : "]", v);
    return 0;
}

int
lp_account_parse_pld_mechanism(lp_account_opts *o, const char *digits_text, const char *res_text,
                               const char *batch_text, const char *epochs_text)
{
    const char *m = o->mechanism;
    const int laplace = strcmp(m, "laplace") == 0, eps_delta = strcmp(m, "epsdelta") == 0;
    int rc, len;
    uint64_t steps;
    if (o->accountant == NULL || strcmp(o->accountant, "pld") != 0)
        return lp_usage_error(cmd, "--mechanism %s needs --accountant pld (the RDP accountant takes "
                              "gauss and vmf)", m);
    if (o->nphases || o->M || o->eps || o->kappa || o->p_text || o->sensitivity || batch_text
        || epochs_text)
        return lp_usage_error(cmd, "--mechanism %s does not take %s", m, o->nphases ? "--phase (give "
                              "the mechanism in each --phase instead)" : o->M ? "--noise-multiplier"
                              : o->eps ? "--epsilon" : o->kappa ? "--kappa" : o->p_text ? "--p"
                              : o->sensitivity ? "--sensitivity" : batch_text ? "--batch" : "--epochs");
    if (o->relation && strcmp(o->relation, "replace") == 0)
        return lp_usage_error(cmd, "--relation replace with --accountant pld takes the Gaussian only "
                              "(not --mechanism %s)", m);
    if (laplace ? o->step_eps || o->step_delta : o->laplace_b || (!eps_delta && o->step_delta))
        return lp_usage_error(cmd, "--mechanism %s does not take %s", m, o->laplace_b ? "--b"
                              : o->step_eps ? "--step-epsilon" : "--step-delta");
    if ((rc = laplace ? in_range("--b", o->laplace_b, "0.01", 0, "1e4", 0)
         : in_range("--step-epsilon", o->step_eps, "0", 1, "100", 0))
        || (eps_delta && (rc = in_range("--step-delta", o->step_delta, "0", 0, "1", 1))))
        return rc;
    if (o->T == NULL)
        return lp_usage_error(cmd, "missing --steps");
    if (strchr(o->T, ',') != NULL || lp_decimal_uint64(&steps, o->T) != 0 || steps < 1
        || steps > 1000000000)
        return lp_usage_error(cmd, "--steps must be an integer in 1 .. 1e9 with --accountant pld "
                              "(got '%s')", o->T);
    if ((rc = lp_account_check_rate(o->q, 1)))
        return rc;
    if (strchr(o->q, '/') != NULL)
        return lp_usage_error(cmd, "--mechanism %s takes --sampling-rate as a decimal (got '%s')", m, o->q);
    len = laplace ? snprintf(o->pld_single_buf, sizeof o->pld_single_buf, "laplace,%s,%s,%s",
                             o->laplace_b, o->q, o->T)
        : eps_delta ? snprintf(o->pld_single_buf, sizeof o->pld_single_buf, "epsdelta,%s,%s,%s,%s",
                               o->step_eps, o->step_delta, o->q, o->T)
        : snprintf(o->pld_single_buf, sizeof o->pld_single_buf, "rr,%s,%s,%s", o->step_eps, o->q, o->T);
    if (len < 0 || (size_t) len >= sizeof o->pld_single_buf)
        return lp_usage_error(cmd, "--mechanism %s: the values are too long", m);
    o->phase[0] = o->pld_single_buf;
    o->nphases = 1;
    o->q = o->T = NULL;
    o->mechanism = NULL;
    return lp_account_parse_pld_phases(o, digits_text, res_text);
}
