"""A privacy accountant object: compose steps one at a time, query any time,
save and restore (Opacus's words: step, get_epsilon, get_privacy_spent,
state_dict, load_state_dict, history).

    acc = leakproof.Accountant()
    acc.step(noise_multiplier=1.1, sample_rate=0.01, num_steps=500)
    acc.step(noise_multiplier=2.0, sample_rate=0.02, num_steps=500)
    acc.get_epsilon(1e-5)                      # an UpperBound, certified
    acc.get_delta(2)                           # an UpperBound, certified
    saved = acc.state_dict(); acc2 = leakproof.Accountant(); acc2.load_state_dict(saved)

It cannot be made to lie.  Its whole state (the accountant, orders, digits,
relation, width and the history) is one value: step(), assigning .history
(as Opacus's get_noise_multiplier does: accountant.history = [(sigma, q,
steps)]) or a setting, load_state_dict() and unpickling each build a new
state, checked by the command's own parser (a multiplier, rate or setting
that `leakproof account` refuses raises ValueError naming it; steps are
exact integers), and swap it in at once: a refused change, or Ctrl-C in the
middle of one, leaves the state as it was.  Every answer is a function of
the whole state and is kept under it, so a replaced history is never
answered from an old one.  .history reads as a tuple (history.append()
raises: step() or an assignment changes it).  For Opacus's PrivacyEngine,
leakproof.opacus wraps this class.

accountant="rdp" (the default).  Renyi DP composes by addition at every
order: each distinct step is certified once by `leakproof account
--per-order` over the default's 161 orders (or `orders`), the run's curve is
the sum of steps x each order's upper end, and a query converts it (Balle et
al. 2020's conversion, Opacus's; inverted for delta) with directed rounding
(_rdp_curve.py).  The least over the orders is an upper bound as certified
as the curves' balls, the command's own value over the same orders to the
printed digits (account --phase ... --delta D1,D2; no search between
orders: the single command's epsilon may be a little lower, 1.71172 against
1.71178 at M 1.1, q 0.01, T 1000, delta 1e-5).

accountant="pld": the certified PLD bracket's upper end (UpperBound; its
.record the row, with the lower end).  get_epsilon([d1, d2, ...]) and
get_delta([e1, ...]) run ONE `account --accountant pld ... --delta
d1,d2,...` (one composition per relation); every answer is kept under the
state, so asking again, or after load_state_dict() of the same state, runs
nothing.  The run goes to the command as it was composed: one phase as
--noise-multiplier, --sampling-rate, --steps; several as --phase M,q,T.

Lists: one UpperBound per value, each with its own status.  A value whose
upper end the PLD composition cannot certify (a delta below its error
bounds, 1e-15) keeps its row: UpperBound('Infinity', status='uncertified',
certified=False) with .why, the one bound that is true there; the other
rows stand.  A single value that cannot be certified raises
LeakproofUncertified.
"""

import collections
import decimal

from . import _run
from . import _accountant_state as _state
from . import _rdp_curve
from ._params import decimal_text
from .account_result import UpperBound
from .errors import LeakproofUncertified

_BALLE = "Balle et al. 2020 (Opacus)"
_PLD = "privacy loss distribution"


class History(tuple):
    """An accountant's history: a tuple of (mechanism, noise_multiplier,
    sample_rate, steps, sampling).  Read-only: step() adds to it, and
    `accountant.history = [...]` replaces it, both checked."""

    def _refuse(self, *args, **kwargs):
        raise TypeError("leakproof: an accountant's history is read-only here: call step(), or "
                        "assign accountant.history = [...] (both checked)")

    append = extend = insert = pop = remove = clear = sort = reverse = _refuse
    __setitem__ = __delitem__ = __iadd__ = _refuse

    def __eq__(self, other):
        """Equal to a list or tuple of the same entries (lists or tuples)."""
        if not isinstance(other, (list, tuple)) or len(other) != len(self):
            return False
        return all(isinstance(b, (list, tuple)) and tuple(a) == tuple(b)
                   for a, b in zip(self, other))

    def __ne__(self, other):
        return not self == other

    __hash__ = tuple.__hash__


def _kept(memo, key, value, most=4096):
    memo[key] = value
    while len(memo) > most:
        memo.popitem(last=False)


class Accountant:
    """Composes DP-SGD steps one at a time and answers get_epsilon(delta) and
    get_delta(epsilon) at any time, certified (see the module's doc).

    history: (mechanism, noise_multiplier, sample_rate, steps, sampling)
    entries, consecutive steps with the same parameters merged; mechanism
    'gaussian', sampling 'poisson' (add/remove neighbours) or 'fixed-batch'
    (fixed-size batches without replacement, replace-one neighbours).  One
    accountant holds one scheme: the two bounds are for different
    neighbouring relations, and their sum would hold for neither.  Assigning
    history takes these entries, (mechanism, M, q, steps) and Opacus's
    (noise_multiplier, sample_rate, num_steps).

    accountant='pld' (relation, width: the command's --relation, --width):
    fixed batches of one multiplier and rate as --sampling fixed-batch;
    pld_commands counts the compositions run.  state_dict() holds the
    history and the settings, never an answer."""

    MECHANISMS = _state.MECHANISMS
    SAMPLINGS = _state.SAMPLINGS

    def __init__(self, accountant="rdp", orders=None, digits=6, relation=None, width=None):
        s = _state.settings(accountant, orders, digits, relation, width)
        object.__setattr__(self, "_s", _state.checked(_state.State(history=(), **s)))
        object.__setattr__(self, "pld_commands", 0)    # PLD commands run (one composition each)
        object.__setattr__(self, "_answers", collections.OrderedDict())  # (state, kind, value) -> row
        object.__setattr__(self, "_curves", collections.OrderedDict())   # (orders, history) -> curve

    # ---- the state: read, replaced whole -----------------------------------------

    def _replace(self, **changes):
        """The state with `changes`, checked, swapped in at once."""
        new = self._s._replace(**changes)
        if "history" not in changes or len(changes) > 1:
            s = _state.settings(new.accountant, new.orders, new.digits, new.relation, new.width)
            new = new._replace(**s)
        object.__setattr__(self, "_s", _state.checked(new))

    accountant = property(lambda self: self._s.accountant,
                          lambda self, v: self._replace(accountant=v),
                          doc="'rdp' or 'pld' (assigning it re-checks the history)")
    orders = property(lambda self: None if self._s.orders is None else list(self._s.orders),
                      lambda self, v: self._replace(orders=v),
                      doc="the RDP orders (None: the default's grid of 161)")
    digits = property(lambda self: self._s.digits, lambda self, v: self._replace(digits=v),
                      doc="significant digits of the answers (1 .. 60; the PLD's at most 12)")
    relation = property(lambda self: self._s.relation, lambda self, v: self._replace(relation=v),
                        doc="the PLD's neighbouring relation (None: the command's, both)")
    width = property(lambda self: self._s.width, lambda self, v: self._replace(width=v),
                     doc="the PLD bracket's target relative width (None: 0.01)")

    @property
    def history(self):
        return History(self._s.history)

    @history.setter
    def history(self, entries):
        if isinstance(entries, (str, bytes)) or not hasattr(entries, "__iter__"):
            raise TypeError("leakproof: history must be a list of entries (got %r)" % (entries,))
        entries = [_state.entry(h, "history entry %d" % (i + 1)) for i, h in enumerate(entries)]
        self._replace(history=_state.merged((), entries))

    def __setattr__(self, name, value):
        if name.startswith("_") or name == "pld_commands" or hasattr(type(self), name):
            object.__setattr__(self, name, value)
        else:
            raise AttributeError("leakproof: %s has no setting %r (settings: accountant, orders, "
                                 "digits, relation, width, history)" % (type(self).__name__, name))

    # ---- composing -------------------------------------------------------------

    def compose(self, *, noise_multiplier, sample_rate, steps=1, sampling="poisson",
                mechanism="gaussian"):
        """Adds `steps` steps of one mechanism at this multiplier, sampling rate
        and scheme (dp_accounting's compose(event, count))."""
        h = _state.entry((mechanism, noise_multiplier, sample_rate, steps, sampling), "step")
        self._replace(history=_state.merged(self._s.history, [h]))
        return self

    def step(self, *, noise_multiplier, sample_rate, num_steps=1, sampling="poisson"):
        """One (or num_steps) DP-SGD step(s), as Opacus's accountant.step()."""
        return self.compose(noise_multiplier=noise_multiplier, sample_rate=sample_rate,
                            steps=num_steps, sampling=sampling)

    def __len__(self):
        return sum(h[3] for h in self._s.history)

    def mechanism(self):
        return self._s.accountant

    # ---- the RDP curve ------------------------------------------------------------

    def _composed(self, s, orders=None):
        """The run's curve under state s (orders: another list of orders for
        this query), built from the longest kept curve it extends."""
        orders = s.orders if orders is None else orders
        if not s.history:
            raise ValueError("leakproof: no step() yet")
        phases = tuple(h for h in s.history if not _state.zero_rate(h[2]))
        if not phases:
            return None                 # every step at q = 0: never used
        key = (orders, phases)
        if key in self._curves:
            return self._curves[key]
        curve, done = None, ()
        for (o, hist), c in reversed(self._curves.items()):
            # a kept run this one extends: the same phases, the last one longer or equal
            k = len(hist)
            if o == orders and k <= len(phases) and hist[:k - 1] == phases[:k - 1] \
                    and hist[k - 1][:3] + hist[k - 1][4:] == phases[k - 1][:3] + phases[k - 1][4:] \
                    and hist[k - 1][3] <= phases[k - 1][3]:
                curve, done = c, hist
                break
        for i, (_, m, q, n, sampling) in enumerate(phases):
            if i < len(done) - 1:
                continue
            if i == len(done) - 1:
                n -= done[i][3]
                if n == 0:
                    continue
            curve = _rdp_curve.add_phase(curve, _rdp_curve.step_curve(m, q, sampling, orders), n)
        _kept(self._curves, key, curve, 8)
        return curve

    def _rdp(self, kind, text, orders=None):
        s = self._s
        curve = self._composed(s, orders)
        if curve is None:
            return UpperBound("0", order=None, conversion=_BALLE, status="ok", certified=True)
        value, order = (_rdp_curve.epsilon if kind == "delta" else _rdp_curve.delta)(
            curve, text, s.digits)
        if value is None:
            raise LeakproofUncertified("leakproof: no order of the RDP curve is certified for "
                                       "this run (every order failed); other orders may be")
        return UpperBound(value, order=order, conversion=_BALLE, status="ok", certified=True)

    # ---- queries -----------------------------------------------------------------

    @staticmethod
    def _delta_text(delta):
        t = decimal_text(delta, "delta")
        try:
            d = decimal.Decimal(t)
        except decimal.InvalidOperation:
            raise ValueError("leakproof: delta must be a decimal number (got %r)" % t) from None
        if not 0 < d < 1:
            raise ValueError("leakproof: delta must be in (0, 1) (got %s)" % d)
        return t

    @staticmethod
    def _epsilon_text(epsilon):
        t = decimal_text(epsilon, "epsilon")
        try:
            ok = decimal.Decimal(t) >= 0
        except decimal.InvalidOperation:
            ok = False
        if not ok:
            raise ValueError("leakproof: epsilon must be a decimal number >= 0 (got %s)" % t)
        return t

    def _query(self, kind, values, orders=None):
        many = isinstance(values, (list, tuple))
        texts = [(self._delta_text if kind == "delta" else self._epsilon_text)(v)
                 for v in (values if many else [values])]
        if self._s.accountant == "pld":
            out = self._pld(kind, texts, many)
        else:
            out = [self._rdp(kind, t, orders) for t in texts]
        return out if many else out[0]

    def get_epsilon(self, delta):
        """The certified upper bound on epsilon at `delta` (an UpperBound with
        its order): the least over the orders of Balle et al. 2020's conversion
        of the kept curve, rounded up; under PLD the bracket's upper end.  A
        list or tuple of deltas gives a list (one composition under PLD)."""
        return self._query("delta", delta)

    def get_delta(self, epsilon):
        """The certified upper bound on delta at `epsilon` (an UpperBound): the
        least over the orders of Balle et al.'s conversion inverted, clamped at
        1; under PLD the bracket's upper end.  A list or tuple of epsilons gives
        a list (one composition under PLD)."""
        return self._query("epsilon", epsilon)

    def get_privacy_spent(self, *, delta):
        """(epsilon, best order), as Opacus returns them."""
        eps = self.get_epsilon(delta)
        return eps, eps.order

    def _pld(self, kind, texts, many):
        """Upper ends of the PLD brackets at `texts` (kind 'delta': epsilon at
        each delta; 'epsilon': delta at each epsilon): the values not yet
        answered under this state in ONE command, every answer kept."""
        s = self._s
        if not s.history:
            raise ValueError("leakproof: no step() yet")
        run = _state.pld_run_args(s.history)
        if run is None:                 # never used: (0, 0)
            return [UpperBound("0", order=None, conversion=_PLD, status="ok", certified=True)
                    for _ in texts]
        todo = [t for t in dict.fromkeys(texts) if (s, kind, t) not in self._answers]
        if todo:
            # a comma makes the command's list mode (one row per value): one value is sent twice
            values = ",".join(todo + (todo[:1] if len(todo) == 1 else []))
            args = ["account", "--accountant", "pld"] + run
            args += ["--delta" if kind == "delta" else "--delta-for-epsilon", values]
            args += ["--digits", str(min(s.digits, 12))]        # the PLD's digits: 1 .. 12
            if s.relation is not None:
                args += ["--relation", s.relation]
            if s.width is not None:
                args += ["--width", s.width]
            try:
                rec = _run.run(args)
            except LeakproofUncertified as exc:     # some row's upper end not reached
                if exc.result is None:
                    raise
                rec = exc.result
            rows = rec["epsilons" if kind == "delta" else "deltas"]
            object.__setattr__(self, "pld_commands", self.pld_commands + 1)
            for t, row in zip(todo, rows):
                _kept(self._answers, (s, kind, t), row)
        out = []
        for t in texts:
            row = self._answers[(s, kind, t)]
            hi = row["epsilon_upper_bound" if kind == "delta" else "delta_upper_bound"]
            if hi is None:
                why = row.get("why", "not certified")
                if not many:
                    raise LeakproofUncertified("leakproof: the PLD bracket reached no upper bound "
                                               "at %s = %s (%s)" % (kind, t, why))
                b = UpperBound("Infinity" if kind == "delta" else "1", order=None,
                               conversion=_PLD, status="uncertified", certified=False, record=row)
                b.why = why
                out.append(b)
                continue
            out.append(UpperBound(str(hi), order=None, conversion=_PLD, status="ok",
                                  certified=bool(row.get("certified")), record=row))
        return out

    # ---- state -------------------------------------------------------------------

    def state_dict(self, destination=None):
        """The accountant's state (Opacus's word): its history and settings, as
        plain values (JSON and pickle).  No answer is saved: each is recomputed
        from the history (a bound comes from a certified run, never from a
        file)."""
        state = collections.OrderedDict() if destination is None else destination
        s = self._s
        state["accountant"] = s.accountant
        state["orders"] = None if s.orders is None else list(s.orders)
        state["digits"] = s.digits
        state["relation"] = s.relation
        state["width"] = s.width
        state["history"] = [list(h) for h in s.history]
        return state

    def load_state_dict(self, state_dict):
        """Restores a state_dict() (ours, or the {'history', 'mechanism'} of
        Opacus's accountants): all of it or, if any part is refused
        (ValueError), none of it."""
        object.__setattr__(self, "_s", _state.from_state_dict(state_dict, self._s))

    def __getstate__(self):
        return {"state_dict": dict(self.state_dict())}

    def __setstate__(self, saved):
        Accountant.__init__(self)
        self.load_state_dict(saved["state_dict"])

    def __repr__(self):
        return "%s(accountant=%r, steps=%d, phases=%d)" % (
            type(self).__name__, self._s.accountant, len(self), len(self._s.history))
