"""dp_accounting's DpEvents in, the certified PLD bracket out (issue 41).

    import dp_accounting
    event = dp_accounting.SelfComposedDpEvent(
        dp_accounting.PoissonSampledDpEvent(0.01, dp_accounting.GaussianDpEvent(1.1)), 1000)
    lo, hi = leakproof.account_event(event, delta=1e-5)    # epsilon's certified bracket
    leakproof.account_event(event.to_named_tuple(), epsilon=2)   # delta's, from the tuple

An event is read by its class name and field names (dp_accounting's own
objects, or their to_named_tuple() form: no import of dp_accounting): the
events become phases of `leakproof account --accountant pld` (pld_events):

  GaussianDpEvent(noise_multiplier)          the Gaussian, l2 sensitivity 1
  LaplaceDpEvent(noise_multiplier)           Laplace of scale b = it, l1 sensitivity 1
  RandomizedResponseDpEvent(p, k)            pure epsilon-DP, epsilon = ln(1 + k (1-p)/p):
                                             binary randomized response at that epsilon, exact
                                             for k = 2 and dominating for k > 2 (the lower end
                                             is then None: it would be the dominating pair's)
  EpsilonDeltaDpEvent(epsilon, delta)        the (epsilon, delta) dominating pair (Kairouz et al.)
  PoissonSampledDpEvent(q, event)            the event's phase at sampling rate q (nested: the
                                             product of the rates)
  SampledWithoutReplacementDpEvent(n, m, G)  fixed batches of m of n, replace-one (one Gaussian run)
  SelfComposedDpEvent(event, count)          count times; ComposedDpEvent(events) each in turn
  NoOpDpEvent                                nothing; NonPrivateDpEvent: epsilon +infinity, delta 1

Anything else (sampling with replacement, discrete mechanisms, tree
aggregation, a composition inside one Poisson sample, UnsupportedDpEvent)
raises ValueError naming it, as do runs the PLD accountant does not compose
(the full batch, q = 1, beside other phases; fixed batches beside Poisson
ones).  The numbers are read as the event holds them (a float by its shortest
repr, as every parameter of leakproof).  Returns a Bracket: a (lower, upper)
tuple of Decimals (None for an end not certified) with .record, the command's
record, and .phases, the phases it ran.

dp_event_of(accountant_or_history) goes the other way: a leakproof
Accountant's history as a ComposedDpEvent (dp_accounting's objects where it is
importable, else their to_named_tuple() form), so that an accountant's run
can be handed to dp_accounting's accountants and back.
"""

import collections
import decimal
import fractions

from . import _run
from ._params import decimal_text, option_args

_UP = decimal.Context(prec=30, rounding=decimal.ROUND_CEILING)
_DOWN = decimal.Context(prec=30, rounding=decimal.ROUND_FLOOR)
_WIDEN = decimal.Decimal("1e-27")


class Bracket(tuple):
    """(lower, upper): a certified bracket (Decimals; None for an end not
    certified), with .record (the command's Result), .phases (the --phase
    texts run) and .note (why an end is None, or how the event was read)."""

    def __new__(cls, lower, upper, record=None, phases=(), note=None):
        self = super().__new__(cls, (lower, upper))
        self.record, self.phases, self.note = record, tuple(phases), note
        return self

    lower = property(lambda self: self[0])
    upper = property(lambda self: self[1])

    def __repr__(self):
        return "Bracket(%r, %r)" % (self[0], self[1])


def _name(event):
    fields = getattr(event, "_fields", None)
    if fields is not None and "class_name" in fields:
        name = event.class_name
        return name.decode() if isinstance(name, bytes) else name
    return type(event).__name__


def _field(event, name):
    try:
        return getattr(event, name)
    except AttributeError:
        raise ValueError("leakproof: %s has no field %r" % (_name(event), name)) from None


def _count(value, what):
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError("leakproof: %s must be an integer >= 0 (got %r)" % (what, value))
    return value


def _product(a, b):
    """a x b of two rate texts, exactly (decimals or N/D)."""
    x = fractions.Fraction(a) * fractions.Fraction(b)
    text = decimal_text(x, "sampling_probability") if _terminates(x) else None
    return text if text is not None else "%d/%d" % (x.numerator, x.denominator)


def _terminates(x):
    d = x.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


def _rr_epsilon(p, k):
    """ln(1 + k (1 - p) / p) rounded up and down (Decimal texts)."""
    p = decimal.Decimal(decimal_text(p, "noise_parameter"))
    x_up = _UP.add(1, _UP.divide(_UP.multiply(k, 1 - p), p))
    x_dn = _DOWN.add(1, _DOWN.divide(_DOWN.multiply(k, 1 - p), p))
    up, dn = x_up.ln(_UP), x_dn.ln(_DOWN)
    up = _UP.add(up, _UP.multiply(abs(up), _WIDEN))
    dn = _DOWN.subtract(dn, _UP.multiply(abs(dn), _WIDEN))
    return str(up), str(max(dn, decimal.Decimal(0)))


Phase = collections.namedtuple("Phase", "kind params q steps up_only")


class _Reader:
    def __init__(self):
        self.phases = []        # Phase
        self.non_private = False
        self.fixed = None       # (M, "m/n", steps) of fixed batches

    def read(self, ev, count=1, q=None):
        name = _name(ev)
        if count == 0 or name == "NoOpDpEvent":
            return
        if name == "NonPrivateDpEvent":
            self.non_private = True
        elif name == "SelfComposedDpEvent":
            self.read(_field(ev, "event"), count * _count(_field(ev, "count"), "count"), q)
        elif name == "ComposedDpEvent":
            for e in _field(ev, "events"):
                self.read(e, count, q)
        elif name == "PoissonSampledDpEvent":
            rate = decimal_text(_field(ev, "sampling_probability"), "sampling_probability")
            inner = _field(ev, "event")
            if _name(inner) not in ("GaussianDpEvent", "LaplaceDpEvent", "EpsilonDeltaDpEvent",
                                    "RandomizedResponseDpEvent", "NoOpDpEvent",
                                    "PoissonSampledDpEvent"):
                raise ValueError("leakproof: a PoissonSampledDpEvent of a %s: one Poisson sample "
                                 "feeding a composition is not a run of independently sampled "
                                 "steps (sample each step: SelfComposedDpEvent(PoissonSampled"
                                 "DpEvent(q, event), count))" % _name(inner))
            self.read(inner, count, rate if q is None else _product(q, rate))
        elif name == "SampledWithoutReplacementDpEvent":
            n = _count(_field(ev, "source_dataset_size"), "source_dataset_size")
            m = _count(_field(ev, "sample_size"), "sample_size")
            inner = _field(ev, "event")
            if q is not None or _name(inner) != "GaussianDpEvent" or not 0 < m <= n:
                raise ValueError("leakproof: SampledWithoutReplacementDpEvent is accounted for a "
                                 "GaussianDpEvent drawn from the whole dataset, 0 < sample_size <= "
                                 "source_dataset_size (got %s of %s of %s)" % (_name(inner), m, n))
            mult = decimal_text(_field(inner, "noise_multiplier"), "noise_multiplier")
            if self.fixed and self.fixed[:2] != (mult, "%d/%d" % (m, n)):
                raise ValueError("leakproof: fixed batches of one multiplier and batch size only "
                                 "(one run: --sampling fixed-batch)")
            self.fixed = (mult, "%d/%d" % (m, n), (self.fixed[2] if self.fixed else 0) + count)
        elif name == "GaussianDpEvent":
            mult = decimal_text(_field(ev, "noise_multiplier"), "noise_multiplier")
            if decimal.Decimal(mult) == 0:
                self.non_private = True
            else:
                self._phase("gauss", (mult,), q, count)
        elif name == "LaplaceDpEvent":
            b = decimal_text(_field(ev, "noise_multiplier"), "noise_multiplier")
            if decimal.Decimal(b) == 0:
                self.non_private = True
            else:
                self._phase("laplace", (b,), q, count)
        elif name == "RandomizedResponseDpEvent":
            p = _field(ev, "noise_parameter")
            k = _count(_field(ev, "num_buckets"), "num_buckets")
            pd = decimal.Decimal(decimal_text(p, "noise_parameter"))
            if not 0 <= pd <= 1 or k < 1:
                raise ValueError("leakproof: RandomizedResponseDpEvent: noise_parameter in [0, 1] "
                                 "and num_buckets >= 1 (got %r, %r)" % (p, k))
            if k == 1 or pd == 1:
                return                   # the output says nothing of the input
            if pd == 0:
                self.non_private = True
                return
            up, down = _rr_epsilon(p, k)
            self._phase("rr", ((up, down),), q, count, up_only=k > 2)
        elif name == "EpsilonDeltaDpEvent":
            e = decimal_text(_field(ev, "epsilon"), "epsilon")
            d = decimal_text(_field(ev, "delta"), "delta")
            if decimal.Decimal(d) == 0:
                self._phase("rr", ((e, e),), q, count)
            else:
                self._phase("epsdelta", (e, d), q, count)
        else:
            raise ValueError("leakproof: %s is not accounted here (the PLD accountant composes "
                             "Gaussian, Laplace, randomized response and (epsilon, delta) steps, "
                             "Poisson-sampled or fixed batches of a Gaussian: see help("
                             "leakproof.account_event))" % name)

    def _phase(self, kind, params, q, count, up_only=False):
        if q is not None and fractions.Fraction(q) == 0:
            return                       # never sampled: never used
        self.phases.append(Phase(kind, params, q, count, up_only))


def _args(reader, end):
    """The command's arguments for the phases read, params at `end` (0 the
    upper end's, 1 the lower end's rounding)."""
    phases = reader.phases
    if reader.fixed:
        if phases:
            raise ValueError("leakproof: fixed batches (SampledWithoutReplacementDpEvent) beside "
                             "other events: the PLD accountant takes them as one run alone")
        m, q, t = reader.fixed
        return ["--noise-multiplier", m, "--sampling-rate", q, "--steps", str(t),
                "--sampling", "fixed-batch"], ["%s,%s,%d fixed-batch" % reader.fixed]
    merged = collections.OrderedDict()
    for ph in phases:
        key = (ph.kind, ph.params, ph.q)
        merged[key] = merged.get(key, 0) + ph.steps
    if not merged:
        return None, []
    full = [k for k in merged if k[2] is None or fractions.Fraction(k[2]) == 1]
    if full:
        if len(merged) == 1 and full[0][0] == "gauss":
            (kind, params, q), t = next(iter(merged.items()))
            return ["--noise-multiplier", params[0], "--sampling-rate", "1", "--steps", str(t)], \
                ["%s,1,%d" % (params[0], t)]
        raise ValueError("leakproof: an unsampled %s event beside others: the PLD accountant "
                         "composes phases at sampling rates in (0, 1); the full batch only as "
                         "one Gaussian run alone" % {"gauss": "Gaussian", "laplace": "Laplace",
                                                     "rr": "randomized response",
                                                     "epsdelta": "(epsilon, delta)"}[full[0][0]])
    if len(merged) == 1 and next(iter(merged))[0] == "gauss":
        (kind, params, q), t = next(iter(merged.items()))
        return ["--noise-multiplier", params[0], "--sampling-rate", q, "--steps", str(t)], \
            ["%s,%s,%d" % (params[0], q, t)]
    args, texts = [], []
    for (kind, params, q), t in merged.items():
        values = [p[end] if isinstance(p, tuple) else p for p in params]
        text = ",".join(([] if kind == "gauss" else [kind]) + values + [q, str(t)])
        args += ["--phase", text]
        texts.append(text)
    return args, texts


def account_event(event, delta=None, epsilon=None, relation=None, width=None, digits=None,
                  max_seconds=None):
    """The certified PLD bracket of a dp_accounting DpEvent (or its
    to_named_tuple()): epsilon's at `delta`, or delta's at `epsilon`, as a
    Bracket (lower, upper); see the module's doc for the events read."""
    if (delta is None) == (epsilon is None):
        raise TypeError("leakproof: give one of delta and epsilon")
    reader = _Reader()
    reader.read(event)
    kind = "epsilon" if delta is not None else "delta"
    if reader.non_private:
        return Bracket(None, decimal.Decimal("Infinity") if kind == "epsilon" else decimal.Decimal(1),
                       note="a NonPrivateDpEvent (or zero noise): no finite bound; the lower end "
                            "is not known")
    args, texts = _args(reader, 0)
    if args is None:
        return Bracket(decimal.Decimal(0), decimal.Decimal(0),
                       note="no event uses the data (no-ops, rate 0)")
    options = option_args({"delta": delta, "delta_for_epsilon": epsilon, "relation": relation,
                           "width": width, "digits": digits, "max_seconds": max_seconds})
    rec = _run.run(["account", "--accountant", "pld"] + args + options)
    lo_key, hi_key = ("epsilon_lower_bound", "epsilon_upper_bound") if kind == "epsilon" \
        else ("delta_lower_bound", "delta_upper_bound")
    hi = rec[hi_key]
    lo = rec[lo_key]
    note = None
    rounded = [p for p in reader.phases if any(isinstance(v, tuple) and v[0] != v[1]
                                               for v in p.params)]
    if any(p.up_only for p in reader.phases):
        lo, note = None, ("randomized response over more than 2 buckets is accounted by binary "
                          "randomized response at its epsilon, which dominates it: the upper end "
                          "holds, a lower end would be the dominating pair's")
    elif rounded:
        low_args, _ = _args(reader, 1)
        lo = _run.run(["account", "--accountant", "pld"] + low_args + options)[lo_key]
        note = "randomized response's epsilon is a logarithm: rounded up for the upper end, " \
               "down for the lower end (two compositions)"
    return Bracket(lo, hi, rec, texts, note)


# ---- the other way: an accountant's history as a DpEvent ------------------------------

_FIELDS = {"GaussianDpEvent": ("noise_multiplier",),
           "PoissonSampledDpEvent": ("sampling_probability", "event"),
           "SampledWithoutReplacementDpEvent": ("source_dataset_size", "sample_size", "event"),
           "SelfComposedDpEvent": ("event", "count"),
           "ComposedDpEvent": ("events",)}
_TUPLES = {name: collections.namedtuple("_%sNamedTupleWrapper" % name,
                                        ("module_name", "class_name") + fields)
           for name, fields in _FIELDS.items()}


def _maker():
    try:
        import dp_accounting
        return lambda name, *values: getattr(dp_accounting, name)(*values)
    except ImportError:
        return lambda name, *values: _TUPLES[name]("dp_accounting.dp_event", name, *values)


def _float(text, name):
    """text as the float an event holds, refused where the float is not the
    same number to its shortest repr (dp_accounting's fields are floats)."""
    x = float(fractions.Fraction(text))
    if fractions.Fraction(repr(x)) != fractions.Fraction(text):
        raise ValueError("leakproof: %s %s is not a float's shortest decimal: a DpEvent (floats) "
                         "would change it" % (name, text))
    return x


def dp_event_of(history, named_tuple=None):
    """The ComposedDpEvent of an Accountant (or its history): each phase
    SelfComposedDpEvent(PoissonSampledDpEvent(q, GaussianDpEvent(M)), T), or
    SampledWithoutReplacementDpEvent(n, m, ...) for fixed batches (q = m/n in
    lowest terms).  dp_accounting's objects where it imports (named_tuple=True
    for the to_named_tuple() form regardless)."""
    history = getattr(history, "history", history)
    make = _maker() if not named_tuple else \
        (lambda name, *values: _TUPLES[name]("dp_accounting.dp_event", name, *values))
    events = []
    for mech, m, q, t, sampling in history:
        gauss = make("GaussianDpEvent", _float(m, "noise_multiplier"))
        if sampling == "fixed-batch":
            f = fractions.Fraction(q)
            step = make("SampledWithoutReplacementDpEvent", f.denominator, f.numerator, gauss)
        else:
            step = make("PoissonSampledDpEvent", _float(q, "sample_rate"), gauss)
        events.append(make("SelfComposedDpEvent", step, int(t)))
    return make("ComposedDpEvent", events)
