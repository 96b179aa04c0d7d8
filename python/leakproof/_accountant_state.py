"""The Accountant's state, checked at the door.

Every way into an Accountant's state (the constructor, step(), assigning
.history or a setting, load_state_dict(), unpickling) builds a whole new
State here and the Accountant swaps it in with one assignment: a state that
the command line would refuse raises before anything changes, and an
interrupt (KeyboardInterrupt) at any point leaves the old state whole.

A step's multiplier and rate are checked by the command itself (`account
... --estimate`, which parses every option and computes nothing; about half
a millisecond, once per distinct step: the accepted ones are kept), so the
accountant holds exactly what `leakproof account` would take.  Steps are
exact integers: 999.9999, 2.9 and True are refused, 1000.0 and Decimal(7)
are 1000 and 7.
"""

import collections
import collections.abc
import decimal
import fractions
import numbers
import threading

from . import _run
from ._params import decimal_text

ACCOUNTANTS = ("rdp", "pld")
MECHANISMS = ("gaussian",)
SAMPLINGS = ("poisson", "fixed-batch")
RELATIONS = ("add", "remove", "both", "replace")
STEPS_MAX = 2 ** 63 - 1         # the command reads steps as a 64-bit integer
DIGITS_MAX = 60                 # account --digits 1 .. 60

State = collections.namedtuple("State", "accountant orders digits relation width history")
State.__doc__ = """The whole state an answer depends on: the accountant ('rdp' or
'pld'), orders (None or a tuple of order texts), digits, relation and width
(the PLD's), and history, a tuple of (mechanism, noise_multiplier,
sample_rate, steps, sampling) with the multiplier and rate as the decimal
texts the command reads."""

_accepted = set()               # (accountant, M, q, sampling, orders, width) the command took
_accepted_lock = threading.Lock()


def exact_steps(value, name="num_steps"):
    """A count of steps as an int >= 1: an integer, or a str, Decimal,
    Fraction or float whose value is one exactly."""
    if isinstance(value, bool):
        raise TypeError("leakproof: %s must be an integer, not a bool (got %r)" % (name, value))
    if isinstance(value, numbers.Integral):
        n = int(value)
    elif isinstance(value, str):
        if not (value.isascii() and value.isdigit()):
            raise ValueError("leakproof: %s must be a whole number (got %r)"
                             % (name, value))
        n = int(value)
    elif isinstance(value, (decimal.Decimal, fractions.Fraction, float)):
        try:
            exact = fractions.Fraction(value)
        except (ValueError, OverflowError):
            raise ValueError("leakproof: %s must be a whole number (got %r)"
                             % (name, value)) from None
        if exact.denominator != 1:
            raise ValueError("leakproof: %s must be a whole number (got %r: the command "
                             "counts whole steps and would not round it)" % (name, value))
        n = exact.numerator
    else:
        raise TypeError("leakproof: %s must be an integer (got %s)" % (name, type(value).__name__))
    if not 1 <= n <= STEPS_MAX:
        raise ValueError("leakproof: %s must be an integer from 1 to %d (got %d)"
                         % (name, STEPS_MAX, n))
    return n


def exact_digits(value):
    try:
        n = exact_steps(value, "digits")
    except ValueError:
        n = 0
    if not 1 <= n <= DIGITS_MAX:
        raise ValueError("leakproof: digits must be an integer from 1 to %d (got %r)"
                         % (DIGITS_MAX, value))
    return n


def zero_rate(q):
    """q (a decimal or N/D text the command took) is exactly 0."""
    try:
        return fractions.Fraction(q) == 0
    except (ValueError, ZeroDivisionError):
        return False


def _check_with_command(args, key):
    """Runs `account ARGS --estimate`: the command's own parser says whether
    it takes them (ValueError with its message if not)."""
    with _accepted_lock:
        if key in _accepted:
            return
    _run.run(["account"] + args + ["--estimate", "--json"])
    with _accepted_lock:
        if len(_accepted) > 65536:
            _accepted.clear()
        _accepted.add(key)


def _check_step(accountant, m, q, sampling, orders, width):
    args = ["--noise-multiplier", m, "--sampling-rate", q, "--steps", "1", "--delta", "0.5"]
    if accountant == "pld" and not zero_rate(q):
        args = ["--accountant", "pld"] + args + (["--width", width] if width else [])
        if sampling == "fixed-batch":
            args += ["--sampling", "fixed-batch"]
    else:
        if sampling == "fixed-batch":
            args += ["--sampling", "fixed-batch"]
        if orders:
            args += ["--orders", ",".join(orders)]
    _check_with_command(args, (accountant, m, q, sampling, orders, width))


def entry(h, where="history"):
    """One history entry as (mechanism, M, q, steps, sampling): ours,
    (mechanism, M, q, steps) (Poisson), or Opacus's (noise_multiplier,
    sample_rate, num_steps)."""
    if not isinstance(h, (list, tuple)) or len(h) not in (3, 4, 5) \
            or (len(h) > 3 and not isinstance(h[0], str)):
        raise ValueError("leakproof: %s: an entry is (mechanism, noise_multiplier, sample_rate, "
                         "steps[, sampling]) or Opacus's (noise_multiplier, sample_rate, "
                         "num_steps), got %r" % (where, h))
    if len(h) == 3:
        h = ("gaussian",) + tuple(h) + ("poisson",)
    elif len(h) == 4:
        h = tuple(h) + ("poisson",)
    mech, m, q, n, sampling = h
    if mech not in MECHANISMS:
        raise ValueError("leakproof: %s: mechanism must be one of %s (got %r)"
                         % (where, ", ".join(MECHANISMS), mech))
    if sampling not in SAMPLINGS:
        raise ValueError("leakproof: %s: sampling must be 'poisson' or 'fixed-batch' (got %r)"
                         % (where, sampling))
    return (mech, decimal_text(m, "noise_multiplier"), decimal_text(q, "sample_rate"),
            exact_steps(n, "steps (%s)" % where), sampling)


def merged(history, new):
    """history (a tuple) with the entries `new` appended, consecutive
    entries of the same step merged (as Opacus keeps its history)."""
    out = list(history)
    for h in new:
        if out and out[-1][:3] == h[:3] and out[-1][4] == h[4]:
            last = out[-1]
            out[-1] = (last[0], last[1], last[2], last[3] + h[3], last[4])
            if out[-1][3] > STEPS_MAX:
                raise ValueError("leakproof: more than %d steps of one phase" % STEPS_MAX)
        else:
            out.append(h)
    return tuple(out)


def checked(state):
    """`state` if the command would account it, else ValueError (TypeError
    for a wrong type); nothing else is touched."""
    if state.accountant not in ACCOUNTANTS:
        raise ValueError("leakproof: accountant must be 'rdp' or 'pld' (got %r)"
                         % (state.accountant,))
    if state.relation is not None and state.relation not in RELATIONS:
        raise ValueError("leakproof: relation must be one of %s (got %r)"
                         % (", ".join(RELATIONS), state.relation))
    if state.history:
        schemes = {h[4] for h in state.history}
        if len(schemes) > 1:
            raise ValueError("leakproof: this history mixes Poisson and fixed-batch steps: the "
                             "two bounds are for different neighbouring relations (add/remove "
                             "and replace-one), and their sum holds for neither: use two "
                             "Accountants")
    for _, m, q, _, sampling in state.history:
        _check_step(state.accountant, m, q, sampling, state.orders, state.width)
    if state.orders is not None and not state.history:
        _check_step(state.accountant, "1", "0.5", "poisson", state.orders, None)
    if state.width is not None:
        _check_step("pld", "1", "0.5", "poisson", None, state.width)
    if state.accountant == "pld":
        pld_run_args(state.history)     # the run's shape the PLD command takes, or ValueError
    return state


def pld_run_args(history):
    """The run as `account --accountant pld` takes it: one phase as
    --noise-multiplier, --sampling-rate, --steps; several as repeated --phase
    M,q,T (phases at q = 0 left out: they never use the example); fixed
    batches as one run of one multiplier and rate.  None: no step uses the
    example (every rate 0) or no step yet.  ValueError for a run the PLD
    command does not compose."""
    phases = [h for h in history if not zero_rate(h[2])]
    if not phases:
        return None
    if phases[0][4] == "fixed-batch":
        if len({(h[1], h[2]) for h in phases}) > 1:
            raise ValueError("leakproof: accountant='pld' takes fixed batches of one "
                             "multiplier and rate (one run); phases of fixed batches: "
                             "accountant='rdp'")
        _, m, q, _, _ = phases[0]
        return ["--noise-multiplier", m, "--sampling-rate", q, "--steps",
                str(sum(h[3] for h in phases)), "--sampling", "fixed-batch"]
    if len(phases) == 1:
        _, m, q, n, _ = phases[0]
        return ["--noise-multiplier", m, "--sampling-rate", q, "--steps", str(n)]
    args = []
    for _, m, q, n, _ in phases:
        if fractions.Fraction(q) >= 1:
            raise ValueError("leakproof: accountant='pld' composes phases at sampling rates "
                             "below 1 (a phase at q = %s: the full batch is one run alone, or "
                             "accountant='rdp')" % q)
        args += ["--phase", "%s,%s,%d" % (m, q, n)]
    return args


def settings(accountant="rdp", orders=None, digits=6, relation=None, width=None):
    """The settings part of a State, each converted and typed (not yet checked
    against the command: checked() does that with the history)."""
    if orders is not None:
        if isinstance(orders, (str, bytes)) or not isinstance(orders, collections.abc.Iterable):
            raise TypeError("leakproof: orders must be a list of orders (got %r)" % (orders,))
        orders = tuple(decimal_text(a, "orders") for a in orders)
        if not orders:
            raise ValueError("leakproof: orders must hold at least one order")
    if width is not None:
        width = decimal_text(width, "width")
    if relation is not None and not isinstance(relation, str):
        raise TypeError("leakproof: relation must be a str (got %r)" % (relation,))
    if not isinstance(accountant, str):
        raise TypeError("leakproof: accountant must be a str (got %r)" % (accountant,))
    return dict(accountant=accountant, orders=orders, digits=exact_digits(digits),
                relation=relation, width=width)


STATE_KEYS = ("accountant", "orders", "digits", "relation", "width", "history", "mechanism")


def from_state_dict(state_dict, defaults):
    """A checked State from a state_dict (ours, or Opacus's {'history',
    'mechanism'}), settings absent from it taken from `defaults` (a State).
    ValueError for anything the accountant would not hold."""
    if not isinstance(state_dict, collections.abc.Mapping) or not state_dict:
        raise ValueError("leakproof: state_dict must be a non-empty mapping (got %r)"
                         % (state_dict,))
    unknown = sorted(str(k) for k in state_dict if k not in STATE_KEYS)
    if unknown:
        raise ValueError("leakproof: state_dict: unknown key%s %s (known: %s)"
                         % ("s" if len(unknown) > 1 else "", ", ".join(unknown),
                            ", ".join(STATE_KEYS)))
    if "history" not in state_dict:
        raise ValueError("leakproof: state_dict has no 'history'")
    history = state_dict["history"]
    if isinstance(history, (str, bytes)) or not isinstance(history, collections.abc.Iterable):
        raise ValueError("leakproof: state_dict: history must be a list of entries (got %r)"
                         % (history,))
    s = settings(**{k: state_dict.get(k, getattr(defaults, k))
                    for k in ("accountant", "orders", "digits", "relation", "width")})
    entries = [entry(h, "state_dict history entry %d" % (i + 1)) for i, h in enumerate(history)]
    return checked(State(history=merged((), entries), **s))
