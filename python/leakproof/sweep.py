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


class Sweep:
    """The results of a command over the elements of one array parameter.

    parameter: the keyword swept; points: the array given; results: one
    Result per element.  sweep['key'] is the field `key` at every point as an
    array (float64 for numbers, object for Decimals and texts); the
    properties below are the common ones."""

    def __init__(self, parameter, points, results):
        self.parameter = parameter
        self.points = points
        self.results = results

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
        if self.results and all(v is None for v in column):
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
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) or v is None
               for v in column):
            return numpy.array([math.nan if v is None else v for v in column],
                               dtype=numpy.float64)
        return numpy.array(column, dtype=object)

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


def maybe_sweep(run, words, params):
    """run(words, params), or a Sweep when exactly one parameter is a NumPy array."""
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
    results = []
    for point in points.tolist():
        one = dict(params)
        one[name] = point
        results.append(run(words, one))
    return Sweep(name, points, results)
