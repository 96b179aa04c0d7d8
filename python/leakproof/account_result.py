"""The account command's results: an epsilon or a noise multiplier as an
UpperBound (a Decimal exactly as printed, whose float() rounds up) and the
record around it (AccountResult).  A module of its own so that the command
(commands.account) and the Opacus-style accountant (accounting.py) both stand
on it and not on each other."""

import decimal
import math

from .result import Result


class UpperBound(decimal.Decimal):
    """A certified upper bound, exactly as printed (a Decimal).

    float() rounds UP (the smallest double >= the bound), so an upper bound
    stays one as a double.  Attributes: order (the Renyi order that gives
    it, a str, or None), conversion (how RDP became (epsilon, delta)),
    status ('ok', or what happened), certified (True when a ball in Arb
    proves it), record (the whole Result)."""

    def __new__(cls, value, order=None, conversion=None, status=None, certified=None,
                record=None):
        self = super().__new__(cls, value)
        self.order, self.conversion, self.status = order, conversion, status
        self.certified, self.record = certified, record
        return self

    def __float__(self):
        f = float(decimal.Decimal(self))
        if decimal.Decimal(f) < self:
            f = math.nextafter(f, math.inf)
        return f

    def __repr__(self):
        return "UpperBound('%s', order=%r, status=%r)" % (str(self), self.order, self.status)


def _bound(number, record, part=None):
    if number is None:
        return None
    sub = record.get(part) if part else record
    sub = sub if isinstance(sub, dict) else {}
    return UpperBound(number, order=sub.get("order"), conversion=sub.get("conversion"),
                      status=sub.get("status", record.get("status")),
                      certified=sub.get("certified", record.get("certified")), record=record)


class AccountResult(Result):
    """The record of `leakproof account`, with its epsilon as numbers.

    epsilon: the certified upper bound on epsilon by Balle et al. 2020's
    conversion (Opacus's), an UpperBound with its order; epsilon_classic the
    same by the classic conversion; noise_multiplier, in the least-multiplier
    mode, the certified sufficient multiplier (an UpperBound)."""

    @classmethod
    def of(cls, result):
        if not isinstance(result, Result):      # a Sweep: one record per point
            return result
        out = cls.__new__(cls)
        out.__dict__.update(result.__dict__)
        return out

    def _eps(self, part):
        sub = self._fields.get(part)
        if not isinstance(sub, dict):
            return None
        if sub.get("status") == "infinite":     # delta = 0 with q > 0: no finite epsilon
            return _bound("Infinity", self._fields, part)
        number = sub.get("epsilon_upper_bound", sub.get("value"))
        return _bound(number if isinstance(number, (str, decimal.Decimal)) else None,
                      self._fields, part)

    @property
    def epsilon(self):
        eps = self._eps("balle2020")
        if eps is None and "epsilon_upper_bound" in self._fields:
            eps = _bound(self._fields["epsilon_upper_bound"], self._fields)
        return eps

    @property
    def epsilon_classic(self):
        return self._eps("classic")

    @property
    def delta(self):
        """With delta_for_epsilon: the certified upper bound on delta at that
        epsilon (Balle et al. 2020's conversion inverted), an UpperBound with
        its order; None otherwise."""
        sub = self._fields.get("balle2020")
        if not isinstance(sub, dict) or "delta_upper_bound" not in sub:
            return None
        return _bound(sub["delta_upper_bound"], self._fields, "balle2020")

    @property
    def noise_multiplier(self):
        if "epsilon" not in self._fields:       # the multiplier was given, not found
            return None
        if self._fields.get("status") == "infinite":    # only infinite noise meets it
            return _bound("Infinity", self._fields)
        return _bound(self._fields.get("noise_multiplier"), self._fields)
