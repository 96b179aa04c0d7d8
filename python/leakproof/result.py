"""The result of one command: its JSON record, with certified numbers exact.

A record is a JSON object of named fields (the keys are documented once in
leakproof(1)).  A certified number is printed as a decimal string together
with a bound: `value` with `rel_error_bound`, any other `key` with
`key_rel_error_bound` (|true - printed| <= bound * |printed|) or with
`key_abs_error_bound` (|true - printed| <= bound).  Here such a number becomes
a decimal.Decimal holding exactly the printed decimal, and its bound a
Decimal holding exactly the printed bound, so nothing is rounded on the way
into Python and values like 1.6e+5027 survive.

float() of a Decimal beyond the double range gives inf (float(Decimal(
'1.6e+5027')) == inf) and below it 0.0: use the `log10` field (or
Decimal.log10(), or the mpf() view) instead of float() for such values.
Non-certified numbers (Monte Carlo estimates, the double methods' values,
std_error) are Python floats; what the command did not compute is None.
"""

import collections.abc
import decimal
import json

_BOUND_SUFFIXES = ("_rel_error_bound", "_abs_error_bound")


def _is_bound(key):
    return key == "rel_error_bound" or key.endswith(_BOUND_SUFFIXES)


def _ball_keys(record):
    """The keys of `record` that hold certified numbers (they have a bound)."""
    # value and log10 are decimal texts even where a method certifies nothing
    keys = {"value", "log10"}
    for key in record:
        if key == "rel_error_bound":
            keys.add("value")
        for suffix in _BOUND_SUFFIXES:
            if key.endswith(suffix):
                keys.add(key[:-len(suffix)])
    return keys


def _printed_bound(number):
    """The bound as the program printed it.  The program writes a two-digit
    decimal b rounded up (2.2e-31) and JSON carries the smallest double >= b,
    whose 17 digits (2.2000000000000001E-31) are noise: the shortest decimal
    that reads back as that double is b itself when it has at most two
    digits (distinct two-digit decimals lie ~1e-2 apart, a double's reading
    ~1e-16), else the 17 digits are kept."""
    try:
        short = decimal.Decimal(repr(float(number)))
    except (OverflowError, ValueError):
        return number
    if short.is_finite() and len(short.as_tuple().digits) <= 2:
        return short
    return number


def _is_decimal_text(value):
    try:
        return decimal.Decimal(value).is_finite()
    except (decimal.InvalidOperation, TypeError):
        return False


def _convert(item):
    """Certified strings to Decimal, bounds kept exact (Decimal), other numbers
    to float or int; nested records and lists converted alike."""
    if isinstance(item, dict):
        balls = _ball_keys(item)
        out = {}
        for key, value in item.items():
            if key in balls and isinstance(value, str):
                out[key] = decimal.Decimal(value)
            elif _is_bound(key) and isinstance(value, (decimal.Decimal, int)):
                out[key] = _printed_bound(decimal.Decimal(value))
            elif (key.endswith(("_lower_bound", "_upper_bound")) and isinstance(value, str)
                  and _is_decimal_text(value)):
                # a directed bound printed as a decimal (the PLD bracket's
                # epsilon_upper_bound '3.95060e-1'): a number, exactly as printed
                out[key] = decimal.Decimal(value)
            else:
                out[key] = _convert(value)
        return out
    if isinstance(item, list):
        return [_convert(v) for v in item]
    if isinstance(item, decimal.Decimal):
        return float(item)
    return item


def parse_record(text):
    """The JSON text of one record, parsed with every number kept exact."""
    return json.loads(text, parse_float=decimal.Decimal)


class Result(collections.abc.Mapping):
    """One command's record, read-only, indexed by its keys.

    result['value'], result['rel_error_bound'], ... give the converted fields
    (see the module documentation); the properties below name the common
    ones and are None when the record lacks them.  `json` is the record's
    text as the command printed it; `raw` the record parsed with no
    conversion but exact numbers.
    """

    def __init__(self, text, messages=None):
        self.json = text
        self.raw = parse_record(text)
        if not isinstance(self.raw, dict):
            raise RuntimeError("leakproof: expected one JSON record, got: %.200s" % text)
        self._fields = _convert(self.raw)
        self.messages = messages

    def __getitem__(self, key):
        return self._fields[key]

    def __iter__(self):
        return iter(self._fields)

    def __len__(self):
        return len(self._fields)

    @property
    def value(self):
        """The main certified result (Decimal), or a non-certified method's value."""
        return self._fields.get("value")

    @property
    def bound(self):
        """rel_error_bound: |true - value| <= bound * |value| (Decimal)."""
        return self._fields.get("rel_error_bound")

    @property
    def log10(self):
        """log10 of the value, certified when the record has log10_abs_error_bound."""
        return self._fields.get("log10")

    @property
    def log10_bound(self):
        """log10_abs_error_bound: |true log10 - log10| <= this (Decimal)."""
        return self._fields.get("log10_abs_error_bound")

    @property
    def status(self):
        """ok, overflow, underflow, nan, domain, declined, failed or uncertified."""
        return self._fields.get("status")

    @property
    def digits(self):
        """Certified significant digits printed."""
        return self._fields.get("digits")

    @property
    def certified(self):
        """True when `value` is certified (a ball in Arb contains the truth)."""
        return self._fields.get("certified")

    def mpf(self, key="value"):
        """The field `key` as an mpmath.mpf (needs mpmath).

        The decimal is converted at a precision that holds all its printed
        digits plus 10 bits, so the mpf is within a relative 2^-(digits*3.33+10)
        of the printed decimal, far inside the printed bound."""
        import mpmath
        number = self._fields[key]
        if number is None:
            return None
        digits = len(number.as_tuple().digits)
        with mpmath.workprec(int(digits * 3.33) + 20):
            return +mpmath.mpf(str(number))

    def __repr__(self):
        shown = ["%s=%r" % (k, v) for k, v in self._fields.items()
                 if not isinstance(v, (dict, list))]
        return "Result(%s)" % ", ".join(shown)

    def __str__(self):
        return self.json.strip()
