"""DP-SGD accounting in the words Opacus users know, certified.

    acc = leakproof.RDPAccountant()
    for batch in loader:                      # Poisson sampling at rate q
        ...
        acc.step(noise_multiplier=1.1, sample_rate=256 / 50000)
    eps = acc.get_epsilon(delta=1e-5)         # an UpperBound: float(eps) rounds up

    sigma = leakproof.get_noise_multiplier(target_epsilon=2, target_delta=1e-5,
                                           sample_rate=256 / 50000, epochs=20)

Every number comes from `leakproof account` (the certified Renyi-DP
accountant of the Poisson-subsampled Gaussian, Balle et al. 2020's
conversion, the one Opacus uses).  An epsilon is a certified UPPER bound and
a noise multiplier a certified SUFFICIENT one; both are UpperBound: a Decimal
holding exactly the printed digits, whose float() rounds up so that the
double stays on the safe side.  Floats given are read by their shortest repr
(256 / 50000 is 0.00512): pass a str or Decimal for other values.
"""

import decimal

from . import _run, commands
from ._params import decimal_text, option_args, one_rate as _one_rate
from .account_result import UpperBound, AccountResult, _bound  # noqa: F401 (the package exports them from here)


def _exact(value, name):
    text = decimal_text(value, name)
    try:
        return decimal.Decimal(text)
    except decimal.InvalidOperation:
        raise ValueError("leakproof: %s must be a decimal number (got %r)" % (name, text)) from None


def _steps(sample_rate, epochs, steps):
    """T from epochs as Opacus does (int(epochs / sample_rate)), or steps."""
    if (epochs is None) == (steps is None):
        raise TypeError("leakproof: give exactly one of epochs and steps")
    if steps is not None:
        return steps
    q = _exact(sample_rate, "sample_rate")
    e = _exact(epochs, "epochs")
    if q <= 0:
        raise ValueError("leakproof: sample_rate must be > 0 (got %s)" % q)
    with decimal.localcontext() as ctx:
        ctx.prec = 100
        return int((e / q).to_integral_value(rounding=decimal.ROUND_FLOOR))


class RDPAccountant:
    """Opacus's RDPAccountant, certified: step() as training goes, then
    get_epsilon(delta) (an UpperBound from the command's own search over real
    orders; for Opacus's PrivacyEngine, which wants floats,
    leakproof.opacus.RDPAccountant).

    history: the (noise_multiplier, sample_rate, num_steps) phases,
    consecutive steps with the same parameters merged (as Opacus keeps it),
    the multiplier and rate as the decimal texts the command reads.  Assigning
    it (Opacus's get_noise_multiplier does) or load_state_dict() checks every
    entry as the command would and replaces the whole history, or raises and
    changes nothing; steps are exact integers (999.9999 and True are
    refused).  Every query runs the command on the history as it is then:
    nothing is kept that could go stale."""

    def __init__(self):
        self._history = ()

    @property
    def history(self):
        from .accountant import History
        return History(self._history)

    @history.setter
    def history(self, entries):
        from . import _accountant_state as state
        if isinstance(entries, (str, bytes)) or not hasattr(entries, "__iter__"):
            raise TypeError("leakproof: history must be a list of (noise_multiplier, sample_rate, "
                            "num_steps) (got %r)" % (entries,))
        checked = []
        for i, h in enumerate(entries):
            mech, m, q, n, sampling = state.entry(h, "history entry %d" % (i + 1))
            if sampling != "poisson":
                raise ValueError("leakproof: RDPAccountant accounts Poisson sampling (fixed "
                                 "batches: leakproof.Accountant, sampling='fixed-batch')")
            checked.append((mech, m, q, n, sampling))
        merged = state.checked(state.State("rdp", None, 6, None, None, state.merged((), checked)))
        self._history = tuple((m, q, n) for _, m, q, n, _ in merged.history)

    def step(self, *, noise_multiplier, sample_rate=None, num_steps=1, sampling_rate=None):
        """One (or num_steps) DP-SGD step(s) at this multiplier and Poisson rate.

        noise_multiplier: noise std over the clipping norm; sample_rate (Opacus's
        word; sampling_rate, account()'s and the command line's, is the same): the
        Poisson sampling rate q (Opacus: 1 / len(data_loader)).  Example:
            acc.step(noise_multiplier=1.1, sample_rate=256 / 50000)"""
        q = _one_rate(sample_rate, sampling_rate)
        self.history = list(self._history) + [(noise_multiplier, q, num_steps)]

    def __len__(self):
        return sum(n for _, _, n in self._history)

    def mechanism(self):
        """'leakproof_rdp': Opacus's name of the certified RDP accountant
        (leakproof.opacus.register() tells Opacus)."""
        from . import opacus
        return opacus.RDPAccountant().mechanism()

    def get_optimizer_hook_fn(self, sample_rate):
        """The hook Opacus attaches to its DPOptimizer: one step per optimizer step."""
        from .opacus import _exact_times

        def hook_fn(optim):
            self.step(noise_multiplier=optim.noise_multiplier,
                      sample_rate=_exact_times(sample_rate, optim.accumulated_iterations))
        return hook_fn

    def state_dict(self, destination=None):
        """{'history': [[M, q, T], ...], 'mechanism': 'leakproof_rdp'}: plain values."""
        state = {} if destination is None else destination
        state["history"] = [list(h) for h in self._history]
        state["mechanism"] = "leakproof_rdp"
        return state

    def load_state_dict(self, state_dict):
        """Restores state_dict() (or Opacus's RDPAccountant's): all or nothing."""
        if not state_dict or "history" not in state_dict:
            raise ValueError("leakproof: state_dict has no 'history'")
        self.history = state_dict["history"]

    def account(self, delta, **options):
        """The whole AccountResult of the run (options: orders, digits, ...)."""
        if not self._history:
            raise ValueError("leakproof: no step() yet")
        if len(self._history) > 1:
            # the phases composed: leakproof account --phase M,q,T ... (the sum
            # of each phase's T-step RDP at every order, then the conversion)
            return phases_account(self._history, delta=delta, **options)
        m, q, n = self._history[0]
        return commands.account(noise_multiplier=m, sampling_rate=q, steps=n, delta=delta,
                                **options)

    def get_delta(self, epsilon, **options):
        """The certified upper bound on delta at this epsilon (an UpperBound),
        the least over the orders (leakproof account --delta-for-epsilon)."""
        if not self._history:
            raise ValueError("leakproof: no step() yet")
        return phases_account(self._history, delta_for_epsilon=epsilon, **options).delta

    def get_epsilon(self, delta, **options):
        """The certified upper bound on epsilon at this delta (an UpperBound).

        Example: acc.get_epsilon(1e-5) -> UpperBound('1.61576', order='...');
        float() of it rounds up."""
        return self.account(delta, **options).epsilon

    def get_privacy_spent(self, *, delta, **options):
        """(epsilon, best order), as Opacus returns them; epsilon an UpperBound."""
        eps = self.get_epsilon(delta, **options)
        return eps, eps.order


_NOISE_ACCOUNTANTS = {"rdp": None, "pld": "pld", "prv": "pld"}
_PRV_NOTE = ("leakproof: accountant='prv' (Opacus's PRV accountant, an estimate within its error "
             "bounds) is answered by the certified PLD bracket's upper end (accountant='pld')")


def get_noise_multiplier(*, target_epsilon, target_delta, sample_rate=None, epochs=None,
                         steps=None, sampling_rate=None, accountant="rdp",
                         epsilon_tolerance=None, batch_size=None, **options):
    """The least noise multiplier (on a grid of 10^-resolution, default 3) whose
    certified epsilon is <= target_epsilon, as Opacus's get_noise_multiplier
    (steps = int(epochs / sample_rate) when epochs is given: Opacus's rule, the
    command line's --sampling-rate Q --epochs E and --steps-rule opacus; a
    DataLoader's epochs are account(batch=, dataset_size=, epochs=)).  Returns
    an UpperBound: a multiplier that certainly suffices; float() rounds up;
    its .record the command's record (epsilon_upper_bound: the certified
    upper end at the answer, at most the target).

    Opacus's names: accountant='rdp' (certified RDP, the default), 'pld' (the
    least multiplier whose certified PLD bracket's upper end, as account
    --accountant pld prints it, is at most the target: tighter than RDP's)
    or 'prv' (Opacus's PRV accountant estimates the PLD's curve: answered by
    the certified PLD, with a warning saying so); epsilon_tolerance: the
    answer's certified epsilon is sought within it below the target (the
    grid is refined, resolution up to 4, where the first answer is further
    below; it is never above the target); batch_size with dataset_size and
    epochs: q = batch_size / dataset_size (the command's --batch)."""
    import warnings
    if accountant not in _NOISE_ACCOUNTANTS:
        raise ValueError("leakproof: accountant must be 'rdp', 'pld' or 'prv' (Opacus's PRV, "
                         "answered by the certified PLD) (got %r)" % (accountant,))
    if accountant == "prv":
        warnings.warn(_PRV_NOTE, stacklevel=2)
    options = dict(options, accountant=_NOISE_ACCOUNTANTS[accountant])
    if batch_size is not None:
        if options.get("batch") is not None:
            raise TypeError("leakproof: give batch_size (Opacus's) or batch, not both")
        if sample_rate is not None or sampling_rate is not None or steps is not None:
            raise TypeError("leakproof: batch_size goes with dataset_size and epochs (q = "
                            "batch_size / dataset_size), not with sample_rate or steps")
        options["batch"] = batch_size
        r = commands.account(epsilon=target_epsilon, delta=target_delta, epochs=epochs, **options)
    else:
        sample_rate = _one_rate(sample_rate, sampling_rate)
        t = _steps(sample_rate, epochs, steps)
        r = commands.account(epsilon=target_epsilon, sampling_rate=sample_rate, steps=t,
                             delta=target_delta, **options)
    if epsilon_tolerance is not None:
        tol = _exact(epsilon_tolerance, "epsilon_tolerance")
        target = _exact(target_epsilon, "target_epsilon")
        if tol < 0:
            raise ValueError("leakproof: epsilon_tolerance must be >= 0 (got %s)" % tol)
        resolution = int(options.get("resolution") or 3)
        while (resolution < 4 and "resolution" not in options and r.noise_multiplier is not None
               and r.get("epsilon_upper_bound") is not None
               and target - decimal.Decimal(r["epsilon_upper_bound"]) > tol):
            resolution += 1
            again = dict(options, resolution=resolution)
            if batch_size is not None:
                r = commands.account(epsilon=target_epsilon, delta=target_delta, epochs=epochs,
                                     **again)
            else:
                r = commands.account(epsilon=target_epsilon, sampling_rate=sample_rate, steps=t,
                                     delta=target_delta, **again)
    return r.noise_multiplier


# ---- the certified PLD accountant's bracket (leakproof account --accountant pld) ----

def _exact_or_none(text):
    return None if text is None else decimal.Decimal(text)


def pld_epsilon(noise_multiplier, sampling_rate, steps, delta, relation="both", width=None,
                digits=None, max_seconds=None, max_grid_size=None):
    """(epsilon_lower_bound, epsilon_upper_bound) of DP-SGD's run by the
    certified PLD accountant, for the worse relation (relation='both') or one
    ('add', 'remove'); None for an upper bound not reached.  width: the
    bracket's target relative width (--width, a decimal text in [1e-5, 2],
    default 0.01; above 1 it may be wider than epsilon, its lower end 0).
    max_grid_size: the grid's cap on its points (--max-grid-size, a power of
    two in 2^16 .. 2^27, default 2^23), where a narrow width needs more."""
    r = commands.account(accountant="pld", noise_multiplier=noise_multiplier,
                sampling_rate=sampling_rate, steps=steps, delta=delta, relation=relation,
                width=width, digits=digits, max_seconds=max_seconds, max_grid_size=max_grid_size)
    return _exact_or_none(r["epsilon_lower_bound"]), _exact_or_none(r["epsilon_upper_bound"])


def pld_delta(noise_multiplier, sampling_rate, steps, epsilon, relation="both", width=None,
              digits=None, max_seconds=None, max_grid_size=None):
    """(delta_lower_bound, delta_upper_bound) of delta at `epsilon`."""
    r = commands.account(accountant="pld", noise_multiplier=noise_multiplier,
                sampling_rate=sampling_rate, steps=steps, delta_for_epsilon=epsilon,
                relation=relation, width=width, digits=digits, max_seconds=max_seconds,
                max_grid_size=max_grid_size)
    return _exact_or_none(r["delta_lower_bound"]), _exact_or_none(r["delta_upper_bound"])


# ---- phases and delta at a given epsilon (issue 20, part 6) ----

def phases_account(phases, **options):
    """The RDP accountant over a run in phases: phases is a list of
    (noise_multiplier, sampling_rate, steps); options as account's (delta or
    delta_for_epsilon, orders, digits).  leakproof account --phase M,q,T ...
    Returns an AccountResult: .epsilon (or .delta with delta_for_epsilon)."""
    args = ["account"]
    for i, ph in enumerate(phases):
        if len(ph) != 3:
            raise TypeError("leakproof: a phase is (noise_multiplier, sampling_rate, steps) "
                            "(phase %d has %d values)" % (i + 1, len(ph)))
        m, q, n = ph
        args += ["--phase", "%s,%s,%s" % (decimal_text(m, "noise_multiplier"),
                                          decimal_text(q, "sampling_rate"),
                                          decimal_text(n, "steps"))]
    return AccountResult.of(_run.run(args + option_args(options)))


def rdp_delta(noise_multiplier, sampling_rate, steps, epsilon, **options):
    """The certified upper bound on delta at `epsilon` by the RDP accountant
    (Balle et al. 2020's conversion inverted, the least over the orders), an
    UpperBound with its order.  leakproof account --delta-for-epsilon E."""
    r = commands.account(noise_multiplier=noise_multiplier, sampling_rate=sampling_rate,
                         steps=steps, delta_for_epsilon=epsilon, **options)
    return r.delta


# ---- the PLD accountant over phases of any mechanism (issue 33) ----

_PLD_EVENT_FIELDS = {"gauss": ("noise_multiplier", "sampling_rate", "steps"),
                     "vmf": ("kappa", "p", "sampling_rate", "steps"),
                     "laplace": ("laplace_scale", "sampling_rate", "steps"),
                     "rr": ("step_epsilon", "sampling_rate", "steps"),
                     "epsdelta": ("step_epsilon", "step_delta", "sampling_rate", "steps")}


def pld_events(events, delta=None, epsilon=None, relation="both", width=None, digits=None,
               max_seconds=None, sampling="poisson"):
    """The certified PLD bracket of a run in phases of any mechanism, composed
    in one bracket (leakproof account --accountant pld --phase ...).  events
    is a list of (mechanism, parameters..., sampling_rate, steps):
    ("gauss", M, q, T), ("vmf", kappa, p, q, T), ("laplace", b, q, T),
    ("rr", epsilon, q, T) or ("epsdelta", epsilon, delta, q, T).  With delta:
    (epsilon_lower_bound, epsilon_upper_bound); with epsilon: (delta_lower_bound,
    delta_upper_bound); None for an end not reached.  sampling='fixed-batch':
    one ("gauss", M, q, T) event, batches of q = m/n drawn without replacement
    under replace-one (--sampling fixed-batch; relation 'both' stands for
    replace there)."""
    if (delta is None) == (epsilon is None):
        raise TypeError("leakproof: give one of delta and epsilon")
    if sampling not in ("poisson", "fixed-batch"):
        raise ValueError("leakproof: sampling must be 'poisson' or 'fixed-batch' (got %r)"
                         % (sampling,))
    if sampling == "fixed-batch":
        if len(events) != 1 or not events[0] or events[0][0] != "gauss" or len(events[0]) != 4:
            raise TypeError("leakproof: sampling='fixed-batch' takes one ('gauss', "
                            "noise_multiplier, sampling_rate, steps) event (got %r)" % (events,))
        texts = [decimal_text(v, f) for v, f in zip(events[0][1:], _PLD_EVENT_FIELDS["gauss"])]
        r = _run.run(["account", "--accountant", "pld", "--sampling", "fixed-batch",
                      "--noise-multiplier", texts[0], "--sampling-rate", texts[1], "--steps",
                      texts[2]]
                     + option_args({"delta": delta, "delta_for_epsilon": epsilon,
                                    "relation": None if relation == "both" else relation,
                                    "width": width, "digits": digits,
                                    "max_seconds": max_seconds}))
        if delta is not None:
            return (_exact_or_none(r["epsilon_lower_bound"]),
                    _exact_or_none(r["epsilon_upper_bound"]))
        return _exact_or_none(r["delta_lower_bound"]), _exact_or_none(r["delta_upper_bound"])
    args = ["account", "--accountant", "pld"]
    for i, ev in enumerate(events):
        fields = _PLD_EVENT_FIELDS.get(ev[0] if ev else None)
        if fields is None or len(ev) != len(fields) + 1:
            raise TypeError("leakproof: event %d must be one of %s with its fields (got %r)"
                            % (i + 1, ", ".join("(%r, %s)" % (k, ", ".join(v))
                                                for k, v in _PLD_EVENT_FIELDS.items()), ev))
        texts = [decimal_text(v, f) for v, f in zip(ev[1:], fields)]
        args += ["--phase", ",".join(([] if ev[0] == "gauss" else [ev[0]]) + texts)]
    r = _run.run(args + option_args({"delta": delta, "delta_for_epsilon": epsilon,
                                     "relation": relation, "width": width, "digits": digits,
                                     "max_seconds": max_seconds}))
    if delta is not None:
        return _exact_or_none(r["epsilon_lower_bound"]), _exact_or_none(r["epsilon_upper_bound"])
    return _exact_or_none(r["delta_lower_bound"]), _exact_or_none(r["delta_upper_bound"])
