"""The commands of leakproof(1) as Python functions.

Each function runs the command of the same name in this process through the
library's entry point lp_call and returns a Result built from its JSON record
(see result.py; the keys are documented once in leakproof(1)).  Keyword names
are the command's option names with '-' written '_'; values may be str, int,
decimal.Decimal, Fraction or float (a float is taken by its shortest repr,
Decimal(x) for its exact binary value; see _params.py).  Bad input raises
ValueError with the command's message, which names the parameter; a list
where one value is expected raises TypeError; a failure raises
LeakproofError; an answer that could not be certified raises
LeakproofUncertified (errors.py).  When NumPy is installed, any one numeric
parameter of any function may be a one-dimensional NumPy array: the command
runs once per element and the call returns a Sweep (sweep.py).
Work budgets (leakproof(1), BUDGETS): max_seconds=S is --max-seconds S for
every command that takes it; a run estimated beyond the budget raises
ValueError before it starts (its message names --max-seconds and
max_seconds); estimate=True returns the estimate (estimated_seconds) and
computes nothing.  Ctrl-C stops a long call (KeyboardInterrupt, _library.py).
"""

from . import _run
from ._params import decimal_text, option_args, word, one_rate
from . import sweep as _sweep
from .account_result import AccountResult


def _command(words, params):
    args = [word(w, "the command's words") for w in words] + option_args(params)
    return _run.run(args)


def _swept(words, params):
    return _sweep.maybe_sweep(_command, words, params)


def eval(mechanism, **params):
    """Evaluate a closed form of the Bayes capacity (leakproof eval).

    mechanism: 'gauss', 'vmf', 'laplace-l1' or 'gauss-layers' (forms() lists
    the registry).  Parameters, as the command's options: p (dimension),
    sigma, radius (gauss), kappa (vmf), b, radius (laplace-l1), layers, clip
    (gauss-layers); noise_multiplier and clip in place of sigma (DP-SGD's
    vocabulary); form ('printed', 'proof', ...), method ('arb', 'mpfr',
    'double', 'logdouble', 'gsl'), digits, prec, compare=True.

    Returns a Result: value (Decimal, exactly as printed), bound
    (rel_error_bound: |true - value| <= bound |value|), log10 and log10_bound,
    status ('ok', 'overflow', ...), digits (certified digits), certified.

    Example:
        >>> r = leakproof.eval('gauss', p=13700, sigma=1, radius=1)
        >>> r.log10, r.certified
        (Decimal('50.723517238784354446216936207710'), True)
    One parameter as a NumPy array (numpy.array([1, 2, 4]) for sigma) gives a
    Sweep of the results."""
    return _swept(["eval", mechanism], params)


def mc(mechanism, **params):
    """Monte Carlo estimate of the Bayes capacity from the mechanism (leakproof mc).

    Parameters as eval's, plus samples, seed, threads.  Returns a Result
    whose estimate and std_error are floats (not certified: a statistical
    estimate); they depend on the seed only, not on threads.

    Example: leakproof.mc('gauss', p=4, sigma=0.5, radius=1, samples=10**6, seed=1)['estimate']"""
    return _swept(["mc", mechanism], params)


def reconstruct(mechanism, **params):
    """The Bayes-optimal reconstruction attacker (leakproof reconstruct).

    mechanism: 'gauss', 'vmf' or 'laplace'.  Parameters as the command's
    options: p; sigma, kappa or b, or epsilon with delta (relation='any-two'
    or 'paper'), or capacity (log2 C in bits); radius; prior ('points',
    'sphere-points', 'gauss', 'ball', 'sphere', 'digits': the 8x8 digits of
    Debian's python3-sklearn, p = 64, data=FILE for another copy), n,
    prior_scale, inner; ball_radius (the delta-ball gain); samples, seed,
    threads, max_seconds.  Returns a Result: success and success_std_error
    (the MAP guess, finite prior), mse and mse_std_error (the posterior mean:
    the MMSE), floats and estimates; with ball_radius, ball_success (the best
    guess among the prior's points) and ball_success_upper (above any guess)
    beside ball_capacity_bound; capacity, log2_capacity and
    attacker_success_bound (min(1, C/n)) certified; they depend on the seed
    only, not on threads.

    A whole DP-SGD run: noise_multiplier (or epsilon with delta, calibrated
    through the run's PLD), sampling_rate and steps (or batch, dataset_size,
    epochs), sampling ('poisson', 'fixed-batch'); a finite prior ('points',
    'sphere-points', 'simplex', 'digits').  Then success is the informed
    adversary's on the whole run (every step seen), and beside it the run's
    certified bounds at kappa = 1/n (run_bounds()'s keys, the same digits:
    rero_upper_bound, eps_delta_bound_best, renyi_bound, capacity_bound,
    fisher_mse_bound; delta='1e-5' adds epsilon_upper_bound and
    eps_delta_bound at that delta; capacity_bound_span the Gaussian's capacity
    bound at the candidates' span); psnr beside mse for the digits.

    Example: leakproof.reconstruct('vmf', p=3, kappa=10, n=64, samples=2000, seed=1)['success']
             leakproof.reconstruct('gauss', noise_multiplier='0.729', sampling_rate='256/60000',
                                   steps=3515, prior='simplex', n=10, p=1000, samples=2000,
                                   seed=1)['rero_upper_bound']"""
    return _swept(["reconstruct", mechanism], params)


def calibrate(mechanism="gaussian", **params):
    """The noise for (epsilon, delta)-DP, classical and analytic (leakproof calibrate).

    Parameters: epsilon, delta (and the options of `leakproof calibrate
    --help`).  Returns a Result with the certified sigmas.

    Example: leakproof.calibrate(epsilon='1', delta='1e-5')"""
    return _swept(["calibrate", mechanism], params)


def channel(sub, **params):
    """Tan et al.'s channels (leakproof channel SUB): capacity, natural, white,
    personalized, dp or toy.

    Lists: eigenvalues=['1', '0.5'] becomes --eigenvalues 1,0.5.  Returns the
    command's Result (capacity and its bound, noise_variance, ...).

    Example: leakproof.channel('capacity', eigenvalues=['1', '0.5'], noise_variance='2')"""
    return _swept(["channel", sub], params)


def overflow(formula, **params):
    """The smallest p at which a non-certified method fails (leakproof overflow).

    Example: leakproof.overflow('gauss', method='double', sigma_grid='1', radius='1')"""
    return _swept(["overflow", formula], params)


def adversary(sub, **params):
    """The Bayes optimal adversary where it is exact (leakproof adversary SUB):
    gaussian, jensen, link, laplace, attacks, linear-layer.

    Example: leakproof.adversary('jensen', d=20, prior_var=1, gain=1, noise=0.1,
    delta=0.5, g_norm=1)"""
    return _swept(["adversary", sub], params)


def account(**params):
    """DP-SGD's epsilon over a training run (leakproof account), certified.

    Parameters: noise_multiplier, sampling_rate (or Opacus's sample_rate),
    steps, delta (or, in DP-SGD's terms, batch (batch_size), dataset_size and
    epochs); epsilon instead of noise_multiplier for the least multiplier (its
    certified epsilon at most the target); orders, method, digits.

    accountant='pld': the privacy loss distribution's certified bracket
    (tighter than RDP's: epsilon_lower_bound <= the true epsilon <=
    epsilon_upper_bound, r['epsilon_upper_bound']), with relation ('add',
    'remove', 'both', 'replace'), width (the bracket's target relative width),
    max_grid_size (the grid's cap, 2^23 by default) and phase (['M,q,T', 'laplace,b,q,T', ...]); sampling='fixed-batch' for
    batches drawn without replacement (replace-one).  Opacus's 'prv'
    estimates the same curve: leakproof.get_noise_multiplier(accountant=
    'prv') answers it by the PLD; leakproof.opacus has accountants for
    Opacus's PrivacyEngine, leakproof.account_event dp_accounting's events.
    mechanism='vmf' with kappa and p (and sensitivity) accounts the VMF
    mechanism instead (Zhu and Wang's Poisson-subsampled RDP bound, integer
    orders only).  delta and delta_for_epsilon take lists, as the command's
    comma lists (one composition; the rows in r["epsilons"] and r["deltas"],
    each with its own status: a row that cannot be certified, status
    'uncertified' with its why, does not lose the others; a list of one
    value is the single query).

    Returns an AccountResult (a Result): .epsilon, the certified upper bound
    on epsilon as an UpperBound (a Decimal whose float() rounds up, with
    .order, .conversion, .status, .certified); .noise_multiplier the same for
    the least-multiplier mode.  See also RDPAccountant and
    get_noise_multiplier (accounting.py), Opacus's vocabulary.

    Example:
        >>> r = leakproof.account(noise_multiplier=1.1, sampling_rate=0.00512,
        ...                       steps=3906, delta=1e-5)
        >>> float(r.epsilon), r.epsilon.order
        (1.61576..., '...')"""
    if "sample_rate" in params:         # Opacus's word for sampling_rate: both spellings
        params = dict(params)
        params["sampling_rate"] = one_rate(params.pop("sample_rate"), params.get("sampling_rate"))
    if "batch_size" in params:          # Opacus's word for batch
        params = dict(params)
        if params.get("batch") is not None:
            raise TypeError("leakproof: give batch_size (Opacus's word) or batch, not both")
        params["batch"] = params.pop("batch_size")
    if any(isinstance(params.get(k), (list, tuple)) for k in ("delta", "delta_for_epsilon")):
        # lists: each row carries its own status (a delta the PLD cannot
        # certify, 1e-15, keeps its row with status 'uncertified' and why;
        # the certified rows stand): the record comes back, not an exception
        def run(w, p):
            try:
                return AccountResult.of(_command(w, p))
            except _run.LeakproofUncertified as exc:
                if exc.result is None or not (exc.result.get("epsilons") or exc.result.get("deltas")):
                    raise
                return AccountResult.of(exc.result)
        return _sweep.maybe_sweep(run, ["account"], params, wrap=AccountResult.of)
    return _sweep.maybe_sweep(lambda w, p: AccountResult.of(_command(w, p)),
                              ["account"], params, wrap=AccountResult.of)


def forms():
    """The registry (leakproof forms): a Result whose 'mechanisms' is a list of
    dicts, one per mechanism: its name, description, default_form, parameters
    (name, meaning, domain) and forms (form, source, expression, methods)."""
    return _run.run(["forms"])


class VerifyReport:
    """What `leakproof verify` printed: TAP text, and its lines parsed.

    passed: True when every test line is 'ok' (TODO lines are findings kept
    visible, not failures); tests: a list of (ok, description, directive);
    tap: the text; status: the program's exit status."""

    def __init__(self, status, tap):
        self.status = status
        self.tap = tap or ""
        self.tests = []
        for line in self.tap.splitlines():
            if line.startswith("ok") or line.startswith("not ok"):
                ok = line.startswith("ok")
                text, _, directive = line.partition(" # ")
                self.tests.append((ok, text, directive or None))
        self.passed = status == _run.EXIT_OK and all(
            ok or (d or "").upper().startswith("TODO") for ok, _, d in self.tests)

    def __repr__(self):
        return "VerifyReport(status=%d, tests=%d, passed=%s)" % (
            self.status, len(self.tests), self.passed)


def verify(*paths, threads=None, max_seconds=None, estimate=False):
    """Every form and method against Monte Carlo on case files (leakproof verify).

    Returns a VerifyReport; bad input (a missing or malformed file) raises
    ValueError naming file:line.  max_seconds: the work budget (--max-seconds;
    the cases' total estimate beyond it raises ValueError); estimate=True
    returns the estimate's Result (estimated_seconds) and runs nothing."""
    args = ["verify"]
    if threads is not None:
        args += ["--threads", decimal_text(threads, "threads")]
    if max_seconds is not None:
        args += ["--max-seconds", decimal_text(max_seconds, "max_seconds")]
    if estimate:
        return _run.run(args + ["--estimate", "--json"] + [decimal_text(p, "path") for p in paths])
    args += [decimal_text(p, "path") for p in paths]
    status, output, messages = _run.run_text(args)
    if not output:
        raise _run.LeakproofError("leakproof: the command printed no record" +
                                  (": " + messages.strip() if messages else ""))
    return VerifyReport(status, output)


# issue 28: the claims ledger
def claims(paper=None, id=None, logs=None, ledger=None, no_logs=False, release=None):  # noqa: A002
    """The papers' claims with their verdicts (leakproof claims): a Result whose
    'claims' is a list of dicts, one per claim: claim (its id, e.g.
    'biswas/thm-III.1'), where, claim_kind, says, verdict ('proved', 'holds',
    'partly', 'fails', 'inconclusive', 'weak', 'not run' or 'not checkable'),
    figure (the deciding TAP line), tests, reproducer, proved_on (the domain a
    proved claim is proved on) and proved_on_subdomain, the mutation check's
    mutants_killed and mutants_survived, partly, not_checkable, finding, note,
    and for a claim the numbers contradict direction (what it means for a
    defender: 'unsafe', the paper understates the leakage or the privacy loss;
    'safe', it overstates it; 'neutral', no effect on a bound), because (the ledger's
    reason), states and true (what the paper states and what is true, in a few
    words) and topic ('theory', 'experiment', 'accounting' or None); 'papers'
    and 'counts' tally the verdicts and the mutation score, and
    'verdicts_from' says where they come from ('logs', 'release' or 'none').
    paper: 'biswas', 'tan' or 'balunovic'; id: one claim; logs: the directory
    of a test run's *.log files and the mutation check's *.mut (default: the
    build tree's tests/ when the library runs uninstalled and a test has run);
    with no test run at hand, the verdicts the release shipped (the report's
    records.json beside the installed ledger, or release=PATH); no_logs=True
    reads none (every checkable claim 'not run').

        leakproof.claims(id='biswas/thm-III.1')['claims'][0]['verdict']   # 'fails'
    """
    args = ["claims"]
    for option, value in (("--paper", paper), ("--id", id), ("--logs", logs), ("--ledger", ledger),
                          ("--release", release)):
        if value is not None:
            args += [option, word(str(value) if hasattr(value, "__fspath__") else value, option)]
    if no_logs:
        args.append("--no-logs")
    return _run.run(args)
