"""A privacy accountant object: compose steps one at a time, query any time,
save and restore (Opacus's words: step, get_epsilon, get_privacy_spent,
state_dict, load_state_dict, history).

    acc = leakproof.Accountant()
    acc.step(noise_multiplier=1.1, sample_rate=0.01, num_steps=500)
    acc.step(noise_multiplier=2.0, sample_rate=0.02, num_steps=500,
             sampling="fixed-batch")           # a second phase, fixed batches
    acc.get_epsilon(1e-5)                      # an UpperBound, certified
    acc.get_delta(2)                           # an UpperBound, certified
    saved = acc.state_dict(); acc2 = leakproof.Accountant(); acc2.load_state_dict(saved)

How a query avoids recomposing (accountant="rdp", the default).  Renyi DP
composes by addition at every order, so the run's curve is a sum of phases'
curves.  Each distinct step (mechanism, noise multiplier, sampling rate,
sampling scheme) is certified ONCE by `leakproof account --per-order` at
--steps 1 (20 digits) over a fixed list of orders (the default's grid of 161 orders, or
`orders`), each order's ball read as its upper end (value + |value| x
rel_error_bound, doubled for safety); the composed curve is the sum of
steps x those upper ends in decimal arithmetic rounded toward +infinity,
kept, and a new step() only adds its phase.  A query converts the kept curve
(Balle et al. 2020's conversion, Opacus's; inverted for delta) at every order
with directed rounding: sums, products and quotients rounded up or down as the
bound needs, each log and exp (correctly rounded by Python's decimal at 60
digits) widened by 1e-57 of itself.  The least over the orders is an upper
bound as certified as the curve's balls, and it is the command's own value
over the same orders to the printed digits (tests/test_accountant.py checks
it against `account --phase ... --delta D1,D2`).  Over the grid there is no
search between orders: the single command's epsilon may be a little lower
(1.71172 against 1.71178 at M 1.1, q 0.01, T 1000, delta 1e-5).

accountant="pld": the certified PLD bracket's upper end (UpperBound; its
.record the row, with the lower end).  The composed PLD lives inside one
command, so a query composes the run once and answers every value asked with
it: get_epsilon([d1, d2, ...]) and get_delta([e1, e2, ...]) take lists and
run ONE `account --accountant pld ... --delta d1,d2,...` (one composition per
relation, a certified bracket per value); every answer is kept per history,
so asking again, or asking after load_state_dict() of the same history, runs
nothing.  A new step() changes the history: its queries compose anew.  The
run goes to the command as it was composed: one phase as --noise-multiplier,
--sampling-rate, --steps; several as repeated --phase M,q,T (the command
decides what the PLD accountant composes: today one Poisson Gaussian phase,
otherwise its message is raised as ValueError).

Lists under RDP: get_epsilon([...]) and get_delta([...]) convert the kept
curve at each value (lists of UpperBound).
"""

import decimal
import fractions

from . import _run
from ._params import decimal_text, option_args
from .account_result import UpperBound
from .errors import LeakproofUncertified

_PREC = 60
_UP = decimal.Context(prec=_PREC, rounding=decimal.ROUND_CEILING)
_DOWN = decimal.Context(prec=_PREC, rounding=decimal.ROUND_FLOOR)
_WIDEN = decimal.Decimal("1e-57")       # a log's or exp's error at 60 digits, with room


def _ln_up(x):
    v = x.ln(_UP)
    return _UP.add(v, _UP.multiply(abs(v), _WIDEN) + decimal.Decimal("1e-300"))


def _ln_down(x):
    v = x.ln(_DOWN)
    return _DOWN.subtract(v, _UP.multiply(abs(v), _WIDEN) + decimal.Decimal("1e-300"))


def _exp_up(x):
    v = x.exp(_UP)
    return _UP.add(v, _UP.multiply(v, _WIDEN))


def _zero_rate(q):
    """q (a decimal or N/D text) is exactly 0; a text the command would refuse
    is left for the command to name."""
    try:
        return fractions.Fraction(q) == 0
    except (ValueError, ZeroDivisionError):
        return False


def _round_up(x, digits):
    """x rounded up to `digits` significant digits, as text."""
    if x == 0:
        return "0"
    ctx = decimal.Context(prec=digits, rounding=decimal.ROUND_CEILING)
    return str(ctx.plus(x)).replace("E", "e")


class Accountant:
    """Composes DP-SGD steps one at a time and answers get_epsilon(delta) and
    get_delta(epsilon) at any time, certified (see the module's doc).

    history: a list of (mechanism, noise_multiplier, sample_rate, steps,
    sampling), consecutive steps with the same parameters merged; mechanism
    'gaussian', sampling 'poisson' (add/remove neighbours) or 'fixed-batch'
    (fixed-size batches without replacement, replace-one neighbours).  One
    accountant holds one scheme: the two bounds are for different neighbouring
    relations, and their sum would hold for neither, so a step of the other
    scheme is refused.

    accountant='pld' (relation, width: the command's --relation, --width):
    fixed batches of one multiplier and rate as --sampling fixed-batch (the
    tight pair of sampling without replacement, replace-one);
    get_epsilon and get_delta take one value or a list; a list is one
    composition; answers are kept per (history, relation, width, digits);
    pld_commands counts the compositions run.  state_dict() holds the
    history and these settings, never an answer."""

    MECHANISMS = ("gaussian",)
    SAMPLINGS = ("poisson", "fixed-batch")

    def __init__(self, accountant="rdp", orders=None, digits=6, relation=None, width=None):
        if accountant not in ("rdp", "pld"):
            raise ValueError("leakproof: accountant must be 'rdp' or 'pld' (got %r)" % (accountant,))
        self.accountant = accountant
        self.orders = orders
        self.digits = int(digits)
        self.relation = relation        # pld: 'add', 'remove', 'both' or 'replace' (None: the command's, both)
        self.width = width              # pld: the bracket's target relative width (None: 0.01)
        self.history = []
        self.pld_commands = 0           # the PLD commands run (each one composition per relation)
        self._pld_answers = {}          # (history, kind, value) -> the row of the command's list
        self._reset_cache()

    def _reset_cache(self):
        self._steps_curve = {}          # (M, q, sampling) -> [(order, Decimal upper bound)]
        self._curve = None              # the composed curve: [(order, Decimal upper bound)]
        self._pending = []              # (key, steps) not yet added to _curve

    # ---- composing -------------------------------------------------------------

    def compose(self, *, noise_multiplier, sample_rate, steps=1, sampling="poisson",
                mechanism="gaussian"):
        """Adds `steps` steps of one mechanism at this multiplier, sampling rate
        and scheme (dp_accounting's compose(event, count))."""
        if mechanism not in self.MECHANISMS:
            raise ValueError("leakproof: mechanism must be one of %s (got %r)"
                             % (", ".join(self.MECHANISMS), mechanism))
        if sampling not in self.SAMPLINGS:
            raise ValueError("leakproof: sampling must be 'poisson' or 'fixed-batch' (got %r)"
                             % (sampling,))
        if self.history and self.history[0][4] != sampling:
            raise ValueError("leakproof: this accountant's steps are %s; a %s step would mix "
                             "neighbouring relations (add/remove and replace-one): use another "
                             "Accountant" % (self.history[0][4], sampling))
        m = decimal_text(noise_multiplier, "noise_multiplier")
        q = decimal_text(sample_rate, "sample_rate")
        n = int(steps)
        if n < 1:
            raise ValueError("leakproof: steps must be >= 1 (got %d)" % n)
        if self.history and self.history[-1][:3] == (mechanism, m, q) \
                and self.history[-1][4] == sampling:
            h = self.history[-1]
            self.history[-1] = (h[0], h[1], h[2], h[3] + n, h[4])
        else:
            self.history.append((mechanism, m, q, n, sampling))
        self._pending.append(((m, q, sampling), n))
        return self

    def step(self, *, noise_multiplier, sample_rate, num_steps=1, sampling="poisson"):
        """One (or num_steps) DP-SGD step(s), as Opacus's accountant.step()."""
        return self.compose(noise_multiplier=noise_multiplier, sample_rate=sample_rate,
                            steps=num_steps, sampling=sampling)

    def __len__(self):
        return sum(h[3] for h in self.history)

    def mechanism(self):
        return self.accountant

    # ---- the curve ---------------------------------------------------------------

    def _step_curve(self, key):
        """One step's RDP at every order, each the upper end of its ball."""
        if key in self._steps_curve:
            return self._steps_curve[key]
        m, q, sampling = key
        if _zero_rate(q):
            curve = None                # never used: 0 at every order
        else:
            args = ["account", "--noise-multiplier", m, "--sampling-rate", q, "--steps", "1",
                    "--delta", "0.5,0.5", "--per-order", "--digits", "20"]
            if sampling == "fixed-batch":
                args += ["--sampling", "fixed-batch"]
            args += option_args({"orders": self.orders})
            rows = _run.run(args)["per_order"]
            curve = []
            for row in rows:
                if row["status"] != "ok" or row["rdp"] is None:
                    continue            # an order without a certified value: left out
                v = decimal.Decimal(str(row["rdp"]))
                rel = decimal.Decimal(str(row["rdp_rel_error_bound"])) * 2
                curve.append((row["order"], _UP.add(v, _UP.multiply(abs(v), rel))))
        self._steps_curve[key] = curve
        return curve

    def _composed(self):
        if not self.history:
            raise ValueError("leakproof: no step() yet")
        for key, n in self._pending:
            c = self._step_curve(key)
            if c is None:
                continue
            if self._curve is None:
                self._curve = [(a, decimal.Decimal(0)) for a, _ in c]
            have = dict(c)
            # an order the step could not certify leaves the sum: it is unbounded there
            self._curve = [(a, _UP.add(r, _UP.multiply(have[a], n))) for a, r in self._curve
                           if a in have]
        self._pending = []
        return self._curve              # None: every step had q = 0

    # ---- queries -----------------------------------------------------------------

    def get_epsilon(self, delta):
        """The certified upper bound on epsilon at `delta` (an UpperBound with
        its order): the least over the orders of Balle et al. 2020's conversion
        of the kept curve, rounded up; under PLD the bracket's upper end.  A
        list or tuple of deltas gives a list, from one composition."""
        if isinstance(delta, (list, tuple)):
            texts = [self._delta_text(d) for d in delta]
            if self.accountant == "pld":
                return self._pld("delta", texts)
            return [self._rdp_epsilon(t) for t in texts]
        t = self._delta_text(delta)
        if self.accountant == "pld":
            return self._pld("delta", [t])[0]
        return self._rdp_epsilon(t)

    @staticmethod
    def _delta_text(delta):
        t = decimal_text(delta, "delta")
        d = decimal.Decimal(t)
        if not 0 < d < 1:
            raise ValueError("leakproof: delta must be in (0, 1) (got %s)" % d)
        return t

    @staticmethod
    def _epsilon_text(epsilon):
        t = decimal_text(epsilon, "epsilon")
        if not decimal.Decimal(t) >= 0:
            raise ValueError("leakproof: epsilon must be >= 0 (got %s)" % t)
        return t

    def _rdp_epsilon(self, delta_text):
        d = decimal.Decimal(delta_text)
        curve = self._composed()
        if curve is None:
            return UpperBound("0", order=None, conversion="Balle et al. 2020 (Opacus)",
                              status="ok", certified=True)
        best = None
        ln_d = _ln_down(d)
        for order, rdp in curve:
            a = decimal.Decimal(order)
            am1 = a - 1                                         # exact: a short decimal
            term = _ln_up(_UP.divide(am1, a))                   # log((a-1)/a), up
            sub = _DOWN.divide(_DOWN.add(ln_d, _ln_down(a)), am1)   # (log d + log a)/(a-1), down
            eps = _UP.subtract(_UP.add(rdp, term), sub)
            if best is None or eps < best[0]:
                best = (eps, order)
        return UpperBound(_round_up(max(best[0], decimal.Decimal(0)), self.digits),
                          order=best[1], conversion="Balle et al. 2020 (Opacus)", status="ok",
                          certified=True)

    def get_delta(self, epsilon):
        """The certified upper bound on delta at `epsilon` (an UpperBound): the
        least over the orders of Balle et al.'s conversion inverted,
        log delta = (a-1)(R - E) + (a-1) log(1 - 1/a) - log a, clamped at 1;
        under PLD the bracket's upper end.  A list or tuple of epsilons gives a
        list, from one composition."""
        if isinstance(epsilon, (list, tuple)):
            texts = [self._epsilon_text(e) for e in epsilon]
            if self.accountant == "pld":
                return self._pld("epsilon", texts)
            return [self._rdp_delta(t) for t in texts]
        t = self._epsilon_text(epsilon)
        if self.accountant == "pld":
            return self._pld("epsilon", [t])[0]
        return self._rdp_delta(t)

    def _rdp_delta(self, epsilon_text):
        e = decimal.Decimal(epsilon_text)
        curve = self._composed()
        if curve is None:
            return UpperBound("0", order=None, conversion="Balle et al. 2020 (Opacus)",
                              status="ok", certified=True)
        best = None
        for order, rdp in curve:
            a = decimal.Decimal(order)
            am1 = a - 1
            x = _UP.multiply(am1, _UP.subtract(rdp, e))
            x = _UP.add(x, _UP.multiply(am1, _ln_up(_UP.divide(am1, a))))
            x = _UP.subtract(x, _ln_down(a))
            if best is None or x < best[0]:
                best = (x, order)
        d = _exp_up(best[0])
        return UpperBound("1" if d >= 1 else _round_up(d, self.digits), order=best[1],
                          conversion="Balle et al. 2020 (Opacus)", status="ok", certified=True)

    def get_privacy_spent(self, *, delta):
        """(epsilon, best order), as Opacus returns them."""
        eps = self.get_epsilon(delta)
        return eps, eps.order

    def _pld_run_args(self):
        """The run as the command takes it: one phase as --noise-multiplier,
        --sampling-rate, --steps; several as repeated --phase M,q,T (phases at
        q = 0 left out: they never use the example).  None: every rate 0."""
        if not self.history:
            raise ValueError("leakproof: no step() yet")
        phases = [h for h in self.history if not _zero_rate(h[2])]
        if not phases:
            return None
        if self.history[0][4] == "fixed-batch":
            # fixed batches without replacement, replace-one: one Gaussian run
            # (--sampling fixed-batch under the PLD accountant, issue 33)
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
            args += ["--phase", "%s,%s,%d" % (m, q, n)]
        return args

    def _pld(self, kind, texts):
        """Upper ends of the PLD brackets at `texts` (kind 'delta': epsilon at
        each delta; 'epsilon': delta at each epsilon): the values not yet
        answered for this history in ONE command (one composition per
        relation), every answer kept."""
        run = self._pld_run_args()
        if run is None:                 # never used: (0, 0)
            return [UpperBound("0", order=None, conversion="privacy loss distribution",
                               status="ok", certified=True) for _ in texts]
        hist = (tuple(self.history), self.relation, self.width, self.digits)
        todo = [t for t in dict.fromkeys(texts) if (hist, kind, t) not in self._pld_answers]
        if todo:
            # a comma makes the command's list mode (one row per value): one value is sent twice
            values = ",".join(todo + (todo[:1] if len(todo) == 1 else []))
            args = ["account", "--accountant", "pld"] + run
            args += ["--delta" if kind == "delta" else "--delta-for-epsilon", values]
            args += option_args({"relation": self.relation, "width": self.width,
                                 "digits": min(self.digits, 12)})    # the PLD's digits: 1 .. 12
            try:
                rec = _run.run(args)
            except LeakproofUncertified as exc:     # some row's upper end not reached
                rec = exc.result
                if rec is None:
                    raise
            self.pld_commands += 1
            rows = rec["epsilons" if kind == "delta" else "deltas"]
            for t, row in zip(todo, rows):
                self._pld_answers[(hist, kind, t)] = row
        out = []
        for t in texts:
            row = self._pld_answers[(hist, kind, t)]
            hi = row["epsilon_upper_bound" if kind == "delta" else "delta_upper_bound"]
            if hi is None:
                raise ValueError("leakproof: the PLD bracket reached no upper bound at %s = %s "
                                 "(%s)" % (kind, t, row.get("why", "not certified")))
            out.append(UpperBound(str(hi), order=None, conversion="privacy loss distribution",
                                  status="ok", certified=bool(row.get("certified")), record=row))
        return out

    # ---- state -------------------------------------------------------------------

    def state_dict(self, destination=None):
        """The accountant's state (Opacus's word): its history and settings, as
        plain values.  The composed curve is not saved: it is recomputed from
        the history on the first query after load_state_dict (a bound comes
        from a certified run, never from a file)."""
        state = {} if destination is None else destination
        state["accountant"] = self.accountant
        state["orders"] = self.orders
        state["digits"] = self.digits
        state["relation"] = self.relation
        state["width"] = self.width
        state["history"] = [list(h) for h in self.history]
        return state

    def load_state_dict(self, state_dict):
        """Restores a state_dict(): the history replaces this accountant's."""
        acc = state_dict.get("accountant", "rdp")
        if acc not in ("rdp", "pld"):
            raise ValueError("leakproof: state_dict: accountant must be 'rdp' or 'pld'")
        self.accountant = acc
        self.orders = state_dict.get("orders")
        self.digits = int(state_dict.get("digits", 6))
        self.relation = state_dict.get("relation")
        self.width = state_dict.get("width")
        self.history = []
        self._reset_cache()
        for h in state_dict.get("history", []):
            # ours (mechanism, M, q, steps, sampling); (mechanism, M, q, steps), Poisson;
            # Opacus's RDPAccountant history (noise_multiplier, sample_rate, num_steps)
            if not isinstance(h, (list, tuple)) or len(h) not in (3, 4, 5) \
                    or (len(h) > 3 and not isinstance(h[0], str)):
                raise ValueError("leakproof: state_dict: a history entry is (mechanism, "
                                 "noise_multiplier, sample_rate, steps[, sampling]) or Opacus's "
                                 "(noise_multiplier, sample_rate, num_steps), got %r" % (h,))
            if len(h) == 3:
                h = ("gaussian",) + tuple(h) + ("poisson",)
            elif len(h) == 4:
                h = tuple(h) + ("poisson",)
            mech, m, q, n, sampling = h
            self.compose(noise_multiplier=m, sample_rate=q, steps=n, sampling=sampling,
                         mechanism=mech)
