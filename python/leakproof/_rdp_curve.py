"""The RDP side of the Accountant: a step's certified curve, the run's
composed curve, and Balle et al. 2020's conversion both ways, in decimal
arithmetic rounded toward the safe side.

Each distinct step (noise multiplier, sampling rate, scheme, orders) is
certified ONCE by `leakproof account --per-order` at --steps 1 (20 digits);
each order's ball is read as its upper end (value + |value| x
rel_error_bound, doubled for safety).  A step's curve is a pure function of
its key, so the curves are kept for the process (every Accountant shares
them, as Opacus's noise search asks one accountant many runs).  The run's
curve is the sum of steps x those upper ends, rounded toward +infinity.
Conversions: each log and exp (correctly rounded by Python's decimal at 60
digits) widened by 1e-57 of itself; sums, products and quotients rounded up
or down as the bound needs.
"""

import collections
import decimal
import threading

from . import _run

_PREC = 60
UP = decimal.Context(prec=_PREC, rounding=decimal.ROUND_CEILING)
DOWN = decimal.Context(prec=_PREC, rounding=decimal.ROUND_FLOOR)
_WIDEN = decimal.Decimal("1e-57")       # a log's or exp's error at 60 digits, with room

_steps = collections.OrderedDict()      # (M, q, sampling, orders) -> [(order, Decimal)]
_steps_lock = threading.Lock()
_STEPS_KEPT = 512


def _ln_up(x):
    v = x.ln(UP)
    return UP.add(v, UP.multiply(abs(v), _WIDEN) + decimal.Decimal("1e-300"))


def _ln_down(x):
    v = x.ln(DOWN)
    return DOWN.subtract(v, UP.multiply(abs(v), _WIDEN) + decimal.Decimal("1e-300"))


def _exp_up(x):
    v = x.exp(UP)
    return UP.add(v, UP.multiply(v, _WIDEN))


def round_up(x, digits):
    """x rounded up to `digits` significant digits, as text."""
    if x == 0:
        return "0"
    ctx = decimal.Context(prec=digits, rounding=decimal.ROUND_CEILING)
    return str(ctx.plus(x)).replace("E", "e")


def step_curve(m, q, sampling, orders):
    """One step's RDP at every order the command certifies there, each the
    upper end of its ball: [(order text, Decimal)].  Computed once per key;
    an interrupt leaves nothing half-kept."""
    key = (m, q, sampling, orders)
    with _steps_lock:
        if key in _steps:
            _steps.move_to_end(key)
            return _steps[key]
    args = ["account", "--noise-multiplier", m, "--sampling-rate", q, "--steps", "1",
            "--delta", "0.5,0.5", "--per-order", "--digits", "20"]
    if sampling == "fixed-batch":
        args += ["--sampling", "fixed-batch"]
    if orders:
        args += ["--orders", ",".join(orders)]
    curve = []
    for row in _run.run(args)["per_order"]:
        if row["status"] != "ok" or row["rdp"] is None:
            continue            # an order without a certified value: left out
        v = decimal.Decimal(str(row["rdp"]))
        rel = decimal.Decimal(str(row["rdp_rel_error_bound"])) * 2
        curve.append((row["order"], UP.add(v, UP.multiply(abs(v), rel))))
    curve = tuple(curve)
    with _steps_lock:
        _steps[key] = curve
        while len(_steps) > _STEPS_KEPT:
            _steps.popitem(last=False)
    return curve


def add_phase(curve, step, n):
    """curve + n x step at the orders both have (an order the step could not
    certify leaves the sum: it is unbounded there); curve None: 0."""
    if curve is None:
        return tuple((a, UP.multiply(r, n)) for a, r in step)
    have = dict(step)
    return tuple((a, UP.add(r, UP.multiply(have[a], n))) for a, r in curve if a in have)


def epsilon(curve, delta, digits):
    """(epsilon's upper bound as text, its order): the least over the orders
    of Balle et al. 2020's conversion, rounded up."""
    d = decimal.Decimal(delta)
    best = None
    ln_d = _ln_down(d)
    for order, rdp in curve:
        a = decimal.Decimal(order)
        am1 = a - 1                                         # exact: a short decimal
        term = _ln_up(UP.divide(am1, a))                    # log((a-1)/a), up
        sub = DOWN.divide(DOWN.add(ln_d, _ln_down(a)), am1)     # (log d + log a)/(a-1), down
        eps = UP.subtract(UP.add(rdp, term), sub)
        if best is None or eps < best[0]:
            best = (eps, order)
    if best is None:
        return None, None
    return round_up(max(best[0], decimal.Decimal(0)), digits), best[1]


def delta(curve, eps, digits):
    """(delta's upper bound as text, its order): Balle et al.'s conversion
    inverted, log delta = (a-1)(R - E) + (a-1) log(1 - 1/a) - log a, the least
    over the orders, clamped at 1."""
    e = decimal.Decimal(eps)
    best = None
    for order, rdp in curve:
        a = decimal.Decimal(order)
        am1 = a - 1
        x = UP.multiply(am1, UP.subtract(rdp, e))
        x = UP.add(x, UP.multiply(am1, _ln_up(UP.divide(am1, a))))
        x = UP.subtract(x, _ln_down(a))
        if best is None or x < best[0]:
            best = (x, order)
    if best is None:
        return None, None
    d = _exp_up(best[0])
    return ("1" if d >= 1 else round_up(d, digits)), best[1]
