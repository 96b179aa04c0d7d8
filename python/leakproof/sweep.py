"""Sweeps: one parameter given as a NumPy array, one command per element.

Only when NumPy is installed (without it, arrays are not recognised and
nothing here needs NumPy).  Each element is converted like any parameter (a
float element is its exact binary value).  The result is a Sweep: the Result
of every point, and the fields as arrays.  Bounds in the arrays are rounded up
when they become doubles, and log10_bound also covers the rounding of log10
to a double, so the float arrays keep the certificate:
    |true log10 - log10[i]| <= log10_bound[i].
"""

import decimal
import math

try:
    import numpy
except ImportError:           # sweeps are optional
    numpy = None

_EXACT = decimal.Context(prec=80, rounding=decimal.ROUND_CEILING)


def float_up(d):
    """The smallest double >= the Decimal d (None stays None, as nan)."""
    if d is None:
        return math.nan
    f = float(d)
    if decimal.Decimal(f) < d:
        f = math.nextafter(f, math.inf)
    return f


def _log10_bound(log10, bound):
    """A double bound on |true log10 - float(log10)|, or nan."""
    if log10 is None or bound is None:
        return math.nan
    nearest = decimal.Decimal(float(log10))
    rounding = _EXACT.abs(_EXACT.subtract(nearest, log10))
    return float_up(_EXACT.add(bound, rounding))


def _number(value, key):
    """A field's value as a double: certified upper bounds rounded up, lower
    bounds down, other numbers to nearest; None (and NaN) where it is not a
    number."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            value = decimal.Decimal(value)
        except decimal.InvalidOperation:
            return None
    if not isinstance(value, decimal.Decimal) or value.is_nan():
        return None
    if type(value) is not decimal.Decimal:      # UpperBound: its float() rounds up
        return float(value)
    if key.endswith("upper_bound") or key.endswith("_upper") or key.endswith("error_bound"):
        return float_up(value)
    if key.endswith("lower_bound") or key.endswith("_lower"):
        return 0.0 - float_up(-value)
    return float(value)


def _reason(result):
    """Why a point has no number: its record's why, note or status."""
    for key in ("why", "status"):
        v = result.get(key)
        if v and v != "ok":
            return str(v)
    if result.get("certified") is False:
        return "not certified"
    return "not computed by this command at this point"


class Sweep:
    """The results of a command over the elements of one array parameter.

    parameter: the keyword swept; points: the array given; results: one
    Result per element (a point whose answer could not be certified keeps
    its record: its numbers are NaN, reasons[i] says why).  sweep['key'] is
    the field `key` at every point: a float64 array for a numeric field
    (decimal texts and Decimals included: upper bounds rounded up, lower
    bounds down, NaN where a point has none), an object array only for text
    fields (status, notes); sweep.key is the same, also for the results'
    properties (sweep.epsilon: AccountResult.epsilon, rounded up)."""

    def __init__(self, parameter, points, results, reasons=None):
        self.parameter = parameter
        self.points = points
        self.results = results
        self._reasons = reasons or [None] * len(results)

    def __len__(self):
        return len(self.results)

    def _column(self, key):
        """The field `key` at every point: the record's key, or else the
        Result's property of that name (AccountResult.epsilon).  A key that no
        point has raises KeyError naming the keys there are: a column of
        None would be a silent blank."""
        column = []
        for r in self.results:
            v = r.get(key)
            if v is None and key not in r and isinstance(getattr(type(r), key, None), property):
                v = getattr(r, key)
            column.append(v)
        # every point None: a key of the records (uncertified everywhere: NaN
        # with reasons), or else not this command's field (KeyError)
        if self.results and all(v is None for v in column) and not any(key in r for r in self.results):
            keys = sorted(set(k for r in self.results for k in r if r.get(k) is not None))
            props = sorted(k for k in dir(type(self.results[0]))
                           if isinstance(getattr(type(self.results[0]), k, None), property)
                           and getattr(self.results[0], k) is not None)
            raise KeyError("leakproof: no point of this %s sweep has %r; its fields: %s%s"
                           % (self.results[0].get("command", "command"), key, ", ".join(keys),
                              "; properties: " + ", ".join(props) if props else ""))
        return column

    def __getitem__(self, key):
        column = self._column(key)
        numbers = [_number(v, key) for v in column]
        if any(n is None for v, n in zip(column, numbers) if v is not None):
            return numpy.array(column, dtype=object)        # a text field (status, note)
        return numpy.array([math.nan if n is None else n for n in numbers], dtype=numpy.float64)

    def __getattr__(self, name):
        if name.startswith("_") or not self.__dict__.get("results"):
            raise AttributeError(name)
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(str(exc)) from None

    def why(self, key):
        """Per point, why sweep[key] is NaN there (None where it is a number)."""
        column = self[key]
        return numpy.array([(self._reasons[i] or _reason(r)) if isinstance(v, float)
                            and math.isnan(v) else None
                            for i, (r, v) in enumerate(zip(self.results, column))], dtype=object)

    @property
    def reasons(self):
        """Per point: None where its command certified its answer, else why not."""
        return numpy.array([self._reasons[i] or (None if r.get("status", "ok") == "ok"
                                                 and r.get("certified") is not False
                                                 else _reason(r))
                            for i, r in enumerate(self.results)], dtype=object)

    @property
    def value(self):
        """The values, exact as printed (Decimal objects); KeyError for a
        command whose records have no value (account: sweep['epsilon'])."""
        return numpy.array(self._column("value"), dtype=object)

    @property
    def log10(self):
        """log10 of the values as doubles (nearest); nan where not computed."""
        return numpy.array([math.nan if v is None else float(v) for v in self._column("log10")],
                           dtype=numpy.float64)

    @property
    def log10_bound(self):
        """Certified bounds on |true log10 - log10| as doubles, rounded up."""
        self._column("log10")
        return numpy.array([_log10_bound(r.log10, r.log10_bound) for r in self.results],
                           dtype=numpy.float64)

    @property
    def bound(self):
        """rel_error_bound at every point as doubles, rounded up."""
        return numpy.array([float_up(v) for v in self._column("rel_error_bound")],
                           dtype=numpy.float64)

    @property
    def status(self):
        return numpy.array([r.status for r in self.results], dtype=object)

    def __repr__(self):
        return "Sweep(%s, %d points)" % (self.parameter, len(self.results))


def maybe_sweep(run, words, params, wrap=None):
    """run(words, params), or a Sweep when exactly one parameter is a NumPy
    array (wrap: what run() makes of a record, applied to a point's record
    carried by LeakproofUncertified)."""
    if numpy is None:
        return run(words, params)
    arrays = [k for k, v in params.items() if isinstance(v, numpy.ndarray)]
    if not arrays:
        return run(words, params)
    if len(arrays) > 1:
        raise ValueError("leakproof: sweep one parameter at a time (arrays given for %s)"
                         % ", ".join(arrays))
    name = arrays[0]
    points = params[name]
    if points.ndim != 1:
        raise ValueError("leakproof: %s: a sweep takes a one-dimensional array" % name)
    from .errors import LeakproofUncertified
    results, reasons = [], []
    for point in points.tolist():
        one = dict(params)
        one[name] = point
        try:
            results.append(run(words, one))
            reasons.append(None)
        except LeakproofUncertified as exc:     # the point keeps its record and its reason
            if exc.result is None:
                raise
            results.append(wrap(exc.result) if wrap else exc.result)
            reasons.append(exc.result.get("why") or str(exc))
    return Sweep(name, points, results, reasons)
