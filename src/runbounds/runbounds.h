/* runbounds.h -- what bounds a reconstruction attacker on a whole DP-SGD run,
 * every bound of the field side by side, certified, at the prior's baseline
 * kappa (the most prior mass any one answer has: 1/n for n equally likely
 * candidates, Hayes et al.'s kappa_{pi,rho}(eta) in general).
 *
 * The attacker (Hayes, Mahloujifar and Balle 2023; Balle, Cherubin and Hayes
 * 2022's informed adversary) knows everything but the target record z; the
 * run on D- alone does not depend on z, so its guess succeeds there with
 * probability at most kappa; the run on D- + {z} is the neighbour that adds
 * z.  So every bound below is on P(the guess is right) in the world with z:
 *   rero       sup { P(E) : Q(E) <= kappa } = 1 - f(kappa) for the pair (P,
 *              Q) that dominates (with z, without z): the remove direction
 *              under add/remove (the subsampled mechanism's pair: Zhu, Dong
 *              and Wang 2022), the symmetric pair under replace-one (the
 *              world without z is then D- + {z0}, any fixed z0).  Hayes et
 *              al.'s Theorem (the blow-up function, their B_kappa), Kaissis
 *              et al. 2023 (the hypothesis-testing form, 1 - f(kappa); for
 *              the Gaussian of ratio mu, Phi(Phi^-1(kappa) + mu)).  Tight for
 *              the pair: the Neyman-Pearson test attains it (account/pld/study/pld_tradeoff.h).
 *   eps-delta  e^eps kappa + delta for an (eps, delta)-DP run (Hayes et al.,
 *              their Corollary from the definition of DP: P(E) <= e^eps Q(E)
 *              + delta with Q(E) <= kappa), at the run's certified epsilon
 *              for the delta given, and the best over delta (the profile of
 *              the run's DP relation: eps >= 0, both directions).
 *   renyi      (e^{eps_a} kappa)^{(a-1)/a} for (a, eps_a)-RDP (Mironov 2017,
 *              Prop. 10, probability preservation; the RDP semantic bound
 *              of Guo et al. 2022 and Stock et al. 2022), least over the
 *              certified orders of the run's RDP curve.
 *   capacity   min(1, C kappa) with C the run's Bayes capacity (Biswas et
 *              al., eq. (4): V(post) <= C V(prior)), the Gaussian's same-x
 *              upper bound of run-capacity (the record is the same at every
 *              step), the VMF's (1 - q + q C_vmf)^T.
 *   fisher     not a bound on success: on the mean squared error of any
 *              UNBIASED estimate of the record, E|zhat - z|^2 >= tr(I^-1) >=
 *              p^2 / tr(I) (Cramer-Rao; Guo, Karrer, Chaudhuri and van der
 *              Maaten 2022's Fisher information leakage), I the run's Fisher
 *              information about z: each step's release (1-q) N(0, s^2) + q
 *              N(z, s^2) has at most q/s^2 per coordinate (Fisher information
 *              is convex in the distribution, the uncovered part carries
 *              none), T steps add: tr(I) <= p T q / (M C)^2, so
 *              MSE >= p M^2 C^2 / (T q), exact at q = 1 (the mean of the T
 *              releases is unbiased with that error).  Biased attackers
 *              (the posterior mean) can go below it.
 * All in the units of the clip C (the record's norm at most C). */
#ifndef LP_RUNBOUNDS_H
#define LP_RUNBOUNDS_H

#include <stddef.h>
#include <stdint.h>
#include "account/pld/pld.h"
#include "account/pld/study/pld_profile.h"
#include "account/pld/study/pld_tradeoff.h"
#include "account/study.h"
#include "account/rdp/vmf_account.h"
#include "core/record.h"

typedef struct {
    lp_pld_request pld;                 /* the run as account --accountant pld takes it:
                                           relation 0 (remove), 2 (both: add/remove) or 3
                                           (replace); delta sizes the grid */
    const lp_account_request *rdp;      /* the Gaussian run for its RDP curve (NULL: none) */
    const lp_vmf_step *vmf;             /* the VMF's step for its RDP curve (NULL: none) */
    const char *baseline;               /* kappa: a decimal or N/D in (0, 1], exact */
    uint64_t prior_size;                /* n when kappa = 1/n was given so (else 0) */
    uint64_t p;                         /* the record's dimension (0: not given) */
    const char *delta;                  /* the delta of the (eps, delta) bound (NULL: none) */
    slong digits;                       /* significant digits of the printed bounds */
} lp_runbounds_request;

/* kappa's ball from its text (a decimal or N/D of integers, exact);
 * 0, or -1 when it is not in (0, 1]. */
int lp_runbounds_kappa(arb_t kappa, const char *text, slong prec);

/* The Gaussian's ReRo in closed form: Phi(Phi^-1(kappa) + mu), mu the pair's
 * distance over the noise (sqrt(T)/M under add/remove at q = 1, 2 sqrt(T)/M
 * under replace-one), kappa in (0, 1).  A ball at prec bits. */
void lp_rero_gauss_closed(arb_t r, const arb_t kappa, const arb_t mu, slong prec);

/* The Renyi bound min over the grid's orders (account/run.h's search grid)
 * of exp((a-1)/a (RDP_T(a) + log kappa)), from the run's certified RDP
 * (Gaussian run, its phases and relation) or the VMF's (vmf: integer orders
 * of the grid, Zhu and Wang's bound); an upper end into *bound (at most 1)
 * and the order's text into order (NULL-able).  0, or -1 when no order gave
 * one (or cancelled). */
int lp_rero_renyi(arf_t bound, char *order, size_t olen, const lp_dpsgd *run, const lp_vmf_step *vmf,
                  const arb_t kappa, slong prec);

/* The run's Bayes capacity, an upper bound certified: the Gaussian's same-x
 * bound (compose/run_capacity.h) for the run M, q, T at dimension p and
 * R/sigma = 1/M; the VMF's (1 - q + q C_vmf(p, kappa))^T.  0, or -1 (not
 * certified). */
int lp_run_capacity_upper(arb_t c, const lp_runbounds_request *req);

/* The Fisher bound p M^2 / (T q) (the clip's units: times C^2) summed over
 * phases as 1 / sum_i T_i q_i / M_i^2, exact; 0, or -1 where the mechanism
 * has none here (vmf, laplace, rr, epsdelta). */
int lp_rero_fisher(arb_t mse, const lp_runbounds_request *req, slong prec);

/* Fills rec with the bounds side by side (keys in leakproof(1), run-bounds).
 * Returns LP_PLD_OK, LP_PLD_UNCERTIFIED (the record says which bound could
 * not be certified and why), LP_PLD_OUT_OF_MEMORY or LP_PLD_INTERRUPTED (the
 * record is not to be printed). */
int lp_runbounds_study(lp_record *rec, const lp_runbounds_request *req);

/* The bounds' keys alone (rero_*, eps_delta_*, renyi_*, capacity_*,
 * fisher_*), for a record that says the run itself (reconstruct's); returns
 * as lp_runbounds_study. */
int lp_runbounds_record(lp_record *rec, const lp_runbounds_request *req);

/* The Gaussian run's capacity bound min(1, C kappa) at the dimension
 * min(req->p, span) (keys capacity_bound_span and capacity_span_p): a bound
 * on an attacker whose candidates span a linear subspace of that dimension
 * (the release's coordinates orthogonal to it are noise independent of the
 * record and of the step's sampling, so the run's channel is the one at that
 * dimension); both keys null (and -1) for the VMF, phases, or p 0. */
int lp_runbounds_capacity_span(lp_record *rec, const lp_runbounds_request *req, uint64_t span);

/* The least noise multiplier on the grid m 10^-resolution whose certified
 * ReRo bound (the upper end) is at most `target` (a decimal in (kappa, 1)),
 * for req's Gaussian run (one phase; its M ignored), by bisection; the record:
 * target_success, noise_multiplier, rero_upper_bound, below (the grid point
 * under it) and rero_lower_bound_below (its lower end), below_certainly_exceeds.
 * Returns LP_PLD_OK, LP_PLD_UNCERTIFIED (no multiplier up to 1e4 meets it:
 * status not_found), LP_PLD_OUT_OF_MEMORY or LP_PLD_INTERRUPTED. */
int lp_runbounds_least_multiplier(lp_record *rec, const lp_runbounds_request *req, const char *target,
                                  long resolution);

/* an exact end x as a text rounded outward (up != 0: up) at `digits` (study.c) */
void lp_runbounds_record_end(lp_record *rec, const char *key, const arf_t x, slong digits, int up);

/* ---- the run's ReRo bracket (rero.c), what the study and the inverse share ---- */

typedef struct {
    arf_t lo, hi;               /* 1 - f(kappa), certified */
    double eps;                 /* the eps whose upper bound was least */
    const char *pair;           /* the dominating pair, in words (static) */
    const char *relation;       /* "remove", "replace" */
    int closed;                 /* 1: q = 1 Gaussian, the closed form computed too */
    arb_t closed_form;
    const char *why;            /* a failure's reason (static), else NULL */
    int out_of_memory, interrupted;
} lp_rero;

void lp_rero_init(lp_rero *r);
void lp_rero_clear(lp_rero *r);
/* The bracket of req's run at kappa (the grid sized for where the bound
 * lies: rero.c); the composed profile is left in *profile for more queries
 * (lp_pld_profile_clear it, whatever the return).  0, or -1 with r->why. */
int lp_rero_run(lp_rero *r, lp_pld_profile *profile, const lp_runbounds_request *req, const arb_t kappa);
#endif
